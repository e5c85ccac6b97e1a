//! The weiqi rules spec language: one TOML file per rule variant, checked strictly and resolved
//! into a [`Ruleset`], the only thing the interpreter and the engine read.
//!
//! Three stages (docs/style.md 6): the raw [`file::SpecFile`] (serde, unknown keys
//! rejected, every value spanned) -> per-file validation -> `extends` resolution, defaults and
//! the cross-key checks -> [`Ruleset`]. Every problem of every file is reported at once, each
//! with its file, line, column, key and allowed values ([`SpecErrors`]). The keys, their
//! meaning, allowed values, defaults and sources are data: [`keys::KEYS`].
//!
//! The built-in variants are the files `spec/<id>.toml`, compiled in (`build.rs` lists the
//! directory, so a file dropped into `spec/` is a built-in on the next build).
//!
//! ```
//! use weiqi_spec::{Ko, Tie};
//!
//! let japanese = weiqi_spec::builtin("japanese-1989")?;
//! assert_eq!(japanese.play.ko, Ko::Simple);
//! assert_eq!(weiqi_spec::id_for_sgf_name("JAPANESE"), Some("japanese-1989"));
//!
//! // A variant written as a difference from a built-in one.
//! let mine = weiqi_spec::parse_str(
//!     "my-rules.toml",
//!     "extends = \"japanese-1989\"\n[scoring]\nkomi = 7.5\ntie = \"white\"\n",
//! )?;
//! assert_eq!(mine.scoring.komi.to_string(), "7.5");
//! assert_eq!(mine.tie_for(0), Tie::White);
//! let changed: Vec<String> = japanese.diff(&mine).into_iter().map(|d| d.key).collect();
//! assert!(changed.contains(&"scoring.komi".to_string()));
//!
//! // Every problem at once, one line each.
//! let err = weiqi_spec::parse_str("bad.toml", "[play]\nko = \"superko\"\n[scoring]\nkomi = 6.3\n")
//!     .unwrap_err();
//! assert_eq!(err.0.len(), 2);
//! assert!(err.to_string().starts_with("bad.toml:2:6: key `play.ko`: unknown value \"superko\""));
//! # Ok::<(), weiqi_spec::SpecErrors>(())
//! ```
#![deny(missing_docs)]

mod builtin;
mod defaults;
mod error;
pub mod file;
pub mod katago;
pub mod keys;
mod model;
mod render;
mod resolve;
mod validate;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

pub use defaults::{Patterns, defaults, standard_patterns};
pub use error::{SpecError, SpecErrorKind, SpecErrors};
pub use model::*;
pub use render::KeyDiff;
pub use validate::is_valid_id;

use resolve::Loader;

/// The ids of the built-in variants, sorted.
#[must_use]
pub fn builtin_ids() -> Vec<&'static str> {
    builtin::BUILTIN_FILES.iter().map(|(id, _)| *id).collect()
}

/// The text of a built-in spec file.
#[must_use]
pub fn builtin_text(id: &str) -> Option<&'static str> {
    builtin::BUILTIN_FILES
        .iter()
        .find(|(i, _)| *i == id)
        .map(|(_, t)| *t)
}

fn unknown_variant(id: &str) -> SpecErrors {
    SpecErrors(vec![
        SpecError::new(
            &format!("builtin:{id}"),
            SpecErrorKind::UnknownParent,
            format!("unknown built-in variant {id:?}"),
        )
        .allowed(builtin_ids()),
    ])
}

/// Turns the loader's problems into the error (never an empty list).
fn failure(loader: Loader, what: &str) -> SpecErrors {
    let mut errors = SpecErrors(loader.errors).normalize();
    if errors.0.is_empty() {
        errors.0.push(SpecError::new(
            what,
            SpecErrorKind::InvalidValue,
            "could not be resolved",
        ));
    }
    errors
}

fn builtin_cache() -> &'static BTreeMap<&'static str, Result<Ruleset, SpecErrors>> {
    static CACHE: OnceLock<BTreeMap<&'static str, Result<Ruleset, SpecErrors>>> = OnceLock::new();
    CACHE.get_or_init(|| {
        builtin_ids()
            .into_iter()
            .map(|id| {
                let mut loader = Loader::new();
                let result = match loader.builtin(id).and_then(|key| loader.resolve(&key)) {
                    Some(r) if loader.errors.is_empty() => Ok(r),
                    _ => Err(failure(loader, &format!("builtin:{id}"))),
                };
                (id, result)
            })
            .collect()
    })
}

