//! `scoring.seki-eyes`: which strings are in seki, and whether the eyes they border count.
//!
//! Four values (docs/variants.md 3.c, docs/decisions.md 10):
//! - `count`: eyes count as usual (area rules, AGA, Russian 2010 read literally); strings in
//!   seki are still found, to mark them in diagrams: after the filling of `spec/FILLING.md`
//!   ([`super::neutral_fill`]), the strings in seki of its 5.2 and those next to a dame it left
//!   open (9.4), so that an open dame between two ordinary groups does not mark them as seki.
//! - `void-string`: Japanese 1989 Art. 8 read literally at string level.
//! - `void-region`: KataGo's independent-life regions.
//! - `void-filled`: Art. 8 at string level after the filling of `spec/FILLING.md`
//!   (docs/decisions.md 10, revised): [`super::neutral_fill::fill`] decides it.
//!
//! Every function takes the board after the dead stones are removed (every stone on it is alive).

use std::collections::BTreeSet;

use weiqi_core::{Board, Color, Point};
use weiqi_spec::SekiEyes;

use super::neutral_fill::{self, Filling};
use super::regions::{self, Reach};

/// Strings in seki and the eye points that do not count because of them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Seki {
    /// Stones of strings (or regions) in seki.
    pub stones: BTreeSet<Point>,
    /// Empty points bordered by one colour only that are not territory because of seki.
    pub void_eyes: BTreeSet<Point>,
}

/// Applies the variant's `seki-eyes` value.
///
/// `count` voids no eye and finds seki strings only for the marks, by the filling of
/// `spec/FILLING.md` (9.4: the strings in seki of 5.2); `void-string` and `void-region` are
/// [`string_level`] and
/// [`region_level`] on the board as it is; `void-filled` is [`after_fill`].
#[must_use]
pub fn analyse(board: &Board, rule: SekiEyes) -> Seki {
    match rule {
        SekiEyes::Count => {
            let f = neutral_fill::fill(board);
            Seki {
                stones: f.seki_stones,
                void_eyes: BTreeSet::new(),
            }
        }
        SekiEyes::VoidString => string_level(board),
        SekiEyes::VoidRegion => region_level(board),
        SekiEyes::VoidFilled => after_fill(&neutral_fill::fill(board), false),
    }
}

/// The seki of a finished filling (`spec/FILLING.md` 5.2 and 5.3): the strings in seki and the
/// eyes they void. With `literal` (9.1, `void-string` with `neutral-fill = "fill-first"`), a
/// string is in seki iff it borders an open dame point.
#[must_use]
pub fn after_fill(filling: &Filling, literal: bool) -> Seki {
    Seki {
        stones: if literal {
            filling.next_to_open_dame.clone()
        } else {
            filling.seki_stones.clone()
        },
        void_eyes: filling.void_eyes(literal),
    }
}

/// Whether an empty point is dame in the sense of J89 Art. 8: not an eye point, i.e. not
/// "surrounded by live stones of only one player" (its region touches both colours or none).
/// `reach` is [`regions::reach_map`] of the board.
pub(crate) fn is_dame(board: &Board, reach: &[Option<Reach>], p: Point) -> bool {
    board.get(p).is_none()
        && board
            .size()
            .index(p)
            .is_some_and(|i| !matches!(reach[i], Some(Reach::Only(_))))
}

/// Japanese 1989 Art. 8 read literally at string level (docs/variants.md 3.c steps 2-4):
/// "empty points surrounded by live stones of only one player are eye points; all other empty
/// points are dame; live stones that possess dame are in seki; only eye points surrounded by
/// live stones not in seki are territory".
///
/// A string is in seki iff it is next to a dame point; an eye region of colour c is void iff
/// some c-string bordering it is in seki.
#[must_use]
pub fn string_level(board: &Board) -> Seki {
    let mut seki = Seki::default();
    let reach = regions::reach_map(board);
    for s in regions::strings(board) {
        if regions::liberties(board, &s)
            .into_iter()
            .any(|l| is_dame(board, &reach, l))
        {
            seki.stones.extend(s);
        }
    }
    for region in regions::empty_regions(board) {
        let Some(Some(Reach::Only(_))) = board.size().index(region[0]).map(|i| reach[i]) else {
            continue;
        };
        let bordered_by_seki = region
            .iter()
            .flat_map(|&q| board.neighbours(q))
            .any(|n| seki.stones.contains(&n));
        if bordered_by_seki {
            seki.void_eyes.extend(region);
        }
    }
    seki
}

/// The owner of a point for the region-level rule: its stone's colour, or for an empty point
/// the one colour it reaches; `None` for dame.
pub(crate) fn owner(board: &Board, reach: &[Option<Reach>], p: Point) -> Option<Color> {
    match board.get(p) {
        Some(c) => Some(c),
        None => match board.size().index(p).and_then(|i| reach[i]) {
            Some(Reach::Only(c)) => Some(c),
            _ => None,
        },
    }
}

