//! weiqi as a GTP version 2 engine keeping the game under a rule variant, on any reader and
//! writer ([`serve`]; `weiqi gtp` serves standard input and output). A rules engine first, a
//! weak player second: `genmove` plays the status judge's playout policy
//! ([`weiqi_status::policy_move`]: captures and saves strings in atari, never fills its own
//! true eyes), and passes after the opponent's pass once the judge finds the game finished.
//!
//! The protocol (GTP 2 draft 2): a command is one line, `[id] name [arguments]`; the answer is
//! `=[id] text` or `?[id] message`, ended by an empty line. Before parsing, control characters
//! other than tab and newline are removed, tabs become spaces and a `#` starts a comment
//! (section 2.5). Lines longer than [`MAX_LINE`] bytes are answered `? line too long` without
//! being kept; no input line stops the engine, only `quit` and the end of the input do.
//!
//! Choices the protocol leaves open (README "GTP" lists them for users):
//!
//! - The board starts 19x19 with the variant's komi, so commands before `boardsize` work.
//! - `boardsize W H` sets a W-wide, H-high rectangle (an extension; `boardsize N` is N x N),
//!   sides 1 to 25 (the GTP letters).
//! - Moves of the same colour in a row are allowed (GTP 2 section 6.3): a move in play by the
//!   player not to move follows an inserted pass of the player to move, ruled as any pass
//!   (docs/decisions.md 24); `genmove` for the player not to move does the same. `--strict`
//!   refuses such a move `wrong-turn`, with the variant's reason.
//! - A move sent while play is stopped (after the variant's stop passes) resumes play for its
//!   player first, as the variant's resumption rules say; if the move is then refused,
//!   nothing changes. `genmove` while play is stopped or after the end answers `pass` and
//!   changes nothing; `kgs-genmove_cleanup` then captures what the judge calls dead.
//! - `fixed_handicap N` places the variant's fixed pattern where the variant has one for the
//!   board, else the pattern of GTP section 4.1.1. `place_free_handicap N` chooses the same
//!   points, and beyond any pattern fills the remaining points in row order from the top left,
//!   avoiding points next to stones already chosen where it can. The variant then decides who
//!   moves first (White, in every built-in variant) and applies its handicap komi and bonus.
//! - `final_score` and `final_status_list` give what the engine believes after both pass (GTP
//!   2): the variant's passes end play, and where the variant then asks the players to agree,
//!   they agree on the stones the status judge calls dead (a loaded record's own dead-stone
//!   marks while the game is the record's); every other stone is alive, or `seki` where the
//!   judge or the variant's count says so (Japanese 1989 Art. 8).
//! - `time_settings`, `kgs-time_settings` and `time_left` are kept (the `clock` module); a
//!   generated move spends at most its share of the time left.
//! - Under `after-stop = "agreement-then-passes"` (Ing) a pass played or generated while play
//!   is stopped is the agreement on those stones, then the pass (GTP has no agreement command).
//! - `loadsgf FILE [N]` loads a record (its size, komi, setup, moves before move N) under the
//!   session's variant; `printsgf [FILE]` writes the game as SGF (GNU Go's extension).

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::io::{BufRead, Write};

use weiqi_core::{
    BoardSize, Color, CoordError, GameResult, Illegal, MAX_GTP_SIDE, Move, Phase, Point, PointMark,
    Points,
};
use weiqi_spec::Ruleset;
use weiqi_spec::katago::KataGoRules;

use crate::clock::Clock;
use crate::game::{self, Game, Refused, move_text, vertex};
use crate::parse_color;
use weiqi_record::Limits;
use weiqi_record::{DEFAULT_RULES, Error, diagram, rules};

/// The longest command line kept, in bytes; a longer line is answered `? line too long`.
pub const MAX_LINE: usize = 8192;

/// The commands, in the order `list_commands` gives them.
pub const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "undo",
    "fixed_handicap",
    "place_free_handicap",
    "set_free_handicap",
    "showboard",
    "final_score",
    "final_status_list",
    "is_legal",
    "kgs-rules",
    "kata-get-rules",
    "kata-set-rules",
    "kata-set-rule",
    "kgs-game_over",
    "kgs-time_settings",
    "kgs-genmove_cleanup",
    "rectangular_boardsize",
    "time_settings",
    "time_left",
    "reg_genmove",
    "loadsgf",
    "printsgf",
    "weiqi-rules",
    "weiqi-explain",
    "weiqi-status",
];

/// The answer to `name`.
pub const NAME: &str = "weiqi rules engine (genmove: the status judge's playout policy)";

/// A small deterministic random generator (SplitMix64, Steele, Lea and Flood 2014): the
/// moves of `genmove` depend only on the seed and the commands received.
#[derive(Debug, Clone)]
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// What a command answers.
type Reply = Result<String, String>;

/// Which of the move generators a command is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Generate {
    /// `genmove`: the move is played.
    Play,
    /// `reg_genmove`: the move `genmove` would play, not played.
    Regression,
    /// `kgs-genmove_cleanup`: the dead stones are captured before a pass.
    Cleanup,
}

impl Generate {
    fn name(self) -> &'static str {
        match self {
            Generate::Play => "genmove",
            Generate::Regression => "reg_genmove",
            Generate::Cleanup => "kgs-genmove_cleanup",
        }
    }
}

