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

/// The on-board cells of a [`Grid`], row by row (see [`Grid::board_cells`]).
///
/// A counter that steps over the one border cell between rows, cheaper for the optimiser
/// than a `flat_map` over row ranges (the loops over the board in the count and the filling
/// run once or more per point). **Invariant:** a row of the padded board is `width` on-board
/// cells followed by one border cell (module doc), so the cell after a row's last is the
/// border and the next row starts one further; `end` is one past the last row's last cell.
#[derive(Debug, Clone)]
pub(crate) struct BoardCells {
    next: usize,
    row_end: usize,
    end: usize,
    stride: usize,
}

impl Iterator for BoardCells {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.next == self.row_end {
            if self.row_end >= self.end {
                return None;
            }
            self.next += 1;
            self.row_end += self.stride;
        }
        let i = self.next;
        self.next += 1;
        Some(i)
    }
}

/// The most rows of a board (`weiqi_core::MAX_SIDE`).
const MAX_ROWS: usize = 52;

/// No label yet.
pub(crate) const UNLABELLED: u32 = u32::MAX;

/// The bits a cell's content adds to a bordering region's `touch`, by content (`& 7`):
/// Black and White their own bit, every other content none.
const TOUCH: [u8; 8] = [0, BLACK, WHITE, 0, 0, 0, 0, 0];

/// An empty region (a maximal orthogonally connected set of empty points).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Region {
    /// Bit [`BLACK`] if a Black stone borders the region, bit [`WHITE`] for White: 1 and 2
    /// reach one colour only (Tromp-Taylor), 3 both, 0 none (an empty board).
    pub touch: u8,
    /// The number of points (0: a retired id, see [`Grid::relabel_around`]).
    pub size: u32,
    /// A cell of the region: the first in row-major order after [`Grid::relabel`].
    pub first: u32,
}

