//! Raw moves: arbitrary actions, not chosen among the legal ones, fed to both referees
//! (docs/style.md 16: "a separate target that feeds raw coordinates to test rejection"; issue
//! 12, item 3, the `raw_moves` fuzz target).
//!
//! A [`RawCase`] is a generated ruleset, board size and setup ([`Case::generate`]) and a list
//! of actions read from the remaining bytes by [`raw_action`]: plays on any coordinate (on the
//! board, just past its edge, or anywhere up to 255), passes, dead-stone proposals naming any
//! points, resumptions, resignations and time losses, by either player, in any phase. The
//! player byte is read relative to the player to move (mostly the player to move, sometimes
//! the opponent), so that games go somewhere; the interpreter is stepped alongside while the
//! bytes are read, only to know who is to move.
//!
//! [`run`] plays the list through [`oracle::replay`] (every observation after every step, and
//! for every action the same verdict and the same reason on both sides), then through the
//! engine's fast interface (`Engine::is_legal`, `Engine::play`, `Engine::stone`,
//! `Engine::is_own_eye`, `Engine::captured`), which must rule each play as the interpreter's
//! `check` and `apply` do. A panic on either side is a bug; the fuzz target reports it as a
//! crash.

use arbitrary::Unstructured;
use weiqi_core::{Action, Color, Illegal, Move, Phase, Point, Referee};
use weiqi_engine::Engine;
use weiqi_interpreter::Interpreter;

use crate::generate::Case;
use crate::oracle::{self, Divergence, FUEL, Outcome, Tried};
use crate::ruling;
use crate::stats::Stats;

/// At most this many actions per board point (plus [`EXTRA_ACTIONS`]) are read.
const ACTIONS_PER_POINT: usize = 3;
/// Actions read beyond the per-point allowance.
const EXTRA_ACTIONS: usize = 20;
/// Actions still read after the game ended (each must be refused as `game-over`).
const AFTER_END: usize = 3;

/// A generated ruleset, size and setup, with raw actions to try on it.
#[derive(Debug, Clone)]
pub struct RawCase {
    /// The ruleset, setup and (unused) script bytes.
    pub case: Case,
    /// The actions, legal or not.
    pub actions: Vec<Action>,
}

/// Refusals and acceptances met by raw cases (a raw generator that never reaches an off-board
/// or occupied point shows it).
#[derive(Debug, Clone, Default)]
pub struct RawStats {
    /// The oracle's statistics of the replays.
    pub oracle: Stats,
    /// Actions both referees accepted.
    pub accepted: u64,
    /// Per refusal code ([`Illegal::code`]), the actions both referees refused for it.
    pub refused: std::collections::BTreeMap<&'static str, u64>,
}

impl RawStats {
    /// Actions refused for `code`.
    #[must_use]
    pub fn refused(&self, code: &str) -> u64 {
        self.refused.get(code).copied().unwrap_or(0)
    }
}

impl std::fmt::Display for RawStats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "{}", self.oracle)?;
        write!(f, "raw actions: accepted {}; refused:", self.accepted)?;
        for (code, n) in &self.refused {
            write!(f, " {code} {n};")?;
        }
        Ok(())
    }
}

/// A coordinate for a side of `len` points: mostly on the board or one or two points past
/// its edge, sometimes any byte (far off the board).
fn coordinate(u: &mut Unstructured<'_>, len: u8) -> u8 {
    let b: u8 = u.arbitrary().unwrap_or(0);
    if b < 224 {
        b % len.saturating_add(2)
    } else {
        u.arbitrary().unwrap_or(b)
    }
}

/// Any point, on or off a board of `width` x `height`.
fn raw_point(u: &mut Unstructured<'_>, width: u8, height: u8) -> Point {
    let col = coordinate(u, width);
    let row = coordinate(u, height);
    Point { col, row }
}

/// Reads one raw action; `to_move` is the player to move (the player byte mostly picks them).
pub fn raw_action(u: &mut Unstructured<'_>, case: &Case, to_move: Color) -> Action {
    let size = case.setup.size;
    let (w, h) = (size.width(), size.height());
    let kind: u8 = u.arbitrary().unwrap_or(0);
    let by = if u.arbitrary::<u8>().unwrap_or(0) < 208 {
        to_move
    } else {
        to_move.opponent()
    };
    match kind {
        0..=169 => Action::play(by, raw_point(u, w, h)),
        170..=199 => Action::pass(by),
        200..=224 => {
            let n = u.int_in_range(0..=4u8).unwrap_or(0);
            Action::ProposeDead {
                by,
                dead: (0..n).map(|_| raw_point(u, w, h)).collect(),
            }
        }
        225..=244 => Action::Resume { by },
        245..=250 => Action::Resign { by },
        _ => Action::LoseOnTime { by },
    }
}

