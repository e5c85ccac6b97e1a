//! `play.ko = "positional-superko"`: no board may repeat an earlier board.
//!
//! docs/variants.md 3.b: "`b'` equals the board of any entry of `hist` (setup included), whoever
//! was to move". Tromp-Taylor rule 7 ("a move may not recreate any earlier grid colouring"), EGF
//! SIR, Chinese 1988 section 6 as written, KGS Chinese.

use weiqi_core::{Board, Illegal};
use weiqi_spec::InitialPosition;

use crate::fuel::Fuel;
use crate::history::{Record, board_hash};

/// Refuses a play whose resulting board `after` equals the board of a recorded entry; entry 0
/// (the initial position) only when `initial` counts it (docs/decisions.md 7). The reason names the
/// most recent such entry.
pub fn check(
    history: &[Record],
    initial: InitialPosition,
    after: &Board,
    fuel: &Fuel,
) -> Result<(), Illegal> {
    let hash = board_hash(after);
    for (i, r) in history.iter().enumerate().rev() {
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
