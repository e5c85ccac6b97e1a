//! `weiqi diff GAME.sgf [--rules A,B,...|--all]` (issue 15 item 1): one game under many
//! variants, a row per variant (the first illegal move and its reason, the status, the result
//! and margin, the score breakdown), the cells that differ from the rest of their column
//! marked. Each row is what `weiqi check --rules ID --json` and `weiqi score --rules ID --json`
//! say of the game, so `--json` gives those very objects (JSON.md), one pair per variant.
//!
//! Exit code: 0 when every variant rules alike, 1 when they differ, 2 when a variant cannot
//! rule on the game (or the file cannot be read).

use std::fmt::Write as _;
use std::io::Write;

use rayon::prelude::*;
use serde_json::{Map, Value};
use weiqi_sgf::Record;

use weiqi_record::check::{CheckOptions, check_record};
use weiqi_record::rules::load;
use weiqi_record::score::{ScoreOptions, score_record};
use weiqi_record::{EXIT_ERROR, EXIT_ILLEGAL, EXIT_OK, Limits, Which};

use crate::batch::{self, Json, Ruled};
use crate::error::{CliError, emit};
use crate::rulers::parse;
use crate::score::GNUGO;
use crate::summary::{Kind, Tally};

/// `weiqi diff`.
pub(crate) struct DiffRule<'a> {
    /// The variants: as given (an id or a spec file) and their ids.
    variants: Vec<(String, String)>,
    /// Where the list came from, for the header.
    chosen: &'static str,
    /// `--dead`, the same for every variant.
    dead: Option<&'a str>,
    strict: bool,
    json: bool,
    limits: Limits,
}

impl<'a> DiffRule<'a> {
    /// The variants of `--rules A,B,...`, or every built-in one (`--all`, the default).
    pub(crate) fn new(
        rules: Option<&str>,
        all: bool,
        dead: Option<&'a str>,
        strict: bool,
        json: bool,
        limits: Limits,
    ) -> Result<DiffRule<'a>, CliError> {
        let (given, chosen): (Vec<String>, _) = match (rules, all) {
            (Some(_), true) => {
                return Err(CliError("--rules and --all: give one of them".into()));
            }
            (Some(list), false) => (
                list.split(',')
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .map(str::to_owned)
                    .collect(),
                "from --rules",
            ),
            (None, _) => (
                weiqi_spec::builtin_ids()
                    .into_iter()
                    .map(str::to_owned)
                    .collect(),
                "every built-in variant",
            ),
        };
        if given.is_empty() {
            return Err(CliError("--rules: no variant given".into()));
        }
        let variants = given
            .into_iter()
            .map(|g| load(&g, &limits).map(|r| (g, r.id)))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(DiffRule {
            variants,
            chosen,
            dead,
            strict,
            json,
            limits,
        })
    }

    /// The game ruled under one variant.
    fn row(&self, name: &str, record: &Record, (given, id): &(String, String)) -> Row {
        let mut row = Row {
            rules: id.clone(),
            code: EXIT_OK,
            check: None,
            score: None,
            error: None,
        };
        let options = ScoreOptions {
            rules: Some(given),
            komi: None,
            dead: self.dead,
            limits: self.limits,
            strict: self.strict,
            which: Which::Engine,
            both: false,
            judge: Some(GNUGO),
        };
        let ruled = (|| -> Result<(), CliError> {
            let scored = score_record(name, record, &options)?;
            row.code = scored.exit_code();
            let v = parse(scored.output(true)?.as_bytes())?;
            if v.get("moves").is_some() {
                // Not scored (an illegal move): `score` printed the `check` object.
                row.check = Some(v);
                return Ok(());
            }
            row.score = Some(v);
            let options = CheckOptions {
                rules: Some(given),
                strict: self.strict,
                limits: self.limits,
                which: Which::Engine,
                both: false,
            };
            let checked = check_record(name, record, &options)?;
            row.check = Some(parse(checked.output(true)?.as_bytes())?);
            Ok(())
        })();
        if let Err(e) = ruled {
            row.code = EXIT_ERROR;
            row.error = Some(e.0);
        }
        row
    }

    /// Every variant's row, and the table's columns.
    fn table(&self, name: &str, record: &Record) -> (Vec<Row>, Vec<Column>) {
        let rows: Vec<Row> = self
            .variants
            .par_iter()
            .map(|v| self.row(name, record, v))
            .collect();
        let columns = columns(&rows);
        (rows, columns)
    }
}

