//! The dame filling, teire and seki of `spec/FILLING.md` (docs/decisions.md 10, revised): the
//! position the players would have ended with before a Japanese count, found in rounds that
//! depend on the position alone, never on an order of points or colours.
//!
//! Implemented from the text, section by section (the section numbers are the text's):
//! - 2.3: eye points and dame points are fixed by P0 (`kind`, one byte per cell).
//! - 2.5: a string is capturable with at most one liberty (K1), or when all its liberties lie in
//!   one eye region of its colour of at most three points that it alone borders (K2).
//! - 2.6, 2.7: enclosed strings and exempt regions (dame around a stone that looks dead).
//! - 3.1: an admissible fill (A1: the filler's string is not capturable; A2: every opponent
//!   string next to it keeps a liberty and is not capturable, or can be saved by a teire).
//! - 4.2, 4.3: a round makes every teire of the position, else fills every candidate with a
//!   filler at once (a neutral stone where both colours may fill), each candidate judged in the
//!   position with every other candidate neutral (Q_p).
//! - 5.1, 5.2: seki points and strings in seki of the final position P* (S1, S2, S3).
//!
//! Every hypothetical position is made in place on the cells and undone at once; the local
//! flood fills use stamp arrays, so a test allocates nothing. Between rounds only the strings
//! and regions the round's stones change are relabelled (`Grid::relabel_around`), the round's
//! loops walk the list of its empty cells, and the tests read the liberty counts of the labels
//! before flooding anything (FILLING.md 4.7).

use weiqi_core::{Color, Point};

use super::grid::{BLACK, EMPTY, Grid, NEUTRAL, WHITE, color_of};

/// `kind` of a stone cell of P0 (and of the border).
const STONE: u8 = 0;
/// `kind` of a dame point of P0 (eye points use [`BLACK`] and [`WHITE`]).
const DAME: u8 = 3;

/// What the filling put on a point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Added {
    /// A fill of this colour on a dame point (4.3).
    Fill(Color),
    /// A neutral stone on a dame point both colours may fill (4.3, 4.6).
    Neutral,
    /// A teire of this colour on its own eye point (4.2).
    Teire(Color),
}

/// The outcome of the filling: the final position P* is left in the grid (labelled).
#[derive(Debug, Clone, Default)]
pub(crate) struct Outcome {
    /// Every stone added, in the order of the points on the board (6.1).
    pub added: Vec<(Point, Added)>,
    /// Per cell of P*: the open dame point lies in an exempt region (2.7).
    pub exempt: Vec<bool>,
    /// Per string of P*: in seki by 5.2 (S1 borders a seki point, S2 has exactly one liberty,
    /// S3 borders an own eye region holding the liberty of an own S2 string).
    pub seki_5_2: Vec<bool>,
    /// Per string of P*: borders an open dame point, exempt or not (9.1).
    pub borders_open_dame: Vec<bool>,
    /// Per string of P*: enclosed (2.6), of the side that makes a region it borders exempt
    /// (6.2).
    pub looks_dead: Vec<bool>,
}

