//! The interpreter (the oracle), driven through the `weiqi_core::Referee` trait: `check` for
//! legality, `apply` for the play, and `ActionReport::captured` for the empty-point list.

use weiqi_core::{Action, Board, BoardSize, ByColor, Point, Points, Referee, Setup};
use weiqi_interpreter::{Interpreter, SetupError, scoring};
use weiqi_spec::Ruleset;

use crate::PlayoutBoard;

/// Komi of the final Tromp-Taylor count (docs/workloads.md: "komi 7.5").
pub const KOMI: Points = Points::from_halves(15);

/// An interpreter game under a workload's variant, with the board of the current position
/// kept between moves (the own-eye test reads it for every candidate).
#[derive(Debug, Clone)]
pub struct InterpreterBoard {
    game: Interpreter,
    board: Board,
    ruleset: Ruleset,
}

impl InterpreterBoard {
    /// A new even game on an empty board of `size` under `ruleset`.
    pub fn new(ruleset: &Ruleset, size: BoardSize) -> Result<InterpreterBoard, SetupError> {
        let game = Interpreter::new(ruleset, Setup::even(size))?;
        Ok(InterpreterBoard {
            board: game.board(),
            game,
            ruleset: ruleset.clone(),
        })
    }

    /// The underlying interpreter.
    #[must_use]
    pub fn game(&self) -> &Interpreter {
        &self.game
    }
}

impl PlayoutBoard for InterpreterBoard {
    type P = Point;

    fn points(&self) -> Vec<Point> {
        self.board.size().points().collect()
    }

    fn index(&self, p: Point) -> usize {
        usize::from(p.row) * usize::from(self.board.size().width()) + usize::from(p.col)
    }

    fn core_point(&self, p: Point) -> Point {
        p
    }

    fn own_point(&self, p: Point) -> Point {
        p
    }

    fn own_eye(&self, p: Point) -> bool {
        let me = Some(self.game.to_move());
        self.board.neighbours(p).all(|q| self.board.get(q) == me)
    }

    fn is_legal(&self, p: Point) -> bool {
        self.game
            .check(&Action::play(self.game.to_move(), p))
            .is_ok()
    }

    fn play(&mut self, p: Point, captured: Option<&mut Vec<Point>>) -> Result<(), ()> {
        let report = self
            .game
            .apply(Action::play(self.game.to_move(), p))
            .map_err(|_| ())?;
        if let Some(out) = captured {
            out.extend_from_slice(&report.captured);
        }
        self.board = self.game.board();
        Ok(())
    }

    fn pass(&mut self) -> Result<(), ()> {
        self.game
            .apply(Action::pass(self.game.to_move()))
            .map(|_| ())
            .map_err(|_| ())
    }

    fn area_score_halves(&self) -> i64 {
        let input = scoring::ScoringInput {
            ruleset: &self.ruleset,
            board: &self.board,
            dead: &[],
            prisoners: self.game.prisoners(),
            pass_stones: self.game.pass_stones(),
            handicap: 0,
            komi: KOMI,
            penalties: ByColor::default(),
        };
        scoring::score(&input).margin.halves()
    }
}
