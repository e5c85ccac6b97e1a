//! The hard shapes the biased generators start from, and the board reading they need.
//!
//! Each [`Shape`] is a whole-board diagram (the positions of docs/variants.md section 4 that the
//! case corpus `weiqi-cases` rules under every variant, plus the multi-ko, suicide and seki shapes
//! this module adds), the player to move, and the moves of the cycle or the sequence that makes
//! the shape hard (its *hint*: the biased script plays it often, so the cycle comes round and
//! the refusal or the long-cycle end is reached). [`place`] puts a shape on a board: one of the
//! eight symmetries, the colours swapped or not, and empty rows or columns added beside an
//! empty edge of the diagram.
//!
//! The board reading ([`play_effect`]) tells the biased script which plays capture, which fill
//! their own last liberty and which are self-captures, from the board alone (both referees
//! agree on the board before any action is chosen, so this never takes one referee's side).

use weiqi_core::{Board, BoardSize, Color, Point};

/// The family of hard case a shape belongs to (it chooses the rule axis the biased ruleset
/// varies and the script's habits).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Family {
    /// Ko shapes and recaptures (`play.ko`, `play.initial-position`, `play.long-cycle`).
    Ko,
    /// Plays into one's own last liberty (`play.suicide`, `play.single-stone-suicide`).
    Suicide,
    /// Strings sharing liberties (`scoring.seki-eyes`, `scoring.neutral-fill`).
    Seki,
}

/// One hard shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shape {
    /// Its name (in the statistics and the ruling comments).
    pub name: &'static str,
    /// Where it comes from (a docs/variants.md section, or this module).
    pub source: &'static str,
    /// The family.
    pub family: Family,
    /// The diagram (`X` Black, `O` White, `.` empty; row 0 on top), Black to move.
    pub diagram: &'static str,
    /// The hint: the moves that make the shape hard, as `(colour, Some((row, col)))` or
    /// `(colour, None)` for a pass, played in a cycle.
    pub hint: &'static [(Color, Option<(u8, u8)>)],
}

use Color::{Black as B, White as W};

