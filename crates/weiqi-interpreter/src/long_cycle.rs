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
    let mut count: u32 = 0;
    for r in history.iter().rev() {
        fuel.spend(1)?;
        if r.same_situation(last) {
            count += 1;
        }
        if r.kind == Kind::Pass {
            break;
        }
    }
    Ok((count >= rules.long_cycle_repetitions.max(1)).then_some(ending))
}
