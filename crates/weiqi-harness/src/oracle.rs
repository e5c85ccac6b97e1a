//! The differential oracle: the interpreter and the engine play the same script, and after every
//! step every observation of the [`Referee`] trait must be equal.
//!
//! Three outcomes (docs/style.md 17, after wasmtime's `DiffEqResult`): both referees agree
//! (on every accepted action, and on every refusal with the same reason); or the interpreter ran
//! out of fuel ([`Outcome::Inconclusive`]: the states may differ from there on, so the game
//! stops). Anything else is a [`Divergence`], which names the first diverging observation, both
//! values, and the case as a ruling file ([`crate::ruling`]).
//!
//! The observations compared after every step: `board`, `to_move`, `phase`, `moves_played`,
//! `prisoners`, `pass_stones`, `hot_stones` (where both track them), `check` of a play on every
//! point of the board and of a pass by the player to move (verdict and reason), `legal_moves`,
//! `score` (every field: komi, each side's breakdown, margin, result, marks, notes) and `result`.
//! For every action: `check` before it and what `apply` reported (captures, self-captures, a
//! suicide counted as a pass, or the refusal).
//!
//! Undo and redo (issue 29 item 13): only the engine can take a move back (`Engine::undo`; the
//! trait has no undo and the interpreter none), so the oracle checks it against the
//! interpreter's past. Now and then (about one accepted move in eight, chosen by a generator of
//! its own seeded from the script, so the game itself is the one the script plays) it keeps a
//! copy of the interpreter before a move; one to three moves later it undoes them on the engine,
//! compares every observation with that copy, replays them (each report compared with the one
//! the move gave the first time) and goes on, the next step comparing the replayed engine with
//! the interpreter again (a plan cut short by a non-move action is checked before it). After
//! every non-move action (a proposal, a resumption, a resignation), and at the start of a game,
//! the engine must refuse an undo and stay unchanged.
//!
//! The script's bytes choose among the actions legal at that moment (see `Game::choose`), so every
//! game is valid by construction; a few refused actions (a play on an occupied or forbidden point,
//! a play out of turn, a proposal naming an empty point) are tried on purpose, and both referees
//! must refuse them for the same reason.

use arbitrary::Unstructured;
use weiqi_core::{
    Action, ActionReport, ByColor, Color, Illegal, Move, Phase, Point, PointMark, Referee, Score,
};
use weiqi_engine::Engine;
use weiqi_interpreter::Interpreter;

use crate::generate::{Case, Kind};
use crate::ruling;
use crate::shapes::play_effect;
use crate::stats::{GameStats, Stats};

/// The interpreter's fuel per decision (one unit per simulated play and per history entry
/// compared): far more than any generated game needs, so that running out marks a real
/// blow-up of the oracle.
pub const FUEL: u64 = 1_000_000;

pub use crate::stats::Outcome;

/// The first observation on which the referees differ.
#[derive(Debug, Clone)]
pub struct Divergence {
    /// The number of actions tried before it (0 = right after the setup).
    pub step: usize,
    /// The observation, e.g. `check(B cc)` or `score.black.territory`.
    pub observation: String,
    /// The interpreter's value.
    pub interpreter: String,
    /// The engine's value.
    pub engine: String,
    /// The case as a ruling file (SGF, variant id, spec file when not built-in).
    pub ruling: String,
    /// The actions tried up to the divergence (the last one included), for a replay.
    pub tried: Vec<Tried>,
}

impl std::fmt::Display for Divergence {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "divergence at step {} on `{}`:\n  interpreter: {}\n  engine:      {}\n\n{}",
            self.step, self.observation, self.interpreter, self.engine, self.ruling
        )
    }
}

pub use crate::ruling::Tried;

