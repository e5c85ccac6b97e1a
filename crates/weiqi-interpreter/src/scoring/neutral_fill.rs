//! `scoring.neutral-fill = "fill-first"`: fill the neutral points a record left open before a
//! territory count (DECISIONS.md 10, VARIANTS.md 3.c "dame negate territory").
//!
//! Japanese practice assumes the players filled every fillable dame before agreeing; records
//! often end without it, and a literal Art. 8 scorer then puts every string next to an open
//! dame "in seki" (the dame trap of VARIANTS.md 4.6). The procedure here is deterministic and
//! never changes a count by itself: it only fills points a player could fill safely.
//!
//! The procedure (ours, DECISIONS.md 10):
//! 1. Scan the empty points row by row from the top-left corner. A point is a candidate if it
//!    is dame (its empty region reaches both colours) and next to at least one stone.
//! 2. Try Black, then White. A fill by colour c is made iff afterwards
//!    (a) no string of either colour next to the point has fewer than two liberties (no
//!    capture, no self-atari, no atari: a seki's shared liberty is never filled), and
//!    (b) every other point of the dame region still reaches both colours (no new territory).
//! 3. Repeat the scan until a whole scan fills nothing.
//!
//! Not done: defensive moves inside territory (teire); the players are expected to have made
//! them, or to have agreed the stones dead.
//!
//! Known limit: the two-liberty test of step 2 reads no further. A seki whose strings keep two
//! liberties after a shared point is filled (groups with eyes or extra liberties, as in the
//! seed-000 rebuild of `tests/seed000_suicide_seki.rs`) has that point filled, and its strings
//! are then not found in seki. Agreeing the seki explicitly is later work (VARIANTS.md 3.c,
//! "agreed seki list").

use weiqi_core::{Board, Color, Point};

use super::regions::{self, Reach};

/// The board after neutral points were filled, and the fills made, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NeutralFill {
    /// The board with the fills (the real board is not changed).
    pub board: Board,
    /// Each filled point and the colour that filled it, in order.
    pub filled: Vec<(Point, Color)>,
}

/// Whether filling `p` with `c` is safe by the rules of the procedure (module doc, step 2).
fn safe_fill(board: &Board, p: Point, c: Color) -> Option<Board> {
    let region = regions::connected(board, p);
    let mut after = board.clone();
    after.set(p, Some(c));
    // (a) Every string next to p, and the filler's own string, keeps two liberties.
    let mut touched: Vec<Point> = board
        .neighbours(p)
        .filter(|&n| after.get(n).is_some())
        .collect();
    touched.push(p);
    for q in touched {
        if regions::liberties(&after, &regions::string(&after, q)).len() < 2 {
            return None;
        }
    }
    // (b) The rest of the dame region still reaches both colours.
    for &q in region.iter().filter(|&&q| q != p) {
        if regions::reach(&after, q) != Reach::Both {
            return None;
        }
    }
    Some(after)
}

/// Fills the neutral points of `board` (every stone on it alive) by the procedure of the
/// module doc (DECISIONS.md 10: "a documented, deterministic 'fill neutral points first'
/// step").
#[must_use]
pub fn fill_first(board: &Board) -> NeutralFill {
    let mut current = board.clone();
    let mut filled = Vec::new();
    loop {
        let mut changed = false;
        let candidates: Vec<Point> = current.empty_points().collect();
        for p in candidates {
            if current.get(p).is_some()
                || regions::reach(&current, p) != Reach::Both
                || current.neighbours(p).all(|n| current.get(n).is_none())
            {
                continue;
            }
            for c in Color::ALL {
                if let Some(after) = safe_fill(&current, p, c) {
                    current = after;
                    filled.push((p, c));
                    changed = true;
                    break;
                }
            }
        }
        if !changed {
            return NeutralFill {
                board: current,
                filled,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> Board {
        Board::from_diagram(text).expect("valid diagram")
    }

    #[test]
    fn the_dame_trap_point_is_filled() {
        // VARIANTS.md 4.6, dame trap: the single open point (3,2) can be filled by either
        // player; the procedure fills it with Black (tried first).
        let b = board(". X O . .\nX X O . .\n. X O O O\nX X . O .\n. X O O O");
        let f = fill_first(&b);
        assert_eq!(f.filled, vec![(Point::rc(3, 2), Color::Black)]);
    }

    #[test]
    fn a_seki_liberty_is_never_filled() {
        // VARIANTS.md 4.6, seki: filling (0,2) would put the filler in atari.
        let b = board(
            ". O . X . X O\nO O X X X X O\nX X O O O O O\n. X O . O . O\nX X O O O O O\n. X O . O . O\nX X O O O O O",
        );
        let f = fill_first(&b);
        assert!(f.filled.is_empty());
        assert_eq!(f.board, b);
    }

    #[test]
    fn a_corridor_is_filled_without_creating_territory() {
        // A three-point dame corridor (0,2)-(0,4) between a White and a Black group with one eye
        // each. White fills (0,2) and (0,3) safely; (0,4) would put either filler in atari, so
        // it stays open (the groups are then in seki). No point changes what it reaches.
        let b = board(". O . . . X .\nO O O O X X X");
        let f = fill_first(&b);
        assert_eq!(
            f.filled,
            vec![
                (Point::rc(0, 2), Color::White),
                (Point::rc(0, 3), Color::White)
            ]
        );
        for p in f.board.empty_points() {
            assert_eq!(regions::reach(&f.board, p), regions::reach(&b, p), "{p:?}");
        }
    }
}
