//! Records: `check_sgf` and `score_sgf` on one record, `check_files` and `score_files` on many.
//!
//! Every ruling is `weiqi_record`'s, the code of `weiqi check` and `weiqi score`, and every
//! object is the one their `--json` prints (`crates/weiqi-cli/JSON.md`): the one-file object
//! for one record, the JSON Lines objects (`file` and `game` first, `error` for a file or game
//! that cannot be read or ruled) for many. The batch forms release the GIL and rule on a rayon
//! pool of `jobs` threads (every core by default), the results in the order of the file list.

use std::path::{Path, PathBuf};

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBytes, PyList, PyString};
use rayon::prelude::*;
use serde_json::Value;
use weiqi_core::Points;
use weiqi_record::check::{self, CheckOptions};
use weiqi_record::score::{self, ScoreOptions, Scored};
use weiqi_record::{Limits, Which};
use weiqi_sgf::Record;

use crate::RecordError;
use crate::rules::Rules;

/// What is asked of every record: check it, or score it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Task {
    Check,
    Score,
}

/// The options of a ruling, owned (the `weiqi_record` options borrow them).
#[derive(Debug, Clone, Default)]
struct Asked {
    rules: Option<String>,
    komi: Option<String>,
    dead: Option<String>,
    strict: bool,
}

impl Asked {
    fn new(
        rules: Option<&Bound<'_, PyAny>>,
        komi: Option<&Bound<'_, PyAny>>,
        dead: Option<&Bound<'_, PyAny>>,
        strict: bool,
    ) -> PyResult<Asked> {
        let rules = rules.map(Rules::spec_of).transpose()?;
        let komi = komi.map(komi_text).transpose()?;
        let dead = dead.map(dead_text).transpose()?;
        Ok(Asked {
            rules,
            komi,
            dead,
            strict,
        })
    }

    /// The JSON object of the ruling of one record (`name` names it in the object).
    fn rule(&self, task: Task, name: &str, record: &Record) -> Result<String, String> {
        let text = match task {
            Task::Check => {
                let options = CheckOptions {
                    rules: self.rules.as_deref(),
                    strict: self.strict,
                    limits: Limits::default(),
                    which: Which::Engine,
                    both: false,
                };
                match check::check_record(name, record, &options).map_err(|e| e.to_string())? {
                    check::Checked::Ruled(report) => serde_json::to_string(&report.to_json()),
                    check::Checked::Diverged(report) => return Err(report),
                }
            }
            Task::Score => {
                let options = ScoreOptions {
                    rules: self.rules.as_deref(),
                    komi: self.komi.as_deref(),
                    dead: self.dead.as_deref(),
                    strict: self.strict,
                    which: Which::Engine,
                    ..ScoreOptions::default()
                };
                match score::score_record(name, record, &options).map_err(|e| e.to_string())? {
                    Scored::Ruled(report) => serde_json::to_string(&report.to_json()),
                    Scored::Unruled(report) => serde_json::to_string(&report.to_json()),
                    Scored::Diverged(report) => return Err(report),
                }
            }
        };
        text.map_err(|e| format!("cannot write json: {e}"))
    }

    fn read_options(&self) -> weiqi_sgf::ReadOptions {
        weiqi_sgf::ReadOptions {
            strict: self.strict,
            limits: Limits::default().sgf,
        }
    }
}

/// Komi as `weiqi score --komi` takes it: a number of points, a multiple of 0.5.
fn komi_text(value: &Bound<'_, PyAny>) -> PyResult<String> {
    let k: f64 = value
        .extract()
        .map_err(|_| PyTypeError::new_err("komi is a number"))?;
    Points::from_f64(k)
        .map(|p| p.to_string())
        .ok_or_else(|| PyValueError::new_err(format!("komi {k} is not a multiple of 0.5")))
}

/// The dead stones as `weiqi score --dead` takes them: `"sgf"`, `"none"`, `"auto"`, or points.
fn dead_text(value: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(text) = value.cast::<PyString>() {
        return Ok(text.to_cow()?.into_owned());
    }
    let mut points = Vec::new();
    for item in value.try_iter().map_err(|_| {
        PyTypeError::new_err("dead is \"sgf\", \"none\", \"auto\" or a list of SGF points")
    })? {
        let item = item?;
        let p: String = item
            .extract()
            .map_err(|_| PyTypeError::new_err("dead points are SGF text such as \"dd\""))?;
        points.push(p);
    }
    if points.is_empty() {
        return Ok("none".to_owned());
    }
    Ok(points.join(","))
}

