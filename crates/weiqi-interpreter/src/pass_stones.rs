//! `end.pass-stones`: whether a pass hands a stone to the opponent (AGA, seed 004: "each pass
//! hands one stone to the opponent as a prisoner"; docs/variants.md 3.d).

use weiqi_spec::{EndRules, PassStones};

/// Whether a pass gives the opponent a pass stone. White's passes during a free handicap
/// placement give none (docs/decisions.md 2: "White passes in between (N-1 passes, no pass
/// stones)").
#[must_use]
pub fn gives_stone(rules: &EndRules, placement_pass: bool) -> bool {
    rules.pass_stones == PassStones::ToOpponent && !placement_pass
}