/// A built-in variant by id.
pub fn builtin(id: &str) -> Result<Ruleset, SpecErrors> {
    builtin_cache()
        .get(id)
        .cloned()
        .unwrap_or_else(|| Err(unknown_variant(id)))
}

/// Every built-in variant, sorted by id; the error lists the problems of every broken file
/// (and SGF names claimed by two variants).
pub fn builtins() -> Result<Vec<Ruleset>, SpecErrors> {
    let mut out = Vec::new();
    let mut errors = Vec::new();
    for id in builtin_ids() {
        match builtin(id) {
            Ok(r) => out.push(r),
            Err(e) => errors.extend(e.0),
        }
    }
    let mut loader = Loader::new();
    let keys: Vec<String> = builtin_ids()
        .into_iter()
        .filter_map(|id| loader.builtin(id))
        .collect();
    for key in &keys {
        let _ = loader.resolve(key);
    }
    loader.errors.clear();
    loader.check_sgf_names(&keys);
    errors.extend(loader.errors);
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(SpecErrors(errors).normalize())
    }
}

/// Parses one spec file given as text; its id is the stem of `file_name`. It may extend a
/// built-in variant, including the built-in of its own id (`korean.toml` with
/// `extends = "korean"`); nothing is read from disk.
pub fn parse_str(file_name: &str, text: &str) -> Result<Ruleset, SpecErrors> {
    parse_with(Loader::new(), file_name, text)
}

/// Resolves one file with `loader`.
fn parse_with(mut loader: Loader, file_name: &str, text: &str) -> Result<Ruleset, SpecErrors> {
    let Some(key) = loader.add(file_name, text.to_owned()) else {
        return Err(failure(loader, file_name));
    };
    match loader.resolve(&key) {
        Some(r) if loader.errors.is_empty() => Ok(r),
        _ => Err(failure(loader, file_name)),
    }
}

/// The largest spec file read by default, in bytes (1 MiB; the built-in files are a few KB).
/// [`load_with`], [`load_files_with`] and [`lint_files`] take another limit (the `weiqi`
/// command line: `--max-bytes`).
pub const MAX_SPEC_BYTES: usize = 1024 * 1024;

/// Reads the spec file at `path` as text, reading at most `limit + 1` bytes: a larger file (or
/// an endless one such as `/dev/zero`) is refused without reading the rest (issue 9, item 2).
fn read_spec(path: &Path, limit: usize) -> Result<String, Box<SpecError>> {
    use std::io::Read;
    let file = path.display().to_string();
    let io = |e: std::io::Error| {
        Box::new(SpecError::new(
            &file,
            SpecErrorKind::Io,
            format!("cannot read the file: {}", e.to_string().to_lowercase()),
        ))
    };
    let mut bytes = Vec::new();
    let cap = u64::try_from(limit).unwrap_or(u64::MAX).saturating_add(1);
    std::fs::File::open(path)
        .and_then(|f| f.take(cap).read_to_end(&mut bytes))
        .map_err(io)?;
    if bytes.len() > limit {
        return Err(Box::new(SpecError::new(
            &file,
            SpecErrorKind::Io,
            format!("the file is larger than the limit of {limit} bytes"),
        )));
    }
    String::from_utf8(bytes).map_err(|e| {
        Box::new(SpecError::new(
            &file,
            SpecErrorKind::Io,
            format!(
                "the file is not utf-8 (first bad byte at offset {})",
                e.utf8_error().valid_up_to()
            ),
        ))
    })
}

/// A built-in variant by id, a KataGo rule string after `katago:` (any of its three forms,
/// [`katago::KataGoRules::parse`]; the ruleset's id is `katago`), or the spec file at a path
/// (read now, at most [`MAX_SPEC_BYTES`]). Its `extends = "<id>"` names the file `<id>.toml` beside it if there is
/// one (other than itself), else the built-in `<id>` (issue 13, item 6).
pub fn load(id_or_path: &str) -> Result<Ruleset, SpecErrors> {
    load_with(id_or_path, MAX_SPEC_BYTES)
}

