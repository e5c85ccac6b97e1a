//! The count of a position the dame filling leaves without seki, on bitboards: the fast path
//! of [`super::Scorer::score`] for `scoring.seki-eyes = "count"` with no dead stones named.
//!
//! A plane holds one `u64` per row, bit `c` of row `r` for the point `(r, c)` (a side is at
//! most 52, so a row fits in one word). The board is read into three planes (Black, White,
//! empty); the empty points each colour reaches are read from the stones' neighbours (grown
//! by floods of whole rows, shifts and masks with no branch per cell, only when some empty
//! point has no stone beside it), and the marks and their tally are read from the planes.
//! Only the strings that may be in atari are flooded, a row run at a time.
//!
//! **What it proves before counting** (spec/FILLING.md; [`Bits::count`] returns `None` when a
//! step fails, and the caller runs the full procedure):
//! 1. P0 has no dame point (2.3): every empty region reaches exactly one colour. Then no fill
//!    is ever made (4.3 needs an open dame point), no point is a seki point (5.1) and no
//!    region is exempt (2.7 needs open dame points), every empty point is an eye point of the
//!    colour its region borders, and no empty point next to a stone of c borders the other
//!    colour.
//! 2. Every string of P0 with exactly one liberty t has a teire on t (4.2): the string J
//!    joined by a stone of c on t (every string of c next to t, and t) is not capturable
//!    (2.5): four liberties or more decide it (K1 needs at most one, K2 at most three); with
//!    two or three, K2 is tested (every liberty is an eye point of c by step 1, so J is
//!    capturable when they lie in one empty region of at most three points that only J
//!    borders). With one or none (K1), or K2, no teire is made and the string stays in atari,
//!    a seki (S2): the full procedure counts it.
//! 3. After all those teire are added at once (round 1 of 4.1), no string has exactly one
//!    liberty: the strings next to a teire are the only ones that changed (t borders c only,
//!    by 1), and each is flooded in that position. Then round 2 finds no teire (4.2 needs a
//!    string with one liberty) and no open dame: P* is P0 with those teire, it has no string
//!    in seki (S1 needs a seki point, S2 a string with one liberty, S3 an S2 string), and the
//!    count (9.4: `count` voids nothing and marks the seki stones of 5.2 only) is the literal
//!    count of P0 without seki marks.
//!
//! The strings are flooded a row run at a time (the stones of a row joined along it by one
//! carry, then the stones above and below), their liberties collected in a plane and counted
//! by `count_ones`, and a flood stops as soon as it has the liberties it needs. A string is
//! known to have two liberties or more without a flood of its own when it holds a stone with
//! two empty neighbours, or two stones with an empty neighbour each that are neighbours or in
//! line with a stone between them (see [`Bits::settle_roomy`]): those stones are found for the
//! whole board at once and grown over the stones of their colour; the strings left (and the
//! one-stone strings, read from the planes) are the only ones flooded, and a flood stops at
//! the second liberty.

use weiqi_core::{Board, Color, PointMark};

use super::Tally;

/// Rows of padding above and below the board in a plane.
const PAD: usize = 2;

/// Rows of a plane: the largest board side (`weiqi_core::MAX_SIDE`) and the padding.
const ROWS: usize = 52 + 2 * PAD;

/// One bit per point, a word per row: board row `r` is the word `r + PAD`.
///
/// **Invariant:** the padding rows (`0..PAD` and `height + PAD..`) of the planes that are
/// read beside a board row are 0 (set by [`Bits::load`]), and so are the bits at or above the
/// board's width in every plane: a row's neighbours two rows up or down are read without a
/// test, and a shift off the board's edge reads or writes nothing that counts.
type Plane = [u64; ROWS];

/// A point as (plane row, column): board row `r` is the plane row `r + PAD`.
type At = (usize, usize);

/// A teire of step 2: its point, its colour's index, and up to four liberties of its joined
/// string (the first `usize` entries).
type Teire = (At, usize, [At; 4], usize);

