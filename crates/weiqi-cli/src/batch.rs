//! Many records at once (issue 15 item 2): `check`, `score` and `diff` take files, directories
//! (searched recursively for `*.sgf`, case-insensitively) and `-` (standard input), read every
//! game of a collection, rule on them on all cores (a rayon pool; `--jobs`, else
//! `RAYON_NUM_THREADS`, else every core), print one line per game in the order listed (or one
//! JSON object per game: JSON Lines) and a summary, and keep going after a bad file. `--shard
//! K/N` keeps the K-th of N shares of the file list, so that the array jobs of a batch
//! scheduler share a corpus with no shared state.
//!
//! One file of one game, without `--shard`, is the one-file command as it was: the same text
//! and the same pretty JSON object (JSON.md).
//!
//! The exit code is the worst outcome of any game, in the order 0 (success) < 1 (an illegal
//! move; `diff`: the variants differ) < 4 (inconclusive) < 2 (an unreadable file or game) < 3
//! (the engine and the interpreter disagree).

use std::collections::BTreeMap;
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use clap::Args;
use rayon::prelude::*;
use serde_json::{Map, Value};
use weiqi_sgf::{Record, SgfError, SgfErrorKind};

use crate::error::{CliError, emit};
use crate::summary::{Kind, Tally};
use weiqi_record::replay::read_error;
use weiqi_record::{EXIT_DIVERGED, EXIT_ERROR, EXIT_ILLEGAL, EXIT_INCONCLUSIVE, EXIT_OK, Limits};

/// The flags of every command that takes many files.
#[derive(Debug, Clone, Default, Args)]
pub(crate) struct BatchArgs {
    /// Rule on this many files at once [default: RAYON_NUM_THREADS, else every core].
    #[arg(long, short = 'j', value_name = "N")]
    pub(crate) jobs: Option<usize>,
    /// Rule only on the K-th of N shares of the file list (1 <= K <= N): the i-th file listed
    /// (from 0, directories walked in name order) is in share i mod N + 1. The N shares
    /// partition the list, and their JSON Lines concatenate. Always prints per-game lines and
    /// a summary, even for one file.
    #[arg(long, value_name = "K/N", value_parser = parse_shard)]
    pub(crate) shard: Option<Shard>,
}

/// One share of the file list (`--shard K/N`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Shard {
    /// Which share, from 1.
    pub(crate) k: usize,
    /// How many shares.
    pub(crate) n: usize,
}

impl Shard {
    /// Whether the `i`-th file listed (from 0) is in this share.
    pub(crate) fn keeps(self, i: usize) -> bool {
        i % self.n + 1 == self.k
    }
}

/// Reads `K/N` with 1 <= K <= N.
pub(crate) fn parse_shard(text: &str) -> Result<Shard, String> {
    let bad = || format!("{text:?} is not K/N with 1 <= K <= N (e.g. 2/8)");
    let (k, n) = text.split_once('/').ok_or_else(bad)?;
    let k: usize = k.trim().parse().map_err(|_| bad())?;
    let n: usize = n.trim().parse().map_err(|_| bad())?;
    if k == 0 || n == 0 || k > n {
        return Err(bad());
    }
    Ok(Shard { k, n })
}

/// One input of the list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Input {
    /// A file (given, or found in a directory).
    File(PathBuf),
    /// Standard input (`-`).
    Stdin,
    /// A directory that could not be listed: reported as unreadable, in its place.
    Unlisted(PathBuf, String),
}

impl Input {
    /// The name shown in the output (`-` for standard input).
    pub(crate) fn name(&self) -> String {
        match self {
            Input::File(p) | Input::Unlisted(p, _) => p.display().to_string(),
            Input::Stdin => "-".to_owned(),
        }
    }
}

/// Whether a file name is an SGF file's: ends in `.sgf`, in any case.
pub(crate) fn is_sgf(name: &std::ffi::OsStr) -> bool {
    let name = name.as_encoded_bytes();
    name.len() > 4 && name[name.len() - 4..].eq_ignore_ascii_case(b".sgf")
}

