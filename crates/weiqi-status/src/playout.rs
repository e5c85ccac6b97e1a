//! Monte Carlo ownership on the engine: random games played to the end from the real position
//! (its history and ko state included), under the variant's own rules, with a policy that knows
//! enough Go to end a finished game the way its players would.
//!
//! The policy of a move for the player to move:
//!
//! 1. After the opponent's play, capture the opponent's string it left in atari, else save an
//!    own string it put in atari by extending (when the extension has two liberties). With no
//!    play to answer (the first move, or after a pass), the same anywhere on the board: the
//!    largest opponent string in atari is captured, else the largest own one saved, so that the
//!    colour to move first gets the first capture of a mutual atari.
//! 2. A quarter of the time, one of the eight neighbours of the opponent's last play (the local
//!    answer of a real game), under the tests of 3.
//! 3. Otherwise a random point, visited in the canonical frame's order from a random start,
//!    that passes these tests: not an own eye (every neighbour an own stone) unless the
//!    diagonals make it a false eye; not a suicide; not a self-atari of a string of two or
//!    more stones, unless every opponent string next to it is left with that same one liberty
//!    (the stones are killing from inside, nakade) and, on a shared liberty in seki of the
//!    position judged (see the `seki` module), the string has two stones only (its capture
//!    leaves a two-point eye space, never two eyes), so seki survives; and legal for the engine.
//! 4. Otherwise a pass. Two passes in a row, or the length cap, end the playout.
//!
//! At the end a point belongs to the colour of its stone, or of every stone next to it; an
//! empty point next to both colours belongs to nobody.
//!
//! Invariant: a playout reads only the stones, the engine and its random numbers; the points
//! are visited in the canonical frame's order, so a turned or colour-swapped position gets the
//! same playouts, turned or swapped.

use weiqi_core::{ByColor, Color, Move, Phase, Point, Referee, Setup};
use weiqi_engine::Engine;

use crate::grid::{BLACK, EMPTY, Frame, Grid, NONE, WHITE, code, color_of, other};

/// SplitMix64 (Steele, Lea and Flood, 2014): a small generator with the same sequence on every
/// machine.
#[derive(Debug, Clone)]
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (0 when `n` is 0).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        let wide = u128::from(self.next_u64()) * n as u128;
        usize::try_from(wide >> 64).unwrap_or(0)
    }
}

/// A copy of `engine` in play with `color` to move: the engine itself, or with the passes that
/// stopped it taken back, or with one pass played; failing those, a new game from its stones
/// (without its history). `None` when no such game can be set up.
pub(crate) fn playable(engine: &Engine, color: Color) -> Option<Engine> {
    let mut e = engine.clone();
    let hash = e.hash();
    for _ in 0..4 {
        if e.phase() == Phase::Playing {
            break;
        }
        if !e.undo() || e.hash() != hash {
            break;
        }
    }
    if e.phase() == Phase::Playing && e.hash() == hash {
        if e.to_move() == color {
            return Some(e);
        }
        let mut passed = e.clone();
        if passed.play(Move::Pass).is_ok()
            && passed.phase() == Phase::Playing
            && passed.to_move() == color
        {
            return Some(passed);
        }
    }
    let setup = Setup {
        komi: Some(engine.komi()),
        ..Setup::from_board(&engine.position().board(), color)
    };
    Engine::new(engine.ruleset(), setup)
        .ok()
        .filter(|e| e.phase() == Phase::Playing && e.to_move() == color)
}

/// The counts of one run of playouts (one colour to move first).
#[derive(Debug, Clone)]
pub(crate) struct Counts {
    /// Playouts played.
    pub(crate) playouts: u32,
    /// Per point: in how many playouts it ended as each colour's.
    pub(crate) owner: ByColor<Vec<u32>>,
    /// Moves played, all playouts together.
    pub(crate) moves: u64,
}

/// The playout machinery: a mirror of the engine's stones and flood-fill scratch.
pub(crate) struct Sim<'a> {
    grid: &'a Grid,
    frame: &'a Frame,
    pub(crate) cells: Vec<u8>,
    /// The shared liberties in seki of the position judged: no self-atari there, not even one
    /// that looks like a nakade.
    protected: Vec<bool>,
    mark: Vec<u32>,
    epoch: u32,
    queue: Vec<usize>,
    libs: Vec<usize>,
}

