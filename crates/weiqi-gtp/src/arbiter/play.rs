//! One game between two GTP programs under a variant, refereed by the engine.
//!
//! The referee asks the player to move for `genmove`, checks the answer with the engine and
//! relays it to the opponent with `play`. Every exchange has a time limit ([`Engine::request`]
//! echoes ids and refuses stray answers); a program that crashes, hangs, answers garbage or out
//! of order, plays off the board or an illegal move ends the game at once, with the reason.
//! At the stop it asks both for `final_status_list dead`: the same strings end the game by
//! agreement (Ing: the passes after the agreement are asked for as moves); different ones are a
//! dispute, and play resumes so that turns keep alternating (the variant then ends it: AGA and
//! Ing after four passes with every stone alive). Both programs are stopped (quit, then kill and
//! reap) when the game ends, whatever happened.
//!
//! After a dispute the game goes on in one of KGS's two modes, chosen by the variant's count
//! ([`cleanup_after_dispute`]): where capturing dead stones inside one's own area costs nothing
//! (area scoring, or pass stones), play resumes *with cleanup*: each program that knows
//! `kgs-genmove_cleanup` is asked for its moves with it, so that it captures the stones it
//! believes dead before it passes, and the next stop settles what is left; under territory
//! scoring without pass stones (Japanese rules) play resumes with `genmove`, and the game is
//! not counted until both programs agree (after [`MAX_DISPUTES`] disputes, no result).
//!
//! A program that cannot be started, or that exits before its first move (during the setup or
//! at its first `genmove`), is not a player that lost: it is an error of the run ([`play`]
//! returns `Err`), and no result is recorded for either program.

use std::time::Duration;

use weiqi_core::{
    Action, ByColor, Color, CoordError, Ending, GameResult, Move, Phase, Point, Points, Referee,
    Score, Setup, WinBy,
};
use weiqi_spec::Ruleset;

use crate::client::{Engine, GtpError};
use weiqi_engine::Engine as Rules;
use weiqi_record::referee::Game;

/// Stops without agreement after which the game ends without result, where the variant itself
/// would let the players resume for ever (Japanese and Chinese rules have no final end).
pub const MAX_DISPUTES: usize = 3;

/// How a game is set up.
pub struct GameSetup<'a> {
    /// The variant.
    pub ruleset: &'a Ruleset,
    /// The referee's setup (size, handicap, handicap stones, komi).
    pub setup: Setup,
    /// The time limit of each answer.
    pub move_time: Duration,
    /// The most moves of a game.
    pub max_moves: usize,
}

/// A program's fault that ends the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// No answer in time: a loss on time.
    Time,
    /// An illegal move (the referee refused it).
    Illegal,
    /// It crashed, answered garbage or out of order, or refused the setup or a legal move.
    Forfeit,
}

/// What became of one game.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The result.
    pub result: GameResult,
    /// How the game ended, in words.
    pub reason: String,
    /// The count, when the game was counted.
    pub score: Option<Score>,
    /// The moves relayed (the record's main line).
    pub moves: Vec<(Color, Move)>,
    /// The disputes at the stops, in words.
    pub disputes: Vec<String>,
    /// The program at fault and the fault, when a fault ended the game.
    pub fault: Option<(Color, Fault)>,
    /// What each program's own `final_score` says, after a counted game.
    pub claims: ByColor<Option<String>>,
    /// The programs' names (`name` and `version`, else the command).
    pub names: ByColor<String>,
    /// Other remarks (White's last pass added, a program without `final_status_list`).
    pub notes: Vec<String>,
}

/// Whether the game resumes with `kgs-genmove_cleanup` after a dispute (KGS's mode for rules
/// other than Japanese): capturing inside one's own area costs nothing where the count is of
/// area, or where every pass hands the opponent a stone anyway (AGA).
pub fn cleanup_after_dispute(ruleset: &Ruleset) -> bool {
    ruleset.scoring.scoring == weiqi_spec::Scoring::Area
        || ruleset.end.pass_stones != weiqi_spec::PassStones::None
}

/// Why a game stopped early: the program at fault, the fault, the reason.
type Stop = (Color, Fault, String);

/// The fault and reason of a failed exchange with `color`'s program.
fn fault_of(color: Color, e: &GtpError) -> Stop {
    let fault = match e {
        GtpError::Timeout { .. } => Fault::Time,
        _ => Fault::Forfeit,
    };
    (color, fault, format!("{color}'s program: {e}"))
}

/// The two programs of a game.
struct Players {
    engines: ByColor<Option<Engine>>,
    limit: Duration,
    /// Whether the program's output closed (it exited or crashed).
    exited: ByColor<bool>,
}