/// The inputs of the arguments, in order: `-` is standard input, a directory gives its
/// `*.sgf` files (any case) recursively in name order (symbolic links to files are followed,
/// to directories not, so the walk ends), anything else is a file (whatever its name: an
/// argument that does not exist is reported unreadable in its place, and so is a directory
/// with no `*.sgf` file below it).
pub(crate) fn list(args: &[String]) -> Vec<Input> {
    let mut out = Vec::new();
    for arg in args {
        let path = Path::new(arg);
        if arg == "-" {
            out.push(Input::Stdin);
        } else if path.is_dir() {
            let before = out.len();
            walk(path, &mut out);
            if out.len() == before {
                // A wrong folder in a script must not pass as "0 files, 0 games" (issue 29
                // item 5): it is an unreadable input in its place, and the exit code says so.
                out.push(Input::Unlisted(
                    path.to_path_buf(),
                    "no *.sgf file below this folder".to_owned(),
                ));
            }
        } else {
            out.push(Input::File(path.to_path_buf()));
        }
    }
    out
}

fn walk(dir: &Path, out: &mut Vec<Input>) {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) => {
            out.push(Input::Unlisted(
                dir.to_path_buf(),
                e.to_string().to_lowercase(),
            ));
            return;
        }
    };
    let mut entries: Vec<std::fs::DirEntry> = entries.filter_map(Result::ok).collect();
    entries.sort_by_key(std::fs::DirEntry::file_name);
    for entry in entries {
        let path = entry.path();
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        if kind.is_dir() {
            walk(&path, out);
        } else if is_sgf(&entry.file_name()) && (kind.is_file() || path.is_file()) {
            out.push(Input::File(path));
        }
    }
}

/// What a command does with one game.
pub(crate) trait Rule: Sync {
    /// Which summary the command prints.
    fn kind(&self) -> Kind;
    /// The one-file command on one game: its own output (text or `--json`) on `out`.
    fn one(&self, name: &str, record: &Record, out: &mut dyn Write) -> Result<i32, CliError>;
    /// One game of many: its exit code, the JSON object the one-file command prints (or one
    /// of [`error_object`]), and the words of its line.
    fn game(&self, name: &str, record: &Record) -> Result<Ruled, CliError>;
    /// A refusal of many games (a flag that takes one game), checked before any is ruled.
    fn many(&self) -> Result<(), CliError> {
        Ok(())
    }
}

/// One game ruled by a command in a batch.
pub(crate) struct Ruled {
    /// The exit code of the game.
    pub(crate) code: i32,
    /// The game's JSON object, as the one-file `--json` prints it.
    pub(crate) json: Json,
    /// The text after the game's name on its line.
    pub(crate) line: String,
    /// What the summary counts of it.
    pub(crate) tally: Tally,
}

/// The JSON object of a game in a batch.
pub(crate) enum Json {
    /// The object (its `file`, if any, is replaced by the file's name).
    Value(Value),
    /// The object written on one line, its first field `file` with the file's name:
    /// `{"file":NAME,...}` (a game's JSON line is then made without parsing it again).
    Line(String),
    /// Not asked for (text output).
    Skipped,
}

/// One game's output, ready to print.
struct Done {
    code: i32,
    line: String,
    json: String,
    tally: Tally,
}

/// The JSON of a game or file that could not be ruled: `{"error": {"kind", "message"}}`.
pub(crate) fn error_object(kind: &str, message: &str) -> Json {
    let mut error = Map::new();
    error.insert("kind".into(), Value::from(kind));
    error.insert("message".into(), Value::from(message));
    let mut m = Map::new();
    m.insert("error".into(), Value::Object(error));
    Json::Value(Value::Object(m))
}

/// How bad an exit code is, for the worst outcome of many games.
fn rank(code: i32) -> u8 {
    match code {
        EXIT_OK => 0,
        EXIT_ILLEGAL => 1,
        EXIT_INCONCLUSIVE => 2,
        EXIT_ERROR => 3,
        EXIT_DIVERGED => 4,
        _ => 3,
    }
}

/// The worse of two exit codes (module docs: 0 < 1 < 4 < 2 < 3).
pub(crate) fn worst(a: i32, b: i32) -> i32 {
    if rank(b) > rank(a) { b } else { a }
}

/// Reads standard input, at most `limit` bytes.
fn read_stdin(limit: usize) -> Result<Vec<u8>, SgfError> {
    let mut bytes = Vec::new();
    let cap = u64::try_from(limit).unwrap_or(u64::MAX).saturating_add(1);
    let error = |kind| SgfError {
        file: "-".to_owned(),
        node: None,
        property: None,
        offset: None,
        kind,
    };
    std::io::stdin()
        .lock()
        .take(cap)
        .read_to_end(&mut bytes)
        .map_err(|e| {
            error(SgfErrorKind::Io {
                detail: e.to_string().to_lowercase(),
            })
        })?;
    if bytes.len() > limit {
        return Err(error(SgfErrorKind::TooLarge {
            bytes: bytes.len(),
            limit,
        }));
    }
    Ok(bytes)
}

