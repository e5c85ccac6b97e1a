//! `weiqi check GAME.sgf`: every move of the main line, legal or not, and why.

use std::fmt::Write as _;
use std::io::Write;

use serde::Serialize;
use weiqi_core::Move;

use crate::limits::{EXIT_DIVERGED, EXIT_ILLEGAL, EXIT_INCONCLUSIVE, EXIT_OK, Limits};
use crate::referee::Which;
use crate::replay::{self, InsertedPass, Replay, Rules, Verdict};
use crate::{CliError, emit};

/// One move of `check --json` (field names are stable: see JSON.md).
#[derive(Debug, Serialize)]
pub(crate) struct MoveJson {
    pub(crate) number: usize,
    pub(crate) color: String,
    pub(crate) point: String,
    pub(crate) legal: bool,
    pub(crate) reason: Option<&'static str>,
    pub(crate) captures: usize,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub(crate) handicap_stone: bool,
}

/// The whole `check --json` output.
#[derive(Debug, Serialize)]
pub(crate) struct CheckJson {
    pub(crate) file: String,
    pub(crate) rules: String,
    pub(crate) rules_source: &'static str,
    pub(crate) moves: Vec<MoveJson>,
    pub(crate) inserted_passes: Vec<InsertedPass>,
    pub(crate) first_illegal: Option<usize>,
    pub(crate) status: &'static str,
    pub(crate) inconclusive: Option<String>,
    pub(crate) variant_end: Option<VariantEnd>,
    pub(crate) notes: Vec<String>,
}

/// Where the variant ended the game while the record went on (`variant_end` in JSON.md).
#[derive(Debug, Serialize)]
pub(crate) struct VariantEnd {
    pub(crate) after: usize,
    pub(crate) result: String,
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
pub(crate) fn to_json(file: &str, rules: &Rules, replay: &Replay) -> CheckJson {
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
pub(crate) fn show_move(mv: Move, size: weiqi_core::BoardSize) -> String {
    match mv {
        Move::Pass => "pass".to_owned(),
        Move::Play(p) => match p.to_gtp(size) {
            Ok(gtp) => format!("{} ({gtp})", p.to_sgf()),
            Err(_) => p.to_sgf(),
        },
    }
}

/// The text report of a replay (also used by `score` when a move is illegal).
pub(crate) fn to_text(file: &str, rules: &str, how: &str, replay: &Replay) -> String {
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
pub(crate) fn exit_code(replay: &Replay) -> i32 {
    if replay.first_illegal().is_some() {
        EXIT_ILLEGAL
    } else if replay.inconclusive.is_some() {
        EXIT_INCONCLUSIVE
    } else {
        EXIT_OK
    }
}

/// `check` on a record already read (`game` names it in the output), by the referee `which`;
/// with `both`, a divergence between the engine and the interpreter is reported instead
/// (exit code 3).
#[allow(clippy::too_many_arguments)]
pub(crate) fn run_record(
    game: &str,
    record: &weiqi_sgf::Record,
    rules: Option<&str>,
    strict: bool,
    json: bool,
    limits: &Limits,
    (which, both): (Which, bool),
    out: &mut dyn Write,
) -> Result<i32, CliError> {
    let chosen = replay::choose_rules(rules, record, limits)?;
    if both
        && let Some(report) =
            replay::divergence(record, &chosen.ruleset, None, strict, limits.budget)?
    {
        emit(out, &report)?;
        return Ok(EXIT_DIVERGED);
    }
    let which = if both { Which::Engine } else { which };
    let replay = replay::replay(which, record, &chosen.ruleset, None, strict, limits.budget)?;
    let text = if json {
        let mut t = serde_json::to_string_pretty(&to_json(game, &chosen, &replay))
            .map_err(|e| CliError(format!("cannot write json: {e}")))?;
        t.push('\n');
        t
    } else {
        to_text(game, &chosen.ruleset.id, &chosen.how, &replay)
    };
    emit(out, &text)?;
    Ok(exit_code(&replay))
}
