//! Statistics of a run: how often the generated games reach the hard cases (issue 12: "a
//! generator that never reaches a hard case shows it").

use std::collections::BTreeMap;
use std::fmt;

use weiqi_core::{
    Action, ActionReport, ByColor, Ending, GameResult, Illegal, Phase, Point, PointMark, Score,
};

use crate::oracle::{Outcome, is_counted, is_tie};

/// What one game reached.
#[derive(Debug, Clone, Default)]
pub struct GameStats {
    /// Steps (actions tried).
    pub steps: u64,
    /// Play stopped at least once.
    pub stopped: bool,
    /// A proposal differed from the opponent's standing one.
    pub disputed: bool,
    /// Play resumed at least once.
    pub resumed: bool,
    /// A self-capture was played (or counted as a pass).
    pub suicide_played: bool,
    /// Refusal codes seen in the per-point checks, with counts.
    pub refusals: BTreeMap<&'static str, u64>,
    /// The game ended; with the ending and result.
    pub ending: Option<(Phase, Option<GameResult>)>,
    /// The final count had a seki stone.
    pub seki: bool,
    /// The game ended in a tie.
    pub tie: bool,
}

impl GameStats {
    /// Notes a refusal seen in a check.
    pub fn refusal(&mut self, reason: &Illegal) {
        *self.refusals.entry(reason.code()).or_default() += 1;
    }

    /// Notes an action both referees accepted (`proposals`: the standing ones before it).
    pub fn accepted(
        &mut self,
        action: &Action,
        report: &ActionReport,
        _phase_before: Phase,
        proposals: &ByColor<Option<Vec<Point>>>,
    ) {
        self.steps += 1;
        match action {
            Action::Resume { .. } => self.resumed = true,
            Action::ProposeDead { by, dead } => {
                if let Some(other) = &proposals[by.opponent()]
                    && other != dead
                {
                    self.disputed = true;
                }
            }
            _ => {}
        }
        if !report.self_captured.is_empty() || report.counted_as_pass {
            self.suicide_played = true;
        }
    }

    /// Notes the end of the game.
    pub fn ended(&mut self, phase: Phase, score: Option<&Score>, result: Option<GameResult>) {
        self.ending = Some((phase, result));
        if is_counted(phase) {
            self.stopped = true;
        }
        self.seki =
            score.is_some_and(|s| s.marks.iter().any(|m| matches!(m, PointMark::SekiStone(_))));
        self.tie = is_tie(result, score);
    }
}

/// Totals over a run.
#[derive(Debug, Clone, Default)]
pub struct Stats {
    /// Cases run.
    pub cases: u64,
    /// Cases on which both referees agreed to the end.
    pub agreed: u64,
    /// Cases both referees refused at setup.
    pub setup_refused: u64,
    /// Cases stopped by the interpreter's fuel.
    pub inconclusive: u64,
    /// Actions tried.
    pub steps: u64,
    /// Games that ended (any way).
    pub ended: u64,
    /// Games in which play stopped.
    pub stopped: u64,
    /// Games with a disputed proposal.
    pub disputed: u64,
    /// Games with a resumption.
    pub resumed: u64,
    /// Games counted with a seki.
    pub seki: u64,
    /// Games with a self-capture played.
    pub suicide_played: u64,
    /// Games ended without result.
    pub no_result: u64,
    /// Games ended in a tie.
    pub tie: u64,
    /// Games ended by resignation or time.
    pub resigned: u64,
    /// Per refusal code: games in which a check refused for it, and refusals in all.
    pub refusals: BTreeMap<&'static str, (u64, u64)>,
}

impl Stats {
    /// Notes a setup both referees refused.
    pub fn add_setup_refused(&mut self) {
        self.cases += 1;
        self.setup_refused += 1;
    }

    /// Adds a finished comparison.
    pub fn add_game(&mut self, g: &GameStats, outcome: Outcome) {
        self.cases += 1;
        match outcome {
            Outcome::Agree => self.agreed += 1,
            Outcome::Inconclusive => self.inconclusive += 1,
            Outcome::SetupRefused => self.setup_refused += 1,
        }
        self.steps += g.steps;
        self.stopped += u64::from(g.stopped);
        self.disputed += u64::from(g.disputed);
        self.resumed += u64::from(g.resumed);
        self.seki += u64::from(g.seki);
        self.suicide_played += u64::from(g.suicide_played);
        self.tie += u64::from(g.tie);
        if let Some((phase, result)) = g.ending {
            self.ended += 1;
            self.no_result += u64::from(result == Some(GameResult::NoResult));
            self.resigned += u64::from(matches!(
                phase,
                Phase::Ended(Ending::Resignation(_) | Ending::Time(_))
            ));
        }
        for (code, n) in &g.refusals {
            let e = self.refusals.entry(code).or_default();
            e.0 += 1;
            e.1 += n;
        }
    }

    /// Games in which a check refused for `code` (an [`Illegal::code`]).
    #[must_use]
    pub fn games_refusing(&self, code: &str) -> u64 {
        self.refusals.get(code).map_or(0, |e| e.0)
    }
}

impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "cases {} (agreed {}, setup refused by both {}, inconclusive {}), actions {}",
            self.cases, self.agreed, self.setup_refused, self.inconclusive, self.steps
        )?;
        writeln!(
            f,
            "games: ended {}, stopped {}, disputed {}, resumed {}, seki {}, suicide played {}, \
             no-result {}, tie {}, resigned/time {}",
            self.ended,
            self.stopped,
            self.disputed,
            self.resumed,
            self.seki,
            self.suicide_played,
            self.no_result,
            self.tie,
            self.resigned
        )?;
        f.write_str("refusals seen in checks (games / total):")?;
        for (code, (games, total)) in &self.refusals {
            write!(f, " {code} {games}/{total};")?;
        }
        Ok(())
    }
}