/// A string (a maximal orthogonally connected set of stones of one colour).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Str {
    /// [`BLACK`] or [`WHITE`].
    pub color: u8,
    /// The number of distinct liberties.
    pub liberties: u32,
    /// The number of stones (0: a retired id, see [`Grid::relabel_around`]).
    pub size: u32,
    /// A stone of the string: the first in row-major order after [`Grid::relabel`].
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
    /// The regions, by id (after [`Grid::relabel`] in the order of their first point; ids
    /// retired by [`Grid::relabel_around`] stay in place).
    pub regions: Vec<Region>,
    /// The strings, by id (as `regions`).
    pub strings: Vec<Str>,
    /// Flood fill stack (capacity: every cell).
    stack: Vec<u32>,
    /// The run flood's stack of [`Grid::relabel`]: a row and cells of it to grow from.
    runs: Vec<(usize, u64)>,
    /// Liberty stamps: `stamp[i] == mark` when cell `i` was counted for the current string.
    stamp: Vec<u32>,
    /// The current stamp value (incremented per string, wrapping resets `stamp`).
    mark: u32,
    /// The empty cells in row-major order, as of the last [`Grid::relabel`] (not kept up to
    /// date by [`Grid::relabel_around`] or by changes to `cells`).
    pub empties: Vec<u32>,
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
            runs: Vec::new(),
            stamp: vec![0; len],
            mark: 0,
            empties: Vec::with_capacity(len),
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
        // Row by row from the row-major contents (`Board::cells`): a read per point, no
        // index computation (`Board::get` computes and tests one per point; `Board::iter`'s
        // flattened iterator costs about 25 instructions a point, callgrind, W4).
        for (r, row) in board.cells().chunks_exact(self.width).enumerate() {
            let start = (r + 1) * self.stride + 1;
            for (cell, &x) in self.cells[start..start + self.width].iter_mut().zip(row) {
                *cell = x.map_or(EMPTY, cell_of);
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
        self.empties.clone_from(&other.empties);
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

    /// The row-major index of the point of an on-board cell (its index in [`Board::iter`] and
    /// in a score's marks).
    #[must_use]
    pub fn point_index(&self, i: usize) -> usize {
        (i / self.stride - 1) * self.width + i % self.stride - 1
    }

    /// The four neighbour cells of an on-board cell (module invariant: all inside the array).
    #[must_use]
    pub fn neighbours(&self, i: usize) -> [usize; 4] {
        [i - self.stride, i - 1, i + 1, i + self.stride]
    }

    /// Every on-board cell, row by row from the top-left corner.
    pub fn board_cells(&self) -> BoardCells {
        let start = self.stride + 1;
        BoardCells {
            next: start,
            row_end: start + self.width,
            end: (self.height + 1) * self.stride,
            stride: self.stride,
        }
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
    /// and the colours each region touches; lists the empty cells in row-major order.
    ///
    /// Written for the processor: the cells are read once into a row mask per content (a
    /// `u64` per row: a side is at most 52), and each string and region is flooded a row run
    /// at a time (the cells of a row joined along it by `bits::grow_row`, then the cells of
    /// the same content above and below them), so a flood branches per run rather than per
    /// neighbour of every cell; the labels are written from the run's bits. Then one pass over
    /// the empty cells counts the touches and liberties. (W4, `callgrind.sh`: a flood per cell
    /// cost about 30,000 Ir a 19x19 count, its branches per neighbour mispredicted on random
    /// boards; the branch-free version traded more instructions for fewer mispredictions.)
    pub fn relabel(&mut self) {
        self.label.fill(UNLABELLED);
        self.regions.clear();
        self.strings.clear();
        self.empties.clear();
        let (h, w, stride) = (self.height, self.width, self.stride);
        // Per row: the cells of each content (empty, Black, White; index 3 collects the
        // neutral stones, which are never labelled).
        const SLOT: [usize; 8] = [0, 1, 2, 3, 3, 3, 3, 3];
        let mut masks = [[0u64; 4]; MAX_ROWS];
        for (r, m) in masks.iter_mut().enumerate().take(h) {
            let start = (r + 1) * stride + 1;
            for (c, &v) in self.cells[start..start + w].iter().enumerate() {
                m[SLOT[usize::from(v & 7)]] |= 1 << c;
            }
        }
        let mut labelled = [0u64; MAX_ROWS];
        let label = &mut self.label[..];
        for r in 0..h {
            let start = (r + 1) * stride + 1;
            let mut e = masks[r][0];
            while e != 0 {
                self.empties
                    .push((start + e.trailing_zeros() as usize) as u32);
                e &= e - 1;
            }
            loop {
                let open = (masks[r][0] | masks[r][1] | masks[r][2]) & !labelled[r];
                if open == 0 {
                    break;
                }
                let c = open.trailing_zeros() as usize;
                let content = self.cells[start + c];
                let k = usize::from(content);
                let is_region = content == EMPTY;
                let id = if is_region {
                    self.regions.len()
                } else {
                    self.strings.len()
                } as u32;
                let mut size = 0u32;
                self.runs.clear();
                self.runs.push((r, 1 << c));
                while let Some((rr, seed)) = self.runs.pop() {
                    let avail = masks[rr][k] & !labelled[rr];
                    if seed & avail == 0 {
                        continue;
                    }
                    let run = super::bits::grow_row(seed, avail);
                    labelled[rr] |= run;
                    size += run.count_ones();
                    let base = (rr + 1) * stride + 1;
                    let mut x = run;
                    // The first three cells of the run without a branch on its length (most
                    // runs of final positions are that short, and a loop over them mispredicts
                    // its end): a missing cell writes the padding corner, cell 0, which is no
                    // cell's neighbour and is made unlabelled again at the end.
                    for _ in 0..3 {
                        let some = usize::from(x != 0).wrapping_neg();
                        label[(base + x.trailing_zeros() as usize) & some] = id;
                        x &= x.wrapping_sub(1);
                    }
                    while x != 0 {
                        label[base + x.trailing_zeros() as usize] = id;
                        x &= x - 1;
                    }
                    if rr > 0 {
                        let up = run & masks[rr - 1][k] & !labelled[rr - 1];
                        if up != 0 {
                            self.runs.push((rr - 1, up));
                        }
                    }
                    if rr + 1 < h {
                        let down = run & masks[rr + 1][k] & !labelled[rr + 1];
                        if down != 0 {
                            self.runs.push((rr + 1, down));
                        }
                    }
                }
                let first = (start + c) as u32;
                if is_region {
                    self.regions.push(Region {
                        touch: 0,
                        size,
                        first,
                    });
                } else {
                    self.strings.push(Str {
                        color: content,
                        liberties: 0,
                        size,
                        first,
                    });
                }
            }
        }
        label[0] = UNLABELLED;
        let cells = &self.cells[..];
        // Touches and liberties from the empty cells: a stone neighbour adds its colour to the
        // region's touch, and the empty cell is one liberty of each distinct string among its
        // neighbours (so a string counts each of its liberties once). Without a branch on the
        // neighbours' contents (random on final positions, mispredicted): a neighbour that is
        // no stone stands for the extra id `none`, a slot past the strings that collects
        // whatever is added to it and is dropped after, and each id adds one unless an
        // earlier neighbour carried it.
        let none = self.strings.len();
        self.strings.push(Str {
            color: EMPTY,
            liberties: 0,
            size: 0,
            first: 0,
        });
        for &e in &self.empties {
            let e = e as usize;
            let mut touch = 0u8;
            let mut ids = [none; 4];
            for (id, n) in ids.iter_mut().zip([e - stride, e - 1, e + 1, e + stride]) {
                let c = cells[n];
                touch |= TOUCH[usize::from(c & 7)];
                // All ones for a stone, else zero: selects the label or `none` by masks.
                let stone = usize::from(TOUCH[usize::from(c & 7)] != 0).wrapping_neg();
                *id = (label[n] as usize & stone) | (none & !stone);
            }
            let [a, b, c, d] = ids;
            let strings = &mut self.strings[..];
            strings[a].liberties += 1;
            strings[b].liberties += u32::from(b != a);
            strings[c].liberties += u32::from(c != a && c != b);
            strings[d].liberties += u32::from(d != a && d != b && d != c);
            self.regions[label[e] as usize].touch |= touch;
        }
        self.strings.pop();
    }

    /// Brings the labelling up to date after stones (Black, White or [`NEUTRAL`]) were put on
    /// the empty cells `added` of a labelled board, nothing removed (the dame filling's rounds,
    /// spec/FILLING.md 4.2 and 4.3), touching only what the additions change.
    ///
    /// **Invariant** (checked against [`Grid::relabel`] by the tests below): adding stones
    /// changes exactly (a) the strings that contain or neighbour an added cell (merged, or a
    /// liberty fewer) and (b) the regions that contained an added cell (smaller, perhaps split).
    /// A string that does not neighbour an added cell keeps its stones and its liberties; a
    /// region that held no added cell keeps its points, and no added stone borders it (a
    /// neighbour of an added cell was in the same region as that cell).
    ///
    /// Strings, in two steps on the final cells. (1) Every added cell was one liberty of each
    /// distinct string next to it: those counts drop by one, so every string counts the
    /// liberties it has in the final position. (2) The added stones are joined one at a time
    /// to the strings of their colour next to them (already labelled ones): the largest keeps
    /// its id, the others are flooded (through their own id only) and relabelled to it, and
    /// the joined string gains the liberties of the others and of the new stone that are not
    /// already its own (an empty cell is its liberty iff a neighbour carries its id). So a
    /// join floods the smaller strings only, never the big group a teire connects to.
    ///
    /// Regions: the regions of the added cells are re-flooded from their empty neighbours
    /// (every remaining point of a changed region is connected to one of them inside the old
    /// region) and get fresh ids appended to `regions`; a cell was re-flooded iff its label is
    /// at least the length `regions` had on entry. Ids that no cell carries any more (joined
    /// strings, changed regions) are *retired*: `size` 0 (strings also `liberties` 0), left in
    /// place, so the vectors are indexed by label as after [`Grid::relabel`] and a per-id flag
    /// of a retired id is never read through a cell. An added neutral cell is left
    /// [`UNLABELLED`], as [`Grid::relabel`] leaves it.
    pub fn relabel_around<I>(&mut self, added: I)
    where
        I: IntoIterator<Item = usize> + Clone,
    {
        let base_r = self.regions.len() as u32;
        for a in added.clone() {
            let r = self.label[a];
            if r != UNLABELLED && r < base_r {
                self.regions[r as usize].size = 0;
            }
            self.label[a] = UNLABELLED;
        }
        // (1) One liberty fewer for each distinct labelled string next to an added cell.
        for a in added.clone() {
            let ids = self.string_neighbours(a, None);
            for id in ids.into_iter().flatten() {
                self.strings[id as usize].liberties -= 1;
            }
        }
        // (2) Join each added stone to its colour's labelled strings around it.
        for a in added.clone() {
            if matches!(self.cells[a], BLACK | WHITE) {
                self.join(a);
            }
        }
        for a in added {
            for n in self.neighbours(a) {
                if self.cells[n] == EMPTY && self.label[n] < base_r {
                    self.flood_region(n, base_r);
                }
            }
        }
    }

    /// The distinct string ids carried by the stone neighbours of cell `a` (of colour `color`
    /// only, if given); unlabelled stones (added ones not joined yet) are skipped.
    fn string_neighbours(&self, a: usize, color: Option<u8>) -> [Option<u32>; 4] {
        let mut ids = [None; 4];
        for (k, n) in self.neighbours(a).into_iter().enumerate() {
            let c = self.cells[n];
            let l = self.label[n];
            if matches!(c, BLACK | WHITE)
                && color.is_none_or(|x| x == c)
                && l != UNLABELLED
                && !ids[..k].contains(&Some(l))
            {
                ids[k] = Some(l);
            }
        }
        ids
    }

    /// [`Grid::relabel_around`], step (2): joins the added stone `a` to the labelled strings of
    /// its colour next to it, or makes it a string of its own.
    fn join(&mut self, a: usize) {
        let color = self.cells[a];
        let ids = self.string_neighbours(a, Some(color));
        let Some(keep) = ids
            .into_iter()
            .flatten()
            .max_by_key(|&id| self.strings[id as usize].size)
        else {
            let liberties = self
                .neighbours(a)
                .into_iter()
                .filter(|&n| self.cells[n] == EMPTY)
                .count() as u32;
            self.label[a] = self.strings.len() as u32;
            self.strings.push(Str {
                color,
                liberties,
                size: 1,
                first: a as u32,
            });
            return;
        };
        let mark = self.next_mark();
        let mut gained = 0u32;
        let mut size = 1u32;
        // Cells to relabel: `a`, then the stones of every other joined string.
        self.stack.clear();
        self.stack.push(a as u32);
        let mut k = 0;
        while k < self.stack.len() {
            let j = self.stack[k] as usize;
            k += 1;
            let own = self.label[j];
            for n in self.neighbours(j) {
                let c = self.cells[n];
                if c == EMPTY {
                    if self.stamp[n] != mark {
                        self.stamp[n] = mark;
                        if !self.touches(n, color, keep) {
                            gained += 1;
                        }
                    }
                } else if c == color {
                    let l = self.label[n];
                    // From `a` into every other joined string; inside one, along its own id.
                    let enter = if j == a {
                        l != UNLABELLED && l != keep
                    } else {
                        l == own
                    };
                    if enter && self.stamp[n] != mark {
                        self.stamp[n] = mark;
                        self.stack.push(n as u32);
                    }
                }
            }
        }
        for id in ids.into_iter().flatten() {
            if id != keep {
                let s = &mut self.strings[id as usize];
                size += s.size;
                s.size = 0;
                s.liberties = 0;
            }
        }
        for &j in &self.stack {
            self.label[j as usize] = keep;
        }
        let s = &mut self.strings[keep as usize];
        s.size += size;
        s.liberties += gained;
    }

    /// Whether the empty cell `e` is a liberty of the string `id` of colour `color`.
    fn touches(&self, e: usize, color: u8, id: u32) -> bool {
        self.neighbours(e)
            .into_iter()
            .any(|n| self.cells[n] == color && self.label[n] == id)
    }

    /// [`Grid::relabel_around`]: gives the empty region through `start` a fresh id, with the
    /// colours it touches (its old id, below `base`, was retired by the caller).
    fn flood_region(&mut self, start: usize, base: u32) {
        let id = self.regions.len() as u32;
        let (mut touch, mut size) = (0u8, 0u32);
        self.label[start] = id;
        self.stack.clear();
        self.stack.push(start as u32);
        while let Some(j) = self.stack.pop() {
            size += 1;
            for n in self.neighbours(j as usize) {
                let c = self.cells[n];
                if c == EMPTY {
                    if self.label[n] < base {
                        self.label[n] = id;
                        self.stack.push(n as u32);
                    }
                } else if c == BLACK || c == WHITE {
                    touch |= c;
                }
            }
        }
        self.regions.push(Region {
            touch,
            size,
            first: start as u32,
        });
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

    /// The labelling of `g` in a form that does not depend on ids: per on-board cell, the
    /// string (colour, liberties, size) or region (touch, size) it belongs to, and the first
    /// cell of the same string or region (so equal forms mean equal partitions).
    fn canonical(g: &Grid) -> Vec<(u8, u32, u32, usize)> {
        let mut first_of = std::collections::HashMap::new();
        g.board_cells()
            .map(|i| {
                let l = g.label[i];
                if g.cells[i] == NEUTRAL {
                    assert_eq!(l, UNLABELLED, "a neutral cell carries no label");
                    return (NEUTRAL, 0, 0, i);
                }
                let first = *first_of.entry((g.cells[i] == EMPTY, l)).or_insert(i);
                if g.cells[i] == EMPTY {
                    let r = g.regions[l as usize];
                    assert!(r.size > 0, "a cell carries a retired region id");
                    (r.touch, r.size, 0, first)
                } else {
                    let s = g.strings[l as usize];
                    assert!(s.size > 0, "a cell carries a retired string id");
                    (s.color + 8, s.liberties, s.size, first)
                }
            })
            .collect()
    }

    #[test]
    fn relabel_around_gives_the_full_relabelling() {
        // The invariant of `Grid::relabel_around` (the dame filling's rounds, spec/FILLING.md
        // 4.2-4.3, add stones and never remove any): after every batch of Black, White and
        // neutral stones put on empty cells, the local relabelling partitions the board into
        // the same strings and regions, with the same liberties, sizes and touches, as a full
        // relabelling; every cell carries a live id, and every live id is carried by a cell.
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            x ^= x >> 12;
            x ^= x << 25;
            x ^= x >> 27;
            x.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 32
        };
        for case in 0..300u32 {
            let side = 2 + case % 12;
            let size = BoardSize::new(side, side + case % 3).expect("valid size");
            let mut g = Grid::new(size);
            let density = next() % 90;
            for i in g.board_cells().collect::<Vec<_>>() {
                let v = next() % 100;
                if v < density {
                    g.cells[i] = if v % 2 == 0 { BLACK } else { WHITE };
                }
            }
            g.relabel();
            for _round in 0..6 {
                let empty: Vec<usize> = g.board_cells().filter(|&i| g.cells[i] == EMPTY).collect();
                if empty.is_empty() {
                    break;
                }
                let mut added = Vec::new();
                for &i in &empty {
                    if next() % 4 == 0 {
                        g.cells[i] = [BLACK, WHITE, NEUTRAL][(next() % 3) as usize];
                        added.push(i);
                    }
                }
                g.relabel_around(added.iter().copied());
                let mut full = g.clone();
                full.relabel();
                assert_eq!(canonical(&g), canonical(&full), "case {case}");
                let live = |sizes: Vec<u32>| sizes.into_iter().filter(|&n| n > 0).count();
                assert_eq!(
                    live(g.strings.iter().map(|s| s.size).collect()),
                    full.strings.len(),
                    "case {case}: a live string id no cell carries"
                );
                assert_eq!(
                    live(g.regions.iter().map(|r| r.size).collect()),
                    full.regions.len(),
                    "case {case}: a live region id no cell carries"
                );
            }
        }
    }

    /// [`canonical`] computed without the labelling: per on-board cell, a breadth-first
    /// search of its component over the cells (string: distinct empty neighbours; region:
    /// colours of the stone neighbours), written from docs/variants.md 3.0 and 3.f.
    fn naive_canonical(g: &Grid) -> Vec<(u8, u32, u32, usize)> {
        g.board_cells()
            .map(|i| {
                let content = g.cells[i];
                if content == NEUTRAL {
                    return (NEUTRAL, 0, 0, i);
                }
                let mut members = vec![i];
                let mut k = 0;
                let (mut touch, mut libs) = (0u8, Vec::new());
                while k < members.len() {
                    let j = members[k];
                    k += 1;
                    for n in g.neighbours(j) {
                        let c = g.cells[n];
                        if c == content {
                            if !members.contains(&n) {
                                members.push(n);
                            }
                        } else if content == EMPTY && (c == BLACK || c == WHITE) {
                            touch |= c;
                        } else if content != EMPTY && c == EMPTY && !libs.contains(&n) {
                            libs.push(n);
                        }
                    }
                }
                let first = *members.iter().min().expect("the cell itself");
                if content == EMPTY {
                    (touch, members.len() as u32, 0, first)
                } else {
                    (content + 8, libs.len() as u32, members.len() as u32, first)
                }
            })
            .collect()
    }

    #[test]
    fn the_labelling_is_that_of_a_search_per_cell() {
        // The invariant of `Grid::relabel` (its doc): the branch-free floods and the pass over
        // the empty cells give every string its distinct liberties and size and every region
        // its touch and size (docs/variants.md 3.0, 3.f), ids in the order of first cells, and the
        // empty cells in row-major order; random boards of every density, with neutral
        // stones, labelled on a reused grid.
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            x ^= x >> 12;
            x ^= x << 25;
            x ^= x >> 27;
            x.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 32
        };
        for case in 0..200u32 {
            let size = BoardSize::new(1 + case % 13, 1 + (case * 7) % 13).expect("valid size");
            let mut g = Grid::new(size);
            for round in 0..2 {
                let density = next() % 101;
                let neutral = next() % 4 == 0;
                for i in g.board_cells().collect::<Vec<_>>() {
                    let v = next() % 100;
                    g.cells[i] = if v >= density {
                        EMPTY
                    } else if neutral && v % 7 == 0 {
                        NEUTRAL
                    } else if v % 2 == 0 {
                        BLACK
                    } else {
                        WHITE
                    };
                }
                g.relabel();
                assert_eq!(
                    canonical(&g),
                    naive_canonical(&g),
                    "case {case} round {round}"
                );
                let empties: Vec<u32> = g
                    .board_cells()
                    .filter(|&i| g.cells[i] == EMPTY)
                    .map(|i| i as u32)
                    .collect();
                assert_eq!(g.empties, empties, "case {case} round {round}");
                // The border carries no label (`Grid::label`'s doc), the padding corner the
                // run floods write as a scratch cell included.
                let on_board: std::collections::HashSet<usize> = g.board_cells().collect();
                for i in (0..g.cells.len()).filter(|i| !on_board.contains(i)) {
                    assert_eq!(g.label[i], UNLABELLED, "case {case}: border cell {i}");
                }
                let firsts: Vec<u32> = g.strings.iter().map(|s| s.first).collect();
                assert!(
                    firsts.windows(2).all(|w| w[0] < w[1]),
                    "case {case}: string order"
                );
                let firsts: Vec<u32> = g.regions.iter().map(|r| r.first).collect();
                assert!(
                    firsts.windows(2).all(|w| w[0] < w[1]),
                    "case {case}: region order"
                );
            }
        }
    }

    #[test]
    fn labels_count_liberties_and_touches() {
        // docs/variants.md 3.0 (strings and liberties) and 3.f (reachability) on a 3x3 board.
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