impl<'a> Sim<'a> {
    pub(crate) fn new(grid: &'a Grid, frame: &'a Frame) -> Sim<'a> {
        Sim {
            grid,
            frame,
            cells: vec![EMPTY; grid.len],
            protected: vec![false; grid.len],
            mark: vec![0; grid.len],
            epoch: 0,
            queue: Vec::new(),
            libs: Vec::new(),
        }
    }

    /// Copies the engine's stones into the mirror.
    pub(crate) fn load(&mut self, e: &Engine) {
        for i in 0..self.grid.len {
            self.cells[i] = e.stone(self.grid.point(i)).map_or(EMPTY, code);
        }
    }

    fn next_epoch(&mut self) -> u32 {
        if self.epoch == u32::MAX {
            self.mark.fill(0);
            self.epoch = 0;
        }
        self.epoch += 1;
        self.epoch
    }

    /// The string on `start` as if `as_color` stood there (`start` may be empty): its stones in
    /// `queue`, its liberties other than `start` in `libs`, stopping once `cap` liberties are
    /// found (then the stones are not all listed). Returns the liberty count (at most `cap`).
    fn fill(&mut self, start: usize, as_color: u8, cap: usize) -> usize {
        let epoch = self.next_epoch();
        self.queue.clear();
        self.libs.clear();
        self.queue.push(start);
        self.mark[start] = epoch;
        let mut j = 0;
        while j < self.queue.len() {
            let q = self.queue[j];
            j += 1;
            for &n in &self.grid.adj[q] {
                if n == NONE {
                    continue;
                }
                let n = n as usize;
                if self.mark[n] == epoch {
                    continue;
                }
                if self.cells[n] == as_color {
                    self.mark[n] = epoch;
                    self.queue.push(n);
                } else if self.cells[n] == EMPTY {
                    self.mark[n] = epoch;
                    self.libs.push(n);
                    if self.libs.len() >= cap {
                        return self.libs.len();
                    }
                }
            }
        }
        self.libs.len()
    }

    /// The liberty count of the string on the stone `i`, capped at `cap`.
    pub(crate) fn liberties(&mut self, i: usize, cap: usize) -> usize {
        let c = self.cells[i];
        self.fill(i, c, cap)
    }

    /// Whether colour `c` playing on `p` captures a string (one next to `p` in atari).
    fn captures(&mut self, p: usize, c: u8) -> bool {
        let opp = other(c);
        self.grid.adj[p]
            .iter()
            .filter(|&&n| n != NONE)
            .any(|&n| self.cells[n as usize] == opp && self.liberties(n as usize, 2) == 1)
    }

    /// Whether colour `c` playing on the empty point `p` joins an own string, captures nothing
    /// and leaves the joined string at most one liberty (the seki test).
    pub(crate) fn fills_into_atari(&mut self, p: usize, c: u8) -> bool {
        let joins = self.grid.adj(p).any(|n| self.cells[n] == c);
        joins && !self.captures(p, c) && self.fill(p, c, 2) <= 1
    }

    /// Whether the policy lets colour `c` play on the empty point `p` (see the module doc; the
    /// engine still judges legality).
    pub(crate) fn acceptable(&mut self, p: usize, c: u8) -> bool {
        let grid = self.grid;
        let mut empty = 0;
        let mut own = 0;
        let mut on_board = 0;
        for &n in &grid.adj[p] {
            if n == NONE {
                continue;
            }
            on_board += 1;
            match self.cells[n as usize] {
                EMPTY => empty += 1,
                x if x == c => own += 1,
                _ => {}
            }
        }
        if own == on_board {
            // An own eye: filled only when it is false.
            let opp = other(c);
            let (mut diagonals, mut hostile) = (0, 0);
            for &d in &grid.diag[p] {
                if d != NONE {
                    diagonals += 1;
                    if self.cells[d as usize] == opp {
                        hostile += 1;
                    }
                }
            }
            let false_eye = if diagonals == 4 {
                hostile >= 2
            } else {
                hostile >= 1
            };
            if !false_eye {
                return false;
            }
        }
        if empty >= 2 {
            return true;
        }
        if self.captures(p, c) {
            return true;
        }
        let libs = self.fill(p, c, 2);
        if libs == 0 {
            return false;
        }
        if libs >= 2 || own == 0 {
            return true;
        }
        // A self-atari of two or more stones: only from inside (nakade); on a shared liberty of
        // a seki of the position judged, only a string of two stones (whose capture leaves a
        // two-point eye space, never two eyes).
        self.fill(p, c, usize::MAX);
        if self.protected[p] && self.queue.len() > 2 {
            return false;
        }
        let string = std::mem::take(&mut self.queue);
        let last = self.libs.first().copied().unwrap_or(usize::MAX);
        let opp = other(c);
        let mut ok = true;
        'outer: for &s in &string {
            for &n in &grid.adj[s] {
                if n == NONE || self.cells[n as usize] != opp {
                    continue;
                }
                self.fill(n as usize, opp, 3);
                if self.libs.iter().any(|&l| l != p && l != last) {
                    ok = false;
                    break 'outer;
                }
            }
        }
        self.queue = string;
        ok
    }

    /// Plays `p` for the engine's player to move if the engine accepts it, and mirrors it.
    fn try_play(&mut self, e: &mut Engine, p: usize) -> bool {
        let c = code(e.to_move());
        let point = self.grid.point(p);
        if e.play(Move::Play(point)).is_err() {
            return false;
        }
        if e.stone(point).is_some() {
            self.cells[p] = c;
        }
        for &r in e.captured() {
            if let Some(i) = self.grid.index(r) {
                self.cells[i] = EMPTY;
            }
        }
        true
    }

    /// One move of the policy for the player to move; the point played, or `None` when the
    /// policy passes.
    fn step(&mut self, e: &mut Engine, last: Option<usize>, rng: &mut Rng) -> Option<usize> {
        let c = code(e.to_move());
        if let Some(q) = last {
            let opp = other(c);
            if self.cells[q] == opp && self.liberties(q, 2) == 1 {
                let l = self.libs[0];
                if self.acceptable_capture(l, c) && self.try_play(e, l) {
                    return Some(l);
                }
            }
            // The saving extensions, in the canonical frame's order.
            let mut saves = [usize::MAX; 4];
            for (j, &n) in self.grid.adj[q].iter().enumerate() {
                if n != NONE && self.cells[n as usize] == c && self.liberties(n as usize, 2) == 1 {
                    saves[j] = self.libs[0];
                }
            }
            saves.sort_unstable_by_key(|&l| self.frame.rank.get(l).copied().unwrap_or(usize::MAX));
            for l in saves.into_iter().filter(|&l| l != usize::MAX) {
                if self.cells[l] == EMPTY && self.fill(l, c, 2) >= 2 && self.try_play(e, l) {
                    return Some(l);
                }
            }
        }
        if last.is_none()
            && let Some(p) = self.urgent(c)
            && self.try_play(e, p)
        {
            return Some(p);
        }
        // A quarter of the time, an answer next to the last move (its eight neighbours, from a random
        // one in the canonical frame's order): the local fight a real game would have.
        if let Some(q) = last
            && rng.below(4) == 0
        {
            let mut near: Vec<usize> = self.grid.adj[q]
                .iter()
                .chain(&self.grid.diag[q])
                .filter(|&&n| n != NONE)
                .map(|&n| n as usize)
                .collect();
            near.sort_unstable_by_key(|&n| self.frame.rank[n]);
            let k0 = rng.below(near.len());
            for k in (k0..near.len()).chain(0..k0) {
                let p = near[k];
                if self.cells[p] == EMPTY && self.acceptable(p, c) && self.try_play(e, p) {
                    return Some(p);
                }
            }
        }
        let len = self.grid.len;
        let start = rng.below(len);
        for k in (start..len).chain(0..start) {
            let p = self.frame.order[k];
            if self.cells[p] == EMPTY && self.acceptable(p, c) && self.try_play(e, p) {
                return Some(p);
            }
        }
        None
    }

    /// With no last move to answer (the first move of a playout, or after a pass): the capture
    /// of the largest opponent string in atari anywhere, else the extension of the largest own
    /// string in atari (when it gains a second liberty); ties to the canonical frame's order.
    fn urgent(&mut self, c: u8) -> Option<usize> {
        let opp = other(c);
        // The key: (a capture before a save, stones, the earlier in the canonical order).
        let mut best: Option<(usize, usize, usize)> = None;
        let mut choice = None;
        let mut seen = vec![false; self.grid.len];
        for k in 0..self.grid.len {
            let i = self.frame.order[k];
            let colour = self.cells[i];
            if colour == EMPTY || seen[i] {
                continue;
            }
            self.fill(i, colour, usize::MAX);
            for &q in &self.queue {
                seen[q] = true;
            }
            if self.libs.len() != 1 {
                continue;
            }
            let l = self.libs[0];
            let stones = self.queue.len();
            let priority = usize::from(colour == opp);
            let key = (priority, stones, usize::MAX - k);
            if best.is_none_or(|b| key > b) {
                if colour == c {
                    // A save only when the extension has two liberties.
                    let string = std::mem::take(&mut self.queue);
                    let ok = self.fill(l, c, 2) >= 2;
                    self.queue = string;
                    if !ok {
                        continue;
                    }
                }
                best = Some(key);
                choice = Some(l);
            }
        }
        choice
    }

    /// Whether a capture on `l` is worth playing: always, unless it fills an own true eye
    /// (never the case for a capture, which touches an opponent stone).
    fn acceptable_capture(&mut self, l: usize, c: u8) -> bool {
        self.cells[l] == EMPTY && self.captures(l, c)
    }

    /// One playout on `e` (consumed), its final ownership added to `counts`.
    pub(crate) fn playout(
        &mut self,
        mut e: Engine,
        cap: usize,
        rng: &mut Rng,
        counts: &mut Counts,
    ) {
        self.load(&e);
        let mut passes = 0;
        let mut last = None;
        for _ in 0..cap {
            if e.phase() != Phase::Playing {
                break;
            }
            if let Some(p) = self.step(&mut e, last, rng) {
                passes = 0;
                last = Some(p);
                counts.moves += 1;
            } else {
                if e.play(Move::Pass).is_err() {
                    break;
                }
                passes += 1;
                last = None;
                if passes >= 2 {
                    break;
                }
            }
        }
        let grid = self.grid;
        for i in 0..grid.len {
            let owner = match self.cells[i] {
                EMPTY => {
                    let mut seen = 0u8;
                    for n in grid.adj(i) {
                        seen |= self.cells[n];
                    }
                    seen
                }
                c => c,
            };
            if owner == BLACK || owner == WHITE {
                counts.owner.get_mut(color_of(owner))[i] += 1;
            }
        }
        counts.playouts += 1;
    }
}

