//! Moves and the other actions a referee accepts.

use std::fmt;

use crate::{Color, Point};

/// A move: a play on a point, or a pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Move {
    /// Put a stone on the point.
    Play(Point),
    /// Pass.
    Pass,
}

impl Move {
    /// The point played, if any.
    #[must_use]
    pub fn point(self) -> Option<Point> {
        match self {
            Move::Play(p) => Some(p),
            Move::Pass => None,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Play(p) => f.write_str(&p.to_sgf()),
            Move::Pass => f.write_str("pass"),
        }
    }
}

/// Everything a player can do, in any phase of the game.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Action {
    /// A move by `color` (who must be the player to move) while the game is being played.
    Move {
        /// The player.
        color: Color,
        /// The move.
        mv: Move,
    },
    /// While play is stopped: `by` proposes the set of dead stones (any stone named makes its
    /// whole string dead). When both players' latest proposals name the same strings, the
    /// players agree and the game ends.
    ProposeDead {
        /// The proposer.
        by: Color,
        /// Points of stones proposed dead.
        dead: Vec<Point>,
    },
    /// While play is stopped: `by` disputes and asks to resume play.
    Resume {
        /// The player asking to resume.
        by: Color,
    },
    /// `by` resigns.
    Resign {
        /// The player resigning.
        by: Color,
    },
    /// `by` loses on time (the referee does not keep clocks; the caller reports the flag fall).
    LoseOnTime {
        /// The player whose time ran out.
        by: Color,
    },
}

impl Action {
    /// A play by `color` at `p`.
    #[must_use]
    pub fn play(color: Color, p: Point) -> Action {
        Action::Move {
            color,
            mv: Move::Play(p),
        }
    }

    /// A pass by `color`.
    #[must_use]
    pub fn pass(color: Color) -> Action {
        Action::Move {
            color,
            mv: Move::Pass,
        }
    }

    /// The player performing the action.
    #[must_use]
    pub fn actor(&self) -> Color {
        match self {
            Action::Move { color, .. } => *color,
            Action::ProposeDead { by, .. }
            | Action::Resume { by }
            | Action::Resign { by }
            | Action::LoseOnTime { by } => *by,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Move { color, mv } => write!(f, "{} {mv}", color.letter()),
            Action::ProposeDead { by, dead } => {
                write!(f, "{} proposes dead [", by.letter())?;
                for (i, p) in dead.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    f.write_str(&p.to_sgf())?;
                }
                f.write_str("]")
            }
            Action::Resume { by } => write!(f, "{} resumes", by.letter()),
            Action::Resign { by } => write!(f, "{} resigns", by.letter()),
            Action::LoseOnTime { by } => write!(f, "{} loses on time", by.letter()),
        }
    }
}