/// The bytes of an input, bounded by the byte limit.
fn read(input: &Input, limits: &Limits) -> Result<Vec<u8>, SgfError> {
    match input {
        Input::Stdin => read_stdin(limits.sgf.bytes),
        Input::File(path) => weiqi_sgf::read_bounded(path, limits.sgf.bytes).map_err(|mut e| {
            e.file = path.display().to_string();
            e
        }),
        Input::Unlisted(path, detail) => Err(SgfError {
            file: path.display().to_string(),
            node: None,
            property: None,
            offset: None,
            kind: SgfErrorKind::Io {
                detail: detail.clone(),
            },
        }),
    }
}

/// Reads every game of an input.
fn games(
    input: &Input,
    limits: &Limits,
    strict: bool,
) -> Result<Vec<Result<Record, SgfError>>, SgfError> {
    let bytes = read(input, limits)?;
    let options = weiqi_sgf::ReadOptions {
        strict,
        limits: limits.sgf,
    };
    weiqi_sgf::parse_games_with(&input.name(), &bytes, options)
}

/// How the inputs are read.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Reading {
    /// The limits.
    pub(crate) limits: Limits,
    /// `--strict`.
    pub(crate) strict: bool,
    /// `--json`: JSON Lines, and the summary on stderr.
    pub(crate) json: bool,
}

