//! The [`Ruleset`] compiled once into a plain struct of enums and flags: the play path reads
//! these fields and never a string, a map or the spec's nested structs.

use weiqi_core::Color;
use weiqi_spec::{
    AfterStop, FinalEnd, FreePlacementMoves, InitialPosition, Ko, LastPass, LongCycle,
    LongCyclePasses, PassStones, RepeatedPass, ResumeFirst, Ruleset, SingleStoneSuicide, Suicide,
};

/// What a self-capture (a play whose own string has no liberty after the captures) is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SelfCapture {
    /// Refused (`suicide`).
    Forbidden,
    /// The play is a pass: the board is unchanged.
    Pass,
    /// The string is removed and credited to the opponent.
    Remove,
}

/// The play and end rules of a variant, flattened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Rules {
    /// Self-capture of one stone.
    pub(crate) single_suicide: SelfCapture,
    /// Self-capture of two or more stones.
    pub(crate) multi_suicide: SelfCapture,
    /// The ko rule.
    pub(crate) ko: Ko,
    /// Whether entry 0 (the initial position) takes part in the repetition rules.
    pub(crate) initial_counts: bool,
    /// Whether any rule reads the situation history (situational superko, Ing, long cycles).
    pub(crate) track_situations: bool,
    /// Long-cycle ending, if any.
    pub(crate) long_cycle: Option<weiqi_core::Ending>,
    /// Occurrences of a situation that trigger it.
    pub(crate) long_cycle_repetitions: u32,
    /// Every pass restarts the long-cycle count (`play.long-cycle-passes = "restart"`).
    pub(crate) long_cycle_restart_at_pass: bool,
    /// A pass from a situation its player already passed from stops play
    /// (`end.repeated-pass = "stops"`).
    pub(crate) repeated_pass_stops: bool,
    /// Consecutive passes that stop play.
    pub(crate) stop_passes: u32,
    /// The stop scores at once with every stone alive (Tromp-Taylor).
    pub(crate) stop_scores: bool,
    /// An agreement at a stop ends the game only after `stop_passes` more passes (Ing,
    /// `after-stop = "agreement-then-passes"`, docs/decisions.md 3 revised).
    pub(crate) agreement_then_passes: bool,
    /// Who moves first on resumption: the opponent of the last mover (else of the resumer).
    pub(crate) resume_opponent_of_last_mover: bool,
    /// Consecutive passes that end the game (0: none).
    pub(crate) final_end_passes: u32,
    /// The second stop ends the game.
    pub(crate) final_at_second_stop: bool,
    /// Passes give the opponent a pass stone.
    pub(crate) pass_stones: bool,
    /// White makes the last pass.
    pub(crate) white_passes_last: bool,
    /// Who moves after the handicap placement.
    pub(crate) first_after_placement: Color,
    /// White passes between the free placement plays.
    pub(crate) white_passes_in_placement: bool,
}

impl Rules {
    /// Compiles the play and end rules of `ruleset`.
    pub(crate) fn compile(ruleset: &Ruleset) -> Rules {
        let play = &ruleset.play;
        let end = &ruleset.end;
        let single_pass = play.single_stone_suicide == SingleStoneSuicide::Pass;
        let (single_suicide, multi_suicide) = match play.suicide {
            Suicide::Forbidden => (SelfCapture::Forbidden, SelfCapture::Forbidden),
            Suicide::MultiStone if single_pass => (SelfCapture::Pass, SelfCapture::Remove),
            Suicide::MultiStone => (SelfCapture::Forbidden, SelfCapture::Remove),
            Suicide::Any if single_pass => (SelfCapture::Pass, SelfCapture::Remove),
            Suicide::Any => (SelfCapture::Remove, SelfCapture::Remove),
        };
        let long_cycle = match play.long_cycle {
            LongCycle::Nothing => None,
            LongCycle::NoResult => Some(weiqi_core::Ending::NoResult),
            LongCycle::Draw => Some(weiqi_core::Ending::Draw),
        };
        Rules {
            single_suicide,
            multi_suicide,
            ko: play.ko,
            initial_counts: play.initial_position == InitialPosition::Counts,
            track_situations: matches!(play.ko, Ko::SituationalSuperko | Ko::Ing)
                || long_cycle.is_some(),
            long_cycle,
            long_cycle_repetitions: play.long_cycle_repetitions.max(1),
            long_cycle_restart_at_pass: play.long_cycle_passes == LongCyclePasses::Restart,
            repeated_pass_stops: end.repeated_pass == RepeatedPass::Stops,
            stop_passes: end.stop_passes.max(1),
            stop_scores: end.after_stop == AfterStop::ScoreAllAlive,
            agreement_then_passes: end.after_stop == AfterStop::AgreementThenPasses,
            resume_opponent_of_last_mover: end.resume_first == ResumeFirst::OpponentOfLastMover,
            final_end_passes: if end.final_end == FinalEnd::ConsecutivePasses {
                end.final_end_passes
            } else {
                0
            },
            final_at_second_stop: end.final_end == FinalEnd::SecondStop,
            pass_stones: end.pass_stones == PassStones::ToOpponent,
            white_passes_last: end.last_pass == LastPass::White,
            first_after_placement: ruleset.handicap.first_after_placement,
            white_passes_in_placement: ruleset.handicap.free_placement_moves
                == FreePlacementMoves::WhitePasses,
        }
    }
}