/// The longest game a script plays before it only passes and agrees (per board point; a
/// large board has a budget of its own, [`LARGE_BOARD_WORK`]).
const ACTIONS_PER_POINT: usize = 3;
/// The work a game on a board of more than 361 points (a large board, issue 29 item 13) may
/// take, in points x points x actions: every step checks every point on the interpreter, and
/// each check reads the whole board, so a step costs the square of the points. Its game stops
/// after `LARGE_BOARD_WORK / points^2` actions (at least [`LARGE_BOARD_MIN_ACTIONS`]): 20 on
/// 20x20, 6 on 52x52, a second or a few in a debug build.
const LARGE_BOARD_WORK: usize = 3_000_000;
/// The fewest actions of a game on a large board before it winds down.
const LARGE_BOARD_MIN_ACTIONS: usize = 6;
/// Resumptions per game before the script only agrees (so every game can end).
const MAX_RESUMES: u32 = 3;
/// Steps after which a game is cut off, whatever the phase.
const HARD_CAP: usize = 1500;

/// An undo the oracle will check: the interpreter before a move, and the moves played since
/// with what they reported.
struct UndoPlan {
    /// The interpreter before the first of the moves.
    before: Interpreter,
    /// How many moves to play before undoing them.
    depth: usize,
    /// The moves played since, with their reports.
    moves: Vec<(Action, ActionReport)>,
}

struct Game<'c> {
    case: &'c Case,
    interp: Interpreter,
    engine: Engine,
    /// The undo being prepared, if any.
    undo: Option<UndoPlan>,
    /// The generator of the undo decisions (xorshift; seeded from the script, never read from
    /// it, so the game is the one the script plays).
    undo_rng: u64,
    /// Named in a divergence found while checking an undo.
    context: Option<String>,
    tried: Vec<Tried>,
    proposals: ByColor<Option<Vec<Point>>>,
    resumes: u32,
    stats: GameStats,
    /// The next entry of the case's hint the script looks at.
    hint_pos: usize,
    /// Points emptied by the last two accepted plays (where a recapture would go).
    recent: Vec<Vec<Point>>,
}

/// What the referees agreed on at one step (the interpreter's side, equal to the engine's).
struct Seen {
    checks: Vec<(Point, Result<(), Illegal>)>,
    legal: Vec<Move>,
}

/// A step that could not finish: a divergence, or the interpreter ran out of fuel.
enum Stop {
    Diverged(Box<Divergence>),
    OutOfFuel,
}

type Step<T> = Result<T, Stop>;

/// Runs `case` on both referees, adding what happened to `stats`.
pub fn run(case: &Case, stats: &mut Stats) -> Result<Outcome, Box<Divergence>> {
    let rules = &case.rules.ruleset;
    let interp = Interpreter::new(rules, case.setup.clone()).map(|i| i.with_fuel(FUEL));
    let engine = Engine::new(rules, case.setup.clone());
    let (interp, engine) = match (interp, engine) {
        (Ok(i), Ok(e)) => (i, e),
        (Err(a), Err(b)) if a.to_string() == b.to_string() => {
            stats.add_setup_refused();
            return Ok(Outcome::SetupRefused);
        }
        (a, b) => {
            return Err(Box::new(Divergence {
                step: 0,
                observation: "setup".to_owned(),
                interpreter: a
                    .map(|_| "accepted".to_owned())
                    .unwrap_or_else(|e| e.to_string()),
                engine: b
                    .map(|_| "accepted".to_owned())
                    .unwrap_or_else(|e| e.to_string()),
                ruling: ruling::render(case, &[]),
                tried: Vec::new(),
            }));
        }
    };
    let mut game = Game {
        case,
        interp,
        engine,
        undo: None,
        undo_rng: undo_seed(&case.script),
        context: None,
        tried: Vec::new(),
        proposals: ByColor::default(),
        resumes: 0,
        stats: GameStats::new(case.kind.name()),
        hint_pos: 0,
        recent: Vec::new(),
    };
    let outcome = match game.play_out() {
        Ok(()) => Ok(Outcome::Agree),
        Err(Stop::OutOfFuel) => Ok(Outcome::Inconclusive),
        Err(Stop::Diverged(d)) => Err(d),
    };
    if let Ok(o) = outcome {
        stats.add_game(&game.stats, o);
    }
    outcome
}

