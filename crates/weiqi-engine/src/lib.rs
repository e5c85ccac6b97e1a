//! The optimized weiqi rules engine: every play rule of every variant, with the interpreter's
//! rulings, built for speed (issue 11).
//!
//! The engine executes the same [`weiqi_spec::Ruleset`] through the same
//! [`weiqi_core::Referee`] trait as the interpreter (the oracle) and shares no logic with it.
//! The ruleset is compiled once into a plain struct of flags (`rules`); the board is a padded
//! one-dimensional array with strings, incremental pseudo-liberties (count, sum and sum of
//! squares of the (stone, empty neighbour) pairs, from which a liberty class 0, 1 or 2+ is
//! exact), an empty-point list and a Zobrist hash ([`Position`], `board.rs`); the repetition rules read hash indexes, never a
//! scan of the history (`history.rs`); the game flow (stop, agreement, resumption, handicap
//! placement, the end) is in `engine.rs`; the count of a finished game is [`scoring`].
//!
//! A random playout (the benchmark's move choice, simplified):
//!
//! ```
//! use weiqi_core::{BoardSize, Move, Points, Setup};
//! use weiqi_engine::Engine;
//!
//! let rules = weiqi_spec::builtin("tromp-taylor").expect("built-in variant");
//! let mut game = Engine::new(&rules, Setup::even(BoardSize::square(9)?))?;
//! let mut rng: u64 = 1;
//! let (mut passes, mut moves) = (0, 0);
//! while passes < 2 && moves < 3 * 81 {
//!     rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
//!     let empty = game.empty_points();
//!     let start = (rng % (empty.len() as u64 + 1)) as usize;
//!     let mv = (start..empty.len()).chain(0..start).map(|i| empty[i])
//!         .find(|&p| !game.is_own_eye(p) && game.is_legal(p))
//!         .map_or(Move::Pass, Move::Play);
//!     game.play(mv).map_err(|e| e.to_string())?;
//!     passes = if mv == Move::Pass { passes + 1 } else { 0 };
//!     moves += 1;
//! }
//! let score = game.area_score_tromp_taylor(Points::from_halves(15));
//! assert!(score.halves() % 2 != 0, "komi 7.5 leaves no tie");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

mod board;
mod engine;
mod history;
mod rules;
pub mod scoring;

pub use board::Position;
pub use engine::{Engine, EngineError};
