//! The rulings corpus of `rulings/` (issue 13) as snapshot tests. The crate lives in the corpus
//! folder itself, so that `cargo insta review` finds the snapshots. `tests/rulings.rs` rules every
//! case under every built-in variant (and the case's own spec file, if it has one) with both
//! referees, asserts that they agree on every cell, and compares the case's ruling matrix with
//! its insta snapshot in `rulings/<axis>/snapshots/<name>.snap`. The rulings themselves are made
//! by [`weiqi_record::rulings`], the code `weiqi rules diff --rulings` and `cargo xtask rulings
//! --table` use.
//!
//! ```no_run
//! let dir = weiqi_rulings::corpus_dir();
//! let cases = weiqi_record::rulings::load_corpus(&dir)?;
//! assert!(cases.len() >= 100);
//! # Ok::<(), weiqi_record::Error>(())
//! ```
#![deny(missing_docs)]

use std::path::PathBuf;

/// The corpus folder: `rulings/` at the root of the workspace, which is also this crate's folder.
#[must_use]
pub fn corpus_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}