/// The engine: the game, the clock and the player.
struct Server {
    game: Game,
    rng: Rng,
    clock: Clock,
    quit: bool,
    /// The limits of the command line (the bytes of a spec file for `weiqi-rules FILE`).
    limits: Limits,
}

/// How the engine starts: the variant, genmove's seed, strictness and the limits.
#[derive(Debug, Clone, Copy)]
pub struct Options<'a> {
    /// The variant: a built-in id, a spec file or an SGF rules name (`None`:
    /// [`DEFAULT_RULES`]).
    pub rules: Option<&'a str>,
    /// The seed of genmove's random choices (the same seed and commands give the same moves).
    pub seed: u64,
    /// Refuse a board size the variant does not prescribe (and the habits of real records in
    /// `loadsgf`).
    pub strict: bool,
    /// The limits (the bytes of a spec file for `weiqi-rules FILE`, the moves of a game and of
    /// a record read by `loadsgf`).
    pub limits: Limits,
}

impl Default for Options<'_> {
    fn default() -> Self {
        Options {
            rules: None,
            seed: 1,
            strict: false,
            limits: Limits::default(),
        }
    }
}

/// Serves GTP on `input` and `output` until `quit` or the end of the input: one answer per
/// command, flushed at once. An error when the variant cannot be loaded or the output cannot
/// be written; no input line is an error.
pub fn serve(
    options: &Options<'_>,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> Result<(), Error> {
    run(
        options.rules,
        options.seed,
        options.strict,
        &options.limits,
        input,
        output,
    )
    .map(|_| ())
}

/// Runs the engine on `input` and `output` until `quit` or the end of the input (`weiqi gtp`);
/// returns the exit code (0). [`serve`] with the options one by one.
pub fn run(
    rules: Option<&str>,
    seed: u64,
    strict: bool,
    limits: &Limits,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> Result<i32, Error> {
    let ruleset = rules::load(rules.unwrap_or(DEFAULT_RULES), limits)?;
    let game = Game::new(ruleset, BoardSize::STANDARD, strict).map_err(Error::new)?;
    let mut server = Server {
        game,
        rng: Rng(seed),
        clock: Clock::default(),
        quit: false,
        limits: *limits,
    };
    let mut line = Vec::new();
    while !server.quit {
        let too_long = match read_capped(input, &mut line, MAX_LINE) {
            Ok(Some(too_long)) => too_long,
            Ok(None) | Err(_) => break,
        };
        let Some(answer) = server.answer(&line, too_long) else {
            continue;
        };
        output
            .write_all(answer.as_bytes())
            .and_then(|()| output.flush())
            .map_err(|e| Error::new(format!("cannot write the output: {e}")))?;
    }
    Ok(0)
}

/// Reads one line into `buf` without its newline, keeping at most `cap` bytes of it (the rest
/// is read and dropped). `None` at the end of the input; `Some(true)` when the line was longer
/// than `cap`.
fn read_capped(
    input: &mut dyn BufRead,
    buf: &mut Vec<u8>,
    cap: usize,
) -> std::io::Result<Option<bool>> {
    buf.clear();
    let mut too_long = false;
    let mut read_any = false;
    loop {
        let (used, done) = {
            let chunk = match input.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                return Ok(read_any.then_some(too_long));
            }
            read_any = true;
            let (part, used, done) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (&chunk[..i], i + 1, true),
                None => (chunk, chunk.len(), false),
            };
            let room = cap.saturating_sub(buf.len());
            if part.len() > room {
                too_long = true;
            }
            buf.extend_from_slice(&part[..part.len().min(room)]);
            (used, done)
        };
        input.consume(used);
        if done {
            return Ok(Some(too_long));
        }
    }
}

/// GTP 2 section 2.5: control characters other than tab removed (bytes above 127 too: the
/// protocol is ASCII), tabs turned into spaces, a comment after `#` dropped, then trimmed.
fn preprocess(line: &[u8]) -> String {
    let mut text = String::with_capacity(line.len());
    for &b in line {
        match b {
            b'#' => break,
            b'\t' => text.push(' '),
            0x20..=0x7e => text.push(char::from(b)),
            _ => {}
        }
    }
    text.trim().to_owned()
}

/// Splits off a leading command id (digits only).
fn split_id(text: &str) -> (Option<&str>, &str) {
    let (first, rest) = text.split_once(' ').unwrap_or((text, ""));
    if !first.is_empty() && first.bytes().all(|b| b.is_ascii_digit()) {
        (Some(first), rest.trim_start())
    } else {
        (None, text)
    }
}

/// The answer text as the protocol frames it: status, id, text, an empty line. Empty lines
/// inside the text would end the answer early, so they are dropped.
fn frame(id: Option<&str>, reply: &Reply) -> String {
    let (status, text) = match reply {
        Ok(t) => ('=', t),
        Err(t) => ('?', t),
    };
    let mut out = String::new();
    out.push(status);
    out.push_str(id.unwrap_or(""));
    let body: Vec<&str> = text
        .trim_end()
        .split('\n')
        .filter(|l| !l.trim().is_empty())
        .collect();
    let leading_newline = text.starts_with('\n');
    if leading_newline {
        out.push(' ');
    }
    for (i, line) in body.iter().enumerate() {
        out.push(if i == 0 && !leading_newline {
            ' '
        } else {
            '\n'
        });
        out.push_str(line);
    }
    out.push_str("\n\n");
    out
}

