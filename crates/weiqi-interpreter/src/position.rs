//! A snapshot of everything a player or a tournament director sees: [`Position`].

use weiqi_core::{Board, ByColor, Color, Illegal, Phase, Point};

/// The state of the game at one moment, for display and for comparison with another referee.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    /// The stones on the board.
    pub board: Board,
    /// The player to move (while stopped: the player who would move if play resumed now by the
    /// turn order).
    pub to_move: Color,
    /// Stones each colour captured (self-captured stones credited to the opponent).
    pub prisoners: ByColor<u32>,
    /// Pass stones each colour received.
    pub pass_stones: ByColor<u32>,
    /// The hot stones of the Ing ko rule, with their owners (empty under other ko rules).
    pub hot_stones: Vec<(Point, Color)>,
    /// The empty points the ko rule forbids to the player to move now, with the reason.
    pub ko_bans: Vec<(Point, Illegal)>,
    /// Free handicap stones Black still has to place.
    pub placement_left: u32,
    /// Moves played so far.
    pub moves_played: usize,
    /// The phase.
    pub phase: Phase,
}
