//! The board: a padded one-dimensional array of cells, strings with exact incremental liberty
//! counts, the empty-point list and the Zobrist hash. No rule of any variant lives here (no ko,
//! no suicide ruling): this module answers "what would this play do" and does it.
//!
//! Layout: the board of `w x h` points is stored in `(w + 2) x (h + 2)` cells, row by row, with
//! a frame of wall cells around it, so that every on-board point has four neighbour cells at
//! `i - 1`, `i + 1`, `i - stride`, `i + stride` and no bounds test is needed. Cell 0 is a wall
//! and serves as "no point" ([`NONE`]).
//!
//! Invariants (checked against flood fills by `tests/properties.rs`):
//! - **Strings.** Every stone's `head` names the head stone of its string; the stones of a
//!   string form one circular list through `next`; the head's `stones` is the string's size and
//!   its `libs` the exact number of distinct empty points adjacent to the string. Fields of
//!   empty and wall cells, and `stones`/`libs` of non-head stones, mean nothing.
//! - **Empty list.** `empty` holds exactly the empty on-board points, and `empty_at[i]` is the
//!   index of cell `i` in it (for empty cells only).
//! - **Hash.** `hash` is the XOR of [`key`] over every stone on the board (the empty board
//!   hashes to 0); it is updated with each stone placed or removed, never recomputed.

use weiqi_core::{Board, BoardSize, Color, Point};

/// The content of a cell.
pub(crate) const EMPTY: u8 = 0;
/// A black stone.
pub(crate) const BLACK: u8 = 1;
/// A white stone.
pub(crate) const WHITE: u8 = 2;
/// The frame around the board.
pub(crate) const WALL: u8 = 3;
/// "No point": cell 0 is always a wall.
pub(crate) const NONE: u16 = 0;

/// The largest padded board: 52 + 2 cells a side.
const MAX_CELLS: usize = 54 * 54;

/// The colour code of a stone (`BLACK` or `WHITE`).
#[must_use]
pub(crate) fn code(color: Color) -> u8 {
    match color {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

/// The colour of a stone code (`BLACK` or `WHITE`).
#[must_use]
pub(crate) fn color_of(code: u8) -> Color {
    if code == BLACK {
        Color::Black
    } else {
        Color::White
    }
}

/// SplitMix64, used only at compile time to fill the Zobrist table.
const fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// Zobrist keys: three per cell (a black stone, a white stone, and the key that turns a
/// situation into a cycle-restart ban of the Ing rule), plus the side-to-move key at the end.
static KEYS: [u64; 3 * MAX_CELLS + 1] = {
    let mut t = [0u64; 3 * MAX_CELLS + 1];
    let mut i = 0;
    while i < t.len() {
        t[i] = splitmix(i as u64 ^ 0x005E_ED0F_3A11);
        i += 1;
    }
    t
};

/// The Zobrist key of a stone of colour code `c` (`BLACK` or `WHITE`) on cell `i`.
#[inline]
#[must_use]
pub(crate) fn key(i: u16, c: u8) -> u64 {
    KEYS[usize::from(i) * 3 + usize::from(c - 1)]
}

/// The key that makes a situation hash into the key of "play on cell `i` from it" (Ing bans).
#[inline]
#[must_use]
pub(crate) fn move_key(i: u16) -> u64 {
    KEYS[usize::from(i) * 3 + 2]
}

/// The key XORed into a board hash when White is to move (a situation hash).
#[inline]
#[must_use]
pub(crate) fn white_to_move_key() -> u64 {
    KEYS[3 * MAX_CELLS]
}

/// One cell of the padded board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Cell {
    /// `EMPTY`, `BLACK`, `WHITE` or `WALL`.
    color: u8,
    /// The head stone of this stone's string.
    head: u16,
    /// The next stone of the string (circular).
    next: u16,
    /// At a head: exact liberty count of the string.
    libs: u16,
    /// At a head: number of stones of the string.
    stones: u16,
    /// For an empty cell: its index in the empty list.
    empty_at: u16,
}

/// The four neighbours of an empty cell, read once (colour, string head, and the liberty count
/// of that head), in the order of `Position::neighbours`. What a play there would do is decided
/// from it without playing (`quiet_and_alive`, `self_capture`, `captures_only`, ...), and the
/// play itself reuses it ([`Position::play`]), so that judging and making a move read the
/// neighbours once.
///
/// Invariants: a `Look` describes the position it was read from and is used before that
/// position changes (the engine judges and plays in one call). `head` and `libs` are meaningful
/// for stones only: an empty or wall cell keeps a stale head (always a valid cell index, so
/// reading its `libs` is safe), and every test below masks them by the colour. The liberty
/// counts a play derives from it are checked against flood fills after every move by
/// `tests/properties.rs`, and its verdicts against the interpreter by the harness.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Look {
    /// The neighbours' colour codes.
    color: [u8; 4],
    /// The heads of their strings.
    head: [u16; 4],
    /// The liberty counts of those heads.
    libs: [u16; 4],
}

