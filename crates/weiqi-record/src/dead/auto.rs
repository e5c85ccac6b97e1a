//! `--dead auto`: a deterministic estimate of the dead stones that needs no other program and
//! never calls a live stone dead.
//!
//! It marks only what it can prove:
//!
//! 1. Benson's unconditional life (D. B. Benson, "Life in the game of Go", 1976; the algorithm
//!    GNU Go's `unconditional_status` and KataGo's pass-alive areas use): the strings of a colour
//!    that the opponent cannot capture even if their owner always passes.
//! 2. Opponent stones standing in a region enclosed only by such strings, where every empty
//!    point of the region is a liberty of one of them. Those stones have their liberties only
//!    there; the owner of the enclosure can fill their liberties one by one without ever
//!    playing a suicide or a stone that can be captured (each such point joins an uncapturable
//!    string, which keeps a liberty in a vital region other than this one), so the opponent
//!    can make no eye and fight no ko there: the stones are captured whatever the opponent
//!    does, dead in every rule set.
//!
//! Everything else is left *unsettled*; the stones worth a look are listed by
//! [`enclosed_without_territory`]: strings with no territory of their own standing in an area
//! the opponent encloses (dead stones, or stones in seki).

use std::collections::BTreeSet;

use weiqi_core::{Board, Color, Point};

/// What `--dead auto` found on a board.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Estimate {
    /// Stones proven dead (row by row).
    pub dead: Vec<Point>,
    /// Stones of strings with no territory of their own in an area the opponent encloses that
    /// the estimate could not prove dead: counted alive (row by row).
    pub unsettled: Vec<Point>,
}

/// The connected sets of points satisfying `member`, each sorted, in the order of their first
/// point.
fn components(board: &Board, member: impl Fn(Point) -> bool) -> Vec<Vec<Point>> {
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for p in board.size().points() {
        if !member(p) || seen.contains(&p) {
            continue;
        }
        let mut part = vec![p];
        seen.insert(p);
        let mut i = 0;
        while i < part.len() {
            let q = part[i];
            i += 1;
            for n in board.neighbours(q) {
                if member(n) && seen.insert(n) {
                    part.push(n);
                }
            }
        }
        part.sort();
        out.push(part);
    }
    out
}

/// The strings of `color`.
fn strings(board: &Board, color: Color) -> Vec<Vec<Point>> {
    let stones = |p: Point| board.get(p) == Some(color);
    components(board, stones)
}

/// Benson's regions of `color`: the maximal connected sets of points not holding a `color`
/// stone.
fn regions(board: &Board, color: Color) -> Vec<Vec<Point>> {
    components(board, |p| board.get(p) != Some(color))
}

/// The largest eye space that may still be killed from inside (the nakade shapes have at most
/// six points): a string with one eye region larger than this is not listed as questionable.
pub const SMALL_EYE: usize = 6;

/// The result of Benson's algorithm for one colour.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Benson {
    /// The stones of the unconditionally alive strings.
    pub alive: BTreeSet<Point>,
    /// The regions enclosed only by those strings whose every empty point is a liberty of one
    /// of them: the colour's unconditionally safe enclosures.
    pub safe_regions: Vec<Vec<Point>>,
}