/// The work planes of the bitboard count (reused between counts; rows at or above the
/// current height are never read).
#[derive(Debug, Clone)]
pub(crate) struct Bits {
    height: usize,
    width: usize,
    /// The stones of each colour: Black, White.
    stones: [Plane; 2],
    /// The empty points.
    empty: Plane,
    /// The empty points whose region reaches Black, White (Tromp-Taylor reachability).
    reach: [Plane; 2],
    /// Stones whose string is settled: known to have two liberties or more, or flooded.
    done: Plane,
    /// Stones of the colour being settled with an empty neighbour.
    free: Plane,
    /// The stones of the current string flood (0 outside a flood).
    seen: Plane,
    /// The liberties the current string flood found (0 outside a flood).
    libs: Plane,
    /// The rows of the current flood's `seen` and `libs` bits: `lo..=hi`.
    lo: usize,
    hi: usize,
    /// The teire of step 2, per colour.
    teire: [Plane; 2],
    /// Flood stack: a row and stones of it to grow from.
    stack: Vec<(usize, u64)>,
    /// The strings with exactly one liberty: (that liberty, the colour's index).
    atari: Vec<(At, usize)>,
    /// The teire of step 2 in the order found.
    teire_list: Vec<Teire>,
}

impl Default for Bits {
    fn default() -> Bits {
        Bits {
            height: 0,
            width: 0,
            stones: [[0; ROWS]; 2],
            empty: [0; ROWS],
            reach: [[0; ROWS]; 2],
            done: [0; ROWS],
            free: [0; ROWS],
            seen: [0; ROWS],
            libs: [0; ROWS],
            lo: 0,
            hi: 0,
            teire: [[0; ROWS]; 2],
            stack: Vec::new(),
            atari: Vec::new(),
            teire_list: Vec::new(),
        }
    }
}

/// Whether the point `(r, c)` is in `p`.
#[inline]
fn has(p: &Plane, (r, c): At) -> bool {
    (p[r] >> c) & 1 == 1
}

/// The on-board neighbours of the point `(r, c)` (a plane row) on a `h` x `w` board: the
/// first `n` entries.
#[inline]
fn neighbours((r, c): At, h: usize, w: usize) -> ([At; 4], usize) {
    let mut out = [(0, 0); 4];
    let mut n = 0;
    for (ok, at) in [
        (r > PAD, (r - 1, c)),
        (c > 0, (r, c.wrapping_sub(1))),
        (c + 1 < w, (r, c + 1)),
        (r + 1 < h + PAD, (r + 1, c)),
    ] {
        if ok {
            out[n] = at;
            n += 1;
        }
    }
    (out, n)
}

/// The bits of `m` joined to `x` along the row (runs of `m` holding a bit of `x`).
///
/// Towards higher bits by one carry: adding the seeds `s` to `m` carries from the lowest seed
/// of a run through the run's top, so `(m + s) ^ m` holds that seed and every bit above it
/// that is not a seed, and `| s` the seeds (the carry out of a run lands on the 0 above it and
/// stops, and is masked off). Towards lower bits by the occluded fill of Kogge and Stone
/// (shifts 1, 2, ..., 32: any run of a 52-bit row).
#[inline]
pub(super) fn grow_row(x: u64, m: u64) -> u64 {
    let s = x & m;
    let up = m & ((m.wrapping_add(s) ^ m) | s);
    let (mut g, mut p) = (s, m);
    g |= p & (g >> 1);
    p &= p >> 1;
    g |= p & (g >> 2);
    p &= p >> 2;
    g |= p & (g >> 4);
    p &= p >> 4;
    g |= p & (g >> 8);
    p &= p >> 8;
    g |= p & (g >> 16);
    p &= p >> 16;
    g |= p & (g >> 32);
    up | g
}

/// The points of `p` and their neighbours in the plane row `r` (the bit at the width is
/// masked off by the caller).
#[inline]
fn dilate_row(p: &Plane, r: usize) -> u64 {
    p[r] | p[r] << 1 | p[r] >> 1 | p[r - 1] | p[r + 1]
}

/// The board's plane rows, `PAD..height + PAD`.
#[inline]
fn rows(h: usize) -> std::ops::Range<usize> {
    PAD..h + PAD
}

