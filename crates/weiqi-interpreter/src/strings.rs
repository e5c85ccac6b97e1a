//! Strings and liberties, by flood fill (docs/variants.md 3.0: "string(p): flood fill over
//! neighbours of the same colour. liberties(s): empty neighbours of s").
//!
//! Nothing is cached: every call walks the board again.

use weiqi_core::{Board, Point};

/// The string containing `p`: `p` and every stone of the same colour connected to it through
/// orthogonal neighbours, sorted (docs/variants.md 3.0 `string(p)`). Empty when `p` is empty.
#[must_use]
pub fn string(board: &Board, p: Point) -> Vec<Point> {
    let Some(color) = board.get(p) else {
        return Vec::new();
    };
    let size = board.size();
    let mut seen = vec![false; size.points_count()];
    let mut stack = vec![p];
    let mut out = Vec::new();
    if let Some(i) = size.index(p) {
        seen[i] = true;
    }
    while let Some(q) = stack.pop() {
        out.push(q);
        for n in board.neighbours(q) {
            if board.get(n) == Some(color)
                && let Some(i) = size.index(n)
                && !seen[i]
            {
                seen[i] = true;
                stack.push(n);
            }
        }
    }
    out.sort();
    out
}

/// Whether the string containing the stone at `p` has a liberty: the flood fill of
/// [`string`], stopped at the first empty neighbour found. `false` when `p` is empty.
#[must_use]
pub fn has_liberty(board: &Board, p: Point) -> bool {
    let Some(color) = board.get(p) else {
        return false;
    };
    let size = board.size();
    let mut seen = vec![false; size.points_count()];
    let mut stack = vec![p];
    if let Some(i) = size.index(p) {
        seen[i] = true;
    }
    while let Some(q) = stack.pop() {
        for n in board.neighbours(q) {
            match board.get(n) {
                None => return true,
                Some(c) if c == color => {
                    if let Some(i) = size.index(n)
                        && !seen[i]
                    {
                        seen[i] = true;
                        stack.push(n);
                    }
                }
                Some(_) => {}
            }
        }
    }
    false
}

/// The liberties of a set of stones: the empty points adjacent to any of them, sorted and
/// without duplicates (docs/variants.md 3.0 `liberties(s)`).
#[must_use]
pub fn liberties(board: &Board, stones: &[Point]) -> Vec<Point> {
    let mut out: Vec<Point> = stones
        .iter()
        .flat_map(|&s| board.neighbours(s))
        .filter(|&n| board.get(n).is_none())
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Every string of the board, each sorted, in the order of their first point (row by row).
#[must_use]
pub fn all_strings(board: &Board) -> Vec<Vec<Point>> {
    let mut seen = vec![false; board.size().points_count()];
    let mut out = Vec::new();
    for (p, c) in board.iter() {
        let Some(i) = board.size().index(p) else {
            continue;
        };
        if c.is_none() || seen[i] {
            continue;
        }
        let s = string(board, p);
        for q in &s {
            if let Some(j) = board.size().index(*q) {
                seen[j] = true;
            }
        }
        out.push(s);
    }
    out
}

/// Removes the stones at `points` from the board.
pub fn remove(board: &mut Board, points: &[Point]) {
    for &p in points {
        board.set(p, None);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn string_and_liberties_by_flood_fill_variants_3_0() {
        let b = Board::from_diagram("X X .\n. O X\nX X X").expect("diagram");
        assert_eq!(
            string(&b, Point::rc(0, 0)),
            vec![Point::rc(0, 0), Point::rc(0, 1)]
        );
        assert_eq!(
            liberties(&b, &string(&b, Point::rc(0, 0))),
            vec![Point::rc(0, 2), Point::rc(1, 0)],
            "sorted row by row"
        );
        assert_eq!(string(&b, Point::rc(2, 2)).len(), 4);
        assert_eq!(
            liberties(&b, &string(&b, Point::rc(1, 1))),
            vec![Point::rc(1, 0)]
        );
        assert!(string(&b, Point::rc(0, 2)).is_empty());
        assert!(has_liberty(&b, Point::rc(0, 0)));
        assert!(has_liberty(&b, Point::rc(2, 2)));
        let dead = Board::from_diagram("X O\nO .").expect("diagram");
        assert!(!has_liberty(&dead, Point::rc(0, 0)));
        assert!(!has_liberty(&dead, Point::rc(1, 1)));
        assert_eq!(all_strings(&b).len(), 3);
    }
}
