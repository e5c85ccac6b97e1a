//! `weiqi score GAME.sgf`: replay, dead stones, agreement, count, ruling ([`score_record`]),
//! its text, its JSON contract ([`ScoreJson`], JSON.md) and the record written back with the
//! ruling ([`ScoreReport::to_sgf`]).

use std::fmt::Write as _;

use serde::Serialize;
use weiqi_core::{
    Action, ByColor, Color, Ending, GameResult, Move, Phase, Point, Points, Score, SideScore, WinBy,
};
use weiqi_interpreter::scoring::{self, ScoringInput};

use crate::referee::Which;
use weiqi_spec::{AfterStop, Counting};

use crate::check::{CheckReport, json_text};
use crate::dead::{self, DeadJson, DeadStones, Judge};
use crate::limits::{EXIT_DIVERGED, EXIT_OK, Limits};
use crate::replay::{self, Replay, Rules};
use crate::{Error, diagram};

/// What a score is asked: the variant, the komi, the dead stones, how records are read, the
/// limits and the referees.
#[derive(Clone, Copy)]
pub struct ScoreOptions<'a> {
    /// A built-in id, a spec file or an SGF rules name overriding the record's `RU`
    /// (`--rules`; `None`: the record's, else [`crate::DEFAULT_RULES`]).
    pub rules: Option<&'a str>,
    /// Komi overriding the record's `KM` and the variant's default (`--komi`, a number of
    /// points, a multiple of 0.5).
    pub komi: Option<&'a str>,
    /// The dead stones (`--dead`): `sgf`, `none`, `auto`, `gnugo` or points separated by
    /// commas; `None`: the record's marks when it has some, else none.
    pub dead: Option<&'a str>,
    /// The limits, the interpreter's budget among them.
    pub limits: Limits,
    /// Refuse the habits of real records and a board size the variant does not prescribe
    /// (`--strict`).
    pub strict: bool,
    /// The referee.
    pub which: Which,
    /// `--both`: rule with both and report a divergence (exit code 3).
    pub both: bool,
    /// The program that judges the dead stones for `dead = "gnugo"` (`weiqi-gtp`'s GNU Go);
    /// `None`: `gnugo` is refused.
    pub judge: Option<&'a dyn Judge>,
}

impl Default for ScoreOptions<'_> {
    fn default() -> Self {
        ScoreOptions {
            rules: None,
            komi: None,
            dead: None,
            limits: Limits::default(),
            strict: false,
            which: Which::Engine,
            both: false,
            judge: None,
        }
    }
}

/// The TB/TW marks `score --write` writes (`--marks`; issue 15 item 4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Marks {
    /// The record's own marks are kept; the ruling's are written only into a record that has
    /// none.
    Keep,
    /// The ruling's marks replace the record's.
    Ruling,
}

/// The whole `score --json` output (field names are stable: see JSON.md).
#[derive(Debug, Serialize)]
pub struct ScoreJson {
    /// The record's name.
    pub file: String,
    /// The variant's id.
    pub rules: String,
    /// How the variant was chosen: `option`, `record` or `default`.
    pub rules_source: &'static str,
    /// The komi of the game.
    pub komi: Points,
    /// Where the komi comes from: `option`, `record`, `server-default` (the komi a server
    /// played with and wrote as `KM[0]`, docs/decisions.md 27) or `variant`.
    pub komi_source: &'static str,
    /// Black's breakdown (zero when the result is not a count).
    pub black: SideScore,
    /// White's breakdown (zero when the result is not a count).
    pub white: SideScore,
    /// Black's total minus White's (zero when the result is not a count).
    pub margin: Points,
    /// `B`, `W`, `draw` or `none`.
    pub winner: &'static str,
    /// The result, as SGF's `RE`.
    pub result: String,
    /// Where the result comes from: `count`, `record` or `variant`.
    pub result_source: &'static str,
    /// Whether the game ended; `false`: the record stops while play goes on, and the count is
    /// of an unfinished position.
    pub game_ended: bool,
    /// The count of the last position when it is not the result.
    pub count: Option<CountJson>,
    /// The dead stones and where they came from.
    pub dead: DeadJson,
    /// The points each side's territory covers, in SGF coordinates.
    pub territory: ByColor<Vec<String>>,
    /// The passes inserted where the record omits them.
    pub inserted_passes: Vec<replay::InsertedPass>,
    /// Remarks for the reader.
    pub notes: Vec<String>,
}