/// Grows `seed` (within `within`) to every point of `within` connected to it, by sweeps
/// down and up the rows in turn: each point of `within` next to the seed joins it (the row
/// before already updated, so a column grows in one sweep, a row by one point a visit).
/// Stops after a sweep that changes nothing: every row then equals its dilation within
/// `within`, read from the final rows, so the seed is closed under growth.
fn flood(seed: &mut Plane, within: &Plane, h: usize) {
    let mut down = true;
    loop {
        let mut changed = 0u64;
        let mut step = |r: usize| {
            // A row already equal to `within` cannot grow.
            if seed[r] != within[r] {
                let x = dilate_row(seed, r) & within[r];
                changed |= x ^ seed[r];
                seed[r] = x;
            }
        };
        if down {
            rows(h).for_each(&mut step);
        } else {
            rows(h).rev().for_each(&mut step);
        }
        if changed == 0 {
            return;
        }
        down = !down;
    }
}

/// Adds the liberties `bits` of row `r` to `libs`; returns how many were new.
#[inline]
fn add_libs(libs: &mut Plane, r: usize, bits: u64) -> u32 {
    let new = bits & !libs[r];
    libs[r] |= new;
    new.count_ones()
}

/// The marks by index `black | white << 1 | stone << 2` (black: a Black stone or an empty
/// point reaching Black; white likewise; stone: either stone). Under area and territory alike:
/// index 3 (an empty point reaching both colours, shared by area, dame by territory) never
/// occurs where [`Bits::count`] answers (step 1: no dame point), nor do 4 and 7.
const MARKS: [PointMark; 8] = [
    PointMark::Neutral,
    PointMark::Territory(Color::Black),
    PointMark::Territory(Color::White),
    PointMark::Neutral,
    PointMark::Neutral,
    PointMark::Stone(Color::Black),
    PointMark::Stone(Color::White),
    PointMark::Neutral,
];

/// The marks of two neighbouring points by a pair index: bits 0-1 the `black` bits of the
/// two points (first point in the low bit), 2-3 their `white` bits, 4-5 their `stone` bits.
const fn pairs(single: &[PointMark; 8]) -> [[PointMark; 2]; 64] {
    let mut out = [[PointMark::Neutral; 2]; 64];
    let mut i = 0;
    while i < 64 {
        let first = (i & 1) | (i >> 1 & 2) | (i >> 2 & 4);
        let second = (i >> 1 & 1) | (i >> 2 & 2) | (i >> 3 & 4);
        out[i] = [single[first], single[second]];
        i += 1;
    }
    out
}

/// [`MARKS`] by pairs of points (see [`pairs`]).
const PAIRS: [[PointMark; 2]; 64] = pairs(&MARKS);

impl Bits {
    /// Reads `board` into the stone and empty planes.
    fn load(&mut self, board: &Board) {
        let size = board.size();
        let (h, w) = (usize::from(size.height()), usize::from(size.width()));
        self.height = h;
        self.width = w;
        let full = (1u64 << w) - 1;
        for (r, row) in rows(h).zip(board.cells().chunks_exact(w)) {
            // From the last column to the first, each bit shifted in at the bottom.
            let (mut b, mut wh) = (0u64, 0u64);
            for &x in row.iter().rev() {
                // One match (`Option`'s `==` tests the variant and then the colour).
                let v: u64 = match x {
                    None => 0,
                    Some(Color::Black) => 1,
                    Some(Color::White) => 2,
                };
                b = b << 1 | (v & 1);
                wh = wh << 1 | v >> 1;
            }
            self.stones[0][r] = b;
            self.stones[1][r] = wh;
            self.empty[r] = full & !(b | wh);
        }
        // The padding below the board (a larger board may have used these rows; the rows
        // above it are never written).
        for r in h + PAD..h + 2 * PAD {
            let [b, wh] = &mut self.stones;
            let [rb, rw] = &mut self.reach;
            for p in [
                b,
                wh,
                &mut self.empty,
                rb,
                rw,
                &mut self.done,
                &mut self.free,
            ] {
                p[r] = 0;
            }
        }
    }