impl RawCase {
    /// Reads a raw case: the ruleset, size and setup of [`Case::generate`], then actions from
    /// the remaining bytes until they run out (or the game has been over for a few actions).
    /// A setup the interpreter refuses gets no actions (the oracle then compares the refusal).
    pub fn generate(u: &mut Unstructured<'_>) -> arbitrary::Result<RawCase> {
        let case = Case::generate(u)?;
        let script = case.script.clone();
        let mut u = Unstructured::new(&script);
        let mut actions = Vec::new();
        if let Ok(interp) = Interpreter::new(&case.rules.ruleset, case.setup.clone()) {
            let mut interp = interp.with_fuel(FUEL);
            let most = ACTIONS_PER_POINT * case.setup.size.points_count() + EXTRA_ACTIONS;
            let mut after_end = 0;
            while !u.is_empty() && actions.len() < most && after_end <= AFTER_END {
                let action = raw_action(&mut u, &case, interp.to_move());
                // Only the player to move matters here; a refusal leaves the game unchanged.
                let _ = interp.apply(action.clone());
                actions.push(action);
                if matches!(interp.phase(), Phase::Ended(_)) {
                    after_end += 1;
                }
            }
        }
        Ok(RawCase { case, actions })
    }

    /// [`RawCase::generate`] over a byte slice.
    pub fn from_bytes(bytes: &[u8]) -> arbitrary::Result<RawCase> {
        RawCase::generate(&mut Unstructured::new(bytes))
    }
}

/// Runs a raw case: [`oracle::replay`] of its actions, then the engine's fast interface
/// against the interpreter on the same actions. Adds what happened to `stats`.
pub fn run(raw: &RawCase, stats: &mut RawStats) -> Result<Outcome, Box<Divergence>> {
    let outcome = oracle::replay(&raw.case, &raw.actions, &mut stats.oracle)?;
    if outcome != Outcome::Agree {
        return Ok(outcome);
    }
    fast_interface(raw, stats)
}

