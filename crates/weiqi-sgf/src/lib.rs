//! Game records for weiqi: SGF in and out, on the maintained `sgf-parse` crate.
//!
//! [`parse`] reads FF\[4\] records and the common FF\[3\] habits (mixed-case identifiers such as
//! `AddBlack`, `B[tt]` passes on boards up to 19x19, `HA[0]`) into a [`Record`]: size (square or
//! rectangular `SZ[19:13]`), komi, handicap, rules name and the built-in variant it selects,
//! setup stones, player to move, the main line's moves with their node numbers, territory marks
//! (`TB`/`TW`) and the result. [`Record::setup`] gives the [`weiqi_core::Setup`] a referee starts
//! from; [`Record::to_sgf_with`] writes the file back with a [`Ruling`], keeping every other
//! property, the tree and unknown properties.
//!
//! Bad input gives one [`SgfError`] naming the file and the place, never a panic. Limits
//! ([`Limits`]: [`MAX_INPUT_BYTES`], [`MAX_DEPTH`] and [`MAX_NODES`] by default) are checked by
//! a byte-level scan before the parser runs (see the `scan` module); [`read_bounded`] reads a
//! file without reading more than the byte limit. Text that is not UTF-8 is decoded lossily, with a
//! warning giving the offset of the first bad byte (many old records are Latin-1 or GB2312; the
//! moves are ASCII either way). Text before the first `(` (a mail header) is skipped with a
//! warning. A file with several game trees is read from the first, and written back whole.
//!
//! Writing back goes through this crate's own printer (no recursion, points past `z` in
//! capitals, lists sorted): the values are those `sgf-parse` read, so a number may be
//! respelled (`KM[7.50]` becomes `KM[7.5]`) and a text's soft line breaks become plain ones.
//!
//! ```
//! use weiqi_core::{Color, Move, Point};
//!
//! let record = weiqi_sgf::parse("game.sgf", b"(;GM[1]FF[4]SZ[9]KM[7]AB[cc];W[ee];B[])")?;
//! assert_eq!(record.size.width(), 9);
//! assert_eq!(record.setup_stones, vec![(Point::rc(2, 2), Color::Black)]);
//! assert_eq!(record.moves[0].mv, Move::Play(Point::rc(4, 4)));
//! assert_eq!(record.moves[1].mv, Move::Pass);
//! assert_eq!(record.setup().to_move, Some(Color::White));
//! # Ok::<(), weiqi_sgf::SgfError>(())
//! ```
#![deny(missing_docs)]

mod error;
mod record;
mod scan;
mod tree;

pub use error::{SgfError, SgfErrorKind};
pub use record::{Record, RecordMove, Ruling};

/// The largest input accepted by default, in bytes (16 MiB).
pub const MAX_INPUT_BYTES: usize = 16 * 1024 * 1024;

/// The longest line of the game tree accepted by default, in nodes (a game of this many moves),
/// and the deepest nesting of variations.
pub const MAX_DEPTH: usize = 10_000;

/// The most nodes accepted in one file by default. The parsed tree takes about 660 bytes a node
/// (measured with `/usr/bin/time -v` on a file of one-move variations), so this default keeps a
/// record under about 135 MB (issue 9, item 5); raise it with [`Limits::nodes`].
pub const MAX_NODES: usize = 200_000;

/// The limits a record is read under. [`Limits::default`] holds the documented defaults
/// ([`MAX_INPUT_BYTES`], [`MAX_DEPTH`], [`MAX_NODES`]); a caller that trusts its input may raise
/// them (the `weiqi` command line: `--max-bytes`, `--max-moves`, `--max-nodes`). Every limit is
/// checked before the parser runs, so time and memory stay linear in the limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The largest input, in bytes.
    pub bytes: usize,
    /// The longest line of the game tree, in nodes (so the most moves of a game), and the
    /// deepest nesting of variations.
    pub moves: usize,
    /// The most nodes in the file.
    pub nodes: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            bytes: MAX_INPUT_BYTES,
            moves: MAX_DEPTH,
            nodes: MAX_NODES,
        }
    }
}

/// Reads an SGF file under the default [`Limits`]. `name` names the file in errors and warnings.
pub fn parse(name: &str, bytes: &[u8]) -> Result<Record, SgfError> {
    parse_with(name, bytes, &Limits::default())
}

/// Reads at most `limit + 1` bytes of the file at `path`: a larger file (or an endless one,
/// such as `/dev/zero`) is refused with [`SgfErrorKind::TooLarge`] after reading no more than
/// that, so memory stays bounded whatever the path names (issue 9, item 2).
pub fn read_bounded(path: &std::path::Path, limit: usize) -> Result<Vec<u8>, SgfError> {
    use std::io::Read;
    let name = path.display().to_string();
    let io = |e: std::io::Error| {
        SgfError::new(
            &name,
            SgfErrorKind::Io {
                detail: e.to_string().to_lowercase(),
            },
        )
    };
    let file = std::fs::File::open(path).map_err(io)?;
    let mut bytes = Vec::new();
    let cap = u64::try_from(limit).unwrap_or(u64::MAX).saturating_add(1);
    file.take(cap).read_to_end(&mut bytes).map_err(io)?;
    if bytes.len() > limit {
        return Err(SgfError::new(
            &name,
            SgfErrorKind::TooLarge {
                bytes: bytes.len(),
                limit,
            },
        ));
    }
    Ok(bytes)
}

/// Reads an SGF file under `limits`. `name` names the file in errors and warnings.
pub fn parse_with(name: &str, bytes: &[u8], limits: &Limits) -> Result<Record, SgfError> {
    if bytes.len() > limits.bytes {
        return Err(SgfError::new(
            name,
            SgfErrorKind::TooLarge {
                bytes: bytes.len(),
                limit: limits.bytes,
            },
        ));
    }
    let mut warnings = Vec::new();
    if let Err(e) = std::str::from_utf8(bytes) {
        warnings.push(format!(
            "the text is not utf-8 (first bad byte at offset {}); it was decoded with \
             replacement characters",
            e.valid_up_to()
        ));
    }
    let text = String::from_utf8_lossy(bytes);
    // Text before the first game tree (a mail header, a web page's rest) is skipped.
    let start = text.find('(').unwrap_or(0);
    if !text[..start].trim().is_empty() {
        warnings.push(format!(
            "{start} bytes before the first game tree were skipped"
        ));
    }
    let rest = &text[start..];
    let trimmed = rest.trim();
    let base = start + rest.len() - rest.trim_start().len();
    scan::scan(name, trimmed, base, limits)?;
    let trees = sgf_parse::parse(trimmed).map_err(|e| {
        SgfError::new(
            name,
            SgfErrorKind::Syntax {
                detail: e.to_string().to_lowercase(),
            },
        )
    })?;
    let collection = tree::Collection { trees };
    record::Record::from_collection(name, collection, warnings)
}

/// The built-in variant an SGF `RU` name selects, if any.
pub fn rules_id(ru: &str) -> Option<&'static str> {
    weiqi_spec::id_for_sgf_name(ru)
}

#[cfg(test)]
mod tests;
