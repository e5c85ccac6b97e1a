//! `check` and `score` as [`batch::Rule`]s: the one-file command unchanged, and in a batch the
//! same command's `--json` object read back for the line and the summary.

use std::io::Write;

use serde_json::Value;
use weiqi_sgf::Record;

use weiqi_record::check::{self, CheckOptions, check_record};
use weiqi_record::{EXIT_DIVERGED, replay};

use crate::batch::{self, Json, Ruled};
use crate::error::{CliError, emit};
use crate::summary::{self, CheckLine, Kind, Tally};
use crate::{score, svg};

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
        json: Json::Value(Value::Object(json)),
        line: format!("the engine and the interpreter disagree: {first}"),
        tally: Tally {
            diverged: 1,
            ..Tally::default()
        },
    }
}

/// `weiqi check`.
pub(crate) struct CheckRule<'a> {
    /// `--rules`, `--strict`, the limits (and the budget), the referee and `--both`.
    pub(crate) options: CheckOptions<'a>,
    /// `--json`.
    pub(crate) json: bool,
    /// `--svg`: where to draw the position (one game only).
    pub(crate) svg: Option<&'a std::path::Path>,
    /// `--move N`: the move whose position `--svg` draws.
    pub(crate) number: Option<usize>,
}

impl batch::Rule for CheckRule<'_> {
    fn kind(&self) -> Kind {
        Kind::Check
    }

    fn one(&self, name: &str, record: &Record, out: &mut dyn Write) -> Result<i32, CliError> {
        let checked = check_record(name, record, &self.options)?;
        emit(out, &checked.output(self.json)?)?;
        let o = &self.options;
        if let Some(path) = self.svg {
            svg::check_picture(&svg::CheckRequest {
                game: name,
                record,
                rules: o.rules,
                strict: o.strict,
                limits: &o.limits,
                which: o.which,
                svg: path,
                number: self.number,
            })?;
        }
        Ok(checked.exit_code())
    }

    fn many(&self) -> Result<(), CliError> {
        match self.svg {
            Some(path) => Err(CliError(format!(
                "--svg {}: takes one file of one game",
                path.display()
            ))),
            None => Ok(()),
        }
    }

    fn game(&self, name: &str, record: &Record) -> Result<Ruled, CliError> {
        let o = &self.options;
        if !o.both {
            // What `check_record` does without `--both`, the JSON object written on one
            // line at once: a corpus is read at the disk's pace, not at that of a JSON round
            // trip (issue 15 item 6).
            let chosen = replay::choose_rules(o.rules, record, &o.limits)?;
            let replay = replay::replay(
                o.which,
                record,
                &chosen.ruleset,
                None,
                o.strict,
                o.limits.budget,
            )?;
            let last = replay.verdicts.last();
            let (line, tally) = CheckLine {
                rules: &chosen.ruleset.id,
                first_illegal: replay.first_illegal().map(|n| {
                    let reason = last
                        .and_then(|v| v.refused.as_ref())
                        .map_or("", |r| r.code());
                    (n as u64, reason)
                }),
                inconclusive: replay.inconclusive.as_deref(),
                moves: replay.verdicts.len(),
                status: replay.status(),
            }
            .render();
            let json = if self.json {
                Json::Line(
                    serde_json::to_string(&check::to_json(name, &chosen, &replay))
                        .map_err(|e| CliError(format!("cannot write json: {e}")))?,
                )
            } else {
                Json::Skipped
            };
            return Ok(Ruled {
                code: check::exit_code(&replay),
                json,
                line,
                tally,
            });
        }
        let checked = check_record(name, record, o)?;
        let buf = checked.output(true)?;
        let code = checked.exit_code();
        if code == EXIT_DIVERGED {
            return Ok(diverged(buf.as_bytes()));
        }
        let json = parse(buf.as_bytes())?;
        let (line, tally) = summary::of_check(&json);
        Ok(Ruled {
            code,
            json: Json::Value(json),
            line,
            tally,
        })
    }
}

/// `weiqi score`.
pub(crate) struct ScoreRule<'a> {
    /// What was asked.
    pub(crate) options: score::Options<'a>,
}

impl batch::Rule for ScoreRule<'_> {
    fn kind(&self) -> Kind {
        Kind::Score
    }

    fn one(&self, name: &str, record: &Record, out: &mut dyn Write) -> Result<i32, CliError> {
        score::run_record(name, &self.options, record, out)
    }

    fn game(&self, name: &str, record: &Record) -> Result<Ruled, CliError> {
        let options = score::Options {
            json: true,
            ..self.options
        };
        let mut buf = Vec::new();
        let code = score::run_record(name, &options, record, &mut buf)?;
        if code == EXIT_DIVERGED {
            return Ok(diverged(&buf));
        }
        let json = parse(&buf)?;
        let (line, tally) = summary::of_score(&json);
        Ok(Ruled {
            code,
            json: Json::Value(json),
            line,
            tally,
        })
    }

    fn many(&self) -> Result<(), CliError> {
        match (self.options.write, self.options.svg) {
            (Some(path), _) => Err(CliError(format!(
                "--write {}: takes one file of one game",
                path.display()
            ))),
            (None, Some(path)) => Err(CliError(format!(
                "--svg {}: takes one file of one game",
                path.display()
            ))),
            (None, None) => Ok(()),
        }
    }
}
