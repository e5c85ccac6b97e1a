//! Dead stones: which stones are removed before counting (docs/variants.md 3.c step 1, 3.e).
//!
//! Dead stones are never decided here by search (docs/decisions.md 11): they come from the
//! players' agreement (a set of points), from a record's territory marks, or there are none
//! (Tromp-Taylor, and every game that ended with all stones alive).

use std::collections::BTreeSet;

use weiqi_core::{Board, ByColor, Color, Point};

use super::regions;

/// The agreed dead stones, expanded to whole strings, and remarks about named points that
/// hold no stone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeadStones {
    /// Every dead stone, in ascending order.
    pub points: Vec<Point>,
    /// Remarks for the ruling (named points that are empty or off the board).
    pub notes: Vec<String>,
}

/// Expands the agreed dead points to whole strings.
///
/// Implements `Action::ProposeDead` as weiqi-core documents it and seed 003's agreement stage
/// ("each player marks the opponent's stones"): "any stone named makes its whole string dead".
/// A named point that is empty or off the board names nothing; it is reported in `notes`.
#[must_use]
pub fn from_agreement(board: &Board, named: &[Point]) -> DeadStones {
    let mut dead = BTreeSet::new();
    let mut notes = Vec::new();
    for &p in named {
        if !board.size().contains(p) {
            notes.push(format!(
                "dead-stone point {} is off the board; ignored",
                p.to_sgf()
            ));
        } else if board.get(p).is_none() {
            notes.push(format!(
                "dead-stone point {} holds no stone; ignored",
                p.to_sgf()
            ));
        } else {
            dead.extend(regions::string(board, p));
        }
    }
    DeadStones {
        points: dead.into_iter().collect(),
        notes,
    }
}

/// The dead stones a record's territory marks imply: a stone standing on a point marked as
/// the opponent's territory is dead.
///
/// SGF `TB`/`TW` mark the territory of each side at the end of a game; the convention of
/// records (and of the dead-stone marks of KGS and OGS) is that a stone inside the opponent's
/// marked territory was removed as dead (docs/variants.md 3.c step 1: "remove the agreed-dead
/// stones"). Marks on empty points, on own stones and off the board name nothing.
#[must_use]
pub fn dead_from_territory_marks(board: &Board, tb: &[Point], tw: &[Point]) -> Vec<Point> {
    let mut dead = BTreeSet::new();
    for (marks, owner) in [(tb, Color::Black), (tw, Color::White)] {
        for &p in marks {
            if board.get(p) == Some(owner.opponent()) {
                dead.insert(p);
            }
        }
    }
    dead.into_iter().collect()
}

/// The board with `dead` removed, and how many stones of each colour were removed.
///
/// docs/variants.md 3.c step 1: "Remove the agreed dead stones; add them to the capturer's
/// prisoners" (the prisoner bookkeeping is done by the caller from the counts).
#[must_use]
pub fn remove(board: &Board, dead: &[Point]) -> (Board, ByColor<u32>) {
    let mut live = board.clone();
    let mut removed = ByColor { black: 0, white: 0 };
    for &p in dead {
        if let Some(c) = live.set(p, None) {
            removed[c] += 1;
        }
    }
    (live, removed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> Board {
        Board::from_diagram(text).expect("valid diagram")
    }

    #[test]
    fn naming_one_stone_kills_its_string() {
        // weiqi-core Action::ProposeDead: any stone named makes its whole string dead.
        let b = board("X X .\n. O O\n. . .");
        let d = from_agreement(&b, &[Point::rc(1, 2)]);
        assert_eq!(d.points, vec![Point::rc(1, 1), Point::rc(1, 2)]);
        assert!(d.notes.is_empty());
        let (live, removed) = remove(&b, &d.points);
        assert_eq!(removed, ByColor { black: 0, white: 2 });
        assert_eq!(live.count(Color::White), 0);
        assert_eq!(live.count(Color::Black), 2);
    }

    #[test]
    fn empty_and_off_board_names_are_reported() {
        let b = board("X .\n. .");
        let d = from_agreement(&b, &[Point::rc(1, 1), Point::rc(5, 5)]);
        assert!(d.points.is_empty());
        assert_eq!(d.notes.len(), 2);
    }

    #[test]
    fn stones_in_opponent_territory_marks_are_dead() {
        // SGF TB/TW convention: a stone on a point marked as the opponent's territory is dead.
        let b = board("X O .\n. . .");
        let tb = [Point::rc(0, 1), Point::rc(1, 0)];
        let tw = [Point::rc(0, 0), Point::rc(0, 2)];
        assert_eq!(
            dead_from_territory_marks(&b, &tb, &tw),
            vec![Point::rc(0, 0), Point::rc(0, 1)]
        );
        // Own territory marks on own stones name nothing.
        assert!(dead_from_territory_marks(&b, &[Point::rc(0, 0)], &[Point::rc(0, 1)]).is_empty());
    }
}