impl Look {
    /// Whether neighbour `j` is the first of the four to name its string: no earlier neighbour
    /// has the same colour and head (a head names one string; the colour keeps a stale head of
    /// an empty cell apart). Each distinct string is then handled once, without a list.
    #[inline(always)]
    fn first(&self) -> [bool; 4] {
        let k = |j: usize| (u32::from(self.color[j]) << 16) | u32::from(self.head[j]);
        let (k0, k1, k2, k3) = (k(0), k(1), k(2), k(3));
        [
            true,
            k1 != k0,
            (k2 != k0) & (k2 != k1),
            (k3 != k0) & (k3 != k1) & (k3 != k2),
        ]
    }

    /// For a play of colour code `c`: whether the played string keeps a liberty without any
    /// capture (an empty neighbour, or a friend with a liberty besides this point), and whether
    /// it captures (an opponent neighbour whose only liberty is this point). Branch-free: random
    /// boards make these branches unpredictable.
    #[inline(always)]
    fn alive_and_captures(&self, c: u8) -> (bool, bool) {
        let opp = 3 - c;
        let mut alive = false;
        let mut captures = false;
        for j in 0..4 {
            let (k, l) = (self.color[j], self.libs[j]);
            alive |= (k == EMPTY) | ((k == c) & (l > 1));
            captures |= (k == opp) & (l == 1);
        }
        (alive, captures)
    }

    /// Whether a play of colour code `c` makes no capture and leaves its string a liberty: the
    /// common case, which needs nothing more.
    #[inline(always)]
    pub(crate) fn quiet_and_alive(&self, c: u8) -> bool {
        let (alive, captures) = self.alive_and_captures(c);
        alive & !captures
    }

    /// Whether a play of colour code `c` leaves its own string without a liberty after its
    /// captures. Invariant: a friend with two liberties keeps one besides this point; an empty
    /// neighbour is one; a capture frees a neighbour of this point. Otherwise there is none.
    #[inline(always)]
    pub(crate) fn self_capture(&self, c: u8) -> bool {
        let (alive, captures) = self.alive_and_captures(c);
        !alive & !captures
    }

    /// Whether neighbour `j` is an opponent string (of the player `c`) the play captures.
    #[inline(always)]
    fn captured(&self, j: usize, c: u8) -> bool {
        (self.color[j] == 3 - c) & (self.libs[j] == 1)
    }

    /// Whether every neighbour is a stone of colour code `c` or a wall (the eye test of
    /// [`Position::is_eye_of`]).
    #[inline(always)]
    pub(crate) fn is_eye_of(&self, c: u8) -> bool {
        self.color.iter().all(|&k| (k == c) | (k == WALL))
    }

    /// The number of empty neighbours.
    #[inline(always)]
    pub(crate) fn empty_count(&self) -> u16 {
        self.color.iter().map(|&k| u16::from(k == EMPTY)).sum()
    }

    /// Whether no neighbour is a stone (each is empty or a wall: colour codes 0 and 3).
    #[inline(always)]
    pub(crate) fn no_stone(&self) -> bool {
        self.color.iter().all(|&k| (k == EMPTY) | (k == WALL))
    }

    /// Whether the play of colour code `c` captures exactly the one string with head `h`
    /// (and nothing else).
    #[inline]
    pub(crate) fn captures_only(&self, c: u8, h: u16) -> bool {
        let mut any = false;
        let mut other = false;
        for j in 0..4 {
            let cap = self.captured(j, c);
            any |= cap & (self.head[j] == h);
            other |= cap & (self.head[j] != h);
        }
        any & !other
    }

    /// Whether the play of colour code `c` removes the string with head `h`: `h` is a captured
    /// string, or, when the play is a self-capture (`self_capture`), a friend it joins.
    #[inline]
    pub(crate) fn removes(&self, c: u8, h: u16, self_capture: bool) -> bool {
        (0..4).any(|j| {
            self.head[j] == h && (self.captured(j, c) || (self_capture && self.color[j] == c))
        })
    }
}