impl Players {
    /// One exchange with `color`'s program (a program not running is closed).
    fn exchange(&mut self, color: Color, command: &str) -> Result<String, GtpError> {
        let answer = match self.engines[color].as_mut() {
            Some(engine) => engine.request(command, self.limit),
            None => Err(GtpError::Closed {
                command: command.to_owned(),
            }),
        };
        if let Err(GtpError::Closed { .. }) = answer {
            self.exited[color] = true;
        }
        answer
    }

    /// One exchange; a failure is the program's fault.
    fn ask(&mut self, color: Color, command: &str) -> Result<String, Stop> {
        self.exchange(color, command)
            .map_err(|e| fault_of(color, &e))
    }

    /// Sends `quit` to both, then stops them (kill and reap) if they do not exit at once.
    fn finish(&mut self) {
        for color in Color::ALL {
            if let Some(engine) = self.engines[color].take() {
                let _ = engine.quit(self.limit.min(Duration::from_secs(2)));
            }
        }
    }
}

impl Drop for Players {
    fn drop(&mut self) {
        self.finish();
    }
}

/// A GTP vertex for `p` (the board's sides are at most 25).
fn vertex(p: Point, setup: &Setup) -> String {
    p.to_gtp(setup.size).unwrap_or_else(|_| p.to_sgf())
}

fn move_text(mv: Move, setup: &Setup) -> String {
    match mv {
        Move::Play(p) => vertex(p, setup),
        Move::Pass => "pass".to_owned(),
    }
}

/// What a `genmove` answer says.
enum Answer {
    Move(Move),
    Resign,
    OffBoard(String),
}

fn parse_genmove(text: &str, setup: &Setup) -> Result<Answer, String> {
    let t = text.trim();
    if t.eq_ignore_ascii_case("resign") {
        return Ok(Answer::Resign);
    }
    if t.eq_ignore_ascii_case("pass") {
        return Ok(Answer::Move(Move::Pass));
    }
    match Point::from_gtp(t, setup.size) {
        Ok(p) => Ok(Answer::Move(Move::Play(p))),
        Err(CoordError::OffBoard { .. }) => Ok(Answer::OffBoard(t.to_owned())),
        Err(_) => Err(format!(
            "answered genmove with {:?}, which is not a vertex",
            crate::client::quote(t)
        )),
    }
}

/// Parses a `final_status_list dead` answer: vertices separated by spaces and newlines.
fn parse_dead(text: &str, setup: &Setup) -> Result<Vec<Point>, String> {
    text.split_whitespace()
        .map(|v| {
            Point::from_gtp(v, setup.size).map_err(|e| {
                format!(
                    "answered final_status_list dead with {:?}, not a vertex of the board: {e}",
                    crate::client::quote(v)
                )
            })
        })
        .collect()
}

/// Plays one game of `game` between the programs `commands` (program and arguments per
/// colour), labelled `labels`. Every misbehaviour of a program in the game is a result; `Err`
/// only when a program cannot be started or exits before its first move (an error of the run:
/// no result for either program).
pub fn play(
    game: &GameSetup<'_>,
    commands: &ByColor<Vec<String>>,
    labels: &ByColor<String>,
) -> Result<Outcome, String> {
    // The engine rules (the status judge reads it at a dispute).
    let mut referee = Rules::new(game.ruleset, game.setup.clone()).map_err(|e| e.to_string())?;
    let mut players = Players {
        engines: ByColor::default(),
        limit: game.move_time,
        exited: ByColor::default(),
    };
    for color in Color::ALL {
        let command = &commands[color];
        let (program, args) = command
            .split_first()
            .ok_or_else(|| format!("{color}'s program: an empty command"))?;
        let engine = Engine::start(
            program,
            &args.iter().map(String::as_str).collect::<Vec<_>>(),
        )
        .map_err(|e| {
            format!(
                "{color}'s program ({}) {e}: the run stops, no result is recorded",
                labels[color]
            )
        })?;
        players.engines[color] = Some(engine);
    }
    let mut outcome = Outcome {
        result: GameResult::NoResult,
        reason: String::new(),
        score: None,
        moves: Vec::new(),
        disputes: Vec::new(),
        fault: None,
        claims: ByColor::default(),
        names: labels.clone(),
        notes: Vec::new(),
    };
    let ended = run(game, &mut referee, &mut players, &mut outcome);
    match ended {
        Err((color, _, reason))
            if players.exited[color] && !outcome.moves.iter().any(|&(c, _)| c == color) =>
        {
            players.finish();
            return Err(format!(
                "{color}'s program ({}) exited before its first move: {reason}; the run stops, no \
                 result is recorded",
                labels[color]
            ));
        }
        Err((color, fault, reason)) => {
            outcome.fault = Some((color, fault));
            let by = match fault {
                Fault::Time => {
                    let _ = referee.apply(Action::LoseOnTime { by: color });
                    WinBy::Time
                }
                Fault::Illegal | Fault::Forfeit => WinBy::Forfeit,
            };
            outcome.result = GameResult::Win {
                winner: color.opponent(),
                by,
            };
            outcome.reason = reason;
        }
        Ok(reason) => {
            outcome.reason = reason;
            outcome.result = referee.result().unwrap_or(GameResult::NoResult);
            if matches!(
                referee.phase(),
                Phase::Ended(Ending::Agreement | Ending::AllAlive)
            ) {
                outcome.score = referee.score();
                for color in Color::ALL {
                    outcome.claims[color] = players.ask(color, "final_score").ok();
                }
            }
            if referee.moves_played() > outcome.moves.len() {
                outcome.notes.push(format!(
                    "the referee added the pass the variant requires after the last move ({} \
                     moves ruled, {} relayed: end.last-pass)",
                    referee.moves_played(),
                    outcome.moves.len()
                ));
            }
        }
    }
    players.finish();
    Ok(outcome)
}