fn syntax(usage: &str) -> String {
    format!("syntax error: usage: {usage}")
}

/// A vertex argument: `pass` or a GTP point. `Ok(None)`: a well-formed vertex off this board.
fn parse_vertex(text: &str, size: BoardSize) -> Result<Option<Move>, String> {
    if text.eq_ignore_ascii_case("pass") {
        return Ok(Some(Move::Pass));
    }
    match Point::from_gtp(text, size) {
        Ok(p) => Ok(Some(Move::Play(p))),
        Err(CoordError::OffBoard { .. }) => Ok(None),
        Err(_) => Err(format!("invalid vertex {text:?}")),
    }
}

/// A komi argument: a whole or half number.
fn parse_komi(text: &str) -> Result<Points, String> {
    Points::parse(text)
        .ok_or_else(|| format!("syntax error: komi {text:?} is not a whole or half number"))
}

impl Server {
    /// The framed answer to one input line, `None` for an empty line or a comment.
    fn answer(&mut self, line: &[u8], too_long: bool) -> Option<String> {
        let text = preprocess(line);
        let (id, command) = split_id(&text);
        if too_long {
            let reply = Err(format!(
                "line too long: more than {MAX_LINE} bytes (the command was ignored)"
            ));
            return Some(frame(id, &reply));
        }
        if text.is_empty() {
            return None;
        }
        let mut words = command.split(' ').filter(|w| !w.is_empty());
        let reply = match words.next() {
            None => Err("empty command".to_owned()),
            Some(name) => {
                let args: Vec<&str> = words.collect();
                self.dispatch(name, &args)
            }
        };
        Some(frame(id, &reply))
    }

    fn dispatch(&mut self, name: &str, args: &[&str]) -> Reply {
        let size = self.game.size();
        match name {
            "protocol_version" => Ok("2".to_owned()),
            "name" => Ok(NAME.to_owned()),
            "version" => Ok(env!("CARGO_PKG_VERSION").to_owned()),
            "known_command" => match args {
                [c] => Ok(COMMANDS.contains(c).to_string()),
                _ => Err(syntax("known_command COMMAND")),
            },
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => {
                self.quit = true;
                Ok(String::new())
            }
            "boardsize" => self.boardsize(args),
            "clear_board" => match args {
                [] => self.game.clear().map(|()| String::new()),
                _ => Err(syntax("clear_board")),
            },
            "komi" => match args {
                [k] => {
                    let komi = parse_komi(k)?;
                    self.game.set_komi(komi);
                    Ok(String::new())
                }
                _ => Err(syntax("komi FLOAT")),
            },
            "play" => self.play(args),
            "genmove" => self.genmove(args, Generate::Play),
            "reg_genmove" => self.genmove(args, Generate::Regression),
            "kgs-genmove_cleanup" => self.genmove(args, Generate::Cleanup),
            "rectangular_boardsize" => match args {
                [_, _] => self.boardsize(args),
                _ => Err(syntax("rectangular_boardsize WIDTH HEIGHT")),
            },
            "time_settings" => self.clock.time_settings(args),
            "kgs-time_settings" => self.clock.kgs_time_settings(args),
            "time_left" => self.clock.time_left(args),
            "undo" => match args {
                [] => match self.game.undo()? {
                    true => Ok(String::new()),
                    false => Err("cannot undo: no move was played".to_owned()),
                },
                _ => Err(syntax("undo")),
            },
            "fixed_handicap" => self.fixed_handicap(args),
            "place_free_handicap" => self.place_free_handicap(args),
            "set_free_handicap" => self.set_free_handicap(args),
            "showboard" => match args {
                [] => Ok(self.showboard()),
                _ => Err(syntax("showboard")),
            },
            "final_score" => match args {
                [] => self.final_score(),
                _ => Err(syntax("final_score")),
            },
            "final_status_list" => self.final_status_list(args),
            "is_legal" => match args {
                [c, v] => {
                    let color = parse_color(c).ok_or_else(|| syntax("is_legal COLOR VERTEX"))?;
                    let legal = match parse_vertex(v, size)? {
                        None => false,
                        Some(mv) => self.game.check(color, mv).is_ok(),
                    };
                    Ok(if legal { "1" } else { "0" }.to_owned())
                }
                _ => Err(syntax("is_legal COLOR VERTEX")),
            },
            "kgs-rules" => match args {
                [r] => self.switch_rules(r),
                _ => Err(syntax("kgs-rules japanese|chinese|aga|new_zealand")),
            },
            "kata-get-rules" => match args {
                [] => self.kata_get_rules(),
                _ => Err(syntax("kata-get-rules")),
            },
            "kata-set-rules" => match args {
                [] => Err(syntax(
                    "kata-set-rules RULES (a preset, JSON or compact string)",
                )),
                words => self.kata_set_rules(&words.join(" ")),
            },
            "kata-set-rule" => match args {
                [key, value] => self.kata_set_rule(key, value),
                _ => Err(syntax("kata-set-rule KEY VALUE")),
            },
            "kgs-game_over" => Ok(String::new()),
            "loadsgf" => self.loadsgf(args),
            "printsgf" => match args {
                [] => self.printsgf(),
                [file] => {
                    let text = self.printsgf()?;
                    std::fs::write(file, text).map_err(|e| format!("cannot write {file}: {e}"))?;
                    Ok(String::new())
                }
                _ => Err(syntax("printsgf [FILE]")),
            },
            "weiqi-rules" => match args {
                [] => Ok(self.game.ruleset().id.clone()),
                [r] => self.switch_rules(r),
                _ => Err(syntax("weiqi-rules [ID|FILE]")),
            },
            "weiqi-explain" => self.explain_command(args),
            "weiqi-status" => match args {
                [] => Ok(self.status()),
                _ => Err(syntax("weiqi-status")),
            },
            _ => Err("unknown command".to_owned()),
        }
    }

