//! Statistics of a run: how often the generated games reach the hard cases (issue 12: "a
//! generator that never reaches a hard case shows it").

use std::collections::BTreeMap;
use std::fmt;

use weiqi_core::{
    Action, ActionReport, ByColor, Ending, GameResult, Illegal, Phase, Point, PointMark, Score,
};

use crate::shapes::Effect;

/// Every kind of ko refusal ([`Illegal::code`]): the statistics list each, reached or not.
pub const KO_REFUSALS: &[&str] = &[
    "ko",
    "positional-superko",
    "situational-superko",
    "natural-situational-superko",
    "hot-stone",
    "cycle-restart",
];

/// The other refusals the statistics always list.
pub const OTHER_REFUSALS: &[&str] = &["suicide", "occupied"];

/// What one game reached.
#[derive(Debug, Clone, Default)]
pub struct GameStats {
    /// The generator that made the case ([`crate::generate::Kind::name`]).
    pub kind: &'static str,
    /// A one-stone self-capture was played (removed, not counted as a pass).
    pub self_capture_one: bool,
    /// A self-capture of two or more stones was played.
    pub self_capture_multi: bool,
    /// A one-stone self-capture was played and counted as a pass (Ing).
    pub suicide_as_pass: bool,
    /// A play filled the last liberty of its own string and captured (so it stayed).
    pub last_liberty_capture: bool,
    /// A play captured two or more stones (a snapback's second capture, among others).
    pub multi_capture: bool,
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
    /// The final count took pass-dead stones as dead (`scoring.pass-dead`).
    pub pass_dead: bool,
    /// The final count took the group tax (`scoring.group-tax`).
    pub group_tax: bool,
    /// Moves the engine undid and replayed, compared with the interpreter's past.
    pub undone: u64,
}

impl GameStats {
    /// The statistics of a game of the generator `kind`.
    #[must_use]
    pub fn new(kind: &'static str) -> GameStats {
        GameStats {
            kind,
            ..GameStats::default()
        }
    }

    /// Notes an accepted board play whose [`Effect`] (read from the board before it) was
    /// `effect`, and what the referees reported.
    pub fn played(&mut self, effect: Effect, report: &ActionReport) {
        if report.counted_as_pass {
            self.suicide_as_pass = true;
        } else if report.self_captured.len() == 1 {
            self.self_capture_one = true;
        } else if report.self_captured.len() > 1 {
            self.self_capture_multi = true;
        }
        if effect.fills_last_liberty && !report.captured.is_empty() {
            self.last_liberty_capture = true;
        }
        if report.captured.len() >= 2 {
            self.multi_capture = true;
        }
    }

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
        // The count's notes name these two rules when they change it (both referees write the
        // same notes, which the oracle compares).
        let noted = |what: &str| score.is_some_and(|s| s.notes.iter().any(|n| n.contains(what)));
        self.pass_dead = noted("(scoring.pass-dead)");
        self.group_tax = noted("(scoring.group-tax)");
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
    /// Games with a one-stone self-capture played.
    pub self_capture_one: u64,
    /// Games with a multi-stone self-capture played.
    pub self_capture_multi: u64,
    /// Games with a one-stone self-capture counted as a pass.
    pub suicide_as_pass: u64,
    /// Games with a play that filled its own last liberty and captured.
    pub last_liberty_capture: u64,
    /// Games with a play that captured two or more stones.
    pub multi_capture: u64,
    /// Games counted with pass-dead stones dead.
    pub pass_dead: u64,
    /// Games counted with the group tax.
    pub group_tax: u64,
    /// Cases per generator ([`crate::generate::Kind::name`]).
    pub kinds: BTreeMap<&'static str, u64>,
    /// Per refusal code: games in which a check refused for it, and refusals in all.
    pub refusals: BTreeMap<&'static str, (u64, u64)>,
    /// Moves the engine undid and replayed, compared with the interpreter's past.
    pub undone: u64,
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
        self.self_capture_one += u64::from(g.self_capture_one);
        self.self_capture_multi += u64::from(g.self_capture_multi);
        self.suicide_as_pass += u64::from(g.suicide_as_pass);
        self.last_liberty_capture += u64::from(g.last_liberty_capture);
        self.multi_capture += u64::from(g.multi_capture);
        self.pass_dead += u64::from(g.pass_dead);
        self.group_tax += u64::from(g.group_tax);
        self.undone += g.undone;
        *self.kinds.entry(g.kind).or_default() += 1;
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

    /// Adds the totals of `other` (a run in another thread or process).
    pub fn merge(&mut self, other: &Stats) {
        self.cases += other.cases;
        self.agreed += other.agreed;
        self.setup_refused += other.setup_refused;
        self.inconclusive += other.inconclusive;
        self.steps += other.steps;
        self.ended += other.ended;
        self.stopped += other.stopped;
        self.disputed += other.disputed;
        self.resumed += other.resumed;
        self.seki += other.seki;
        self.suicide_played += other.suicide_played;
        self.no_result += other.no_result;
        self.tie += other.tie;
        self.resigned += other.resigned;
        self.self_capture_one += other.self_capture_one;
        self.self_capture_multi += other.self_capture_multi;
        self.suicide_as_pass += other.suicide_as_pass;
        self.last_liberty_capture += other.last_liberty_capture;
        self.multi_capture += other.multi_capture;
        self.pass_dead += other.pass_dead;
        self.group_tax += other.group_tax;
        self.undone += other.undone;
        for (k, n) in &other.kinds {
            *self.kinds.entry(k).or_default() += n;
        }
        for (code, (g, t)) in &other.refusals {
            let e = self.refusals.entry(code).or_default();
            e.0 += g;
            e.1 += t;
        }
    }

