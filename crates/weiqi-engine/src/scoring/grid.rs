//! The scoring board: a padded one-dimensional array of cells, and the labelling of its
//! strings and empty regions by flood fills on fixed arrays.
//!
//! Layout: `stride = width + 1`; the point `(row, col)` is the cell `(row + 1) * stride + col
//! + 1`. Row 0, row `height + 1` and column 0 of every row are [`EDGE`] cells, and column 0 of
//! the next row is the right-hand border of a row, so the four neighbours of an on-board cell
//! are `i - 1`, `i + 1`, `i - stride`, `i + stride`, always inside the array.
//!
//! **Invariant:** every on-board cell has four neighbours inside the array, and the border
//! cells are [`EDGE`] and never change. Every flood fill relies on it to step without bounds
//! tests (an off-board step lands on an [`EDGE`] cell, whose content matches nothing).

use weiqi_core::{Board, BoardSize, Color, Point};

/// An empty cell.
pub(crate) const EMPTY: u8 = 0;
/// A Black stone (also the bit of Black in a region's `touch` mask).
pub(crate) const BLACK: u8 = 1;
/// A White stone (also the bit of White in a region's `touch` mask).
pub(crate) const WHITE: u8 = 2;
/// A border cell.
pub(crate) const EDGE: u8 = 3;
/// A neutral stone of the dame filling (spec/FILLING.md 4.3): not empty, in no string,
/// bordering nothing.
pub(crate) const NEUTRAL: u8 = 4;

/// The cell value of a colour.
#[must_use]
pub(crate) const fn cell_of(c: Color) -> u8 {
    match c {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

/// The colour of a stone cell.
#[must_use]
pub(crate) const fn color_of(cell: u8) -> Option<Color> {
    match cell {
        BLACK => Some(Color::Black),
        WHITE => Some(Color::White),
        _ => None,
    }
}

/// No label yet.
pub(crate) const UNLABELLED: u32 = u32::MAX;

/// An empty region (a maximal orthogonally connected set of empty points).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Region {
    /// Bit [`BLACK`] if a Black stone borders the region, bit [`WHITE`] for White: 1 and 2
    /// reach one colour only (Tromp-Taylor), 3 both, 0 none (an empty board).
    pub touch: u8,
    /// The number of points.
    pub size: u32,
    /// The first cell of the region in row-major order.
    pub first: u32,
}

/// A string (a maximal orthogonally connected set of stones of one colour).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Str {
    /// [`BLACK`] or [`WHITE`].
    pub color: u8,
    /// The number of distinct liberties.
    pub liberties: u32,
    /// The number of stones.
    pub size: u32,
    /// The first cell of the string in row-major order.
    pub first: u32,
}

/// A padded board with its labelling: every string and every empty region, found by one
/// flood fill each.
///
/// All arrays are sized once for the board; relabelling after a change reuses them.
#[derive(Debug, Clone)]
pub(crate) struct Grid {
    /// Board width.
    pub width: usize,
    /// Board height.
    pub height: usize,
    /// `width + 1`.
    pub stride: usize,
    /// The cells ([`EMPTY`], [`BLACK`], [`WHITE`], [`EDGE`]).
    pub cells: Vec<u8>,
    /// The string id of a stone cell or the region id of an empty cell ([`UNLABELLED`] for
    /// the border).
    pub label: Vec<u32>,
    /// The regions, by id, in the order of their first point.
    pub regions: Vec<Region>,
    /// The strings, by id, in the order of their first point.
    pub strings: Vec<Str>,
    /// Flood fill stack (capacity: every cell).
    stack: Vec<u32>,
    /// Liberty stamps: `stamp[i] == mark` when cell `i` was counted for the current string.
    stamp: Vec<u32>,
    /// The current stamp value (incremented per string, wrapping resets `stamp`).
    mark: u32,
}

impl Grid {
    /// An empty padded board of `size`.
    #[must_use]
    pub fn new(size: BoardSize) -> Grid {
        let width = usize::from(size.width());
        let height = usize::from(size.height());
        let stride = width + 1;
        let len = (height + 2) * stride + 1;
        let mut cells = vec![EDGE; len];
        for r in 0..height {
            for c in 0..width {
                cells[(r + 1) * stride + c + 1] = EMPTY;
            }
        }
        Grid {
            width,
            height,
            stride,
            cells,
            label: vec![UNLABELLED; len],
            regions: Vec::with_capacity(64),
            strings: Vec::with_capacity(64),
            stack: Vec::with_capacity(len),
            stamp: vec![0; len],
            mark: 0,
        }
    }

    /// The padded board of `board`.
    #[cfg(test)]
    #[must_use]
    pub fn from_board(board: &Board) -> Grid {
        let mut g = Grid::new(board.size());
        g.load(board);
        g
    }