    fn boardsize(&mut self, args: &[&str]) -> Reply {
        let (w, h) = match args {
            [n] => (*n, *n),
            [w, h] => (*w, *h),
            _ => return Err(syntax("boardsize SIZE, or boardsize WIDTH HEIGHT")),
        };
        let side = |t: &str| -> Result<u32, String> {
            t.parse::<u32>()
                .map_err(|_| syntax("boardsize SIZE, or boardsize WIDTH HEIGHT"))
        };
        let (w, h) = (side(w)?, side(h)?);
        let max = u32::from(MAX_GTP_SIDE);
        if !(1..=max).contains(&w) || !(1..=max).contains(&h) {
            return Err(format!(
                "unacceptable size: the sides must be 1 to {max} (the GTP letters)"
            ));
        }
        let size = BoardSize::new(w, h).map_err(|e| format!("unacceptable size: {e}"))?;
        self.game
            .set_size(size)
            .map(|()| String::new())
            .map_err(|e| format!("unacceptable size: {e}"))
    }

    /// The text of a refusal: the reason's code and message, the earlier move a superko
    /// repeats, and the resumption tried.
    fn refusal(&self, refused: &Refused) -> String {
        match refused {
            Refused::Illegal {
                reason,
                after_resume,
            } => {
                let mut t = format!("{} ({})", self.explain(reason), reason.code());
                if *after_resume {
                    t.push_str("; play was stopped and was resumed for the move");
                }
                t
            }
            Refused::Replay(e) => format!("the game cannot be replayed: {e}"),
        }
    }

    /// The reason's message, with the earlier move it names in GTP terms.
    fn explain(&self, reason: &Illegal) -> String {
        let size = self.game.size();
        if let Illegal::HotStone { stones } = reason {
            let s = if stones.len() > 1 { "s" } else { "" };
            let list: Vec<String> = stones.iter().map(|&p| vertex(p, size)).collect();
            return format!("ing ko rule: would capture hot stone{s} {}", list.join(" "));
        }
        let mut t = reason.to_string();
        let earlier = match reason {
            Illegal::PositionalSuperko { repeats }
            | Illegal::SituationalSuperko { repeats }
            | Illegal::NaturalSituationalSuperko { repeats } => Some(*repeats),
            Illegal::CycleRestart { started } => Some(*started),
            _ => None,
        };
        if let Some(n) = earlier {
            match self.game.nth_move(n) {
                Some((c, mv)) => {
                    let _ = write!(
                        t,
                        " (move {n} was {} {})",
                        c,
                        move_text(mv, self.game.size())
                    );
                }
                None if n == 0 => t.push_str(" (move 0 is the start of the game)"),
                None => {}
            }
        }
        t
    }

    fn play(&mut self, args: &[&str]) -> Reply {
        let usage = || syntax("play COLOR VERTEX");
        let [c, v] = args else {
            return Err(usage());
        };
        let color = parse_color(c).ok_or_else(usage)?;
        let Some(mv) = parse_vertex(v, self.game.size())? else {
            return Err(format!("illegal move: {} (off-board)", Illegal::OffBoard));
        };
        self.room_for_a_move()?;
        match self.game.play(color, mv) {
            Ok(()) => Ok(String::new()),
            Err(refused) => Err(format!("illegal move: {}", self.refusal(&refused))),
        }
    }

    /// Refuses a move beyond `--max-moves` (default 10,000): `undo`, `komi` and a change of
    /// variant replay the game, so its length bounds their work (issue 9).
    fn room_for_a_move(&self) -> Result<(), String> {
        let max = self.limits.sgf.moves;
        if self.game.moves() >= max {
            return Err(format!(
                "too many moves: the game has {max} moves, the limit (--max-moves raises it)"
            ));
        }
        Ok(())
    }