/// The work arrays of the filling.
#[derive(Debug, Clone, Default)]
pub(crate) struct Filling {
    /// 2.3: per cell, [`STONE`], [`BLACK`]/[`WHITE`] (an eye point of that colour) or [`DAME`].
    kind: Vec<u8>,
    /// Membership stamps of the string under test and of its liberties.
    member: Vec<u32>,
    /// Visit stamps of eye regions.
    seen: Vec<u32>,
    /// The current stamp.
    mark: u32,
    /// Flood stack.
    stack: Vec<u32>,
    /// The stack of [`Filling::liberties`]: as long as the cells, written by index.
    string_stack: Vec<u32>,
    /// Per region of P: exempt (2.7).
    region_exempt: Vec<bool>,
    /// Per region of P and colour: every string of that colour bordering it (one at least) is
    /// enclosed, which makes the region exempt.
    region_dead_side: Vec<[bool; 2]>,
    /// Per region of P and colour: the one string of that colour bordering it, `MULTI` if
    /// several, `NONE` if none.
    region_string: Vec<[u32; 2]>,
    /// Per string of P: enclosed (2.6).
    enclosed: Vec<bool>,
    /// Per cell and colour: cache of "a stone of that colour here would have two liberties"
    /// (0 unknown, 1 yes, 2 no), for the enclosed test.
    approach: Vec<[u8; 2]>,
    /// The cells whose `approach` entry is set.
    approach_set: Vec<u32>,
    /// The empty cells of the round's position P, in row-major order (built from P0 by
    /// [`Filling::run`], the cells of every round's stones dropped after the round): every
    /// loop of a round and of the count on P* that reads only empty cells walks this list.
    empties: Vec<u32>,
    /// The open dame points of the round's position (the cells of `empties` that are dame
    /// points of P0, 2.3), in the same order and kept in step with it: the fill step, the
    /// exempt regions and the count on P* read only dame points, and walk this list.
    dames: Vec<u32>,
    /// Per string of the round's labels: its liberties less the candidates next to it, the
    /// liberties it keeps in every Q_p once p is filled (4.3 step 2, 4.7).
    q_after: Vec<u32>,
    /// Candidates of a fill step.
    candidates: Vec<u32>,
    /// Stones to add in a round (cell, value).
    adds: Vec<(u32, u8)>,
    /// Whether `region_exempt`, `region_dead_side` and `enclosed` are those of the current
    /// position: set by a round that found the exempt regions and then added nothing, so that
    /// [`Filling::finish`] does not find them again on the same position.
    exempt_current: bool,
    /// The stones added by the rounds, in the order they were added (moved into `spare`'s
    /// `added` in board order by [`Filling::finish`]).
    added: Vec<(usize, Added)>,
    /// Per region of P*: an eye region holding the liberty of a string in atari (S3).
    s3_region: Vec<bool>,
    /// The vectors of the last count's [`Outcome`], handed back by [`Filling::recycle`] and
    /// refilled by the next [`Filling::run`], so that a warm scorer allocates none of them.
    spare: Outcome,
}

const NONE: u32 = u32::MAX;
const MULTI: u32 = u32::MAX - 1;

fn other(c: u8) -> u8 {
    BLACK + WHITE - c
}

fn side(c: u8) -> usize {
    usize::from(c == WHITE)
}

/// Whether some string of the labelled grid has one liberty: the gate of the scans that only
/// a string in atari can make do something (the procedure itself, the teire of 4.2, S3).
///
/// Where the gate is wrong it changes nothing when *every* string has one liberty: then no
/// teire exists (a stone on an own eye point t joins only strings whose one liberty is t, and
/// t has at most one empty neighbour: one beside such a string's stone on a side would share
/// the corner cell between them, which can be neither empty nor of the string's colour, nor of
/// the other colour, whose stone would make both points dame by 2.3 and 2.4; so the joined
/// string has at most one liberty, K1), and S3 marks only strings S2 has marked (every string
/// is in atari, and the liberty of one next to an eye region is an eye point, never exempt).
fn any_in_atari(g: &Grid) -> bool {
    g.strings.iter().any(|s| s.liberties == 1)
}

impl Filling {
    fn next_mark(&mut self) -> u32 {
        if self.mark >= u32::MAX - 2 {
            self.member.iter_mut().for_each(|s| *s = 0);
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.mark = 0;
        }
        self.mark += 1;
        self.mark
    }

