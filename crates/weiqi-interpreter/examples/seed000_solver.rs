//! Verifies the rebuilt seed-000 "suicide that saves a group" position (docs/variants.md 4.9,
//! docs/decisions.md 20; tested in `tests/seed000_suicide_seki.rs`) by an exact solution of the
//! whole small game, once with multi-stone self-capture legal (Ing: a one-stone suicide is a pass,
//! so it is simply not a distinct play) and once with every suicide forbidden.
//!
//! This is a verification tool with its own bitboard code, not the oracle. The game: plays and
//! passes, simple ko (no immediate recapture of a single stone by a single stone), two
//! consecutive passes end play. The objective is the status of the big black group: Black wins
//! if he can force the end of the game with the group on the board; White wins if he can force
//! its capture. Every state reachable from the start is enumerated and both attractors are
//! computed by fixed-point iteration (retrograde analysis), so the verdict does not depend on
//! move order or on the path (no graph-history problem); a state neither side can force is
//! reported as undecided (endless play).
//!
//! Run (about a minute and 1-2 GB in release mode; the state space is about 8 million):
//! `cargo run --release -p weiqi-interpreter --example seed000_solver`
//!
//! Optional arguments: another diagram file in the same format (`X`, `O`, `.`, `A` for the
//! self-capture point, `G` for one stone of the group whose status is solved, optionally `H` for
//! one stone of a white group whose capture also ends the search with the group alive: the
//! capturing race is won, which keeps the state space of a seki small), then `B` or `W` for the
//! player to move (default `B`).

use std::collections::HashMap;
use std::error::Error;

/// The rebuilt position: `A` = (1,1), `G` = a stone of the big black group.
const POSITION: &str = "
    X X O . G . .
    X A O O X X X
    O O O X X X X
    . X X X X X X";

/// Board geometry on one `u64` (at most 64 points, row-major).
#[derive(Clone, Copy)]
struct Geo {
    width: usize,
    height: usize,
    full: u64,
    not_first_col: u64,
    not_last_col: u64,
}

impl Geo {
    fn new(width: usize, height: usize) -> Result<Geo, Box<dyn Error>> {
        let n = width * height;
        if width == 0 || height == 0 || n > 64 {
            return Err(format!("board {width}x{height} does not fit 64 points").into());
        }
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let (mut first, mut last) = (0u64, 0u64);
        for r in 0..height {
            first |= 1 << (r * width);
            last |= 1 << (r * width + width - 1);
        }
        Ok(Geo {
            width,
            height,
            full,
            not_first_col: full & !first,
            not_last_col: full & !last,
        })
    }

    /// The set plus its orthogonal neighbours.
    fn dilate(&self, m: u64) -> u64 {
        (m | ((m << 1) & self.not_first_col)
            | ((m >> 1) & self.not_last_col)
            | (m << self.width)
            | (m >> self.width))
            & self.full
    }

    /// The string of `stones` through `start`.
    fn flood(&self, stones: u64, start: u64) -> u64 {
        let mut s = start & stones;
        loop {
            let n = self.dilate(s) & stones;
            if n == s {
                return s;
            }
            s = n;
        }
    }

    fn name(&self, i: usize) -> String {
        format!("({},{})", i / self.width, i % self.width)
    }
}

/// Stones of each colour.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Pos {
    black: u64,
    white: u64,
}

/// A play at point `i`: `None` if illegal (occupied, one-stone suicide, or any suicide when
/// `suicide` is false); otherwise the new position and the number of own stones self-captured.
fn play(g: &Geo, p: Pos, black: bool, i: usize, suicide: bool) -> Option<(Pos, u32)> {
    let bit = 1u64 << i;
    if (p.black | p.white) & bit != 0 {
        return None;
    }
    let (mut me, mut op) = if black {
        (p.black, p.white)
    } else {
        (p.white, p.black)
    };
    me |= bit;
    let empty = g.full & !(me | op);
    let mut candidates = g.dilate(bit) & op;
    while candidates != 0 {
        let s = g.flood(op, candidates & candidates.wrapping_neg());
        candidates &= !s;
        if g.dilate(s) & empty == 0 {
            op &= !s;
        }
    }
    let empty = g.full & !(me | op);
    let mine = g.flood(me, bit);
    let mut self_captured = 0;
    if g.dilate(mine) & empty == 0 {
        if mine.count_ones() == 1 || !suicide {
            return None;
        }
        self_captured = mine.count_ones();
        me &= !mine;
    }
    let next = if black {
        Pos {
            black: me,
            white: op,
        }
    } else {
        Pos {
            black: op,
            white: me,
        }
    };
    Some((next, self_captured))
}

