//! The rules of Go (weiqi, baduk) as data, in one crate: `cargo add weiqi` is all a Rust
//! program needs.
//!
//! - **Rules**: every variant is a [`Ruleset`], a built-in one by id ([`rules::builtin`]), a
//!   spec file ([`rules::load`]) or TOML text ([`rules::parse_str`]); [`Ruleset::diff`] names
//!   the keys on which two differ.
//! - **A game to play and undo**: the [`Engine`] keeps a game under any variant (every play
//!   rule, superko exact, the end and the count), behind the [`Referee`] trait it shares with
//!   the literal [`Interpreter`] (the oracle).
//! - **A record to check and score**: [`check_record`] rules on every move of an SGF record,
//!   [`score_record`] takes the dead stones and scores it; their JSON objects are the contract
//!   of `weiqi check --json` and `weiqi score --json` ([`record`]).
//! - **The status judge**: which stones of a finished game are dead, alive or in seki, who
//!   owns each point, proved where possible, estimated where not ([`judge`], [`status`]).
//! - **GTP**: a client of GTP programs, a GTP engine server over any reader and writer, a
//!   referee between two programs ([`gtp`]).
//! - **KataGo's rule strings**: read and written as KataGo does ([`rules::katago`];
//!   `rules::load("katago:...")` loads one).
//!
//! The dead stones of a count come from the record's marks, a list of points, the status
//! judge (a record without marks, or `dead: Some("auto")`) or a program
//! ([`record::dead::Judge`], GNU Go in [`gtp::gnugo`]).
//!
//! ```
//! use weiqi::{BoardSize, Engine, Move, Point, Referee, Setup};
//!
//! // Rules by id, or as TOML text extending a built-in variant.
//! let japanese = weiqi::rules::builtin("japanese-1989")?;
//! let custom = weiqi::rules::parse_str(
//!     "my-rules.toml",
//!     "extends = \"japanese-1989\"\n[play]\nsuicide = \"multi-stone\"\n",
//! )?;
//! assert!(!japanese.diff(&custom).is_empty());
//!
//! // A game to play and undo.
//! let size = BoardSize::square(9)?;
//! let mut game = Engine::new(&japanese, Setup::even(size))?;
//! let e5 = Point::parse("E5", size)?;
//! game.play(Move::Play(e5)).map_err(|e| e.to_string())?;
//! assert!(game.play(Move::Play(e5)).is_err(), "the point is taken");
//! assert!(game.undo());
//! assert_eq!(game.moves_played(), 0);
//!
//! // A record to check and score.
//! let sgf = b"(;GM[1]FF[4]SZ[9]KM[5.5]RU[Chinese];B[ee];W[];B[])";
//! let record = weiqi::read_bytes("game.sgf", sgf, false, &weiqi::Limits::default())?;
//! let checked = weiqi::check_record("game.sgf", &record, &weiqi::CheckOptions::default())?;
//! assert_eq!(checked.exit_code(), weiqi::record::EXIT_OK);
//! let scored = weiqi::score_record("game.sgf", &record, &weiqi::ScoreOptions::default())?;
//! if let weiqi::Scored::Ruled(report) = scored {
//!     assert_eq!(report.to_json().result, "B+75.5");
//! }
//!
//! // The status judge on a game's last position.
//! let judgement = weiqi::judge(&game, &weiqi::status::Options::default())?;
//! assert!(judgement.dead_stones().is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

/// Rule variants: built-in ones by id, spec files, TOML text, and their differences.
pub mod rules {
    pub use weiqi_record::rules::load as load_named;
    pub use weiqi_spec::{
        KeyDiff, MAX_SPEC_BYTES, Ruleset, SpecError, SpecErrors, builtin, builtin_ids, builtins,
        id_for_sgf_name, katago, load, parse_str,
    };
}

pub use weiqi_core::{
    Action, ActionReport, Board, BoardSize, ByColor, Color, Ending, GameResult, Illegal, Move,
    Phase, PlayError, Point, PointMark, Points, Referee, Score, Setup, SetupNote, SideScore, WinBy,
};
pub use weiqi_engine::{Engine, EngineError};
pub use weiqi_interpreter::Interpreter;
pub use weiqi_record::check::{CheckOptions, CheckReport, Checked, check_record};
pub use weiqi_record::replay::{read_bytes, read_record};
pub use weiqi_record::score::{ScoreOptions, ScoreReport, Scored, score_record};
pub use weiqi_record::{Limits, Which};
pub use weiqi_spec::Ruleset;

/// Game records: reading, checking and scoring them, the JSON contract, the dead stones
/// (the `weiqi-record` crate).
pub use weiqi_record as record;

/// SGF reading and writing (the `weiqi-sgf` crate).
pub use weiqi_sgf as sgf;

/// The Go Text Protocol: client, server, referee between programs (the `weiqi-gtp` crate).
pub use weiqi_gtp as gtp;

/// The status judge: dead stones, seki and owners of a finished game (the `weiqi-status`
/// crate).
pub use weiqi_status as status;
pub use weiqi_status::{Judgement, judge};