    /// Floods the string through the stone cell `start` until four distinct liberties are
    /// found (FILLING.md 4.7: four decide K1 and K2): returns the mark its stones are stamped
    /// with in `member`, the number of its distinct liberties capped at 4, and those liberties.
    ///
    /// **Invariant:** with a count below 4 the flood ran to the end, so every stone of the
    /// string is stamped (K2 reads the stamps only then); with 4 the stamps are partial and
    /// the callers read only the count (no capture, `capturable` false, two liberties or more).
    ///
    /// Without a branch on a neighbour's content (random on final positions, mispredicted
    /// about ten times a flood): the stamps are rewritten through masks, changed or not; a
    /// stone is pushed by writing it at the top of a stack sized for every cell and moving the
    /// top by one or zero (each stone is pushed once, when it is stamped); every neighbour is
    /// written at `first[n]`, past the liberties found, and a liberty moves `n` past it.
    fn liberties(&mut self, g: &Grid, start: usize) -> (u32, u32, [u32; 4]) {
        let color = g.cells[start];
        let m = self.next_mark();
        self.member[start] = m;
        if self.string_stack.len() < g.cells.len() {
            self.string_stack.resize(g.cells.len(), 0);
        }
        let stack = &mut self.string_stack[..];
        let member = &mut self.member[..];
        stack[0] = start as u32;
        let mut top = 1;
        let mut n = 0;
        let mut first = [0u32; 4];
        while top > 0 {
            top -= 1;
            let i = stack[top] as usize;
            for nb in g.neighbours(i) {
                let c = g.cells[nb];
                // A stone of the string or a liberty not stamped yet is stamped now (the
                // liberties are stamped in `member` too: a cell is a stone or empty, so the two
                // never meet), through a mask of all ones, else zero.
                let fresh = member[nb] != m;
                let stone = (c == color) & fresh;
                let liberty = (c == EMPTY) & fresh;
                let hit = u32::from(stone | liberty).wrapping_neg();
                member[nb] ^= (member[nb] ^ m) & hit;
                stack[top] = nb as u32;
                top += usize::from(stone);
                // (`n` is below 4 here: `& 3` spares the bounds test.)
                first[n & 3] = nb as u32;
                n += usize::from(liberty);
                if n == 4 {
                    return (m, 4, first);
                }
            }
        }
        (m, n as u32, first)
    }

    /// 2.5: whether the string through the stone cell `start` is capturable in the grid's
    /// current cells.
    fn capturable(&mut self, g: &Grid, start: usize) -> bool {
        let color = g.cells[start];
        let (m, n, libs) = self.liberties(g, start);
        if n <= 1 {
            return true; // K1
        }
        if n > 3 {
            return false;
        }
        let libs = &libs[..n as usize];
        // K2: every liberty an eye point of `color` ...
        if libs.iter().any(|&l| self.kind[l as usize] != color) {
            return false;
        }
        // ... all in one eye region R of at most three points, bordered by this string only.
        let r = self.next_mark();
        let start_lib = libs[0] as usize;
        self.seen[start_lib] = r;
        self.stack.clear();
        self.stack.push(start_lib as u32);
        let mut size = 0;
        while let Some(i) = self.stack.pop() {
            size += 1;
            if size > 3 {
                return false;
            }
            for nb in g.neighbours(i as usize) {
                let c = g.cells[nb];
                if c == EMPTY {
                    if self.kind[nb] == color && self.seen[nb] != r {
                        self.seen[nb] = r;
                        self.stack.push(nb as u32);
                    }
                } else if (c == BLACK || c == WHITE) && self.member[nb] != m {
                    return false; // another string borders R
                }
            }
        }
        libs.iter().all(|&l| self.seen[l as usize] == r)
    }

    /// Whether the string through `start` (a stone of the grid) is capturable after `value`
    /// is put on the empty cell `at` (undone afterwards).
    fn capturable_with(&mut self, g: &mut Grid, at: usize, value: u8, start: usize) -> bool {
        g.cells[at] = value;
        let c = self.capturable(g, start);
        g.cells[at] = EMPTY;
        c
    }