/// Benson's algorithm: the strings of `color` that cannot be captured even if `color` always
/// passes.
///
/// "Let X be the set of all black chains and R the set of all black-enclosed regions of X.
/// Repeat: remove from X every chain with fewer than two vital regions in R; remove from R every
/// region whose surrounding chains are not all in X; until nothing is removed." A region is
/// vital to a chain when every empty point of the region is a liberty of the chain. A region
/// without any empty point (impossible on a board where every string has a liberty) is vital to
/// nothing, so malformed boards stay on the safe side.
///
/// `self_capture`: whether the rules let the opponent capture its own stones (any suicide
/// rule but `forbidden`). Then opponent stones inside a region can vanish and leave empty
/// points that are no liberty of the chain, so a region is vital only when *every* point of it,
/// stone or empty, is next to the chain (a random-position test found the counter-example).
#[must_use]
pub fn benson(board: &Board, color: Color, self_capture: bool) -> Benson {
    let chains = strings(board, color);
    let mut chain_of = vec![usize::MAX; board.size().points_count()];
    for (i, s) in chains.iter().enumerate() {
        for &p in s {
            if let Some(k) = board.size().index(p) {
                chain_of[k] = i;
            }
        }
    }
    let chain_at = |p: Point| {
        board
            .size()
            .index(p)
            .map(|k| chain_of[k])
            .filter(|&c| c != usize::MAX)
    };
    let regions = regions(board, color);
    // For each region: the chains bordering it, and the chains it is vital to.
    let mut borders: Vec<BTreeSet<usize>> = Vec::with_capacity(regions.len());
    let mut vital: Vec<BTreeSet<usize>> = Vec::with_capacity(regions.len());
    for r in &regions {
        let border: BTreeSet<usize> = r
            .iter()
            .flat_map(|&p| board.neighbours(p))
            .filter_map(chain_at)
            .collect();
        let has_empty = r.iter().any(|&p| board.get(p).is_none());
        let empties: Vec<Point> = r
            .iter()
            .copied()
            .filter(|&p| self_capture || board.get(p).is_none())
            .collect();
        let v = if !has_empty {
            BTreeSet::new()
        } else {
            border
                .iter()
                .copied()
                .filter(|&c| {
                    empties
                        .iter()
                        .all(|&e| board.neighbours(e).any(|n| chain_at(n) == Some(c)))
                })
                .collect()
        };
        borders.push(border);
        vital.push(v);
    }
    let mut in_x = vec![true; chains.len()];
    let mut in_r = vec![true; regions.len()];
    loop {
        let mut changed = false;
        for (c, alive) in in_x.iter_mut().enumerate() {
            if !*alive {
                continue;
            }
            let count = (0..regions.len())
                .filter(|&r| in_r[r] && vital[r].contains(&c))
                .count();
            if count < 2 {
                *alive = false;
                changed = true;
            }
        }
        for (r, kept) in in_r.iter_mut().enumerate() {
            if *kept && borders[r].iter().any(|&c| !in_x[c]) {
                *kept = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let alive = chains
        .iter()
        .enumerate()
        .filter(|&(i, _)| in_x[i])
        .flat_map(|(_, s)| s.iter().copied())
        .collect();
    // A region enclosed only by alive chains is safe when each of its empty points (each of its
    // points, with self-capture) is a liberty of one of them (not necessarily the same one):
    // the owner can fill every empty point by joining an uncapturable chain, so the opponent
    // can make no eye there.
    let safe_regions = regions
        .into_iter()
        .enumerate()
        .filter(|&(r, ref points)| {
            in_r[r]
                && !borders[r].is_empty()
                && points.iter().any(|&p| board.get(p).is_none())
                && points.iter().all(|&p| {
                    (board.get(p).is_some() && !self_capture)
                        || board
                            .neighbours(p)
                            .any(|n| chain_at(n).is_some_and(|c| in_x[c]))
                })
        })
        .map(|(_, r)| r)
        .collect();
    Benson {
        alive,
        safe_regions,
    }
}

/// The strings that stand in an area the opponent encloses without territory enough to be
/// sure of life: a string of colour c whose area (the connected set of points not holding an
/// opponent stone) touches an opponent stone and holds fewer than two empty regions reaching
/// only c, of at most [`SMALL_EYE`] points in all. These may be dead stones or stones in seki
/// (or alive, for a reading this static test cannot do); a count that keeps them on the board
/// assumes them alive, and says so.
#[must_use]
pub fn enclosed_without_territory(board: &Board) -> Vec<Point> {
    // Empty regions that reach only one colour (Tromp-Taylor reachability).
    let empty_regions = components(board, |p| board.get(p).is_none());
    let mut own_territory: Vec<&Vec<Point>> = Vec::new();
    for e in &empty_regions {
        let reach: BTreeSet<Color> = e
            .iter()
            .flat_map(|&p| board.neighbours(p))
            .filter_map(|n| board.get(n))
            .collect();
        if reach.len() == 1 {
            own_territory.push(e);
        }
    }
    let mut out = Vec::new();
    for c in Color::ALL {
        let opponent = c.opponent();
        for area in components(board, |p| board.get(p) != Some(opponent)) {
            let has_stones = area.iter().any(|&p| board.get(p) == Some(c));
            let enclosed = area
                .iter()
                .flat_map(|&p| board.neighbours(p))
                .any(|n| board.get(n) == Some(opponent));
            let own: Vec<&&Vec<Point>> = own_territory
                .iter()
                .filter(|e| area.binary_search(&e[0]).is_ok())
                .collect();
            let own_points: usize = own.iter().map(|e| e.len()).sum();
            let settled = own.len() >= 2 || own_points > SMALL_EYE;
            if has_stones && enclosed && !settled {
                out.extend(area.iter().copied().filter(|&p| board.get(p) == Some(c)));
            }
        }
    }
    out.sort();
    out
}

/// The estimate: stones inside the opponent's unconditionally safe enclosures are dead; the
/// stones of [`enclosed_without_territory`] not proven dead are unsettled. `self_capture` as
/// for [`benson`].
#[must_use]
pub fn estimate(board: &Board, self_capture: bool) -> Estimate {
    let mut dead = BTreeSet::new();
    for c in Color::ALL {
        for region in benson(board, c, self_capture).safe_regions {
            dead.extend(
                region
                    .into_iter()
                    .filter(|&p| board.get(p) == Some(c.opponent())),
            );
        }
    }
    let unsettled = enclosed_without_territory(board)
        .into_iter()
        .filter(|p| !dead.contains(p))
        .collect();
    Estimate {
        dead: dead.into_iter().collect(),
        unsettled,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> Board {
        Board::from_diagram(text).expect("diagram")
    }

    #[test]
    fn two_eyes_are_unconditionally_alive_and_one_is_not() {
        // Benson 1976: a chain with two vital regions is alive; with one it is not.
        let two = board(
            ". X . X O
             X X X X O
             O O O O O
             . . . . .
             . . . . .",
        );
        let b = benson(&two, Color::Black, false);
        assert!(b.alive.contains(&Point::rc(0, 1)));
        assert_eq!(b.alive.len(), 6);
        let one = board(
            ". X X X O
             X X X X O
             O O O O O
             . . . . .
             . . . . .",
        );
        assert!(benson(&one, Color::Black, false).alive.is_empty());
    }

    #[test]
    fn a_stone_in_a_vital_region_of_an_alive_string_is_dead() {
        // Module doc, step 2: the white stone at (0, 3) stands in a region of Black's that is
        // vital to an unconditionally alive string.
        let b = board(
            ". X . O . X
             X X X X X X
             . . . . . .
             . . . . . .",
        );
        // The region {(0,2), (0,3), (0,4)}: its empty points (0,2) and (0,4) are liberties of
        // the black string; (0,0) is the second eye.
        for self_capture in [false, true] {
            let e = estimate(&b, self_capture);
            assert_eq!(e.dead, vec![Point::rc(0, 3)]);
            assert!(e.unsettled.is_empty(), "{e:?}");
        }
    }

    #[test]
    fn a_stone_in_a_big_open_area_is_unsettled_not_dead() {
        // The estimate stays sound: a white stone inside a large black area could still live,
        // as far as a static proof goes, so it is listed, not marked.
        let b = board(
            ". . . . . X .
             . . O . . X X
             . . . . . X .
             X X X X X X X
             . . . . . X .",
        );
        let e = estimate(&b, false);
        assert!(e.dead.is_empty(), "{e:?}");
        assert_eq!(e.unsettled, vec![Point::rc(1, 2)]);
    }

    #[test]
    fn lone_stones_on_an_open_board_are_listed_never_marked() {
        // Issue 10 item 4 and "Cosmetic": (;SZ[5];B[aa];W[ee]) — neither stone has territory of
        // its own, so a count that keeps both assumes both alive and says so; neither is proven
        // dead.
        let b = board(
            "X . . . .
             . . . . .
             . . . . .
             . . . . .
             . . . . O",
        );
        assert_eq!(
            enclosed_without_territory(&b),
            vec![Point::rc(0, 0), Point::rc(4, 4)]
        );
        assert_eq!(estimate(&b, true).dead, Vec::<Point>::new());
    }
}
