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
//!   string form one circular list through `next`; the head's `stones` is the string's size.
//!   Fields of empty and wall cells, and the string fields of non-head stones, mean nothing,
//!   except that **every cell's `head` is a valid cell index** (a wall's is 0; an empty cell
//!   keeps the head it had as a stone): the judgement reads the class through every
//!   neighbour's head without testing first whether the neighbour is a stone ([`Look`]).
//! - **Pseudo-liberties.** At a head, `pl` is the number of (stone, empty neighbour) pairs of
//!   the string (an empty point next to two of its stones counts twice), `sum` the sum of those
//!   empty neighbours' cell indices and `sumsq` the sum of their squares, over the same pairs.
//!   They change by one pair at a time (a stone placed or removed next to the string) and add
//!   up when strings join, so no play recounts or de-duplicates liberties. The string has no
//!   liberty exactly when `pl == 0`, and exactly one when every pair names the same point,
//!   which is when `pl * sumsq == sum * sum` (Cauchy-Schwarz: `pl * sumsq - sum^2` is the sum
//!   of the squared differences over all pairs of pairs; exact in u64: at most
//!   `4 * 2704 * 2916^2 * 4 * 2704 < 2^64`); that point is `sum / pl`.
//! - **Liberty class.** At a head, `libs` is the string's liberty count capped at 2 (0: none,
//!   1: atari, 2: two or more), derived from the pseudo-liberties ([`class`]) whenever they
//!   change: what the judgement reads ([`Look`]). The exact count is a flood fill
//!   ([`Position::liberties`], off the hot path).
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
    /// At a head: the string's liberty count capped at 2 (see the module doc). A byte, so
    /// that a cell is 24 bytes.
    libs: u8,
    /// At a head: number of stones of the string.
    stones: u16,
    /// For an empty cell: its index in the empty list.
    empty_at: u16,
    /// At a head: the number of pseudo-liberties (see the module doc).
    pl: u16,
    /// At a head: the sum of the pseudo-liberties' cell indices.
    sum: u32,
    /// At a head: the sum of their squares.
    sumsq: u64,
}

/// The liberty class of a string from its pseudo-liberties (see the module doc): 0 without a
/// liberty, 1 when every pseudo-liberty is the same point, else 2.
#[inline(always)]
fn class(pl: u16, sum: u32, sumsq: u64) -> u8 {
    let (n, s) = (u64::from(pl), u64::from(sum));
    // Without a branch: with `pl == 0` the sums are 0 too, so the second term is 0 as well.
    u8::from(pl != 0) + u8::from(n * sumsq != s * s)
}

/// The fields of [`Look::sum`]: 3-bit counters, one per property of a neighbour, so that the
/// sum of four neighbours' table entries ([`SUMMARY`]) counts each property without a carry into
/// the next field (at most 4 < 8). The per-colour fields of White sit `COLOR_SHIFT` bits above
/// Black's.
mod field {
    /// Empty neighbours.
    pub(super) const EMPTY: u32 = 0;
    /// Stone neighbours (either colour).
    pub(super) const STONE: u32 = 3;
    /// For a play of Black: neighbours that give the played string a liberty without a capture
    /// (an empty point, or a friend with a liberty besides the played point).
    pub(super) const ALIVE: u32 = 6;
    /// For a play of Black: opponent neighbours in atari (captured by the play).
    pub(super) const CAPTURES: u32 = 9;
    /// White's fields are Black's this many bits higher.
    pub(super) const COLOR_SHIFT: u32 = 6;
}

/// The summary entry of one neighbour, by `color << 2 | libs` (the liberty class, 0-2, read from the
/// cell's head, meaningless unless the cell is a stone: the entries of empty and wall cells do
/// not depend on it). Built at compile time from the definitions of [`field`].
static SUMMARY: [u32; 16] = {
    let mut t = [0u32; 16];
    let mut code = 0;
    while code < 16 {
        let k = (code >> 2) as u8;
        let l = code & 3;
        let mut v = 0u32;
        if k == EMPTY {
            v |= 1 << field::EMPTY;
        }
        if k == BLACK || k == WHITE {
            v |= 1 << field::STONE;
        }
        let mut c = BLACK;
        while c <= WHITE {
            let sh = (c - 1) as u32 * field::COLOR_SHIFT;
            let opp = 3 - c;
            if k == EMPTY || (k == c && l > 1) {
                v |= 1 << (field::ALIVE + sh);
            }
            if k == opp && l == 1 {
                v |= 1 << (field::CAPTURES + sh);
            }
            c += 1;
        }
        t[code] = v;
        code += 1;
    }
    t
};