/// One variant's ruling.
struct Row {
    rules: String,
    code: i32,
    /// The `check --json` object.
    check: Option<Value>,
    /// The `score --json` object, when the game was scored.
    score: Option<Value>,
    /// Why the variant cannot rule on the game.
    error: Option<String>,
}

/// A column of the table: its JSON key, its header, a cell per row, and the most common cell.
struct Column {
    key: String,
    header: String,
    cells: Vec<String>,
    common: String,
}

impl Column {
    fn differs(&self) -> bool {
        self.cells.iter().any(|c| *c != self.common)
    }
}

/// The breakdown's keys (JSON.md, `score`) and their short headers.
const BREAKDOWN: [(&str, &str); 7] = [
    ("stones", "stones"),
    ("territory", "terr"),
    ("prisoners", "pris"),
    ("pass_stones", "pass"),
    ("bonus", "bonus"),
    ("penalty", "pen"),
    ("total", "total"),
];

fn text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => "-".to_owned(),
        other => other.to_string(),
    }
}

/// Whether the score object's result is its count (not a resignation or a variant's end).
fn counted(score: &Value) -> bool {
    score.get("result_source").and_then(Value::as_str) == Some("count")
}

/// The count a score object shows: its own when it is the result, else `count` (the last
/// position's, labelled so).
fn count_of(score: &Value) -> Option<&Value> {
    if counted(score) {
        Some(score)
    } else {
        score.get("count").filter(|c| !c.is_null())
    }
}

fn cell(row: &Row, key: &str) -> String {
    if row.error.is_some() {
        return if key == "first_illegal" { "error" } else { "-" }.to_owned();
    }
    let check = row.check.as_ref();
    let score = row.score.as_ref();
    match key {
        "first_illegal" => match check.and_then(|c| c.get("first_illegal")?.as_u64()) {
            Some(n) => {
                let reason = check
                    .and_then(|c| c.get("moves")?.as_array()?.last()?.get("reason"))
                    .map_or("-".to_owned(), text);
                format!("{n} {reason}")
            }
            None if check.and_then(|c| c.get("status")?.as_str()) == Some("inconclusive") => {
                "inconclusive".to_owned()
            }
            None => "-".to_owned(),
        },
        "status" => check
            .and_then(|c| c.get("status"))
            .map_or("-".to_owned(), text),
        "result" => score.map_or("-".to_owned(), |s| {
            let source = match s.get("result_source").and_then(Value::as_str) {
                Some("record") => " (record)",
                Some("variant") => " (variant)",
                _ => "",
            };
            format!("{}{source}", s.get("result").map_or("-".to_owned(), text))
        }),
        "margin" => match score.and_then(|s| Some((counted(s), count_of(s)?))) {
            Some((true, c)) => c.get("margin").map_or("-".to_owned(), text),
            Some((false, c)) => format!("({})", c.get("margin").map_or("-".to_owned(), text)),
            None => "-".to_owned(),
        },
        _ => {
            let Some((side, part)) = key.split_once('.') else {
                return "-".to_owned();
            };
            score
                .and_then(count_of)
                .and_then(|c| c.get(side)?.get(part))
                .map_or("-".to_owned(), text)
        }
    }
}

