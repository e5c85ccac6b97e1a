//! The error that stops a command, and writing the output.

use std::io::Write;

/// An error that stops a command: printed on stderr, exit code 2.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CliError(pub String);

impl std::fmt::Display for CliError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CliError {}

impl From<weiqi_record::Error> for CliError {
    fn from(e: weiqi_record::Error) -> CliError {
        CliError(e.into())
    }
}

/// Writes to `out`, turning an I/O failure into a [`CliError`].
pub(crate) fn emit(out: &mut dyn Write, text: &str) -> Result<(), CliError> {
    out.write_all(text.as_bytes())
        .map_err(|e| CliError(format!("cannot write the output: {e}")))
}