/// Runs a command on the arguments: the one-file command for one file of one game without
/// `--shard`, else the batch (module docs).
pub(crate) fn run(
    rule: &dyn Rule,
    args: &[String],
    reading: Reading,
    batch: &BatchArgs,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<i32, CliError> {
    if let ([arg], None) = (args, batch.shard)
        && (arg == "-" || !Path::new(arg).is_dir())
    {
        let input = if arg == "-" {
            Input::Stdin
        } else {
            Input::File(PathBuf::from(arg))
        };
        let mut found = games(&input, &reading.limits, reading.strict).map_err(read_error)?;
        if found.len() == 1
            && let Some(record) = found.pop()
        {
            let record = record.map_err(read_error)?;
            if rule.kind() == Kind::Diff {
                // `diff` rules on the variants in parallel: on `--jobs` threads.
                let mut text = Vec::new();
                let code = pool(batch.jobs)?.install(|| rule.one(arg, &record, &mut text))?;
                out.write_all(&text)
                    .map_err(|e| CliError(format!("cannot write the output: {e}")))?;
                return Ok(code);
            }
            return rule.one(arg, &record, out);
        }
        // A collection of several games: the batch, on the games already read (standard
        // input cannot be read twice).
        rule.many()?;
        let pool = pool(batch.jobs)?;
        let done = pool.install(|| rule_games(rule, &input.name(), Ok(found)));
        let mut tally = Tally {
            files: 1,
            ..Tally::default()
        };
        let mut code = EXIT_OK;
        for d in &done {
            code = worst(code, d.code);
            print(out, d, reading.json)?;
            tally.add(&d.tally);
        }
        summary(rule, &tally, reading.json, out, err)?;
        return Ok(code);
    }
    rule.many()?;
    let mut inputs = list(args);
    if let Some(shard) = batch.shard {
        inputs = inputs
            .into_iter()
            .enumerate()
            .filter(|(i, _)| shard.keeps(*i))
            .map(|(_, input)| input)
            .collect();
    }
    let pool = pool(batch.jobs)?;
    let (code, tally) = run_batch(rule, &inputs, reading, &pool, out)?;
    summary(rule, &tally, reading.json, out, err)?;
    Ok(code)
}

/// The summary: on stdout after the lines, on stderr after JSON Lines (stdout stays JSON).
fn summary(
    rule: &dyn Rule,
    tally: &Tally,
    json: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), CliError> {
    let text = tally.render(rule.kind());
    if json {
        emit(err, &text)
    } else {
        emit(out, &text)
    }
}

fn pool(jobs: Option<usize>) -> Result<rayon::ThreadPool, CliError> {
    if jobs == Some(0) {
        return Err(CliError("--jobs: at least 1".into()));
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.unwrap_or(0))
        .thread_name(|i| format!("weiqi-{i}"))
        .build()
        .map_err(|e| CliError(format!("cannot start the worker threads: {e}")))
}

/// The games of one file ruled (or the file's error), in order.
fn rule_games(
    rule: &dyn Rule,
    name: &str,
    found: Result<Vec<Result<Record, SgfError>>, SgfError>,
) -> Vec<Done> {
    let found = match found {
        Ok(found) => found,
        Err(e) => {
            return vec![failed(name, None, e.kind.code(), read_error(e).message())];
        }
    };
    let count = found.len();
    // The games of a collection on every thread too (a file of ten thousand games is one
    // file of the list): rayon keeps their order.
    found
        .into_par_iter()
        .enumerate()
        .map(|(i, game)| {
            let index = Some((i + 1, count));
            match game {
                Err(e) => failed(name, index, e.kind.code(), read_error(e).message()),
                Ok(record) => match rule.game(name, &record) {
                    Ok(ruled) => finish(name, index, ruled),
                    Err(e) => failed(name, index, "cannot-rule", &e.0),
                },
            }
        })
        .collect()
}

/// The line's label: the name, and `[i/n]` in a collection of several games.
fn label(name: &str, index: Option<(usize, usize)>) -> String {
    match index {
        Some((i, n)) if n > 1 => format!("{name} [{i}/{n}]"),
        _ => name.to_owned(),
    }
}

/// A JSON Lines object: `file` and `game` first, then the one-file object's fields.
fn placed(name: &str, index: Option<(usize, usize)>, json: Json) -> String {
    let game = index.map_or(Value::Null, |(i, _)| Value::from(i));
    let json = match json {
        Json::Skipped => return String::new(),
        Json::Line(line) => {
            let file = format!("{{\"file\":{}", Value::from(name));
            match line.strip_prefix(&file) {
                Some(rest) => return format!("{file},\"game\":{game}{rest}"),
                None => match serde_json::from_str(&line) {
                    Ok(v) => v,
                    Err(_) => return line,
                },
            }
        }
        Json::Value(v) => v,
    };
    let mut m = Map::new();
    m.insert("file".into(), Value::from(name));
    m.insert("game".into(), game);
    if let Value::Object(fields) = json {
        for (k, v) in fields {
            if k != "file" {
                m.insert(k, v);
            }
        }
    }
    Value::Object(m).to_string()
}

fn finish(name: &str, index: Option<(usize, usize)>, mut ruled: Ruled) -> Done {
    ruled.tally.games = 1;
    Done {
        code: ruled.code,
        line: format!("{}: {}", label(name, index), ruled.line),
        json: placed(name, index, ruled.json),
        tally: ruled.tally,
    }
}

/// A file or game that could not be read or ruled.
fn failed(name: &str, index: Option<(usize, usize)>, kind: &str, message: &str) -> Done {
    // The message names the file already (`path: node 3: ...`): say it once.
    let message = message
        .strip_prefix(name)
        .and_then(|m| m.strip_prefix(": "))
        .unwrap_or(message);
    let mut tally = Tally {
        games: usize::from(index.is_some()),
        ..Tally::default()
    };
    if index.is_some() {
        tally.unreadable.insert(kind.to_owned(), 1);
    } else {
        tally.unreadable_files.insert(kind.to_owned(), 1);
    }
    Done {
        code: EXIT_ERROR,
        line: format!("{}: error ({kind}): {message}", label(name, index)),
        json: placed(name, index, error_object(kind, message)),
        tally,
    }
}

fn print(out: &mut dyn Write, done: &Done, json: bool) -> Result<(), CliError> {
    let text = if json { &done.json } else { &done.line };
    out.write_all(text.as_bytes())
        .and_then(|()| out.write_all(b"\n"))
        .map_err(|e| CliError(format!("cannot write the output: {e}")))
}

/// The progress bar: on stderr when it is a terminal, shown once the run has lasted
/// [`Progress::AFTER`] (a short run draws nothing), cleared at the end.
struct Progress {
    bar: indicatif::ProgressBar,
    start: Instant,
    terminal: bool,
    shown: bool,
}

impl Progress {
    /// How long a run lasts before the bar is drawn.
    const AFTER: Duration = Duration::from_millis(500);

    fn new(files: usize) -> Progress {
        let bar = indicatif::ProgressBar::with_draw_target(
            Some(files as u64),
            indicatif::ProgressDrawTarget::hidden(),
        );
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} files, {elapsed} elapsed, {eta} left",
        ) {
            bar.set_style(style);
        }
        Progress {
            bar,
            start: Instant::now(),
            terminal: std::io::stderr().is_terminal(),
            shown: false,
        }
    }

    /// One more file done.
    fn tick(&mut self) {
        if !self.shown && self.terminal && self.start.elapsed() >= Self::AFTER {
            self.bar
                .set_draw_target(indicatif::ProgressDrawTarget::stderr());
            self.shown = true;
        }
        self.bar.inc(1);
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}

