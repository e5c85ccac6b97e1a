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
///
/// The contract every referee (the interpreter, the engine) implements and every reader (SGF)
/// produces:
///
/// - [`Setup::handicap`]: 0 is an even game; 1 is a handicap game *without* handicap stones
///   (docs/decisions.md 21: Black moves first, the handicap komi and the handicap tie rule apply,
///   a bonus per handicap stone is zero); N >= 2 is a handicap game of N stones.
/// - [`Setup::stones`]: the setup stones. With a handicap of 2 or more and stones given, the
///   stones already hold the handicap stones (any points: the referee places nothing more);
///   with a handicap of 2 or more and no stones, the variant places them (its fixed pattern, or
///   a free placement played as Black's first moves).
/// - [`Setup::to_move`]: `None` lets the variant decide (docs/decisions.md 22): Black on an empty
///   board and at handicap 0 or 1, `handicap.first-after-placement` (White in every built-in
///   variant) after the handicap stones. `Some(c)` is for a position that is not a game start
///   (setup stones other than the handicap stones alone), from SGF `PL` or the first move; at a
///   game start a referee accepts `Some(c)` only when `c` is the variant's own first mover and
///   refuses any other, so that a record whose first move contradicts the variant is ruled
///   `wrong-turn` at that move.
/// - [`Setup::komi`]: `None` takes the variant's komi for the handicap (`scoring.komi` at
///   handicap 0, `handicap.komi` from handicap 1 on).
///
/// A board size the variant's text does not prescribe (`board.sizes`) is set up all the same,
/// with a [`SetupNote::SizeNotPrescribed`] (docs/decisions.md 25); only a strict setup refuses it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// The board size.
    pub size: BoardSize,
    /// The handicap: 0 even, 1 a handicap game without stones, N >= 2 a game of N handicap
    /// stones (see the type's doc).
    pub handicap: u32,
    /// Stones on the board before the first move (SGF `AB`/`AW`); with a handicap of 2 or more,
    /// they hold the handicap stones.
    pub stones: Vec<(Point, Color)>,
    /// The player to move first: `None` = the variant's choice; `Some` only for a position that
    /// is not a game start (SGF `PL`, or the first move of such a record).
    pub to_move: Option<Color>,
    /// Komi, if not the variant's default (SGF `KM`, or the caller).
    pub komi: Option<Points>,
}

/// A remark a referee makes on a setup it accepted, for the caller to show (the CLI prints it,
/// the engine reports the same ones as the interpreter).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum SetupNote {
    /// The board size is not one the variant's text prescribes (`board.sizes`); the game is
    /// ruled all the same (docs/decisions.md 25).
    SizeNotPrescribed {
        /// The board size of the game.
        size: BoardSize,
        /// The sizes the variant's text prescribes.
        prescribed: Vec<BoardSize>,
    },
}

impl std::fmt::Display for SetupNote {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetupNote::SizeNotPrescribed { size, prescribed } => {
                write!(
                    f,
                    "the {size} board is not a size the variant's text prescribes ("
                )?;
                for (i, s) in prescribed.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{s}")?;
                }
                f.write_str("); the game is ruled all the same")
            }
        }
    }
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

    /// An empty-board handicap game: `handicap` stones placed by the variant (1: a handicap
    /// game without stones).
    #[must_use]
    pub fn with_handicap(size: BoardSize, handicap: u32) -> Setup {
        Setup {
            handicap,
            ..Setup::even(size)
        }
    }

    /// A game from a given position with `to_move` to play (a position, not a game start: see
    /// the type's doc on `to_move`).
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
