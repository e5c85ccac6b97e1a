//! The rulings corpus (`rulings/` at the repository root, issue 13): small SGF cases, each ruled
//! under every variant by both referees, through the same code as `weiqi check` and
//! `weiqi score`.
//!
//! A case is a file `<axis>/<name>.sgf` under the corpus folder. Its root node holds the
//! description in `GC[]` (one paragraph: what the case tests and the ruling each variant should
//! give) and the source in `SO[]` (a seed, a rules text, a published example, a real record, a
//! bug it caught). A spec file `<axis>/<name>.toml` beside it (a variant extending a built-in)
//! adds a row for that variant, for the cases about a rule no built-in variant uses.
//!
//! A [`Cell`] is the ruling of one case under one variant: the verdict of every move up to the
//! first refused one, the state after the last legal move, the result, the breakdown of the count
//! and the final board. [`rule`] makes it with the engine and with the interpreter and returns
//! an error naming the first difference when the two disagree on any of it. [`matrix`] renders a
//! case's cells (its snapshot, `rulings/tests/rulings.rs` of the crate `weiqi-rulings`), [`table`] the cross-variant table of
//! `rulings/TABLE.md`, and `weiqi rules diff A B --rulings` the cells on which two variants
//! disagree.
//!
//! ```no_run
//! let corpus = weiqi_record::rulings::load_corpus(std::path::Path::new("rulings"))?;
//! let case = &corpus[0];
//! let cell = weiqi_record::rulings::rule(case, "japanese-1989")?;
//! println!("{}: {}", case.name, cell.short());
//! # Ok::<(), weiqi_record::Error>(())
//! ```

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde_json::Value;
use weiqi_core::PointMark;

use crate::limits::Limits;
use crate::referee::Which;
use crate::{Error, check, diagram, replay, score};

/// One case of the corpus.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    /// `<axis>/<name>`, the path below the corpus folder without `.sgf`.
    pub name: String,
    /// The SGF file.
    pub path: PathBuf,
    /// The root's `GC[]`: what the case tests.
    pub description: String,
    /// The root's `SO[]`: where the case comes from.
    pub source: String,
    /// The spec file beside the case (`<name>.toml`), a variant ruled in addition to the
    /// built-in ones.
    pub extra_rules: Option<PathBuf>,
}

/// The axes of the corpus, one folder each, in the order the table lists them.
pub const AXES: &[&str] = &[
    "ko", "suicide", "seki", "scoring", "end", "handicap", "records",
];

