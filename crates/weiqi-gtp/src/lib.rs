//! The Go Text Protocol (GTP version 2) for weiqi, as a library:
//!
//! - [`client`]: start a Go program, send it commands, read its answers, each wait bounded by
//!   a time limit ([`Engine`], [`GtpError`]).
//! - [`server`]: weiqi as a GTP engine keeping the game under any variant, over any
//!   [`BufRead`](std::io::BufRead) / [`Write`](std::io::Write) pair ([`server::serve`]; `weiqi
//!   gtp` serves standard input and output).
//! - [`arbiter`]: the referee between two GTP programs (`weiqi referee`).
//! - [`gnugo`]: GNU Go's dead stones (`final_status_list dead`), a [`weiqi_record::dead::Judge`]
//!   for `weiqi score --dead gnugo`.
//!
//! ```
//! let mut out = Vec::new();
//! let input = b"boardsize 9\nplay B E5\nplay W E5\nquit\n";
//! weiqi_gtp::server::serve(&weiqi_gtp::server::Options::default(), &mut &input[..], &mut out)?;
//! let answers = String::from_utf8_lossy(&out);
//! assert!(answers.contains("? illegal move: "));
//! # Ok::<(), weiqi_record::Error>(())
//! ```
#![deny(missing_docs)]

pub mod arbiter;
pub mod client;
mod clock;
mod game;
pub mod gnugo;
pub mod server;

pub use client::{Engine, GtpError};

/// Writes to `out`, turning an I/O failure into an [`Error`](weiqi_record::Error).
pub(crate) fn emit(out: &mut dyn std::io::Write, text: &str) -> Result<(), weiqi_record::Error> {
    out.write_all(text.as_bytes())
        .map_err(|e| weiqi_record::Error::new(format!("cannot write the output: {e}")))
}

/// A colour argument: `b`, `black`, `w`, `white`, any case.
pub(crate) fn parse_color(text: &str) -> Option<weiqi_core::Color> {
    match text.to_ascii_lowercase().as_str() {
        "b" | "black" => Some(weiqi_core::Color::Black),
        "w" | "white" => Some(weiqi_core::Color::White),
        _ => None,
    }
}