/// The count of the last position when it is not the result (`count` in JSON.md).
#[derive(Debug, Serialize)]
pub struct CountJson {
    /// Black's breakdown.
    pub black: SideScore,
    /// White's breakdown.
    pub white: SideScore,
    /// Black's total minus White's.
    pub margin: Points,
    /// The count's result, as SGF's `RE`.
    pub result: String,
}

/// The ruling, however the game ended.
#[derive(Debug, Clone)]
pub struct Ruling {
    /// Where the result comes from: `count`, `record` (a resignation, time or forfeit result,
    /// docs/decisions.md 26) or `variant` (a long cycle ended the game while the record went on).
    pub source: &'static str,
    /// The count, when the game is scored.
    pub score: Option<Score>,
    /// The counting display of the variant, when it has one beyond the plain breakdown.
    pub counting: Vec<String>,
    /// The filled board of Ing's fill-in counting, when the variant counts so.
    pub filled: Option<weiqi_core::Board>,
    /// The result.
    pub result: GameResult,
    /// The komi of the game.
    pub komi: Points,
    /// Remarks on how the game ended.
    pub notes: Vec<String>,
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

/// Ing's normal end (seed 000, docs/decisions.md 3 revised): stop, agreement, then the passes
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
             follow end the game by that agreement (seed 000, docs/decisions.md 3)",
            rest[0].number
        ));
        replay.game = game;
    }
}

