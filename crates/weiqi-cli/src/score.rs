//! `weiqi score GAME.sgf`: replay, dead stones, agreement, count, ruling.

use std::fmt::Write as _;
use std::io::Write;

use serde::Serialize;
use weiqi_core::{
    Action, ByColor, Color, Ending, GameResult, Phase, Point, Points, Score, SideScore,
};
use weiqi_interpreter::scoring::{self, ScoringInput};
use weiqi_spec::Counting;

use crate::dead::{self, DeadJson};
use crate::replay::{self, Replay};
use crate::{CliError, check, diagram, emit};

/// What `weiqi score` was asked.
pub(crate) struct Options<'a> {
    pub(crate) game: &'a str,
    pub(crate) rules: Option<&'a str>,
    pub(crate) komi: Option<&'a str>,
    pub(crate) dead: Option<&'a str>,
    pub(crate) write: Option<&'a std::path::Path>,
    pub(crate) json: bool,
    /// The referee; `both` replays on both and reports a divergence (exit 3).
    pub(crate) which: crate::referee::Which,
    /// `--both`.
    pub(crate) both: bool,
}

/// The whole `score --json` output (field names are stable: see JSON.md).
#[derive(Debug, Serialize)]
pub(crate) struct ScoreJson {
    pub(crate) file: String,
    pub(crate) rules: String,
    pub(crate) komi: Points,
    pub(crate) black: SideScore,
    pub(crate) white: SideScore,
    pub(crate) margin: Points,
    pub(crate) winner: &'static str,
    pub(crate) result: String,
    pub(crate) dead: DeadJson,
    pub(crate) notes: Vec<String>,
}

/// The ruling, however the game ended.
struct Ruling {
    /// The count, when the game is scored.
    score: Option<Score>,
    /// The counting display of the variant, when it has one beyond the plain breakdown.
    counting: Vec<String>,
    result: GameResult,
    komi: Points,
    notes: Vec<String>,
}

fn winner(result: &GameResult) -> &'static str {
    match result {
        GameResult::Win {
            winner: Color::Black,
            ..
        } => "B",
        GameResult::Win {
            winner: Color::White,
            ..
        } => "W",
        GameResult::Draw => "draw",
        GameResult::NoResult => "none",
    }
}

/// Ends the replayed game on `dead` and counts it.
fn rule(replay: &mut Replay, dead: &[Point]) -> Result<Ruling, CliError> {
    let mut notes = Vec::new();
    let game = &mut replay.game;
    match game.phase() {
        Phase::Stopped => {
            for by in Color::ALL {
                game.apply(Action::ProposeDead {
                    by,
                    dead: dead.to_vec(),
                })
                .map_err(|e| CliError(format!("the dead stones are refused: {e}")))?;
            }
            notes.push("play stopped after the passes; the game ends by agreement".into());
        }
        Phase::Playing => notes.push(
            "play had not stopped (the record does not end with the passes that stop it); the \
             position is counted as it stands"
                .into(),
        ),
        Phase::Ended(Ending::AllAlive) if !dead.is_empty() => notes.push(
            "the variant ended the game with every stone alive; the dead stones given are not used"
                .into(),
        ),
        Phase::Ended(_) => {}
    }
    let board = game.board();
    let dead_used: Vec<Point> = match game.phase() {
        Phase::Ended(Ending::Agreement) => game.dead_stones().to_vec(),
        Phase::Ended(_) => Vec::new(),
        _ => dead.to_vec(),
    };
    match game.phase() {
        Phase::Ended(e) if !matches!(e, Ending::Agreement | Ending::AllAlive) => {
            let result = game.result().unwrap_or(GameResult::NoResult);
            notes.push(match e {
                Ending::NoResult => "a long cycle ended the game without result".to_owned(),
                Ending::Draw => "a long cycle ended the game in a draw".to_owned(),
                Ending::Resignation(c) => format!("{c} resigned"),
                Ending::Time(c) => format!("{c} lost on time"),
                Ending::Agreement | Ending::AllAlive => "the game ended".to_owned(),
            });
            Ok(Ruling {
                score: None,
                counting: Vec::new(),
                result,
                komi: game.komi(),
                notes,
            })
        }
        _ => {
            let score = game
                .count(&dead_used)
                .ok_or_else(|| CliError("the count overflows (komi out of range)".into()))?;
            // The counting displays are tournament arithmetic on the score, kept in one place
            // (the interpreter's `scoring::counting`) for both referees.
            let input = ScoringInput {
                ruleset: game.ruleset(),
                board: &board,
                dead: &dead_used,
                prisoners: game.prisoners(),
                pass_stones: game.pass_stones(),
                handicap: game.handicap(),
                komi: game.komi(),
                penalties: ByColor::default(),
            };
            let counting = if input.ruleset.scoring.counting == Counting::Plain {
                Vec::new()
            } else {
                scoring::counting::counting_display(&score, &input)
            };
            Ok(Ruling {
                result: score.result,
                komi: score.komi,
                score: Some(score),
                counting,
                notes,
            })
        }
    }
}

