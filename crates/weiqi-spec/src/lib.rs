//! The weiqi rules spec language: TOML files -> `SpecFile` -> validated [`Ruleset`].
//!
//! PLACEHOLDER: the loaders below are being written (issue 2).
#![deny(missing_docs)]

mod model;

pub use model::*;

/// A problem found in a spec file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpecError {
    /// The file (path, or `builtin:<id>`).
    pub file: String,
    /// 1-based line, if known.
    pub line: Option<usize>,
    /// 1-based column, if known.
    pub column: Option<usize>,
    /// The dotted key, if the problem is about one.
    pub key: Option<String>,
    /// What is wrong.
    pub message: String,
    /// The allowed values, if the key has a closed set of them.
    pub allowed: Vec<String>,
}

/// Every problem found while loading a spec.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpecErrors(pub Vec<SpecError>);

/// The ids of the built-in variants.
#[must_use]
pub fn builtin_ids() -> Vec<&'static str> {
    Vec::new()
}

/// A built-in variant by id.
pub fn builtin(id: &str) -> Result<Ruleset, SpecErrors> {
    Err(SpecErrors(vec![SpecError {
        file: format!("builtin:{id}"),
        line: None,
        column: None,
        key: None,
        message: "not loaded yet".into(),
        allowed: Vec::new(),
    }]))
}
