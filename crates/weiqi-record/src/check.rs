//! `weiqi check GAME.sgf`: every move of the main line, legal or not, and why: the report
//! ([`check_record`]), its text and its JSON contract ([`CheckJson`], JSON.md).

use std::fmt::Write as _;

use serde::Serialize;
use weiqi_core::Move;

use crate::Error;
use crate::limits::{EXIT_DIVERGED, EXIT_ILLEGAL, EXIT_INCONCLUSIVE, EXIT_OK, Limits};
use crate::referee::Which;
use crate::replay::{self, InsertedPass, Replay, Rules, Verdict};

/// One move of `check --json` (field names are stable: see JSON.md).
#[derive(Debug, Serialize)]
pub struct MoveJson {
    /// The move's number, from 1 along the main line.
    pub number: usize,
    /// The player, `B` or `W`.
    pub color: String,
    /// The point in SGF coordinates, or `pass`.
    pub point: String,
    /// Whether the referee accepted the move.
    pub legal: bool,
    /// The stable code of the refusal (`ko`, `suicide`, ...), when refused.
    pub reason: Option<&'static str>,
    /// The opponent stones the move captured.
    pub captures: usize,
    /// A handicap stone written as a move, placed as setup (absent when false).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub handicap_stone: bool,
}

/// The whole `check --json` output.
#[derive(Debug, Serialize)]
pub struct CheckJson {
    /// The record's name.
    pub file: String,
    /// The variant's id.
    pub rules: String,
    /// How the variant was chosen: `option`, `record` or `default`.
    pub rules_source: &'static str,
    /// One entry per move, up to and including the first illegal one.
    pub moves: Vec<MoveJson>,
    /// The passes inserted where the record omits them.
    pub inserted_passes: Vec<InsertedPass>,
    /// The number of the first illegal move.
    pub first_illegal: Option<usize>,
    /// The game's status after the last legal move (`playing`, `stopped`, `ended`, ...).
    pub status: &'static str,
    /// Why there is no ruling, when the interpreter's budget ran out.
    pub inconclusive: Option<String>,
    /// Where the variant ended the game while the record went on.
    pub variant_end: Option<VariantEnd>,
    /// Remarks for the reader.
    pub notes: Vec<String>,
}

/// Where the variant ended the game while the record went on (`variant_end` in JSON.md).
#[derive(Debug, Serialize)]
pub struct VariantEnd {
    /// The number of the move after which the variant ended the game.
    pub after: usize,
    /// The variant's result there, as SGF's `RE`.
    pub result: String,
}

fn move_json(v: &Verdict) -> MoveJson {
    MoveJson {
        number: v.number,
        color: v.color.letter().to_string(),
        point: match v.mv {
            Move::Play(p) => p.to_sgf(),
            Move::Pass => "pass".to_owned(),
        },
        legal: v.refused.is_none(),
        reason: v.refused.as_ref().map(|r| r.code()),
        captures: v.captures,
        handicap_stone: v.handicap_stone,
    }
}

/// The JSON of a replay.
pub fn to_json(file: &str, rules: &Rules, replay: &Replay) -> CheckJson {
    CheckJson {
        file: file.to_owned(),
        rules: rules.ruleset.id.clone(),
        rules_source: rules.source,
        moves: replay.verdicts.iter().map(move_json).collect(),
        inserted_passes: replay.inserted.clone(),
        first_illegal: replay.first_illegal(),
        status: replay.status(),
        inconclusive: replay.inconclusive.clone(),
        variant_end: replay.early_end.map(|e| VariantEnd {
            after: e.after,
            result: e.result.to_sgf(),
        }),
        notes: replay.notes.clone(),
    }
}

/// A move for people: `dd (D16)` or `pass`.
pub fn show_move(mv: Move, size: weiqi_core::BoardSize) -> String {
    match mv {
        Move::Pass => "pass".to_owned(),
        Move::Play(p) => match p.to_gtp(size) {
            Ok(gtp) => format!("{} ({gtp})", p.to_sgf()),
            Err(_) => p.to_sgf(),
        },
    }
}

/// The text report of a replay (also used by `score` when a move is illegal).
pub fn to_text(file: &str, rules: &str, how: &str, replay: &Replay) -> String {
    let size = replay.game.size();
    let mut t = String::new();
    let _ = writeln!(t, "file: {file}");
    let _ = writeln!(t, "rules: {rules} ({how})");
    for v in &replay.verdicts {
        for p in replay.inserted.iter().filter(|p| p.before == v.number) {
            let _ = writeln!(
                t,
                "{:>4} {} {:<10} inserted: the record omits it",
                "",
                p.color.letter(),
                "pass"
            );
        }
        let _ = write!(
            t,
            "{:>4} {} {:<10}",
            v.number,
            v.color.letter(),
            show_move(v.mv, size)
        );
        match &v.refused {
            None if v.handicap_stone => {
                let _ = writeln!(t, " handicap stone (placed as setup)");
            }
            None if v.captures > 0 => {
                let _ = writeln!(t, " legal, captures {}", v.captures);
            }
            None => {
                let _ = writeln!(t, " legal");
            }
            Some(r) => {
                let _ = writeln!(t, " ILLEGAL ({}): {r}", r.code());
            }
        }
    }
    for n in &replay.notes {
        let _ = writeln!(t, "note: {n}");
    }
    let _ = writeln!(t, "status: {}", replay.status());
    match (replay.first_illegal(), &replay.inconclusive) {
        (Some(n), _) => {
            let _ = writeln!(t, "verdict: move {n} is illegal");
        }
        (None, Some(why)) => {
            let _ = writeln!(t, "verdict: none: {why}");
        }
        (None, None) => {
            let _ = writeln!(t, "verdict: all {} moves are legal", replay.verdicts.len());
        }
    }
    t
}