    /// 3.1: whether the fill (p, x) is admissible (p an open dame point not in an exempt region,
    /// checked by the caller), in P (`in_q` false) or in Q_p (`in_q` true: every other
    /// candidate holds a neutral stone, `q_after` is up to date).
    ///
    /// **Shortcut** (FILLING.md 4.7: the liberty counts are read from the round's labels, in
    /// Q_p with the candidates taken off once per round): a string next to p that keeps four
    /// liberties or more once p is filled is not capturable (2.5: K1 needs at most one, K2 at
    /// most three) and keeps a liberty, so it passes A2 unflooded; an own string that does
    /// passes A1 for the string it joins (every liberty it keeps is one of the joined string).
    fn admissible(&mut self, g: &mut Grid, p: usize, x: u8, in_q: bool) -> bool {
        let o = other(x);
        let roomy = |f: &Filling, nb: usize| f.after(g, g.label[nb] as usize, in_q) >= 4;
        let a1_roomy = g
            .neighbours(p)
            .into_iter()
            .any(|nb| g.cells[nb] == x && roomy(self, nb));
        let a2_roomy = g
            .neighbours(p)
            .map(|nb| g.cells[nb] == o && roomy(self, nb));
        g.cells[p] = x;
        let mut ok = a1_roomy || !self.capturable(g, p); // A1
        if ok {
            for (k, nb) in g.neighbours(p).into_iter().enumerate() {
                if g.cells[nb] != o || a2_roomy[k] {
                    continue;
                }
                // A2 for the string T through nb.
                let (_, n, libs) = self.liberties(g, nb);
                if n == 0 {
                    ok = false;
                } else if self.capturable(g, nb) {
                    let t = libs[0] as usize;
                    ok = n == 1 && self.kind[t] == o && !self.capturable_with(g, t, o, t);
                }
                if !ok {
                    break;
                }
            }
        }
        g.cells[p] = EMPTY;
        ok
    }

    /// The liberties the string `s` of the round's labels, a neighbour of the tested point p,
    /// keeps once p is filled: in P its count less p; in Q_p (`in_q`) its count less every
    /// candidate next to it, p included (`q_after`).
    fn after(&self, g: &Grid, s: usize, in_q: bool) -> u32 {
        if in_q {
            self.q_after[s]
        } else {
            // p is an empty neighbour of the string, so one of its liberties.
            g.strings[s].liberties - 1
        }
    }

    /// `q_after` for the round's candidates: per string, its liberties less the distinct
    /// candidates next to it (each one of its liberties).
    fn count_q_after(&mut self, g: &Grid) {
        self.q_after.clear();
        self.q_after.extend(g.strings.iter().map(|s| s.liberties));
        for &c in &self.candidates {
            let mut seen = [u32::MAX; 4];
            for (k, nb) in g.neighbours(c as usize).into_iter().enumerate() {
                if matches!(g.cells[nb], BLACK | WHITE) {
                    let id = g.label[nb];
                    if !seen[..k].contains(&id) {
                        seen[k] = id;
                        self.q_after[id as usize] -= 1;
                    }
                }
            }
        }
    }

    /// 4.2: whether the empty eye point `t` (of colour `kind[t]`) is a teire of the position.
    fn is_teire(&mut self, g: &mut Grid, t: usize) -> bool {
        let c = self.kind[t];
        // The labels are those of the round's position (brought up to date after every round),
        // so the liberty counts of the strings next to `t` are read, not flooded.
        let own = |nb: usize| g.cells[nb] == c;
        let in_atari = g
            .neighbours(t)
            .into_iter()
            .any(|nb| own(nb) && g.string_of(nb).liberties == 1);
        if !in_atari {
            return false;
        }
        // A stone on `t` joins every own string around it: one of them with five liberties
        // or more keeps four besides `t`, so the joined string is not capturable (2.5: K1
        // needs at most one liberty, K2 at most three) and `t` is a teire without a flood.
        let roomy = g
            .neighbours(t)
            .into_iter()
            .any(|nb| own(nb) && g.string_of(nb).liberties >= 5);
        roomy || !self.capturable_with(g, t, c, t)
    }

