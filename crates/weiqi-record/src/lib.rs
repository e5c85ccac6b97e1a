//! Rule on a game record: read an SGF record, choose the variant it is ruled under, replay its
//! main line on the engine, the interpreter (the literal oracle) or both, take the dead stones
//! (the record's marks, a list of points, the deterministic estimate, or a program such as GNU
//! Go through [`dead::Judge`]) and score it. This is the logic of `weiqi check` and `weiqi
//! score` without the command line: no argument parsing, no terminal output; the texts and the
//! JSON objects (`JSON.md`) are returned, for a program to print, store or send.
//!
//! - [`replay`]: reading a record ([`replay::read_record`], [`replay::read_bytes`]), choosing
//!   its rules ([`replay::choose_rules`]), replaying it ([`replay::replay`]) and `--both`'s
//!   [`replay::divergence`].
//! - [`check`]: the verdict on every move ([`check::check_record`]) and its JSON contract
//!   ([`check::CheckJson`]).
//! - [`score`]: the ruling of a finished game ([`score::score_record`]) and its JSON contract
//!   ([`score::ScoreJson`]).
//! - [`dead`]: where the dead stones come from; [`referee`]: the engine or the interpreter
//!   behind one trait; [`limits`]: the bounds every ruling runs under and the exit codes;
//!   [`rules`]: a variant by id, file or SGF name; [`sgf_out`]: writing a game as SGF;
//!   [`diagram`]: the text board of a count; [`rulings`]: the rulings corpus.
//!
//! ```
//! use weiqi_record::{check, replay, score, Limits};
//!
//! let sgf = b"(;GM[1]FF[4]SZ[9]KM[5.5]RU[Chinese];B[ee];W[];B[])";
//! let record = replay::read_bytes("game.sgf", sgf, false, &Limits::default())?;
//!
//! let checked = check::check_record("game.sgf", &record, &check::CheckOptions::default())?;
//! assert_eq!(checked.exit_code(), weiqi_record::EXIT_OK);
//!
//! let scored = score::score_record("game.sgf", &record, &score::ScoreOptions::default())?;
//! let score::Scored::Ruled(report) = scored else { panic!("not ruled") };
//! let json = report.to_json();
//! assert_eq!(json.rules, "chinese-kgs");
//! assert_eq!(json.result, "B+75.5");
//! # Ok::<(), weiqi_record::Error>(())
//! ```
#![deny(missing_docs)]

pub mod check;
pub mod dead;
pub mod diagram;
pub mod limits;
pub mod referee;
pub mod replay;
pub mod rules;
pub mod rulings;
pub mod score;
pub mod sgf_out;

pub use limits::{
    EXIT_DIVERGED, EXIT_ERROR, EXIT_ILLEGAL, EXIT_INCONCLUSIVE, EXIT_OK, Limits, MAX_PROBLEMS,
};
pub use referee::Which;

/// The default variant when neither the caller nor the record's `RU` chooses one. Japanese 1989
/// is what KGS assumes for a record without rules and the most common rules of published
/// records.
pub const DEFAULT_RULES: &str = "japanese-1989";

/// Why a record could not be ruled on: it cannot be read, a limit is exceeded, the rules cannot
/// be loaded, the dead stones are refused... The message is the one `weiqi` prints after
/// `error: `.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error(String);

impl Error {
    /// An error with this message.
    pub fn new(message: impl Into<String>) -> Error {
        Error(message.into())
    }

    /// The message.
    #[must_use]
    pub fn message(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl From<Error> for String {
    fn from(e: Error) -> String {
        e.0
    }
}