/// The most common value, ties going to the one met first.
fn most_common(cells: &[String]) -> String {
    let mut best: Option<(&String, usize)> = None;
    for c in cells {
        let n = cells.iter().filter(|d| *d == c).count();
        if best.is_none_or(|(_, m)| n > m) {
            best = Some((c, n));
        }
    }
    best.map_or(String::new(), |(c, _)| c.clone())
}

fn columns(rows: &[Row]) -> Vec<Column> {
    let mut keys: Vec<(String, String)> = vec![
        ("first_illegal".into(), "first illegal".into()),
        ("status".into(), "status".into()),
        ("result".into(), "result".into()),
        ("margin".into(), "margin".into()),
    ];
    for (side, letter) in [("black", "B"), ("white", "W")] {
        for (part, short) in BREAKDOWN {
            keys.push((format!("{side}.{part}"), format!("{letter} {short}")));
        }
    }
    keys.into_iter()
        .map(|(key, header)| {
            let cells: Vec<String> = rows.iter().map(|r| cell(r, &key)).collect();
            let common = most_common(&cells);
            Column {
                key,
                header,
                cells,
                common,
            }
        })
        .collect()
}

/// The diff's exit code: an error, else whether the variants differ.
fn code(rows: &[Row], columns: &[Column]) -> i32 {
    if rows.iter().any(|r| r.error.is_some()) {
        EXIT_ERROR
    } else if columns.iter().any(Column::differs) {
        EXIT_ILLEGAL
    } else {
        EXIT_OK
    }
}

/// The `--json` object (JSON.md, `weiqi diff`).
fn to_json(name: &str, rows: Vec<Row>, columns: &[Column]) -> Value {
    let mut m = Map::new();
    m.insert("file".into(), Value::from(name));
    m.insert(
        "variants".into(),
        rows.iter().map(|r| Value::from(r.rules.clone())).collect(),
    );
    m.insert(
        "differing".into(),
        columns
            .iter()
            .filter(|c| c.differs())
            .map(|c| Value::from(c.key.clone()))
            .collect(),
    );
    let rulings = rows
        .into_iter()
        .map(|r| {
            let mut o = Map::new();
            o.insert("rules".into(), Value::from(r.rules));
            o.insert("exit_code".into(), Value::from(r.code));
            o.insert("check".into(), r.check.unwrap_or(Value::Null));
            o.insert("score".into(), r.score.unwrap_or(Value::Null));
            o.insert("error".into(), r.error.map_or(Value::Null, Value::from));
            Value::Object(o)
        })
        .collect();
    m.insert("rulings".into(), rulings);
    Value::Object(m)
}