/// A record given to `check_sgf` or `score_sgf`: its name and bytes.
fn record_bytes(record: &Bound<'_, PyAny>, name: Option<&str>) -> PyResult<(String, Vec<u8>)> {
    if let Ok(bytes) = record.cast::<PyBytes>() {
        return Ok((
            name.unwrap_or("<bytes>").to_owned(),
            bytes.as_bytes().to_vec(),
        ));
    }
    if let Ok(text) = record.cast::<PyString>() {
        let text = text.to_cow()?;
        if text.trim_start().starts_with('(') {
            return Ok((
                name.unwrap_or("<text>").to_owned(),
                text.as_bytes().to_vec(),
            ));
        }
    }
    let path: PathBuf = record.extract().map_err(|_| {
        PyTypeError::new_err("a record is a path, SGF bytes or SGF text (starting with \"(\")")
    })?;
    let shown = path.display().to_string();
    let bytes = weiqi_sgf::read_bounded(&path, Limits::default().sgf.bytes)
        .map_err(|e| record_error(record.py(), e.kind.code(), &e.to_string()))?;
    Ok((name.map_or(shown, str::to_owned), bytes))
}

/// A `RecordError` with its `kind` (the JSON Lines' `error.kind`).
fn record_error(py: Python<'_>, kind: &str, message: &str) -> PyErr {
    let err = RecordError::new_err(message.to_owned());
    if let Err(e) = err.value(py).setattr("kind", kind) {
        return e;
    }
    err
}

static JSON_LOADS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// A JSON text as Python objects (`json.loads`).
pub(crate) fn loads<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    let loads = JSON_LOADS.get_or_try_init(py, || {
        py.import("json")?.getattr("loads").map(Bound::unbind)
    })?;
    loads.bind(py).call1((text,))
}

/// One record ruled: the one-file JSON object of its `game`-th game.
fn one(
    py: Python<'_>,
    task: Task,
    record: &Bound<'_, PyAny>,
    name: Option<&str>,
    game: usize,
    asked: &Asked,
) -> PyResult<Py<PyAny>> {
    let (name, bytes) = record_bytes(record, name)?;
    let read = asked.read_options();
    let text = py.detach(|| -> Result<String, (String, String)> {
        let games = weiqi_sgf::parse_games_with(&name, &bytes, read)
            .map_err(|e| (e.kind.code().to_owned(), e.to_string()))?;
        let count = games.len();
        let chosen = game
            .checked_sub(1)
            .and_then(|i| games.into_iter().nth(i))
            .ok_or_else(|| {
                (
                    "no-game".to_owned(),
                    format!("{name}: game {game} asked, the record holds {count}"),
                )
            })?
            .map_err(|e| (e.kind.code().to_owned(), e.to_string()))?;
        asked
            .rule(task, &name, &chosen)
            .map_err(|m| ("cannot-rule".to_owned(), m))
    });
    match text {
        Ok(text) => Ok(loads(py, &text)?.unbind()),
        Err((kind, message)) => Err(record_error(py, &kind, &message)),
    }
}

/// One input of a batch: a file to read, or a path that gives none, with the reason (read as
/// an `io` error in its place, as `weiqi check` lists it).
enum Input {
    File(PathBuf),
    Unlisted(PathBuf, String),
}

/// The inputs of `paths` as `weiqi check` lists its arguments: a directory gives its `*.sgf`
/// files (any case) recursively in name order (links to files followed, to directories not),
/// and is unreadable in its place when it has none; anything else is a file.
fn inputs(paths: Vec<PathBuf>) -> Vec<Input> {
    let mut out = Vec::new();
    for path in paths {
        if path.is_dir() {
            let before = out.len();
            walk(&path, &mut out);
            if out.len() == before {
                out.push(Input::Unlisted(
                    path,
                    "no *.sgf file below this folder".to_owned(),
                ));
            }
        } else {
            out.push(Input::File(path));
        }
    }
    out
}

