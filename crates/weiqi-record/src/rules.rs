//! Loading a variant as `--rules` names it: a built-in id, a spec file, or an SGF rules name.

use weiqi_spec::{Ruleset, SpecErrors};

use crate::Error;
use crate::limits::{Limits, problems_text};

/// Loads a built-in id or a spec file, as `--rules` and the `rules` commands take it.
/// A name that is neither a built-in id nor an existing file may be an SGF rules name
/// (`--rules AGA`, `--rules Japanese`: the names of `meta.sgf-names`, case-insensitive).
/// A spec file is read up to `limits.spec_bytes`; the error lists at most `limits.problems`
/// problems.
pub fn load(id_or_path: &str, limits: &Limits) -> Result<Ruleset, Error> {
    let is_file = std::path::Path::new(id_or_path).exists();
    if !is_file
        && weiqi_spec::builtin(id_or_path).is_err()
        && let Some(id) = weiqi_spec::id_for_sgf_name(id_or_path)
    {
        return weiqi_spec::builtin(id).map_err(|e| spec_error(id, &e, limits));
    }
    weiqi_spec::load_with(id_or_path, limits.spec_bytes)
        .map_err(|e| spec_error(id_or_path, &e, limits))
}

/// The error of a variant that cannot be loaded: its name, then its problems (at most
/// `limits.problems` of them).
pub fn spec_error(what: &str, e: &SpecErrors, limits: &Limits) -> Error {
    Error(format!(
        "cannot load the rules {what:?}:\n{}",
        problems_text(e, limits.problems)
    ))
}