    /// Whether a stone of `color` on the empty cell `d` would belong to a string with at least
    /// two liberties (2.6, last clause), cached per round.
    fn approach_ok(&mut self, g: &mut Grid, d: usize, color: u8) -> bool {
        let s = side(color);
        match self.approach[d][s] {
            1 => true,
            2 => false,
            _ => {
                // Without a flood when the labels decide: two empty neighbours of `d`, or a
                // string of `color` next to it with three liberties (it keeps two besides
                // `d`), are liberties of the string the stone joins.
                let nbs = g.neighbours(d);
                let free = nbs.iter().filter(|&&n| g.cells[n] == EMPTY).count();
                let labels_decide = free >= 2
                    || nbs
                        .iter()
                        .any(|&n| g.cells[n] == color && g.string_of(n).liberties >= 3);
                let ok = labels_decide || {
                    g.cells[d] = color;
                    let ok = self.liberties(g, d).1 >= 2;
                    g.cells[d] = EMPTY;
                    ok
                };
                self.approach[d][s] = if ok { 1 } else { 2 };
                self.approach_set.push(d as u32);
                ok
            }
        }
    }

    /// 2.6 and 2.7 on the labelled position: the enclosed strings and the exempt regions.
    fn find_exempt(&mut self, g: &mut Grid) {
        let nr = g.regions.len();
        let ns = g.strings.len();
        self.region_string.clear();
        self.region_string.resize(nr, [NONE, NONE]);
        self.enclosed.clear();
        self.enclosed.resize(ns, true);
        self.region_exempt.clear();
        self.region_exempt.resize(nr, false);
        self.region_dead_side.clear();
        self.region_dead_side.resize(nr, [false, false]);
        // At least one liberty (FILLING.md 2.6, revised for issue 10: a stone in atari that the
        // opponent captures safely looks dead too; `kat-gnu.sgf`).
        for s in 0..ns {
            if g.strings[s].liberties < 1 {
                self.enclosed[s] = false;
            }
        }
        // Liberties that are own eye points; which strings border which regions of dame.
        //
        // **Invariant:** every stone next to an eye point of c is of colour c. Its neighbours
        // that were empty in P0 lie in its region of P0, so they are eye points of c too, and
        // the procedure puts on an eye point only a teire of its own colour (4.2; fills and
        // neutral stones go on dame points, 4.3). So a string next to an eye point has an own
        // eye point as a liberty and is not enclosed, and the region strings are needed only
        // for the regions of dame points (2.7 and the test below read no other).
        // The eye points clear the flag without a branch on their neighbours' contents: a
        // neighbour that is no stone clears the extra slot `ns`, dropped after the loop.
        self.enclosed.push(false);
        for k in 0..self.empties.len() {
            let i = self.empties[k] as usize;
            if self.kind[i] != DAME {
                for nb in g.neighbours(i) {
                    let stone = usize::from(matches!(g.cells[nb], BLACK | WHITE)).wrapping_neg();
                    self.enclosed[(g.label[nb] as usize & stone) | (ns & !stone)] = false;
                }
                continue;
            }
            let r = g.label[i] as usize;
            for nb in g.neighbours(i) {
                let c = g.cells[nb];
                if c != BLACK && c != WHITE {
                    continue;
                }
                let s = g.label[nb];
                let slot = &mut self.region_string[r][side(c)];
                if *slot == NONE {
                    *slot = s;
                } else if *slot != s {
                    *slot = MULTI;
                }
            }
        }
        self.enclosed.truncate(ns);
        // Every later step only clears `enclosed` or reads it where it is set: without a string
        // still enclosed, no region is exempt (2.7 needs an enclosed string of some colour).
        if !self.enclosed.iter().any(|&e| e) {
            return;
        }
        // No region with a liberty of S borders another string of S's colour; every liberty
        // can be approached by the opponent with two liberties.
        // The cache is per position: clear the entries the previous call set (every entry of
        // a board of another size), not the whole array.
        if self.approach.len() == g.cells.len() {
            for &d in &self.approach_set {
                self.approach[d as usize] = [0, 0];
            }
        } else {
            self.approach.clear();
            self.approach.resize(g.cells.len(), [0, 0]);
        }
        self.approach_set.clear();
        // The strings still enclosed border no eye point (above): only dame points are read.
        for k in 0..self.dames.len() {
            let i = self.dames[k] as usize;
            let r = g.label[i] as usize;
            for nb in g.neighbours(i) {
                let c = g.cells[nb];
                if c != BLACK && c != WHITE {
                    continue;
                }
                let s = g.label[nb] as usize;
                if !self.enclosed[s] {
                    continue;
                }
                if self.region_string[r][side(c)] != s as u32 || !self.approach_ok(g, i, other(c)) {
                    self.enclosed[s] = false;
                }
            }
        }
        // 2.7: a region of open dame points, and a colour whose every bordering string (one at
        // least) is enclosed. Read from `region_string`: a region that two strings of a colour
        // border (`MULTI`) makes neither enclosed (each has a liberty in a region bordering
        // another string of its colour), so only a region with one string of the colour can
        // have all of them enclosed.
        for (r, region) in g.regions.iter().enumerate() {
            let dame = self.kind[region.first as usize] == DAME;
            let dead = |slot: u32| slot != NONE && slot != MULTI && self.enclosed[slot as usize];
            let [b, w] = self.region_string[r];
            self.region_dead_side[r] = [dame && dead(b), dame && dead(w)];
            self.region_exempt[r] = self.region_dead_side[r][0] || self.region_dead_side[r][1];
        }
    }

