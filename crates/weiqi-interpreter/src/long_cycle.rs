//! `play.long-cycle` and `play.long-cycle-repetitions`: how a long cycle ends the game under
//! rules that do not forbid it (simple ko).
//!
//! J89 Art. 12: "When the same whole-board position is repeated during a game, if the players
//! agree, the game ends without result." Korean rules: the same, as a draw. docs/decisions.md 12
//! (revised 2026-12): "the game ends with no result when the same situation occurs a third
//! time"; Art. 12 has no pass exception, so a single pass inside a cycle does not restart the
//! count ("send two, return one, pass" must end too); the count restarts when play stops (two
//! consecutive passes) or resumes; entry 0 (the initial position) takes part in the count
//! exactly when `play.initial-position = "counts"`.
//!
//! `play.long-cycle-passes = "restart"` (KataGo's simple ko, `boardhistory.cpp`: passes clear
//! the ko history "for the purpose of no-resulting long cycles. Long cycles with passes do not
//! no-result"): the count also restarts at every pass, at the situation after it.

use weiqi_core::{Color, Ending, Illegal};
use weiqi_spec::{InitialPosition, LongCycle, LongCyclePasses, PlayRules};

use crate::fuel::Fuel;
use crate::history::{Kind, Record};

/// Where the count of the current stretch of play starts: the entry of the history whose
/// situation is its first (entry 0 at the start of the game; the last entry when play stopped
/// or resumed), with the player to move there (after a resumption, the player `end.resume-first`
/// names, which the recorded entry may not show).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CountFrom {
    /// The index of the entry.
    pub entry: usize,
    /// The player to move in that situation.
    pub to_move: Color,
}

/// After a move appended the last entry of `history`: counts the occurrences of its situation
/// (board and player to move) in the current stretch of play, `from` it on: the situation at
/// `from` (unless it is entry 0 and `play.initial-position = "ignored"`), then every later
/// entry, passes included. When the count reaches `long-cycle-repetitions`, returns the ending
/// `long-cycle` names (`no-result` or `draw`).
pub fn ending(
    rules: &PlayRules,
    history: &[Record],
    from: CountFrom,
    fuel: &Fuel,
) -> Result<Option<Ending>, Illegal> {
    let ending = match rules.long_cycle {
        LongCycle::Nothing => return Ok(None),
        LongCycle::NoResult => Ending::NoResult,
        LongCycle::Draw => Ending::Draw,
    };
    let Some(last) = history.last() else {
        return Ok(None);
    };
    // `restart`: the last pass after `from` starts the count, at the situation it left.
    let from = match rules.long_cycle_passes {
        LongCyclePasses::Continue => from,
        LongCyclePasses::Restart => history
            .iter()
            .enumerate()
            .skip(from.entry + 1)
            .rev()
            .find(|(_, r)| r.kind == Kind::Pass)
            .map_or(from, |(i, r)| CountFrom {
                entry: i,
                to_move: r.to_move,
            }),
    };
    let threshold = rules.long_cycle_repetitions.max(1);
    // The count is at most the number of entries it reads (`from` on): when even that falls
    // short of the threshold, no comparison can change the answer, so none is made (issue 9,
    // item 3: a huge `long-cycle-repetitions` costs nothing). The ruling is the same either way.
    let read = history.len().saturating_sub(from.entry);
    if u64::try_from(read).unwrap_or(u64::MAX) < u64::from(threshold) {
        return Ok(None);
    }
    let mut count: u32 = 0;
    for r in history.iter().skip(from.entry + 1) {
        fuel.spend(1)?;
        if r.same_situation(last) {
            count += 1;
        }
    }
    let start_counts = from.entry != 0 || rules.initial_position == InitialPosition::Counts;
    if let Some(start) = history.get(from.entry)
        && start_counts
        && from.to_move == last.to_move
        && start.same_board(&last.board, last.hash)
    {
        count += 1;
    }
    Ok((count >= threshold).then_some(ending))
}
