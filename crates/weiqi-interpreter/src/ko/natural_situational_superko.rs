//! `play.ko = "natural-situational-superko"`: no board play may recreate a board the same
//! player created with a board play.
//!
//! docs/variants.md 3.b: "`b'` equals the board of an entry that P itself created by a board play
//! (`mover == P and kind == play`)"; "positions created by passes, by the opponent, or by setup
//! never restrict P". docs/decisions.md 7: "Under natural situational superko only positions a
//! player created by a board play restrict that player."

use weiqi_core::{Board, Color, Illegal};

use crate::fuel::Fuel;
use crate::history::{Kind, Record, board_hash};

/// Refuses a play by `color` whose resulting board `after` equals a board `color` created
/// earlier with a board play. The reason names the most recent such move.
pub fn check(history: &[Record], color: Color, after: &Board, fuel: &Fuel) -> Result<(), Illegal> {
    let hash = board_hash(after);
    for (i, r) in history.iter().enumerate().rev() {
        fuel.spend(1)?;
        if r.kind == Kind::Play && r.mover == Some(color) && r.same_board(after, hash) {
            return Err(Illegal::NaturalSituationalSuperko { repeats: i });
        }
    }
    Ok(())
}