    /// The count of `board` (by area or by territory: the same, as no point is shared or
    /// dame) when the proof of the module doc holds: the marks (written into `marks`) and
    /// their tally; `None` (marks unspecified) when it does not.
    pub(crate) fn count(&mut self, board: &Board, marks: &mut Vec<PointMark>) -> Option<Tally> {
        self.load(board);
        let h = self.height;
        // Step 1: the empty points each colour reaches, from its stones' empty neighbours;
        // no dame point: no empty point reaches both colours or neither.
        for k in 0..2 {
            for r in rows(h) {
                self.reach[k][r] = dilate_row(&self.stones[k], r) & self.empty[r];
            }
        }
        let [rb, rw] = &mut self.reach;
        if rows(h).any(|r| self.empty[r] & !(rb[r] | rw[r]) != 0) {
            // An empty point with no stone beside it: the regions are grown.
            flood(rb, &self.empty, h);
            flood(rw, &self.empty, h);
            if rows(h).any(|r| self.empty[r] & !(rb[r] ^ rw[r]) != 0) {
                return None;
            }
        } else if rows(h).any(|r| rb[r] & dilate_row(rw, r) != 0) {
            // Every empty point is next to a stone, so a region reaches both colours exactly
            // when it holds a point next to Black beside (or at) one next to White, and
            // each region reaches one colour at least: then the points next to a colour are
            // the points its regions hold, and there is no dame point when none is beside
            // the other's.
            return None;
        }
        // Step 3's strings: those with exactly one liberty.
        self.atari.clear();
        for k in 0..2 {
            self.settle_roomy(k);
            self.find_atari(k);
        }
        // Steps 2 and 3: a teire on every such liberty, and no string in atari after them.
        if !self.atari.is_empty() && !self.teire_clears_every_atari() {
            return None;
        }
        Some(self.marks(marks))
    }

    /// Sets `done` to the stones of colour `k` whose strings are known to have two liberties
    /// or more, and lists the strings of one stone and one liberty in `atari` (every
    /// one-stone string `done` too), then grows `done` over the colour (a string with one
    /// settled stone is settled). A stone with two empty neighbours has two liberties.
    /// So have two stones of one string that each have an empty neighbour, when they are
    /// neighbours, or in one line with a stone of the colour between them: the four
    /// neighbours of a point and those of its neighbour share no point, and the neighbours of
    /// `(r, c)` and `(r, c + 2)` share only `(r, c + 1)`, a stone.
    fn settle_roomy(&mut self, k: usize) {
        let h = self.height;
        let (s, e) = (&self.stones[k], &self.empty);
        for r in rows(h) {
            self.free[r] = s[r] & (e[r] << 1 | e[r] >> 1 | e[r - 1] | e[r + 1]);
        }
        let f = &self.free;
        for r in rows(h) {
            let (n, so, we, ea) = (e[r - 1], e[r + 1], e[r] << 1, e[r] >> 1);
            // At least two of the four neighbours empty.
            let rich = s[r] & ((n & so) | (we & ea) | ((n | so) & (we | ea)));
            let pair = f[r] & (f[r] << 1 | f[r] >> 1 | f[r - 1] | f[r + 1]);
            let line = f[r]
                & ((s[r] >> 1 & f[r] >> 2)
                    | (s[r] << 1 & f[r] << 2)
                    | (s[r - 1] & f[r - 2])
                    | (s[r + 1] & f[r + 2]));
            // A stone with no stone of its colour beside it is a string of one stone: its
            // liberties are its empty neighbours.
            let alone = s[r] & !(s[r] << 1 | s[r] >> 1 | s[r - 1] | s[r + 1]);
            let mut one = alone & f[r] & !rich;
            while one != 0 {
                let c = one.trailing_zeros() as usize;
                one &= one - 1;
                let l = if e[r - 1] >> c & 1 == 1 {
                    (r - 1, c)
                } else if e[r + 1] >> c & 1 == 1 {
                    (r + 1, c)
                } else if c > 0 && e[r] >> (c - 1) & 1 == 1 {
                    (r, c - 1)
                } else {
                    (r, c + 1)
                };
                self.atari.push((l, k));
            }
            self.done[r] = rich | pair | line | alone;
        }
        // Every stone of a settled string is settled: grown over the colour.
        flood(&mut self.done, &self.stones[k], h);
    }

