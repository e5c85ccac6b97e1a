//! `weiqi referee`: plays two GTP programs against each other under a variant (issue 14 item
//! 2). Not to be confused with [`weiqi_record::referee`], the factory of the engine or interpreter
//! that rules: this module is the arbiter between two programs, and rules with the engine.
//!
//! For each game it starts both programs, sends the setup (`boardsize`, `clear_board`, `komi`,
//! the handicap stones with `set_free_handicap`), relays the moves ([`play`]), writes one SGF
//! record with the ruling (`RE`, `TB`/`TW` of the count, a comment naming the variant, how the
//! game ended and any dispute), and prints a progress line on standard error. At the end it
//! prints a summary table (or, with `--json`, one JSON object). Colours alternate between
//! games when the number of games is even, so that each program has Black as often.

pub mod play;

use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Serialize;
use weiqi_core::{
    BoardSize, ByColor, Color, GameResult, MAX_GTP_SIDE, Point, Points, Setup, WinBy,
};
use weiqi_spec::Ruleset;

use crate::emit;
use play::{Fault, GameSetup, Outcome};
use weiqi_record::Limits;
use weiqi_record::{DEFAULT_RULES, Error, rules, sgf_out};

/// What `weiqi referee` was asked.
pub struct Options<'a> {
    /// Black's program (program A): a command line, words split at spaces, quotes group.
    pub black: &'a str,
    /// White's program (program B).
    pub white: &'a str,
    /// The variant: a built-in id, a spec file or an SGF rules name (`None`: the default).
    pub rules: Option<&'a str>,
    /// The board's side, 2 to 25.
    pub size: u32,
    /// Komi (`None`: the variant's for the handicap).
    pub komi: Option<&'a str>,
    /// Handicap: 0 even; 1 a handicap game without stones; N >= 2 stones.
    pub handicap: u32,
    /// The number of games (colours alternate when even).
    pub games: u32,
    /// Where each game's record is written (`game-001.sgf`, ...).
    pub sgf_dir: Option<&'a Path>,
    /// The time limit of every answer of a program, in seconds.
    pub move_time: f64,
    /// Print JSON instead of the summary table.
    pub json: bool,
    /// The limits (the most moves of a game, the bytes of a spec file).
    pub limits: Limits,
}

/// Splits a command line into words: spaces separate, single and double quotes group, a
/// backslash outside single quotes takes the next character as it is. No other shell syntax.
pub fn split_command(text: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some('\''), c) => word.push(c),
            (_, '\\') => match chars.next() {
                Some(n) => {
                    word.push(n);
                    in_word = true;
                }
                None => return Err(format!("{text:?} ends with a backslash")),
            },
            (Some(_), c) => word.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if quote.is_some() {
        return Err(format!("{text:?} has an unclosed quote"));
    }
    if in_word {
        words.push(word);
    }
    if words.is_empty() {
        return Err("an empty command".to_owned());
    }
    Ok(words)
}

/// The handicap stones of a game of `handicap` stones: the variant's pattern for the board,
/// else GTP's fixed pattern (section 4.1.1). None at handicap 0 and 1.
fn handicap_stones(
    ruleset: &Ruleset,
    size: BoardSize,
    handicap: u32,
) -> Result<Vec<Point>, String> {
    if handicap < 2 {
        return Ok(Vec::new());
    }
    ruleset
        .handicap
        .patterns
        .get(&size)
        .and_then(|by_count| by_count.get(&handicap))
        .cloned()
        .or_else(|| {
            size.is_square()
                .then(|| crate::game::gtp_fixed_pattern(size.width(), handicap))
                .flatten()
        })
        .ok_or_else(|| {
            format!(
                "--handicap {handicap}: no fixed pattern of {handicap} stones on the {size} board"
            )
        })
}

/// One program's line of the summary.
#[derive(Debug, Default, Clone, Serialize)]
struct Tally {
    label: String,
    command: String,
    games: u32,
    wins: u32,
    wins_black: u32,
    games_black: u32,
    wins_white: u32,
    games_white: u32,
    draws: u32,
    no_result: u32,
    /// The mean of the program's margin over its counted games (its total minus the
    /// opponent's), `null` without one.
    average_margin: Option<f64>,
    #[serde(skip)]
    margins: Vec<Points>,
    illegal_moves: u32,
    time_losses: u32,
    forfeits: u32,
    resignations: u32,
}