    /// `genmove`, `reg_genmove` and `kgs-genmove_cleanup`: a move for `COLOR`, after the pass
    /// `play` would insert when `COLOR` is not to move (GTP 2 section 6.3: GNU Go answers
    /// `genmove b` twice). `reg_genmove` changes nothing (the same move `genmove` would play
    /// next); `kgs-genmove_cleanup` captures the opponent's stones the status judge calls dead
    /// before it passes (the KGS cleanup protocol). The work is bounded by the time the clock
    /// leaves for this move.
    fn genmove(&mut self, args: &[&str], how: Generate) -> Reply {
        let usage = || syntax(&format!("{} COLOR", how.name()));
        let [c] = args else {
            return Err(usage());
        };
        let color = parse_color(c).ok_or_else(usage)?;
        let budget = self.clock.budget(color, self.game.size().points_count());
        if how != Generate::Regression && self.game.passes_agree(Move::Pass) {
            // Ing: the pass after the agreement (see `Game::passes_agree`).
            return match self.game.play(color, Move::Pass) {
                Ok(()) => Ok("pass".to_owned()),
                Err(refused) => Err(format!("illegal move: {}", self.refusal(&refused))),
            };
        }
        if how == Generate::Cleanup && self.game.referee().phase() == Phase::Stopped {
            // KGS: after a dispute the engines capture the dead stones; a capture sent while
            // play is stopped resumes play, as `play` does.
            self.room_for_a_move()?;
            let Some(p) = self.game.cleanup_move(color, budget) else {
                return Ok("pass".to_owned());
            };
            let text = move_text(Move::Play(p), self.game.size());
            return match self.game.play(color, Move::Play(p)) {
                Ok(()) => {
                    self.clock.moved(color);
                    Ok(text)
                }
                Err(refused) => Err(format!(
                    "the referee refused the generated move {text}: {}",
                    self.refusal(&refused)
                )),
            };
        }
        if self.game.referee().phase() != Phase::Playing {
            return Ok("pass".to_owned());
        }
        if how != Generate::Regression {
            self.room_for_a_move()?;
        }
        let inserted = self
            .game
            .turn_to(color)
            .map_err(|r| format!("illegal move: {}", self.refusal(&r)))?;
        let referee = self.game.referee();
        if referee.phase() != Phase::Playing {
            // The pass inserted stopped play: as any genmove while play is stopped, `pass`,
            // and nothing changes.
            self.game
                .take_back(inserted)
                .map_err(|r| self.refusal(&r))?;
            return Ok("pass".to_owned());
        }
        if referee.to_move() != color {
            // --strict: no pass is inserted.
            let reason = Illegal::WrongTurn {
                expected: referee.to_move(),
            };
            return Err(format!("illegal move: {} ({})", reason, reason.code()));
        }
        let mut rng = self.rng.clone();
        let mv = match how {
            Generate::Cleanup => self
                .game
                .cleanup_move(color, budget)
                .map_or(Move::Pass, Move::Play),
            Generate::Play | Generate::Regression => self.game.policy_move(rng.next(), budget),
        };
        let text = move_text(mv, self.game.size());
        if how == Generate::Regression {
            self.game
                .take_back(inserted)
                .map_err(|r| self.refusal(&r))?;
            return Ok(text);
        }
        self.rng = rng;
        match self.game.play_after(inserted, color, mv) {
            Ok(()) => {
                self.clock.moved(color);
                Ok(text)
            }
            Err(refused) => Err(format!(
                "the referee refused the generated move {text}: {}",
                self.refusal(&refused)
            )),
        }
    }

    fn handicap_count(&self, args: &[&str], usage: &str) -> Result<u32, String> {
        let [n] = args else {
            return Err(syntax(usage));
        };
        let n = n.parse::<u32>().map_err(|_| syntax(usage))?;
        if !self.game.is_empty() {
            return Err("board not empty".to_owned());
        }
        Ok(n)
    }

    fn place(&mut self, points: &[Point]) -> Reply {
        self.game
            .set_handicap(points)
            .map_err(|e| format!("the variant refuses the handicap: {e}"))?;
        let size = self.game.size();
        Ok(points
            .iter()
            .map(|&p| vertex(p, size))
            .collect::<Vec<_>>()
            .join(" "))
    }

    fn fixed_handicap(&mut self, args: &[&str]) -> Reply {
        let n = self.handicap_count(args, "fixed_handicap NUMBER")?;
        let size = self.game.size();
        let points = self
            .game
            .variant_pattern(n)
            .or_else(|| {
                size.is_square()
                    .then(|| game::gtp_fixed_pattern(size.width(), n))
                    .flatten()
            })
            .ok_or_else(|| {
                format!(
                    "invalid number of stones: no fixed pattern of {n} stones on the {size} board"
                )
            })?;
        self.place(&points)
    }

    fn place_free_handicap(&mut self, args: &[&str]) -> Reply {
        let n = self.handicap_count(args, "place_free_handicap NUMBER")?;
        let points = game::free_placement(&self.game, n).ok_or_else(|| {
            format!(
                "invalid number of stones: 2 to {} on the {} board",
                self.game.size().points_count() - 1,
                self.game.size()
            )
        })?;
        self.place(&points)
    }

    fn set_free_handicap(&mut self, args: &[&str]) -> Reply {
        let size = self.game.size();
        if args.len() < 2 || args.len() >= size.points_count() {
            return Err(format!(
                "bad vertex list: 2 to {} vertices on the {size} board",
                size.points_count() - 1
            ));
        }
        if !self.game.is_empty() {
            return Err("board not empty".to_owned());
        }
        let mut points = Vec::new();
        let mut seen = BTreeSet::new();
        for v in args {
            match parse_vertex(v, size) {
                Ok(Some(Move::Play(p))) if seen.insert(p) => points.push(p),
                Ok(Some(Move::Play(_))) => {
                    return Err(format!("bad vertex list: {v} is given twice"));
                }
                Ok(Some(Move::Pass)) => {
                    return Err("bad vertex list: pass is not a vertex".to_owned());
                }
                Ok(None) => return Err(format!("bad vertex list: {v} is off the board")),
                Err(e) => return Err(format!("bad vertex list: {e}")),
            }
        }
        self.place(&points).map(|_| String::new())
    }