impl DiffRule<'_> {
    /// The table for people.
    fn to_text(&self, name: &str, record: &Record, rows: &[Row], columns: &[Column]) -> String {
        let mut t = String::new();
        let _ = writeln!(t, "file: {name}");
        let _ = writeln!(t, "variants: {} ({})", rows.len(), self.chosen);
        if let Some(ru) = &record.rules {
            let id = record.rules_id.unwrap_or("no built-in variant");
            let _ = writeln!(t, "the record's rules: RU[{ru}] ({id})");
        }
        let _ = writeln!(
            t,
            "dead stones: {}",
            match self.dead {
                Some(d) => format!("--dead {d}"),
                None => "the record's TB/TW marks, or none without marks".to_owned(),
            }
        );
        t.push('\n');
        // Breakdown columns that are zero (or empty) in every row are left out.
        let shown: Vec<&Column> = columns
            .iter()
            .filter(|c| !c.key.contains('.') || c.cells.iter().any(|x| x != "0" && x != "-"))
            .collect();
        let marked = |c: &Column, i: usize| {
            let cell = &c.cells[i];
            if *cell == c.common {
                cell.clone()
            } else {
                format!("{cell}*")
            }
        };
        let rules_width = rows.iter().map(|r| r.rules.len()).max().unwrap_or(0).max(5);
        let widths: Vec<usize> = shown
            .iter()
            .map(|c| {
                (0..rows.len())
                    .map(|i| marked(c, i).len())
                    .chain([c.header.len()])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let mut line = format!("{:rules_width$}", "rules");
        for (c, w) in shown.iter().zip(&widths) {
            let _ = write!(line, "  {:w$}", c.header);
        }
        let _ = writeln!(t, "{}", line.trim_end());
        for (i, row) in rows.iter().enumerate() {
            let mut line = format!("{:rules_width$}", row.rules);
            for (c, w) in shown.iter().zip(&widths) {
                let _ = write!(line, "  {:w$}", marked(c, i));
            }
            let _ = writeln!(t, "{}", line.trim_end());
        }
        t.push('\n');
        let differing: Vec<&str> = columns
            .iter()
            .filter(|c| c.differs())
            .map(|c| c.header.as_str())
            .collect();
        if differing.is_empty() {
            let _ = writeln!(t, "the variants agree on every column");
        } else {
            let _ = writeln!(
                t,
                "the variants differ in: {} (* differs from the most common value of its column)",
                differing.join(", ")
            );
        }
        if rows
            .iter()
            .any(|r| r.score.as_ref().is_some_and(|s| !counted(s)))
        {
            let _ = writeln!(
                t,
                "a result marked (record) or (variant) is not a count: the margin in brackets \
                 and the breakdown are of the last position"
            );
        }
        for r in rows {
            if let Some(e) = &r.error {
                let _ = writeln!(t, "error under {}: {e}", r.rules);
            }
        }
        t
    }
}

impl batch::Rule for DiffRule<'_> {
    fn kind(&self) -> Kind {
        Kind::Diff
    }

    fn one(&self, name: &str, record: &Record, out: &mut dyn Write) -> Result<i32, CliError> {
        let (rows, columns) = self.table(name, record);
        let code = code(&rows, &columns);
        let text = if self.json {
            let mut t = serde_json::to_string_pretty(&to_json(name, rows, &columns))
                .map_err(|e| CliError(format!("cannot write json: {e}")))?;
            t.push('\n');
            t
        } else {
            self.to_text(name, record, &rows, &columns)
        };
        emit(out, &text)?;
        Ok(code)
    }

    fn game(&self, name: &str, record: &Record) -> Result<Ruled, CliError> {
        let (rows, columns) = self.table(name, record);
        let code = code(&rows, &columns);
        let mut tally = Tally::default();
        let differing: Vec<&Column> = columns.iter().filter(|c| c.differs()).collect();
        let n = rows.len();
        let errors: Vec<&str> = rows
            .iter()
            .filter(|r| r.error.is_some())
            .map(|r| r.rules.as_str())
            .collect();
        let line = if !errors.is_empty() {
            tally.unreadable.insert("cannot-rule".into(), 1);
            format!("cannot rule under {}", errors.join(", "))
        } else if differing.is_empty() {
            tally.ok = 1;
            format!("{n} variants agree")
        } else {
            tally.differ = 1;
            // By the heading the table and the game's line use, not the JSON field.
            for c in &differing {
                tally.differing.insert(c.header.clone(), 1);
            }
            let headers: Vec<&str> = differing.iter().map(|c| c.header.as_str()).collect();
            format!("{n} variants differ in {}", headers.join(", "))
        };
        Ok(Ruled {
            code,
            json: Json::Value(to_json(name, rows, &columns)),
            line,
            tally,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::most_common;

    #[test]
    fn the_mark_goes_to_cells_unlike_the_most_common_issue_15_item_1() {
        // Issue 15 item 1: the cells that differ from the others are marked; the others are
        // the most common value of the column, a tie going to the first row's.
        let cells = |v: &[&str]| v.iter().map(|s| (*s).to_owned()).collect::<Vec<String>>();
        assert_eq!(most_common(&cells(&["a", "b", "b"])), "b");
        assert_eq!(most_common(&cells(&["a", "b"])), "a");
        assert_eq!(most_common(&cells(&["x"])), "x");
    }
}
