//! `scoring.pass-dead`: stones inside the other colour's pass-alive area are dead at the count
//! (KataGo's area count, `board.cpp` `calculateArea` read with `boardhistory.cpp`
//! `countAreaScoreWhiteMinusBlack`; Benson 1976, "Life in the game of Go").
//!
//! The clause, as `spec/README.md` states it: the pass-alive strings of a colour are found by
//! Benson's iteration (every string of the colour starts alive; a string with fewer than two
//! vital regions, counting only regions that border no string already removed, is removed;
//! repeat until nothing changes). A *region* of a colour is a maximal orthogonally connected
//! set of points that are empty or hold the other colour, with at least one empty point. It is
//! *vital* to a string when each of its empty points touches the string; when suicide is
//! legal (`play.suicide` other than `forbidden`), each of its points, stones included. The
//! colour's *pass-alive area* is its pass-alive strings and each region that borders at least
//! one of its stones, borders no removed string, and has at most one point touching none of
//! its stones. With `pass-dead = "dead"`, a stone standing in the other colour's pass-alive
//! area is dead whatever the players agreed.
//!
//! Literal and uncached: sets of points and a fixed-point loop, nothing clever.

use std::collections::BTreeSet;

use weiqi_core::{Board, Color, Point};

use super::regions;

/// The regions of `colour`: maximal connected sets of points that are empty or hold the other
/// colour, each with at least one empty point.
fn regions_of(board: &Board, colour: Color) -> Vec<BTreeSet<Point>> {
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for p in board.size().points() {
        if board.get(p).is_some() || seen.contains(&p) {
            continue;
        }
        let mut region = BTreeSet::from([p]);
        let mut stack = vec![p];
        while let Some(q) = stack.pop() {
            for n in board.neighbours(q) {
                if board.get(n) != Some(colour) && region.insert(n) {
                    stack.push(n);
                }
            }
        }
        seen.extend(region.iter().copied());
        out.push(region);
    }
    out
}

/// Whether `p` touches a stone of `string`.
fn touches(board: &Board, p: Point, string: &BTreeSet<Point>) -> bool {
    board.neighbours(p).any(|n| string.contains(&n))
}

/// Whether `region` is vital to `string`: each empty point of the region (each point, when
/// suicide is legal) touches the string.
fn is_vital(
    board: &Board,
    region: &BTreeSet<Point>,
    string: &BTreeSet<Point>,
    suicide_legal: bool,
) -> bool {
    region
        .iter()
        .filter(|&&p| suicide_legal || board.get(p).is_none())
        .all(|&p| touches(board, p, string))
}

/// The points of `colour`'s pass-alive area that are not its own stones: the regions its
/// pass-alive strings enclose.
#[must_use]
pub fn pass_alive_regions(board: &Board, colour: Color, suicide_legal: bool) -> Vec<Vec<Point>> {
    let strings: Vec<BTreeSet<Point>> = regions::strings(board)
        .into_iter()
        .filter(|s| s.first().and_then(|&p| board.get(p)) == Some(colour))
        .map(|s| s.into_iter().collect())
        .collect();
    let regions = regions_of(board, colour);
    let borders = |region: &BTreeSet<Point>, string: &BTreeSet<Point>| {
        region.iter().any(|&p| touches(board, p, string))
    };
    // Benson's iteration: remove every string with fewer than two vital regions among the
    // regions that border no removed string, until nothing is removed.
    let mut alive = vec![true; strings.len()];
    loop {
        let healthy: Vec<bool> = regions
            .iter()
            .map(|r| {
                strings
                    .iter()
                    .zip(&alive)
                    .all(|(s, &a)| a || !borders(r, s))
            })
            .collect();
        let removed: Vec<usize> = (0..strings.len())
            .filter(|&i| alive[i])
            .filter(|&i| {
                let vital = regions
                    .iter()
                    .zip(&healthy)
                    .filter(|(r, h)| **h && is_vital(board, r, &strings[i], suicide_legal))
                    .count();
                vital < 2
            })
            .collect();
        if removed.is_empty() {
            return regions
                .iter()
                .zip(&healthy)
                .filter(|(r, h)| {
                    let own_stone_next =
                        |p: &Point| board.neighbours(*p).any(|n| board.get(n) == Some(colour));
                    let inside = r.iter().filter(|p| !own_stone_next(p)).count();
                    **h && r.iter().any(own_stone_next) && inside <= 1
                })
                .map(|(r, _)| r.iter().copied().collect())
                .collect();
        }
        for i in removed {
            alive[i] = false;
        }
    }
}

/// The pass-dead stones of `board`, in ascending order: the stones of each colour standing in
/// the other colour's pass-alive area. `suicide_legal` is `play.suicide` other than
/// `forbidden`.
#[must_use]
pub fn pass_dead_stones(board: &Board, suicide_legal: bool) -> Vec<Point> {
    let mut dead = BTreeSet::new();
    for owner in Color::ALL {
        for region in pass_alive_regions(board, owner, suicide_legal) {
            dead.extend(
                region
                    .into_iter()
                    .filter(|&p| board.get(p) == Some(owner.opponent())),
            );
        }
    }
    dead.into_iter().collect()
}

/// The ruling's note listing the pass-dead stones, if any.
#[must_use]
pub fn note(dead: &[Point]) -> Option<String> {
    (!dead.is_empty()).then(|| {
        let points: Vec<String> = dead.iter().map(|p| p.to_sgf()).collect();
        format!(
            "stones inside the other colour's pass-alive area are dead (scoring.pass-dead): {}",
            points.join(", ")
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dead(diagram: &str, suicide_legal: bool) -> Vec<String> {
        let board = Board::from_diagram(diagram).expect("diagram");
        pass_dead_stones(&board, suicide_legal)
            .iter()
            .map(|p| p.to_sgf())
            .collect()
    }

    /// KataGo docs/rules.html (area scoring): a stone in the other colour's pass-alive
    /// territory counts for that colour without capture.
    #[test]
    fn a_stone_in_a_two_eyed_groups_eye_is_pass_dead() {
        // Black: vital regions a1, c1-d1 (d1 White, touching d2) and the third row.
        let d = dead(
            ". X . O X\n\
             X X X X X\n\
             . . . . .",
            false,
        );
        assert_eq!(d, vec!["da"]);
    }

    /// Benson: one vital region is not life; nothing is pass-dead.
    #[test]
    fn nothing_is_pass_dead_without_two_vital_regions() {
        let d = dead(
            ". X O . .\n\
             X X O . .\n\
             O O O . .",
            false,
        );
        assert!(d.is_empty(), "{d:?}");
    }

    /// KataGo calculateAreaForPla: with suicide legal a region is vital only if its stones too
    /// touch the string. The region b1-d1-c2 holds a White stone at c1 touching no Black stone:
    /// vital without suicide (Black has two vital regions, c1 is dead), not with it (one).
    #[test]
    fn the_suicide_rule_changes_which_regions_are_vital() {
        let board = "X . O . X\n\
                     X X . X X\n\
                     . X X X X";
        assert_eq!(dead(board, false), vec!["ca"]);
        assert_eq!(dead(board, true), Vec::<String>::new());
    }
}