/// Ends the replayed game on `dead` and counts it.
fn rule(replay: &mut Replay, dead: &[Point]) -> Result<Ruling, Error> {
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
                .map_err(|e| Error(format!("the dead stones are refused: {e}")))?;
            }
            notes.push("play stopped after the passes; the game ends by agreement".into());
            // Ing: after the agreement the players pass again (seed 000, docs/decisions.md 3); a
            // record that ends at the stop leaves those passes out.
            if game.pending_agreement().is_some() {
                for _ in 0..game.ruleset().end.stop_passes {
                    let by = game.to_move();
                    game.apply(Action::Move {
                        color: by,
                        mv: Move::Pass,
                    })
                    .map_err(|e| Error(format!("the passes after the agreement: {e}")))?;
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
                .ok_or_else(|| Error("the count overflows".into()))?;
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

/// The TB/TW marks of a ruling: each side's territory and the points of the opponent's dead
/// stones.
fn ruling_marks(score: &Score, size: weiqi_core::BoardSize) -> ByColor<Vec<Point>> {
    let mut marks = ByColor::<Vec<Point>>::default();
    for (p, mark) in size.points().zip(&score.marks) {
        match *mark {
            weiqi_core::PointMark::Territory(c) => marks[c].push(p),
            weiqi_core::PointMark::Dead(c) => marks[c.opponent()].push(p),
            _ => {}
        }
    }
    marks
}

/// The breakdown of a count as a table: a row per part, a column per side.
#[must_use]
pub fn table(score: &Score) -> String {
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
/// (docs/decisions.md 26).
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

/// A ruled game: the variant, the replay, the dead stones, the ruling and the notes.
pub struct ScoreReport {
    /// The record's name in the output (its file name).
    pub file: String,
    /// The variant and how it was chosen.
    pub rules: Rules,
    /// The replay of the main line, the game ended by the ruling.
    pub replay: Replay,
    /// The final board (before the dead stones are removed).
    pub board: weiqi_core::Board,
    /// The dead stones the game was scored with.
    pub dead: DeadStones,
    /// The ruling.
    pub ruling: Ruling,
    /// Where the komi comes from: `option`, `record`, `server-default` (the komi a server
    /// played with and wrote as `KM[0]`, docs/decisions.md 27) or `variant`.
    pub komi_source: &'static str,
    /// Whether the game ended (play stopped or the game ended before the count); a count of a
    /// game that did not end is labelled a count of an unfinished position.
    pub game_ended: bool,
    /// Remarks for the reader (a caller that writes files adds its own).
    pub notes: Vec<String>,
}

/// The outcome of [`score_record`].
pub enum Scored {
    /// The game ruled.
    Ruled(Box<ScoreReport>),
    /// No ruling: a move is illegal, or the interpreter's budget ran out; the replay shows
    /// where.
    Unruled(Box<CheckReport>),
    /// `both`, and the engine and the interpreter disagree: the report of the first divergence.
    Diverged(String),
}

impl Scored {
    /// The exit code of `weiqi score`: 0 when ruled, else that of `check`, 3 for a divergence.
    #[must_use]
    pub fn exit_code(&self) -> i32 {
        match self {
            Scored::Ruled(_) => EXIT_OK,
            Scored::Unruled(r) => r.exit_code(),
            Scored::Diverged(_) => EXIT_DIVERGED,
        }
    }

    /// The output of `weiqi score` on one record: the JSON object (`json`) or the text report
    /// (a game without a ruling gives `check`'s); the divergence report either way.
    pub fn output(&self, json: bool) -> Result<String, Error> {
        match self {
            Scored::Diverged(report) => Ok(report.clone()),
            Scored::Ruled(r) if json => json_text(&r.to_json()),
            Scored::Ruled(r) => Ok(r.to_text()),
            Scored::Unruled(r) if json => json_text(&r.to_json()),
            Scored::Unruled(r) => {
                let mut t = r.to_text();
                match (r.replay.first_illegal(), &r.replay.inconclusive) {
                    (Some(n), _) => {
                        let _ = writeln!(t, "cannot score: move {n} is illegal");
                    }
                    (None, Some(why)) => {
                        let _ = writeln!(t, "cannot score: {why}");
                    }
                    (None, None) => {}
                }
                Ok(t)
            }
        }
    }
}

/// `weiqi score` on a record already read (`name` names it in the output), as `options` say:
/// replay, dead stones, agreement, count, ruling; with `both`, a divergence between the engine
/// and the interpreter is reported instead.
pub fn score_record(
    name: &str,
    record: &weiqi_sgf::Record,
    options: &ScoreOptions<'_>,
) -> Result<Scored, Error> {
    let komi = match options.komi {
        None => None,
        Some(k) => Some(Points::parse(k).ok_or_else(|| {
            Error(format!(
                "--komi: {k:?} is not a number of points (a multiple of 0.5)"
            ))
        })?),
    };
    let by_record = decided_by_record(record);
    // A komi that cannot be read stops only a count that needs it (issue 10).
    if let (Some(problem), None, None) = (&record.komi_problem, komi, by_record) {
        return Err(Error(format!(
            "{name}: {problem}: the count needs a komi; give one with --komi"
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
        return Ok(Scored::Diverged(report));
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
        return Ok(Scored::Unruled(Box::new(CheckReport {
            file: name.to_owned(),
            rules: chosen,
            replay,
        })));
    }
    let mut notes = replay.notes.clone();
    let board = replay.game.board();
    // The status judge plays on the engine: under the interpreter, the same record replayed on
    // the engine (the same position, history and phase), so that both referees get the same
    // dead stones.
    let on_engine = match replay.game.as_engine() {
        Some(_) => None,
        None => replay::replay(
            Which::Engine,
            record,
            &chosen.ruleset,
            komi,
            options.strict,
            None,
        )
        .ok(),
    };
    let engine = replay
        .game
        .as_engine()
        .or_else(|| on_engine.as_ref().and_then(|r| r.game.as_engine()));
    let dead = dead::decide(
        options.dead,
        &dead::Position {
            record,
            board: &board,
            komi: replay.game.komi(),
            to_move: replay.game.to_move(),
            // The dead stones matter only to a count the players would agree on: not under a
            // variant that counts every stone alive, nor after the game ended otherwise (a
            // long cycle, or the agreement the record itself played).
            agreement: replay.game.ruleset().end.after_stop != weiqi_spec::AfterStop::ScoreAllAlive,
            ended: matches!(replay.game.phase(), Phase::Ended(_)),
            engine,
            ruleset: replay.game.ruleset(),
        },
        options.judge,
        &mut notes,
    )?;
    agree_at_the_last_stop(&mut replay, record, &dead.points, &mut notes);
    let game_ended = replay.game.phase() != Phase::Playing;
    let mut ruling = rule(&mut replay, &dead.points)?;
    if options.both
        && let Some(report) = oracle_disagrees(
            name,
            options,
            record,
            &chosen.ruleset,
            komi,
            &dead.points,
            &ruling,
        )?
    {
        return Ok(Scored::Diverged(report));
    }
    notes.extend(ruling.notes.iter().cloned());
    if let Some(s) = &ruling.score {
        if game_ended {
            notes.extend(s.notes.iter().cloned());
        } else if !s.notes.is_empty() {
            // Issue 29 item 4: the count's notes describe the end of a game (dame left open
            // next to stones that look dead...), not a position in mid-game.
            notes.push(format!(
                "{} note(s) of the count left out: they describe a finished game",
                s.notes.len()
            ));
        }
        // Issue 10 item 4: a count that keeps unsettled stones alive says so (the judge's
        // notes name its own unsettled strings).
        if !dead.unsettled.is_empty() && dead.source == dead::Source::None {
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
        // docs/decisions.md 26: a resignation, time or forfeit result is the ruling.
        ruling.result = result;
        ruling.source = "record";
        notes.insert(
            0,
            format!(
                "{}: RE[{}] is the ruling (docs/decisions.md 26); the count shown is of the last \
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
    let komi_source = if komi.is_some() {
        "option"
    } else if record.komi_source == weiqi_sgf::KomiSource::ServerDefault {
        "server-default"
    } else if record.komi.is_some() {
        "record"
    } else {
        "variant"
    };
    // Rules chosen with --rules (a spec file, often written for its komi) whose komi the
    // record's KM overrides: said, never silently (issue 29 item 3).
    if let (None, Some(km), "option") = (komi, record.komi, chosen.source) {
        let own = chosen.ruleset.komi_for(replay.game.handicap());
        if own != km {
            notes.push(format!(
                "the record's komi {km} overrides {}'s komi {own} (give --komi {own} to count \
                 with the variant's)",
                chosen.ruleset.id
            ));
        }
    }
    Ok(Scored::Ruled(Box::new(ScoreReport {
        file: name.to_owned(),
        rules: chosen,
        replay,
        board,
        dead,
        ruling,
        komi_source,
        game_ended,
        notes,
    })))
}

impl ScoreReport {
    /// Whether the result is the count (not the record's result nor the variant's end).
    #[must_use]
    pub fn is_count(&self) -> bool {
        self.ruling.source == "count"
    }

    /// The record written back with the ruling (`weiqi score --write`): RE and a comment; the
    /// ruling's TB/TW marks only as `marks` allows (the record's own are kept unless it asks
    /// to replace them).
    #[must_use]
    pub fn to_sgf(&self, record: &weiqi_sgf::Record, marks: Marks) -> String {
        let ruling = &self.ruling;
        let has_marks = !record.territory.black.is_empty() || !record.territory.white.is_empty();
        let territory = ruling
            .score
            .as_ref()
            .filter(|_| self.is_count())
            .filter(|_| marks == Marks::Ruling || !has_marks)
            .map(|s| ruling_marks(s, self.board.size()));
        let comment = format!(
            "weiqi score under {}: {}{}",
            self.rules.ruleset.id,
            ruling.result.to_sgf(),
            ruling.score.as_ref().map_or(String::new(), |s| format!(
                " (black {}, white {})",
                s.sides.black.total, s.sides.white.total
            ))
        );
        record.to_sgf_with(&weiqi_sgf::Ruling {
            result: ruling.result,
            territory,
            comment: Some(comment),
        })
    }

    /// The `result: ...` line of the report.
    fn result_line(&self) -> String {
        format!(
            "result: {}{}",
            self.ruling.result.to_sgf(),
            match self.ruling.source {
                "record" => " (the record's result)",
                "variant" => " (the variant ended the game)",
                _ if !self.game_ended =>
                    " (the count of an unfinished position: the game did not end)",
                _ => "",
            }
        )
    }

    /// The lines of text beside the board in a picture of the ruling (`score --svg`): file,
    /// rules, komi, the breakdown, the margin, the result and the counting display (up to
    /// Ing's filled board, drawn beside the final one).
    #[must_use]
    pub fn picture_lines(&self) -> Vec<String> {
        let ruling = &self.ruling;
        let is_count = self.is_count();
        let mut lines = vec![
            format!("file: {}", self.file),
            format!("rules: {} ({})", self.rules.ruleset.id, self.rules.how),
            format!("komi: {} ({})", ruling.komi, self.komi_source),
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
        lines.push(self.result_line());
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
        lines
    }

    /// The `score --json` object.
    #[must_use]
    pub fn to_json(&self) -> ScoreJson {
        let ruling = &self.ruling;
        let is_count = self.is_count();
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
        ScoreJson {
            file: self.file.clone(),
            rules: self.rules.ruleset.id.clone(),
            rules_source: self.rules.source,
            komi: ruling.komi,
            komi_source: self.komi_source,
            black,
            white,
            margin,
            winner: winner(&ruling.result),
            result: ruling.result.to_sgf(),
            result_source: ruling.source,
            game_ended: self.game_ended,
            count,
            dead: self.dead.to_json(),
            territory: territory_points(ruling.score.as_ref(), self.board.size()),
            inserted_passes: self.replay.inserted.clone(),
            notes: self.notes.clone(),
        }
    }

    /// The text report of `weiqi score`: the breakdown, the result, the counting display, the
    /// notes and the board diagram of the count.
    #[must_use]
    pub fn to_text(&self) -> String {
        let ruling = &self.ruling;
        let is_count = self.is_count();
        let mut t = String::new();
        let _ = writeln!(t, "file: {}", self.file);
        let _ = writeln!(t, "rules: {} ({})", self.rules.ruleset.id, self.rules.how);
        let source = match self.komi_source {
            "option" => "from --komi",
            "record" => "from the record's KM",
            "server-default" => "the server's default, which the record writes as KM[0]",
            _ => "the variant's",
        };
        let _ = writeln!(t, "komi: {} ({source})", ruling.komi);
        if let Some(s) = &ruling.score {
            t.push('\n');
            if !is_count {
                t.push_str("count of the last position (not the result):\n");
            } else if !self.game_ended {
                t.push_str("count of an unfinished position (the game did not end):\n");
            }
            t.push_str(&table(s));
            let _ = writeln!(t, "\nmargin: {} (black's total minus white's)", s.margin);
            if !is_count {
                let _ = writeln!(t, "count: {}", s.result.to_sgf());
            }
        }
        let _ = writeln!(t, "{}", self.result_line());
        if !ruling.counting.is_empty() && is_count {
            t.push('\n');
            for line in &ruling.counting {
                let _ = writeln!(t, "{line}");
            }
        }
        if !self.notes.is_empty() {
            t.push_str("\nnotes:\n");
            for n in &self.notes {
                let _ = writeln!(t, "- {n}");
            }
        }
        if let Some(s) = &ruling.score {
            t.push('\n');
            t.push_str(&diagram::render(self.board.size(), &s.marks));
            let _ = writeln!(t, "{}", diagram::LEGEND);
        }
        t
    }
}

/// `--both`: the same record and dead stones ruled by the interpreter; a report when its result
/// or count (komi, breakdown, margin, marks: the wording of the count's notes is not a ruling)
/// differs from the engine's `ruling`.
fn oracle_disagrees(
    name: &str,
    options: &ScoreOptions<'_>,
    record: &weiqi_sgf::Record,
    ruleset: &weiqi_spec::Ruleset,
    komi: Option<Points>,
    dead: &[Point],
    ruling: &Ruling,
) -> Result<Option<String>, Error> {
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
        name,
        ruleset.id,
        ruling.result.to_sgf(),
        totals(ruling),
        theirs.result.to_sgf(),
        totals(&theirs)
    )))
}