    fn showboard(&self) -> String {
        let referee = self.game.referee();
        let board = referee.board();
        let size = board.size();
        let marks: Vec<PointMark> = size
            .points()
            .map(|p| board.get(p).map_or(PointMark::Neutral, PointMark::Stone))
            .collect();
        let mut t = String::from("\n");
        t.push_str(&diagram::render(size, &marks));
        let prisoners = referee.prisoners();
        let _ = write!(
            t,
            "{} to move, {}; prisoners black {} white {}",
            referee.to_move(),
            phase_text(referee.phase()),
            prisoners.black,
            prisoners.white
        );
        t
    }

    fn final_score(&self) -> Reply {
        let ruling = self
            .game
            .ruling()
            .map_err(|e| format!("cannot score: {e}"))?;
        match ruling.result {
            GameResult::NoResult => {
                Err("no result: the variant ends this game without result".to_owned())
            }
            r => Ok(r.to_sgf()),
        }
    }

    fn final_status_list(&self, args: &[&str]) -> Reply {
        let usage = || syntax("final_status_list alive|dead|seki");
        let [status] = args else {
            return Err(usage());
        };
        let status = status.to_ascii_lowercase();
        if !["alive", "dead", "seki"].contains(&status.as_str()) {
            return Err(usage());
        }
        let ruling = self
            .game
            .ruling()
            .map_err(|e| format!("cannot rule: {e}"))?;
        let board = &ruling.board;
        let size = board.size();
        let of_status: BTreeSet<Point> = size
            .points()
            .filter(|&p| ruling.status(p) == Some(status.as_str()))
            .collect();
        // One line per string (GTP 2 section 6.3.4: each string on a line of its own).
        let mut seen = BTreeSet::new();
        let mut lines = Vec::new();
        for &p in &of_status {
            if !seen.insert(p) {
                continue;
            }
            let color = board.get(p);
            let mut string = vec![p];
            let mut i = 0;
            while i < string.len() {
                let q = string[i];
                i += 1;
                for n in size.neighbours(q) {
                    if board.get(n) == color && of_status.contains(&n) && seen.insert(n) {
                        string.push(n);
                    }
                }
            }
            string.sort();
            lines.push(
                string
                    .iter()
                    .map(|&q| vertex(q, size))
                    .collect::<Vec<_>>()
                    .join(" "),
            );
        }
        Ok(lines.join("\n"))
    }

    /// `loadsgf FILE [MOVE_NUMBER]` (GTP 2 section 6.3.2): the record's size, komi, setup and
    /// moves up to but not including `MOVE_NUMBER` (all of them without it), under the current
    /// variant (the record's `RU` is not followed: `weiqi-rules` switches); answers the player to
    /// move. The file is read under the command line's limits; nothing changes on an error.
    fn loadsgf(&mut self, args: &[&str]) -> Reply {
        let usage = || syntax("loadsgf FILE [MOVE_NUMBER]");
        let (file, until) = match args {
            [f] => (*f, None),
            [f, n] => (*f, Some(n.parse::<usize>().map_err(|_| usage())?)),
            _ => return Err(usage()),
        };
        let record = weiqi_record::replay::read_record(file, false, &self.limits)
            .map_err(|e| format!("cannot load file: {e}"))?;
        if !record.edits.is_empty() {
            return Err(
                "cannot load file: setup after the first move is not supported by loadsgf"
                    .to_owned(),
            );
        }
        let start = record
            .game_start(self.game.ruleset())
            .map_err(|e| format!("cannot load file: {e}"))?;
        let size = start.setup.size;
        let max = u32::from(MAX_GTP_SIDE);
        if u32::from(size.width()) > max || u32::from(size.height()) > max {
            return Err(format!(
                "cannot load file: the {size} board has sides beyond {max} (the GTP letters)"
            ));
        }
        let moves: Vec<(usize, Color, Move)> = record.moves[start.skip..]
            .iter()
            .filter(|m| until.is_none_or(|n| m.number < n))
            .map(|m| (m.number, m.color, m.mv))
            .collect();
        if moves.len() > self.limits.sgf.moves {
            return Err(format!(
                "cannot load file: more than {} moves (--max-moves raises it)",
                self.limits.sgf.moves
            ));
        }
        self.game
            .load(start.setup, &moves)
            .map_err(|e| format!("cannot load file: {e}"))?;
        // The record's dead-stone marks (TB/TW, stones removed at the end) are what its
        // players agreed: `final_score` and `final_status_list` follow them, as `weiqi score
        // --dead sgf` does, until the game changes.
        if until.is_none() && record.territory_node.is_some() {
            let dead = record.marked_dead(&self.game.referee().board());
            self.game.set_marked_dead(dead);
        }
        Ok(self.game.referee().to_move().to_string())
    }

    /// `printsgf`: the game as an SGF record (size, komi, variant, handicap stones, moves), with
    /// the result, territory marks and a comment once the game has ended.
    fn printsgf(&self) -> Reply {
        let referee = self.game.referee();
        let size = self.game.size();
        let moves = self.game.record_moves();
        let ruling = referee.result().map(|result| {
            let marks = referee
                .score()
                .map(|s| weiqi_record::sgf_out::marks(&s, size));
            (
                result,
                marks,
                format!(
                    "weiqi gtp under {}: {}",
                    self.game.ruleset().id,
                    result.to_sgf()
                ),
            )
        });
        weiqi_record::sgf_out::write(
            &weiqi_record::sgf_out::GameText {
                ruleset: self.game.ruleset(),
                size,
                komi: self.game.komi(),
                handicap: self.game.handicap(),
                stones: &self.game.setup().stones,
                players: None,
                moves: &moves,
                root: Vec::new(),
            },
            ruling,
        )
        .map_err(String::from)
    }