/// One game in the JSON output.
#[derive(Debug, Serialize)]
struct GameJson {
    game: u32,
    black: String,
    white: String,
    /// `A` (the program of `--black`) or `B` (of `--white`).
    black_program: &'static str,
    result: String,
    winner: &'static str,
    margin: Option<Points>,
    moves: usize,
    reason: String,
    fault: Option<FaultJson>,
    disputes: Vec<String>,
    claims: ByColor<Option<String>>,
    notes: Vec<String>,
    sgf: Option<String>,
}

#[derive(Debug, Serialize)]
struct FaultJson {
    color: &'static str,
    kind: &'static str,
}

#[derive(Debug, Serialize)]
struct MatchJson {
    rules: String,
    size: String,
    komi: Points,
    handicap: u32,
    games: Vec<GameJson>,
    programs: Vec<Tally>,
    disputes: usize,
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

fn winner_text(r: &GameResult) -> &'static str {
    match r.winner() {
        Some(Color::Black) => "B",
        Some(Color::White) => "W",
        None if *r == GameResult::Draw => "draw",
        None => "none",
    }
}

/// The comment of a game's record: the variant, the result and how, the count, the disputes,
/// the programs and what each said of the result.
fn comment(ruleset: &Ruleset, o: &Outcome, commands: &ByColor<String>) -> String {
    let mut t = format!(
        "weiqi referee under {} ({}): {}\n{}",
        ruleset.id,
        ruleset.meta.name,
        o.result.to_sgf(),
        o.reason
    );
    if let Some(s) = &o.score {
        let _ = write!(
            t,
            "\ncount: black {}, white {} (margin {}, komi {})",
            s.sides.black.total, s.sides.white.total, s.margin, s.komi
        );
    }
    for d in &o.disputes {
        let _ = write!(t, "\n{d}");
    }
    for n in &o.notes {
        let _ = write!(t, "\nnote: {n}");
    }
    for c in Color::ALL {
        let _ = write!(t, "\n{c}: {} ({})", o.names[c], commands[c]);
    }
    for c in Color::ALL {
        if let Some(claim) = &o.claims[c] {
            let _ = write!(t, "\n{c}'s program's final_score: {claim}");
        }
    }
    t
}