/// The four neighbours of an empty cell, read once (colour, string head, and the liberty count
/// of that head), in the order of `Position::neighbours`, with a summary of them. What a play
/// there would do is decided from it without playing (`quiet_and_alive`, `self_capture`,
/// `captures_only`, ...), and the play itself reuses it ([`Position::play`]), so that judging
/// and making a move read the neighbours once.
///
/// Invariants: a `Look` describes the position it was read from and is used before that
/// position changes (the engine judges and plays in one call). `head` and `libs` are meaningful
/// for stones only: an empty or wall cell keeps a stale head (always a valid cell index, so
/// reading its `libs` is safe), and every test below masks them by the colour. `sum` is the sum
/// of the four neighbours' [`SUMMARY`] entries (3-bit counters, see [`field`]); the tests on it
/// are checked against the per-neighbour definitions by a unit test below. The liberty counts a
/// play derives from it are checked against flood fills after every move by
/// `tests/properties.rs`, and its verdicts against the interpreter by the harness.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Look {
    /// The neighbours' colour codes.
    color: [u8; 4],
    /// The heads of their strings.
    head: [u16; 4],
    /// The liberty classes of those heads (0, 1, 2 or more).
    libs: [u8; 4],
    /// The summary counters of the four neighbours.
    sum: u32,
}

/// Bit 0 of each byte `j` of `x` moved to bit `j`: one multiplication, whose partial products
/// put the four bits on bits 21-24 and every other product on a distinct bit outside them (so
/// nothing carries into them; checked over every combination by a unit test).
#[inline(always)]
fn gather(x: u32) -> u32 {
    (((u64::from(x & 0x0101_0101) * 0x0020_4081) >> 21) & 0xF) as u32
}

impl Look {
    /// The four colour codes, neighbour `j` in byte `j`.
    #[inline(always)]
    fn colors(&self) -> u32 {
        u32::from_le_bytes(self.color)
    }

    /// The neighbours of colour code `k`, as a bit mask (bit `j` for neighbour `j`), without a
    /// comparison per neighbour: a byte of `colors ^ k` is 0 exactly when neither of its two
    /// low bits (the codes are below 4) is set.
    #[inline(always)]
    fn color_mask(&self, k: u8) -> u32 {
        let z = self.colors() ^ (u32::from(k) * 0x0101_0101);
        gather(!(z | (z >> 1)))
    }

    /// The stone neighbours, as a bit mask: codes 1 and 2 are those whose two low bits differ.
    #[inline(always)]
    pub(crate) fn stone_mask(&self) -> u32 {
        let x = self.colors();
        gather(x ^ (x >> 1))
    }

    /// The neighbours whose liberty class is 1 (meaningful for stones only), as a bit mask:
    /// the classes are 0 (`0b00`), 1 (`0b01`) and 2 (`0b10`), so 1 is the one with bit 0 set.
    #[inline(always)]
    fn atari_mask(&self) -> u32 {
        gather(u32::from_le_bytes(self.libs))
    }

    /// [`Look::first`] as a bit mask.
    #[inline(always)]
    fn first_mask(&self) -> u32 {
        let f = self.first();
        1 | (u32::from(f[1]) << 1) | (u32::from(f[2]) << 2) | (u32::from(f[3]) << 3)
    }

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

    /// The counter of field `f` (see [`field`]).
    #[inline(always)]
    fn count(&self, f: u32) -> u32 {
        (self.sum >> f) & 7
    }

    /// The counter of the per-colour field `f` for a play of colour code `c`.
    #[inline(always)]
    fn count_for(&self, f: u32, c: u8) -> u32 {
        self.count(f + u32::from(c - 1) * field::COLOR_SHIFT)
    }