/// Plays the given `actions` on both referees from `case`'s ruleset and setup (its script is not
/// read), comparing every observation after every step as [`run`] does: the replay of a
/// regression. The actions need not be legal (both referees must then refuse them alike).
pub fn replay(
    case: &Case,
    actions: &[Action],
    stats: &mut Stats,
) -> Result<Outcome, Box<Divergence>> {
    let rules = &case.rules.ruleset;
    let interp = Interpreter::new(rules, case.setup.clone()).map(|i| i.with_fuel(FUEL));
    let engine = Engine::new(rules, case.setup.clone());
    let (Ok(interp), Ok(engine)) = (interp, engine) else {
        return run(case, stats);
    };
    let mut game = Game {
        case,
        interp,
        engine,
        undo: None,
        undo_rng: undo_seed(&case.script),
        context: None,
        tried: Vec::new(),
        proposals: ByColor::default(),
        resumes: 0,
        stats: GameStats::new(case.kind.name()),
        hint_pos: 0,
        recent: Vec::new(),
    };
    let mut play = || -> Step<()> {
        game.compare_setup()?;
        game.undo_at_start()?;
        for a in actions {
            game.observe()?;
            game.step(a.clone())?;
        }
        game.observe()?;
        if matches!(game.interp.phase(), Phase::Ended(_)) {
            game.finish();
        }
        Ok(())
    };
    let outcome = match play() {
        Ok(()) => Ok(Outcome::Agree),
        Err(Stop::OutOfFuel) => Ok(Outcome::Inconclusive),
        Err(Stop::Diverged(d)) => Err(d),
    };
    if let Ok(o) = outcome {
        stats.add_game(&game.stats, o);
    }
    outcome
}

