//! `weiqi score GAME.sgf`: replay, dead stones, agreement, count, ruling.

use std::fmt::Write as _;
use std::io::Write;

use serde::Serialize;
use weiqi_core::{
    Action, ByColor, Color, Ending, GameResult, Move, Phase, Point, Points, Score, SideScore, WinBy,
};
use weiqi_interpreter::scoring::{self, ScoringInput};

use crate::referee::Which;
use weiqi_spec::{AfterStop, Counting};

use crate::dead::{self, DeadJson};
use crate::limits::{EXIT_DIVERGED, Limits};
use crate::replay::{self, Replay};
use crate::{CliError, check, diagram, emit};

/// What `weiqi score` was asked.
pub(crate) struct Options<'a> {
    pub(crate) game: &'a str,
    pub(crate) rules: Option<&'a str>,
    pub(crate) komi: Option<&'a str>,
    pub(crate) dead: Option<&'a str>,
    pub(crate) write: Option<&'a std::path::Path>,
    /// `--force`: `--write` may overwrite the input file.
    pub(crate) force: bool,
    /// `--marks`: which TB/TW marks `--write` writes.
    pub(crate) marks: Marks,
    /// `--svg`: where to draw the final board.
    pub(crate) svg: Option<&'a std::path::Path>,
    pub(crate) json: bool,
    pub(crate) limits: Limits,
    pub(crate) strict: bool,
    /// The referee.
    pub(crate) which: Which,
    /// `--both`: rule with both and report a divergence (exit code 3).
    pub(crate) both: bool,
}

/// The TB/TW marks `score --write` writes (`--marks`; issue 15 item 4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Marks {
    /// The record's own marks are kept; the ruling's are written only into a record that has
    /// none.
    Keep,
    /// The ruling's marks replace the record's.
    Ruling,
}

/// The whole `score --json` output (field names are stable: see JSON.md).
#[derive(Debug, Serialize)]
pub(crate) struct ScoreJson {
    pub(crate) file: String,
    pub(crate) rules: String,
    pub(crate) rules_source: &'static str,
    pub(crate) komi: Points,
    pub(crate) komi_source: &'static str,
    pub(crate) black: SideScore,
    pub(crate) white: SideScore,
    pub(crate) margin: Points,
    pub(crate) winner: &'static str,
    pub(crate) result: String,
    pub(crate) result_source: &'static str,
    pub(crate) count: Option<CountJson>,
    pub(crate) dead: DeadJson,
    pub(crate) territory: ByColor<Vec<String>>,
    pub(crate) inserted_passes: Vec<replay::InsertedPass>,
    pub(crate) notes: Vec<String>,
}

/// The count of the last position when it is not the result (`count` in JSON.md).
#[derive(Debug, Serialize)]
pub(crate) struct CountJson {
    pub(crate) black: SideScore,
    pub(crate) white: SideScore,
    pub(crate) margin: Points,
    pub(crate) result: String,
}

