//! The recorded states of a game, which every repetition rule reads (VARIANTS.md 3.0: "State
//! recorded after every move: (board_after, side_to_move_next, mover, kind in {play, pass,
//! setup}). The initial board (empty or with handicap stones) is entry 0, kind = setup.").
//!
//! Entry `i` is the state after move `i`; entry 0 is the initial position. Every move appends
//! exactly one entry (a one-stone suicide counted as a pass is recorded as a pass), so the
//! number of a move is the index of the entry it produced.

use weiqi_core::{Board, Color, Move, Point};

/// What produced a recorded state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// The initial position (empty board, setup stones, fixed handicap stones).
    Setup,
    /// A board play that changed the board.
    Play,
    /// A pass, or a play that counts as a pass (Ing one-stone suicide).
    Pass,
}

/// One recorded state of the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// The board after the move.
    pub board: Board,
    /// The player to move next.
    pub to_move: Color,
    /// Who made the move (`None` for the initial position).
    pub mover: Option<Color>,
    /// What the move was.
    pub kind: Kind,
    /// The move as made (`None` for the initial position). A one-stone suicide counted as a pass
    /// keeps its point here and has kind [`Kind::Pass`].
    pub mv: Option<Move>,
    /// The opponent stones the move captured.
    pub captured: Vec<Point>,
}

impl Record {
    /// The initial position with `to_move` to play.
    #[must_use]
    pub fn setup(board: Board, to_move: Color) -> Record {
        Record {
            board,
            to_move,
            mover: None,
            kind: Kind::Setup,
            mv: None,
            captured: Vec::new(),
        }
    }

    /// Whether the two records hold the same situation: the same board and the same player to
    /// move (VARIANTS.md 3.b, "situation").
    #[must_use]
    pub fn same_situation(&self, other: &Record) -> bool {
        self.to_move == other.to_move && self.board == other.board
    }
}
