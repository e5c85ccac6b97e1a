//! `play.ko = "simple"`: no immediate recapture in a basic ko.
//!
//! J89 Art. 6: "A shape in which the players can alternately capture and recapture one
//! opposing stone is called a 'ko'. A player whose stone has been captured in a ko cannot
//! recapture in that ko on the next move." docs/variants.md 3.b: "the play recaptures in a basic ko
//! immediately: equivalently, (b', O) equals the state recorded just before the opponent's last
//! move; with suicide forbidden, only a single-stone ko recapture can do this; after a pass
//! the immediate window restarts".

use weiqi_core::{Color, Illegal, Move, Point};

use crate::history::{Kind, Record};
use crate::play::PlayOutcome;

/// Refuses a play by `color` at `p` that recaptures a basic ko at once (J89 Art. 6): the
/// opponent's last move was a board play that captured exactly one stone, on `p`, and this play
/// captures exactly that one stone the opponent just played.
pub fn check(
    history: &[Record],
    color: Color,
    p: Point,
    outcome: &PlayOutcome,
) -> Result<(), Illegal> {
    let Some(last) = history.last() else {
        return Ok(());
    };
    let Some(Move::Play(last_point)) = last.mv else {
        return Ok(());
    };
    let recapture = last.kind == Kind::Play
        && last.mover == Some(color.opponent())
        && last.captured == [p]
        && outcome.captured == [last_point];
    if recapture { Err(Illegal::Ko) } else { Ok(()) }
}