/// Plays until the game ends (`Ok` with how) or a program is at fault (`Err`).
fn run(
    game: &GameSetup<'_>,
    referee: &mut Rules,
    players: &mut Players,
    outcome: &mut Outcome,
) -> Result<String, Stop> {
    let setup = &game.setup;
    let komi = Game::komi(referee);
    let size = if setup.size.is_square() {
        setup.size.width().to_string()
    } else {
        format!("{} {}", setup.size.width(), setup.size.height())
    };
    let mut commands_sent = vec![
        format!("boardsize {size}"),
        "clear_board".to_owned(),
        format!("komi {komi}"),
    ];
    if !setup.stones.is_empty() {
        let list: Vec<String> = setup.stones.iter().map(|s| vertex(s.0, setup)).collect();
        commands_sent.push(format!("set_free_handicap {}", list.join(" ")));
    }
    for color in Color::ALL {
        // The name is for the record only: a program without `name` keeps its command line.
        let optional = |players: &mut Players, command: &str| match players.exchange(color, command)
        {
            Ok(text) => Ok(Some(text)),
            Err(GtpError::Failure { .. }) => Ok(None),
            Err(e) => Err(fault_of(color, &e)),
        };
        if let Some(name) = optional(players, "name")? {
            let version = optional(players, "version")?.unwrap_or_default();
            let name = format!("{} {}", name.trim(), version.trim());
            if !name.trim().is_empty() {
                outcome.names[color] = name.trim().to_owned();
            }
        }
        for command in &commands_sent {
            players
                .ask(color, command)
                .map_err(|(c, f, r)| (c, f, format!("{r} (the setup command {command:?})")))?;
        }
    }
    // Who knows `kgs-genmove_cleanup` (asked once, where the variant's mode uses it).
    let mut cleanup = ByColor::<bool>::default();
    if cleanup_after_dispute(game.ruleset) {
        for color in Color::ALL {
            cleanup[color] = matches!(
                players.exchange(color, "known_command kgs-genmove_cleanup"),
                Ok(a) if a.trim() == "true"
            );
        }
    }
    let mut disputes = 0;
    loop {
        match referee.phase() {
            Phase::Ended(e) => return Ok(ending_text(e, referee)),
            Phase::Stopped => {
                if let Some(reason) = stop(referee, players, setup, outcome, &mut disputes)? {
                    return Ok(reason);
                }
            }
            Phase::Playing => {
                if outcome.moves.len() >= game.max_moves {
                    return Ok(format!(
                        "no result: the game reached {} moves, the limit (--max-moves raises it)",
                        game.max_moves
                    ));
                }
                let color = referee.to_move();
                let number = outcome.moves.len() + 1;
                let generate = if disputes > 0 && cleanup[color] {
                    "kgs-genmove_cleanup"
                } else {
                    "genmove"
                };
                let answer = players.ask(color, &format!("{generate} {color}"))?;
                let mv = match parse_genmove(&answer, setup) {
                    Err(e) => {
                        return Err((color, Fault::Forfeit, format!("{color}'s program {e}")));
                    }
                    Ok(Answer::Resign) => {
                        let _ = referee.apply(Action::Resign { by: color });
                        return Ok(format!("{color} resigned at move {number}"));
                    }
                    Ok(Answer::OffBoard(v)) => {
                        return Err((
                            color,
                            Fault::Illegal,
                            format!(
                                "move {number}: {color} {v} is refused: the point is off the \
                                 board (off-board); {color} loses"
                            ),
                        ));
                    }
                    Ok(Answer::Move(mv)) => mv,
                };
                let report = referee.apply(Action::Move { color, mv }).map_err(|e| {
                    (
                        color,
                        Fault::Illegal,
                        format!(
                            "move {number}: {color} {} is refused: {} ({}); {color} loses",
                            move_text(mv, setup),
                            e.reason,
                            e.reason.code()
                        ),
                    )
                })?;
                outcome.moves.push((color, mv));
                // The opponent sees what the referee made of the move: a one-stone suicide the
                // variant counts as a pass (Ing) is relayed as a pass.
                let relayed = if report.counted_as_pass {
                    Move::Pass
                } else {
                    mv
                };
                let other = color.opponent();
                players
                    .ask(
                        other,
                        &format!("play {color} {}", move_text(relayed, setup)),
                    )
                    .map_err(|(c, f, r)| {
                        let why = if f == Fault::Time {
                            r
                        } else {
                            format!("{r}: it does not take {color}'s legal move {number}")
                        };
                        (c, f, why)
                    })?;
            }
        }
    }
}

