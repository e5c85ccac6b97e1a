//! Scoring a finished game (issue 5): the boundary between the play rules and the count.
//!
//! PLACEHOLDER signature agreed between the play rules and the scoring work; the body is being
//! written.

use weiqi_core::{Board, ByColor, Point, Points, Score};
use weiqi_spec::Ruleset;

/// Everything the count of a finished game needs.
#[derive(Debug, Clone)]
pub struct ScoringInput<'a> {
    /// The variant.
    pub ruleset: &'a Ruleset,
    /// The final board, dead stones still on it.
    pub board: &'a Board,
    /// Points of stones agreed dead (a whole string is dead if any of its stones is named).
    pub dead: &'a [Point],
    /// Stones each colour captured during play (self-captured stones credited to the opponent).
    pub prisoners: ByColor<u32>,
    /// Pass stones each colour received from the opponent's passes.
    pub pass_stones: ByColor<u32>,
    /// Handicap stones of the game (0 for an even game).
    pub handicap: u32,
    /// Komi, already resolved (the caller's or record's override, else the variant's default
    /// for even or handicap games).
    pub komi: Points,
    /// Penalty points charged to each side.
    pub penalties: ByColor<Points>,
}

/// Counts a finished game.
#[must_use]
pub fn score(input: &ScoringInput<'_>) -> Score {
    let _ = input;
    unimplemented!("scoring is being written (issue 5)")
}