/// Every shape the biased generators use.
pub const SHAPES: &[Shape] = &[
    Shape {
        name: "basic-ko",
        source: "docs/variants.md 4.1",
        family: Family::Ko,
        diagram: "
            . X O . .
            X O . O .
            . X O . .
            X X O O O
            . X O . .",
        hint: &[(B, Some((1, 2))), (W, Some((1, 1)))],
    },
    Shape {
        name: "double-ko",
        source: "two kos of docs/variants.md 4.2's triple ko",
        family: Family::Ko,
        diagram: "
            . . . . .
            X X X X X
            X O X . X
            O . O X O
            O O O O O
            . . . . .",
        hint: &[
            (B, Some((3, 1))),
            (W, Some((2, 3))),
            (B, None),
            (W, Some((2, 1))),
            (B, Some((3, 3))),
            (W, None),
        ],
    },
    Shape {
        name: "triple-ko",
        source: "docs/variants.md 4.2",
        family: Family::Ko,
        diagram: "
            . . . . . . .
            X X X X X X X
            X O X . X O X
            O . O X O . O
            O O O O O O O
            . . . . . . .
            . . . . . . .",
        hint: &[
            (B, Some((3, 1))),
            (W, Some((2, 3))),
            (B, Some((3, 5))),
            (W, Some((2, 1))),
            (B, Some((3, 3))),
            (W, Some((2, 5))),
        ],
    },
    Shape {
        name: "round-robin-ko",
        source: "four kos taken in turn (this module, after docs/variants.md 4.2)",
        family: Family::Ko,
        diagram: "
            . . . . . . . . .
            X X X X X X X X X
            X O X . X O X . X
            O . O X O . O X O
            O O O O O O O O O
            . . . . . . . . .",
        hint: &[
            (B, Some((3, 1))),
            (W, Some((2, 3))),
            (B, Some((3, 5))),
            (W, Some((2, 7))),
            (B, Some((3, 3))),
            (W, Some((2, 1))),
            (B, Some((3, 7))),
            (W, Some((2, 5))),
        ],
    },
    Shape {
        name: "sending-two-returning-one",
        source: "docs/variants.md 4.3",
        family: Family::Ko,
        diagram: "
            . X . X .
            O O X X X
            . O O O O
            O O . O .
            . O O O O",
        hint: &[
            (B, Some((0, 0))),
            (W, Some((0, 2))),
            (B, Some((0, 1))),
            (W, None),
        ],
    },
    Shape {
        name: "eternal-life",
        source: "docs/variants.md 4.4",
        family: Family::Ko,
        diagram: "
            . X . O X .
            O O X X X X
            . O X . X .
            O O X X X X
            . O X . X .
            O O X X X X",
        hint: &[
            (B, Some((0, 0))),
            (W, Some((0, 2))),
            (B, Some((0, 1))),
            (W, Some((0, 3))),
        ],
    },
    Shape {
        name: "bent-four",
        source: "docs/variants.md 4.7",
        family: Family::Ko,
        diagram: "
            . O . O X .
            O O O X X X
            X X X X . X
            X . X X X X
            X X X . X .
            . X X X X X",
        hint: &[(B, Some((0, 2))), (W, Some((0, 3)))],
    },
    Shape {
        name: "snapback",
        source: "docs/variants.md 4.8",
        family: Family::Ko,
        diagram: "
            . . X . .
            O O X . .
            X X X . .
            . . . . .
            . . . . .",
        hint: &[(B, Some((0, 0))), (W, Some((0, 1))), (B, Some((0, 0)))],
    },
    Shape {
        name: "suicide-vectors",
        source: "docs/variants.md 4.9: a four-stone and a one-stone self-capture",
        family: Family::Suicide,
        diagram: "
            . X O . .
            X X O . .
            O O O . .
            . . . O O
            . . . O .",
        hint: &[(B, Some((0, 0))), (W, None), (B, Some((4, 4)))],
    },
    Shape {
        name: "last-liberty-capture",
        source: "this module: Black's (0,2) fills the last liberty of a three-stone string and \
                 captures two (legal under every rule); White's (0,2) captures without filling",
        family: Family::Suicide,
        diagram: "
            X X . O O
            O O O X X
            . . . . .",
        hint: &[(B, Some((0, 2))), (W, Some((0, 0)))],
    },
    Shape {
        name: "seki-no-eyes",
        source: "this module: two strings sharing their two liberties, no eyes (a play on \
                 either is a self-atari)",
        family: Family::Seki,
        diagram: "
            X . O
            X . O",
        hint: &[(B, None), (W, None)],
    },
    Shape {
        name: "seki-with-eyes",
        source: "this module: one eye each and one shared liberty",
        family: Family::Seki,
        diagram: "
            . X . O .
            X X X O O",
        hint: &[(B, None), (W, None)],
    },
    // Last, so that the shapes before it keep their indices (`Case::of_shape`, `Kind::Shape`).
    // The byte that chooses a shape now reads modulo 13, not 12, so a seeded case may start
    // from another shape than before; the seeded tests and the fuzz regressions still pass.
    Shape {
        name: "hane-seki",
        source: "docs/variants.md 4.12, rulings/seki/hane-seki.sgf: each side's three stones in \
                 atari inside the other's eye space, the inner groups sharing two liberties; \
                 either capture (at (0,10) by Black, (0,0) by White) loses the capturer's group \
                 (verified by crates/weiqi-interpreter/examples/seed000_solver.rs)",
        family: Family::Seki,
        diagram: "
            . X X X O . X O O O .
            O O O O O . X X X X X",
        hint: &[(B, None), (W, None)],
    },
];

/// A shape put on a board: the setup stones, the player to move, and the hint in board points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placed {
    /// The shape's index in [`SHAPES`].
    pub shape: usize,
    /// The board size.
    pub size: BoardSize,
    /// The stones.
    pub stones: Vec<(Point, Color)>,
    /// The player to move.
    pub to_move: Color,
    /// The hint, in board points and (possibly swapped) colours.
    pub hint: Vec<(Color, Option<Point>)>,
}

