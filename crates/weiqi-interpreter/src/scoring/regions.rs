//! Flood fills the scoring clauses share: strings, liberties, empty regions and Tromp-Taylor
//! reachability (docs/variants.md 3.0 and 3.f).
//!
//! Literal and uncached: every question is answered by a fresh flood fill over the board.

use std::collections::BTreeSet;

use weiqi_core::{Board, ByColor, Color, Point};

/// Strings and liberties are the play rules' own flood fills (`crate::strings`, docs/variants.md
/// 3.0): scoring asks the same questions of the same board.
pub use crate::strings::{all_strings as strings, liberties, string};

/// Which colours an empty point reaches (docs/variants.md 3.f: "a path of orthogonally adjacent
/// points, all of colour(p), from p to a point of colour C").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Reach {
    /// Stones of this colour only.
    Only(Color),
    /// Stones of both colours.
    Both,
    /// No stone at all (an empty board).
    Nobody,
}

/// The maximal set of orthogonally connected points with the same content as `p` (a string
/// when `p` holds a stone, an empty region when it is empty), in row-major order.
#[must_use]
pub fn connected(board: &Board, p: Point) -> Vec<Point> {
    let size = board.size();
    let Some(start) = size.index(p) else {
        return Vec::new();
    };
    let content = board.get(p);
    let mut seen = vec![false; size.points_count()];
    seen[start] = true;
    let mut stack = vec![p];
    while let Some(q) = stack.pop() {
        for n in board.neighbours(q) {
            if let Some(i) = size.index(n)
                && !seen[i]
                && board.get(n) == content
            {
                seen[i] = true;
                stack.push(n);
            }
        }
    }
    seen.iter()
        .enumerate()
        .filter(|&(_, &s)| s)
        .filter_map(|(i, _)| size.point_at(i))
        .collect()
}

/// Which colours the empty point `p` reaches, by the literal Tromp-Taylor definition
/// (docs/variants.md 3.f): flood fill over empty points from `p`, noting the colours met.
#[must_use]
pub fn reach(board: &Board, p: Point) -> Reach {
    let region = connected(board, p);
    let touched = colours_around(board, &region);
    match (touched.black, touched.white) {
        (true, true) => Reach::Both,
        (true, false) => Reach::Only(Color::Black),
        (false, true) => Reach::Only(Color::White),
        (false, false) => Reach::Nobody,
    }
}

/// [`reach`] of every point, row by row (`None` for stones): one flood fill per empty region
/// instead of one per point, which gives the same answer because reachability is a property
/// of the region (docs/variants.md 3.f).
#[must_use]
pub fn reach_map(board: &Board) -> Vec<Option<Reach>> {
    let size = board.size();
    let mut map = vec![None; size.points_count()];
    for region in empty_regions(board) {
        let r = reach(board, region[0]);
        for p in region {
            if let Some(i) = size.index(p) {
                map[i] = Some(r);
            }
        }
    }
    map
}

/// Whether some point of `points` is next to a stone of each colour.
#[must_use]
pub fn colours_around(board: &Board, points: &[Point]) -> ByColor<bool> {
    let mut touched = ByColor {
        black: false,
        white: false,
    };
    for &q in points {
        for n in board.neighbours(q) {
            if let Some(c) = board.get(n) {
                touched[c] = true;
            }
        }
    }
    touched
}

/// Every empty region of the board (maximal connected sets of empty points), each in
/// row-major order, the regions ordered by their first point.
#[must_use]
pub fn empty_regions(board: &Board) -> Vec<Vec<Point>> {
    let mut seen = BTreeSet::new();
    let mut regions = Vec::new();
    for p in board.empty_points() {
        if seen.contains(&p) {
            continue;
        }
        let region = connected(board, p);
        seen.extend(region.iter().copied());
        regions.push(region);
    }
    regions
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> Board {
        Board::from_diagram(text).expect("valid diagram")
    }

    #[test]
    fn reach_follows_tromp_taylor() {
        // docs/variants.md 3.f: an empty point scores for P iff it reaches P and not the opponent.
        let b = board(". X .\nX X O\n. O .");
        assert_eq!(reach(&b, Point::rc(0, 0)), Reach::Only(Color::Black));
        assert_eq!(reach(&b, Point::rc(0, 2)), Reach::Both);
        assert_eq!(reach(&b, Point::rc(2, 2)), Reach::Only(Color::White));
        assert_eq!(reach(&board(". .\n. ."), Point::rc(1, 1)), Reach::Nobody);
        let map = reach_map(&b);
        for (i, (p, c)) in b.iter().enumerate() {
            assert_eq!(map[i], c.is_none().then(|| reach(&b, p)), "{p:?}");
        }
    }

    #[test]
    fn strings_and_liberties() {
        let b = board("X X .\nO X .\nO . .");
        let s = string(&b, Point::rc(0, 0));
        assert_eq!(s, vec![Point::rc(0, 0), Point::rc(0, 1), Point::rc(1, 1)]);
        let libs: BTreeSet<Point> = liberties(&b, &s).into_iter().collect();
        assert_eq!(
            libs,
            BTreeSet::from([Point::rc(0, 2), Point::rc(1, 2), Point::rc(2, 1)])
        );
        assert!(string(&b, Point::rc(2, 2)).is_empty());
        assert_eq!(strings(&b).len(), 2);
        assert_eq!(empty_regions(&b).len(), 1);
    }
}