/// The engine's fast interface on the actions of `raw`: a play by the player to move goes
/// through `is_legal` and `play`, every other action through `Referee::apply`; each must be
/// ruled as the interpreter rules it.
fn fast_interface(raw: &RawCase, stats: &mut RawStats) -> Result<Outcome, Box<Divergence>> {
    let rules = &raw.case.rules.ruleset;
    let (Ok(interp), Ok(mut engine)) = (
        Interpreter::new(rules, raw.case.setup.clone()),
        Engine::new(rules, raw.case.setup.clone()),
    ) else {
        return Ok(Outcome::SetupRefused);
    };
    let mut interp = interp.with_fuel(FUEL);
    let mut tried: Vec<Tried> = Vec::new();
    let diverged = |tried: &[Tried], observation: String, i: String, e: String| {
        Box::new(Divergence {
            step: tried.len(),
            observation,
            interpreter: i,
            engine: e,
            ruling: ruling::render(&raw.case, tried),
            tried: tried.to_vec(),
        })
    };
    for action in &raw.actions {
        let verdict = interp.check(action);
        if verdict == Err(Illegal::OutOfFuel) {
            return Ok(Outcome::Inconclusive);
        }
        // Whether the point is an eye of the mover is read from the board before the move
        // (a self-capture of the stones around it would empty them).
        let expected_eye = match action {
            Action::Move {
                color,
                mv: Move::Play(p),
            } => {
                size_contains(raw, *p)
                    && raw
                        .case
                        .setup
                        .size
                        .neighbours(*p)
                        .all(|n| interp.board().get(n) == Some(*color))
            }
            _ => false,
        };
        let report = interp.apply(action.clone());
        tried.push(Tried {
            action: action.clone(),
            refused: verdict.clone().err(),
        });
        match &verdict {
            Ok(()) => stats.accepted += 1,
            Err(r) => *stats.refused.entry(r.code()).or_default() += 1,
        }
        match action {
            Action::Move { color, mv } if *color == engine.to_move() => {
                if let Move::Play(p) = mv {
                    let legal = engine.is_legal(*p);
                    if legal != verdict.is_ok() {
                        return Err(diverged(
                            &tried,
                            format!("is_legal({})", p.to_sgf()),
                            format!("{verdict:?}"),
                            legal.to_string(),
                        ));
                    }
                    let own_eye = engine.is_own_eye(*p);
                    if own_eye != expected_eye {
                        return Err(diverged(
                            &tried,
                            format!("is_own_eye({})", p.to_sgf()),
                            expected_eye.to_string(),
                            own_eye.to_string(),
                        ));
                    }
                }
                let played = engine.play(*mv);
                let (a, b) = (verdict.clone(), played);
                if a != b {
                    return Err(diverged(
                        &tried,
                        format!("play({action})"),
                        format!("{a:?}"),
                        format!("{b:?}"),
                    ));
                }
                if let Ok(r) = &report {
                    let mut removed: Vec<Point> =
                        r.captured.iter().chain(&r.self_captured).copied().collect();
                    removed.sort();
                    let mut got = engine.captured().to_vec();
                    got.sort();
                    if removed != got {
                        return Err(diverged(
                            &tried,
                            format!("captured after {action}"),
                            format!("{removed:?}"),
                            format!("{got:?}"),
                        ));
                    }
                }
            }
            _ => {
                let b = engine
                    .apply(action.clone())
                    .map(|_| ())
                    .map_err(|e| e.reason);
                let a = report.as_ref().map(|_| ()).map_err(|e| e.reason.clone());
                if a != b {
                    return Err(diverged(
                        &tried,
                        format!("apply({action})"),
                        format!("{a:?}"),
                        format!("{b:?}"),
                    ));
                }
            }
        }
        for p in raw.case.setup.size.points() {
            if interp.board().get(p) != engine.stone(p) {
                return Err(diverged(
                    &tried,
                    format!("stone({})", p.to_sgf()),
                    format!("{:?}", interp.board().get(p)),
                    format!("{:?}", engine.stone(p)),
                ));
            }
        }
        if interp.to_move() != engine.to_move() || interp.phase() != engine.phase() {
            return Err(diverged(
                &tried,
                "to_move, phase".to_owned(),
                format!("{:?} {:?}", interp.to_move(), interp.phase()),
                format!("{:?} {:?}", engine.to_move(), engine.phase()),
            ));
        }
    }
    Ok(Outcome::Agree)
}

/// Whether `p` is on the board of `raw`.
fn size_contains(raw: &RawCase, p: Point) -> bool {
    raw.case.setup.size.contains(p)
}

/// Runs the raw cases of seeds `seeds` (the bytes of [`crate::generate::seeded_bytes`]) and
/// returns the statistics, or the first divergence.
pub fn run_seeded(seeds: std::ops::Range<u64>) -> Result<RawStats, Box<Divergence>> {
    let mut stats = RawStats::default();
    for seed in seeds {
        let bytes = crate::generate::seeded_bytes(seed, crate::SEEDED_CASE_BYTES);
        let Ok(raw) = RawCase::from_bytes(&bytes) else {
            continue;
        };
        run(&raw, &mut stats).map_err(|mut d| {
            d.observation = format!("{} (raw seed {seed})", d.observation);
            d
        })?;
    }
    Ok(stats)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 12, item 3: raw cases reach off-board and occupied points, plays out of turn and
    /// actions of the wrong phase, and every one of them is refused alike by both referees.
    #[test]
    fn raw_cases_reach_every_kind_of_rejection() {
        let stats = match run_seeded(0..60) {
            Ok(s) => s,
            Err(d) => panic!("{d}"),
        };
        for code in ["off-board", "occupied", "wrong-turn", "wrong-phase"] {
            assert!(stats.refused(code) > 0, "no {code} refusal: {stats}");
        }
        assert!(stats.accepted > 0, "{stats}");
    }

    /// A far-off coordinate is generated too (past the edge by more than two points).
    #[test]
    fn coordinates_reach_far_off_the_board() {
        let mut far = 0;
        for seed in 0..200 {
            let bytes = crate::generate::seeded_bytes(seed, 64);
            let mut u = Unstructured::new(&bytes);
            if coordinate(&mut u, 9) > 10 {
                far += 1;
            }
        }
        assert!(far > 0);
    }
}