/// How a shape is placed: `symmetry` 0..8 (bit 0 flips left-right, bit 1 flips top-bottom,
/// bit 2 transposes), `swap` exchanges the colours, `grow` = empty columns and rows added
/// (right, bottom, left, top), each kept only where that edge of the diagram is empty.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Placement {
    /// The symmetry, 0..8.
    pub symmetry: u8,
    /// Swap the colours.
    pub swap: bool,
    /// Empty lines added on the right, bottom, left and top.
    pub grow: [u8; 4],
}

/// Puts shape `index` of [`SHAPES`] on a board as `placement` says; `None` for an unknown index
/// or a diagram that does not read (the shapes' own test reads every one).
#[must_use]
pub fn place(index: usize, placement: Placement) -> Option<Placed> {
    let shape = SHAPES.get(index)?;
    let board = Board::from_diagram(shape.diagram).ok()?;
    let (w0, h0) = (board.size().width(), board.size().height());
    let edge_empty = |horizontal: bool, line: u8| {
        if horizontal {
            (0..w0).all(|col| board.get(Point { col, row: line }).is_none())
        } else {
            (0..h0).all(|row| board.get(Point { col: line, row }).is_none())
        }
    };
    // Growth in diagram coordinates, kept beside an empty edge only.
    let g = placement.grow;
    let right = if edge_empty(false, w0 - 1) { g[0] } else { 0 };
    let bottom = if edge_empty(true, h0 - 1) { g[1] } else { 0 };
    let left = if edge_empty(false, 0) { g[2] } else { 0 };
    let top = if edge_empty(true, 0) { g[3] } else { 0 };
    let (w1, h1) = (w0 + left + right, h0 + top + bottom);
    let transpose = placement.symmetry & 4 != 0;
    let (w, h) = if transpose { (h1, w1) } else { (w1, h1) };
    let size = BoardSize::new(u32::from(w), u32::from(h)).ok()?;
    let map = |row: u8, col: u8| -> Point {
        let (mut r, mut c) = (row + top, col + left);
        if placement.symmetry & 1 != 0 {
            c = w1 - 1 - c;
        }
        if placement.symmetry & 2 != 0 {
            r = h1 - 1 - r;
        }
        if transpose {
            (r, c) = (c, r);
        }
        Point { col: c, row: r }
    };
    let colour = |c: Color| if placement.swap { c.opponent() } else { c };
    let stones = board
        .iter()
        .filter_map(|(p, c)| c.map(|c| (map(p.row, p.col), colour(c))))
        .collect();
    let hint = shape
        .hint
        .iter()
        .map(|&(c, at)| (colour(c), at.map(|(r, col)| map(r, col))))
        .collect();
    Some(Placed {
        shape: index,
        size,
        stones,
        to_move: colour(Color::Black),
        hint,
    })
}

/// The string of the stone at `p` and its liberties (empty when `p` is empty).
#[must_use]
pub fn string_and_liberties(board: &Board, p: Point) -> (Vec<Point>, Vec<Point>) {
    let Some(color) = board.get(p) else {
        return (Vec::new(), Vec::new());
    };
    let size = board.size();
    // Points already met, by board index (a flood fill without quadratic `contains`).
    let mut seen = vec![false; size.points_count()];
    let mark = |seen: &mut Vec<bool>, q: Point| match size.index(q) {
        Some(i) if !seen[i] => {
            seen[i] = true;
            true
        }
        _ => false,
    };
    mark(&mut seen, p);
    let mut string = vec![p];
    let mut liberties = Vec::new();
    let mut i = 0;
    while i < string.len() {
        for n in board.neighbours(string[i]) {
            match board.get(n) {
                None if mark(&mut seen, n) => liberties.push(n),
                Some(c) if c == color && mark(&mut seen, n) => string.push(n),
                _ => {}
            }
        }
        i += 1;
    }
    (string, liberties)
}