/// The position of the stones: the board, its strings, the empty list, the hash, and what the
/// last play removed.
#[derive(Debug)]
pub struct Position {
    size: BoardSize,
    stride: u16,
    cells: Vec<Cell>,
    empty: Vec<Point>,
    hash: u64,
    /// Stones removed by the last play, opponent stones first then own stones.
    removed: Vec<Point>,
    /// How many of `removed` are opponent stones.
    removed_opponent: usize,
    /// Flood-fill marks of the undo path (scratch; a value below `epoch` means nothing).
    marks: Vec<u32>,
    /// The latest mark value handed out.
    epoch: u32,
    /// Flood-fill stack of the undo path (scratch, kept for its capacity).
    stack: Vec<u16>,
}

impl Clone for Position {
    /// Copies the stones, strings, empty list, hash and last removal: three arrays, the cells
    /// (12 bytes a cell), the empty list and the removed stones (2 bytes a point). The undo
    /// path's scratch (`marks`, `stack`) is not copied: the copy allocates it on its first undo
    /// (`next_epoch`), so that a copy for a playout costs only what it plays with.
    fn clone(&self) -> Position {
        Position {
            size: self.size,
            stride: self.stride,
            cells: self.cells.clone(),
            empty: self.empty.clone(),
            hash: self.hash,
            removed: self.removed.clone(),
            removed_opponent: self.removed_opponent,
            marks: Vec::new(),
            epoch: 0,
            stack: Vec::new(),
        }
    }
}

impl PartialEq for Position {
    /// Two positions are equal when they hold the same stones (and so the same hash, strings and
    /// liberties); the order of the empty list and the string bookkeeping are not compared.
    fn eq(&self, other: &Position) -> bool {
        self.size == other.size
            && self.hash == other.hash
            && self
                .cells
                .iter()
                .zip(&other.cells)
                .all(|(a, b)| a.color == b.color)
    }
}

impl Eq for Position {}

impl Position {
    /// An empty board.
    #[must_use]
    pub fn new(size: BoardSize) -> Position {
        let w = u16::from(size.width());
        let h = u16::from(size.height());
        let stride = w + 2;
        let total = usize::from(stride) * usize::from(h + 2);
        let mut cells = vec![
            Cell {
                color: WALL,
                ..Cell::default()
            };
            total
        ];
        let mut empty = Vec::with_capacity(size.points_count());
        for p in size.points() {
            let i = usize::from(index_in(stride, p));
            cells[i].color = EMPTY;
            cells[i].empty_at = u16::try_from(empty.len()).unwrap_or(u16::MAX);
            empty.push(p);
        }
        Position {
            size,
            stride,
            cells,
            empty,
            hash: 0,
            removed: Vec::with_capacity(size.points_count()),
            removed_opponent: 0,
            marks: vec![0; total],
            epoch: 0,
            stack: Vec::with_capacity(size.points_count()),
        }
    }

    /// A position holding `board`'s stones. Strings without liberties are left as they are (the
    /// caller refuses such setups first).
    #[must_use]
    pub fn from_board(board: &Board) -> Position {
        let mut pos = Position::new(board.size());
        for (p, c) in board.iter() {
            if let Some(c) = c {
                pos.put_setup_stone(pos.index(p), code(c));
            }
        }
        pos
    }

    /// The board size.
    #[must_use]
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The stones, as the vocabulary's [`Board`].
    #[must_use]
    pub fn board(&self) -> Board {
        let mut b = Board::new(self.size);
        for p in self.size.points() {
            b.set(p, self.stone(p));
        }
        b
    }

    /// The Zobrist hash of the stones.
    #[must_use]
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The cell of an on-board point.
    #[inline]
    pub(crate) fn index(&self, p: Point) -> u16 {
        index_in(self.stride, p)
    }

    /// The point of an on-board cell.
    #[inline]
    pub(crate) fn point(&self, i: u16) -> Point {
        let row = i / self.stride - 1;
        let col = i % self.stride - 1;
        Point {
            col: u8::try_from(col).unwrap_or(u8::MAX),
            row: u8::try_from(row).unwrap_or(u8::MAX),
        }
    }

    /// The cell of `p`, if `p` is on the board.
    #[inline]
    pub(crate) fn cell_of(&self, p: Point) -> Option<u16> {
        self.size.contains(p).then(|| self.index(p))
    }

