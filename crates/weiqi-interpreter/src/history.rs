//! The recorded states of a game, which every repetition rule reads (docs/variants.md 3.0: "State
//! recorded after every move: (board_after, side_to_move_next, mover, kind in {play, pass,
//! setup}). The initial board (empty or with handicap stones) is entry 0, kind = setup.").
//!
//! Entry `i` is the state after move `i`; entry 0 is the initial position. Every move appends
//! exactly one entry (a one-stone suicide counted as a pass is recorded as a pass), so the
//! number of a move is the index of the entry it produced.
//!
//! Each entry also holds a hash of its board, computed from the board alone when the entry is
//! made. The repetition rules compare the hashes before the boards: equal boards have equal
//! hashes, so a different hash proves a different board and the board comparison is skipped;
//! equal hashes are always confirmed by comparing the boards. This changes no ruling, and keeps
//! a scan of a long history linear in its length instead of in its length times the board size
//! (issue 9, item 3).

use std::hash::{DefaultHasher, Hash, Hasher};

use weiqi_core::{Board, Color, Move, Point};

/// The hash of a board: `Board`'s own `Hash` fed to the standard library's hasher with its fixed
/// default keys, so the same board always gives the same value, in every run.
#[must_use]
pub fn board_hash(board: &Board) -> u64 {
    let mut h = DefaultHasher::new();
    board.hash(&mut h);
    h.finish()
}

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
    /// [`board_hash`] of `board`, computed by [`Record::new`] (compared before the board).
    pub hash: u64,
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
    /// A recorded state, its board hashed now.
    #[must_use]
    pub fn new(
        board: Board,
        to_move: Color,
        mover: Option<Color>,
        kind: Kind,
        mv: Option<Move>,
        captured: Vec<Point>,
    ) -> Record {
        Record {
            hash: board_hash(&board),
            board,
            to_move,
            mover,
            kind,
            mv,
            captured,
        }
    }

    /// The initial position with `to_move` to play.
    #[must_use]
    pub fn setup(board: Board, to_move: Color) -> Record {
        Record::new(board, to_move, None, Kind::Setup, None, Vec::new())
    }

    /// Whether this record's board is `board`, whose [`board_hash`] is `hash`: the hashes are
    /// compared first, the boards only when the hashes are equal.
    #[must_use]
    pub fn same_board(&self, board: &Board, hash: u64) -> bool {
        self.hash == hash && self.board == *board
    }

    /// Whether the two records hold the same situation: the same board and the same player to
    /// move (docs/variants.md 3.b, "situation").
    #[must_use]
    pub fn same_situation(&self, other: &Record) -> bool {
        self.to_move == other.to_move && self.same_board(&other.board, other.hash)
    }
}

#[cfg(test)]
mod tests {
    use weiqi_core::BoardSize;

    use super::*;

    #[test]
    fn the_hash_depends_on_the_board_only_and_equal_boards_compare_equal() {
        // Issue 9, item 3: the hash is a filter, never a ruling; equal boards must agree.
        let size = BoardSize::square(9).expect("9x9");
        let mut a = Board::new(size);
        a.set(Point::rc(2, 3), Some(Color::Black));
        let b = a.clone();
        let ra = Record::new(
            a.clone(),
            Color::White,
            Some(Color::Black),
            Kind::Play,
            None,
            vec![],
        );
        let rb = Record::new(b, Color::Black, None, Kind::Setup, None, vec![]);
        assert_eq!(ra.hash, rb.hash);
        assert!(ra.same_board(&rb.board, rb.hash));
        assert!(!ra.same_situation(&rb));
        let mut c = a.clone();
        c.set(Point::rc(2, 3), Some(Color::White));
        let rc = Record::setup(c, Color::White);
        assert!(!ra.same_board(&rc.board, rc.hash));
        assert!(!ra.same_situation(&rc));
        // A stale hash never makes unequal boards equal: the boards are still compared.
        assert!(!ra.same_board(&rc.board, ra.hash));
    }
}