    /// Floods the string of colour `k` through the stones `seed` of row `r`, a run at a time,
    /// collecting its distinct liberties in `libs` until `cap` or more are found, or (with
    /// `stop_at_done`) until a run holds a stone of `done`. Returns the number of liberties
    /// found and whether a `done` stone was reached. The stones flooded are in `seen` (all of
    /// the string's when neither stop happened); `seen` and `libs` are set in rows
    /// `lo..=hi` only, for [`Bits::end_flood`].
    fn string_flood(
        &mut self,
        k: usize,
        r: usize,
        seed: u64,
        cap: u32,
        stop_at_done: bool,
    ) -> (u32, bool) {
        (self.lo, self.hi) = (r - 1, r + 1);
        self.stack.clear();
        self.stack.push((r, seed));
        let mut n = 0;
        while let Some((r, x)) = self.stack.pop() {
            let free = self.stones[k][r] & !self.seen[r];
            if x & free == 0 {
                continue;
            }
            let run = grow_row(x, free);
            self.seen[r] |= run;
            self.lo = self.lo.min(r - 1);
            self.hi = self.hi.max(r + 1);
            if stop_at_done && run & self.done[r] != 0 {
                return (n, true);
            }
            // The padding rows hold no stone and no empty point.
            n += add_libs(&mut self.libs, r, (run << 1 | run >> 1) & self.empty[r]);
            n += add_libs(&mut self.libs, r - 1, run & self.empty[r - 1]);
            n += add_libs(&mut self.libs, r + 1, run & self.empty[r + 1]);
            let up = run & self.stones[k][r - 1] & !self.seen[r - 1];
            if up != 0 {
                self.stack.push((r - 1, up));
            }
            let down = run & self.stones[k][r + 1] & !self.seen[r + 1];
            if down != 0 {
                self.stack.push((r + 1, down));
            }
            if n >= cap {
                return (n, false);
            }
        }
        (n, false)
    }

    /// The first `N` (at most) liberties the current flood found, and how many there are.
    fn flood_libs<const N: usize>(&self) -> ([At; N], usize) {
        let mut out = [(0, 0); N];
        let mut n = 0;
        for r in self.lo..=self.hi {
            let mut x = self.libs[r];
            while x != 0 && n < N {
                out[n] = (r, x.trailing_zeros() as usize);
                n += 1;
                x &= x - 1;
            }
        }
        (out, n)
    }

    /// Clears the current flood's `seen` and `libs` rows, first adding its stones to `done`
    /// when `settle`.
    fn end_flood(&mut self, settle: bool) {
        for r in self.lo..=self.hi {
            if settle {
                self.done[r] |= self.seen[r];
            }
            self.seen[r] = 0;
            self.libs[r] = 0;
        }
    }

    /// Floods every string of colour `k` not yet `done`, until a second liberty or a settled
    /// stone of the string is found; a string flooded to its end with exactly one liberty is
    /// listed in `atari`. Every stone flooded becomes `done`.
    ///
    /// **Invariant:** a stone is `done` only if its string has two liberties or more, or was
    /// flooded to its end (then every stone of it is `done`): so a flood that reaches a `done`
    /// stone is in a string of two liberties or more, and stops there.
    fn find_atari(&mut self, k: usize) {
        for r in rows(self.height) {
            loop {
                let x = self.stones[k][r] & !self.done[r];
                if x == 0 {
                    break;
                }
                let (n, settled) = self.string_flood(k, r, x & x.wrapping_neg(), 2, true);
                if !settled && n == 1 {
                    let (l, _) = self.flood_libs::<1>();
                    self.atari.push((l[0], k));
                }
                self.end_flood(true);
            }
        }
    }

    /// Puts a stone of colour `k` on the empty point `t` (`on`), or takes it off again.
    fn place(&mut self, (r, c): At, k: usize, on: bool) {
        if on {
            self.stones[k][r] |= 1 << c;
            self.empty[r] &= !(1 << c);
        } else {
            self.stones[k][r] &= !(1 << c);
            self.empty[r] |= 1 << c;
        }
    }