/// [`load`], reading a spec file of at most `max_bytes`.
pub fn load_with(id_or_path: &str, max_bytes: usize) -> Result<Ruleset, SpecErrors> {
    if let Some(rules) = id_or_path.strip_prefix(katago::KATAGO_PREFIX) {
        return load_katago(id_or_path, rules);
    }
    if builtin_text(id_or_path).is_some() {
        return builtin(id_or_path);
    }
    let path = Path::new(id_or_path);
    if !path.exists() && is_valid_id(id_or_path) {
        return Err(unknown_variant(id_or_path));
    }
    match read_spec(path, max_bytes) {
        Ok(text) => match empty_file(id_or_path, &text) {
            Some(e) => Err(SpecErrors(vec![e])),
            None => parse_with(Loader::with_disk(max_bytes), id_or_path, &text),
        },
        Err(e) => Err(SpecErrors(vec![*e])),
    }
}

/// The ruleset of a KataGo rule string (`what` is the whole argument, for the error).
fn load_katago(what: &str, rules: &str) -> Result<Ruleset, SpecErrors> {
    katago::KataGoRules::parse(rules)
        .and_then(|k| k.to_ruleset())
        .map_err(|e| {
            SpecErrors(vec![SpecError::new(
                what,
                SpecErrorKind::InvalidValue,
                e.to_string(),
            )])
        })
}

/// Loads spec files that may extend each other and the built-ins, in the order given; every
/// problem of every file at once, including ids given twice and SGF names claimed by two of the
/// files. A parent is another given file of that id, else the file `<id>.toml` beside the
/// child, else the built-in (a file never extends itself: `korean.toml` with
/// `extends = "korean"` extends the built-in). Each file is read up to [`MAX_SPEC_BYTES`].
pub fn load_files(paths: &[PathBuf]) -> Result<Vec<Ruleset>, SpecErrors> {
    load_files_with(paths, MAX_SPEC_BYTES)
}

/// What `weiqi rules lint` checks: exactly what [`load_files_with`] refuses (an empty file
/// among it), so that a file lint calls "ok" loads, and a file it refuses never rules.
pub fn lint_files(paths: &[PathBuf], max_bytes: usize) -> Result<Vec<Ruleset>, SpecErrors> {
    load_files_with(paths, max_bytes)
}

/// The error of a spec file with no key at all. Such a file is valid TOML and would resolve to
/// the Tromp-Taylor baseline under its own id, but it is a file that was never written: loading
/// it silently would rule games under rules nobody chose (issue 9, issue 29 item 9).
fn empty_file(file: &str, text: &str) -> Option<SpecError> {
    text.lines()
        .map(str::trim)
        .all(|l| l.is_empty() || l.starts_with('#'))
        .then(|| {
            SpecError::new(
                file,
                SpecErrorKind::InvalidValue,
                "the file has no key: it defines nothing (it would be the tromp-taylor \
                 baseline); write at least `extends` or a `[meta]` table",
            )
        })
}

/// [`load_files`], reading each file up to `max_bytes`.
pub fn load_files_with(paths: &[PathBuf], max_bytes: usize) -> Result<Vec<Ruleset>, SpecErrors> {
    let mut loader = Loader::with_disk(max_bytes);
    let mut keys = Vec::new();
    for path in paths {
        let file = path.display().to_string();
        match read_spec(path, max_bytes) {
            Ok(text) => {
                if let Some(e) = empty_file(&file, &text) {
                    loader.errors.push(e);
                    continue;
                }
                if let Some(key) = loader.add(&file, text) {
                    keys.push(key);
                }
            }
            Err(e) => loader.errors.push(*e),
        }
    }
    let mut out = Vec::new();
    for key in &keys {
        if let Some(r) = loader.resolve(key) {
            out.push(r);
        }
    }
    loader.check_sgf_names(&keys);
    if loader.errors.is_empty() && out.len() == paths.len() {
        Ok(out)
    } else {
        Err(failure(loader, "spec files"))
    }
}

/// The built-in variant an SGF `RU` value selects (case-insensitive, surrounding spaces
/// ignored): the built-in whose `meta.sgf-names` lists it, else the built-in of that id (every
/// built-in answers to its own id, also one a maintainer adds with `sgf-names = []`; issue 10,
/// issue 13 item 6).
#[must_use]
pub fn id_for_sgf_name(ru: &str) -> Option<&'static str> {
    let wanted = ru.trim().to_lowercase();
    if wanted.is_empty() {
        return None;
    }
    builtin_cache()
        .iter()
        .find_map(|(id, r)| {
            let r = r.as_ref().ok()?;
            r.meta
                .sgf_names
                .iter()
                .any(|n| n.trim().to_lowercase() == wanted)
                .then_some(*id)
        })
        .or_else(|| builtin_ids().into_iter().find(|id| *id == wanted))
}