/// Reads every case under `dir` (`<axis>/<name>.sgf`, the axes of [`AXES`]), sorted by axis then
/// name. A case without `GC` or `SO` in its root node, an SGF file outside an axis folder and a
/// folder that is not an axis are errors.
pub fn load_corpus(dir: &Path) -> Result<Vec<Case>, Error> {
    let read_dir = |d: &Path| {
        std::fs::read_dir(d).map_err(|e| {
            Error(format!(
                "cannot read the rulings corpus {}: {e}",
                d.display()
            ))
        })
    };
    let mut cases = Vec::new();
    for entry in read_dir(dir)? {
        let path = entry
            .map_err(|e| Error(format!("cannot read {}: {e}", dir.display())))?
            .path();
        let name = file_name(&path);
        // The folders of the crate that runs the corpus (`weiqi-rulings` lives in it).
        let crate_folder = ["src", "tests", "target"].contains(&name.as_str());
        if path.is_dir() && !AXES.contains(&name.as_str()) && !crate_folder {
            return Err(Error(format!(
                "{}: not an axis of the rulings corpus (one of {})",
                path.display(),
                AXES.join(", ")
            )));
        }
        if path.extension().is_some_and(|e| e == "sgf") {
            return Err(Error(format!(
                "{}: a case must be in an axis folder ({})",
                path.display(),
                AXES.join(", ")
            )));
        }
    }
    for axis in AXES {
        let folder = dir.join(axis);
        if !folder.is_dir() {
            continue;
        }
        let mut files: Vec<PathBuf> = Vec::new();
        for entry in read_dir(&folder)? {
            let path = entry
                .map_err(|e| Error(format!("cannot read {}: {e}", folder.display())))?
                .path();
            if path.extension().is_some_and(|e| e == "sgf") {
                files.push(path);
            }
        }
        files.sort();
        for path in files {
            let stem = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let text = std::fs::read_to_string(&path)
                .map_err(|e| Error(format!("cannot read {}: {e}", path.display())))?;
            let root = root_properties(&text);
            let get = |id: &str| {
                root.iter()
                    .find(|(k, _)| k == id)
                    .map(|(_, v)| v.trim().to_owned())
                    .filter(|v| !v.is_empty())
                    .ok_or_else(|| {
                        Error(format!(
                            "{}: the root node has no {id}[] (the case's {})",
                            path.display(),
                            if id == "GC" { "description" } else { "source" }
                        ))
                    })
            };
            let spec = path.with_extension("toml");
            cases.push(Case {
                name: format!("{axis}/{stem}"),
                description: get("GC")?,
                source: get("SO")?,
                extra_rules: spec.is_file().then_some(spec),
                path,
            });
        }
    }
    Ok(cases)
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// The properties of the first node of `text` (its root), values unescaped; whitespace runs
/// (line breaks included) in a value become one space.
fn root_properties(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let Some(start) = text.find("(;") else {
        return out;
    };
    let mut chars = text[start + 2..].chars();
    let mut ident = String::new();
    let mut after_value = false;
    while let Some(c) = chars.next() {
        match c {
            'A'..='Z' => {
                if after_value {
                    ident.clear();
                    after_value = false;
                }
                ident.push(c);
            }
            '[' => {
                let mut value = String::new();
                while let Some(c) = chars.next() {
                    match c {
                        '\\' => {
                            if let Some(n) = chars.next().filter(|n| *n != '\n') {
                                value.push(n);
                            }
                        }
                        ']' => break,
                        _ => value.push(c),
                    }
                }
                let value = value.split_whitespace().collect::<Vec<_>>().join(" ");
                out.push((ident.clone(), value));
                after_value = true;
            }
            ';' | '(' | ')' => break,
            _ => {}
        }
    }
    out
}

/// A move some variant refused: its number, player and point (`B C3`, `W pass`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Refusal {
    /// The move's number, from 1 along the main line.
    pub number: usize,
    /// The player and the point, GTP style (`W B4`, `B pass`).
    pub mv: String,
    /// The reason's code (`ko`, `suicide`, ...).
    pub reason: String,
}

/// The count of a scored game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Count {
    /// Black's breakdown, `stones+territory+prisoners+pass stones+bonus-penalty=total`.
    pub black: String,
    /// White's breakdown.
    pub white: String,
    /// Black's total minus White's.
    pub margin: String,
}

/// The ruling of one case under one variant, the same from both referees.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cell {
    /// The variant's id.
    pub variant: String,
    /// Why the game could not be started or read under the variant, if it could not.
    pub error: Option<String>,
    /// The first refused move, if any (the replay stops there).
    pub refused: Option<Refusal>,
    /// The state after the last legal move: `playing`, `stopped`, `ended`, `no-result`.
    pub status: String,
    /// The result (`B+3.5`, `W+R`, `0`, `Void`), when the game was ruled.
    pub result: Option<String>,
    /// Where the result comes from: `count`, `record` or `variant`.
    pub result_source: Option<String>,
    /// The count (of the result, or of the last position when the result is not a count).
    pub count: Option<Count>,
    /// The final board: the count's diagram when there is a count, else the stones.
    pub diagram: String,
}

impl Cell {
    /// The short ruling of the cross-variant table: the refused move, else the result with the
    /// margin's source, else the status.
    #[must_use]
    pub fn short(&self) -> String {
        if let Some(e) = &self.error {
            return format!("error: {}", shorten(e));
        }
        if let Some(r) = &self.refused {
            return format!("{} {}: {}", r.number, r.mv, r.reason);
        }
        match (&self.result, self.result_source.as_deref()) {
            (Some(res), Some("count")) => format!("{res} ({})", self.status),
            (Some(res), Some(src)) => format!("{res} ({src})"),
            (Some(res), None) => res.clone(),
            (None, _) => self.status.clone(),
        }
    }
}

fn shorten(e: &str) -> String {
    let line = e.lines().next().unwrap_or_default();
    // Drop the file name the message starts with.
    let line = line.rsplit_once(".sgf: ").map_or(line, |(_, rest)| rest);
    line.to_owned()
}

/// One referee's observations of a case: the `check` JSON, the `score` JSON without its notes
/// (their wording is not a ruling), the final board and the exit codes.
#[derive(Debug, PartialEq)]
struct Observed {
    codes: (i32, i32),
    check: Option<Value>,
    score: Option<Value>,
    diagram: String,
    error: Option<String>,
}

