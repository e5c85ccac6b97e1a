//! The `weiqi` command line, as a library so that tests can run it in-process. It parses the
//! arguments, prints and orchestrates; the rulings are `weiqi-record`'s (`check`, `score`, the
//! dead stones, the JSON objects) and GTP is `weiqi-gtp`'s. A program that wants the logic
//! depends on those crates, or on the facade `weiqi`, never on this one.
//!
//! - `weiqi rules list | show | lint | diff`: the rule variants (built-in or spec files).
//! - `weiqi check GAME.sgf`: replays the main line of a record and rules on every move.
//! - `weiqi score GAME.sgf`: replays, takes the dead stones and rules on the result.
//! - `weiqi diff GAME.sgf`: the game under every variant (or those of `--rules A,B`), a row
//!   each, the cells that differ marked.
//! - `check`, `score` and `diff` take many files, directories and `-` (standard input) and
//!   rule on them on every core, a line per game and a summary (the `batch` module).
//! - `weiqi perft`: the number of legal move sequences of each length up to a depth, in the
//!   format of `perft/*.txt`.
//! - `weiqi gtp`: a GTP version 2 engine on standard input and output that keeps the game
//!   under the variant (a rules engine: `genmove` plays random legal moves).
//! - `weiqi referee --black CMD --white CMD`: plays two GTP programs against each other under
//!   the variant, one SGF record per game and a summary table (`weiqi_gtp::arbiter`).
//!
//! `check` and `score` rule with the engine; `--interpreter` selects the literal interpreter
//! (the oracle), and so does `--budget` (a bound on interpreter work: the engine is bounded by
//! design); `--both` rules with both and reports the first divergence (issue 11 item 4).
//!
//! Exit codes: 0 success (all moves legal, the game scored, no lint problem); 1 a move is
//! illegal (`check`, `score`) or a spec file has problems (`rules lint`); 2 unreadable input,
//! a limit exceeded, a bad `--rules` or a usage error; 3 the engine and the interpreter
//! disagree (`--both`); 4 inconclusive (the `--budget` ran out before a ruling). The limits
//! and their flags are in `weiqi_record::limits` and the README. The JSON output is described
//! in `JSON.md`.
//!
//! ```
//! let mut out = Vec::new();
//! let mut err = Vec::new();
//! let code = weiqi_cli::run(["weiqi", "rules", "list"], &mut out, &mut err);
//! assert_eq!(code, 0);
//! assert!(String::from_utf8(out)?.contains("japanese-1989"));
//! # Ok::<(), std::string::FromUtf8Error>(())
//! ```
#![deny(missing_docs)]

mod batch;
mod diff;
mod error;
mod files;
mod perft;
mod rulers;
mod rules_cmd;
mod rulings_diff;
mod score;
mod summary;
mod svg;

use std::ffi::OsString;
use std::io::Write;

use clap::{Parser, Subcommand};
use weiqi_record::check::CheckOptions;
use weiqi_record::score::ScoreOptions;
use weiqi_record::{Limits, Which};

pub use error::CliError;
pub use weiqi_record::{
    DEFAULT_RULES, EXIT_ERROR, EXIT_ILLEGAL, EXIT_INCONCLUSIVE, EXIT_OK, MAX_PROBLEMS,
};