    /// The hard cases with the games that reached each, in the order the statistics print
    /// them: stop, dispute, resumption, seki, every kind of ko refusal, the suicides, no-result
    /// and tie (issue 12's list).
    #[must_use]
    pub fn hard_cases(&self) -> Vec<(&'static str, u64)> {
        let mut v = vec![
            ("stop", self.stopped),
            ("dispute", self.disputed),
            ("resumption", self.resumed),
            ("seki", self.seki),
        ];
        for code in KO_REFUSALS {
            v.push((code, self.games_refusing(code)));
        }
        v.extend([
            ("suicide refused", self.games_refusing("suicide")),
            ("self-capture of one stone", self.self_capture_one),
            ("self-capture of several stones", self.self_capture_multi),
            ("one-stone suicide as a pass", self.suicide_as_pass),
            (
                "capture into one's own last liberty",
                self.last_liberty_capture,
            ),
            ("no-result", self.no_result),
            ("tie", self.tie),
            ("pass-dead stones counted", self.pass_dead),
            ("group tax paid", self.group_tax),
        ]);
        v
    }

    /// The statistics as a Markdown table (hard case, games), for the README.
    #[must_use]
    pub fn table(&self) -> String {
        let mut out = String::from("| hard case | games |\n| --- | ---: |\n");
        for (name, n) in self.hard_cases() {
            out.push_str(&format!("| {name} | {n} |\n"));
        }
        out
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
            "cases {} (agreed {}, setup refused by both {}, inconclusive {}), actions {}, \
             moves undone and replayed {}",
            self.cases, self.agreed, self.setup_refused, self.inconclusive, self.steps, self.undone
        )?;
        writeln!(
            f,
            "games: ended {}, stopped {}, disputed {}, resumed {}, seki {}, suicide played {}, \
             no-result {}, tie {}, resigned/time {}, capture of several stones {}",
            self.ended,
            self.stopped,
            self.disputed,
            self.resumed,
            self.seki,
            self.suicide_played,
            self.no_result,
            self.tie,
            self.resigned,
            self.multi_capture
        )?;
        f.write_str("hard cases (games):")?;
        for (name, n) in self.hard_cases() {
            write!(f, " {name} {n};")?;
        }
        f.write_str("\nrefusals seen in checks (games / total):")?;
        for code in KO_REFUSALS.iter().chain(OTHER_REFUSALS) {
            let (games, total) = self.refusals.get(code).copied().unwrap_or_default();
            write!(f, " {code} {games}/{total};")?;
        }
        for (code, (games, total)) in &self.refusals {
            if !KO_REFUSALS.contains(code) && !OTHER_REFUSALS.contains(code) {
                write!(f, " {code} {games}/{total};")?;
            }
        }
        f.write_str("\ncases per generator:")?;
        for (kind, n) in &self.kinds {
            write!(f, " {kind} {n};")?;
        }
        Ok(())
    }
}

/// How a case ended when the referees did not diverge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Every step agreed (the game ended, or the script's action budget ran out).
    Agree,
    /// Both referees refused the setup, with the same message.
    SetupRefused,
    /// The interpreter ran out of fuel; the comparison stopped there.
    Inconclusive,
}

/// Whether a game ended with a count (agreement or every stone alive).
#[must_use]
pub fn is_counted(phase: Phase) -> bool {
    matches!(phase, Phase::Ended(Ending::Agreement | Ending::AllAlive))
}

/// Whether a result is a tie (a draw by count or by a long cycle).
#[must_use]
pub fn is_tie(result: Option<GameResult>, score: Option<&Score>) -> bool {
    result == Some(GameResult::Draw) || score.is_some_and(|s| s.margin.halves() == 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 12: "statistics ... so a generator that never reaches a hard case shows it": every
    /// kind of ko refusal is printed even when no game reached it, and merging adds counts.
    #[test]
    fn every_hard_case_is_printed_and_merge_adds() {
        let empty = Stats::default();
        let text = empty.to_string();
        for code in KO_REFUSALS.iter().chain(OTHER_REFUSALS) {
            assert!(
                text.contains(&format!(" {code} 0/0;")),
                "{code} missing: {text}"
            );
        }
        for (name, n) in empty.hard_cases() {
            assert!(
                text.contains(&format!(" {name} {n};")),
                "{name} missing: {text}"
            );
        }
        let mut g = GameStats::new("generic");
        g.refusal(&Illegal::Ko);
        g.refusal(&Illegal::Ko);
        g.disputed = true;
        let mut a = Stats::default();
        a.add_game(&g, Outcome::Agree);
        let mut b = a.clone();
        b.merge(&a);
        assert_eq!(b.refusals.get("ko"), Some(&(2, 4)));
        assert_eq!(
            (b.cases, b.disputed, b.kinds.get("generic")),
            (2, 2, Some(&2))
        );
        assert!(b.table().contains("| ko | 2 |"), "{}", b.table());
    }
}
