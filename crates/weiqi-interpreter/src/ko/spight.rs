//! `play.ko = "spight"`: KataGo's Spight ko (`cpp/game/boardhistory.cpp`: under `KO_SPIGHT` the
//! ko hash is the position alone, "passes clear ko history in the main phase with spight ko
//! rules", and a pass does not count toward the end, which comes from the Spight-style repeated
//! pass, `end.repeated-pass = "stops"`).
//!
//! The clause: a play may not create a board equal to the board of an entry recorded since the
//! last pass (that pass's own entry included), whoever was to move; before the first pass the
//! record starts at entry 0, which takes part exactly when `play.initial-position = "counts"`.
//! A pass lifts every ban.

use weiqi_core::{Board, Illegal};
use weiqi_spec::InitialPosition;

use crate::fuel::Fuel;
use crate::history::{Kind, Record, board_hash};

/// The first entry the ban reads: the last pass's entry, else entry 0.
#[must_use]
pub fn window_start(history: &[Record]) -> usize {
    history
        .iter()
        .rposition(|r| r.kind == Kind::Pass)
        .unwrap_or(0)
}

/// Refuses a play whose resulting board `after` equals the board of an entry since the last
/// pass (entry 0 only when no pass was made and `initial` counts it). The reason names the most
/// recent such entry (reported as positional superko: the same ban on a shorter record).
pub fn check(
    history: &[Record],
    initial: InitialPosition,
    after: &Board,
    fuel: &Fuel,
) -> Result<(), Illegal> {
    let hash = board_hash(after);
    let start = window_start(history);
    for (i, r) in history.iter().enumerate().skip(start).rev() {
        fuel.spend(1)?;
        if i == 0 && initial == InitialPosition::Ignored {
            continue;
        }
        if r.same_board(after, hash) {
            return Err(Illegal::PositionalSuperko { repeats: i });
        }
    }
    Ok(())
}