#[derive(Debug, Parser)]
#[command(
    name = "weiqi",
    version,
    about = "The rules of Go as data: check and score game records under any rule variant",
    after_help = "Exit codes: 0 success, 1 an illegal move or lint problems, 2 unreadable input, \
                  a limit exceeded or bad arguments, 3 the engine and the interpreter disagree \
                  (--both), 4 inconclusive (--budget ran out). With many files, the worst \
                  of any game: 0 < 1 < 4 < 2 < 3."
)]
struct Cli {
    /// A built-in variant id (see `weiqi rules list`) or the path of a spec file.
    #[arg(long, global = true, value_name = "ID|FILE")]
    rules: Option<String>,
    /// The largest file read, in bytes (default: 16 MiB for a record, 1 MiB for a spec file).
    #[arg(long, global = true, value_name = "BYTES")]
    max_bytes: Option<usize>,
    /// The most moves of a record: nodes along any line of its game tree [default: 10000].
    #[arg(long, global = true, value_name = "N")]
    max_moves: Option<usize>,
    /// The most nodes of a record, variations included [default: 200000].
    #[arg(long, global = true, value_name = "N")]
    max_nodes: Option<usize>,
    /// The most problems `rules lint` prints; the rest are counted [default: 100].
    #[arg(long, global = true, value_name = "N")]
    max_problems: Option<usize>,
    /// Refuse what is otherwise read with a note: the habits of real records (FF[3] values,
    /// setup after the first move, omitted passes, which are then `wrong-turn`, handicap
    /// stones written as moves, an unreadable komi, ...) and a board size the variant's text
    /// does not prescribe (docs/decisions.md 24, 25).
    #[arg(long, global = true)]
    strict: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// The rule variants: list, show, lint and diff.
    Rules {
        #[command(subcommand)]
        command: rules_cmd::RulesCommand,
    },
    /// Replay the main line of a game record and rule on every move.
    #[command(
        long_about = "Replay the main line of a game record and rule on every move.\n\n\
                      The rules come from --rules, else from the record's RU property, else \
                      the default variant (japanese-1989); the output says which. The list \
                      stops at the first illegal move. Exit code 0 when every move is legal, \
                      1 when one is illegal, 2 when the record or the rules cannot be read."
    )]
    Check {
        /// The SGF files, directories (every `*.sgf` inside, recursively) or `-` (standard
        /// input).
        #[arg(required = true)]
        game: Vec<String>,
        #[command(flatten)]
        batch: batch::BatchArgs,
        /// Rule with the literal interpreter (the oracle) instead of the engine.
        #[arg(long, conflicts_with = "both")]
        interpreter: bool,
        /// Rule with both the engine and the interpreter: exit code 3 and a report of the first
        /// divergence when they disagree, else the engine's ruling.
        #[arg(long)]
        both: bool,
        /// At most this many steps of interpreter work for the whole command (one per
        /// simulated play and per history entry compared; a count costs the square of the
        /// board's points). Running out is inconclusive (exit code 4), never a ruling. A
        /// budget rules with the interpreter (the engine is bounded by design and has none).
        #[arg(long, value_name = "STEPS")]
        budget: Option<u64>,
        /// Print JSON (see JSON.md).
        #[arg(long)]
        json: bool,
        /// Also draw the position before move `--move` (default: the first illegal move, else
        /// the position after the last move) as an SVG picture: the move's point (a red cross
        /// when refused) and, for a superko or Ing refusal, the earlier position it repeats.
        #[arg(long, value_name = "OUT.svg")]
        svg: Option<std::path::PathBuf>,
        /// The move `--svg` draws the position before (numbered from 1 along the main line).
        #[arg(long = "move", value_name = "N", requires = "svg")]
        move_number: Option<usize>,
    },
    /// Replay a game record, take the dead stones and rule on the result.
    #[command(
        long_about = "Replay a game record, take the dead stones and rule on the result.\n\n\
                      The dead stones are the stones on points of the record's territory marks \
                      (TB/TW), or none, or a list of points. When play stopped after the \
                      passes, the game ends by the players' agreement on those stones; \
                      otherwise the final position is counted as it stands. Exit code 0 when \
                      the game is ruled, 1 when a move is illegal, 2 when the input cannot be \
                      read."
    )]
    Score {
        /// The SGF files, directories (every `*.sgf` inside, recursively) or `-` (standard
        /// input).
        #[arg(required = true)]
        game: Vec<String>,
        #[command(flatten)]
        batch: batch::BatchArgs,
        /// Komi for this game, overriding the record's KM and the variant's default.
        #[arg(long, value_name = "K", allow_hyphen_values = true)]
        komi: Option<String>,
        /// Dead stones: `sgf` (the record's TB/TW marks; the default when it has marks),
        /// `none` (the default otherwise), `auto` (a deterministic estimate that marks only
        /// stones proven dead: inside unconditionally alive areas), `gnugo` (GNU Go's
        /// `final_status_list dead` over GTP; GNU Go must be installed), or points separated
        /// by commas in SGF or GTP notation (`cc,D4`); any stone of a string marks the whole
        /// string dead.
        #[arg(long, value_name = "sgf|none|auto|gnugo|POINTS")]
        dead: Option<String>,
        /// Also write the record with the ruling to this file: RE in the root and a comment on
        /// the last node of the main line, everything else kept, the record's own TB/TW marks
        /// included (see --marks). The input file itself is overwritten only with --force.
        #[arg(long, value_name = "OUT.sgf")]
        write: Option<std::path::PathBuf>,
        /// With --write: allow writing over the input file.
        #[arg(long, requires = "write")]
        force: bool,
        /// With --write, the TB/TW marks written: `keep` (the default) keeps the record's own
        /// marks, and writes the ruling's (territory and dead stones) only into a record that
        /// has none; `ruling` replaces the record's marks with the ruling's.
        #[arg(
            long,
            value_name = "keep|ruling",
            requires = "write",
            default_value = "keep"
        )]
        marks: score::MarksArg,
        /// Rule with the literal interpreter (the oracle) instead of the engine.
        #[arg(long, conflicts_with = "both")]
        interpreter: bool,
        /// Rule with both the engine and the interpreter: exit code 3 and a report of the first
        /// divergence when they disagree, else the engine's ruling.
        #[arg(long)]
        both: bool,
        /// At most this many steps of interpreter work for the whole command (one per
        /// simulated play and per history entry compared; a count costs the square of the
        /// board's points). Running out is inconclusive (exit code 4), never a ruling. A
        /// budget rules with the interpreter (the engine is bounded by design and has none).
        #[arg(long, value_name = "STEPS")]
        budget: Option<u64>,
        /// Print JSON (see JSON.md).
        #[arg(long)]
        json: bool,
        /// Also draw the final board as an SVG picture: stones, each side's territory, dead
        /// stones, seki stones and shared points, the last play, the breakdown and the result,
        /// and for Ing the filled board of the fill-in counting (when a move is illegal: the
        /// position before it, as `check --svg`).
        #[arg(long, value_name = "OUT.svg")]
        svg: Option<std::path::PathBuf>,
    },
    /// Count the legal move sequences of each length up to a depth (perft), in the format of
    /// the data files perft/*.txt.
    #[command(
        long_about = "Count the legal move sequences of each length up to a depth (perft): \
                      board plays and passes, stopping where play stops or the game ends, under \
                      the variant of --rules (default japanese-1989), by the engine or \
                      (--interpreter) the interpreter. One line per depth from 1, in the format \
                      of the data files perft/*.txt: <variant> <W>x<H> <rows> <B|W> <depth> \
                      <count>."
    )]
    Perft {
        /// The empty board to start from, `WxH` (or `N` for a square board).
        #[arg(long, value_name = "WxH", required_unless_present = "position")]
        size: Option<String>,
        /// A position to start from instead: the rows from the top separated by `/`, `X`
        /// Black, `O` White, `.` empty (as in perft/*.txt).
        #[arg(long, value_name = "ROWS")]
        position: Option<String>,
        /// The player to move.
        #[arg(long, value_name = "B|W", default_value = "B", value_parser = parse_color)]
        to_move: weiqi_core::Color,
        /// The longest sequences counted.
        #[arg(long, value_name = "D", value_parser = clap::value_parser!(u32).range(1..))]
        depth: u32,
        /// Count with the literal interpreter (the oracle) instead of the engine.
        #[arg(long)]
        interpreter: bool,
    },
    /// One game under many variants: a row per variant, the cells that differ marked.
    #[command(
        long_about = "One game under many variants: a row per variant with the first illegal \
                      move and its reason, the status, the result and margin and the score \
                      breakdown; a cell that differs from the most common value of its column \
                      is marked *. The variants are those of --rules A,B,... (ids or spec \
                      files), else every built-in one (--all). Exit code 0 when the variants \
                      agree, 1 when they differ, 2 when one cannot rule on the game."
    )]
    Diff {
        /// The SGF files, directories (every `*.sgf` inside, recursively) or `-` (standard
        /// input).
        #[arg(required = true)]
        game: Vec<String>,
        /// Every built-in variant (the default without --rules).
        #[arg(long)]
        all: bool,
        /// Dead stones, the same under every variant: as for `weiqi score --dead`.
        #[arg(long, value_name = "sgf|none|auto|gnugo|POINTS")]
        dead: Option<String>,
        /// Print JSON (see JSON.md).
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        batch: batch::BatchArgs,
    },
    /// Speak GTP version 2 on standard input and output: a rules engine, not a player.
    #[command(
        long_about = "Speak GTP version 2 (the Go Text Protocol) on standard input and output, \
                      keeping the game under the variant of --rules (default japanese-1989): \
                      every move is checked by the engine and an illegal one is answered \
                      `? illegal move: <reason> (<code>)`. A rules engine first, a weak player \
                      second: genmove plays the status judge's playout policy (captures and \
                      saves strings in atari, never fills its own eyes), from --seed.\n\n\
                      Commands: protocol_version name version known_command list_commands \
                      quit boardsize clear_board komi play genmove undo fixed_handicap \
                      place_free_handicap set_free_handicap showboard final_score \
                      final_status_list is_legal kgs-rules kgs-game_over kgs-time_settings \
                      kgs-genmove_cleanup rectangular_boardsize time_settings time_left \
                      reg_genmove loadsgf printsgf, and weiqi-rules [ID|FILE] (show or switch \
                      the variant, replaying the moves), weiqi-explain [COLOR] VERTEX (why a \
                      move is illegal now) and weiqi-status (phase, prisoners, pass stones, hot \
                      stones, time).\n\n\
                      The board starts 19x19; `boardsize W H` sets a W x H rectangle. A move by \
                      the player not to move follows an inserted pass (--strict refuses it). \
                      final_score and final_status_list give what the engine believes after \
                      both pass: the status judge's dead stones, or a loaded record's marks. \
                      README.md, section GTP, lists every choice."
    )]
    Gtp {
        /// The seed of genmove's random choices (the same seed and commands give the same
        /// moves).
        #[arg(long, default_value_t = 1, value_name = "N")]
        seed: u64,
    },
    /// Play two GTP programs against each other under the variant and rule every game.
    #[command(
        long_about = "Play two GTP programs against each other under the variant of --rules \
                      (default japanese-1989), the engine ruling every move: an illegal move, \
                      a crash, a hang past --move-time, garbage, an answer over 1 MiB or out of \
                      order loses the game, with the reason in the record; a program that \
                      cannot start or exits before its first move stops the run (exit 2, no \
                      result). At the stop both programs are asked for final_status_list dead: \
                      the same stones end the game by agreement, different ones are a dispute \
                      (recorded with the status judge's view) and play resumes, with \
                      kgs-genmove_cleanup under area scoring, as the variant says (AGA and Ing \
                      end after four passes); at the fourth dispute the judge settles it. One SGF record per game \
                      (--sgf-dir) with RE, TB/TW and a comment; a progress line per game on \
                      standard error; a summary table, or JSON with --json. Colours alternate \
                      between games when --games is even. README.md, section \"weiqi \
                      referee\", has a worked example."
    )]
    Referee {
        /// Black's program: a command line (words split at spaces; quotes group), e.g.
        /// "gnugo --mode gtp --level 1". With an even --games it is program A and plays
        /// White in every second game.
        #[arg(long, value_name = "CMD")]
        black: String,
        /// White's program (program B).
        #[arg(long, value_name = "CMD")]
        white: String,
        /// The board's side, 2 to 25.
        #[arg(long, default_value_t = 19, value_name = "N")]
        size: u32,
        /// Komi [default: the variant's for the handicap].
        #[arg(long, value_name = "K", allow_hyphen_values = true)]
        komi: Option<String>,
        /// Handicap: 0 even; 1 a handicap game without stones; N >= 2 stones on the variant's
        /// fixed points for the board, else GTP's, sent with set_free_handicap.
        #[arg(long, default_value_t = 0, value_name = "N")]
        handicap: u32,
        /// The number of games.
        #[arg(long, default_value_t = 1, value_name = "G")]
        games: u32,
        /// Write each game's record to DIR/game-001.sgf, ...
        #[arg(long, value_name = "DIR")]
        sgf_dir: Option<std::path::PathBuf>,
        /// The time limit of every answer of a program, in seconds (past it: a loss on time).
        #[arg(long, default_value_t = 60.0, value_name = "S")]
        move_time: f64,
        /// Print JSON instead of the summary table.
        #[arg(long)]
        json: bool,
    },
}

