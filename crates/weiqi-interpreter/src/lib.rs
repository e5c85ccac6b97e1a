//! The literal weiqi rules interpreter: the rules text made executable, the test oracle.
//!
//! One module per rule clause, named after its spec key, each function citing the text it
//! implements, so that a rules maintainer can read a clause and its code side by side:
//!
//! | module | spec key | source |
//! | --- | --- | --- |
//! | [`strings`] | — | docs/variants.md 3.0 (strings, liberties) |
//! | [`play`] | — | docs/variants.md 3.0 (a play: placement, capture) |
//! | [`suicide`] | `play.suicide`, `play.single-stone-suicide` | docs/variants.md 3.0, 4.9 |
//! | [`ko`] | `play.ko`, `play.initial-position` | docs/variants.md 3.a, 3.b; docs/decisions.md 1, 6, 7 |
//! | [`long_cycle`] | `play.long-cycle`, `play.long-cycle-repetitions`, `play.initial-position` | J89 Art. 12; docs/decisions.md 12 |
//! | [`handicap`] | `board.sizes`, `handicap.*` | docs/decisions.md 2, 9, 21, 22, 25 |
//! | [`end`] | `end.*` | docs/variants.md 3.e; seed 000; docs/decisions.md 3 |
//! | [`pass_stones`] | `end.pass-stones` | docs/variants.md 3.d, seed 004 |
//! | [`friendly_pass`] | `end.friendly-pass` (changes no ruling) | KataGo rules.h |
//! | [`scoring`] | `scoring.*` (pass-dead stones: [`scoring::pass_dead`]) | docs/variants.md 3.c, 3.d, 3.f; KataGo board.cpp |
//! | [`history`] | — | docs/variants.md 3.0 (the recorded states every repetition rule reads) |
//! | [`perft`] | — | docs/style.md 21 (move-sequence counts, shared data files) |
//!
//! Everything is computed by flood fills and full history scans; nothing is cached. The
//! interpreter is deterministic, and an optional fuel budget ([`Interpreter::with_fuel`]) bounds
//! the work of a single decision.
//!
//! ```
//! use weiqi_core::{Action, BoardSize, Color, Illegal, Phase, Point, Referee, Setup};
//! use weiqi_interpreter::Interpreter;
//!
//! let rules = weiqi_spec::builtin("japanese-1989").expect("built-in variant");
//! let size = BoardSize::square(9)?;
//! let mut game = Interpreter::new(&rules, Setup::even(size))?;
//! game.apply(Action::play(Color::Black, Point::rc(2, 2)))?;
//! // White may not play on an occupied point, nor out of turn.
//! assert_eq!(game.check(&Action::play(Color::White, Point::rc(2, 2))), Err(Illegal::Occupied));
//! assert_eq!(
//!     game.check(&Action::pass(Color::Black)),
//!     Err(Illegal::WrongTurn { expected: Color::White })
//! );
//! game.apply(Action::pass(Color::White))?;
//! game.apply(Action::pass(Color::Black))?;
//! assert_eq!(game.phase(), Phase::Stopped);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

pub mod end;
pub mod friendly_pass;
pub mod fuel;
pub mod handicap;
pub mod history;
mod interpreter;
pub mod ko;
pub mod long_cycle;
pub mod pass_stones;
pub mod perft;
pub mod play;
mod position;
pub mod scoring;
pub mod strings;
pub mod suicide;

pub use handicap::SetupError;
pub use interpreter::Interpreter;
pub use position::Position;