fn observe(case: &Case, record: &weiqi_sgf::Record, rules: &str, which: Which) -> Observed {
    let limits = Limits::default();
    let game = case.path.display().to_string();
    let options = check::CheckOptions {
        rules: Some(rules),
        strict: false,
        limits,
        which,
        both: false,
    };
    let checked = check::check_record(&game, record, &options)
        .and_then(|c| Ok((c.exit_code(), c.output(true)?)));
    let (check_code, out) = match checked {
        Ok(c) => c,
        Err(e) => {
            return Observed {
                codes: (crate::EXIT_ERROR, crate::EXIT_ERROR),
                check: None,
                score: None,
                diagram: String::new(),
                error: Some(e.0),
            };
        }
    };
    let check: Option<Value> = serde_json::from_str(&out).ok();
    // A game still in play is not counted (the matrix shows its stones), unless the record's
    // result (a resignation, time) rules it.
    let unfinished = check
        .as_ref()
        .is_some_and(|c| c["status"] == "playing" && c["first_illegal"].is_null())
        && record.result.is_none();
    if unfinished {
        return Observed {
            codes: (check_code, check_code),
            check,
            score: None,
            diagram: stones_diagram(record, rules, which, &limits).unwrap_or_default(),
            error: None,
        };
    }
    // A case's dead stones are its TB/TW marks, or none: the corpus rules on the rules, never
    // on the status judge's reading of the position.
    let options = score::ScoreOptions {
        rules: Some(rules),
        limits,
        which,
        dead: Some("sgf"),
        ..score::ScoreOptions::default()
    };
    let scored = score::score_record(&game, record, &options);
    let (score_code, mut score, error) = match &scored {
        Ok(s) => (
            s.exit_code(),
            s.output(true)
                .ok()
                .and_then(|t| serde_json::from_str::<Value>(&t).ok()),
            None,
        ),
        Err(e) => (crate::EXIT_ERROR, None, Some(e.0.clone())),
    };
    if let Some(Value::Object(map)) = &mut score {
        map.remove("notes");
    }
    let diagram = if score_code == crate::EXIT_OK {
        let text = scored.and_then(|s| s.output(false)).unwrap_or_default();
        count_diagram(&text)
    } else {
        stones_diagram(record, rules, which, &limits).unwrap_or_default()
    };
    Observed {
        codes: (check_code, score_code),
        check,
        score,
        diagram,
        error,
    }
}

/// The diagram at the end of `score`'s text output (between the last blank line and the
/// legend).
fn count_diagram(text: &str) -> String {
    let body = text
        .strip_suffix('\n')
        .unwrap_or(text)
        .strip_suffix(diagram::LEGEND)
        .unwrap_or(text);
    let start = body.rfind("\n\n").map_or(0, |i| i + 2);
    body[start..].to_owned()
}

/// The stones after the last legal move, for a game that was not counted.
fn stones_diagram(
    record: &weiqi_sgf::Record,
    rules: &str,
    which: Which,
    limits: &Limits,
) -> Option<String> {
    let chosen = replay::choose_rules(Some(rules), record, limits).ok()?;
    let r = replay::replay(which, record, &chosen.ruleset, None, false, None).ok()?;
    let board = r.game.board();
    let marks: Vec<PointMark> = board
        .size()
        .points()
        .map(|p| board.get(p).map_or(PointMark::Neutral, PointMark::Stone))
        .collect();
    Some(diagram::render(board.size(), &marks))
}

/// The ruling of `case` under `rules` (a built-in id or a spec file), made by the engine and by
/// the interpreter; an error when the record cannot be read, or when the two referees disagree
/// on any part of the ruling (the error names both values).
pub fn rule(case: &Case, rules: &str) -> Result<Cell, Error> {
    let limits = Limits::default();
    let record = replay::read_record(&case.path.display().to_string(), false, &limits)?;
    let engine = observe(case, &record, rules, Which::Engine);
    let oracle = observe(case, &record, rules, Which::Interpreter);
    if engine != oracle {
        let part = if engine.codes != oracle.codes {
            format!("exit codes {:?} and {:?}", engine.codes, oracle.codes)
        } else if engine.check != oracle.check {
            format!(
                "check: engine {}\ninterpreter {}",
                json_text(engine.check.as_ref()),
                json_text(oracle.check.as_ref())
            )
        } else if engine.score != oracle.score {
            format!(
                "score: engine {}\ninterpreter {}",
                json_text(engine.score.as_ref()),
                json_text(oracle.score.as_ref())
            )
        } else if engine.error != oracle.error {
            format!(
                "errors: engine {:?}, interpreter {:?}",
                engine.error, oracle.error
            )
        } else {
            format!(
                "the final board:\nengine\n{}interpreter\n{}",
                engine.diagram, oracle.diagram
            )
        };
        return Err(Error(format!(
            "{}: the engine and the interpreter disagree under {rules}: {part}",
            case.name
        )));
    }
    Ok(cell_of(rules, &record, engine))
}