    /// Whether the position has an open dame point (a dame point of P0 still empty).
    fn any_open_dame(&self) -> bool {
        !self.dames.is_empty()
    }

    /// Runs the procedure on `g` (P0: every stone alive, labelled) and leaves P* in it,
    /// labelled.
    pub(crate) fn run(&mut self, g: &mut Grid) -> Outcome {
        let len = g.cells.len();
        // `kind` is written at the empty cells of P0 only: every read of it is at a cell that
        // is empty in the round's position (a liberty, a point of an eye region or of
        // `empties`, a region's first cell) or empty in P0 (the marks), and the procedure only
        // adds stones, so every cell read was empty in P0 and was written here. The other
        // cells keep whatever an earlier count left there (`STONE` when the size changes).
        if self.kind.len() != len {
            self.kind.clear();
            self.kind.resize(len, STONE);
        }
        self.member.resize(len, 0);
        self.seen.resize(len, 0);
        // The empty cells of P0 in row-major order, as the labelling of P0 listed them.
        self.empties.clone_from(&g.empties);
        self.dames.clear();
        for &i in &self.empties {
            let t = g.region_of(i as usize).touch;
            self.kind[i as usize] = if t == BLACK || t == WHITE {
                t
            } else {
                self.dames.push(i);
                DAME
            };
        }
        let mut added = std::mem::take(&mut self.added);
        added.clear();
        self.exempt_current = false;
        // Without dame and without a string in atari there is neither fill nor teire.
        let any_atari = any_in_atari(g);
        if !self.dames.is_empty() || any_atari {
            loop {
                if !self.round(g, &mut added) {
                    break;
                }
                self.empties.retain(|&i| g.cells[i as usize] == EMPTY);
                self.dames.retain(|&i| g.cells[i as usize] == EMPTY);
                // Only stones were added, on the cells of `adds`: the local relabelling gives
                // the labels of a full one (see `Grid::relabel_around`).
                g.relabel_around(self.adds.iter().map(|&(i, _)| i as usize));
            }
        }
        self.finish(g, added)
    }