    #[inline]
    fn neighbours(&self, i: u16) -> [u16; 4] {
        [i - self.stride, i - 1, i + 1, i + self.stride]
    }

    /// The colour code of cell `i`.
    #[inline]
    pub(crate) fn color_at(&self, i: u16) -> u8 {
        self.cells[usize::from(i)].color
    }

    /// The head of the string on cell `i` (a stone).
    #[inline]
    pub(crate) fn head(&self, i: u16) -> u16 {
        self.cells[usize::from(i)].head
    }

    /// The liberty count of the string whose head is `h`.
    #[inline]
    pub(crate) fn libs_of_head(&self, h: u16) -> u16 {
        self.cells[usize::from(h)].libs
    }

    /// The number of stones of the string whose head is `h`.
    #[inline]
    pub(crate) fn stones_of_head(&self, h: u16) -> u16 {
        self.cells[usize::from(h)].stones
    }

    /// The stone on `p`, if any (`None` also off the board).
    #[must_use]
    pub fn stone(&self, p: Point) -> Option<Color> {
        match self.cell_of(p).map(|i| self.color_at(i)) {
            Some(c @ (BLACK | WHITE)) => Some(color_of(c)),
            _ => None,
        }
    }

    /// The empty points, in no particular order (see the module doc for how it is kept).
    #[must_use]
    #[inline]
    pub fn empty_points(&self) -> &[Point] {
        &self.empty
    }

    /// The stones removed by the last play: the opponent's captured stones, then the player's
    /// own stones removed by a self-capture.
    #[must_use]
    #[inline]
    pub fn removed(&self) -> &[Point] {
        &self.removed
    }

    /// The opponent stones captured by the last play.
    #[must_use]
    #[inline]
    pub fn captured(&self) -> &[Point] {
        &self.removed[..self.removed_opponent]
    }

    /// The own stones removed by the last play's self-capture.
    #[must_use]
    #[inline]
    pub fn self_captured(&self) -> &[Point] {
        &self.removed[self.removed_opponent..]
    }

    /// Whether every on-board orthogonal neighbour of `p` holds a stone of `color` (a wall
    /// counts as such a stone; `p` itself is not looked at). `false` off the board.
    #[must_use]
    #[inline]
    pub fn is_eye_of(&self, p: Point, color: Color) -> bool {
        let Some(i) = self.cell_of(p) else {
            return false;
        };
        let c = code(color);
        // Branch-free: the four tests are combined with `&`, not short-circuited.
        self.neighbours(i).iter().fold(true, |acc, &n| {
            let k = self.color_at(n);
            acc & ((k == c) | (k == WALL))
        })
    }

    /// The liberty count of the string on `p` (0 for an empty point or off the board).
    #[must_use]
    pub fn liberties(&self, p: Point) -> usize {
        match self.cell_of(p) {
            Some(i) if matches!(self.color_at(i), BLACK | WHITE) => {
                usize::from(self.libs_of_head(self.head(i)))
            }
            _ => 0,
        }
    }

    /// Reads the four neighbours of the empty cell `i` ([`Look`]).
    #[inline(always)]
    pub(crate) fn look(&self, i: u16) -> Look {
        let cells = &self.cells[..];
        let i = usize::from(i);
        let s = usize::from(self.stride);
        // Every cell's `head` is a valid cell index (see `Look`), so its `libs` can be read
        // whatever the cell holds.
        let at = |n: usize| {
            let cell = &cells[n];
            (cell.color, cell.head, cells[usize::from(cell.head)].libs)
        };
        let (k0, h0, l0) = at(i - s);
        let (k1, h1, l1) = at(i - 1);
        let (k2, h2, l2) = at(i + 1);
        let (k3, h3, l3) = at(i + s);
        Look {
            color: [k0, k1, k2, k3],
            head: [h0, h1, h2, h3],
            libs: [l0, l1, l2, l3],
        }
    }

    /// The size of the string a play of colour code `c` described by `look` makes: 1 and the
    /// stones of every distinct friend it joins.
    pub(crate) fn string_size(&self, c: u8, look: &Look) -> u32 {
        let first = look.first();
        let mut n = 1;
        for (j, &new) in first.iter().enumerate() {
            if new && look.color[j] == c {
                n += u32::from(self.stones_of_head(look.head[j]));
            }
        }
        n
    }

    /// The XOR of the keys of every stone of the string whose head is `h`.
    fn string_hash(&self, h: u16) -> u64 {
        let c = self.color_at(h);
        let mut x = 0;
        let mut s = h;
        loop {
            x ^= key(s, c);
            s = self.cells[usize::from(s)].next;
            if s == h {
                return x;
            }
        }
    }

