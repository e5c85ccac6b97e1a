//! The engine benchmarks of issue 11: the workloads W1-W4 of `docs/workloads.md`, run
//! on the engine, on the interpreter and on the `goban` 0.20.1 crate (the in-run baseline).
//!
//! Every implementation is driven through one small trait, [`PlayoutBoard`], by one loop,
//! [`playout`], which is the move choice of docs/workloads.md word for word: the empty-point list
//! is kept by the loop (the played point swap-removed, captured points appended in row-major
//! order), candidates are drawn by multiply-shift from xorshift64*, an own eye or an illegal
//! point is swapped out of reach for the rest of the move, and the cap is `3*N*N` moves, passes
//! included. Because the loop is shared and the captured points are put back in a canonical
//! order, the three implementations play the identical game for the same seed
//! (`tests/same_games.rs` checks it), and the figures compare equal work.
//!
//! ```
//! use weiqi_bench::{Rng, Workload, interpreter_driver::InterpreterBoard, playout};
//! use weiqi_core::BoardSize;
//!
//! let size = BoardSize::square(5)?;
//! let rules = Workload::W1.ruleset()?;
//! let mut board = InterpreterBoard::new(&rules, size)?;
//! let mut scratch = weiqi_bench::Scratch::default();
//! let game = playout(&mut board, &mut Rng::new(1), &mut scratch, None)?;
//! assert!(game.moves >= 2 && game.moves <= 3 * 25);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

pub mod copy;
pub mod corpus;
pub mod engine_driver;
pub mod goban_driver;
pub mod interpreter_driver;
pub mod measure;
pub mod run;
pub mod score;
pub mod status;
pub mod timing;

use std::fmt;

use weiqi_core::{Move, Point};
use weiqi_spec::{Ko, Ruleset, Suicide};

/// The xorshift64* generator of docs/workloads.md.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator seeded with `seed` (docs/workloads.md: 1, 2, 3, ... one seed per playout).
    #[must_use]
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next output: `x ^= x >> 12; x ^= x << 25; x ^= x >> 27; x * 0x2545F4914F6CDD1D`.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A draw in `0..k` by multiply-shift: `((rng() >> 32) * k) >> 32` (`k < 2^32`).
    #[inline]
    pub fn below(&mut self, k: usize) -> usize {
        // k <= 52 * 52 and the product of two values below 2^32 fits in u64; the result is < k.
        (((self.next_u64() >> 32) * k as u64) >> 32) as usize
    }
}

/// A workload of docs/workloads.md.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Workload {
    /// Random playouts under simple ko.
    W1,
    /// Random playouts under a superko rule (positional, situational, natural situational) or
    /// the Ing ko rule.
    W2(Ko),
    /// Replay of the W2 corpus with full legality checks before every move.
    W3,
    /// Scoring of the corpus's final positions (area; territory with a dead-stone set).
    W4,
}

/// A workload name that is not one of `w1`, `w2`, `w2-ssk`, `w2-nssk`, `w2-ing`, `w3`, `w4`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownWorkload(pub String);

impl fmt::Display for UnknownWorkload {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown workload {:?} (allowed: {})",
            self.0,
            Workload::NAMES.join(", ")
        )
    }
}

impl std::error::Error for UnknownWorkload {}