impl Game<'_> {
    fn diverged(&self, observation: &str, interpreter: String, engine: String) -> Stop {
        let observation = match &self.context {
            Some(c) => format!("{c}: {observation}"),
            None => observation.to_owned(),
        };
        Stop::Diverged(Box::new(Divergence {
            step: self.tried.len(),
            observation,
            interpreter,
            engine,
            ruling: ruling::render(self.case, &self.tried),
            tried: self.tried.clone(),
        }))
    }

    /// Compares one observation.
    fn same<T: PartialEq + std::fmt::Debug>(&self, name: &str, a: T, b: T) -> Step<()> {
        if a == b {
            Ok(())
        } else {
            Err(self.diverged(name, format!("{a:?}"), format!("{b:?}")))
        }
    }

    /// The setup observations both referees offer beside the trait: the setup notes
    /// (docs/decisions.md 25), the komi in force and the handicap.
    fn compare_setup(&self) -> Step<()> {
        self.same("notes", self.interp.notes(), self.engine.notes())?;
        self.same("komi", self.interp.komi(), self.engine.komi())?;
        self.same("handicap", self.interp.handicap(), self.engine.handicap())
    }

    fn play_out(&mut self) -> Step<()> {
        self.compare_setup()?;
        self.undo_at_start()?;
        let points = self.case.setup.size.points_count();
        let budget = if points > 361 {
            (LARGE_BOARD_WORK / (points * points)).max(LARGE_BOARD_MIN_ACTIONS)
        } else {
            ACTIONS_PER_POINT * points + 20
        };
        let script = self.case.script.clone();
        let mut u = Unstructured::new(&script);
        loop {
            let seen = self.observe()?;
            if matches!(self.interp.phase(), Phase::Ended(_)) {
                self.finish();
                return Ok(());
            }
            if self.tried.len() >= HARD_CAP {
                return Ok(());
            }
            let winding_down = self.tried.len() >= budget || u.is_empty();
            let action = self.choose(&mut u, &seen, winding_down);
            self.step(action)?;
        }
    }

    /// Compares every observation now; returns what both see.
    fn observe(&mut self) -> Step<Seen> {
        let (i, e) = (&self.interp, &self.engine);
        self.same("board", i.board(), e.board())?;
        self.same("to_move", i.to_move(), e.to_move())?;
        self.same("phase", i.phase(), e.phase())?;
        self.same("moves_played", i.moves_played(), e.moves_played())?;
        self.same("prisoners", i.prisoners(), e.prisoners())?;
        self.same("pass_stones", i.pass_stones(), e.pass_stones())?;
        if let (Some(a), Some(b)) = (i.hot_stones(), e.hot_stones()) {
            self.same("hot_stones", sorted(a), sorted(b))?;
        }
        let color = i.to_move();
        let mut checks = Vec::new();
        for p in i.size().points() {
            let action = Action::play(color, p);
            let a = i.check(&action);
            if a == Err(Illegal::OutOfFuel) {
                return Err(Stop::OutOfFuel);
            }
            self.same(&format!("check({action})"), &a, &e.check(&action))?;
            if let Err(r) = &a {
                self.stats.refusal(r);
            }
            checks.push((p, a));
        }
        let pass = Action::pass(color);
        let a = i.check(&pass);
        if a == Err(Illegal::OutOfFuel) {
            return Err(Stop::OutOfFuel);
        }
        self.same(&format!("check({pass})"), &a, &e.check(&pass))?;
        let legal = sorted(i.legal_moves());
        self.same("legal_moves", &legal, &sorted(e.legal_moves()))?;
        if matches!(i.phase(), Phase::Ended(_)) {
            self.same(
                "dead_stones",
                sorted(i.dead_stones().to_vec()),
                sorted(e.dead_stones().to_vec()),
            )?;
        }
        compare_scores(self, i.score(), e.score())?;
        self.same("result", i.result(), e.result())?;
        Ok(Seen { checks, legal })
    }

    /// Tries `action` on both referees.
    fn step(&mut self, action: Action) -> Step<()> {
        let name = format!("check({action})");
        let a = self.interp.check(&action);
        if a == Err(Illegal::OutOfFuel) {
            return Err(Stop::OutOfFuel);
        }
        let b = self.engine.check(&action);
        self.tried.push(Tried {
            action: action.clone(),
            refused: a.clone().err(),
        });
        self.same(&name, &a, &b)?;
        let phase_before = self.interp.phase();
        let effect = match action {
            Action::Move {
                color,
                mv: Move::Play(p),
            } if a.is_ok() => play_effect(&self.interp.board(), color, p),
            _ => None,
        };
        let is_move = matches!(action, Action::Move { .. });
        if a.is_ok() && !is_move && self.undo.as_ref().is_some_and(|p| !p.moves.is_empty()) {
            // The moves so far are checked before an action that would forbid their undo.
            self.check_undo()?;
        }
        if a.is_ok() && self.undo.is_none() && is_move {
            let roll = self.next_undo_roll();
            if roll.is_multiple_of(8) {
                self.undo = Some(UndoPlan {
                    before: self.interp.clone(),
                    depth: 1 + (roll / 8 % 3) as usize,
                    moves: Vec::new(),
                });
            }
        }
        let ra = self.interp.apply(action.clone());
        if matches!(&ra, Err(e) if e.reason == Illegal::OutOfFuel) {
            return Err(Stop::OutOfFuel);
        }
        let rb = self.engine.apply(action.clone());
        let name = format!("apply({action})");
        match (ra, rb) {
            (Ok(x), Ok(y)) => {
                self.same(&name, report(&x), report(&y))?;
                self.stats
                    .accepted(&action, &x, phase_before, &self.proposals);
                if let Some(e) = effect {
                    self.stats.played(e, &x);
                }
                if matches!(action, Action::Move { .. }) {
                    self.recent.push(x.captured.clone());
                    if self.recent.len() > 2 {
                        self.recent.remove(0);
                    }
                }
                self.track(&action);
                self.after_accepted(&action, &x)?;
            }
            (Err(x), Err(y)) => self.same(&name, x.reason, y.reason)?,
            (x, y) => return Err(self.diverged(&name, format!("{x:?}"), format!("{y:?}"))),
        }
        if self.interp.phase() == Phase::Stopped {
            self.stats.stopped = true;
        }
        Ok(())
    }

    /// The next number of the undo generator (xorshift64*).
    fn next_undo_roll(&mut self) -> u64 {
        let x = &mut self.undo_rng;
        *x ^= *x >> 12;
        *x ^= *x << 25;
        *x ^= *x >> 27;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32
    }

    /// At the start of a game there is no move to take back: the engine refuses the undo and
    /// stays as it was.
    fn undo_at_start(&mut self) -> Step<()> {
        self.refused_undo("undo at the start".to_owned())
    }

    /// The engine must refuse an undo now and stay as it was: every observation is compared
    /// again (`what` names the moment in a divergence).
    fn refused_undo(&mut self, what: String) -> Step<()> {
        let hash = self.engine.hash();
        self.context = Some(what);
        let undone = self.engine.undo();
        self.same("undo()", false, undone)?;
        self.same("hash", hash, self.engine.hash())?;
        self.observe_quietly()?;
        self.context = None;
        Ok(())
    }

    /// [`Game::observe`] without counting what it sees in the statistics a second time.
    fn observe_quietly(&mut self) -> Step<()> {
        let saved = self.stats.clone();
        let seen = self.observe();
        self.stats = saved;
        seen.map(|_| ())
    }

    /// After an accepted action: a move joins the undo being prepared, which is checked once it
    /// holds its moves; after any other action the engine must refuse an undo.
    fn after_accepted(&mut self, action: &Action, report: &ActionReport) -> Step<()> {
        if matches!(action, Action::Move { .. }) {
            let Some(plan) = &mut self.undo else {
                return Ok(());
            };
            plan.moves.push((action.clone(), report.clone()));
            if plan.moves.len() == plan.depth {
                return self.check_undo();
            }
            return Ok(());
        }
        self.undo = None;
        self.refused_undo(format!("undo after {action}"))
    }

    /// Undoes the plan's moves on the engine, compares every observation with the interpreter
    /// before them, and replays them on the engine (each report as the first time).
    fn check_undo(&mut self) -> Step<()> {
        let Some(plan) = self.undo.take() else {
            return Ok(());
        };
        let hash = self.engine.hash();
        let n = plan.moves.len();
        self.context = Some(format!("after undo of {n} move(s)"));
        for k in 0..n {
            let undone = self.engine.undo();
            self.same(&format!("undo() number {}", k + 1), true, undone)?;
        }
        // The observations of the interpreter before the moves.
        let now = std::mem::replace(&mut self.interp, plan.before);
        let seen = self.observe_quietly();
        self.interp = now;
        seen?;
        self.context = Some(format!("redo after undo of {n} move(s)"));
        for (action, first) in &plan.moves {
            match self.engine.apply(action.clone()) {
                Ok(again) => self.same(
                    &format!("apply({action}) again"),
                    report(first),
                    report(&again),
                )?,
                Err(e) => {
                    return Err(self.diverged(
                        &format!("apply({action}) again"),
                        "accepted".to_owned(),
                        e.to_string(),
                    ));
                }
            }
        }
        self.same("hash", hash, self.engine.hash())?;
        self.context = None;
        self.stats.undone += n as u64;
        Ok(())
    }

    /// Keeps the harness's copy of the latest proposals (to propose agreement) and the number
    /// of resumptions.
    fn track(&mut self, action: &Action) {
        match action {
            Action::ProposeDead { by, dead } => *self.proposals.get_mut(*by) = Some(dead.clone()),
            Action::Resume { .. } => {
                self.resumes += 1;
                self.proposals = ByColor::default();
            }
            _ => {}
        }
    }

    /// The end of a game: the score and result both agreed on, into the statistics.
    fn finish(&mut self) {
        let score = self.interp.score();
        let result = self.interp.result();
        self.stats
            .ended(self.interp.phase(), score.as_ref(), result);
    }

    /// The biased script of a shape or a dense position (issue 12: "biased generators that
    /// reach the hard cases often"), when its byte asks for it: about two in five the next move
    /// of the case's hint that is legal for the player to move (the cycle of a ko shape comes
    /// round, so superko refusals, hot stones and long cycles are reached); about one in three a
    /// play that captures, recaptures on a point the last two plays emptied, or fills its own
    /// last liberty (a self-capture where the rules allow one); one in sixteen a pass. `None`
    /// leaves the choice to the generic script.
    fn focused(
        &mut self,
        u: &mut Unstructured<'_>,
        color: Color,
        plays: &[Move],
        pass_ok: bool,
    ) -> Option<Action> {
        let roll = u.arbitrary::<u8>().unwrap_or(0);
        let hint = &self.case.hint;
        if roll < 104 && !hint.is_empty() {
            for k in 0..hint.len() {
                let i = (self.hint_pos + k) % hint.len();
                let (c, at) = hint[i];
                if c != color {
                    continue;
                }
                let ok = match at {
                    None => pass_ok,
                    Some(p) => plays.contains(&Move::Play(p)),
                };
                if ok {
                    self.hint_pos = i + 1;
                    return Some(match at {
                        None => Action::pass(color),
                        Some(p) => Action::play(color, p),
                    });
                }
            }
        }
        if roll < 192 {
            let board = self.interp.board();
            let hot: Vec<Move> = plays
                .iter()
                .copied()
                .filter(|m| {
                    let Move::Play(p) = *m else { return false };
                    self.recent.iter().any(|r| r.contains(&p))
                        || play_effect(&board, color, p)
                            .is_some_and(|e| e.captures > 0 || e.fills_last_liberty)
                })
                .collect();
            if !hot.is_empty() {
                let mv = hot[u.choose_index(hot.len()).unwrap_or(0)];
                return Some(Action::Move { color, mv });
            }
        }
        (roll >= 240 && pass_ok).then(|| Action::pass(color))
    }

    /// Picks the next action from the script's bytes among the actions legal now; once the
    /// script is spent or the game is long, passes and agreement (so the game ends).
    fn choose(&mut self, u: &mut Unstructured<'_>, seen: &Seen, winding_down: bool) -> Action {
        let color = self.interp.to_move();
        let byte = |u: &mut Unstructured<'_>| u.arbitrary::<u8>().unwrap_or(0);
        let pick = |u: &mut Unstructured<'_>, n: usize| u.choose_index(n).unwrap_or(0);
        if self.interp.phase() == Phase::Stopped {
            // Agreement: the player without a standing proposal (or the player to move)
            // repeats the other's.
            let agree = match (&self.proposals[color], &self.proposals[color.opponent()]) {
                (_, Some(theirs)) => Action::ProposeDead {
                    by: color,
                    dead: theirs.clone(),
                },
                (Some(mine), None) => Action::ProposeDead {
                    by: color.opponent(),
                    dead: mine.clone(),
                },
                (None, None) => Action::ProposeDead {
                    by: color,
                    dead: Vec::new(),
                },
            };
            if winding_down || self.resumes >= MAX_RESUMES && byte(u) < 180 {
                return agree;
            }
            let stones: Vec<Point> = self
                .interp
                .board()
                .iter()
                .filter_map(|(p, c)| c.map(|_| p))
                .collect();
            return match byte(u) {
                0..=99 => agree,
                100..=179 => Action::ProposeDead {
                    by: if byte(u) < 200 {
                        color
                    } else {
                        color.opponent()
                    },
                    dead: stones
                        .into_iter()
                        .filter(|_| u.ratio(1, 4).unwrap_or(false))
                        .collect(),
                },
                180..=219 => Action::Resume {
                    by: if byte(u) < 128 {
                        color
                    } else {
                        color.opponent()
                    },
                },
                220..=229 => {
                    let empty: Vec<Point> = self.interp.board().empty_points().collect();
                    match empty.get(pick(u, empty.len().max(1))) {
                        Some(&p) => Action::ProposeDead {
                            by: color,
                            dead: vec![p],
                        },
                        None => agree,
                    }
                }
                230..=239 => Action::Resign { by: color },
                _ => Action::ProposeDead {
                    by: color,
                    dead: Vec::new(),
                },
            };
        }
        let plays: Vec<Move> = seen
            .legal
            .iter()
            .copied()
            .filter(|m| *m != Move::Pass)
            .collect();
        let pass_ok = seen.legal.contains(&Move::Pass);
        let pass_or_play = |u: &mut Unstructured<'_>| {
            if pass_ok || plays.is_empty() {
                Action::pass(color)
            } else {
                Action::Move {
                    color,
                    mv: plays[pick(u, plays.len())],
                }
            }
        };
        if winding_down {
            return pass_or_play(u);
        }
        if self.case.kind == Kind::Scoring && pass_ok && byte(u) < 224 {
            return Action::pass(color);
        }
        if self.case.kind.is_focused()
            && let Some(a) = self.focused(u, color, &plays, pass_ok)
        {
            return a;
        }
        match byte(u) {
            0..=231 if !plays.is_empty() => Action::Move {
                color,
                mv: plays[pick(u, plays.len())],
            },
            244..=249 => {
                let refused: Vec<Point> = seen
                    .checks
                    .iter()
                    .filter(|(_, r)| r.is_err())
                    .map(|(p, _)| *p)
                    .collect();
                match refused.get(pick(u, refused.len().max(1))) {
                    Some(&p) if byte(u) < 192 => Action::play(color, p),
                    _ => match plays.first() {
                        Some(&mv) => Action::Move {
                            color: color.opponent(),
                            mv,
                        },
                        None => Action::pass(color.opponent()),
                    },
                }
            }
            250..=252 if byte(u) < 32 => Action::Resign {
                by: if byte(u) < 128 {
                    color
                } else {
                    color.opponent()
                },
            },
            253..=255 if byte(u) < 16 => Action::LoseOnTime { by: color },
            _ => pass_or_play(u),
        }
    }
}

