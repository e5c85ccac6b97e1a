//! `board.sizes` and `handicap.*`: the start of a game (Setup -> initial position).
//!
//! - `handicap.placement = "fixed"`: the stones of the variant's pattern for the board size are
//!   placed as setup (J89, AGA "designated star points", seed 004), then the player of
//!   `handicap.first-after-placement` moves.
//! - `handicap.placement = "free"`: Black makes N placement plays at the start (seed 003: "the
//!   weaker player makes several moves in a row"), consecutively or with White passing in
//!   between (`handicap.free-placement-moves = "white-passes"`: seed 000 "White passes
//!   (stones - 1) times", New Zealand "White passes the first N-1 moves"); then the player of
//!   `handicap.first-after-placement` moves.
//! - Setup stones from a record (SGF `AB`/`AW`) are the position itself: with them no handicap
//!   stone is placed again (a record's `AB` already holds them).

use std::fmt;

use weiqi_core::{Board, BoardSize, Color, Point, Points, Setup};
use weiqi_spec::{Placement, Ruleset};

use crate::strings::{all_strings, liberties};

/// Why a game could not be set up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupError {
    /// The variant does not allow the board size.
    SizeNotAllowed {
        /// The requested size.
        size: BoardSize,
        /// The sizes the variant allows.
        allowed: Vec<BoardSize>,
    },
    /// The variant has no fixed pattern for this number of stones on this board size.
    NoHandicapPattern {
        /// The board size.
        size: BoardSize,
        /// The requested number of handicap stones.
        stones: u32,
    },
    /// More free handicap stones than the board has points.
    TooManyHandicapStones {
        /// The board size.
        size: BoardSize,
        /// The requested number of handicap stones.
        stones: u32,
    },
    /// A setup stone lies off the board.
    StoneOffBoard {
        /// The point.
        point: Point,
    },
    /// Two setup stones on the same point.
    DuplicateStone {
        /// The point.
        point: Point,
    },
    /// A setup string has no liberty.
    NoLiberties {
        /// A stone of the string.
        point: Point,
    },
    /// A free handicap placement starts with Black placing stones, but the setup asks for White
    /// to move.
    PlacementNeedsBlack,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::SizeNotAllowed { size, allowed } => {
                write!(f, "the variant does not allow the {size} board (allowed:")?;
                for s in allowed {
                    write!(f, " {s}")?;
                }
                f.write_str(")")
            }
            SetupError::NoHandicapPattern { size, stones } => {
                write!(
                    f,
                    "the variant has no pattern for {stones} handicap stones on the {size} board"
                )
            }
            SetupError::TooManyHandicapStones { size, stones } => {
                write!(f, "{stones} handicap stones do not fit on the {size} board")
            }
            SetupError::StoneOffBoard { point } => {
                write!(
                    f,
                    "setup stone at ({}, {}) is off the board",
                    point.row, point.col
                )
            }
            SetupError::DuplicateStone { point } => {
                write!(f, "two setup stones on {}", point.to_sgf())
            }
            SetupError::NoLiberties { point } => {
                write!(f, "the setup string at {} has no liberty", point.to_sgf())
            }
            SetupError::PlacementNeedsBlack => {
                f.write_str("a free handicap placement starts with black, but white is set to move")
            }
        }
    }
}

impl std::error::Error for SetupError {}

/// The initial position of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Start {
    /// The board before the first move (entry 0 of the history).
    pub board: Board,
    /// The first player to move.
    pub to_move: Color,
    /// Free handicap stones Black still has to place by playing.
    pub placement_left: u32,
    /// The komi: `Setup.komi`, else the variant's (handicap komi when handicap >= 2).
    pub komi: Points,
}

/// Whether the game is a handicap game: 0 and 1 both mean no handicap stones (`Setup`).
#[must_use]
pub fn is_handicap(handicap: u32) -> bool {
    handicap >= 2
}

/// The handicap stones of a game: 0 for an even game (a setup handicap of 1 is an even game).
#[must_use]
pub fn stones(handicap: u32) -> u32 {
    if is_handicap(handicap) { handicap } else { 0 }
}

/// The komi of a game: the setup's, else the variant's for the handicap (`handicap.komi` in a
/// handicap game, `scoring.komi` in an even game; `Ruleset::komi_for`).
#[must_use]
pub fn komi(ruleset: &Ruleset, setup: &Setup) -> Points {
    setup
        .komi
        .unwrap_or_else(|| ruleset.komi_for(stones(setup.handicap)))
}

/// Builds the initial position from the variant and the setup (see the module doc).
pub fn start(ruleset: &Ruleset, setup: &Setup) -> Result<Start, SetupError> {
    let size = setup.size;
    if !ruleset.allows_size(size) {
        return Err(SetupError::SizeNotAllowed {
            size,
            allowed: ruleset.board.sizes.clone(),
        });
    }
    let mut board = Board::new(size);
    for &(p, c) in &setup.stones {
        if !size.contains(p) {
            return Err(SetupError::StoneOffBoard { point: p });
        }
        if board.get(p).is_some() {
            return Err(SetupError::DuplicateStone { point: p });
        }
        board.set(p, Some(c));
    }
    let handicap = setup.handicap;
    let mut placement_left = 0;
    let mut to_move = Color::Black;
    if is_handicap(handicap) {
        to_move = ruleset.handicap.first_after_placement;
        if setup.stones.is_empty() {
            match ruleset.handicap.placement {
                Placement::Fixed => {
                    let pattern = ruleset.handicap_points(size, handicap).ok_or(
                        SetupError::NoHandicapPattern {
                            size,
                            stones: handicap,
                        },
                    )?;
                    for p in pattern {
                        if !size.contains(p) {
                            return Err(SetupError::StoneOffBoard { point: p });
                        }
                        if board.set(p, Some(Color::Black)).is_some() {
                            return Err(SetupError::DuplicateStone { point: p });
                        }
                    }
                }
                Placement::Free => {
                    let fits = usize::try_from(handicap).is_ok_and(|n| n <= size.points_count());
                    if !fits {
                        return Err(SetupError::TooManyHandicapStones {
                            size,
                            stones: handicap,
                        });
                    }
                    placement_left = handicap;
                    to_move = Color::Black;
                }
            }
        }
    }
    for s in all_strings(&board) {
        if liberties(&board, &s).is_empty() {
            return Err(SetupError::NoLiberties { point: s[0] });
        }
    }
    if let Some(c) = setup.to_move {
        if placement_left > 0 && c != Color::Black {
            return Err(SetupError::PlacementNeedsBlack);
        }
        if placement_left == 0 {
            to_move = c;
        }
    }
    Ok(Start {
        board,
        to_move,
        placement_left,
        komi: komi(ruleset, setup),
    })
}