    /// One round (4.1): teire, else fills. Returns whether anything was added.
    fn round(&mut self, g: &mut Grid, added: &mut Vec<(usize, Added)>) -> bool {
        // 4.2: every teire of P. A teire is the only liberty of some string: without a string
        // of one liberty (retired ids have none) there is none, and the scan is skipped.
        self.adds.clear();
        let any_atari = any_in_atari(g);
        for k in 0..if any_atari { self.empties.len() } else { 0 } {
            let i = self.empties[k] as usize;
            if (self.kind[i] == BLACK || self.kind[i] == WHITE) && self.is_teire(g, i) {
                self.adds.push((i as u32, self.kind[i]));
            }
        }
        if !self.adds.is_empty() {
            self.exempt_current = false;
            for &(i, c) in &self.adds {
                g.cells[i as usize] = c;
                if let Some(color) = color_of(c) {
                    added.push((i as usize, Added::Teire(color)));
                }
            }
            return true;
        }
        // 4.3: the fill step (nothing to fill without an open dame point).
        if !self.any_open_dame() {
            return false;
        }
        // The candidates (4.3 step 1): the admissible open dame points, then those outside the
        // exempt regions. Admissibility (3.1) does not read the exempt regions, so the regions
        // are found only when some open dame point is admissible: a round that ends the
        // procedure (no admissible point) skips them.
        self.candidates.clear();
        for k in 0..self.dames.len() {
            let i = self.dames[k] as usize;
            if self.admissible(g, i, BLACK, false) || self.admissible(g, i, WHITE, false) {
                self.candidates.push(i as u32);
            }
        }
        if self.candidates.is_empty() {
            return false;
        }
        self.find_exempt(g);
        // Until this round adds a stone, the exempt regions found are those of P, and if it
        // adds none P is P* (`finish`). The neutral stones of Q_p below are taken off again.
        self.exempt_current = true;
        let exempt = &self.region_exempt;
        self.candidates
            .retain(|&i| !exempt[g.label[i as usize] as usize]);
        if self.candidates.is_empty() {
            return false;
        }
        self.count_q_after(g);
        for k in 0..self.candidates.len() {
            g.cells[self.candidates[k] as usize] = NEUTRAL;
        }
        for k in 0..self.candidates.len() {
            let p = self.candidates[k] as usize;
            g.cells[p] = EMPTY;
            let b = self.admissible(g, p, BLACK, true);
            let w = self.admissible(g, p, WHITE, true);
            g.cells[p] = NEUTRAL;
            match (b, w) {
                (true, true) => self.adds.push((p as u32, NEUTRAL)),
                (true, false) => self.adds.push((p as u32, BLACK)),
                (false, true) => self.adds.push((p as u32, WHITE)),
                (false, false) => {}
            }
        }
        for k in 0..self.candidates.len() {
            g.cells[self.candidates[k] as usize] = EMPTY;
        }
        if self.adds.is_empty() {
            return false;
        }
        self.exempt_current = false;
        for &(i, v) in &self.adds {
            g.cells[i as usize] = v;
            let a = match color_of(v) {
                Some(c) => Added::Fill(c),
                None => Added::Neutral,
            };
            added.push((i as usize, a));
        }
        true
    }

