//! The vocabulary of weiqi: colours, points, board sizes, boards (stones only), moves and
//! actions, the reasons an action is refused, scores and results, and the [`Referee`] trait
//! that the interpreter and the engine both implement.
//!
//! This crate holds no rule logic: no strings, liberties or captures.
//!
//! ```
//! use weiqi_core::{BoardSize, Point, GameResult, Points, Color, WinBy};
//!
//! let size = BoardSize::square(19)?;
//! let p = Point::from_gtp("Q16", size)?;
//! assert_eq!(p.to_sgf(), "pd");
//! let r = GameResult::Win { winner: Color::Black, by: WinBy::Score(Points::from_halves(7)) };
//! assert_eq!(r.to_sgf(), "B+3.5");
//! # Ok::<(), weiqi_core::CoordError>(())
//! ```
#![deny(missing_docs)]

mod action;
mod board;
mod color;
mod illegal;
mod point;
mod referee;
mod score;

pub use action::{Action, Move};
pub use board::{Board, DiagramError};
pub use color::{ByColor, Color, ParseColorError};
pub use illegal::{Illegal, PhaseKind, PlayError};
pub use point::{BoardSize, CoordError, MAX_GTP_SIDE, MAX_SIDE, Point};
pub use referee::{ActionReport, Ending, Phase, Referee, Setup, SetupNote};
pub use score::{GameResult, ParseResultError, PointMark, Points, Score, SideScore, WinBy};
