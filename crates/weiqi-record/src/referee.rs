//! The referee the command line rules with: the engine by default, the interpreter (the
//! oracle) with `--interpreter` or `--budget` (the budget counts interpreter work: the engine is
//! bounded by design and has none); `--both` replays a record on both and reports the first
//! divergence (issue 11 item 4). One factory, [`new_game`], builds either.

use weiqi_core::{ByColor, Color, Phase, Point, Points, Referee, Score, Setup, SetupNote};
use weiqi_engine::Engine;
use weiqi_interpreter::Interpreter;
use weiqi_spec::Ruleset;

/// Which referee rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Which {
    /// The engine (the default).
    Engine,
    /// The interpreter, the literal oracle (`--interpreter`).
    Interpreter,
}

impl Which {
    /// The referee named by the flags: `--interpreter` selects the oracle, and so does
    /// `--budget` (a bound on interpreter work; the engine is bounded by design).
    pub fn from_flags(interpreter: bool, budget: Option<u64>) -> Which {
        if interpreter || budget.is_some() {
            Which::Interpreter
        } else {
            Which::Engine
        }
    }
}

/// What the command line needs of a referee beyond the [`Referee`] trait: the game's komi and
/// handicap, the agreed dead stones and the standing agreement, who would move first on
/// resumption, the budget left, and the count of a position as it stands.
pub trait Game: Referee {
    /// The variant.
    fn ruleset(&self) -> &Ruleset;
    /// The komi of the game.
    fn komi(&self) -> Points;
    /// The setup's handicap.
    fn handicap(&self) -> u32;
    /// The agreed dead stones, once the game ended by agreement.
    fn dead_stones(&self) -> &[Point];
    /// The dead stones agreed at the last stop while the passes that end the game by them are
    /// still to come (`after-stop = "agreement-then-passes"`, Ing).
    fn pending_agreement(&self) -> Option<&[Point]>;
    /// What is left of the game's budget of work, if it has one (the interpreter's
    /// `with_game_fuel`; always `None` for the engine, which is bounded by design).
    fn fuel_left(&self) -> Option<u64>;
    /// Who would move first if `by` resumed now (`None` unless stopped).
    fn first_after_resume(&self, by: Color) -> Option<Color>;
    /// Remarks on the setup (a board size the variant does not prescribe).
    fn notes(&self) -> &[SetupNote];
    /// A copy of the game.
    fn clone_box(&self) -> Box<dyn Game>;
    /// The game as the engine, when the engine rules it (the status judge plays on it).
    fn as_engine(&self) -> Option<&Engine>;
    /// The count of the board as it stands with `dead` dead and the given prisoners and pass
    /// stones, by this referee's own scoring (`None` when a total overflows).
    fn count(
        &self,
        dead: &[Point],
        prisoners: ByColor<u32>,
        pass_stones: ByColor<u32>,
    ) -> Option<Score>;
}

impl Game for Interpreter {
    fn ruleset(&self) -> &Ruleset {
        Interpreter::ruleset(self)
    }
    fn komi(&self) -> Points {
        Interpreter::komi(self)
    }
    fn handicap(&self) -> u32 {
        Interpreter::handicap(self)
    }
    fn dead_stones(&self) -> &[Point] {
        Interpreter::dead_stones(self)
    }
    fn pending_agreement(&self) -> Option<&[Point]> {
        Interpreter::pending_agreement(self)
    }
    fn fuel_left(&self) -> Option<u64> {
        Interpreter::fuel_left(self)
    }
    fn first_after_resume(&self, by: Color) -> Option<Color> {
        Interpreter::first_after_resume(self, by)
    }
    fn notes(&self) -> &[SetupNote] {
        Interpreter::notes(self)
    }
    fn as_engine(&self) -> Option<&Engine> {
        None
    }
    fn clone_box(&self) -> Box<dyn Game> {
        Box::new(self.clone())
    }
    fn count(
        &self,
        dead: &[Point],
        prisoners: ByColor<u32>,
        pass_stones: ByColor<u32>,
    ) -> Option<Score> {
        let board = self.board();
        Some(weiqi_interpreter::scoring::score(
            &weiqi_interpreter::scoring::ScoringInput {
                ruleset: Interpreter::ruleset(self),
                board: &board,
                dead,
                prisoners,
                pass_stones,
                handicap: Interpreter::handicap(self),
                komi: Interpreter::komi(self),
                penalties: ByColor::default(),
            },
        ))
    }
}