    /// P* is labelled in `g`: its exempt regions, seki points and strings in seki (5.1, 5.2,
    /// 9.1).
    fn finish(&mut self, g: &mut Grid, mut added: Vec<(usize, Added)>) -> Outcome {
        let mut out = std::mem::take(&mut self.spare);
        // Exempt regions are regions of open dame points: without any, nothing is exempt. The
        // last round may have found them on this very position (`exempt_current`: it added
        // nothing after finding them, so P* is the position they were found on).
        if !self.exempt_current {
            if self.any_open_dame() {
                self.find_exempt(g);
            } else {
                self.region_exempt.clear();
                self.region_exempt.resize(g.regions.len(), false);
                self.enclosed.clear();
                self.enclosed.resize(g.strings.len(), false);
                self.region_dead_side.clear();
                self.region_dead_side
                    .resize(g.regions.len(), [false, false]);
            }
        }
        let exempt = &mut out.exempt;
        exempt.clear();
        exempt.resize(g.cells.len(), false);
        let seki_5_2 = &mut out.seki_5_2;
        seki_5_2.clear();
        seki_5_2.extend(g.strings.iter().map(|s| s.liberties == 1));
        let borders_open_dame = &mut out.borders_open_dame;
        borders_open_dame.clear();
        borders_open_dame.resize(g.strings.len(), false);
        let looks_dead = &mut out.looks_dead;
        looks_dead.clear();
        looks_dead.resize(g.strings.len(), false);
        for &i in &self.dames {
            let i = i as usize;
            let is_exempt = self.region_exempt[g.label[i] as usize];
            exempt[i] = is_exempt;
            for nb in g.neighbours(i) {
                let c = g.cells[nb];
                if c == BLACK || c == WHITE {
                    let s = g.label[nb] as usize;
                    borders_open_dame[s] = true;
                    if !is_exempt {
                        seki_5_2[s] = true;
                    } else {
                        // S2 excludes a string in atari whose liberty is exempt (it looks dead,
                        // FILLING.md 2.6 and 5.2 revised for issue 10): that liberty is its only
                        // one, so no S1 point can set the flag again.
                        if g.strings[s].liberties == 1 {
                            seki_5_2[s] = false;
                        }
                        if self.region_dead_side[g.label[i] as usize][side(c)] {
                            looks_dead[s] = true;
                        }
                    }
                }
            }
        }
        // S3: a string of c bordering an eye region of c that holds the liberty of a string of
        // c in atari (S2) shares its fate; applied once, from the S2 strings only.
        // Only the liberty of a string of one liberty marks a region: without such a string
        // the scan is skipped.
        let s3_region = &mut self.s3_region;
        s3_region.clear();
        s3_region.resize(g.regions.len(), false);
        let mut any_s3 = false;
        let any_atari = any_in_atari(g);
        for &i in if any_atari { &self.empties[..] } else { &[] } {
            let i = i as usize;
            let c = self.kind[i];
            if c == BLACK || c == WHITE {
                let atari = g
                    .neighbours(i)
                    .into_iter()
                    .any(|n| g.cells[n] == c && g.strings[g.label[n] as usize].liberties == 1);
                if atari {
                    s3_region[g.label[i] as usize] = true;
                    any_s3 = true;
                }
            }
        }
        if any_s3 {
            for &i in &self.empties {
                let i = i as usize;
                if s3_region[g.label[i] as usize] {
                    for n in g.neighbours(i) {
                        if matches!(g.cells[n], BLACK | WHITE) {
                            seki_5_2[g.label[n] as usize] = true;
                        }
                    }
                }
            }
        }
        added.sort_by_key(|&(i, _)| i);
        out.added.clear();
        out.added
            .extend(added.iter().map(|&(i, a)| (g.point(i), a)));
        self.added = added;
        out
    }

    /// Hands the vectors of an [`Outcome`] back for the next [`Filling::run`] to refill.
    pub(crate) fn recycle(&mut self, out: Outcome) {
        self.spare = out;
    }

    /// The empty cells of P\*, in row-major order, after [`Filling::run`].
    pub(crate) fn empties(&self) -> &[u32] {
        &self.empties
    }

    /// The open dame points of P\* (its empty cells that are dame points of P0), in row-major
    /// order, after [`Filling::run`].
    pub(crate) fn open_dames(&self) -> &[u32] {
        &self.dames
    }

    /// The colour of which the empty cell `i` of P0 is an eye point (2.3): [`BLACK`] or
    /// [`WHITE`], 0 for a dame point; after [`Filling::run`].
    pub(crate) fn eye_code(&self, i: usize) -> u8 {
        let k = self.kind[i];
        if k == DAME { 0 } else { k }
    }

    /// Whether the empty cell `i` of P0 is a dame point (2.3), after [`Filling::run`].
    pub(crate) fn is_dame_point(&self, i: usize) -> bool {
        self.kind[i] == DAME
    }
}

#[cfg(test)]
pub(super) mod tests;