fn json_text(v: Option<&Value>) -> String {
    v.map_or("none".to_owned(), Value::to_string)
}

fn variant_id(rules: &str) -> String {
    let path = Path::new(rules);
    if path.extension().is_some_and(|e| e == "toml") {
        path.file_stem()
            .map_or(rules.to_owned(), |s| s.to_string_lossy().into_owned())
    } else {
        rules.to_owned()
    }
}

fn cell_of(rules: &str, record: &weiqi_sgf::Record, o: Observed) -> Cell {
    let variant = o
        .check
        .as_ref()
        .and_then(|c| c["rules"].as_str())
        .map_or_else(|| variant_id(rules), str::to_owned);
    let refused = o.check.as_ref().and_then(|c| {
        c["moves"].as_array()?.iter().find_map(|m| {
            if m["legal"].as_bool()? {
                return None;
            }
            let number = usize::try_from(m["number"].as_u64()?).ok()?;
            let point = m["point"].as_str()?;
            let point = if point == "pass" {
                "pass".to_owned()
            } else {
                weiqi_core::Point::parse(point, record.size)
                    .ok()
                    .and_then(|p| p.to_gtp(record.size).ok())
                    .unwrap_or_else(|| point.to_owned())
            };
            Some(Refusal {
                number,
                mv: format!("{} {point}", m["color"].as_str()?),
                reason: m["reason"].as_str()?.to_owned(),
            })
        })
    });
    let status = o
        .check
        .as_ref()
        .and_then(|c| c["status"].as_str())
        .unwrap_or("error")
        .to_owned();
    let scored = o.codes.1 == crate::EXIT_OK;
    let score = o.score.as_ref().filter(|_| scored);
    let side = |s: &Value| {
        let n = |k: &str| s[k].to_string();
        format!(
            "{}+{}+{}+{}+{}-{}={}",
            n("stones"),
            n("territory"),
            n("prisoners"),
            n("pass_stones"),
            n("bonus"),
            n("penalty"),
            n("total")
        )
    };
    let count = score.and_then(|s| {
        let c = if s["result_source"] == "count" {
            s
        } else {
            s.get("count").filter(|c| !c.is_null())?
        };
        Some(Count {
            black: side(&c["black"]),
            white: side(&c["white"]),
            margin: c["margin"].to_string(),
        })
    });
    // The variant's id in a message is not part of the ruling.
    let error = o
        .error
        .map(|e| shorten(&e).replace(&format!(" under {variant}"), ""));
    Cell {
        variant,
        error,
        refused,
        status,
        result: score.and_then(|s| s["result"].as_str().map(str::to_owned)),
        result_source: score.and_then(|s| s["result_source"].as_str().map(str::to_owned)),
        count,
        diagram: o.diagram,
    }
}

/// The variants a case is ruled under: every built-in variant, then the case's own spec file.
#[must_use]
pub fn variants_of(case: &Case) -> Vec<String> {
    let mut v: Vec<String> = weiqi_spec::builtin_ids()
        .into_iter()
        .map(str::to_owned)
        .collect();
    if let Some(p) = &case.extra_rules {
        v.push(p.display().to_string());
    }
    v
}

/// Every cell of `case`: one per variant of [`variants_of`].
pub fn cells(case: &Case) -> Result<Vec<Cell>, Error> {
    variants_of(case).iter().map(|v| rule(case, v)).collect()
}

