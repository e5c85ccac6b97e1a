//! `play.ko = "ing"`: the Ing ko rule as formalized in docs/variants.md 3.a ("ing-ko-v1"), the
//! project's reading of seed 000 and of the Ing SST Laws' hot stones and disturbing kos
//! (docs/decisions.md 1).
//!
//! ```text
//! A play m by P at p that captures the set C (|C| >= 1) is a KO CAPTURE iff
//!   S := string(p) has exactly one liberty q, q is in C, and |S| == |C|.
//! Rule H: a play that would remove any stone currently in HOT is illegal.
//!   After a legal move: if it is a ko capture, HOT := HOT ∪ S (tagged P), minus stones no
//!   longer on the board; else (any other play, or a pass) HOT := ∅.
//! Rule D: when a move produces sigma_t equal to an earlier sigma_t0 (most recent such t0), let
//!   m0 be the move made at ply t0+1 and D the player who made it. If m0 is a play, record
//!   BAN(sigma_t0, D, m0). A play m by D from situation sigma is illegal if BAN(sigma, D, m) was
//!   recorded. (Passes are never banned.)
//! ```

use weiqi_core::{Board, Color, Illegal, Move, Point};
use weiqi_spec::InitialPosition;

use crate::fuel::Fuel;
use crate::history::{Kind, Record};
use crate::play::PlayOutcome;
use crate::strings::{liberties, string};

/// A restart ban of Rule D: `player` may not play `mv` from the board of entry `situation` with
/// `player` to move (the situation `mv` was played from).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ban {
    /// The entry whose situation recurred (`t0`).
    pub situation: usize,
    /// The player banned (`D`, who made move `t0 + 1`).
    pub player: Color,
    /// The banned play (`m0`).
    pub mv: Move,
}

/// The state of the Ing ko rule: the hot stones and the recorded bans.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct IngState {
    /// HOT: the hot stones, each with its owner.
    pub hot: Vec<(Point, Color)>,
    /// Every BAN recorded so far.
    pub bans: Vec<Ban>,
}

/// The string `S` of a play at `p` that is a KO CAPTURE (docs/variants.md 3.a), if it is one: it
/// captured at least one stone, `S := string(p)` on the board after the captures has exactly one
/// liberty `q`, `q` was captured, and `|S| == |C|` (basic ko: 1 for 1; eternal life: 2 for 2; a
/// snapback or "sending two, returning one" is not one).
#[must_use]
pub fn ko_capture(outcome: &PlayOutcome, p: Point) -> Option<Vec<Point>> {
    if outcome.captured.is_empty() || !outcome.self_captured.is_empty() {
        return None;
    }
    let s = string(&outcome.board, p);
    let libs = liberties(&outcome.board, &s);
    let is_ko =
        libs.len() == 1 && outcome.captured.contains(&libs[0]) && s.len() == outcome.captured.len();
    is_ko.then_some(s)
}

/// Judges a play by `color` at `p` from the situation `(board, color)` (the current one):
/// Rule H refuses it with [`Illegal::HotStone`] if it would remove a hot stone (by capture or
/// by self-capture), Rule D with [`Illegal::CycleRestart`] if `BAN(situation, color, p)` was
/// recorded (the reason names the move that started the cycle, `t0 + 1`).
pub fn check(
    state: &IngState,
    history: &[Record],
    board: &Board,
    color: Color,
    p: Point,
    outcome: &PlayOutcome,
    fuel: &Fuel,
) -> Result<(), Illegal> {
    let mut hit: Vec<Point> = state
        .hot
        .iter()
        .map(|&(h, _)| h)
        .filter(|h| outcome.captured.contains(h) || outcome.self_captured.contains(h))
        .collect();
    if !hit.is_empty() {
        hit.sort();
        return Err(Illegal::HotStone { stones: hit });
    }
    for ban in &state.bans {
        fuel.spend(1)?;
        let Some(r) = history.get(ban.situation) else {
            continue;
        };
        // The situation a ban is kept for is the one m0 was played from: the board of entry t0
        // with D to move. That is the entry's own situation, except right after a resumption
        // that gave the move to the other player, where the entry still holds the player to
        // move before it; so the board is compared, and the player is the ban's.
        if ban.player == color && ban.mv == Move::Play(p) && r.board == *board {
            return Err(Illegal::CycleRestart {
                started: ban.situation + 1,
            });
        }
    }
    Ok(())
}

/// Updates HOT after a legal move by `color` (Rule H). `play` is `None` for a pass or a play
/// counted as a pass, else the point played and what the play did; `board` is the board after
/// the move.
pub fn update_hot(
    state: &mut IngState,
    color: Color,
    play: Option<(Point, &PlayOutcome)>,
    board: &Board,
) {
    match play.and_then(|(p, o)| ko_capture(o, p)) {
        Some(string) => {
            for s in string {
                if !state.hot.contains(&(s, color)) {
                    state.hot.push((s, color));
                }
            }
            state.hot.retain(|&(h, owner)| board.get(h) == Some(owner));
            state.hot.sort();
        }
        None => state.hot.clear(),
    }
}

/// Records the bans of Rule D after a move appended the last entry of `history`: if its
/// situation equals an earlier one (the most recent such `t0`; entry 0 only when `initial`
/// counts it, docs/decisions.md 7) and the move at ply `t0 + 1` was a board play, that play is
/// banned for its player from that situation.
pub fn record_bans(
    state: &mut IngState,
    history: &[Record],
    initial: InitialPosition,
    fuel: &Fuel,
) -> Result<(), Illegal> {
    let Some((last, earlier)) = history.split_last() else {
        return Ok(());
    };
    for (t0, r) in earlier.iter().enumerate().rev() {
        fuel.spend(1)?;
        if t0 == 0 && initial == InitialPosition::Ignored {
            continue;
        }
        if r.same_situation(last) {
            if let Some(next) = history.get(t0 + 1)
                && let (Kind::Play, Some(player), Some(mv)) = (next.kind, next.mover, next.mv)
            {
                let ban = Ban {
                    situation: t0,
                    player,
                    mv,
                };
                if !state.bans.contains(&ban) {
                    state.bans.push(ban);
                }
            }
            break;
        }
    }
    Ok(())
}