/// What a play by `color` on the empty point `p` does to the board, read from the board alone
/// (no ko rule, no suicide rule).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Effect {
    /// Opponent stones it captures.
    pub captures: usize,
    /// The play fills the last liberty of its own string (captures aside).
    pub fills_last_liberty: bool,
    /// The stones of its own string once placed (itself included).
    pub string_len: usize,
}

impl Effect {
    /// The play removes its own string: it fills its last liberty and captures nothing.
    #[must_use]
    pub fn is_self_capture(&self) -> bool {
        self.fills_last_liberty && self.captures == 0
    }
}

/// The [`Effect`] of a play by `color` on `p` (`None` when `p` is occupied or off the board).
#[must_use]
pub fn play_effect(board: &Board, color: Color, p: Point) -> Option<Effect> {
    if !board.size().contains(p) || board.get(p).is_some() {
        return None;
    }
    let mut after = board.clone();
    after.set(p, Some(color));
    let mut captured: Vec<Point> = Vec::new();
    for n in board.neighbours(p) {
        if after.get(n) == Some(color.opponent()) && !captured.contains(&n) {
            let (string, libs) = string_and_liberties(&after, n);
            if libs.is_empty() {
                captured.extend(string);
            }
        }
    }
    let (own, libs) = string_and_liberties(&after, p);
    Some(Effect {
        captures: captured.len(),
        fills_last_liberty: libs.is_empty(),
        string_len: own.len(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pt(row: u8, col: u8) -> Point {
        Point { col, row }
    }

    /// Every diagram reads, every string of it keeps a liberty (a setup must), Black moves
    /// first in each, and every hint point is on the board.
    #[test]
    fn every_shape_reads_and_is_a_valid_setup() {
        for (i, s) in SHAPES.iter().enumerate() {
            let placed = place(i, Placement::default()).expect(s.name);
            let mut board = Board::new(placed.size);
            for &(p, c) in &placed.stones {
                board.set(p, Some(c));
            }
            for &(p, _) in &placed.stones {
                let (_, libs) = string_and_liberties(&board, p);
                assert!(!libs.is_empty(), "{}: a string without liberties", s.name);
            }
            assert_eq!(placed.to_move, Color::Black, "{}", s.name);
            for (_, at) in &placed.hint {
                assert!(at.is_none_or(|p| placed.size.contains(p)), "{}", s.name);
            }
        }
    }

    /// The symmetries and the colour swap keep the shape: same stone counts per colour (swapped
    /// when asked), a transposed size for odd transposition, the hint moved with the stones.
    #[test]
    fn placements_move_stones_and_hints_together() {
        let i = SHAPES
            .iter()
            .position(|s| s.name == "triple-ko")
            .expect("shape");
        let plain = place(i, Placement::default()).expect("placed");
        for symmetry in 0..8 {
            for swap in [false, true] {
                let p = place(
                    i,
                    Placement {
                        symmetry,
                        swap,
                        grow: [1, 2, 0, 1],
                    },
                )
                .expect("placed");
                let count =
                    |stones: &[(Point, Color)], c| stones.iter().filter(|s| s.1 == c).count();
                let b = count(&p.stones, if swap { W } else { B });
                assert_eq!(b, count(&plain.stones, B));
                // The first hint play (a Black capture in the diagram) is a capture here too.
                let mut board = Board::new(p.size);
                for &(q, c) in &p.stones {
                    board.set(q, Some(c));
                }
                let (c, at) = p.hint[0];
                let e = play_effect(&board, c, at.expect("a play")).expect("empty point");
                assert_eq!(e.captures, 1, "symmetry {symmetry} swap {swap}");
            }
        }
        // Growth only beside empty edges: the triple ko's top and bottom rows are empty, its
        // sides are not.
        let grown = place(
            i,
            Placement {
                symmetry: 0,
                swap: false,
                grow: [2, 2, 2, 2],
            },
        )
        .expect("placed");
        assert_eq!((grown.size.width(), grown.size.height()), (7, 11));
    }

    /// The board reading on the suicide vectors of docs/variants.md 4.9: (0,0) is a four-stone
    /// self-capture for Black, (4,4) a one-stone one; on the last-liberty shape Black's (0,0)
    /// fills its own last liberty and captures (so it is no self-capture).
    #[test]
    fn play_effect_reads_captures_and_self_captures() {
        let board = |name: &str| {
            let s = SHAPES.iter().find(|s| s.name == name).expect("shape");
            Board::from_diagram(s.diagram).expect("diagram")
        };
        let v = board("suicide-vectors");
        let multi = play_effect(&v, B, pt(0, 0)).expect("empty");
        assert!(multi.is_self_capture());
        assert_eq!(multi.string_len, 4);
        let one = play_effect(&v, B, pt(4, 4)).expect("empty");
        assert!(one.is_self_capture());
        assert_eq!(one.string_len, 1);
        assert!(
            !play_effect(&v, W, pt(0, 0))
                .expect("empty")
                .is_self_capture()
        );
        let l = board("last-liberty-capture");
        let e = play_effect(&l, B, pt(0, 2)).expect("empty");
        assert!(
            e.fills_last_liberty && e.captures == 2 && e.string_len == 3,
            "{e:?}"
        );
        assert!(!e.is_self_capture());
        let e = play_effect(&l, W, pt(0, 2)).expect("empty");
        assert_eq!((e.captures, e.fills_last_liberty), (2, false), "{e:?}");
        assert!(play_effect(&l, B, pt(0, 1)).is_none());
    }

    /// The seki shapes: a play on a shared liberty captures nothing and leaves the player's
    /// string with one liberty (a self-atari), for both sides: what makes them seki. Not the
    /// hane seki: there a play on a shared liberty keeps two liberties (the string's other one
    /// is the liberty of the opponent's stones in atari inside its eye space), and what makes it
    /// seki is that either capture loses the capturer's group (the solver's verdict, in its
    /// source; `hane_seki_captures_are_the_strings_in_atari` tests the captures).
    #[test]
    fn seki_shapes_have_self_atari_shared_liberties() {
        for s in SHAPES
            .iter()
            .filter(|s| s.family == Family::Seki && s.name != "hane-seki")
        {
            let board = Board::from_diagram(s.diagram).expect("diagram");
            let shared: Vec<Point> = board
                .empty_points()
                .filter(|&p| {
                    let colours: Vec<_> =
                        board.neighbours(p).filter_map(|n| board.get(n)).collect();
                    colours.contains(&B) && colours.contains(&W)
                })
                .collect();
            assert!(!shared.is_empty(), "{}", s.name);
            for p in shared {
                for c in [B, W] {
                    let e = play_effect(&board, c, p).expect("empty");
                    assert_eq!(e.captures, 0, "{} {p:?} {c:?}", s.name);
                    let mut after = board.clone();
                    after.set(p, Some(c));
                    let (_, libs) = string_and_liberties(&after, p);
                    assert_eq!(libs.len(), 1, "{} {p:?} {c:?}", s.name);
                }
            }
        }
    }

    /// docs/variants.md 4.12, the hane seki: Black's capture at (0,10) takes White's three stones
    /// in atari and White's at (0,0) Black's three; the other side's play on either point is a
    /// self-capture of four stones (both strings in atari are what the shape is about).
    #[test]
    fn hane_seki_captures_are_the_strings_in_atari() {
        let shape = SHAPES
            .iter()
            .find(|s| s.name == "hane-seki")
            .expect("the hane-seki shape");
        let board = Board::from_diagram(shape.diagram).expect("diagram");
        for (capturer, p) in [(B, pt(0, 10)), (W, pt(0, 0))] {
            let e = play_effect(&board, capturer, p).expect("empty");
            assert_eq!(e.captures, 3, "{capturer:?} {p:?}: {e:?}");
            let e = play_effect(&board, capturer.opponent(), p).expect("empty");
            assert!(e.is_self_capture(), "{p:?}: {e:?}");
        }
    }
}