    /// The session's rules as KataGo's JSON (`kata-get-rules`), or why KataGo cannot express
    /// them.
    fn kata_get_rules(&self) -> Reply {
        let rules = KataGoRules::from_ruleset(self.game.ruleset())
            .map_err(|e| format!("the rules {} are not KataGo's: {e}", self.game.ruleset().id))?;
        Ok(rules.to_json(true, true))
    }

    /// `kata-set-rules`: a KataGo rule string (preset, JSON or compact form) as the session's
    /// variant, when weiqi can rule by it.
    fn kata_set_rules(&mut self, text: &str) -> Reply {
        let rules = KataGoRules::parse(text).map_err(|e| format!("unknown rules: {e}"))?;
        self.set_katago(&rules)
    }

    /// `kata-set-rule KEY VALUE`: one field of the session's rules changed, as KataGo does.
    fn kata_set_rule(&mut self, key: &str, value: &str) -> Reply {
        let current = KataGoRules::from_ruleset(self.game.ruleset())
            .map_err(|e| format!("the rules {} are not KataGo's: {e}", self.game.ruleset().id))?;
        let rules = current
            .update(key, value)
            .map_err(|e| format!("cannot set {key}: {e}"))?;
        self.set_katago(&rules)
    }

    fn set_katago(&mut self, rules: &KataGoRules) -> Reply {
        let ruleset = rules
            .to_ruleset()
            .map_err(|e| format!("rules weiqi cannot rule by yet: {e}"))?;
        let id = ruleset.id.clone();
        self.game
            .set_rules(ruleset)
            .map_err(|e| format!("cannot switch to {id}: {e}"))?;
        Ok(String::new())
    }

    fn switch_rules(&mut self, rules: &str) -> Reply {
        let ruleset: Ruleset = rules::load(rules, &self.limits).map_err(|e| {
            format!(
                "unknown rules: {}",
                e.message()
                    .replace(":\n", ": ")
                    .lines()
                    .map(str::trim)
                    .collect::<Vec<_>>()
                    .join("; ")
            )
        })?;
        let id = ruleset.id.clone();
        self.game
            .set_rules(ruleset)
            .map_err(|e| format!("cannot switch to {id}: {e}"))?;
        Ok(String::new())
    }

    fn explain_command(&mut self, args: &[&str]) -> Reply {
        let usage = || syntax("weiqi-explain [COLOR] VERTEX");
        let to_move = self.game.referee().to_move();
        let (color, v) = match args {
            [v] => (to_move, *v),
            [c, v] => (parse_color(c).ok_or_else(usage)?, *v),
            _ => return Err(usage()),
        };
        let Some(mv) = parse_vertex(v, self.game.size())? else {
            return Ok(format!("illegal off-board: {}", Illegal::OffBoard));
        };
        Ok(match self.game.check(color, mv) {
            Ok(()) => "legal".to_owned(),
            Err(Refused::Illegal {
                reason,
                after_resume,
            }) => {
                let mut t = format!("illegal {}: {}", reason.code(), self.explain(&reason));
                if after_resume {
                    t.push_str("; play is stopped: checked after a resumption by the player");
                }
                t
            }
            Err(r) => return Err(self.refusal(&r)),
        })
    }

    fn status(&self) -> String {
        let referee = self.game.referee();
        let by = |b: weiqi_core::ByColor<u32>| format!("black {} white {}", b.black, b.white);
        let hot = match referee.hot_stones() {
            None => "not tracked".to_owned(),
            Some(h) if h.is_empty() => "none".to_owned(),
            Some(h) => h
                .iter()
                .map(|&p| vertex(p, self.game.size()))
                .collect::<Vec<_>>()
                .join(" "),
        };
        let komi_from = if self.game.komi_is_variants() {
            "the variant's"
        } else {
            "set by komi"
        };
        let mut t = String::new();
        let _ = writeln!(t, "rules {}", self.game.ruleset().id);
        let _ = writeln!(t, "size {}", self.game.size());
        let _ = writeln!(t, "handicap {}", self.game.handicap());
        let _ = writeln!(t, "komi {} ({komi_from})", self.game.komi());
        let _ = writeln!(t, "phase {}", phase_text(referee.phase()));
        let _ = writeln!(t, "to-move {}", referee.to_move());
        let _ = writeln!(t, "moves {}", referee.moves_played());
        let _ = writeln!(t, "prisoners {}", by(referee.prisoners()));
        let _ = writeln!(t, "pass-stones {}", by(referee.pass_stones()));
        let _ = writeln!(t, "hot-stones {hot}");
        let _ = write!(t, "time {}", self.clock.describe());
        if let Some(r) = referee.result() {
            let _ = write!(t, "\nresult {}", r.to_sgf());
        }
        t
    }
}

/// The phase in words: `playing`, `stopped`, `ended (agreement)`, ...
fn phase_text(phase: Phase) -> String {
    match phase {
        Phase::Playing => "playing".to_owned(),
        Phase::Stopped => "stopped".to_owned(),
        Phase::Ended(e) => format!("ended ({})", ending_text(e)),
    }
}