/// The ruling, however the game ended.
struct Ruling {
    /// Where the result comes from: `count`, `record` (a resignation, time or forfeit result,
    /// DECISIONS.md 26) or `variant` (a long cycle ended the game while the record went on).
    source: &'static str,
    /// The count, when the game is scored.
    score: Option<Score>,
    /// The counting display of the variant, when it has one beyond the plain breakdown.
    counting: Vec<String>,
    /// The filled board of Ing's fill-in counting, when the variant counts so.
    filled: Option<weiqi_core::Board>,
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

/// Ing's normal end (seed 000, DECISIONS.md 3 revised): stop, agreement, then the passes
/// again. A record that ends with those passes after a stop, with dead stones given (its TB/TW
/// marks, or `--dead`), is that end: the players agreed on those stones at the stop. Replays the
/// passes from the stop after the agreement, when the variant ended the game with every stone
/// alive and `after-stop = "agreement-then-passes"`.
fn agree_at_the_last_stop(
    replay: &mut Replay,
    record: &weiqi_sgf::Record,
    dead: &[Point],
    notes: &mut Vec<String>,
) {
    let ends_with_passes = matches!(replay.game.phase(), Phase::Ended(Ending::AllAlive))
        && replay.game.ruleset().end.after_stop == AfterStop::AgreementThenPasses
        && !dead.is_empty()
        && replay.early_end.is_none();
    let Some((stopped, next)) = replay.last_stop.as_ref().filter(|_| ends_with_passes) else {
        return;
    };
    let rest = &record.moves[*next..];
    if rest.is_empty() || rest.iter().any(|m| m.mv != Move::Pass) {
        return;
    }
    let mut game = stopped.clone_box();
    let agreed = Color::ALL.into_iter().all(|by| {
        game.apply(Action::ProposeDead {
            by,
            dead: dead.to_vec(),
        })
        .is_ok()
    });
    let passed = agreed
        && rest.iter().all(|m| {
            game.apply(Action::Move {
                color: m.color,
                mv: Move::Pass,
            })
            .is_ok()
        });
    if passed && game.phase() == Phase::Ended(Ending::Agreement) {
        // Play did not resume after all: the players agreed.
        let resumed = format!(
            "play stopped after the passes and resumed before move {} ",
            rest[0].number
        );
        notes.retain(|n| !n.starts_with(&resumed));
        notes.push(format!(
            "the players agreed on the dead stones at the stop before move {}; the passes that \
             follow end the game by that agreement (seed 000, DECISIONS.md 3)",
            rest[0].number
        ));
        replay.game = game;
    }
}

/// Ends the replayed game on `dead` and counts it.
fn rule(replay: &mut Replay, dead: &[Point]) -> Result<Ruling, CliError> {
    let mut notes = Vec::new();
    let offset = replay.carried;
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
            // Ing: after the agreement the players pass again (seed 000, DECISIONS.md 3); a
            // record that ends at the stop leaves those passes out.
            if game.pending_agreement().is_some() {
                for _ in 0..game.ruleset().end.stop_passes {
                    let by = game.to_move();
                    game.apply(Action::Move {
                        color: by,
                        mv: Move::Pass,
                    })
                    .map_err(|e| CliError(format!("the passes after the agreement: {e}")))?;
                }
                notes.push(
                    "the passes that follow the agreement (seed 000) are taken as made".into(),
                );
            }
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
                source: "variant",
                score: None,
                counting: Vec::new(),
                filled: None,
                result,
                komi: game.komi(),
                notes,
            })
        }
        _ => {
            let input = ScoringInput {
                ruleset: game.ruleset(),
                board: &board,
                dead: &dead_used,
                prisoners: ByColor {
                    black: game.prisoners().black + offset.black.0,
                    white: game.prisoners().white + offset.white.0,
                },
                pass_stones: ByColor {
                    black: game.pass_stones().black + offset.black.1,
                    white: game.pass_stones().white + offset.white.1,
                },
                handicap: game.handicap(),
                komi: game.komi(),
                penalties: ByColor::default(),
            };
            // The count is the referee's own; the counting displays are tournament arithmetic
            // on it, kept in one place (the interpreter's `scoring::counting`).
            let score = game
                .count(&dead_used, input.prisoners, input.pass_stones)
                .ok_or_else(|| CliError("the count overflows".into()))?;
            let counting = if input.ruleset.scoring.counting == Counting::Plain {
                Vec::new()
            } else {
                scoring::counting::counting_display(&score, &input)
            };
            let filled = (input.ruleset.scoring.counting == Counting::IngFillIn)
                .then(|| scoring::ing_fill_in::ing_fill_in(&input).ok())
                .flatten()
                .map(|f| f.filled);
            Ok(Ruling {
                source: "count",
                filled,
                result: score.result,
                komi: score.komi,
                score: Some(score),
                counting,
                notes,
            })
        }
    }
}

/// Whether `out` names the file `input` (the same path, or the same file by another path).
fn same_file(input: &std::path::Path, out: &std::path::Path) -> bool {
    input == out
        || matches!(
            (std::fs::canonicalize(input), std::fs::canonicalize(out)),
            (Ok(a), Ok(b)) if a == b
        )
}