/// Runs the match: a progress line per game on `err`, then the summary table (or the JSON
/// object) on `out`; returns the exit code (0).
pub fn run(options: &Options<'_>, out: &mut dyn Write, err: &mut dyn Write) -> Result<i32, Error> {
    let ruleset = rules::load(options.rules.unwrap_or(DEFAULT_RULES), &options.limits)?;
    let max = u32::from(MAX_GTP_SIDE);
    if !(2..=max).contains(&options.size) {
        return Err(Error::new(format!(
            "--size {}: a side of 2 to {max} (the GTP letters)",
            options.size
        )));
    }
    let size = BoardSize::square(options.size).map_err(|e| Error::new(format!("--size: {e}")))?;
    if options.games == 0 {
        return Err(Error::new("--games: at least 1".to_owned()));
    }
    if !(options.move_time.is_finite() && options.move_time > 0.0 && options.move_time <= 86_400.0)
    {
        // A number as short as it was given: 1e300 is not printed with 301 digits.
        let t = options.move_time;
        let shown = if t.is_finite() && t.abs() < 1e9 {
            format!("{t}")
        } else {
            format!("{t:e}")
        };
        return Err(Error::new(format!(
            "--move-time {shown}: seconds above 0, at most a day (86400)"
        )));
    }
    let komi = match options.komi {
        Some(k) => Points::parse(k).ok_or_else(|| {
            Error::new(format!(
                "--komi: {k:?} is not a number of points (a multiple of 0.5)"
            ))
        })?,
        None => ruleset.komi_for(options.handicap),
    };
    let stones = handicap_stones(&ruleset, size, options.handicap).map_err(Error::new)?;
    let setup = Setup {
        size,
        handicap: options.handicap,
        stones: stones.iter().map(|&p| (p, Color::Black)).collect(),
        to_move: None,
        komi: Some(komi),
    };
    // The setup is checked once, before any program starts.
    weiqi_record::referee::new_game(
        weiqi_record::referee::Which::Engine,
        &ruleset,
        setup.clone(),
        false,
        None,
    )
    .map_err(|e| Error::new(format!("cannot start a game under {}: {e}", ruleset.id)))?;
    let programs = [options.black, options.white];
    let words = programs
        .iter()
        .map(|c| split_command(c).map_err(|e| Error::new(format!("a program's command: {e}"))))
        .collect::<Result<Vec<_>, _>>()?;
    if let Some(dir) = options.sgf_dir {
        std::fs::create_dir_all(dir)
            .map_err(|e| Error::new(format!("{}: cannot create: {e}", dir.display())))?;
    }
    let game_setup = GameSetup {
        ruleset: &ruleset,
        setup,
        move_time: Duration::from_secs_f64(options.move_time),
        max_moves: options.limits.sgf.moves,
    };
    let mut tallies: Vec<Tally> = ["A", "B"]
        .iter()
        .zip(programs)
        .map(|(label, command)| Tally {
            label: (*label).to_owned(),
            command: command.to_owned(),
            ..Tally::default()
        })
        .collect();
    let mut games = Vec::new();
    let mut disputes = 0;
    for i in 0..options.games {
        // Colours alternate when the number of games is even.
        let swap = options.games.is_multiple_of(2) && i % 2 == 1;
        let (b, w) = if swap { (1, 0) } else { (0, 1) };
        let commands = ByColor {
            black: words[b].clone(),
            white: words[w].clone(),
        };
        let labels = ByColor {
            black: programs[b].to_owned(),
            white: programs[w].to_owned(),
        };
        let o = play::play(&game_setup, &commands, &labels).map_err(Error::new)?;
        disputes += o.disputes.len();
        let index = ByColor { black: b, white: w };
        for c in Color::ALL {
            let t = &mut tallies[index[c]];
            t.games += 1;
            match c {
                Color::Black => t.games_black += 1,
                Color::White => t.games_white += 1,
            }
            match o.result {
                GameResult::Win { winner, .. } if winner == c => {
                    t.wins += 1;
                    match c {
                        Color::Black => t.wins_black += 1,
                        Color::White => t.wins_white += 1,
                    }
                }
                GameResult::Win {
                    by: WinBy::Resignation,
                    ..
                } => t.resignations += 1,
                GameResult::Win { .. } => {}
                GameResult::Draw => t.draws += 1,
                GameResult::NoResult => t.no_result += 1,
            }
            if let Some(s) = &o.score {
                t.margins.push(play::margin_for(s, c));
            }
            if let Some((by, fault)) = o.fault
                && by == c
            {
                match fault {
                    Fault::Illegal => t.illegal_moves += 1,
                    Fault::Time => t.time_losses += 1,
                    Fault::Forfeit => t.forfeits += 1,
                }
            }
        }
        let path = options
            .sgf_dir
            .map(|dir| dir.join(format!("game-{:03}.sgf", i + 1)));
        if let Some(path) = &path {
            write_record(path, &game_setup, &o, &labels)?;
        }
        let line = format!(
            "game {}/{}: {} (black) vs {} (white): {} in {} moves: {}{}\n",
            i + 1,
            options.games,
            ["A", "B"][b],
            ["A", "B"][w],
            o.result.to_sgf(),
            o.moves.len(),
            o.reason,
            if o.disputes.is_empty() {
                String::new()
            } else {
                format!(" ({} disputes)", o.disputes.len())
            }
        );
        let _ = err.write_all(line.as_bytes());
        let _ = err.flush();
        games.push(GameJson {
            game: i + 1,
            black: o.names.black.clone(),
            white: o.names.white.clone(),
            black_program: ["A", "B"][b],
            result: o.result.to_sgf(),
            winner: winner_text(&o.result),
            margin: o.score.as_ref().map(|s| s.margin),
            moves: o.moves.len(),
            reason: o.reason.clone(),
            fault: o.fault.map(|(c, f)| FaultJson {
                color: color_name(c),
                kind: match f {
                    Fault::Time => "time",
                    Fault::Illegal => "illegal",
                    Fault::Forfeit => "forfeit",
                },
            }),
            disputes: o.disputes.clone(),
            claims: o.claims.clone(),
            notes: o.notes.clone(),
            sgf: path.map(|p| p.display().to_string()),
        });
    }
    for t in &mut tallies {
        if !t.margins.is_empty() {
            let sum: i64 = t.margins.iter().map(|m| m.halves()).sum();
            t.average_margin = Some(sum as f64 / 2.0 / t.margins.len() as f64);
        }
    }
    if options.json {
        let json = MatchJson {
            rules: ruleset.id.clone(),
            size: size.to_string(),
            komi,
            handicap: options.handicap,
            games,
            programs: tallies,
            disputes,
        };
        let mut t = serde_json::to_string_pretty(&json)
            .map_err(|e| Error::new(format!("cannot write json: {e}")))?;
        t.push('\n');
        emit(out, &t)?;
    } else {
        emit(
            out,
            &summary(&ruleset, size, komi, options.handicap, &tallies, disputes),
        )?;
    }
    Ok(0)
}

