//! The board as the judge reads it: points numbered row by row, a neighbour table, colour
//! codes, strings and connected components, and the canonical frame of a position (the
//! symmetry and colour swap that make the judgement independent of how the board is turned).
//!
//! Invariant: everything here is a pure function of the stones; the order of every list is the
//! row-major order of points, never the order of a hash table.

use weiqi_core::{Board, BoardSize, Color, Point};

/// No point (off the board, or no string).
pub(crate) const NONE: u32 = u32::MAX;
/// The colour code of an empty point.
pub(crate) const EMPTY: u8 = 0;
/// The colour code of a black stone.
pub(crate) const BLACK: u8 = 1;
/// The colour code of a white stone.
pub(crate) const WHITE: u8 = 2;

/// The colour code of `c`.
pub(crate) fn code(c: Color) -> u8 {
    match c {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

/// The colour of a stone code (`BLACK` or `WHITE`).
pub(crate) fn color_of(c: u8) -> Color {
    if c == BLACK {
        Color::Black
    } else {
        Color::White
    }
}

/// The other stone code.
pub(crate) fn other(c: u8) -> u8 {
    BLACK + WHITE - c
}

/// The geometry of a board size: point numbering and neighbour tables.
#[derive(Debug, Clone)]
pub(crate) struct Grid {
    pub(crate) size: BoardSize,
    pub(crate) width: usize,
    pub(crate) len: usize,
    /// The orthogonal neighbours of each point (`NONE` off the board).
    pub(crate) adj: Vec<[u32; 4]>,
    /// The diagonal neighbours of each point (`NONE` off the board).
    pub(crate) diag: Vec<[u32; 4]>,
}

impl Grid {
    pub(crate) fn new(size: BoardSize) -> Grid {
        let width = usize::from(size.width());
        let height = usize::from(size.height());
        let len = width * height;
        let at = |r: isize, c: isize| -> u32 {
            if r < 0 || c < 0 || r >= height as isize || c >= width as isize {
                NONE
            } else {
                u32::try_from(r as usize * width + c as usize).unwrap_or(NONE)
            }
        };
        let mut adj = Vec::with_capacity(len);
        let mut diag = Vec::with_capacity(len);
        for i in 0..len {
            let (r, c) = ((i / width) as isize, (i % width) as isize);
            adj.push([at(r - 1, c), at(r, c - 1), at(r, c + 1), at(r + 1, c)]);
            diag.push([
                at(r - 1, c - 1),
                at(r - 1, c + 1),
                at(r + 1, c - 1),
                at(r + 1, c + 1),
            ]);
        }
        Grid {
            size,
            width,
            len,
            adj,
            diag,
        }
    }

    /// The point numbered `i`.
    pub(crate) fn point(&self, i: usize) -> Point {
        Point::rc(
            u8::try_from(i / self.width).unwrap_or(u8::MAX),
            u8::try_from(i % self.width).unwrap_or(u8::MAX),
        )
    }

    /// The number of `p` (row by row).
    pub(crate) fn index(&self, p: Point) -> Option<usize> {
        self.size.index(p)
    }

    /// The on-board neighbours of `i`.
    pub(crate) fn adj(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        self.adj[i]
            .iter()
            .filter(|&&n| n != NONE)
            .map(|&n| n as usize)
    }

    /// The colour codes of `board`.
    pub(crate) fn cells(&self, board: &Board) -> Vec<u8> {
        (0..self.len)
            .map(|i| board.get(self.point(i)).map_or(EMPTY, code))
            .collect()
    }

    /// The connected sets of points satisfying `member`, each in row-major order, in the order
    /// of their first point; and the component of each point (`NONE` outside them).
    pub(crate) fn components(&self, member: impl Fn(usize) -> bool) -> (Vec<Vec<usize>>, Vec<u32>) {
        let mut id = vec![NONE; self.len];
        let mut out: Vec<Vec<usize>> = Vec::new();
        for start in 0..self.len {
            if id[start] != NONE || !member(start) {
                continue;
            }
            let k = u32::try_from(out.len()).unwrap_or(NONE);
            let mut part = vec![start];
            id[start] = k;
            let mut j = 0;
            while j < part.len() {
                let q = part[j];
                j += 1;
                for n in self.adj(q) {
                    if id[n] == NONE && member(n) {
                        id[n] = k;
                        part.push(n);
                    }
                }
            }
            part.sort_unstable();
            out.push(part);
        }
        (out, id)
    }
}

/// The strings of a position: stones and colour of each, and the string of each point.
#[derive(Debug, Clone)]
pub(crate) struct Strings {
    /// Each string's stones (row-major), in the order of their first stone.
    pub(crate) stones: Vec<Vec<usize>>,
    /// Each string's colour code.
    pub(crate) color: Vec<u8>,
    /// The string of each point (`NONE` for an empty point).
    pub(crate) of: Vec<u32>,
}

impl Strings {
    pub(crate) fn new(grid: &Grid, cells: &[u8]) -> Strings {
        let mut out_stones: Vec<Vec<usize>> = Vec::new();
        let mut out_of = vec![NONE; grid.len];
        for start in 0..grid.len {
            if cells[start] == EMPTY || out_of[start] != NONE {
                continue;
            }
            let c = cells[start];
            let k = u32::try_from(out_stones.len()).unwrap_or(NONE);
            let mut part = vec![start];
            out_of[start] = k;
            let mut j = 0;
            while j < part.len() {
                let q = part[j];
                j += 1;
                for n in grid.adj(q) {
                    if out_of[n] == NONE && cells[n] == c {
                        out_of[n] = k;
                        part.push(n);
                    }
                }
            }
            part.sort_unstable();
            out_stones.push(part);
        }
        let color = out_stones.iter().map(|s| cells[s[0]]).collect();
        Strings {
            stones: out_stones,
            color,
            of: out_of,
        }
    }
}

/// One of the symmetries of a board: `transpose` first, then the flips.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Symmetry {
    pub(crate) transpose: bool,
    pub(crate) flip_rows: bool,
    pub(crate) flip_cols: bool,
}

impl Symmetry {
    /// The symmetries that keep the board's shape (8 on a square board, 4 otherwise), the
    /// identity first.
    pub(crate) fn all(size: BoardSize) -> Vec<Symmetry> {
        let mut out = Vec::new();
        for transpose in [false, true] {
            if transpose && !size.is_square() {
                continue;
            }
            for flip_rows in [false, true] {
                for flip_cols in [false, true] {
                    out.push(Symmetry {
                        transpose,
                        flip_rows,
                        flip_cols,
                    });
                }
            }
        }
        out
    }

    /// Where point number `i` goes.
    pub(crate) fn apply(self, grid: &Grid, i: usize) -> usize {
        let w = grid.width;
        let h = grid.len / w.max(1);
        let (mut r, mut c) = (i / w, i % w);
        if self.transpose {
            std::mem::swap(&mut r, &mut c);
        }
        if self.flip_rows {
            r = h - 1 - r;
        }
        if self.flip_cols {
            c = w - 1 - c;
        }
        r * w + c
    }
}

/// The canonical frame of a position: the order in which the judge visits the points (so that
/// its random choices are the same, turned, on a turned board) and whether the colours are
/// swapped in that frame.
#[derive(Debug, Clone)]
pub(crate) struct Frame {
    /// `order[k]`: the point that is number `k` in the canonical frame.
    pub(crate) order: Vec<usize>,
    /// The rank of each point in the canonical frame (the inverse of `order`).
    pub(crate) rank: Vec<usize>,
    /// Whether Black in this position is White in the canonical frame.
    pub(crate) swapped: bool,
}

impl Frame {
    /// The canonical frame of `cells` with `to_move` to play: of the symmetries and the colour
    /// swap, the one that makes the sequence of (side to move first, then the colours in
    /// canonical order) smallest; ties go to the first in a fixed list.
    pub(crate) fn new(grid: &Grid, cells: &[u8], to_move: u8) -> Frame {
        let mut best: Option<(Vec<u8>, Symmetry, bool)> = None;
        for swap in [false, true] {
            for s in Symmetry::all(grid.size) {
                let map = |c: u8| if swap && c != EMPTY { other(c) } else { c };
                // The sequence: the side to move, then the canonical board.
                let mut seq = vec![0u8; grid.len + 1];
                seq[0] = map(to_move);
                for i in 0..grid.len {
                    seq[1 + s.apply(grid, i)] = map(cells[i]);
                }
                if best.as_ref().is_none_or(|b| seq < b.0) {
                    best = Some((seq, s, swap));
                }
            }
        }
        let (s, swapped) = best.map_or(
            (
                Symmetry {
                    transpose: false,
                    flip_rows: false,
                    flip_cols: false,
                },
                false,
            ),
            |b| (b.1, b.2),
        );
        let mut order = vec![0; grid.len];
        let mut rank = vec![0; grid.len];
        for (i, r) in rank.iter_mut().enumerate() {
            let k = s.apply(grid, i);
            order[k] = i;
            *r = k;
        }
        Frame {
            order,
            rank,
            swapped,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetries_are_permutations() {
        let size = BoardSize::new(5, 5).expect("size");
        let grid = Grid::new(size);
        for s in Symmetry::all(size) {
            let mut seen: Vec<usize> = (0..grid.len).map(|i| s.apply(&grid, i)).collect();
            seen.sort_unstable();
            assert_eq!(seen, (0..grid.len).collect::<Vec<_>>());
        }
        assert_eq!(Symmetry::all(size).len(), 8);
        assert_eq!(Symmetry::all(BoardSize::new(5, 3).expect("size")).len(), 4);
    }
}