    /// Steps 2 and 3 of the module doc: every liberty of an `atari` string is a teire whose
    /// joined string is not capturable, and with all of them added no string they touch has
    /// fewer than two liberties.
    fn teire_clears_every_atari(&mut self) -> bool {
        let h = self.height;
        for k in 0..2 {
            self.teire[k][rows(h)].fill(0);
        }
        self.teire_list.clear();
        for n in 0..self.atari.len() {
            let (t, k) = self.atari[n];
            if has(&self.teire[k], t) {
                continue;
            }
            // The joined string J in P0 with a stone of k on t must not be capturable (2.5):
            // four liberties or more decide it without K2 (its flood stops there); with one
            // or none K1 holds and no teire is made, so the string stays in atari (S2).
            self.place(t, k, true);
            let (n, _) = self.string_flood(k, t.0, 1 << t.1, 4, false);
            let teire = n >= 4 || (n >= 2 && !self.single_eye());
            let (libs, m) = self.flood_libs::<4>();
            self.end_flood(false);
            self.place(t, k, false);
            if !teire {
                return false;
            }
            self.teire[k][t.0] |= 1 << t.1;
            self.teire_list.push((t, k, libs, m));
        }
        // Step 3. A joined string keeps in P1 every liberty found above that is not a teire
        // (P1 only adds stones, on the teire): two such decide it; else it is flooded in P1.
        let is_teire = |b: &Bits, l: At| has(&b.teire[0], l) || has(&b.teire[1], l);
        let mut placed = false;
        let mut ok = true;
        for n in 0..self.teire_list.len() {
            let (t, k, libs, m) = self.teire_list[n];
            if libs[..m].iter().filter(|&&l| !is_teire(self, l)).count() >= 2 {
                continue;
            }
            if !placed {
                for &(q, kq, _, _) in &self.teire_list.clone() {
                    self.place(q, kq, true);
                }
                placed = true;
            }
            let (n, _) = self.string_flood(k, t.0, 1 << t.1, 2, false);
            self.end_flood(false);
            if n < 2 {
                ok = false;
                break;
            }
        }
        if placed {
            for &(q, kq, _, _) in &self.teire_list.clone() {
                self.place(q, kq, false);
            }
        }
        ok
    }

    /// K2 of FILLING.md 2.5 for the string J just flooded to its end by
    /// [`Bits::string_flood`] (a stone on t placed; two or three liberties in `libs`; every
    /// stone of J in `seen`): every liberty is an eye point of J's colour (step 1: no dame
    /// point, and a liberty borders J), so J is capturable when its liberties lie in one
    /// empty region (t taken) of at most three points that no stone outside J borders.
    fn single_eye(&self) -> bool {
        let (h, w) = (self.height, self.width);
        let (libs, n) = self.flood_libs::<3>();
        let libs = &libs[..n];
        let mut region = [(0, 0); 3];
        region[0] = libs[0];
        let (mut size, mut i) = (1, 0);
        while i < size {
            let (nb, m) = neighbours(region[i], h, w);
            i += 1;
            for &q in &nb[..m] {
                if has(&self.empty, q) {
                    if !region[..size].contains(&q) {
                        if size == 3 {
                            return false; // more than three points
                        }
                        region[size] = q;
                        size += 1;
                    }
                } else if !has(&self.seen, q) {
                    return false; // a stone outside J borders the region
                }
            }
        }
        libs.iter().all(|l| region[..size].contains(l))
    }

    /// The literal marks of the loaded board (no seki, nothing void) and their tally, where
    /// step 1 holds: the empty points reaching Black and those reaching White are disjoint and
    /// together every empty point, so each is territory and none shared or dame.
    fn marks(&self, marks: &mut Vec<PointMark>) -> Tally {
        let (h, w) = (self.height, self.width);
        let [b, wh] = &self.stones;
        let [rb, rw] = &self.reach;
        marks.clear();
        marks.resize(h * w, PointMark::Neutral);
        let mut t = Tally::default();
        let count = |x: u64| x.count_ones();
        // Row by row, in place: one bounds test per row, not per mark.
        for (r, row) in rows(h).zip(marks.chunks_exact_mut(w)) {
            let (m0, m1, m2) = (b[r] | rb[r], wh[r] | rw[r], (b[r] | wh[r]) << 2);
            // Two columns at a time: the mark indexes of columns c and c + 1 from bits c and
            // c + 1 of each mask, shifted into bits 0-1, 2-3 and 4-5 of a pair index.
            let (mut x0, mut x1, mut x2) = (m0, m1 << 2, m2 << 2);
            let mut pairs = row.chunks_exact_mut(2);
            for m in &mut pairs {
                let pair = &PAIRS[((x0 & 3) | (x1 & 12) | (x2 & 48)) as usize];
                m.copy_from_slice(pair);
                x0 >>= 2;
                x1 >>= 2;
                x2 >>= 2;
            }
            if let [m] = pairs.into_remainder() {
                *m = MARKS[((x0 & 1) | (x1 >> 1 & 2) | (x2 >> 2 & 4)) as usize];
            }
            t.stones.black += count(b[r]);
            t.stones.white += count(wh[r]);
            t.territory.black += count(rb[r]);
            t.territory.white += count(rw[r]);
        }
        t
    }
}