/// Rules on every input on the pool: each worker takes the next file of the list, the calling
/// thread prints the files in list order as they are done (memory stays bounded by the files
/// in flight) and draws the progress bar. Returns the worst exit code and the tally.
fn run_batch(
    rule: &dyn Rule,
    inputs: &[Input],
    reading: Reading,
    pool: &rayon::ThreadPool,
    out: &mut dyn Write,
) -> Result<(i32, Tally), CliError> {
    let next = AtomicUsize::new(0);
    let workers = pool.current_num_threads().max(1);
    let (tx, rx) = std::sync::mpsc::sync_channel::<(usize, Vec<Done>)>(4 * workers);
    let mut progress = Progress::new(inputs.len());
    let mut code = EXIT_OK;
    let mut tally = Tally::default();
    // Lines are written in blocks (stdout is line-buffered: a write a line otherwise), and
    // flushed at least every 200 ms, and at once while the bar is drawn.
    let mut out = std::io::BufWriter::with_capacity(1 << 16, out);
    let mut flushed = Instant::now();
    pool.in_place_scope(|s| {
        for _ in 0..workers {
            let tx = tx.clone();
            let next = &next;
            s.spawn(move |_| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(input) = inputs.get(i) else {
                        break;
                    };
                    let name = input.name();
                    let work = || {
                        let found = games(input, &reading.limits, reading.strict);
                        rule_games(rule, &name, found)
                    };
                    // A bug on one file must not stop a million: it is reported in its place.
                    let done = std::panic::catch_unwind(std::panic::AssertUnwindSafe(work))
                        .unwrap_or_else(|_| {
                            vec![failed(&name, None, "panic", "weiqi panicked on this file")]
                        });
                    if tx.send((i, done)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        let mut pending: BTreeMap<usize, Vec<Done>> = BTreeMap::new();
        let mut printed = 0;
        for (i, done) in rx {
            pending.insert(i, done);
            while let Some(file) = pending.remove(&printed) {
                tally.files += 1;
                for d in &file {
                    code = worst(code, d.code);
                    tally.add(&d.tally);
                }
                let bar = progress.bar.clone();
                let flush = progress.shown || flushed.elapsed() >= Duration::from_millis(200);
                bar.suspend(|| {
                    file.iter()
                        .try_for_each(|d| print(&mut out, d, reading.json))?;
                    if flush {
                        flushed = Instant::now();
                        out.flush()
                            .map_err(|e| CliError(format!("cannot write the output: {e}")))?;
                    }
                    Ok::<(), CliError>(())
                })?;
                progress.tick();
                printed += 1;
            }
        }
        Ok::<(), CliError>(())
    })?;
    out.flush()
        .map_err(|e| CliError(format!("cannot write the output: {e}")))?;
    Ok((code, tally))
}

#[cfg(test)]
mod tests {
    use super::{Shard, is_sgf, parse_shard, worst};

    #[test]
    fn shards_partition_the_list_issue_15_item_2() {
        // Issue 15 item 2: `--shard K/N` splits the file list deterministically; the N shares
        // hold every file exactly once.
        for n in 1..6 {
            let shards: Vec<Shard> = (1..=n).map(|k| Shard { k, n }).collect();
            for i in 0..50 {
                assert_eq!(shards.iter().filter(|s| s.keeps(i)).count(), 1, "{i} {n}");
            }
        }
        assert_eq!(parse_shard("2/8"), Ok(Shard { k: 2, n: 8 }));
        for bad in ["0/3", "4/3", "1/0", "3", "a/b", ""] {
            assert!(parse_shard(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn sgf_files_are_found_in_any_case_issue_15_item_2() {
        for name in ["a.sgf", "B.SGF", "c.Sgf"] {
            assert!(is_sgf(std::ffi::OsStr::new(name)), "{name}");
        }
        for name in ["sgf", ".sgf", "a.sgf.txt", "a.sg"] {
            assert!(!is_sgf(std::ffi::OsStr::new(name)), "{name}");
        }
    }

    #[test]
    fn the_exit_code_is_the_worst_outcome_issue_15_item_2() {
        // 0 < 1 (illegal) < 4 (inconclusive) < 2 (unreadable) < 3 (diverged).
        let order = [0, 1, 4, 2, 3];
        for (i, &a) in order.iter().enumerate() {
            for (j, &b) in order.iter().enumerate() {
                assert_eq!(worst(a, b), order[i.max(j)], "{a} {b}");
            }
        }
    }
}
