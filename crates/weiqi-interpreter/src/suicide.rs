//! `play.suicide` and `play.single-stone-suicide`: what happens when a play leaves its own
//! string without liberties after the opponent's strings are removed.
//!
//! docs/variants.md 3.0:
//! ```text
//! if liberties(S) is empty:                      # self-capture
//!     if suicide == forbidden:            illegal
//!     if |S| == 1 and suicide has single=pass:   the move is a PASS (board unchanged)
//!     if |S| == 1 and single-stone suicide illegal (TT, SIR): illegal (board repeats)
//!     remove S  (credited to the opponent as prisoners under territory bookkeeping)
//! ```

use weiqi_spec::{PlayRules, SingleStoneSuicide, Suicide};

/// The ruling on a self-capture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SelfCapture {
    /// Refused with `Illegal::Suicide`.
    Forbidden,
    /// The play counts as a pass: the board is unchanged (seed 000: "a self-capture removing
    /// only the stone just played is equivalent to a pass").
    Pass,
    /// The string is removed and credited to the opponent.
    Remove,
}

/// Rules on a play whose own string of `string_len` stones has no liberty left (docs/variants.md
/// 3.0; 4.9 legality vectors; seed 000 for Ing; NZ rules "then remove own stones without
/// liberties"; Tromp-Taylor "clear(P)").
///
/// - `suicide = "forbidden"`: refused (J89 Art. 4, Chinese 1988, AGA, Korean, Russian 2010 3.2).
/// - `suicide = "multi-stone"`: a string of two or more stones is removed; a one-stone string is
///   refused, unless `single-stone-suicide = "pass"`, which makes it a pass.
/// - `suicide = "any"`: any string is removed (the ko rule then judges the board), unless
///   `single-stone-suicide = "pass"`.
#[must_use]
pub fn rule(play: &PlayRules, string_len: usize) -> SelfCapture {
    let single = string_len == 1;
    match (play.suicide, single, play.single_stone_suicide) {
        (Suicide::Forbidden, _, _) => SelfCapture::Forbidden,
        (_, true, SingleStoneSuicide::Pass) => SelfCapture::Pass,
        (Suicide::MultiStone, true, SingleStoneSuicide::BySuicideRule) => SelfCapture::Forbidden,
        (Suicide::MultiStone, false, _) | (Suicide::Any, _, _) => SelfCapture::Remove,
    }
}