/// A state: position, Black to move, previous action was a pass, ko-banned point (64: none).
type State = (Pos, bool, bool, usize);

/// Successor codes besides state ids.
const END_ALIVE: u32 = u32::MAX;
const GROUP_CAPTURED: u32 = u32::MAX - 1;
const NO_KO: usize = 64;

/// One move label and its successor.
struct Edge {
    label: String,
    to: u32,
}

/// The solved game graph.
struct Solved {
    states: Vec<State>,
    edges: Vec<Vec<Edge>>,
    /// 1: Black forces the end with the group alive; 2: White forces its capture; 0: neither.
    value: Vec<u8>,
    /// The fixed-point round in which the value was found (distance to the goal).
    rank: Vec<u32>,
}

fn solve(
    g: &Geo,
    start: Pos,
    black_first: bool,
    (group, rival): Groups,
    suicide: bool,
) -> Result<Solved, Box<dyn Error>> {
    let mut ids: HashMap<State, u32> = HashMap::new();
    let mut states: Vec<State> = vec![(start, black_first, false, NO_KO)];
    ids.insert(states[0], 0);
    let mut edges: Vec<Vec<Edge>> = Vec::new();
    let mut intern = |s: State, states: &mut Vec<State>| -> Result<u32, Box<dyn Error>> {
        if let Some(&id) = ids.get(&s) {
            return Ok(id);
        }
        let id = u32::try_from(states.len())?;
        ids.insert(s, id);
        states.push(s);
        Ok(id)
    };
    let mut k = 0;
    while k < states.len() {
        let (p, black, passed, ko) = states[k];
        let mut out = Vec::new();
        let to = if passed {
            END_ALIVE
        } else {
            intern((p, !black, true, NO_KO), &mut states)?
        };
        out.push(Edge {
            label: "pass".into(),
            to,
        });
        let mut empties = g.full & !(p.black | p.white);
        while empties != 0 {
            let i = empties.trailing_zeros() as usize;
            empties &= empties - 1;
            if i == ko {
                continue;
            }
            let Some((next, self_captured)) = play(g, p, black, i, suicide) else {
                continue;
            };
            let mut label = g.name(i);
            if self_captured > 0 {
                label.push_str(&format!("[self-captures {self_captured}]"));
            }
            if next.black & group != group {
                out.push(Edge {
                    label,
                    to: GROUP_CAPTURED,
                });
                continue;
            }
            if next.white & rival != rival {
                label.push_str("[captures the white group]");
                out.push(Edge {
                    label,
                    to: END_ALIVE,
                });
                continue;
            }
            let (opp_before, mine_after, opp_after) = if black {
                (p.white, next.black, next.white)
            } else {
                (p.black, next.white, next.black)
            };
            let captured = opp_before & !opp_after;
            let mut next_ko = NO_KO;
            if captured.count_ones() == 1 {
                let string = g.flood(mine_after, 1 << i);
                let libs = g.dilate(string) & g.full & !(next.black | next.white);
                if string.count_ones() == 1 && libs.count_ones() == 1 {
                    next_ko = captured.trailing_zeros() as usize;
                }
            }
            let to = intern((next, !black, false, next_ko), &mut states)?;
            out.push(Edge { label, to });
        }
        edges.push(out);
        k += 1;
    }
    let n = states.len();
    let mut value = vec![0u8; n];
    let mut rank = vec![0u32; n];
    for target in [1u8, 2u8] {
        let mut round = 0;
        loop {
            round += 1;
            let mut changed = false;
            for s in 0..n {
                if value[s] != 0 {
                    continue;
                }
                let good = |to: u32| match to {
                    END_ALIVE => target == 1,
                    GROUP_CAPTURED => target == 2,
                    id => value[id as usize] == target,
                };
                let mover_wants_target = (target == 1) == states[s].1;
                let reached = if mover_wants_target {
                    edges[s].iter().any(|e| good(e.to))
                } else {
                    edges[s].iter().all(|e| good(e.to))
                };
                if reached {
                    value[s] = target;
                    rank[s] = round;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
    }
    Ok(Solved {
        states,
        edges,
        value,
        rank,
    })
}

fn value_of(s: &Solved, to: u32) -> (u8, u32) {
    match to {
        END_ALIVE => (1, 0),
        GROUP_CAPTURED => (2, 0),
        id => (s.value[id as usize], s.rank[id as usize]),
    }
}

fn verdict(v: u8) -> &'static str {
    match v {
        1 => "the group lives",
        2 => "the group dies",
        _ => "undecided",
    }
}

/// The line where the winner reaches the goal fastest and the loser delays it longest.
fn principal_variation(s: &Solved) -> String {
    let mut line = String::new();
    let mut at = 0usize;
    for _ in 0..60 {
        let target = s.value[at];
        if target == 0 {
            line.push_str(" [undecided]");
            break;
        }
        let black = s.states[at].1;
        let mover_wants_target = (target == 1) == black;
        let mut best: Option<(u32, usize)> = None;
        for (k, e) in s.edges[at].iter().enumerate() {
            let (v, r) = value_of(s, e.to);
            let better = if mover_wants_target {
                v == target && best.is_none_or(|b| r < b.0)
            } else {
                best.is_none_or(|b| r > b.0)
            };
            if better {
                best = Some((r, k));
            }
        }
        let Some((_, k)) = best else { break };
        let e = &s.edges[at][k];
        line.push_str(&format!(" {}{}", if black { "B" } else { "W" }, e.label));
        match e.to {
            END_ALIVE => {
                line.push_str(" [end: group alive]");
                break;
            }
            GROUP_CAPTURED => {
                line.push_str(" [group captured]");
                break;
            }
            id => at = id as usize,
        }
    }
    line
}

/// The group whose status is solved and the rival white group (0 when the diagram has no `H`).
type Groups = (u64, u64);

fn parse(text: &str) -> Result<(Geo, Pos, Groups), Box<dyn Error>> {
    let rows: Vec<Vec<char>> = text
        .lines()
        .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
        .filter(|r| !r.is_empty())
        .collect();
    let width = rows.first().map_or(0, Vec::len);
    if rows.iter().any(|r| r.len() != width) {
        return Err("diagram rows differ in length".into());
    }
    let g = Geo::new(width, rows.len())?;
    let mut p = Pos { black: 0, white: 0 };
    let mut group_stone = None;
    let mut rival_stone = None;
    for (r, row) in rows.iter().enumerate() {
        for (c, &ch) in row.iter().enumerate() {
            let bit = 1u64 << (r * width + c);
            match ch {
                'X' => p.black |= bit,
                'G' => {
                    p.black |= bit;
                    group_stone = Some(bit);
                }
                'O' => p.white |= bit,
                'H' => {
                    p.white |= bit;
                    rival_stone = Some(bit);
                }
                '.' | 'A' => {}
                other => return Err(format!("unknown diagram character {other:?}").into()),
            }
        }
    }
    let Some(stone) = group_stone else {
        return Err("the diagram marks no group stone `G`".into());
    };
    let _ = g.height;
    let rival = rival_stone.map_or(0, |s| g.flood(p.white, s));
    Ok((g, p, (g.flood(p.black, stone), rival)))
}

fn main() -> Result<(), Box<dyn Error>> {
    let mut args = std::env::args().skip(1);
    let text = match args.next() {
        Some(path) => std::fs::read_to_string(path)?,
        None => POSITION.to_string(),
    };
    let black_first = match args.next().as_deref() {
        None | Some("B") => true,
        Some("W") => false,
        Some(other) => return Err(format!("to move must be B or W, not {other:?}").into()),
    };
    let (g, start, group) = parse(&text)?;
    println!("{}", text.trim_end());
    println!(
        "big group: {} stones, {} to move",
        group.0.count_ones(),
        if black_first { "Black" } else { "White" }
    );
    for suicide in [false, true] {
        let s = solve(&g, start, black_first, group, suicide)?;
        println!(
            "\nsuicide {}: {} states; {}",
            if suicide {
                "allowed (Ing)"
            } else {
                "forbidden"
            },
            s.states.len(),
            verdict(s.value[0])
        );
        for e in &s.edges[0] {
            println!(
                "  {} {:<22} -> {}",
                if black_first { "Black" } else { "White" },
                e.label,
                verdict(value_of(&s, e.to).0)
            );
        }
        println!("  line:{}", principal_variation(&s));
    }
    Ok(())
}