    /// The hash of the board after a play of colour code `c` on the empty cell `i` described by
    /// `look`, computed without playing it. With `self_capture` (the play leaves its string
    /// without a liberty, and the variant removes it), the played string leaves the board too.
    pub(crate) fn hash_after(&self, i: u16, c: u8, look: &Look, self_capture: bool) -> u64 {
        let first = look.first();
        let mut h = self.hash ^ key(i, c);
        for (j, &new) in first.iter().enumerate() {
            if new && look.captured(j, c) {
                h ^= self.string_hash(look.head[j]);
            }
        }
        if self_capture {
            // The played stone and the strings it joins all leave the board.
            h ^= key(i, c);
            for (j, &new) in first.iter().enumerate() {
                if new && look.color[j] == c {
                    h ^= self.string_hash(look.head[j]);
                }
            }
        }
        h
    }

    /// The one liberty of the string whose head is `h`, when it has exactly one.
    pub(crate) fn only_liberty(&self, h: u16) -> Option<u16> {
        if self.libs_of_head(h) != 1 {
            return None;
        }
        self.string_cells(h)
            .flat_map(|s| self.neighbours(s))
            .find(|&n| self.color_at(n) == EMPTY)
    }

    /// Forgets what the last play removed (after a pass).
    pub(crate) fn clear_removed(&mut self) {
        self.removed.clear();
        self.removed_opponent = 0;
    }