fn walk(dir: &Path, out: &mut Vec<Input>) {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) => {
            out.push(Input::Unlisted(
                dir.to_owned(),
                e.to_string().to_lowercase(),
            ));
            return;
        }
    };
    let mut entries: Vec<_> = entries.filter_map(Result::ok).collect();
    entries.sort_by_key(std::fs::DirEntry::file_name);
    for entry in entries {
        let path = entry.path();
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        let name = entry.file_name();
        let name = name.as_encoded_bytes();
        let is_sgf = name.len() > 4 && name[name.len() - 4..].eq_ignore_ascii_case(b".sgf");
        if kind.is_dir() {
            walk(&path, out);
        } else if is_sgf && (kind.is_file() || path.is_file()) {
            out.push(Input::File(path));
        }
    }
}

/// A JSON Lines object: `file` and `game` first, then the fields of `object` (a one-file
/// object, whose own `file` is dropped).
fn placed(name: &str, game: Option<usize>, object: &str) -> String {
    let file = Value::from(name).to_string();
    let game = game.map_or_else(|| "null".to_owned(), |g| g.to_string());
    let prefix = format!("{{\"file\":{file}");
    match object.strip_prefix(&prefix) {
        Some(rest) => format!("{prefix},\"game\":{game}{rest}"),
        None => format!(
            "{prefix},\"game\":{game},{}",
            object.strip_prefix('{').unwrap_or(object)
        ),
    }
}

/// The JSON Lines object of a file or game that cannot be read or ruled.
fn failed(name: &str, game: Option<usize>, kind: &str, message: &str) -> String {
    // The message names the file already (`path: node 3: ...`): say it once.
    let message = message
        .strip_prefix(name)
        .and_then(|m| m.strip_prefix(": "))
        .unwrap_or(message);
    let error = serde_json::json!({ "error": { "kind": kind, "message": message } });
    placed(name, game, &error.to_string())
}

/// The JSON Lines of one input: one per game, or the input's error.
fn rule_file(task: Task, input: &Input, asked: &Asked) -> Vec<String> {
    let path = match input {
        Input::File(path) => path,
        Input::Unlisted(path, why) => {
            let name = path.display().to_string();
            return vec![failed(&name, None, "io", why)];
        }
    };
    let name = path.display().to_string();
    let read = weiqi_sgf::read_bounded(path, Limits::default().sgf.bytes)
        .and_then(|bytes| weiqi_sgf::parse_games_with(&name, &bytes, asked.read_options()));
    let games = match read {
        Ok(games) => games,
        Err(e) => return vec![failed(&name, None, e.kind.code(), &e.to_string())],
    };
    games
        .into_iter()
        .enumerate()
        .map(|(i, game)| match game {
            Err(e) => failed(&name, Some(i + 1), e.kind.code(), &e.to_string()),
            Ok(record) => match asked.rule(task, &name, &record) {
                Ok(object) => placed(&name, Some(i + 1), &object),
                Err(message) => failed(&name, Some(i + 1), "cannot-rule", &message),
            },
        })
        .collect()
}

/// The files of a batch: each path a file, or a directory of `*.sgf` files.
fn file_list(paths: &Bound<'_, PyAny>) -> PyResult<Vec<PathBuf>> {
    if paths.is_instance_of::<PyString>() || paths.is_instance_of::<PyBytes>() {
        return Err(PyTypeError::new_err(
            "paths is a list of files and directories, not one string",
        ));
    }
    let mut given = Vec::new();
    for item in paths
        .try_iter()
        .map_err(|_| PyTypeError::new_err("paths is a list of files and directories"))?
    {
        let path: PathBuf = item?
            .extract()
            .map_err(|_| PyTypeError::new_err("each path is a str or os.PathLike"))?;
        given.push(path);
    }
    Ok(given)
}