impl Workload {
    /// The command-line names, in the order of docs/workloads.md.
    pub const NAMES: &'static [&'static str] =
        &["w1", "w2", "w2-ssk", "w2-nssk", "w2-ing", "w3", "w4"];

    /// The workload named `text`.
    pub fn parse(text: &str) -> Result<Workload, UnknownWorkload> {
        Ok(match text {
            "w1" => Workload::W1,
            "w2" => Workload::W2(Ko::PositionalSuperko),
            "w2-ssk" => Workload::W2(Ko::SituationalSuperko),
            "w2-nssk" => Workload::W2(Ko::NaturalSituationalSuperko),
            "w2-ing" => Workload::W2(Ko::Ing),
            "w3" => Workload::W3,
            "w4" => Workload::W4,
            _ => return Err(UnknownWorkload(text.to_owned())),
        })
    }

    /// The command-line name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Workload::W1 => "w1",
            Workload::W2(Ko::SituationalSuperko) => "w2-ssk",
            Workload::W2(Ko::NaturalSituationalSuperko) => "w2-nssk",
            Workload::W2(Ko::Ing) => "w2-ing",
            Workload::W2(_) => "w2",
            Workload::W3 => "w3",
            Workload::W4 => "w4",
        }
    }

    /// The ko rule the workload plays under (W3 and W4 use the W2 corpus: positional superko).
    #[must_use]
    pub fn ko(self) -> Ko {
        match self {
            Workload::W1 => Ko::Simple,
            Workload::W2(ko) => ko,
            Workload::W3 | Workload::W4 => Ko::PositionalSuperko,
        }
    }

    /// The variant the engine and the interpreter play: the built-in `tromp-taylor` (area,
    /// two passes end the game with every stone alive, komi 7.5, positional superko with the
    /// empty board in the history) with two changes: `play.suicide = "forbidden"`
    /// (docs/workloads.md: "legal = empty, not suicide, ...") and `play.ko` set to the workload's
    /// rule ([`Workload::ko`]).
    pub fn ruleset(self) -> Result<Ruleset, weiqi_spec::SpecErrors> {
        let mut rules = weiqi_spec::builtin("tromp-taylor")?;
        rules.play.suicide = Suicide::Forbidden;
        rules.play.ko = self.ko();
        Ok(rules)
    }
}

/// What the benchmark needs of an implementation: a board under one variant that plays the
/// moves of one game. `P` is the implementation's own point type, so the hot loop never
/// converts coordinates.
pub trait PlayoutBoard {
    /// A point as the implementation spells it.
    type P: Copy;

    /// Every point of the board in row-major order (the initial empty-point list).
    fn points(&self) -> Vec<Self::P>;

    /// The row-major index of `p` (the canonical order of captured points).
    fn index(&self, p: Self::P) -> usize;

    /// `p` as a `weiqi_core` point.
    fn core_point(&self, p: Self::P) -> Point;

    /// The implementation's spelling of a `weiqi_core` point.
    fn own_point(&self, p: Point) -> Self::P;

    /// Whether every on-board orthogonal neighbour of `p` is a stone of the player to move.
    fn own_eye(&self, p: Self::P) -> bool;

    /// Whether a play at `p` by the player to move is legal under the workload's rules.
    fn is_legal(&self, p: Self::P) -> bool;

    /// Plays a legal move at `p` for the player to move, appending the captured points to
    /// `captured` when it is given; `Err(())` if the implementation refuses it (a bug: the
    /// move was checked legal).
    #[allow(clippy::result_unit_err)]
    fn play(&mut self, p: Self::P, captured: Option<&mut Vec<Self::P>>) -> Result<(), ()>;

    /// The candidate test and the play of docs/workloads.md in one step: if a play at `p` by the
    /// player to move is legal, plays it (appending the captured points to `captured` when
    /// given) and returns `Ok(true)`; if it is illegal, changes nothing and returns
    /// `Ok(false)`; `Err(())` if the implementation refuses a move it called legal. The default
    /// is [`PlayoutBoard::is_legal`] then [`PlayoutBoard::play`]; an implementation whose play
    /// judges the move before making it (the engine's `Engine::play`) does both with one
    /// judgement.
    #[allow(clippy::result_unit_err)]
    fn play_if_legal(
        &mut self,
        p: Self::P,
        captured: Option<&mut Vec<Self::P>>,
    ) -> Result<bool, ()> {
        if !self.is_legal(p) {
            return Ok(false);
        }
        self.play(p, captured).map(|()| true)
    }

    /// The whole test of a candidate in docs/workloads.md, "not own_eye(p) and legal(p)", and the
    /// play when it holds: `Ok(false)` (nothing changed) for an own eye or an illegal point,
    /// `Ok(true)` once played. The default is [`PlayoutBoard::own_eye`] then
    /// [`PlayoutBoard::play_if_legal`]; the engine does both with one read of the neighbours
    /// (`Engine::play_unless_own_eye`).
    #[allow(clippy::result_unit_err)]
    fn play_candidate(
        &mut self,
        p: Self::P,
        captured: Option<&mut Vec<Self::P>>,
    ) -> Result<bool, ()> {
        if self.own_eye(p) {
            return Ok(false);
        }
        self.play_if_legal(p, captured)
    }

    /// The player to move passes; `Err(())` if the implementation refuses it.
    #[allow(clippy::result_unit_err)]
    fn pass(&mut self) -> Result<(), ()>;

    /// The Tromp-Taylor area score of the board, komi 7.5: Black minus White, in half points.
    fn area_score_halves(&self) -> i64;
}