/// Writes the record back with the ruling (`weiqi score --write`): RE and a comment; the
/// ruling's TB/TW marks only as `marks` allows (the record's own are kept unless it asks to
/// replace them). Refuses to write over the input file `game` unless `force`.
fn write_record(
    record: &weiqi_sgf::Record,
    (game, path): (&str, &std::path::Path),
    (force, marks): (bool, Marks),
    rules: &str,
    ruling: &Ruling,
    size: weiqi_core::BoardSize,
) -> Result<(), CliError> {
    if !force && same_file(std::path::Path::new(game), path) {
        return Err(CliError(format!(
            "{}: --write would overwrite the input file; write elsewhere, or add --force",
            path.display()
        )));
    }
    let has_marks = !record.territory.black.is_empty() || !record.territory.white.is_empty();
    let territory = ruling
        .score
        .as_ref()
        .filter(|_| ruling.source == "count")
        .filter(|_| marks == Marks::Ruling || !has_marks)
        .map(|s| {
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

/// Whether the record's result is a ruling without a count: resignation, time, forfeit
/// (DECISIONS.md 26).
fn decided_by_record(record: &weiqi_sgf::Record) -> Option<GameResult> {
    record.result.filter(|r| {
        matches!(
            r,
            GameResult::Win {
                by: WinBy::Resignation | WinBy::Time | WinBy::Forfeit,
                ..
            }
        )
    })
}

/// How a record's result was reached, for a note.
fn ended_by(result: &GameResult) -> String {
    match result {
        GameResult::Win { winner, by } => {
            let loser = winner.opponent();
            match by {
                WinBy::Resignation => format!("{loser} resigned"),
                WinBy::Time => format!("{loser} lost on time"),
                WinBy::Forfeit => format!("{loser} forfeited"),
                _ => "the game ended".to_owned(),
            }
        }
        _ => "the game ended".to_owned(),
    }
}

/// The points each side's territory covers, in SGF coordinates, row by row (`territory` in
/// JSON.md): empty points counted for the side and the points of the opponent's dead stones;
/// shared points (split in two) and points in seki are in neither list.
fn territory_points(score: Option<&Score>, size: weiqi_core::BoardSize) -> ByColor<Vec<String>> {
    let mut out = ByColor::<Vec<String>>::default();
    if let Some(s) = score {
        for (p, mark) in size.points().zip(&s.marks) {
            match *mark {
                weiqi_core::PointMark::Territory(c) => out[c].push(p.to_sgf()),
                // The point of a dead stone is the opponent's once the stone is removed.
                weiqi_core::PointMark::Dead(c) => out[c.opponent()].push(p.to_sgf()),
                _ => {}
            }
        }
    }
    out
}

/// `score` on a record already read.
pub(crate) fn run_record(
    options: &Options<'_>,
    record: &weiqi_sgf::Record,
    out: &mut dyn Write,
) -> Result<i32, CliError> {
    let komi = match options.komi {
        None => None,
        Some(k) => Some(Points::parse(k).ok_or_else(|| {
            CliError(format!(
                "--komi: {k:?} is not a number of points (a multiple of 0.5)"
            ))
        })?),
    };
    let by_record = decided_by_record(record);
    // A komi that cannot be read stops only a count that needs it (issue 10).
    if let (Some(problem), None, None) = (&record.komi_problem, komi, by_record) {
        return Err(CliError(format!(
            "{}: {problem}: the count needs a komi; give one with --komi",
            options.game
        )));
    }
    let chosen = replay::choose_rules(options.rules, record, &options.limits)?;
    if options.both
        && let Some(report) = replay::divergence(
            record,
            &chosen.ruleset,
            komi,
            options.strict,
            options.limits.budget,
        )?
    {
        emit(out, &report)?;
        return Ok(EXIT_DIVERGED);
    }
    let which = if options.both {
        Which::Engine
    } else {
        options.which
    };
    let mut replay = replay::replay(
        which,
        record,
        &chosen.ruleset,
        komi,
        options.strict,
        options.limits.budget,
    )?;
    // The count is charged up front from what the replay left of the budget.
    let counted = !matches!(
        replay.game.phase(),
        Phase::Ended(e) if !matches!(e, Ending::Agreement | Ending::AllAlive)
    );
    if let Some(left) = replay.game.fuel_left()
        && counted
        && replay.inconclusive.is_none()
        && replay.first_illegal().is_none()
    {
        let cost = weiqi_interpreter::fuel::scoring_steps(replay.game.size());
        if left < cost {
            replay.inconclusive = Some(format!(
                "the budget of {} steps ran out before the count ({left} left; counting a {} \
                 board takes {cost}): inconclusive",
                options.limits.budget.unwrap_or(0),
                replay.game.size()
            ));
        }
    }

    if replay.first_illegal().is_some() || replay.inconclusive.is_some() {
        // No ruling on a game with an illegal move, nor past the budget: show where it went
        // wrong.
        let report = check::to_text(options.game, &chosen.ruleset.id, &chosen.how, &replay);
        if let Some(path) = options.svg {
            // The picture of `check --svg`: the position before the illegal move.
            crate::svg::check_picture(&crate::svg::CheckRequest {
                game: options.game,
                record,
                rules: options.rules,
                strict: options.strict,
                limits: &options.limits,
                which,
                svg: path,
                number: None,
            })?;
        }
        if options.json {
            let mut t =
                serde_json::to_string_pretty(&check::to_json(options.game, &chosen, &replay))
                    .map_err(|e| CliError(format!("cannot write json: {e}")))?;
            t.push('\n');
            emit(out, &t)?;
        } else {
            emit(out, &report)?;
            match (replay.first_illegal(), &replay.inconclusive) {
                (Some(n), _) => emit(out, &format!("cannot score: move {n} is illegal\n"))?,
                (None, Some(why)) => emit(out, &format!("cannot score: {why}\n"))?,
                (None, None) => {}
            }
        }
        return Ok(check::exit_code(&replay));
    }
    let mut notes = replay.notes.clone();
    let board = replay.game.board();
    let dead = dead::decide(
        options.dead,
        &dead::Position {
            record,
            board: &board,
            komi: replay.game.komi(),
            to_move: replay.game.to_move(),
            self_capture: replay.game.ruleset().play.suicide != weiqi_spec::Suicide::Forbidden,
        },
        &mut notes,
    )?;
    agree_at_the_last_stop(&mut replay, record, &dead.points, &mut notes);
    let mut ruling = rule(&mut replay, &dead.points)?;
    if options.both
        && let Some(report) = oracle_disagrees(
            options,
            record,
            &chosen.ruleset,
            komi,
            &dead.points,
            &ruling,
        )?
    {
        emit(out, &report)?;
        return Ok(EXIT_DIVERGED);
    }
    notes.extend(ruling.notes.iter().cloned());
    if let Some(s) = &ruling.score {
        notes.extend(s.notes.iter().cloned());
        // Issue 10 item 4: a count that keeps unsettled stones alive says so.
        if !dead.unsettled.is_empty() {
            notes.push(dead::assumed_alive_note(&board, &dead.unsettled));
        }
    }
    if let Some(end) = replay.early_end {
        // The variant ended the game (a long cycle) while the record went on.
        ruling.result = end.result;
        ruling.source = "variant";
        notes.push(format!(
            "the result is the variant's end after move {}: {}; the count shown is of the last \
             position, not the result",
            end.after,
            end.result.to_sgf()
        ));
    } else if let Some(result) = by_record {
        // DECISIONS.md 26: a resignation, time or forfeit result is the ruling.
        ruling.result = result;
        ruling.source = "record";
        notes.insert(
            0,
            format!(
                "{}: RE[{}] is the ruling (DECISIONS.md 26); the count shown is of the last \
             position, not the result",
                ended_by(&result),
                record.result_text.as_deref().unwrap_or_default()
            ),
        );
    }
    if let Some(text) = record
        .result_text
        .as_ref()
        .filter(|_| record.result != Some(ruling.result) && ruling.source != "record")
    {
        notes.push(format!("the record's result is RE[{text}]"));
    }
    if let Some(path) = options.write {
        write_record(
            record,
            (options.game, path),
            (options.force, options.marks),
            &chosen.ruleset.id,
            &ruling,
            board.size(),
        )?;
        notes.push(format!("the ruling was written to {}", path.display()));
        if options.marks == Marks::Keep
            && (!record.territory.black.is_empty() || !record.territory.white.is_empty())
        {
            notes.push(
                "the record's own TB/TW marks were kept (--marks ruling replaces them)".into(),
            );
        }
    }
    let komi_source = if komi.is_some() {
        "option"
    } else if record.komi.is_some() {
        "record"
    } else {
        "variant"
    };
    let is_count = ruling.source == "count";
    if let Some(path) = options.svg {
        let mut lines = vec![
            format!("file: {}", options.game),
            format!("rules: {} ({})", chosen.ruleset.id, chosen.how),
            format!("komi: {} ({komi_source})", ruling.komi),
        ];
        if let Some(s) = &ruling.score {
            if !is_count {
                lines.push("count of the last position (not the result):".to_owned());
            }
            lines.extend(table(s).lines().map(str::to_owned));
            lines.push(format!(
                "margin: {} (black's total minus white's)",
                s.margin
            ));
        }
        lines.push(format!(
            "result: {}{}",
            ruling.result.to_sgf(),
            match ruling.source {
                "record" => " (the record's result)",
                "variant" => " (the variant ended the game)",
                _ => "",
            }
        ));
        if is_count {
            // The filled board is drawn beside the final one.
            lines.extend(
                ruling
                    .counting
                    .iter()
                    .take_while(|l| ruling.filled.is_none() || *l != "filled board:")
                    .cloned(),
            );
        }
        let picture = crate::svg::score_picture(
            &board,
            ruling.score.as_ref().map(|s| s.marks.as_slice()),
            ruling.filled.as_ref().filter(|_| is_count),
            &replay.verdicts,
            lines,
        );
        crate::svg::write(path, &picture)?;
        notes.push(format!("the picture was drawn in {}", path.display()));
    }
    let text = if options.json {
        let zero = SideScore::default();
        let (black, white, margin) = match &ruling.score {
            Some(s) if is_count => (s.sides.black.clone(), s.sides.white.clone(), s.margin),
            _ => (zero.clone(), zero, Points::ZERO),
        };
        let count = ruling
            .score
            .as_ref()
            .filter(|_| !is_count)
            .map(|s| CountJson {
                black: s.sides.black.clone(),
                white: s.sides.white.clone(),
                margin: s.margin,
                result: s.result.to_sgf(),
            });
        let json = ScoreJson {
            file: options.game.to_owned(),
            rules: chosen.ruleset.id.clone(),
            rules_source: chosen.source,
            komi: ruling.komi,
            komi_source,
            black,
            white,
            margin,
            winner: winner(&ruling.result),
            result: ruling.result.to_sgf(),
            result_source: ruling.source,
            count,
            dead: dead.to_json(),
            territory: territory_points(ruling.score.as_ref(), board.size()),
            inserted_passes: replay.inserted.clone(),
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
        let source = match komi_source {
            "option" => "from --komi",
            "record" => "from the record's KM",
            _ => "the variant's",
        };
        let _ = writeln!(t, "komi: {} ({source})", ruling.komi);
        if let Some(s) = &ruling.score {
            t.push('\n');
            if !is_count {
                t.push_str("count of the last position (not the result):\n");
            }
            t.push_str(&table(s));
            let _ = writeln!(t, "\nmargin: {} (black's total minus white's)", s.margin);
            if !is_count {
                let _ = writeln!(t, "count: {}", s.result.to_sgf());
            }
        }
        let _ = writeln!(
            t,
            "result: {}{}",
            ruling.result.to_sgf(),
            match ruling.source {
                "record" => " (the record's result)",
                "variant" => " (the variant ended the game)",
                _ => "",
            }
        );
        if !ruling.counting.is_empty() && is_count {
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

/// `--both`: the same record and dead stones ruled by the interpreter; a report when its result
/// or count (komi, breakdown, margin, marks: the wording of the count's notes is not a ruling)
/// differs from the engine's `ruling`.
fn oracle_disagrees(
    options: &Options<'_>,
    record: &weiqi_sgf::Record,
    ruleset: &weiqi_spec::Ruleset,
    komi: Option<Points>,
    dead: &[Point],
    ruling: &Ruling,
) -> Result<Option<String>, CliError> {
    let mut oracle = replay::replay(
        Which::Interpreter,
        record,
        ruleset,
        komi,
        options.strict,
        options.limits.budget,
    )?;
    if oracle.inconclusive.is_some() {
        return Ok(None);
    }
    agree_at_the_last_stop(&mut oracle, record, dead, &mut Vec::new());
    let theirs = rule(&mut oracle, dead)?;
    let ruled = |r: &Ruling| {
        (
            r.result,
            r.score
                .as_ref()
                .map(|s| (s.komi, s.sides.clone(), s.margin, s.marks.clone())),
        )
    };
    if ruled(&theirs) == ruled(ruling) {
        return Ok(None);
    }
    let totals = |r: &Ruling| {
        r.score.as_ref().map_or(String::new(), |s| {
            format!(
                " (black {}, white {})",
                s.sides.black.total, s.sides.white.total
            )
        })
    };
    let size = oracle.game.size();
    let marks = match (&ruling.score, &theirs.score) {
        (Some(a), Some(b)) => size
            .points()
            .zip(a.marks.iter().zip(&b.marks))
            .find(|(_, (x, y))| x != y)
            .map_or(String::new(), |(p, (x, y))| {
                format!(
                    "  first different mark: {} (engine {x:?}, interpreter {y:?})\n",
                    p.to_sgf()
                )
            }),
        _ => String::new(),
    };
    Ok(Some(format!(
        "{}: the engine and the interpreter disagree under {}\nthe rulings differ:\n  engine:      {}{}\n  interpreter: {}{}\n{marks}",
        options.game,
        ruleset.id,
        ruling.result.to_sgf(),
        totals(ruling),
        theirs.result.to_sgf(),
        totals(&theirs)
    )))
}