/// KataGo's region-level seki rule (docs/variants.md 3.c, docs/peers.md "Tax SEKI"): flood-fill
/// each colour's area (its stones and the empty points reaching only it) into connected regions; "a
/// region that touches a dame point (empty and owned by nobody) or contains an owner stone in
/// atari is seki", and its empty points are not territory. The atari clause catches the
/// double-ko seki, which has no dame.
#[must_use]
pub fn region_level(board: &Board) -> Seki {
    let mut seki = Seki::default();
    let mut seen = BTreeSet::new();
    let reach = regions::reach_map(board);
    let in_atari: BTreeSet<Point> = regions::strings(board)
        .into_iter()
        .filter(|s| regions::liberties(board, s).len() == 1)
        .flatten()
        .collect();
    for p in board.size().points() {
        let Some(c) = owner(board, &reach, p) else {
            continue;
        };
        if seen.contains(&p) {
            continue;
        }
        // The connected region of points owned by c, through p.
        let mut region = BTreeSet::from([p]);
        let mut stack = vec![p];
        while let Some(q) = stack.pop() {
            for n in board.neighbours(q) {
                if owner(board, &reach, n) == Some(c) && region.insert(n) {
                    stack.push(n);
                }
            }
        }
        seen.extend(region.iter().copied());
        let touches_dame = region
            .iter()
            .flat_map(|&q| board.neighbours(q))
            .any(|n| is_dame(board, &reach, n));
        let has_atari = region.iter().any(|q| in_atari.contains(q));
        if touches_dame || has_atari {
            for &q in &region {
                if board.get(q).is_some() {
                    seki.stones.insert(q);
                } else {
                    seki.void_eyes.insert(q);
                }
            }
        }
    }
    seki
}

#[cfg(test)]
mod tests {
    use super::*;

    /// docs/variants.md 4.6, the seki diagram.
    const SEKI: &str = "
        . O . X . X O
        O O X X X X O
        X X O O O O O
        . X O . O . O
        X X O O O O O
        . X O . O . O
        X X O O O O O";

    fn board(text: &str) -> Board {
        Board::from_diagram(text).expect("valid diagram")
    }

    #[test]
    fn j89_string_level_voids_the_seki_eyes() {
        // J89 Art. 8 / docs/variants.md 4.6: both inner strings touch the dame (0,2); their eyes
        // (0,0) and (0,4) are not territory; the outer groups are not in seki.
        let b = board(SEKI);
        let s = string_level(&b);
        assert_eq!(
            s.void_eyes,
            BTreeSet::from([Point::rc(0, 0), Point::rc(0, 4)])
        );
        assert!(s.stones.contains(&Point::rc(0, 1)) && s.stones.contains(&Point::rc(1, 5)));
        assert!(!s.stones.contains(&Point::rc(2, 0)) && !s.stones.contains(&Point::rc(2, 2)));
        assert_eq!(s.stones.len(), 3 + 6);
    }

    #[test]
    fn region_level_agrees_on_the_ordinary_seki() {
        // docs/variants.md 3.c: "both agree on ordinary sekis".
        let b = board(SEKI);
        assert_eq!(region_level(&b), string_level(&b));
    }

    #[test]
    fn region_level_catches_a_string_in_atari() {
        // docs/peers.md (KataGo): a region containing an owner stone in atari is seki. White's
        // string has one liberty, its own eye (0,1), and no dame is anywhere on the board.
        let b = board("O . O X\nO O O X\nX X X X\n. . . .");
        let s = string_level(&b);
        assert!(s.void_eyes.is_empty() && s.stones.is_empty());
        let r = region_level(&b);
        assert_eq!(r.void_eyes, BTreeSet::from([Point::rc(0, 1)]));
        assert!(r.stones.contains(&Point::rc(0, 0)));
        assert!(!r.stones.contains(&Point::rc(1, 3)));
    }

    #[test]
    fn an_eye_is_void_when_any_bordering_string_is_in_seki() {
        // Issue 8, "Untested clauses": J89 Art. 8 ("eye points ... surrounded by live stones in
        // seki are not territory"; docs/decisions.md 10, FILLING.md 5.3 "not bordered by a string
        // in seki"): one string in seki among the eye's borders is enough. The eye (0,0) is
        // bordered by Black (0,1), next to the dame (0,2) and so in seki, and by Black (1,0),
        // which touches no dame and is not in seki: the eye is void all the same.
        let b = board(". X . O .\nX O O O .");
        let s = string_level(&b);
        assert!(s.stones.contains(&Point::rc(0, 1)), "{s:?}");
        assert!(!s.stones.contains(&Point::rc(1, 0)), "{s:?}");
        assert!(s.void_eyes.contains(&Point::rc(0, 0)), "{s:?}");
    }

    #[test]
    fn count_voids_nothing() {
        let s = analyse(&board(SEKI), SekiEyes::Count);
        assert!(s.void_eyes.is_empty());
        // The shared liberty (0,2) cannot be filled safely: the inner strings are marked.
        assert_eq!(s.stones, string_level(&board(SEKI)).stones);
    }

    #[test]
    fn count_marks_no_seki_for_an_open_dame() {
        // docs/variants.md 4.6, the dame trap: the open point (3,2) puts both groups "in seki"
        // under Art. 8 read literally, but it can be filled safely, so for the marks of a `count`
        // variant neither group is in seki.
        let trap = board(". X O . .\nX X O . .\n. X O O O\nX X . O .\n. X O O O");
        assert!(!string_level(&trap).stones.is_empty());
        assert!(analyse(&trap, SekiEyes::Count).stones.is_empty());
    }

    #[test]
    fn count_marks_no_seki_for_lone_stones_on_an_open_board() {
        // Issue 10 ("Cosmetic"): `(;SZ[5]KM[7.5];B[aa];W[ee];B[];W[])` under tromp-taylor drew
        // both lone stones as "in seki". Their region is exempt (FILLING.md 2.7), so it holds no
        // seki point (5.1) and the marks of a `count` variant show no seki (9.4).
        let open = board("X . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . O");
        assert!(analyse(&open, SekiEyes::Count).stones.is_empty());
    }
}