impl Game for Engine {
    fn ruleset(&self) -> &Ruleset {
        Engine::ruleset(self)
    }
    fn komi(&self) -> Points {
        Engine::komi(self)
    }
    fn handicap(&self) -> u32 {
        Engine::handicap(self)
    }
    fn dead_stones(&self) -> &[Point] {
        Engine::dead_stones(self)
    }
    fn pending_agreement(&self) -> Option<&[Point]> {
        Engine::pending_agreement(self)
    }
    fn fuel_left(&self) -> Option<u64> {
        None
    }
    fn first_after_resume(&self, by: Color) -> Option<Color> {
        Engine::first_after_resume(self, by)
    }
    fn notes(&self) -> &[SetupNote] {
        Engine::notes(self)
    }
    fn as_engine(&self) -> Option<&Engine> {
        Some(self)
    }
    fn clone_box(&self) -> Box<dyn Game> {
        Box::new(self.clone())
    }
    fn count(
        &self,
        dead: &[Point],
        prisoners: ByColor<u32>,
        pass_stones: ByColor<u32>,
    ) -> Option<Score> {
        let board = self.board();
        let input = weiqi_engine::scoring::ScoreInput {
            board: &board,
            dead,
            prisoners,
            pass_stones,
            handicap: Engine::handicap(self),
            komi: Engine::komi(self),
            penalties: ByColor::default(),
        };
        let rules = weiqi_engine::scoring::ScoreRules::new(Engine::ruleset(self));
        weiqi_engine::scoring::score(&rules, &input).ok()
    }
}

/// Starts a game of `ruleset` from `setup` on the chosen referee; `strict` refuses a board
/// size the variant does not prescribe; `budget` bounds the interpreter's work for the whole
/// game (the engine has no budget: it is bounded by design, and [`Which::from_flags`] gives a
/// budget to the interpreter).
pub fn new_game(
    which: Which,
    ruleset: &Ruleset,
    setup: Setup,
    strict: bool,
    budget: Option<u64>,
) -> Result<Box<dyn Game>, crate::Error> {
    match which {
        Which::Engine => if strict {
            Engine::new_strict(ruleset, setup)
        } else {
            Engine::new(ruleset, setup)
        }
        .map(|g| Box::new(g) as Box<dyn Game>)
        .map_err(|e| crate::Error(e.to_string())),
        Which::Interpreter => if strict {
            Interpreter::new_strict(ruleset, setup)
        } else {
            Interpreter::new(ruleset, setup)
        }
        .map(|g| match budget {
            Some(steps) => Box::new(g.with_game_fuel(steps)) as Box<dyn Game>,
            None => Box::new(g) as Box<dyn Game>,
        })
        .map_err(|e| crate::Error(e.to_string())),
    }
}

/// The observations of a game compared by `--both`, as one line.
pub fn observations(g: &dyn Game) -> String {
    let phase = match g.phase() {
        Phase::Playing => "playing".to_owned(),
        Phase::Stopped => "stopped".to_owned(),
        Phase::Ended(e) => format!("ended ({e:?})"),
    };
    let hot: Vec<String> = g
        .hot_stones()
        .unwrap_or_default()
        .iter()
        .map(|p| p.to_sgf())
        .collect();
    format!(
        "to move {}, {phase}, {} moves, prisoners B {} W {}, pass stones B {} W {}, hot [{}]",
        g.to_move(),
        g.moves_played(),
        g.prisoners().black,
        g.prisoners().white,
        g.pass_stones().black,
        g.pass_stones().white,
        hot.join(",")
    )
}

#[cfg(test)]
mod tests {
    use super::Which;

    #[test]
    fn the_engine_rules_unless_the_oracle_is_asked_for_issue_11_item_4() {
        assert_eq!(Which::from_flags(false, None), Which::Engine);
        assert_eq!(Which::from_flags(true, None), Which::Interpreter);
        // A budget counts interpreter work: the engine is bounded by design and has none.
        assert_eq!(Which::from_flags(false, Some(15)), Which::Interpreter);
    }
}
