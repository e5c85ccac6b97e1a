//! `check` and `score` as [`batch::Rule`]s: the one-file command unchanged, and in a batch the
//! same command's `--json` object read back for the line and the summary.

use std::io::Write;

use serde_json::Value;
use weiqi_sgf::Record;

use crate::batch::{self, Ruled};
use crate::limits::{EXIT_DIVERGED, Limits};
use crate::referee::Which;
use crate::summary::{self, Kind, Tally};
use crate::{CliError, check, score};

/// Reads back the `--json` output of a one-file command.
pub(crate) fn parse(bytes: &[u8]) -> Result<Value, CliError> {
    serde_json::from_slice(bytes).map_err(|e| CliError(format!("cannot read back json: {e}")))
}

/// A game `--both` found the referees disagree on: the report, as text (exit code 3).
fn diverged(report: &[u8]) -> Ruled {
    let report = String::from_utf8_lossy(report).into_owned();
    let first = report.lines().nth(1).unwrap_or("").trim().to_owned();
    let mut json = serde_json::Map::new();
    json.insert("diverged".into(), Value::from(report));
    Ruled {
        code: EXIT_DIVERGED,
        json: Value::Object(json),
        line: format!("the engine and the interpreter disagree: {first}"),
        tally: Tally {
            diverged: 1,
            ..Tally::default()
        },
    }
}

/// `weiqi check`.
pub(crate) struct CheckRule<'a> {
    /// `--rules`.
    pub(crate) rules: Option<&'a str>,
    /// `--strict`.
    pub(crate) strict: bool,
    /// `--json`.
    pub(crate) json: bool,
    /// The limits (and the budget).
    pub(crate) limits: Limits,
    /// The referee, and `--both`.
    pub(crate) referees: (Which, bool),
}

impl batch::Rule for CheckRule<'_> {
    fn kind(&self) -> Kind {
        Kind::Check
    }

    fn one(&self, name: &str, record: &Record, out: &mut dyn Write) -> Result<i32, CliError> {
        check::run_record(
            name,
            record,
            self.rules,
            self.strict,
            self.json,
            &self.limits,
            self.referees,
            out,
        )
    }

    fn game(&self, name: &str, record: &Record) -> Result<Ruled, CliError> {
        let mut buf = Vec::new();
        let code = check::run_record(
            name,
            record,
            self.rules,
            self.strict,
            true,
            &self.limits,
            self.referees,
            &mut buf,
        )?;
        if code == EXIT_DIVERGED {
            return Ok(diverged(&buf));
        }
        let json = parse(&buf)?;
        let (line, tally) = summary::of_check(&json);
        Ok(Ruled {
            code,
            json,
            line,
            tally,
        })
    }
}

/// `weiqi score`.
pub(crate) struct ScoreRule<'a> {
    /// What was asked (its `game` is replaced by each game's name).
    pub(crate) options: score::Options<'a>,
}

impl batch::Rule for ScoreRule<'_> {
    fn kind(&self) -> Kind {
        Kind::Score
    }

    fn one(&self, name: &str, record: &Record, out: &mut dyn Write) -> Result<i32, CliError> {
        let options = score::Options {
            game: name,
            ..self.options
        };
        score::run_record(&options, record, out)
    }

    fn game(&self, name: &str, record: &Record) -> Result<Ruled, CliError> {
        let options = score::Options {
            game: name,
            json: true,
            ..self.options
        };
        let mut buf = Vec::new();
        let code = score::run_record(&options, record, &mut buf)?;
        if code == EXIT_DIVERGED {
            return Ok(diverged(&buf));
        }
        let json = parse(&buf)?;
        let (line, tally) = summary::of_score(&json);
        Ok(Ruled {
            code,
            json,
            line,
            tally,
        })
    }

    fn many(&self) -> Result<(), CliError> {
        match self.options.write {
            Some(path) => Err(CliError(format!(
                "--write {}: takes one file of one game",
                path.display()
            ))),
            None => Ok(()),
        }
    }
}