    /// Loads the stones of `board`, resizing the arrays when the size differs.
    pub fn load(&mut self, board: &Board) {
        let size = board.size();
        if self.width != usize::from(size.width()) || self.height != usize::from(size.height()) {
            *self = Grid::new(size);
        }
        // `Board::iter` goes row by row from the top-left corner: each row of `width`
        // points fills the cells `(r + 1) * stride + 1 ..` in order.
        let mut contents = board
            .iter()
            .map(|(_, content)| content.map_or(EMPTY, cell_of));
        for r in 0..self.height {
            let start = (r + 1) * self.stride + 1;
            for (cell, content) in self.cells[start..start + self.width]
                .iter_mut()
                .zip(contents.by_ref())
            {
                *cell = content;
            }
        }
    }

    /// Makes `self` a copy of `other`, cells and labels, reusing the arrays.
    pub fn copy_from(&mut self, other: &Grid) {
        self.width = other.width;
        self.height = other.height;
        self.stride = other.stride;
        self.cells.clone_from(&other.cells);
        self.label.clone_from(&other.label);
        self.regions.clone_from(&other.regions);
        self.strings.clone_from(&other.strings);
        if self.stamp.len() != other.stamp.len() {
            self.stamp = vec![0; other.stamp.len()];
            self.mark = 0;
        }
    }

    /// The cell of an on-board point (the caller checks that `p` is on the board).
    #[must_use]
    pub fn cell(&self, p: Point) -> usize {
        (usize::from(p.row) + 1) * self.stride + usize::from(p.col) + 1
    }

    /// The cell of `p`, if `p` is on the board.
    #[must_use]
    pub fn cell_checked(&self, p: Point) -> Option<usize> {
        (usize::from(p.col) < self.width && usize::from(p.row) < self.height).then(|| self.cell(p))
    }

    /// The point of an on-board cell.
    #[must_use]
    pub fn point(&self, i: usize) -> Point {
        // On-board cells have row < height <= 52 and col < width <= 52.
        let row = (i / self.stride - 1) as u8;
        let col = (i % self.stride - 1) as u8;
        Point::rc(row, col)
    }

    /// The four neighbour cells of an on-board cell (module invariant: all inside the array).
    #[must_use]
    pub fn neighbours(&self, i: usize) -> [usize; 4] {
        [i - self.stride, i - 1, i + 1, i + self.stride]
    }

    /// Every on-board cell, row by row from the top-left corner.
    pub fn board_cells(&self) -> impl Iterator<Item = usize> + use<> {
        let (w, h, s) = (self.width, self.height, self.stride);
        (0..h).flat_map(move |r| {
            let start = (r + 1) * s + 1;
            start..start + w
        })
    }

    /// The number of on-board points.
    #[must_use]
    pub fn points_count(&self) -> usize {
        self.width * self.height
    }

    /// A fresh liberty stamp.
    fn next_mark(&mut self) -> u32 {
        if self.mark == u32::MAX {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.mark = 0;
        }
        self.mark += 1;
        self.mark
    }

    /// Labels every string and every empty region of the board, with their liberty counts
    /// and the colours each region touches.
    ///
    /// Written for the optimiser: the arrays are borrowed as slices of one length (`len`), so
    /// that one bounds test covers the reads of a cell's content, label and stamp, and the
    /// flood stack is a fixed array with its own top (no capacity test per push). Cells that
    /// are marked with `stamp` for a string's liberties are counted once per string: the
    /// stamp value is fresh per string (module invariant: wrapping resets every stamp).
    pub fn relabel(&mut self) {
        let len = self.cells.len();
        self.label.fill(UNLABELLED);
        self.regions.clear();
        self.strings.clear();
        if self.stack.len() < len {
            self.stack.resize(len, 0);
        }
        if self.mark >= u32::MAX - (len as u32) {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.mark = 0;
        }
        let stride = self.stride;
        let cells = &self.cells[..len];
        let label = &mut self.label[..len];
        let stamp = &mut self.stamp[..len];
        let stack = &mut self.stack[..len];
        let mut mark = self.mark;
        for r in 0..self.height {
            let start = (r + 1) * stride + 1;
            for i in start..start + self.width {
                if label[i] != UNLABELLED {
                    continue;
                }
                let content = cells[i];
                if content == NEUTRAL {
                    continue;
                }
                let is_region = content == EMPTY;
                let id = if is_region {
                    self.regions.len()
                } else {
                    self.strings.len()
                } as u32;
                mark += 1;
                // One pass per popped cell: same content joins the flood; for a region a stone
                // neighbour adds its colour to `touch`; for a string an empty neighbour not yet
                // stamped is a new liberty. Each cell is pushed once (labelled when pushed), so
                // the stack never holds more than `len` cells.
                let (mut touch, mut liberties, mut size) = (0u8, 0u32, 0u32);
                label[i] = id;
                stack[0] = i as u32;
                let mut top = 1;
                while top > 0 {
                    top -= 1;
                    let j = stack[top] as usize;
                    size += 1;
                    for n in [j - stride, j - 1, j + 1, j + stride] {
                        let c = cells[n];
                        if c == content {
                            if label[n] == UNLABELLED {
                                label[n] = id;
                                stack[top] = n as u32;
                                top += 1;
                            }
                        } else if is_region {
                            touch |= c & (u8::from(c == BLACK || c == WHITE) * 3);
                        } else if c == EMPTY && stamp[n] != mark {
                            stamp[n] = mark;
                            liberties += 1;
                        }
                    }
                }
                if is_region {
                    self.regions.push(Region {
                        touch,
                        size,
                        first: i as u32,
                    });
                } else {
                    self.strings.push(Str {
                        color: content,
                        liberties,
                        size,
                        first: i as u32,
                    });
                }
            }
        }
        self.mark = mark;
    }

