//! A play (docs/variants.md 3.0): placement on an empty point, removal of the opponent's strings
//! left without liberties, then the self-capture rule.
//!
//! J89 Art. 4-5: "stones that cannot exist (no liberty) after a move are removed"; seed 000 and
//! Chinese 1988: "if a play leaves stones of both colours without liberties, only the
//! opponent's are removed".

use weiqi_core::{Board, Color, Illegal, Point};
use weiqi_spec::PlayRules;

use crate::fuel::Fuel;
use crate::strings::{has_liberty, remove, string};
use crate::suicide::{self, SelfCapture};

/// What a play does to the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayOutcome {
    /// The board after the play (unchanged when the play counts as a pass).
    pub board: Board,
    /// The opponent stones removed (`C` of docs/variants.md 3.0), sorted.
    pub captured: Vec<Point>,
    /// The player's own stones removed by a self-capture, sorted.
    pub self_captured: Vec<Point>,
    /// The play is a one-stone suicide that counts as a pass.
    pub counted_as_pass: bool,
}

/// Plays `color` at `p` on `board` (docs/variants.md 3.0 `play(colour c, point p)`):
/// 1. `p` must be on the board ([`Illegal::OffBoard`]) and empty ([`Illegal::Occupied`]);
/// 2. set `p := c`;
/// 3. remove every opponent string adjacent to `p` that has no liberty ("opponent first");
/// 4. if the played string `S` has no liberty, apply [`suicide::rule`]
///    ([`Illegal::Suicide`], a pass, or removal of `S`).
///
/// The ko rules are judged afterwards, on the resulting board (`crate::ko`).
pub fn play(
    rules: &PlayRules,
    board: &Board,
    color: Color,
    p: Point,
    fuel: &Fuel,
) -> Result<PlayOutcome, Illegal> {
    if !board.size().contains(p) {
        return Err(Illegal::OffBoard);
    }
    if board.get(p).is_some() {
        return Err(Illegal::Occupied);
    }
    fuel.spend(1)?;
    let mut after = board.clone();
    after.set(p, Some(color));
    let mut captured = Vec::new();
    for n in board.neighbours(p) {
        if after.get(n) == Some(color.opponent()) && !has_liberty(&after, n) {
            let s = string(&after, n);
            remove(&mut after, &s);
            captured.extend(s);
        }
    }
    captured.sort();
    let mut outcome = PlayOutcome {
        board: after,
        captured,
        self_captured: Vec::new(),
        counted_as_pass: false,
    };
    if !has_liberty(&outcome.board, p) {
        let own = string(&outcome.board, p);
        match suicide::rule(rules, own.len()) {
            SelfCapture::Forbidden => return Err(Illegal::Suicide),
            SelfCapture::Pass => {
                outcome.board = board.clone();
                outcome.counted_as_pass = true;
            }
            SelfCapture::Remove => {
                remove(&mut outcome.board, &own);
                outcome.self_captured = own;
            }
        }
    }
    Ok(outcome)
}