/// Writes the record back with the ruling (`weiqi score --write`).
fn write_record(
    record: &weiqi_sgf::Record,
    path: &std::path::Path,
    rules: &str,
    ruling: &Ruling,
    size: weiqi_core::BoardSize,
) -> Result<(), CliError> {
    let territory = ruling.score.as_ref().map(|s| {
        let mut marks = ByColor::<Vec<Point>>::default();
        for (p, mark) in size.points().zip(&s.marks) {
            match *mark {
                weiqi_core::PointMark::Territory(c) => marks[c].push(p),
                weiqi_core::PointMark::Dead(c) => marks[c.opponent()].push(p),
                _ => {}
            }
        }
        marks
    });
    let comment = format!(
        "weiqi score under {rules}: {}{}",
        ruling.result.to_sgf(),
        ruling.score.as_ref().map_or(String::new(), |s| format!(
            " (black {}, white {})",
            s.sides.black.total, s.sides.white.total
        ))
    );
    let text = record.to_sgf_with(&weiqi_sgf::Ruling {
        result: ruling.result,
        territory,
        comment: Some(comment),
    });
    std::fs::write(path, text)
        .map_err(|e| CliError(format!("{}: cannot write: {e}", path.display())))
}

fn table(score: &Score) -> String {
    let (b, w) = (&score.sides.black, &score.sides.white);
    let rows: [(&str, String, String); 7] = [
        ("stones", b.stones.to_string(), w.stones.to_string()),
        (
            "territory",
            b.territory.to_string(),
            w.territory.to_string(),
        ),
        (
            "prisoners",
            b.prisoners.to_string(),
            w.prisoners.to_string(),
        ),
        (
            "pass stones",
            b.pass_stones.to_string(),
            w.pass_stones.to_string(),
        ),
        ("bonus", b.bonus.to_string(), w.bonus.to_string()),
        ("penalty", b.penalty.to_string(), w.penalty.to_string()),
        ("total", b.total.to_string(), w.total.to_string()),
    ];
    let mut t = format!("{:<12}{:>8}{:>8}\n", "", "black", "white");
    for (name, bv, wv) in rows {
        let _ = writeln!(t, "{name:<12}{bv:>8}{wv:>8}");
    }
    t
}