    /// The string of a stone cell (after [`Grid::relabel`]).
    #[must_use]
    pub fn string_of(&self, i: usize) -> &Str {
        &self.strings[self.label[i] as usize]
    }

    /// The region of an empty cell (after [`Grid::relabel`]).
    #[must_use]
    pub fn region_of(&self, i: usize) -> &Region {
        &self.regions[self.label[i] as usize]
    }

    /// Collects the cells of the string through the stone cell `start` into `out` (cleared
    /// first), without touching the labels: a separate visited stamp is used.
    pub fn collect_string(&mut self, start: usize, out: &mut Vec<u32>) {
        out.clear();
        let content = self.cells[start];
        if content != BLACK && content != WHITE {
            return;
        }
        let mark = self.next_mark();
        self.stamp[start] = mark;
        out.push(start as u32);
        let mut k = 0;
        while k < out.len() {
            let i = out[k] as usize;
            k += 1;
            for n in self.neighbours(i) {
                if self.cells[n] == content && self.stamp[n] != mark {
                    self.stamp[n] = mark;
                    out.push(n as u32);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(text: &str) -> Grid {
        let mut g = Grid::from_board(&Board::from_diagram(text).expect("valid diagram"));
        g.relabel();
        g
    }

    #[test]
    fn padding_keeps_every_neighbour_inside() {
        // Module invariant: the four neighbours of every on-board cell lie inside the array,
        // and the off-board ones are edge cells.
        for (w, h) in [(1, 1), (1, 5), (7, 4), (19, 19), (52, 52)] {
            let g = Grid::new(BoardSize::new(w, h).expect("valid size"));
            let mut count = 0;
            for i in g.board_cells() {
                count += 1;
                let p = g.point(i);
                assert_eq!(g.cell(p), i);
                let on: Vec<usize> = g
                    .neighbours(i)
                    .into_iter()
                    .filter(|&n| g.cells[n] != EDGE)
                    .collect();
                let expected: Vec<usize> = BoardSize::new(w, h)
                    .expect("valid size")
                    .neighbours(p)
                    .map(|q| g.cell(q))
                    .collect();
                let mut on_sorted = on.clone();
                on_sorted.sort_unstable();
                let mut exp_sorted = expected;
                exp_sorted.sort_unstable();
                assert_eq!(on_sorted, exp_sorted, "{w}x{h} {p:?}");
            }
            assert_eq!(count, g.points_count());
        }
    }

    #[test]
    fn labels_count_liberties_and_touches() {
        // VARIANTS.md 3.0 (strings and liberties) and 3.f (reachability) on a 3x3 board.
        let g = grid("X X .\nO X .\nO . .");
        assert_eq!(g.strings.len(), 2);
        let black = g.string_of(g.cell(Point::rc(0, 0)));
        assert_eq!((black.size, black.liberties), (3, 3));
        let white = g.string_of(g.cell(Point::rc(1, 0)));
        assert_eq!((white.size, white.liberties), (2, 1));
        assert_eq!(g.regions.len(), 1);
        assert_eq!(g.regions[0].touch, BLACK | WHITE);
        assert_eq!(g.regions[0].size, 4);
        let g = grid(". X .\nX X O\n. O .");
        assert_eq!(g.region_of(g.cell(Point::rc(0, 0))).touch, BLACK);
        assert_eq!(g.region_of(g.cell(Point::rc(2, 2))).touch, WHITE);
        assert_eq!(g.region_of(g.cell(Point::rc(0, 2))).touch, BLACK | WHITE);
        let g = grid(". .\n. .");
        assert_eq!(g.regions[0].touch, 0);
    }
}
