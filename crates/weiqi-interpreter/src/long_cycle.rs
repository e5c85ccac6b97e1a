//! `play.long-cycle` and `play.long-cycle-repetitions`: how a long cycle ends the game under
//! rules that do not forbid it (simple ko).
//!
//! J89 Art. 12: "When the same whole-board position is repeated during a game, if the players
//! agree, the game ends without result." Korean rules: the same, as a draw. DECISIONS.md 12:
//! "the game ends with no result when the same situation occurs a third time with no pass in
//! between" (KataGo's automation of Art. 12, VARIANTS.md 3.b).

use weiqi_core::{Ending, Illegal};
use weiqi_spec::{LongCycle, PlayRules};

use crate::fuel::Fuel;
use crate::history::{Kind, Record};

/// After a move appended the last entry of `history`: counts the entries since the most recent
/// pass (that entry included; the initial position too when no pass was made) whose situation
/// (board and player to move) equals the last one. When the count reaches
/// `long-cycle-repetitions`, returns the ending `long-cycle` names (`no-result` or `draw`).
pub fn ending(
    rules: &PlayRules,
    history: &[Record],
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
    // The entries the count reads: back to the most recent pass, that entry included.
    let since_pass = history
        .iter()
        .rev()
        .position(|r| r.kind == Kind::Pass)
        .map_or(history.len(), |i| i + 1);
    let window = &history[history.len() - since_pass..];
    let threshold = rules.long_cycle_repetitions.max(1);
    // The count is at most the number of entries read: when even that falls short of the
    // threshold, no comparison can change the answer, so none is made (issue 9, item 3: a huge
    // `long-cycle-repetitions` costs nothing). The ruling is the same either way.
    if u64::try_from(window.len()).unwrap_or(u64::MAX) < u64::from(threshold) {
        return Ok(None);
    }
    let mut count: u32 = 0;
    for r in window.iter().rev() {
        fuel.spend(1)?;
        if r.same_situation(last) {
            count += 1;
        }
    }
    Ok((count >= threshold).then_some(ending))
}