/// Runs the command line `args` (the program name first), writing to `out` and `err`; returns
/// the exit code.
pub fn run<I, T>(args: I, out: &mut dyn Write, err: &mut dyn Write) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let text = e.render().to_string();
            let _ = if e.use_stderr() {
                err.write_all(text.as_bytes())
            } else {
                out.write_all(text.as_bytes())
            };
            return code;
        }
    };
    let mut limits = Limits::default();
    if let Some(b) = cli.max_bytes {
        limits.sgf.bytes = b;
        limits.spec_bytes = b;
    }
    if let Some(n) = cli.max_moves {
        limits.sgf.moves = n;
    }
    if let Some(n) = cli.max_nodes {
        limits.sgf.nodes = n;
    }
    if let Some(n) = cli.max_problems {
        limits.problems = n;
    }
    let result = match &cli.command {
        Command::Rules { command } => rules_cmd::run(command, cli.rules.as_deref(), &limits, out),
        Command::Check {
            game,
            batch,
            json,
            budget,
            interpreter,
            both,
            svg,
            move_number,
        } => {
            let limits = Limits {
                budget: *budget,
                ..limits
            };
            let rule = rulers::CheckRule {
                options: CheckOptions {
                    rules: cli.rules.as_deref(),
                    strict: cli.strict,
                    limits,
                    which: Which::from_flags(*interpreter, *budget),
                    both: *both,
                },
                json: *json,
                svg: svg.as_deref(),
                number: *move_number,
            };
            let reading = batch::Reading {
                limits,
                strict: cli.strict,
                json: *json,
            };
            batch::run(&rule, game, reading, batch, out, err)
        }
        Command::Score {
            game,
            batch,
            komi,
            dead,
            write,
            json,
            budget,
            interpreter,
            both,
            svg,
            force,
            marks,
        } => batch::run(
            &rulers::ScoreRule {
                options: score::Options {
                    score: ScoreOptions {
                        rules: cli.rules.as_deref(),
                        komi: komi.as_deref(),
                        dead: dead.as_deref(),
                        limits: Limits {
                            budget: *budget,
                            ..limits
                        },
                        strict: cli.strict,
                        which: Which::from_flags(*interpreter, *budget),
                        both: *both,
                        judge: Some(score::GNUGO),
                    },
                    write: write.as_deref(),
                    force: *force,
                    marks: *marks,
                    svg: svg.as_deref(),
                    json: *json,
                },
            },
            game,
            batch::Reading {
                limits,
                strict: cli.strict,
                json: *json,
            },
            batch,
            out,
            err,
        ),
        Command::Diff {
            game,
            all,
            dead,
            json,
            batch,
        } => diff::DiffRule::new(
            cli.rules.as_deref(),
            *all,
            dead.as_deref(),
            cli.strict,
            *json,
            limits,
        )
        .and_then(|rule| {
            let reading = batch::Reading {
                limits,
                strict: cli.strict,
                json: *json,
            };
            batch::run(&rule, game, reading, batch, out, err)
        }),
        Command::Referee {
            black,
            white,
            size,
            komi,
            handicap,
            games,
            sgf_dir,
            move_time,
            json,
        } => weiqi_gtp::arbiter::run(
            &weiqi_gtp::arbiter::Options {
                black,
                white,
                rules: cli.rules.as_deref(),
                size: *size,
                komi: komi.as_deref(),
                handicap: *handicap,
                games: *games,
                sgf_dir: sgf_dir.as_deref(),
                move_time: *move_time,
                json: *json,
                limits,
            },
            out,
            err,
        )
        .map_err(CliError::from),
        Command::Perft {
            size,
            position,
            to_move,
            depth,
            interpreter,
        } => perft::run(
            &perft::Request {
                rules: cli.rules.as_deref(),
                size: size.as_deref(),
                position: position.as_deref(),
                to_move: *to_move,
                depth: *depth,
                which: Which::from_flags(*interpreter, None),
            },
            &limits,
            out,
        ),
        Command::Gtp { seed } => weiqi_gtp::server::run(
            cli.rules.as_deref(),
            *seed,
            cli.strict,
            &limits,
            &mut std::io::stdin().lock(),
            out,
        )
        .map_err(CliError::from),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            let _ = writeln!(err, "error: {e}");
            EXIT_ERROR
        }
    }
}

