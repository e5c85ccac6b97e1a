//! `end.*`: the game as a state machine (docs/variants.md 3.e).
//!
//! ```text
//! PLAY --(stop-passes consecutive passes)--> STOPPED   (after-stop = "score-all-alive": ENDED, all alive)
//! STOPPED: players propose dead-stone sets
//!    both latest proposals name the same strings --> ENDED (agreement)
//!       after-stop = "agreement-then-passes" (Ing): --> PLAY with the agreement standing; the
//!       next stop-passes consecutive passes --> ENDED (agreement); a board play first sets the
//!       agreement aside (seed 000, docs/decisions.md 3 revised)
//!    a player resumes --> PLAY (who moves first: resume-first; history and ko state continue)
//! final-end = "consecutive-passes": final-end-passes consecutive passes, counted across stops
//!    and resumptions, end the game with every stone alive (AGA seed 004, Ing docs/decisions.md 3)
//! final-end = "second-stop": the second stop ends the game with every stone alive (EGF SIR)
//! last-pass = "white": when the game ends after the passes and Black passed last, White adds a
//!    pass (AGA, seed 004)
//! ```
//! Resignation and loss on time are accepted in any phase before the end.
//!
//! Ing (seed 000): "if after the stop there is no disagreement on the status of the groups, the
//! players pass again in a row (the total number of consecutive passes becomes four), after
//! which the game is over" ("общее число последовательных пасов становится равно четырём").
//! docs/decisions.md 3 (revised 2026-12): that is the normal end, so the agreed dead stones are
//! dead after the four passes; only four passes with no agreement (a dispute played out) end with
//! every stone alive. The two passes after the agreement are played as moves
//! (`after-stop = "agreement-then-passes"`), and they are passes like any other (they count for
//! `final-end-passes`; the agreement is checked first).

use weiqi_core::{Board, Color, Ending, Point};
use weiqi_spec::{AfterStop, EndRules, FinalEnd, LastPass, RepeatedPass, ResumeFirst};

use crate::history::{Kind, Record};
use crate::strings::string;

/// The pass counters of the end rules.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PassCount {
    /// Consecutive passes since the last board play or resumption (for `end.stop-passes`).
    pub since_resume: u32,
    /// Consecutive passes since the last board play, across stops and resumptions (for
    /// `end.final-end-passes`).
    pub since_play: u32,
    /// Stops so far (for `end.final-end = "second-stop"`).
    pub stops: u32,
}

/// What a pass leads to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AfterPass {
    /// Play goes on.
    Continue,
    /// The passes after an agreement are complete: the game ends by that agreement
    /// (`after-stop = "agreement-then-passes"`).
    EndAgreement,
    /// Play stops; the players agree on dead stones or resume.
    Stop,
    /// The game ends with every stone on the board alive.
    EndAllAlive,
}

/// Whether the pass just recorded as the last entry of `history` repeats a pass: its mover
/// already passed, in an entry after `since` (the start of play or the last stop), from the same
/// situation (the board of the entry before that pass, with the mover to move).
///
/// `end.repeated-pass = "stops"` (KataGo `wouldBeSpightlikeEndingPass`: "a pass where the same
/// player has passed in the same situation before" ends the phase).
#[must_use]
pub fn repeats_a_pass(history: &[Record], since: usize) -> bool {
    let n = history.len();
    if n < 2 {
        return false;
    }
    let (pass, before) = (&history[n - 1], &history[n - 2]);
    (since + 1..n - 1).any(|i| {
        let earlier = &history[i];
        earlier.kind == Kind::Pass
            && earlier.mover == pass.mover
            && history[i - 1].same_situation(before)
    })
}

/// Counts a pass (placement passes are not counted: docs/decisions.md 2, "no pass stones") and rules
/// on it: a standing agreement first (`agreed`: the players agreed at the last stop under
/// `after-stop = "agreement-then-passes"`, and `stop-passes` passes since then end the game by
/// it), then the final end (`final-end`), then the stop (`stop-passes`, `after-stop`, or a
/// repeated pass under `repeated-pass = "stops"`: `repeated`). Under `play.ko = "spight"`
/// (`spight`) a pass does not count toward `stop-passes`.
pub fn after_pass(
    rules: &EndRules,
    count: &mut PassCount,
    agreed: bool,
    repeated: bool,
    spight: bool,
) -> AfterPass {
    if !spight {
        count.since_resume += 1;
    }
    count.since_play += 1;
    if agreed && count.since_resume >= rules.stop_passes.max(1) {
        return AfterPass::EndAgreement;
    }
    let final_by_passes = rules.final_end == FinalEnd::ConsecutivePasses
        && rules.final_end_passes > 0
        && count.since_play >= rules.final_end_passes;
    if final_by_passes {
        return AfterPass::EndAllAlive;
    }
    let repeated = repeated && rules.repeated_pass == RepeatedPass::Stops;
    if count.since_resume >= rules.stop_passes.max(1) || repeated {
        count.stops += 1;
        if rules.after_stop == AfterStop::ScoreAllAlive {
            return AfterPass::EndAllAlive;
        }
        if rules.final_end == FinalEnd::SecondStop && count.stops >= 2 {
            return AfterPass::EndAllAlive;
        }
        return AfterPass::Stop;
    }
    AfterPass::Continue
}

/// Whether an agreement on dead stones ends the game at once (`after-stop = "agreement"`), or
/// only after `stop-passes` more passes (`"agreement-then-passes"`, Ing).
#[must_use]
pub fn agreement_ends_at_once(rules: &EndRules) -> bool {
    rules.after_stop != AfterStop::AgreementThenPasses
}

/// Resets the counters after a board play.
pub fn after_play(count: &mut PassCount) {
    count.since_resume = 0;
    count.since_play = 0;
}

/// Who moves first when play resumes (`end.resume-first`): the opponent of the player who made
/// the last move (seed 003 KGS, seed 004 AGA "turn order preserved"), or the opponent of the
/// player who asked to resume (J89 Art. 9.3: "the opponent has the right to play first").
#[must_use]
pub fn resume_first(
    rules: &EndRules,
    last_mover: Option<Color>,
    to_move: Color,
    resumer: Color,
) -> Color {
    match rules.resume_first {
        ResumeFirst::OpponentOfLastMover => last_mover.map_or(to_move, Color::opponent),
        ResumeFirst::OpponentOfResumer => resumer.opponent(),
    }
}

/// Expands a dead-stone proposal to whole strings ("any stone named makes its whole string
/// dead"), sorted and without duplicates.
#[must_use]
pub fn expand_dead(board: &Board, named: &[Point]) -> Vec<Point> {
    let mut out: Vec<Point> = named.iter().flat_map(|&p| string(board, p)).collect();
    out.sort();
    out.dedup();
    out
}

/// Whether White owes a last pass (`end.last-pass = "white"`, seed 004: "if Black passed last
/// White must make one more pass"): the game ended after the passes and the last move was a
/// pass by Black.
#[must_use]
pub fn white_owes_last_pass(rules: &EndRules, last_was_black_pass: bool) -> bool {
    rules.last_pass == LastPass::White && last_was_black_pass
}

/// Whether an ending is scored (the score decides the result).
#[must_use]
pub fn is_scored(ending: Ending) -> bool {
    matches!(ending, Ending::Agreement | Ending::AllAlive)
}