/// Play is stopped: both programs name the dead stones. The same strings end the game (or, in
/// Ing, start the passes that end it: `Ok(None)`, play goes on); different ones are a dispute
/// and play resumes (`Ok(None)`), or, past [`MAX_DISPUTES`], the game ends without result.
fn stop(
    referee: &mut Rules,
    players: &mut Players,
    setup: &Setup,
    outcome: &mut Outcome,
    disputes: &mut usize,
) -> Result<Option<String>, Stop> {
    let after = outcome.moves.len();
    let mut lists = ByColor::<Vec<Point>>::default();
    for color in Color::ALL {
        let answer = match players.exchange(color, "final_status_list dead") {
            Ok(a) => a,
            Err(e @ GtpError::Failure { .. }) => {
                outcome.notes.push(format!(
                    "{color}'s program does not answer final_status_list ({e}): it names no \
                     dead stones"
                ));
                String::new()
            }
            Err(e) => return Err(fault_of(color, &e)),
        };
        lists[color] = parse_dead(&answer, setup)
            .map_err(|e| (color, Fault::Forfeit, format!("{color}'s program {e}")))?;
    }
    for color in Color::ALL {
        referee
            .apply(Action::ProposeDead {
                by: color,
                dead: lists[color].clone(),
            })
            .map_err(|e| {
                (
                    color,
                    Fault::Forfeit,
                    format!(
                        "{color}'s program named dead stones the referee refuses: {} ({})",
                        e.reason,
                        e.reason.code()
                    ),
                )
            })?;
    }
    match referee.phase() {
        Phase::Ended(_) => Ok(None),
        Phase::Playing => Ok(None),
        Phase::Stopped => {
            *disputes += 1;
            let show = |points: &[Point]| {
                if points.is_empty() {
                    "none".to_owned()
                } else {
                    points
                        .iter()
                        .map(|&p| vertex(p, setup))
                        .collect::<Vec<_>>()
                        .join(" ")
                }
            };
            let text = format!(
                "dispute after move {after}: black names dead {}, white names dead {}{}",
                show(&lists.black),
                show(&lists.white),
                disputed_strings(referee, &lists, setup)
            );
            if *disputes > MAX_DISPUTES {
                // No resumption is left: the status judge settles the disputed strings where
                // it can (the stones both name stay dead), else the game has no result.
                if let Some(dead) = settled_by_judge(referee, &lists) {
                    // One program's standing list may already be the judge's: the first
                    // proposal then ends the game.
                    for by in Color::ALL {
                        if referee.phase() != Phase::Stopped {
                            break;
                        }
                        referee
                            .apply(Action::ProposeDead {
                                by,
                                dead: dead.clone(),
                            })
                            .map_err(|e| {
                                (
                                    by,
                                    Fault::Forfeit,
                                    format!(
                                        "the referee refuses the judge's dead stones: {}",
                                        e.reason
                                    ),
                                )
                            })?;
                    }
                    outcome.disputes.push(format!(
                        "{text}; no resumption is left: the status judge settles the disputed \
                         strings (dead: {})",
                        show(&dead)
                    ));
                    outcome.notes.push(format!(
                        "the status judge settled the dead stones after {} disputes",
                        *disputes
                    ));
                    if referee.phase() != Phase::Stopped {
                        return Ok(None);
                    }
                }
                outcome
                    .disputes
                    .push(format!("{text}; no resumption is left"));
                return Ok(Some(format!(
                    "no result: the players did not agree on the dead stones at {} stops",
                    *disputes
                )));
            }
            // Resume so that turns keep alternating (as `weiqi score` reads a record that goes
            // on after a stop): the resumption that lets the player to move move first.
            let next = referee.to_move();
            let by = [next.opponent(), next]
                .into_iter()
                .find(|&by| referee.first_after_resume(by) == Some(next))
                .unwrap_or(next);
            referee.apply(Action::Resume { by }).map_err(|e| {
                (
                    by,
                    Fault::Forfeit,
                    format!("the referee cannot resume play: {}", e.reason),
                )
            })?;
            outcome.disputes.push(format!(
                "{text}; play resumed ({by} asked, {} moves first)",
                referee.to_move()
            ));
            Ok(None)
        }
    }
}