/// The exit code of a replay: illegal, inconclusive or fine.
pub fn exit_code(replay: &Replay) -> i32 {
    if replay.first_illegal().is_some() {
        EXIT_ILLEGAL
    } else if replay.inconclusive.is_some() {
        EXIT_INCONCLUSIVE
    } else {
        EXIT_OK
    }
}

/// What a check is asked: the variant, how records are read, the limits and the referees.
#[derive(Debug, Clone, Copy)]
pub struct CheckOptions<'a> {
    /// A built-in id, a spec file or an SGF rules name overriding the record's `RU`
    /// (`--rules`; `None`: the record's, else [`crate::DEFAULT_RULES`]).
    pub rules: Option<&'a str>,
    /// Refuse the habits of real records and a board size the variant does not prescribe
    /// (`--strict`).
    pub strict: bool,
    /// The limits, the interpreter's budget among them.
    pub limits: Limits,
    /// The referee that rules.
    pub which: Which,
    /// Rule with both referees and report the first divergence (`--both`).
    pub both: bool,
}

impl Default for CheckOptions<'_> {
    fn default() -> Self {
        CheckOptions {
            rules: None,
            strict: false,
            limits: Limits::default(),
            which: Which::Engine,
            both: false,
        }
    }
}

/// A replayed record: its name, the variant chosen and the replay.
pub struct CheckReport {
    /// The record's name in the output (its file name).
    pub file: String,
    /// The variant and how it was chosen.
    pub rules: Rules,
    /// The replay of the main line.
    pub replay: Replay,
}

impl CheckReport {
    /// The `check --json` object.
    #[must_use]
    pub fn to_json(&self) -> CheckJson {
        to_json(&self.file, &self.rules, &self.replay)
    }

    /// The text report of `weiqi check`.
    #[must_use]
    pub fn to_text(&self) -> String {
        to_text(
            &self.file,
            &self.rules.ruleset.id,
            &self.rules.how,
            &self.replay,
        )
    }

    /// The exit code: [`EXIT_ILLEGAL`], [`EXIT_INCONCLUSIVE`] or [`EXIT_OK`].
    #[must_use]
    pub fn exit_code(&self) -> i32 {
        exit_code(&self.replay)
    }
}

/// The outcome of [`check_record`].
pub enum Checked {
    /// The record replayed by the referee (the engine's ruling under `both`).
    Ruled(Box<CheckReport>),
    /// `both`, and the engine and the interpreter disagree: the report of the first divergence.
    Diverged(String),
}

impl Checked {
    /// The exit code of `weiqi check` (3 for a divergence).
    #[must_use]
    pub fn exit_code(&self) -> i32 {
        match self {
            Checked::Ruled(r) => r.exit_code(),
            Checked::Diverged(_) => EXIT_DIVERGED,
        }
    }

    /// The output of `weiqi check` on one record: the JSON object (`json`) or the text report;
    /// the divergence report either way.
    pub fn output(&self, json: bool) -> Result<String, Error> {
        match self {
            Checked::Diverged(report) => Ok(report.clone()),
            Checked::Ruled(r) if json => json_text(&r.to_json()),
            Checked::Ruled(r) => Ok(r.to_text()),
        }
    }
}

/// A JSON object pretty-printed, with a final newline.
pub(crate) fn json_text<T: Serialize>(value: &T) -> Result<String, Error> {
    let mut t = serde_json::to_string_pretty(value)
        .map_err(|e| Error(format!("cannot write json: {e}")))?;
    t.push('\n');
    Ok(t)
}

/// `weiqi check` on a record already read (`name` names it in the output), as `options` say;
/// with `both`, a divergence between the engine and the interpreter is reported instead.
pub fn check_record(
    name: &str,
    record: &weiqi_sgf::Record,
    options: &CheckOptions<'_>,
) -> Result<Checked, Error> {
    let limits = &options.limits;
    let chosen = replay::choose_rules(options.rules, record, limits)?;
    if options.both
        && let Some(report) =
            replay::divergence(record, &chosen.ruleset, None, options.strict, limits.budget)?
    {
        return Ok(Checked::Diverged(report));
    }
    let which = if options.both {
        Which::Engine
    } else {
        options.which
    };
    let replay = replay::replay(
        which,
        record,
        &chosen.ruleset,
        None,
        options.strict,
        limits.budget,
    )?;
    Ok(Checked::Ruled(Box::new(CheckReport {
        file: name.to_owned(),
        rules: chosen,
        replay,
    })))
}