    /// For a play of colour code `c`: whether the played string keeps a liberty without any
    /// capture (an empty neighbour, or a friend with a liberty besides this point), and whether
    /// it captures (an opponent neighbour whose only liberty is this point).
    #[inline(always)]
    fn alive_and_captures(&self, c: u8) -> (bool, bool) {
        (
            self.count_for(field::ALIVE, c) != 0,
            self.count_for(field::CAPTURES, c) != 0,
        )
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

    /// The distinct opponent strings a play of colour code `c` captures, as a bit mask over
    /// the neighbours: bit `j` is set when neighbour `j` is the first to name such a string
    /// ([`Look::first`]). Loops over its set bits branch once per string, not per neighbour.
    #[inline(always)]
    fn captured_strings(&self, c: u8) -> u32 {
        self.first_mask() & self.color_mask(3 - c) & self.atari_mask()
    }

    /// The distinct friend strings of a play of colour code `c` (strings of colour `c`), as a
    /// bit mask over the neighbours as in [`Look::captured_strings`].
    #[inline(always)]
    fn friend_strings(&self, c: u8) -> u32 {
        self.first_mask() & self.color_mask(c)
    }

    /// Whether neighbour `j` is an opponent string (of the player `c`) the play captures.
    #[inline(always)]
    fn captured(&self, j: usize, c: u8) -> bool {
        (self.color[j] == 3 - c) & (self.libs[j] == 1)
    }

    /// The number of empty neighbours.
    #[inline(always)]
    pub(crate) fn empty_count(&self) -> u16 {
        // At most 4: the counter fits in u16.
        self.count(field::EMPTY) as u16
    }

    /// Whether no neighbour is a stone (each is empty or a wall: colour codes 0 and 3).
    #[inline(always)]
    pub(crate) fn no_stone(&self) -> bool {
        self.count(field::STONE) == 0
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
    /// (24 bytes a cell), the empty list and the removed stones (2 bytes a point). The undo
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

    /// The liberty class of the string whose head is `h`: its liberty count capped at 2.
    #[inline]
    pub(crate) fn libs_of_head(&self, h: u16) -> u8 {
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
        self.cell_of(p)
            .is_some_and(|i| self.is_eye_cell(i, code(color)))
    }

    /// Whether every neighbour cell of cell `i` is a stone of colour code `c` or a wall, from
    /// the colours alone (the eye test before a [`Look`] is read). Colour codes: a neighbour
    /// passes when it has the bits of `c` (`c` itself or `WALL`, 3 = both bits); `EMPTY` (0) and
    /// the other colour lack them. Branch-free.
    #[inline(always)]
    pub(crate) fn is_eye_cell(&self, i: u16, c: u8) -> bool {
        let [a, b, d, e] = self.around(i);
        a.color & b.color & d.color & e.color & c == c
    }

    /// The liberty count of the string on `p` (0 for an empty point or off the board).
    #[must_use]
    pub fn liberties(&self, p: Point) -> usize {
        match self.cell_of(p) {
            Some(i) if matches!(self.color_at(i), BLACK | WHITE) => {
                // A flood fill (not on the play path, which reads the capped class).
                let mut libs: Vec<u16> = self
                    .string_cells(self.head(i))
                    .flat_map(|x| self.neighbours(x))
                    .filter(|&n| self.color_at(n) == EMPTY)
                    .collect();
                libs.sort_unstable();
                libs.dedup();
                libs.len()
            }
            _ => 0,
        }
    }

    /// The four neighbour cells of the on-board cell `i`, in the order of `neighbours`. Read
    /// through one window of `2 * stride + 1` cells and its middle three, so that two bounds
    /// tests cover the four reads (the optimiser proves the constant offsets inside the
    /// windows; callgrind counts in the commit message).
    #[inline(always)]
    fn around(&self, i: u16) -> [&Cell; 4] {
        let (i, s) = (usize::from(i), usize::from(self.stride));
        let w = &self.cells[i - s..i + s + 1];
        let m = &w[s - 1..s + 2];
        [&w[0], &m[0], &m[2], &w[2 * s]]
    }

    /// One neighbour of a [`Look`]: the colour, head and head's liberty count of cell `n`, and
    /// its [`SUMMARY`] entry.
    #[inline(always)]
    fn neighbour(&self, cell: &Cell) -> (u8, u16, u8, u32) {
        // Every cell's `head` is a valid cell index (see `Look`), so its `libs` can be read
        // whatever the cell holds.
        let l = self.cells[usize::from(cell.head)].libs;
        // The index is below 16 (colour codes below 4, classes below 3), so no bounds test.
        let v = SUMMARY[((usize::from(cell.color) << 2) | usize::from(l)) & 15];
        (cell.color, cell.head, l, v)
    }

    /// Reads the four neighbours of the empty cell `i` ([`Look`]).
    #[inline(always)]
    pub(crate) fn look(&self, i: u16) -> Look {
        let [n0, n1, n2, n3] = self.around(i);
        let (k0, h0, l0, v0) = self.neighbour(n0);
        let (k1, h1, l1, v1) = self.neighbour(n1);
        let (k2, h2, l2, v2) = self.neighbour(n2);
        let (k3, h3, l3, v3) = self.neighbour(n3);
        Look {
            color: [k0, k1, k2, k3],
            head: [h0, h1, h2, h3],
            libs: [l0, l1, l2, l3],
            sum: v0 + v1 + v2 + v3,
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
        let mut h = self.hash ^ key(i, c);
        let mut captured = look.captured_strings(c);
        while captured != 0 {
            h ^= self.string_hash(look.head[captured.trailing_zeros() as usize]);
            captured &= captured - 1;
        }
        if self_capture {
            // The played stone and the strings it joins all leave the board.
            h ^= key(i, c);
            let mut friends = look.friend_strings(c);
            while friends != 0 {
                h ^= self.string_hash(look.head[friends.trailing_zeros() as usize]);
                friends &= friends - 1;
            }
        }
        h
    }

    /// The one liberty of the string whose head is `h`, when it has exactly one: every
    /// pseudo-liberty is that point, so it is their sum over their number.
    pub(crate) fn only_liberty(&self, h: u16) -> Option<u16> {
        let cell = &self.cells[usize::from(h)];
        if cell.libs != 1 {
            return None;
        }
        u16::try_from(cell.sum / u32::from(cell.pl)).ok()
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

    #[inline(always)]
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

    /// Recomputes the liberty class of the string whose head is `h` from its pseudo-liberties.
    #[inline(always)]
    fn reclass(&mut self, h: u16) {
        let cell = &mut self.cells[usize::from(h)];
        cell.libs = class(cell.pl, cell.sum, cell.sumsq);
    }

    /// Joins the strings with heads `a` and `b` (both of colour `c`, `a != b`), the smaller into
    /// the larger; returns the head of the result. The smaller string's stones are relabelled
    /// and the pseudo-liberties add up (see the module doc): nothing is recounted. The class is
    /// left to the caller.
    fn join(&mut self, a: u16, b: u16) -> u16 {
        let (big, small) = if self.stones_of_head(a) >= self.stones_of_head(b) {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = small;
        loop {
            self.cells[usize::from(s)].head = big;
            s = self.cells[usize::from(s)].next;
            if s == small {
                break;
            }
        }
        // Splice the two circular lists.
        let sm = self.cells[usize::from(small)];
        let big_next = self.cells[usize::from(big)].next;
        self.cells[usize::from(big)].next = sm.next;
        self.cells[usize::from(small)].next = big_next;
        let cell = &mut self.cells[usize::from(big)];
        cell.stones += sm.stones;
        cell.pl += sm.pl;
        cell.sum += sm.sum;
        cell.sumsq += sm.sumsq;
        big
    }

    /// Joins the lone stone `i` (a string of one stone) to the string with head `h` of the same
    /// colour: [`Position::join`]`(h, i)`, whose larger side is `h`, without its loop. Returns
    /// `h`.
    #[inline(always)]
    fn attach(&mut self, h: u16, i: u16) -> u16 {
        let stone = self.cells[usize::from(i)];
        let h_next = self.cells[usize::from(h)].next;
        {
            let cell = &mut self.cells[usize::from(i)];
            cell.head = h;
            cell.next = h_next;
        }
        let cell = &mut self.cells[usize::from(h)];
        cell.next = i;
        cell.stones += 1;
        cell.pl += stone.pl;
        cell.sum += stone.sum;
        cell.sumsq += stone.sumsq;
        h
    }

    /// Removes the string with head `h`; every neighbouring stone of the other colour gains
    /// the freed point as a pseudo-liberty (once per adjacency: no de-duplication, see the
    /// module doc), and the class of its string is recomputed. Appends the points to `removed`.
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
            // The neighbours of the other colour, from a bit mask (a branch per such
            // neighbour, not per neighbour).
            let (e32, e64) = (u32::from(s), u64::from(s) * u64::from(s));
            let nb = self.neighbours(s);
            let mut gain = 0u32;
            for (j, &n) in nb.iter().enumerate() {
                gain |= u32::from(self.color_at(n) == other) << j;
            }
            while gain != 0 {
                let h = self.head(nb[gain.trailing_zeros() as usize]);
                gain &= gain - 1;
                let cell = &mut self.cells[usize::from(h)];
                cell.pl += 1;
                cell.sum += e32;
                cell.sumsq += e64;
                cell.libs = class(cell.pl, cell.sum, cell.sumsq);
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
        self.empty_remove(i);
        self.hash ^= key(i, c);
        let free = look.empty_count();
        // The new stone's pseudo-liberties: its empty neighbours `i + d` (distinct points, so
        // its class is their number capped at 2). With `e_j` 1 for an empty neighbour and the
        // offsets `d = -s, -1, 1, s`: sum = free * i + D and sumsq = free * i^2 + 2 i D + Q,
        // where D = s (e_3 - e_0) + (e_2 - e_1) and Q = s^2 (e_0 + e_3) + (e_1 + e_2).
        let empty = look.color_mask(EMPTY);
        let e: [i64; 4] = std::array::from_fn(|j| i64::from((empty >> j) & 1));
        let (s, x) = (i64::from(self.stride), i64::from(i));
        let d = s * (e[3] - e[0]) + (e[2] - e[1]);
        let q = s * s * (e[0] + e[3]) + (e[1] + e[2]);
        let f = i64::from(free);
        // Both are sums of cell indices (or their squares) of empty cells: not negative, and
        // within u32 and u64 (see the module doc).
        let sum = (f * x + d) as u32;
        let sumsq = (f * x * x + 2 * x * d + q) as u64;
        {
            let cell = &mut self.cells[usize::from(i)];
            cell.color = c;
            cell.head = i;
            cell.next = i;
            cell.stones = 1;
            cell.pl = free;
            cell.sum = sum;
            cell.sumsq = sumsq;
            // `free` is at most 4.
            cell.libs = free.min(2) as u8;
        }
        // A stone without stone neighbours is a string of its own and touches no string.
        // Unless it has no empty neighbour either (the one point of a 1x1 board): then it is a
        // self-capture, which the general path below removes.
        if look.no_stone() & (free > 0) {
            return false;
        }
        // Each neighbouring stone loses the pseudo-liberty `i` (once per adjacency). The heads
        // of `look` are still those of the position it was read from. The stone neighbours
        // are walked from a bit mask: a branch per stone neighbour and one to end, instead of
        // a branch per neighbour on whether it is a stone, which is random on a random board
        // (callgrind's branch simulation and the times in the commit messages). The class is
        // recomputed at once: final for an opponent string that survives (the captures below
        // give liberties to the player's strings only), and overwritten for a friend by the
        // class of the joined string.
        let (e32, e64) = (u32::from(i), u64::from(i) * u64::from(i));
        let mut stones = look.stone_mask();
        while stones != 0 {
            let j = stones.trailing_zeros() as usize;
            stones &= stones - 1;
            let cell = &mut self.cells[usize::from(look.head[j])];
            cell.pl -= 1;
            cell.sum -= e32;
            cell.sumsq -= e64;
            cell.libs = class(cell.pl, cell.sum, cell.sumsq);
        }
        // Each distinct friend string is joined, in neighbour order, from a bit mask (one
        // branch on whether there is a friend and one per further friend string, instead of a
        // branch per neighbour). The lone stone joins its first friend, whose head stays the
        // head (the larger side, or as large: the stone lists and heads are those of the
        // earlier representation, so the removal order, the empty list and `captured()` are
        // unchanged). A later friend string is still distinct from the string joined so far
        // (`Look::first`) and not yet relabelled, so the head `look` read is still its head.
        let mut friends = look.friend_strings(c);
        let mut head = i;
        if friends != 0 {
            head = self.attach(look.head[friends.trailing_zeros() as usize], i);
            friends &= friends - 1;
            while friends != 0 {
                head = self.join(head, look.head[friends.trailing_zeros() as usize]);
                friends &= friends - 1;
            }
        }
        // An opponent string whose pseudo-liberties were all `i` has none now: exactly the
        // strings in atari (`Look::captured`), each removed once, in neighbour order, from a
        // bit mask (a branch per captured string, not per neighbour; the distinct strings of
        // `look` are still on the board when their turn comes).
        let mut captured = look.captured_strings(c);
        while captured != 0 {
            self.remove_string(look.head[captured.trailing_zeros() as usize]);
            captured &= captured - 1;
        }
        self.removed_opponent = self.removed.len();
        self.reclass(head);
        if self.libs_of_head(head) == 0 {
            self.remove_string(head);
            return true;
        }
        false
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
    /// or its string was rebuilt with mark `r` already): head, circular list, size,
    /// pseudo-liberties and class. Stones are marked `r`.
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
        let (mut pl, mut sum, mut sumsq) = (0u16, 0u32, 0u64);
        for (j, &x) in stack.iter().enumerate() {
            for n in self.neighbours(x) {
                if self.color_at(n) == EMPTY {
                    pl += 1;
                    sum += u32::from(n);
                    sumsq += u64::from(n) * u64::from(n);
                }
            }
            let cell = &mut self.cells[usize::from(x)];
            cell.head = s;
            cell.next = stack[(j + 1) % stack.len()];
        }
        let head = &mut self.cells[usize::from(s)];
        head.stones = u16::try_from(stack.len()).unwrap_or(u16::MAX);
        (head.pl, head.sum, head.sumsq) = (pl, sum, sumsq);
        head.libs = class(pl, sum, sumsq);
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
        if let Some(at) = self
            .cells
            .iter()
            .position(|cell| usize::from(cell.head) >= self.cells.len())
        {
            return Err(format!("cell {at}'s head is not a cell index"));
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
                    let pairs: Vec<u16> = stones
                        .iter()
                        .flat_map(|&x| self.neighbours(x))
                        .filter(|&n| self.color_at(n) == EMPTY)
                        .collect();
                    let head = self.cells[usize::from(h)];
                    let sum: u32 = pairs.iter().map(|&n| u32::from(n)).sum();
                    let sumsq: u64 = pairs.iter().map(|&n| u64::from(n) * u64::from(n)).sum();
                    if (usize::from(head.pl), head.sum, head.sumsq) != (pairs.len(), sum, sumsq) {
                        return Err(format!(
                            "string of {p:?}: pseudo-liberties ({}, {}, {}), recounted ({}, {sum}, {sumsq})",
                            head.pl,
                            head.sum,
                            head.sumsq,
                            pairs.len()
                        ));
                    }
                    let mut libs = pairs;
                    libs.sort_unstable();
                    libs.dedup();
                    if usize::from(head.libs) != libs.len().min(2) {
                        return Err(format!(
                            "string of {p:?}: liberty class {}, {} liberties by flood fill",
                            head.libs,
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
        // The stones by one pass over the cells without a branch per cell (which colour a cell
        // holds is random at the end of a playout), then the empty regions from the empty
        // list: a flood fill per region not yet seen; a region of one point (no empty
        // neighbour: the commonest at the end of a playout) is counted from its four
        // neighbours without the flood's stack, and a region is credited without a branch on
        // whom it reaches.
        let mut by_code = [0i64; 4];
        for cell in &self.cells {
            by_code[usize::from(cell.color & 3)] += 1;
        }
        let (mut black, mut white) = (by_code[usize::from(BLACK)], by_code[usize::from(WHITE)]);
        let mut seen = [0u64; MAX_CELLS.div_ceil(64)];
        let mut stack: Vec<u16> = Vec::new();
        let stone = |k: u8| if k == BLACK || k == WHITE { k } else { 0 };
        for &p in &self.empty {
            let i = self.index(p);
            let at = usize::from(i);
            if seen[at / 64] >> (at % 64) & 1 == 1 {
                continue;
            }
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
            black += region * i64::from(reach == BLACK);
            white += region * i64::from(reach == WHITE);
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