/// Buffers reused across playouts, so that a playout allocates nothing of its own.
#[derive(Debug)]
pub struct Scratch<P> {
    empty: Vec<P>,
    captured: Vec<P>,
    all: Vec<P>,
}

impl<P> Default for Scratch<P> {
    fn default() -> Scratch<P> {
        Scratch {
            empty: Vec::new(),
            captured: Vec::new(),
            all: Vec::new(),
        }
    }
}

/// One finished playout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameStats {
    /// Moves played, passes included.
    pub moves: usize,
    /// Whether the game stopped at the move cap rather than at two passes.
    pub capped: bool,
    /// The final Tromp-Taylor area score, komi 7.5, Black minus White, in half points.
    pub score_halves: i64,
}

/// Plays one game by the move choice of docs/workloads.md on `board` (a fresh game), recording its
/// moves in `record` when given. Fails if the board refuses a move it called legal.
pub fn playout<B: PlayoutBoard>(
    board: &mut B,
    rng: &mut Rng,
    scratch: &mut Scratch<B::P>,
    mut record: Option<&mut Vec<Move>>,
) -> Result<GameStats, ReplayError> {
    if scratch.all.is_empty() {
        scratch.all = board.points();
    }
    let cap = 3 * scratch.all.len();
    let empty = &mut scratch.empty;
    empty.clear();
    empty.extend_from_slice(&scratch.all);
    let captured = &mut scratch.captured;
    let mut passes = 0;
    let mut moves = 0;
    while passes < 2 && moves < cap {
        let mut k = empty.len();
        let mut chosen = None;
        while k > 0 {
            let i = rng.below(k);
            let p = empty[i];
            // `not own_eye(p) and legal(p)` and, when it holds, the play of the chosen point.
            captured.clear();
            let played = board
                .play_candidate(p, Some(captured))
                .map_err(|()| refused(board, moves, Some(p)))?;
            if played {
                chosen = Some(i);
                break;
            }
            empty.swap(i, k - 1);
            k -= 1;
        }
        match chosen {
            Some(i) => {
                let p = empty.swap_remove(i);
                if captured.len() > 1 {
                    captured.sort_unstable_by_key(|&q| board.index(q));
                }
                empty.extend_from_slice(captured);
                if let Some(r) = record.as_deref_mut() {
                    r.push(Move::Play(board.core_point(p)));
                }
                passes = 0;
            }
            None => {
                board.pass().map_err(|()| refused(board, moves, None))?;
                if let Some(r) = record.as_deref_mut() {
                    r.push(Move::Pass);
                }
                passes += 1;
            }
        }
        moves += 1;
    }
    Ok(GameStats {
        moves,
        capped: passes < 2,
        score_halves: board.area_score_halves(),
    })
}

fn refused<B: PlayoutBoard>(board: &B, move_number: usize, p: Option<B::P>) -> ReplayError {
    ReplayError {
        move_number,
        mv: match p {
            Some(p) => Move::Play(board.core_point(p)),
            None => Move::Pass,
        },
    }
}

/// A move the board refused: on replay, the corpus and the implementation disagree; in a
/// playout, the implementation refused a move it had called legal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayError {
    /// The number of the refused move (0-based).
    pub move_number: usize,
    /// The refused move.
    pub mv: Move,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {} ({}) refused", self.move_number, self.mv)
    }
}

impl std::error::Error for ReplayError {}

/// Replays `moves` on `board` (a fresh game) with a full legality check before every play
/// (W3).
pub fn replay<B: PlayoutBoard>(board: &mut B, moves: &[Option<B::P>]) -> Result<(), ReplayError> {
    for (n, mv) in moves.iter().enumerate() {
        match *mv {
            Some(p) => {
                let played = board
                    .play_if_legal(p, None)
                    .map_err(|()| refused(board, n, Some(p)))?;
                if !played {
                    return Err(refused(board, n, Some(p)));
                }
            }
            None => board.pass().map_err(|()| refused(board, n, None))?,
        }
    }
    Ok(())
}

/// The median of `values` (the mean of the two middle ones for an even count); 0 if empty.
#[must_use]
pub fn median(values: &[f64]) -> f64 {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    match v.len() {
        0 => 0.0,
        n if n % 2 == 1 => v[n / 2],
        n => (v[n / 2 - 1] + v[n / 2]) / 2.0,
    }
}
