//! `cargo xtask codegen`: placeholder, written by the spec work.

use std::path::Path;

/// Writes (or with `check`, verifies) `spec/README.md`.
pub fn run(_root: &Path, _check: bool) -> Result<(), String> {
    Err("codegen is not written yet".into())
}
