//! Why an action was refused.

use std::fmt;

use crate::{Action, Color, Point};

/// The phase a refused action needed, for [`Illegal::WrongPhase`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum PhaseKind {
    /// Moves are being played.
    Playing,
    /// Play is stopped: dead stones are being agreed.
    Stopped,
}

/// The reason a referee refused an action. [`Illegal::code`] is the stable name used in JSON.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Illegal {
    /// The point is not on the board.
    OffBoard,
    /// The point already holds a stone.
    Occupied,
    /// The play would leave its own string without liberties and the variant forbids it.
    Suicide,
    /// Simple ko: the play recaptures a basic ko immediately.
    Ko,
    /// Positional superko: the board after the play existed before.
    PositionalSuperko {
        /// The number of the move after which that board existed (0 = the initial position).
        repeats: usize,
    },
    /// Situational superko: the board with the same player to move existed before.
    SituationalSuperko {
        /// The number of the move after which that situation existed (0 = the initial position).
        repeats: usize,
    },
    /// Natural situational superko: the player created the same board earlier with a board play.
    NaturalSituationalSuperko {
        /// The number of the earlier move that created the board.
        repeats: usize,
    },
    /// Ing ko rule: the play would capture a hot stone.
    HotStone {
        /// The hot stones the play would capture.
        stones: Vec<Point>,
    },
    /// Ing ko rule: the play would restart, from the same situation, a cycle the player already
    /// started once (the disturbing-ko ban).
    CycleRestart {
        /// The number of the earlier move that started the cycle.
        started: usize,
    },
    /// The game is over.
    GameOver,
    /// It is the other player's turn.
    WrongTurn {
        /// The player to move.
        expected: Color,
    },
    /// The action belongs to another phase of the game.
    WrongPhase {
        /// The phase the action needs.
        needs: PhaseKind,
    },
    /// A dead-stone proposal names a point without a stone.
    NotAStone {
        /// The empty point.
        point: Point,
    },
    /// The referee's fuel budget ran out before it could decide.
    OutOfFuel,
    /// During a free handicap placement Black must place a stone (no pass) and White must pass
    /// (no play).
    HandicapPlacement {
        /// The player to move.
        player: Color,
    },
}

impl Illegal {
    /// The stable kebab-case name of the reason, as the JSON contract spells it.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            Illegal::OffBoard => "off-board",
            Illegal::Occupied => "occupied",
            Illegal::Suicide => "suicide",
            Illegal::Ko => "ko",
            Illegal::PositionalSuperko { .. } => "positional-superko",
            Illegal::SituationalSuperko { .. } => "situational-superko",
            Illegal::NaturalSituationalSuperko { .. } => "natural-situational-superko",
            Illegal::HotStone { .. } => "hot-stone",
            Illegal::CycleRestart { .. } => "cycle-restart",
            Illegal::GameOver => "game-over",
            Illegal::WrongTurn { .. } => "wrong-turn",
            Illegal::WrongPhase { .. } => "wrong-phase",
            Illegal::NotAStone { .. } => "not-a-stone",
            Illegal::OutOfFuel => "out-of-fuel",
            Illegal::HandicapPlacement { .. } => "handicap-placement",
        }
    }
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::OffBoard => f.write_str("the point is off the board"),
            Illegal::Occupied => f.write_str("the point is occupied"),
            Illegal::Suicide => f.write_str("suicide is forbidden"),
            Illegal::Ko => f.write_str("ko: immediate recapture is forbidden"),
            Illegal::PositionalSuperko { repeats } => {
                write!(
                    f,
                    "positional superko: repeats the board after move {repeats}"
                )
            }
            Illegal::SituationalSuperko { repeats } => {
                write!(
                    f,
                    "situational superko: repeats the situation after move {repeats}"
                )
            }
            Illegal::NaturalSituationalSuperko { repeats } => write!(
                f,
                "natural situational superko: repeats the board the player created with move {repeats}"
            ),
            Illegal::HotStone { stones } => {
                f.write_str("ing ko rule: would capture hot stone")?;
                if stones.len() > 1 {
                    f.write_str("s")?;
                }
                for p in stones {
                    write!(f, " {}", p.to_sgf())?;
                }
                Ok(())
            }
            Illegal::CycleRestart { started } => write!(
                f,
                "ing ko rule: the cycle started with move {started} may not be restarted"
            ),
            Illegal::GameOver => f.write_str("the game is over"),
            Illegal::WrongTurn { expected } => write!(f, "it is {expected}'s turn"),
            Illegal::WrongPhase {
                needs: PhaseKind::Playing,
            } => f.write_str("only allowed while the game is being played"),
            Illegal::WrongPhase {
                needs: PhaseKind::Stopped,
            } => f.write_str("only allowed while play is stopped"),
            Illegal::NotAStone { point } => write!(f, "no stone on {}", point.to_sgf()),
            Illegal::OutOfFuel => f.write_str("the referee ran out of fuel"),
            Illegal::HandicapPlacement {
                player: Color::Black,
            } => f.write_str("during free handicap placement black must place a stone"),
            Illegal::HandicapPlacement {
                player: Color::White,
            } => f.write_str("during free handicap placement white must pass"),
        }
    }
}

/// A refused action and the reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayError {
    /// The action that was refused.
    pub action: Action,
    /// Why.
    pub reason: Illegal,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal action {}: {}", self.action, self.reason)
    }
}

impl std::error::Error for PlayError {}