/// A batch: the JSON Lines of every game of every file, in order, on `jobs` threads.
fn batch(
    py: Python<'_>,
    task: Task,
    paths: &Bound<'_, PyAny>,
    asked: &Asked,
    jobs: Option<usize>,
    as_json: bool,
) -> PyResult<Py<PyList>> {
    let given = file_list(paths)?;
    if jobs == Some(0) {
        return Err(PyValueError::new_err("jobs is at least 1"));
    }
    let lines = py.detach(|| -> Result<Vec<String>, String> {
        let files = inputs(given);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(jobs.unwrap_or(0))
            .build()
            .map_err(|e| format!("cannot start the worker threads: {e}"))?;
        let per_file: Vec<Vec<String>> = pool.install(|| {
            files
                .par_iter()
                .map(|input| rule_file(task, input, asked))
                .collect()
        });
        Ok(per_file.into_iter().flatten().collect())
    });
    let lines = lines.map_err(PyValueError::new_err)?;
    let out = PyList::empty(py);
    for line in &lines {
        if as_json {
            out.append(line)?;
        } else {
            out.append(loads(py, line)?)?;
        }
    }
    Ok(out.unbind())
}

/// `weiqi check --json` on one record: every move's verdict, the first illegal move, the
/// status. `record` is a path, SGF bytes or SGF text (a `str` starting with `(`); `game`
/// chooses a game of a collection (from 1). `rules` (a built-in id, a spec file path or a
/// `Rules` loaded from one) overrides the record's `RU`. Raises `RecordError` (with `kind`)
/// when the record cannot be read or ruled.
#[pyfunction]
#[pyo3(signature = (record, *, rules = None, strict = false, game = 1, name = None))]
pub(crate) fn check_sgf(
    py: Python<'_>,
    record: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    strict: bool,
    game: usize,
    name: Option<&str>,
) -> PyResult<Py<PyAny>> {
    let asked = Asked::new(rules, None, None, strict)?;
    one(py, Task::Check, record, name, game, &asked)
}

/// `weiqi score --json` on one record: the ruling of a finished game with the dead stones
/// (`dead`: `"sgf"` the record's marks, `"none"`, `"auto"` the deterministic estimate, or a
/// list of SGF points; default: the record's marks if it has some), `komi` overriding the
/// record's. A game with an illegal move gives the `check` object (no ruling). Otherwise as
/// `check_sgf`.
#[pyfunction]
#[pyo3(signature = (record, *, rules = None, komi = None, dead = None, strict = false, game = 1, name = None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn score_sgf(
    py: Python<'_>,
    record: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    komi: Option<&Bound<'_, PyAny>>,
    dead: Option<&Bound<'_, PyAny>>,
    strict: bool,
    game: usize,
    name: Option<&str>,
) -> PyResult<Py<PyAny>> {
    let asked = Asked::new(rules, komi, dead, strict)?;
    one(py, Task::Score, record, name, game, &asked)
}

/// `weiqi check --json` on many files (directories give every `*.sgf` below them, in name
/// order): one dict per game, `file` and `game` first, in the order of the list; a file or game
/// that cannot be read has an `error` (`{"kind", "message"}`) instead of a ruling. The GIL is
/// released and the files are ruled on `jobs` threads (default: every core). `json=True` gives
/// the JSON Lines as strings instead of dicts.
#[pyfunction]
#[pyo3(signature = (paths, *, rules = None, strict = false, jobs = None, json = false))]
pub(crate) fn check_files(
    py: Python<'_>,
    paths: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    strict: bool,
    jobs: Option<usize>,
    json: bool,
) -> PyResult<Py<PyList>> {
    let asked = Asked::new(rules, None, None, strict)?;
    batch(py, Task::Check, paths, &asked, jobs, json)
}

/// `weiqi score --json` on many files, as `check_files` does `check` (the options of
/// `score_sgf`).
#[pyfunction]
#[pyo3(signature = (paths, *, rules = None, komi = None, dead = None, strict = false, jobs = None, json = false))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn score_files(
    py: Python<'_>,
    paths: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    komi: Option<&Bound<'_, PyAny>>,
    dead: Option<&Bound<'_, PyAny>>,
    strict: bool,
    jobs: Option<usize>,
    json: bool,
) -> PyResult<Py<PyList>> {
    let asked = Asked::new(rules, komi, dead, strict)?;
    batch(py, Task::Score, paths, &asked, jobs, json)
}