fn ending_text(e: weiqi_core::Ending) -> String {
    use weiqi_core::Ending;
    match e {
        Ending::Agreement => "agreement".to_owned(),
        Ending::AllAlive => "all stones alive".to_owned(),
        Ending::NoResult => "no result".to_owned(),
        Ending::Draw => "draw".to_owned(),
        Ending::Resignation(c) => format!("{c} resigned"),
        Ending::Time(c) => format!("{c} lost on time"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_capped_and_preprocessed() {
        // GTP 2 section 2.5; issue 14 "Bad input": very long lines, binary bytes.
        let mut input: &[u8] = b"12 name # comment\n\x00\x01list\tcommands\r\nabcdefghij\nlast";
        let mut buf = Vec::new();
        assert_eq!(
            read_capped(&mut input, &mut buf, 8).expect("read"),
            Some(true)
        );
        assert_eq!(buf, b"12 name ");
        assert_eq!(
            read_capped(&mut input, &mut buf, 64).expect("read"),
            Some(false)
        );
        assert_eq!(preprocess(&buf), "list commands");
        assert_eq!(
            read_capped(&mut input, &mut buf, 4).expect("read"),
            Some(true)
        );
        assert_eq!(
            read_capped(&mut input, &mut buf, 64).expect("read"),
            Some(false)
        );
        assert_eq!(buf, b"last");
        assert_eq!(read_capped(&mut input, &mut buf, 64).expect("read"), None);
        assert_eq!(preprocess(b"12 name # comment"), "12 name");
        assert_eq!(split_id("12 name"), (Some("12"), "name"));
        assert_eq!(split_id("name 12"), (None, "name 12"));
    }

    #[test]
    fn answers_are_framed_with_the_id_and_an_empty_line() {
        // GTP 2 section 2.7.
        assert_eq!(frame(Some("3"), &Ok("2".into())), "=3 2\n\n");
        assert_eq!(frame(None, &Ok(String::new())), "=\n\n");
        assert_eq!(
            frame(None, &Err("unknown command".into())),
            "? unknown command\n\n"
        );
        assert_eq!(frame(None, &Ok("a\n\nb".into())), "= a\nb\n\n");
        assert_eq!(frame(Some("1"), &Ok("\nX .".into())), "=1 \nX .\n\n");
    }

    /// A server under `rules` that has answered `lines`; the answers, concatenated.
    fn serve_lines(rules: &str, lines: &[String]) -> (Server, String) {
        let ruleset = rules::load(rules, &Limits::default()).expect("a variant");
        let game = Game::new(ruleset, BoardSize::STANDARD, false).expect("a game");
        let mut server = Server {
            game,
            rng: Rng(5),
            clock: Clock::default(),
            quit: false,
            limits: Limits::default(),
        };
        let mut out = String::new();
        for line in lines {
            if let Some(a) = server.answer(line.as_bytes(), false) {
                out.push_str(&a);
            }
        }
        (server, out)
    }

    #[test]
    fn undo_komi_and_the_same_rules_replay_nothing_issue_28() {
        // Issue 28 item 4: a session's cost is linear in its length. After a long game,
        // a thousand `komi`, `undo` then the move again, `kgs-rules` and `weiqi-rules` of
        // the variant in force, `is_legal` for the player not to move and `reg_genmove` replay
        // no move at all (before: every one of them replayed the whole game).
        let mut lines: Vec<String> = vec!["boardsize 19".into()];
        for _ in 0..300 {
            lines.push("genmove b".into());
            lines.push("genmove w".into());
        }
        let (mut server, out) = serve_lines("japanese-1989", &lines);
        assert!(!out.contains('?'), "{out}");
        let moves = server.game.moves();
        assert!(moves >= 300, "a long game: {moves} moves");
        let mut more = Vec::new();
        for i in 0..1000 {
            more.push(format!("komi {}.5", i % 10));
            more.push("kgs-rules japanese".into());
            more.push("weiqi-rules japanese-1989".into());
            more.push("is_legal w A1".into());
            more.push("reg_genmove w".into());
        }
        for _ in 0..200 {
            more.push("undo".into());
            more.push("genmove b".into());
        }
        let mut out = String::new();
        for line in &more {
            if let Some(a) = server.answer(line.as_bytes(), false) {
                out.push_str(&a);
            }
        }
        assert!(!out.contains("? "), "{}", &out[..out.len().min(2000)]);
        assert_eq!(server.game.replayed, 0, "no move was replayed");
        assert_eq!(server.game.komi(), Points::parse("9.5").expect("komi"));
        // A different variant does replay the game, once (here up to a move its superko
        // refuses, or to the end).
        let moves = server.game.moves();
        let answer = server.answer(b"weiqi-rules chinese-kgs", false);
        assert!(answer.is_some());
        assert!((1..=moves).contains(&server.game.replayed), "{answer:?}");
    }

    #[test]
    fn the_generator_is_seeded() {
        // The seeds of genmove's choices depend only on the seed and the commands received.
        let mut a = Rng(7);
        let mut b = Rng(7);
        let draws: Vec<u64> = (0..20).map(|_| a.next()).collect();
        assert_eq!(draws, (0..20).map(|_| b.next()).collect::<Vec<_>>());
        let mut c = Rng(8);
        assert_ne!(draws, (0..20).map(|_| c.next()).collect::<Vec<_>>());
    }
}
