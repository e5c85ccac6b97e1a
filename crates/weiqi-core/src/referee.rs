//! The one trait both rule implementations satisfy, and the types it speaks.

use crate::{
    Action, Board, BoardSize, ByColor, Color, GameResult, Illegal, Move, PlayError, Point, Points,
    Score,
};

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Ending {
    /// The players agreed on the dead stones.
    Agreement,
    /// Play ended with every stone on the board alive: Tromp-Taylor's two passes, or the
    /// unconditional final-end passes (AGA, Ing).
    AllAlive,
    /// A long cycle ended the game without result.
    NoResult,
    /// A long cycle ended the game in a draw.
    Draw,
    /// The given player resigned.
    Resignation(Color),
    /// The given player lost on time.
    Time(Color),
}

/// The phase of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Phase {
    /// Moves are being played.
    Playing,
    /// Play is stopped after the passes; the players agree on dead stones or resume.
    Stopped,
    /// The game is over.
    Ended(Ending),
}

impl Phase {
    /// The JSON status: `playing`, `stopped`, `ended` or `no-result`.
    #[must_use]
    pub fn status(self) -> &'static str {
        match self {
            Phase::Playing => "playing",
            Phase::Stopped => "stopped",
            Phase::Ended(Ending::NoResult) => "no-result",
            Phase::Ended(_) => "ended",
        }
    }
}

/// How a game starts: the board, handicap, setup stones and overrides of the variant's defaults.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// The board size.
    pub size: BoardSize,
    /// Handicap stones (0 and 1 both mean an even game without handicap stones).
    pub handicap: u32,
    /// Stones on the board before the first move (SGF `AB`/`AW`).
    pub stones: Vec<(Point, Color)>,
    /// The player to move first, if not the variant's choice (SGF `PL`).
    pub to_move: Option<Color>,
    /// Komi, if not the variant's default (SGF `KM`, or the caller).
    pub komi: Option<Points>,
}

impl Setup {
    /// An even game on an empty board of the given size.
    #[must_use]
    pub fn even(size: BoardSize) -> Setup {
        Setup {
            size,
            handicap: 0,
            stones: Vec::new(),
            to_move: None,
            komi: None,
        }
    }

    /// An empty-board game with `handicap` stones.
    #[must_use]
    pub fn with_handicap(size: BoardSize, handicap: u32) -> Setup {
        Setup {
            handicap,
            ..Setup::even(size)
        }
    }

    /// A game from a given position with `to_move` to play.
    #[must_use]
    pub fn from_board(board: &Board, to_move: Color) -> Setup {
        Setup {
            stones: board
                .iter()
                .filter_map(|(p, c)| c.map(|c| (p, c)))
                .collect(),
            to_move: Some(to_move),
            ..Setup::even(board.size())
        }
    }
}

/// What an accepted action did.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ActionReport {
    /// Opponent stones removed by the play.
    pub captured: Vec<Point>,
    /// Own stones removed by a (multi-stone) self-capture.
    pub self_captured: Vec<Point>,
    /// The play was a one-stone suicide that the variant counts as a pass (Ing).
    pub counted_as_pass: bool,
}

/// A rules referee: holds a game under one variant, accepts or refuses actions, and rules
/// on the result. The interpreter (the oracle) and the engine (the fast one) both implement it;
/// the differential harness compares them through this trait alone.
pub trait Referee {
    /// The board size.
    fn size(&self) -> BoardSize;

    /// The stones on the board now.
    fn board(&self) -> Board;

    /// The player whose action is expected (in play: the player to move).
    fn to_move(&self) -> Color;

    /// The phase of the game.
    fn phase(&self) -> Phase;

    /// The number of moves played so far (setup stones are not moves; passes are).
    fn moves_played(&self) -> usize;

    /// Stones each colour has captured during play (self-captured stones are credited to the
    /// opponent).
    fn prisoners(&self) -> ByColor<u32>;

    /// Pass stones each colour has received from the opponent's passes (0 unless the variant
    /// uses pass stones).
    fn pass_stones(&self) -> ByColor<u32>;

    /// Whether `action` would be accepted now, and if not, why.
    fn check(&self, action: &Action) -> Result<(), Illegal>;

    /// Performs `action`, or refuses it with the reason (the game is then unchanged).
    fn apply(&mut self, action: Action) -> Result<ActionReport, PlayError>;

    /// Every move the player to move may make now (passes included); empty unless playing.
    fn legal_moves(&self) -> Vec<Move>;

    /// The hot stones of the Ing ko rule, where the implementation tracks them.
    fn hot_stones(&self) -> Option<Vec<Point>>;

    /// The score, once the game has ended in a way that is scored (agreement or all alive).
    fn score(&self) -> Option<Score>;

    /// The result, once the game is over.
    fn result(&self) -> Option<GameResult>;
}