#[cfg(test)]
impl Bits {
    /// The number of strings with exactly one liberty the last [`Bits::count`] found (when it
    /// got that far).
    pub(crate) fn atari_found(&self) -> usize {
        self.atari.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// xorshift64*, for the random planes.
    fn rng(seed: u64) -> impl FnMut() -> u64 {
        let mut x = seed;
        move || {
            x ^= x >> 12;
            x ^= x << 25;
            x ^= x >> 27;
            x.wrapping_mul(0x2545_f491_4f6c_dd1d)
        }
    }

    #[test]
    fn grow_row_joins_the_runs_holding_a_seed() {
        // The invariant of `grow_row` (its doc: the carry upwards, the occluded fill
        // downwards): the result is every bit of `m` in a run of `m` holding a bit of `x`,
        // compared with a walk bit by bit, on random rows of every width up to 52 bits, a
        // third of them one long run seeded near its top.
        let mut next = rng(0x9e37_79b9_7f4a_7c15);
        for case in 0..20_000 {
            let w = 1 + case % 52;
            let full = (1u64 << w) - 1;
            let (m, x) = if case % 3 == 0 {
                // One run of any length with a seed near its top (the fill down the run
                // needs every shift of the occluded fill, up to 32), noise elsewhere.
                let lo = (next() % w as u64) as usize;
                let hi = lo + (next() % (w - lo) as u64) as usize;
                let run = ((1u64 << (hi - lo + 1)) - 1) << lo;
                let noise = next() & next() & full & !(run << 1 | run >> 1);
                let top = hi - (next() % 3).min((hi - lo) as u64) as usize;
                (run | noise, 1u64 << top | next() & next() & next() & full)
            } else {
                (next() & next() | next() & full, next() & next() & full)
            };
            let m = m & full;
            let mut want = 0u64;
            let mut c = 0;
            while c < w {
                if m >> c & 1 == 0 {
                    c += 1;
                    continue;
                }
                let start = c;
                while c < w && m >> c & 1 == 1 {
                    c += 1;
                }
                let run = ((1u64 << (c - start)) - 1) << start;
                if run & x != 0 {
                    want |= run;
                }
            }
            assert_eq!(grow_row(x, m), want, "m {m:#b} x {x:#b}");
        }
    }

    #[test]
    fn flood_gives_the_components_a_search_finds() {
        // The invariant of `flood` (its doc; the padding invariant of `Plane`): the points of
        // `within` connected to the seeds, compared with a breadth-first search over the
        // points, on random planes of random sizes, densities and seeds.
        let mut next = rng(0x2545_f491_4f6c_dd1d);
        for case in 0..400u64 {
            let (h, w) = (1 + (next() % 52) as usize, 1 + (next() % 52) as usize);
            let full = (1u64 << w) - 1;
            let density = next() % 100;
            let mut within = [0u64; ROWS];
            let mut seed = [0u64; ROWS];
            for r in rows(h) {
                for c in 0..w {
                    if next() % 100 < density {
                        within[r] |= 1 << c;
                        if next().is_multiple_of(40) {
                            seed[r] |= 1 << c;
                        }
                    }
                }
                within[r] &= full;
            }
            let mut want = seed;
            let mut queue: Vec<At> = Vec::new();
            for r in rows(h) {
                for c in 0..w {
                    if has(&seed, (r, c)) {
                        queue.push((r, c));
                    }
                }
            }
            while let Some(at) = queue.pop() {
                let (nb, n) = neighbours(at, h, w);
                for &q in &nb[..n] {
                    if has(&within, q) && !has(&want, q) {
                        want[q.0] |= 1 << q.1;
                        queue.push(q);
                    }
                }
            }
            flood(&mut seed, &within, h);
            assert_eq!(seed, want, "case {case}: {h}x{w}");
        }
    }

    #[test]
    fn settle_roomy_settles_the_strings_its_doc_names() {
        // The doc of `Bits::settle_roomy`, point by point: a string is settled (every stone of
        // it in `done`) exactly when it is one stone, or holds a stone with two empty
        // neighbours, or two stones with an empty neighbour each that are neighbours or two
        // apart in a line with a stone of the colour between them; the one-stone strings with
        // exactly one empty neighbour are listed in `atari` with it. Checked with plain
        // searches on random boards of every shape and density, both colours.
        use weiqi_core::{BoardSize, Point};
        let mut next = rng(0x853c_49e6_748f_ea9b);
        let mut bits = Bits::default();
        let mut settled_by_rule = [0usize; 2];
        for case in 0..600u64 {
            let (w, h) = (1 + (next() % 19) as u32, 1 + (next() % 19) as u32);
            let size = BoardSize::new(w, h).expect("size");
            let mut board = Board::new(size);
            let density = 30 + next() % 70;
            for p in size.points() {
                if next() % 100 < density {
                    let c = if next().is_multiple_of(2) {
                        Color::Black
                    } else {
                        Color::White
                    };
                    board.set(p, Some(c));
                }
            }
            bits.load(&board);
            let empty_nbrs = |p: Point| {
                board
                    .neighbours(p)
                    .filter(|&q| board.get(q).is_none())
                    .count()
            };
            for (k, color) in [Color::Black, Color::White].into_iter().enumerate() {
                bits.atari.clear();
                bits.settle_roomy(k);
                let free = |p: Point| board.get(p) == Some(color) && empty_nbrs(p) > 0;
                let mut want = [0u64; ROWS];
                let mut want_atari = Vec::new();
                for p in board.stones(color).collect::<Vec<_>>() {
                    // The string through p, by a search.
                    let (string, _) = super::super::tests::component(&board, p);
                    let at = |r: i32, c: i32| {
                        (r >= 0 && c >= 0 && r < h as i32 && c < w as i32)
                            .then(|| Point::rc(r as u8, c as u8))
                    };
                    let roomy = string.iter().any(|&a| {
                        let (r, c) = (i32::from(a.row), i32::from(a.col));
                        let line = |dr: i32, dc: i32| {
                            at(r + dr, c + dc).is_some_and(|m| board.get(m) == Some(color))
                                && at(r + 2 * dr, c + 2 * dc).is_some_and(free)
                        };
                        empty_nbrs(a) >= 2
                            || (free(a) && board.neighbours(a).any(free))
                            || (free(a) && (line(0, 1) || line(0, -1) || line(1, 0) || line(-1, 0)))
                    });
                    if string.len() == 1 && !roomy && empty_nbrs(p) == 1 {
                        let l = board.neighbours(p).find(|&q| board.get(q).is_none());
                        want_atari.push(l.expect("an empty neighbour"));
                    }
                    if string.len() == 1 || roomy {
                        want[usize::from(p.row) + PAD] |= 1 << p.col;
                        settled_by_rule[usize::from(string.len() == 1)] += usize::from(roomy);
                    }
                }
                assert_eq!(
                    bits.done[rows(h as usize)],
                    want[rows(h as usize)],
                    "case {case} {color:?}\n{board:?}"
                );
                let mut got: Vec<Point> = bits
                    .atari
                    .iter()
                    .map(|&((r, c), kk)| {
                        assert_eq!(kk, k);
                        Point::rc((r - PAD) as u8, c as u8)
                    })
                    .collect();
                got.sort_by_key(|p| (p.row, p.col));
                want_atari.sort_by_key(|p| (p.row, p.col));
                assert_eq!(got, want_atari, "case {case} {color:?}\n{board:?}");
            }
        }
        assert!(
            settled_by_rule[0] > 1000,
            "strings of several stones settled: {settled_by_rule:?}"
        );
    }
}