pub(crate) fn run(options: &Options<'_>, out: &mut dyn Write) -> Result<i32, CliError> {
    let record = replay::read_record(options.game)?;
    let komi = match options.komi {
        None => None,
        Some(k) => Some(Points::parse(k).ok_or_else(|| {
            CliError(format!(
                "--komi: {k:?} is not a number of points (a multiple of 0.5)"
            ))
        })?),
    };
    let chosen = replay::choose_rules(options.rules, &record)?;
    if options.both
        && let Some(report) = replay::divergence(&record, &chosen.ruleset, komi)?
    {
        emit(out, &report)?;
        return Ok(3);
    }
    let mut replay = replay::replay(options.which, &record, &chosen.ruleset, komi)?;
    if let Some(n) = replay.first_illegal() {
        // No ruling on a game with an illegal move: show where it went wrong.
        let report = check::to_text(options.game, &chosen.ruleset.id, &chosen.how, &replay);
        if options.json {
            let mut t = serde_json::to_string_pretty(&check::to_json(
                options.game,
                &chosen.ruleset.id,
                &replay,
            ))
            .map_err(|e| CliError(format!("cannot write json: {e}")))?;
            t.push('\n');
            emit(out, &t)?;
        } else {
            emit(out, &report)?;
            emit(out, &format!("cannot score: move {n} is illegal\n"))?;
        }
        return Ok(1);
    }
    let mut notes = replay.notes.clone();
    let board = replay.game.board();
    let dead = dead::decide(
        options.dead,
        &dead::Position {
            record: &record,
            board: &board,
            komi: replay.game.komi(),
            to_move: replay.game.to_move(),
        },
        &mut notes,
    )?;
    let ruling = rule(&mut replay, &dead.points)?;
    if options.both {
        // The same dead stones, ruled by the interpreter: the results and counts must agree.
        let mut oracle = replay::replay(
            crate::referee::Which::Interpreter,
            &record,
            &chosen.ruleset,
            komi,
        )?;
        let theirs = rule(&mut oracle, &dead.points)?;
        if theirs.result != ruling.result || theirs.score != ruling.score {
            let totals = |r: &Ruling| {
                r.score.as_ref().map_or(String::new(), |s| {
                    format!(
                        " (black {}, white {})",
                        s.sides.black.total, s.sides.white.total
                    )
                })
            };
            emit(
                out,
                &format!(
                    "{}: the engine and the interpreter disagree under {}\nthe rulings differ:\n  engine:      {}{}\n  interpreter: {}{}\n",
                    options.game,
                    chosen.ruleset.id,
                    ruling.result.to_sgf(),
                    totals(&ruling),
                    theirs.result.to_sgf(),
                    totals(&theirs)
                ),
            )?;
            return Ok(3);
        }
    }
    notes.extend(ruling.notes.iter().cloned());
    if let Some(s) = &ruling.score {
        notes.extend(s.notes.iter().cloned());
        // Issue 10 item 4: a count that keeps unsettled stones alive says so.
        if !dead.unsettled.is_empty() {
            notes.push(dead::assumed_alive_note(&board, &dead.unsettled));
        }
    }
    if let Some(text) = record
        .result_text
        .as_ref()
        .filter(|t| **t != ruling.result.to_sgf())
    {
        notes.push(format!("the record's result is RE[{text}]"));
    }
    if let Some(path) = options.write {
        write_record(&record, path, &chosen.ruleset.id, &ruling, board.size())?;
        notes.push(format!("the ruling was written to {}", path.display()));
    }
    let text = if options.json {
        let zero = SideScore::default();
        let (black, white, margin) = match &ruling.score {
            Some(s) => (s.sides.black.clone(), s.sides.white.clone(), s.margin),
            None => (zero.clone(), zero, Points::ZERO),
        };
        let json = ScoreJson {
            file: options.game.to_owned(),
            rules: chosen.ruleset.id.clone(),
            komi: ruling.komi,
            black,
            white,
            margin,
            winner: winner(&ruling.result),
            result: ruling.result.to_sgf(),
            dead: dead.to_json(),
            notes,
        };
        let mut t = serde_json::to_string_pretty(&json)
            .map_err(|e| CliError(format!("cannot write json: {e}")))?;
        t.push('\n');
        t
    } else {
        let mut t = String::new();
        let _ = writeln!(t, "file: {}", options.game);
        let _ = writeln!(t, "rules: {} ({})", chosen.ruleset.id, chosen.how);
        let source = if komi.is_some() {
            "from --komi"
        } else if record.komi.is_some() {
            "from the record's KM"
        } else {
            "the variant's"
        };
        let _ = writeln!(t, "komi: {} ({source})", ruling.komi);
        if let Some(s) = &ruling.score {
            t.push('\n');
            t.push_str(&table(s));
            let _ = writeln!(t, "\nmargin: {} (black's total minus white's)", s.margin);
        }
        let _ = writeln!(t, "result: {}", ruling.result.to_sgf());
        if !ruling.counting.is_empty() {
            t.push('\n');
            for line in &ruling.counting {
                let _ = writeln!(t, "{line}");
            }
        }
        if !notes.is_empty() {
            t.push_str("\nnotes:\n");
            for n in &notes {
                let _ = writeln!(t, "- {n}");
            }
        }
        if let Some(s) = &ruling.score {
            t.push('\n');
            t.push_str(&diagram::render(board.size(), &s.marks));
            let _ = writeln!(t, "{}", diagram::LEGEND);
        }
        t
    };
    emit(out, &text)?;
    Ok(0)
}