/// Rules on a record given as bytes, as `weiqi check --json` (`score` false) or `weiqi score
/// --json` (`score` true) would on a file holding them, under the default limits and at most
/// `budget` steps of interpreter work (the engine rules without a budget, the interpreter with
/// one, as on the command line): what a server embedding weiqi runs on untrusted input
/// (the `check_score` fuzz target drives it). Returns the exit code and the output, stdout then
/// stderr.
pub fn rule_bytes(bytes: &[u8], score: bool, budget: Option<u64>) -> (i32, String) {
    let limits = Limits {
        budget,
        ..Limits::default()
    };
    let name = "input.sgf";
    let options = weiqi_sgf::ReadOptions {
        strict: false,
        limits: limits.sgf,
    };
    let which = Which::from_flags(false, budget);
    let result = weiqi_sgf::parse_with(name, bytes, options)
        .map_err(|e| weiqi_record::Error::new(e.to_string()))
        .and_then(|record| {
            if score {
                let options = ScoreOptions {
                    limits,
                    which,
                    ..ScoreOptions::default()
                };
                let scored = weiqi_record::score::score_record(name, &record, &options)?;
                Ok((scored.exit_code(), scored.output(true)?))
            } else {
                let options = CheckOptions {
                    limits,
                    which,
                    ..CheckOptions::default()
                };
                let checked = weiqi_record::check::check_record(name, &record, &options)?;
                Ok((checked.exit_code(), checked.output(true)?))
            }
        });
    match result {
        Ok((code, text)) => (code, text),
        Err(e) => (EXIT_ERROR, format!("error: {e}\n")),
    }
}

/// `B` or `W` (`--to-move`).
fn parse_color(text: &str) -> Result<weiqi_core::Color, String> {
    weiqi_core::Color::from_letter(text).ok_or_else(|| format!("{text:?} is not B or W"))
}
