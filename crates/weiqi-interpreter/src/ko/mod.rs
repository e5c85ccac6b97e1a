//! `play.ko`: the rules against repetition (docs/variants.md 3.a, 3.b). One module per value of the
//! key; this module only dispatches. Every rule is a predicate on the recorded history and the
//! board *after* the play's captures and self-capture (docs/variants.md 3.0).

pub mod ing;
pub mod natural_situational_superko;
pub mod positional_superko;
pub mod simple;
pub mod situational_superko;
pub mod spight;

use weiqi_core::{Board, Color, Illegal, Point};
use weiqi_spec::{Ko, PlayRules};

use crate::fuel::Fuel;
use crate::history::Record;
use crate::play::PlayOutcome;

/// The play being judged.
#[derive(Debug, Clone, Copy)]
pub struct Candidate<'a> {
    /// The player.
    pub color: Color,
    /// The point played.
    pub point: Point,
    /// What the play does to the board.
    pub outcome: &'a PlayOutcome,
}

/// Judges a play under `play.ko`, from the current `board` (with the candidate's player to
/// move). Passes, and plays counted as passes, are never judged: "Passes are always allowed (no
/// variant forbids a pass)" (docs/variants.md 3.0).
pub fn check(
    rules: &PlayRules,
    history: &[Record],
    ing_state: &ing::IngState,
    board: &Board,
    candidate: Candidate<'_>,
    fuel: &Fuel,
) -> Result<(), Illegal> {
    let Candidate {
        color,
        point: p,
        outcome,
    } = candidate;
    if outcome.counted_as_pass {
        return Ok(());
    }
    match rules.ko {
        Ko::Simple => simple::check(history, color, p, outcome),
        Ko::PositionalSuperko => {
            positional_superko::check(history, rules.initial_position, &outcome.board, fuel)
        }
        Ko::SituationalSuperko => {
            situational_superko::check(history, rules.initial_position, color, &outcome.board, fuel)
        }
        Ko::NaturalSituationalSuperko => {
            natural_situational_superko::check(history, color, &outcome.board, fuel)
        }
        Ko::Ing => ing::check(ing_state, history, board, color, p, outcome, fuel),
        Ko::Spight => spight::check(history, rules.initial_position, &outcome.board, fuel),
    }
}