/// The ruling matrix of a case (its snapshot): the case, then one row per variant with the
/// verdict of every move some variant refused, the status, the result and the count, then the
/// final boards (each distinct board once, with the variants that reach it).
#[must_use]
pub fn matrix(case: &Case, cells: &[Cell]) -> String {
    let mut t = String::new();
    let _ = writeln!(t, "case: {}.sgf", case.name);
    let _ = writeln!(t, "source: {}", case.source);
    let _ = writeln!(t, "description: {}", case.description);
    if let Some(line) = record_line(case) {
        let _ = writeln!(t, "record: {line}");
    }
    let mut refused: Vec<&Refusal> = cells.iter().filter_map(|c| c.refused.as_ref()).collect();
    refused.sort_by_key(|r| (r.number, r.mv.clone()));
    refused.dedup_by(|a, b| a.number == b.number && a.mv == b.mv);
    let width = cells.iter().map(|c| c.variant.len()).max().unwrap_or(0);
    let mut header = vec![format!("{:width$}", "variant")];
    header.extend(refused.iter().map(|r| format!("{} {}", r.number, r.mv)));
    header.extend(
        ["status", "result", "black", "white", "margin"]
            .iter()
            .map(|s| (*s).to_owned()),
    );
    let _ = writeln!(
        t,
        "\nmoves: the verdict of each move some variant refuses (- = not reached)"
    );
    let _ = writeln!(
        t,
        "black, white: stones+territory+prisoners+pass stones+bonus-penalty=total\n"
    );
    let mut rows = vec![header];
    for c in cells {
        let mut row = vec![format!("{:width$}", c.variant)];
        for r in &refused {
            let v = match &c.refused {
                Some(mine) if mine.number == r.number && mine.mv == r.mv => mine.reason.clone(),
                Some(mine) if mine.number < r.number => "-".to_owned(),
                _ if c.error.is_some() => "-".to_owned(),
                _ => "legal".to_owned(),
            };
            row.push(v);
        }
        if let Some(e) = &c.error {
            row.push("error".to_owned());
            row.push(e.clone());
        } else {
            row.push(c.status.clone());
            row.push(match (&c.result, c.result_source.as_deref()) {
                (Some(r), Some("count") | None) => r.clone(),
                (Some(r), Some(src)) => format!("{r} ({src})"),
                (None, _) => "-".to_owned(),
            });
            match &c.count {
                Some(k) => {
                    row.push(k.black.clone());
                    row.push(k.white.clone());
                    row.push(k.margin.clone());
                }
                None => row.extend(["-".to_owned(), "-".to_owned(), "-".to_owned()]),
            }
        }
        rows.push(row);
    }
    t.push_str(&aligned(&rows));
    // The final boards, each once.
    let mut boards: Vec<(&str, Vec<&str>)> = Vec::new();
    for c in cells.iter().filter(|c| !c.diagram.is_empty()) {
        match boards.iter_mut().find(|(d, _)| *d == c.diagram) {
            Some((_, ids)) => ids.push(&c.variant),
            None => boards.push((&c.diagram, vec![&c.variant])),
        }
    }
    for (d, ids) in boards {
        let ids = if ids.len() == cells.len() {
            "every variant".to_owned()
        } else {
            ids.join(", ")
        };
        let _ = write!(t, "\nfinal board ({ids}):\n{d}");
    }
    let _ = writeln!(t, "\n{}", diagram::LEGEND);
    t
}

/// The record in one line: the board, the setup stones and the main line's moves, GTP style.
fn record_line(case: &Case) -> Option<String> {
    let bytes = std::fs::read(&case.path).ok()?;
    let record = weiqi_sgf::parse(&case.path.display().to_string(), &bytes).ok()?;
    let size = record.size;
    let mut t = format!("{size}");
    let stones = |c: weiqi_core::Color| record.setup_stones.iter().filter(|(_, s)| *s == c).count();
    let (b, w) = (
        stones(weiqi_core::Color::Black),
        stones(weiqi_core::Color::White),
    );
    if b + w > 0 {
        let _ = write!(t, ", setup {b} black and {w} white stones");
    }
    if record.handicap > 0 {
        let _ = write!(t, ", HA {}", record.handicap);
    }
    if let Some(k) = record.komi {
        let _ = write!(t, ", komi {k}");
    }
    let moves: Vec<String> = record
        .moves
        .iter()
        .map(|m| {
            let point = match m.mv {
                weiqi_core::Move::Pass => "pass".to_owned(),
                weiqi_core::Move::Play(p) => p.to_gtp(size).unwrap_or_else(|_| p.to_sgf()),
            };
            format!("{} {} {point}", m.number, m.color.letter())
        })
        .collect();
    if moves.is_empty() {
        t.push_str(", no moves");
    } else {
        let _ = write!(t, "; moves {}", moves.join(", "));
    }
    Some(t)
}