    /// The stones of the string whose head is `h`.
    pub(crate) fn string_cells(&self, h: u16) -> impl Iterator<Item = u16> + '_ {
        let mut s = Some(h);
        std::iter::from_fn(move || {
            let cur = s?;
            let next = self.cells[usize::from(cur)].next;
            s = (next != h).then_some(next);
            Some(cur)
        })
    }

    fn empty_remove(&mut self, i: u16) {
        let at = usize::from(self.cells[usize::from(i)].empty_at);
        let last = self.empty.len() - 1;
        self.empty.swap(at, last);
        self.empty.pop();
        if at < last {
            let moved = self.index(self.empty[at]);
            self.cells[usize::from(moved)].empty_at = u16::try_from(at).unwrap_or(u16::MAX);
        }
    }

    fn empty_push(&mut self, i: u16) {
        self.cells[usize::from(i)].empty_at = u16::try_from(self.empty.len()).unwrap_or(u16::MAX);
        let p = self.point(i);
        self.empty.push(p);
    }

    /// Whether the empty cell `e` touches a stone of the string `h` other than on cell `skip`.
    #[inline]
    fn is_liberty_of(&self, e: u16, h: u16, c: u8, skip: u16) -> bool {
        self.neighbours(e)
            .iter()
            .any(|&n| n != skip && self.color_at(n) == c && self.head(n) == h)
    }

    /// Joins the strings with heads `a` and `b` (both of colour `c`, `a != b`), the smaller into
    /// the larger; returns the head of the result. Invariant kept: every liberty of the smaller
    /// string that the larger lacked is counted once, because each stone is relabelled before
    /// its empty neighbours are tested ("isLibertyOf" with relabelled stones excluded twice).
    fn join(&mut self, a: u16, b: u16, c: u8) -> u16 {
        let (big, small) = if self.stones_of_head(a) >= self.stones_of_head(b) {
            (a, b)
        } else {
            (b, a)
        };
        let mut libs = self.libs_of_head(big);
        let mut s = small;
        loop {
            self.cells[usize::from(s)].head = big;
            for e in self.neighbours(s) {
                if self.color_at(e) == EMPTY && !self.is_liberty_of(e, big, c, s) {
                    libs += 1;
                }
            }
            s = self.cells[usize::from(s)].next;
            if s == small {
                break;
            }
        }
        // Splice the two circular lists.
        let big_next = self.cells[usize::from(big)].next;
        let small_next = self.cells[usize::from(small)].next;
        self.cells[usize::from(big)].next = small_next;
        self.cells[usize::from(small)].next = big_next;
        let stones = self.stones_of_head(big) + self.stones_of_head(small);
        let cell = &mut self.cells[usize::from(big)];
        cell.libs = libs;
        cell.stones = stones;
        big
    }

    /// Removes the string with head `h`; every neighbouring string of the other colour gains
    /// the freed points as liberties (counted once per string and point). Appends the points
    /// to `removed`.
    fn remove_string(&mut self, h: u16) {
        let c = self.color_at(h);
        let other = 3 - c;
        let mut s = h;
        loop {
            let next = self.cells[usize::from(s)].next;
            self.cells[usize::from(s)].color = EMPTY;
            self.hash ^= key(s, c);
            self.empty_push(s);
            let p = self.point(s);
            self.removed.push(p);
            // Each distinct neighbouring string of the other colour gains the point once: `g[j]`
            // is 0 (never a head: cell 0 is a wall) unless neighbour `j` is such a stone.
            let g = self.neighbours(s).map(|n| {
                let cell = self.cells[usize::from(n)];
                if cell.color == other { cell.head } else { 0 }
            });
            let first = [
                g[0] != 0,
                (g[1] != 0) & (g[1] != g[0]),
                (g[2] != 0) & (g[2] != g[0]) & (g[2] != g[1]),
                (g[3] != 0) & (g[3] != g[0]) & (g[3] != g[1]) & (g[3] != g[2]),
            ];
            for (j, &new) in first.iter().enumerate() {
                if new {
                    self.cells[usize::from(g[j])].libs += 1;
                }
            }
            s = next;
            if s == h {
                break;
            }
        }
    }

    /// Plays colour code `c` on the empty cell `i`, whose neighbours `look` describes (read from
    /// this position, [`Position::look`]): places the stone, joins its strings, removes the
    /// opponent strings left without liberties, then removes the played string if it has none
    /// (the caller has ruled that self-capture is a removal here). Returns whether a
    /// self-capture happened. `removed()` then lists what left the board.
    pub(crate) fn play(&mut self, i: u16, c: u8, look: &Look) -> bool {
        self.removed.clear();
        self.removed_opponent = 0;
        let opp = 3 - c;
        self.empty_remove(i);
        self.hash ^= key(i, c);
        let free = look.empty_count();
        {
            let cell = &mut self.cells[usize::from(i)];
            cell.color = c;
            cell.head = i;
            cell.next = i;
            cell.stones = 1;
            cell.libs = free;
        }
        // A stone without stone neighbours is a string of its own, whose liberties are its
        // empty neighbours; it touches no string. Unless it has no empty neighbour either (the
        // one point of a 1x1 board): then it is a self-capture, which the general path below
        // removes.
        if look.no_stone() & (free > 0) {
            return false;
        }
        let first = look.first();
        // Each distinct neighbouring string loses the liberty `i`, once; each distinct friend
        // is then joined (its count already without `i`). The lone stone's liberties are all
        // new to it; joining recounts only the smaller side. A lone stone joined to a string:
        // its free neighbours already adjacent to the string must not count twice, which
        // `join` checks (the stone is the smaller side or is relabelled first). The heads of
        // `look` stay valid: each distinct friend is joined once, and a join relabels only the
        // strings already joined.
        let mut head = i;
        for (j, &new) in first.iter().enumerate() {
            let (k, h) = (look.color[j], look.head[j]);
            if new & ((k == c) | (k == opp)) {
                self.cells[usize::from(h)].libs -= 1;
                if k == c {
                    head = if head == i {
                        self.join_stone(i, h, c)
                    } else {
                        self.join(head, h, c)
                    };
                }
            }
        }
        // An opponent string whose one liberty was `i` has none now.
        for (j, &new) in first.iter().enumerate() {
            if new & look.captured(j, c) {
                self.remove_string(look.head[j]);
            }
        }
        self.removed_opponent = self.removed.len();
        if self.libs_of_head(head) == 0 {
            self.remove_string(head);
            return true;
        }
        false
    }

    /// Joins the lone new stone `i` to the string `h`: the stone's free neighbours that are
    /// not already liberties of `h` are added. Returns `h`.
    fn join_stone(&mut self, i: u16, h: u16, c: u8) -> u16 {
        let mut libs = self.libs_of_head(h);
        for e in self.neighbours(i) {
            if self.color_at(e) == EMPTY && !self.is_liberty_of(e, h, c, i) {
                libs += 1;
            }
        }
        self.cells[usize::from(i)].head = h;
        let h_next = self.cells[usize::from(h)].next;
        self.cells[usize::from(h)].next = i;
        self.cells[usize::from(i)].next = h_next;
        let cell = &mut self.cells[usize::from(h)];
        cell.libs = libs;
        cell.stones += 1;
        h
    }

    /// Puts a setup stone of colour code `c` on the empty cell `i` without removing anything.
    pub(crate) fn put_setup_stone(&mut self, i: u16, c: u8) {
        if self.color_at(i) != EMPTY {
            return;
        }
        self.set_stone(i, c);
        let r = self.next_epoch();
        self.rebuild_string(i, r);
        for n in self.neighbours(i) {
            self.rebuild_string(n, r);
        }
    }

    /// Undoes a play of colour code `c` on cell `i` that removed `opponent` (of the other colour)
    /// and `own` (a self-capture, `i` included) stones. The strings around the play are rebuilt
    /// by flood fill: every string whose stones or liberties the play changed touches `i` or a
    /// removed stone, or contains one (undo is not on the playout path; it only has to be exact).
    pub(crate) fn unplay(&mut self, i: u16, c: u8, opponent: &[Point], own: &[Point]) {
        let opp = 3 - c;
        if own.is_empty() {
            self.set_empty(i, c);
        }
        for &p in opponent {
            self.set_stone(self.index(p), opp);
        }
        for &p in own {
            let s = self.index(p);
            if s != i {
                self.set_stone(s, c);
            }
        }
        let r = self.next_epoch();
        for n in self.neighbours(i) {
            self.rebuild_string(n, r);
        }
        for &p in opponent.iter().chain(own) {
            let s = self.index(p);
            self.rebuild_string(s, r);
            for n in self.neighbours(s) {
                self.rebuild_string(n, r);
            }
        }
        self.removed.clear();
        self.removed_opponent = 0;
    }

    fn set_empty(&mut self, i: u16, c: u8) {
        self.cells[usize::from(i)].color = EMPTY;
        self.hash ^= key(i, c);
        self.empty_push(i);
    }

    fn set_stone(&mut self, i: u16, c: u8) {
        self.empty_remove(i);
        self.hash ^= key(i, c);
        self.cells[usize::from(i)].color = c;
    }

    /// A fresh mark value (marks older than it mean nothing). A copied position has no marks
    /// yet (see `Clone`): they are allocated here, on the undo path, when first needed.
    fn next_epoch(&mut self) -> u32 {
        if self.marks.len() != self.cells.len() {
            self.marks.clear();
            self.marks.resize(self.cells.len(), 0);
            self.epoch = 0;
        }
        if self.epoch == u32::MAX {
            self.marks.iter_mut().for_each(|m| *m = 0);
            self.epoch = 0;
        }
        self.epoch += 1;
        self.epoch
    }

    /// Recomputes by flood fill the string of the stone on `s` (nothing if `s` is not a stone
    /// or its string was rebuilt with mark `r` already): head, circular list, size and exact
    /// liberty count. Stones are marked `r`; liberties get a fresh mark per string.
    fn rebuild_string(&mut self, s: u16, r: u32) {
        let c = self.color_at(s);
        if !matches!(c, BLACK | WHITE) || self.marks[usize::from(s)] == r {
            return;
        }
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.push(s);
        self.marks[usize::from(s)] = r;
        let mut k = 0;
        while k < stack.len() {
            let x = stack[k];
            k += 1;
            for n in self.neighbours(x) {
                if self.color_at(n) == c && self.marks[usize::from(n)] != r {
                    self.marks[usize::from(n)] = r;
                    stack.push(n);
                }
            }
        }
        let l = self.next_epoch();
        let mut libs: u16 = 0;
        for (j, &x) in stack.iter().enumerate() {
            for n in self.neighbours(x) {
                if self.color_at(n) == EMPTY && self.marks[usize::from(n)] != l {
                    self.marks[usize::from(n)] = l;
                    libs += 1;
                }
            }
            let cell = &mut self.cells[usize::from(x)];
            cell.head = s;
            cell.next = stack[(j + 1) % stack.len()];
        }
        let head = &mut self.cells[usize::from(s)];
        head.stones = u16::try_from(stack.len()).unwrap_or(u16::MAX);
        head.libs = libs;
        self.stack = stack;
    }

    /// The stones connected to the stone on `s` (same colour), by flood fill (for tests).
    fn flood(&self, s: u16) -> Vec<u16> {
        let c = self.color_at(s);
        let mut out = vec![s];
        let mut k = 0;
        while k < out.len() {
            let x = out[k];
            k += 1;
            for n in self.neighbours(x) {
                if self.color_at(n) == c && !out.contains(&n) {
                    out.push(n);
                }
            }
        }
        out
    }

    /// Recomputes the hash from the stones (for tests of the incremental hash).
    #[must_use]
    pub fn hash_from_scratch(&self) -> u64 {
        let mut h = 0;
        for p in self.size.points() {
            let i = self.index(p);
            let c = self.color_at(i);
            if matches!(c, BLACK | WHITE) {
                h ^= key(i, c);
            }
        }
        h
    }

    /// Checks every invariant of the module doc against flood fills; returns the first
    /// violation found (for tests).
    pub fn check_invariants(&self) -> Result<(), String> {
        if self.hash != self.hash_from_scratch() {
            return Err("incremental hash differs from the recomputed one".into());
        }
        let mut empties = 0;
        for p in self.size.points() {
            let i = self.index(p);
            match self.color_at(i) {
                EMPTY => {
                    empties += 1;
                    let at = usize::from(self.cells[usize::from(i)].empty_at);
                    if self.empty.get(at) != Some(&p) {
                        return Err(format!("empty list does not hold {p:?} at its index"));
                    }
                }
                BLACK | WHITE => {
                    let stones = self.flood(i);
                    let h = self.head(i);
                    if !stones.iter().all(|&x| self.head(x) == h) {
                        return Err(format!("string of {p:?} has several heads"));
                    }
                    let ring: Vec<u16> = self.string_cells(h).collect();
                    if ring.len() != stones.len() || !stones.iter().all(|x| ring.contains(x)) {
                        return Err(format!("stone list of {p:?} is not its string"));
                    }
                    let mut libs: Vec<u16> = stones
                        .iter()
                        .flat_map(|&x| self.neighbours(x))
                        .filter(|&n| self.color_at(n) == EMPTY)
                        .collect();
                    libs.sort_unstable();
                    libs.dedup();
                    if usize::from(self.libs_of_head(h)) != libs.len() {
                        return Err(format!(
                            "string of {p:?}: {} liberties counted, {} by flood fill",
                            self.libs_of_head(h),
                            libs.len()
                        ));
                    }
                    if usize::from(self.stones_of_head(h)) != stones.len() {
                        return Err(format!("string of {p:?}: wrong size"));
                    }
                }
                _ => return Err(format!("{p:?} is a wall")),
            }
        }
        if empties != self.empty.len() {
            return Err("empty list has extra entries".into());
        }
        Ok(())
    }

    /// Tromp-Taylor area score of the board: Black's stones and empty points reaching only
    /// Black, minus White's, minus `komi` (positive: Black leads).
    #[must_use]
    pub fn area_score_tromp_taylor(&self, komi: weiqi_core::Points) -> weiqi_core::Points {
        // One pass over the cells (walls skipped), a flood fill per empty region not yet seen;
        // a region of one point (no empty neighbour: the commonest at the end of a playout) is
        // counted from its four neighbours without the flood's stack.
        let mut black: i64 = 0;
        let mut white: i64 = 0;
        let mut seen = [0u64; MAX_CELLS.div_ceil(64)];
        let mut stack: Vec<u16> = Vec::new();
        let stone = |k: u8| if k == BLACK || k == WHITE { k } else { 0 };
        for (at, cell) in self.cells.iter().enumerate() {
            match cell.color {
                BLACK => black += 1,
                WHITE => white += 1,
                EMPTY if seen[at / 64] >> (at % 64) & 1 == 0 => {
                    let i = u16::try_from(at).unwrap_or(NONE);
                    let around = self.neighbours(i).map(|n| self.color_at(n));
                    let mut reach = around.iter().fold(0, |r, &k| r | stone(k));
                    let mut region: i64 = 1;
                    if around.contains(&EMPTY) {
                        seen[at / 64] |= 1 << (at % 64);
                        stack.push(i);
                        region = 0;
                        while let Some(x) = stack.pop() {
                            region += 1;
                            for n in self.neighbours(x) {
                                let k = self.color_at(n);
                                let m = usize::from(n);
                                if k == EMPTY && seen[m / 64] >> (m % 64) & 1 == 0 {
                                    seen[m / 64] |= 1 << (m % 64);
                                    stack.push(n);
                                }
                                reach |= stone(k);
                            }
                        }
                    }
                    if reach == BLACK {
                        black += region;
                    } else if reach == WHITE {
                        white += region;
                    }
                }
                _ => {}
            }
        }
        weiqi_core::Points::whole(black - white) - komi
    }
}

#[inline]
fn index_in(stride: u16, p: Point) -> u16 {
    (u16::from(p.row) + 1) * stride + u16::from(p.col) + 1
}

#[cfg(test)]
mod tests;
