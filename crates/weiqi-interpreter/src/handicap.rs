//! `board.sizes` and `handicap.*`: the start of a game (Setup -> initial position).
//!
//! The handicap (weiqi-core `Setup::handicap`): 0 is an even game; 1 is a handicap game without
//! handicap stones (docs/decisions.md 21: Black moves first, the handicap komi `handicap.komi` and
//! the handicap tie rule `scoring.tie-handicap` apply, a bonus per handicap stone is zero; seed
//! 004 "Минимальная фора – игра черными без коми", seed 002 art. 2.4 "минимальной «форой 1»");
//! N >= 2 is a handicap game of N stones:
//!
//! - `handicap.placement = "fixed"`: the stones of the variant's pattern for the board size are
//!   placed as setup (J89, AGA "designated star points", seed 004), then the player of
//!   `handicap.first-after-placement` moves.
//! - `handicap.placement = "free"`: Black makes N placement plays at the start (seed 003: "the
//!   weaker player makes several moves in a row"), consecutively or with White passing in
//!   between (`handicap.free-placement-moves = "white-passes"`: seed 000 "White passes
//!   (stones - 1) times", New Zealand "White passes the first N-1 moves"); then the player of
//!   `handicap.first-after-placement` moves.
//! - Setup stones given with a handicap of 2 or more already hold the handicap stones (any
//!   points; a record's `AB`, docs/decisions.md 23): nothing more is placed, and the player of
//!   `handicap.first-after-placement` moves.
//!
//! Who moves first (docs/decisions.md 22): at a *game start* (an empty board, or the handicap
//! stones alone) the variant decides: Black on an empty board and at handicap 0 or 1, the player of
//! `handicap.first-after-placement` after the handicap stones (seed 004 rules 2-3, seed 000,
//! seed 002 art. 2.4). `Setup::to_move` may only confirm that choice there; a different player
//! is refused ([`SetupError::FirstMover`]), so that a record whose first move contradicts the
//! variant is ruled `wrong-turn` at that move. Only a position that is not a game start (other
//! setup stones) may choose its first mover (SGF `PL`, or its first move).
//!
//! Board sizes (docs/decisions.md 25): `board.sizes` lists the sizes the variant's text prescribes.
//! A game on another size is set up all the same, with a note ([`Start::notes`]); only
//! [`start_strict`] refuses it.

use std::fmt;

use weiqi_core::{Board, BoardSize, Color, Point, Points, Setup, SetupNote};
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
    /// A game start (an empty board, or the handicap stones alone) whose setup names a first
    /// mover other than the variant's (docs/decisions.md 22: the variant says who moves first).
    FirstMover {
        /// The variant's first mover.
        expected: Color,
        /// The first mover the setup asked for.
        given: Color,
    },
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
            SetupError::FirstMover { expected, given } => write!(
                f,
                "{given} is set to move first, but at the start of a game the variant says \
                 {expected} moves first (docs/decisions.md 22)"
            ),
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
    /// The komi: `Setup.komi`, else the variant's (`handicap.komi` from handicap 1 on).
    pub komi: Points,
    /// Remarks on the setup for the caller (docs/decisions.md 25: a board size the text does not
    /// prescribe).
    pub notes: Vec<SetupNote>,
}

/// Whether the game is a handicap game: handicap 1 (no stones, docs/decisions.md 21) and up.
#[must_use]
pub fn is_handicap(handicap: u32) -> bool {
    handicap >= 1
}

/// The handicap stones of a game: 0 for an even game and for handicap 1, which has none
/// (docs/decisions.md 21).
#[must_use]
pub fn stones(handicap: u32) -> u32 {
    if handicap >= 2 { handicap } else { 0 }
}

/// The komi of a game: the setup's, else the variant's for the handicap (`scoring.komi` in an
/// even game, `handicap.komi` in a handicap game, handicap 1 included: docs/decisions.md 21;
/// `Ruleset::komi_for`).
#[must_use]
pub fn komi(ruleset: &Ruleset, setup: &Setup) -> Points {
    setup
        .komi
        .unwrap_or_else(|| ruleset.komi_for(setup.handicap))
}

/// Builds the initial position from the variant and the setup (see the module doc). A board
/// size the variant does not prescribe gets a note (docs/decisions.md 25).
pub fn start(ruleset: &Ruleset, setup: &Setup) -> Result<Start, SetupError> {
    build(ruleset, setup)
}

/// As [`start`], but a board size the variant does not prescribe is refused with
/// [`SetupError::SizeNotAllowed`] (`--strict`, docs/decisions.md 25).
pub fn start_strict(ruleset: &Ruleset, setup: &Setup) -> Result<Start, SetupError> {
    if !ruleset.allows_size(setup.size) {
        return Err(SetupError::SizeNotAllowed {
            size: setup.size,
            allowed: ruleset.board.sizes.clone(),
        });
    }
    build(ruleset, setup)
}

fn build(ruleset: &Ruleset, setup: &Setup) -> Result<Start, SetupError> {
    let size = setup.size;
    let mut notes = Vec::new();
    if !ruleset.allows_size(size) {
        notes.push(SetupNote::SizeNotPrescribed {
            size,
            prescribed: ruleset.board.sizes.clone(),
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
    let handicap = stones(setup.handicap);
    let mut placement_left = 0;
    // docs/decisions.md 22: Black on an empty board and at handicap 0 or 1.
    let mut to_move = Color::Black;
    if handicap > 0 {
        // After the handicap stones (given, or placed by the pattern).
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
        if is_game_start(setup) && c != to_move {
            return Err(SetupError::FirstMover {
                expected: to_move,
                given: c,
            });
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
        notes,
    })
}

/// Whether a setup is the start of a game, where the variant decides who moves first
/// (docs/decisions.md 22): an empty board, or (with a handicap of 2 or more) the handicap stones
/// alone, all black. Any other setup stones make a position, whose first mover the setup may
/// choose.
#[must_use]
pub fn is_game_start(setup: &Setup) -> bool {
    let black_only = setup.stones.iter().all(|&(_, c)| c == Color::Black);
    setup.stones.is_empty() || (stones(setup.handicap) > 0 && black_only)
}