/// The dead stones when the status judge settles every string the two lists disagree on
/// (alive, dead or seki, not unsettled): the stones both lists name, and the disputed strings
/// the judge calls dead. `None` when a disputed string is unsettled.
fn settled_by_judge(referee: &Rules, lists: &ByColor<Vec<Point>>) -> Option<Vec<Point>> {
    let judgement = crate::game::judge(referee, None);
    let board = referee.board();
    let mut dead: Vec<Point> = lists
        .black
        .iter()
        .filter(|p| lists.white.contains(p))
        .copied()
        .collect();
    for p in lists.black.iter().chain(&lists.white) {
        if lists.black.contains(p) == lists.white.contains(p) || board.get(*p).is_none() {
            continue;
        }
        let s = judgement.status_of(*p)?;
        match s.status {
            weiqi_status::Status::Dead => dead.extend(s.stones.iter().copied()),
            weiqi_status::Status::Unsettled => return None,
            weiqi_status::Status::Alive | weiqi_status::Status::Seki => {}
        }
    }
    dead.sort();
    dead.dedup();
    Some(dead)
}

/// The strings the two dead lists disagree on, each with what both programs and the status
/// judge say of it: `; disputed: E5 F5 (white): black's program says dead, white's alive, the
/// judge dead (estimated)`. Empty when the lists name the same stones.
fn disputed_strings(referee: &Rules, lists: &ByColor<Vec<Point>>, setup: &Setup) -> String {
    let board = referee.board();
    let named = |c: Color, p: &Point| lists[c].contains(p);
    let mut disputed: Vec<Point> = lists
        .black
        .iter()
        .chain(&lists.white)
        .copied()
        .filter(|p| named(Color::Black, p) != named(Color::White, p) && board.get(*p).is_some())
        .collect();
    disputed.sort();
    disputed.dedup();
    if disputed.is_empty() {
        return String::new();
    }
    let judgement = crate::game::judge(referee, None);
    let says = |c: Color, p: &Point| if named(c, p) { "dead" } else { "alive" };
    let mut seen = std::collections::BTreeSet::new();
    let mut parts = Vec::new();
    for p in &disputed {
        if seen.contains(p) {
            continue;
        }
        let (stones, color, view) = match judgement.status_of(*p) {
            Some(s) => (
                s.stones.clone(),
                s.color,
                format!("{} ({})", s.status.name(), s.how.name()),
            ),
            None => (
                vec![*p],
                board.get(*p).unwrap_or(Color::Black),
                "no view".to_owned(),
            ),
        };
        seen.extend(stones.iter().copied());
        let list: Vec<String> = stones.iter().map(|&q| vertex(q, setup)).collect();
        parts.push(format!(
            "{} ({color}): black's program says {}, white's {}, the judge {view}",
            list.join(" "),
            says(Color::Black, p),
            says(Color::White, p)
        ));
    }
    format!("; disputed: {}", parts.join("; "))
}

/// How the game ended, in words.
fn ending_text(e: Ending, referee: &dyn Game) -> String {
    match e {
        Ending::Agreement => {
            let dead = referee.dead_stones().len();
            format!(
                "the players agreed on the dead stones ({dead} dead) after play stopped; counted"
            )
        }
        Ending::AllAlive => {
            "play ended after the variant's passes with every stone alive; counted".to_owned()
        }
        Ending::NoResult => "a long cycle ended the game without result".to_owned(),
        Ending::Draw => "a long cycle ended the game in a draw".to_owned(),
        Ending::Resignation(c) => format!("{c} resigned"),
        Ending::Time(c) => format!("{c} lost on time"),
    }
}

/// The margin of `color` in a counted game (its total minus the opponent's).
pub fn margin_for(score: &Score, color: Color) -> Points {
    match color {
        Color::Black => score.margin,
        Color::White => -score.margin,
    }
}