/// One move of the policy for the player to move of `engine`, in play: the point it plays
/// (`None`: the policy passes). `last` is the opponent's last play, answered as in a playout.
/// The engine is left as it was (the move is tried on it and taken back).
pub(crate) fn policy_move(engine: &mut Engine, last: Option<Point>, seed: u64) -> Option<Point> {
    if engine.phase() != Phase::Playing {
        return None;
    }
    let grid = Grid::new(engine.size());
    let cells = grid.cells(&engine.board());
    let frame = Frame::new(&grid, &cells, code(engine.to_move()));
    let mut sim = Sim::new(&grid, &frame);
    sim.load(engine);
    let mut rng = Rng::new(seed);
    let last = last.and_then(|p| grid.index(p));
    let played = sim.step(engine, last, &mut rng)?;
    engine.undo();
    Some(grid.point(played))
}

/// `n` playouts from `engine` with `color` to move first, seeded by `seed`; `protected` finds,
/// on the loaded start, the points no playout may fill by self-atari (the seki module's shared
/// liberties: passed in, so that this module does not import the one that imports it).
#[allow(clippy::too_many_arguments)]
pub(crate) fn run(
    grid: &Grid,
    frame: &Frame,
    engine: &Engine,
    color: Color,
    n: u32,
    cap: usize,
    seed: u64,
    protected: fn(&Grid, &mut Sim<'_>) -> Vec<usize>,
) -> Counts {
    let mut counts = Counts {
        playouts: 0,
        owner: ByColor::new_with(|_| vec![0; grid.len]),
        moves: 0,
    };
    let Some(start) = playable(engine, color) else {
        return counts;
    };
    let mut sim = Sim::new(grid, frame);
    sim.load(&start);
    for p in protected(grid, &mut sim) {
        sim.protected[p] = true;
    }
    let mut rng = Rng::new(seed);
    for _ in 0..n {
        sim.playout(start.clone(), cap, &mut rng, &mut counts);
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_generator_is_the_published_splitmix64() {
        // The first output of SplitMix64 seeded with 0 (Vigna's reference implementation).
        assert_eq!(Rng::new(0).next_u64(), 0xE220_A839_7B1D_CDAF);
        let mut r = Rng::new(7);
        assert!((0..100).all(|_| r.below(5) < 5));
        assert_eq!(Rng::new(1).below(0), 0);
    }
}
