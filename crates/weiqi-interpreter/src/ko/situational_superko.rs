//! `play.ko = "situational-superko"`: no play may recreate an earlier board with the same
//! player to move.
//!
//! docs/variants.md 3.b: "`(b', O)` equals `(board, side_to_move)` of any entry of `hist`"; a pass
//! records a new situation that later plays may not recreate. Seed 004 (AGA): "the same
//! arrangement with the same player to move"; New Zealand rules ("that player's previous
//! moves", passes included).

use weiqi_core::{Board, Color, Illegal};
use weiqi_spec::InitialPosition;

use crate::fuel::Fuel;
use crate::history::{Record, board_hash};

/// Refuses a play by `color` whose resulting board `after`, with the opponent to move, equals
/// the situation of a recorded entry; entry 0 only when `initial` counts it (docs/decisions.md 7).
/// The reason names the most recent such entry.
pub fn check(
    history: &[Record],
    initial: InitialPosition,
    color: Color,
    after: &Board,
    fuel: &Fuel,
) -> Result<(), Illegal> {
    let next = color.opponent();
    let hash = board_hash(after);
    for (i, r) in history.iter().enumerate().rev() {
        fuel.spend(1)?;
        if i == 0 && initial == InitialPosition::Ignored {
            continue;
        }
        if r.to_move == next && r.same_board(after, hash) {
            return Err(Illegal::SituationalSuperko { repeats: i });
        }
    }
    Ok(())
}