/// Writes one game's record.
fn write_record(
    path: &PathBuf,
    game: &GameSetup<'_>,
    o: &Outcome,
    commands: &ByColor<String>,
) -> Result<(), Error> {
    let marks = o.score.as_ref().map(|s| sgf_out::marks(s, game.setup.size));
    let text = sgf_out::write(
        &sgf_out::GameText {
            ruleset: game.ruleset,
            size: game.setup.size,
            komi: game.setup.komi.unwrap_or(Points::ZERO),
            handicap: game.setup.handicap,
            stones: &game.setup.stones,
            players: Some(o.names.clone()),
            moves: &o.moves,
            root: Vec::new(),
        },
        Some((o.result, marks, comment(game.ruleset, o, commands))),
    )
    .map_err(Error::new)?;
    std::fs::write(path, text)
        .map_err(|e| Error::new(format!("{}: cannot write: {e}", path.display())))
}

/// The summary table.
fn summary(
    ruleset: &Ruleset,
    size: BoardSize,
    komi: Points,
    handicap: u32,
    tallies: &[Tally],
    disputes: usize,
) -> String {
    let games = tallies.first().map_or(0, |t| t.games);
    let mut t = format!(
        "weiqi referee: {games} games under {} ({}), {size}, komi {komi}, handicap {handicap}\n\n",
        ruleset.id, ruleset.meta.name
    );
    let _ = writeln!(
        t,
        "{:<8}{:>6}{:>6}{:>10}{:>10}{:>7}{:>7}{:>12}{:>9}{:>6}{:>10}{:>8}",
        "program",
        "games",
        "wins",
        "as black",
        "as white",
        "draws",
        "void",
        "avg margin",
        "illegal",
        "time",
        "forfeits",
        "resigns"
    );
    for x in tallies {
        let margin = x
            .average_margin
            .map_or("-".to_owned(), |m| format!("{m:+.1}"));
        let _ = writeln!(
            t,
            "{:<8}{:>6}{:>6}{:>10}{:>10}{:>7}{:>7}{:>12}{:>9}{:>6}{:>10}{:>8}",
            x.label,
            x.games,
            x.wins,
            format!("{}/{}", x.wins_black, x.games_black),
            format!("{}/{}", x.wins_white, x.games_white),
            x.draws,
            x.no_result,
            margin,
            x.illegal_moves,
            x.time_losses,
            x.forfeits,
            x.resignations
        );
    }
    let _ = writeln!(t, "\ndisputes: {disputes}");
    for x in tallies {
        let _ = writeln!(t, "{}: {}", x.label, x.command);
    }
    t
}

#[cfg(test)]
mod tests {
    use super::split_command;

    #[test]
    fn commands_split_at_spaces_and_quotes_group() {
        // Issue 14 item 2: `--black CMD` is a command line, run without a shell.
        let words = |t: &str| split_command(t).expect("splits");
        assert_eq!(
            words("gnugo --mode gtp --level 1"),
            ["gnugo", "--mode", "gtp", "--level", "1"]
        );
        assert_eq!(
            words(r#"sh fake.sh 'E5 D4' "" x\ y"#),
            ["sh", "fake.sh", "E5 D4", "", "x y"]
        );
        assert_eq!(words("  a  'b\"c'  "), ["a", "b\"c"]);
        assert!(split_command("   ").is_err());
        assert!(split_command("sh 'open").is_err());
        assert!(split_command("trailing\\").is_err());
    }
}