/// Rows as a table: columns separated by ` | `, padded to the widest cell.
fn aligned(rows: &[Vec<String>]) -> String {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|i| {
            rows.iter()
                .filter_map(|r| r.get(i))
                .map(|c| c.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut t = String::new();
    for r in rows {
        let cells: Vec<String> = r
            .iter()
            .enumerate()
            .map(|(i, c)| format!("{c:<w$}", w = widths[i]))
            .collect();
        let _ = writeln!(t, "{}", cells.join(" | ").trim_end());
    }
    t
}

/// `rulings/TABLE.md`: one row per case, one column per built-in variant, each cell the short
/// ruling, the cells that differ from the row's most common ruling in bold.
#[must_use]
pub fn table(cases: &[(Case, Vec<Cell>)]) -> String {
    let ids = weiqi_spec::builtin_ids();
    let mut t = String::new();
    t.push_str(
        "# The rulings corpus, variant by variant\n\n\
         <!-- generated by `cargo xtask rulings --table`; do not edit -->\n\n\
         One row per case of `rulings/`, one column per built-in variant; each cell is the short \
         ruling (the first illegal move, else the result and the state the game ended in). \
         **Bold** cells differ from the ruling most variants give on that row. The snapshots \
         (`rulings/<axis>/snapshots/`) hold the full matrix of each case. \n\n",
    );
    let _ = writeln!(t, "| case | {} |", ids.join(" | "));
    let _ = writeln!(t, "| --- |{}", " --- |".repeat(ids.len()));
    for (case, cells) in cases {
        let shorts: Vec<String> = ids
            .iter()
            .map(|id| {
                cells
                    .iter()
                    .find(|c| c.variant == *id)
                    .map_or("?".to_owned(), Cell::short)
            })
            .collect();
        let majority = majority(&shorts);
        let row: Vec<String> = shorts
            .iter()
            .map(|s| {
                let s = s.replace('|', "\\|");
                if Some(s.as_str()) == majority.as_deref() {
                    s
                } else {
                    format!("**{s}**")
                }
            })
            .collect();
        let _ = writeln!(
            t,
            "| [{}]({}.sgf) | {} |",
            case.name,
            case.name,
            row.join(" | ")
        );
    }
    t
}

/// The most common value (the first of the most common, in column order).
fn majority(values: &[String]) -> Option<String> {
    let mut best: Option<(&String, usize)> = None;
    for v in values {
        let n = values.iter().filter(|w| *w == v).count();
        if best.is_none_or(|(_, m)| n > m) {
            best = Some((v, n));
        }
    }
    best.map(|(v, _)| v.replace('|', "\\|"))
}

/// The lines of `weiqi rules diff A B --rulings`: one per case on which the two variants rule
/// differently, `<case>: <a's ruling> | <b's ruling>`.
pub fn diff(corpus: &[Case], a: &str, b: &str) -> Result<Vec<String>, Error> {
    let mut lines = Vec::new();
    for case in corpus {
        let (ca, cb) = (rule(case, a)?, rule(case, b)?);
        let same = ca.error == cb.error
            && ca.refused == cb.refused
            && ca.status == cb.status
            && ca.result == cb.result
            && ca.count == cb.count;
        if !same {
            let detail = |c: &Cell| {
                let mut s = c.short();
                if let Some(k) = &c.count {
                    let _ = write!(s, ", count B {} W {}", total(&k.black), total(&k.white));
                }
                s
            };
            lines.push(format!("{}: {} | {}", case.name, detail(&ca), detail(&cb)));
        }
    }
    Ok(lines)
}

fn total(breakdown: &str) -> &str {
    breakdown.rsplit_once('=').map_or(breakdown, |(_, t)| t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn root_properties_reads_the_description_and_the_source_issue_13() {
        let props = root_properties(
            "(;GM[1]SZ[5]GC[a ko \\] with\n  two lines]SO[docs/variants.md 4.1]AB[aa][bb];B[cc]GC[no])",
        );
        let get = |k: &str| props.iter().find(|(p, _)| p == k).map(|(_, v)| v.as_str());
        assert_eq!(get("GC"), Some("a ko ] with two lines"));
        assert_eq!(get("SO"), Some("docs/variants.md 4.1"));
        assert_eq!(props.iter().filter(|(p, _)| p == "AB").count(), 2);
        assert_eq!(props.iter().filter(|(p, _)| p == "GC").count(), 1);
    }

    #[test]
    fn majority_is_the_most_common_short_ruling_issue_13() {
        let v: Vec<String> = ["a", "b", "b", "c"]
            .iter()
            .map(|s| (*s).to_owned())
            .collect();
        assert_eq!(majority(&v).as_deref(), Some("b"));
    }
}