/// The seed of a game's undo decisions: a hash of its script (FNV-1a), odd.
fn undo_seed(script: &[u8]) -> u64 {
    script.iter().fold(0xcbf2_9ce4_8422_2325, |h: u64, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    }) | 1
}

fn sorted<T: Ord>(mut v: Vec<T>) -> Vec<T> {
    v.sort();
    v
}

/// An action report with the point lists sorted (the order of removal is not an observation).
fn report(r: &ActionReport) -> (Vec<Point>, Vec<Point>, bool) {
    (
        sorted(r.captured.clone()),
        sorted(r.self_captured.clone()),
        r.counted_as_pass,
    )
}

/// Compares two scores field by field, naming the first that differs.
fn compare_scores(g: &Game<'_>, a: Option<Score>, b: Option<Score>) -> Step<()> {
    let (a, b) = match (a, b) {
        (None, None) => return Ok(()),
        (Some(a), Some(b)) => (a, b),
        (a, b) => return g.same("score", a.is_some(), b.is_some()),
    };
    g.same("score.komi", a.komi, b.komi)?;
    for c in [Color::Black, Color::White] {
        let (x, y) = (&a.sides[c], &b.sides[c]);
        let side = if c == Color::Black { "black" } else { "white" };
        g.same(&format!("score.{side}.stones"), x.stones, y.stones)?;
        g.same(&format!("score.{side}.territory"), x.territory, y.territory)?;
        g.same(&format!("score.{side}.prisoners"), x.prisoners, y.prisoners)?;
        g.same(
            &format!("score.{side}.pass_stones"),
            x.pass_stones,
            y.pass_stones,
        )?;
        g.same(&format!("score.{side}.bonus"), x.bonus, y.bonus)?;
        g.same(&format!("score.{side}.penalty"), x.penalty, y.penalty)?;
        g.same(&format!("score.{side}.total"), x.total, y.total)?;
    }
    g.same("score.margin", a.margin, b.margin)?;
    g.same("score.result", a.result, b.result)?;
    if let Some(i) =
        (0..a.marks.len().max(b.marks.len())).find(|&i| a.marks.get(i) != b.marks.get(i))
    {
        let p = g
            .interp
            .board()
            .size()
            .point_at(i)
            .map_or("?".to_owned(), |p| p.to_sgf());
        g.same::<Option<&PointMark>>(&format!("score.marks[{p}]"), a.marks.get(i), b.marks.get(i))?;
    }
    if std::env::var_os("WEIQI_HARNESS_SKIP_NOTES").is_some() {
        return Ok(());
    }
    g.same("score.notes", &a.notes, &b.notes)
}

pub use crate::stats::{is_counted, is_tie};
