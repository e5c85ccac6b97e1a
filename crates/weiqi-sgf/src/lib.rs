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
//! ([`Limits`]: [`MAX_INPUT_BYTES`], [`MAX_DEPTH`] and [`MAX_NODES`] by default, raised through
//! [`ReadOptions::limits`]) are checked by a byte-level scan before the parser runs (see the
//! `scan` module); [`read_bounded`] reads a file without reading more than the byte limit. Text is decoded with `encoding_rs`: the charset `CA`
//! names (GB2312, Shift-JIS, ...), UTF-16 with a note, and ISO-8859-1 (the SGF default) for
//! other text that is not UTF-8, with a note giving the offset of the first bad byte (the moves
//! are ASCII either way). Text before the first `(` (a mail header) is skipped with a note. A
//! file with several game trees is read from the first, and written back whole;
//! [`parse_games_with`] reads every game of such a collection.
//!
//! Real servers and programs have habits the standard does not allow (the `read` module lists
//! them): each is read with a note in [`Record::warnings`], and [`parse_with`] with
//! [`ReadOptions::strict`] refuses them. [`Record::game_start`] turns the record into the
//! [`weiqi_core::Setup`] a referee starts from (handicap stones, first mover: docs/decisions.md
//! 21-23).
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

mod decode;
mod error;
mod read;
mod record;
mod scan;
mod start;
mod tree;

pub use error::{SgfError, SgfErrorKind};
pub use record::{KomiSource, Record, RecordMove, Ruling, SetupEdit};
pub use start::GameStart;

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

/// How to read a record.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// Refuse every habit that is otherwise read with a note (FF\[3\] `PL[1]`, `HA[7.5]`, both
    /// passes in one node, setup or `PL` after the first move, `AE` as dead-stone marks, an
    /// unreadable or Fox-style komi, a quarter-point result, UTF-16, an unknown `CA`, handicap
    /// stones taken from moves or inferred): the error names the node and the property.
    pub strict: bool,
    /// The limits of size, moves and nodes ([`Limits::default`] unless raised).
    pub limits: Limits,
}

/// Reads an SGF file, every habit of real records read with a note ([`Record::warnings`]).
/// `name` names the file in errors and notes.
pub fn parse(name: &str, bytes: &[u8]) -> Result<Record, SgfError> {
    parse_with(name, bytes, ReadOptions::default())
}

/// Reads an SGF file with `options`.
pub fn parse_with(name: &str, bytes: &[u8], options: ReadOptions) -> Result<Record, SgfError> {
    let (collection, notes, recoded) = parse_collection(name, bytes, options)?;
    let mut record = record::Record::from_collection(name, collection, notes, options.strict)?;
    record.recoded = recoded;
    Ok(record)
}

/// Reads every game tree of an SGF collection with `options`, each as a [`Record`] of its own
/// (a file of one game gives the record [`parse_with`] gives). The outer error is for the file
/// (unreadable bytes, a syntax error, a limit exceeded, no game tree); an inner one is for a
/// game that cannot be read (not Go, a bad property), the others being read all the same. Each
/// game's [`Record::warnings`] starts with the file's own notes (charset, skipped text).
pub fn parse_games_with(
    name: &str,
    bytes: &[u8],
    options: ReadOptions,
) -> Result<Vec<Result<Record, SgfError>>, SgfError> {
    let (mut collection, notes, recoded) = parse_collection(name, bytes, options)?;
    if collection.trees.is_empty() {
        return Err(SgfError::new(name, SgfErrorKind::NoGame));
    }
    if collection.trees.len() == 1 {
        let record = record::Record::from_collection(name, collection, notes, options.strict);
        return Ok(vec![record.map(|mut r| {
            r.recoded = recoded;
            r
        })]);
    }
    let trees = std::mem::take(&mut collection.trees);
    Ok(trees
        .into_iter()
        .map(|tree| {
            let one = tree::Collection { trees: vec![tree] };
            record::Record::from_collection(name, one, notes.clone(), options.strict).map(
                |mut r| {
                    r.recoded = recoded;
                    r
                },
            )
        })
        .collect())
}

/// Decodes, scans and parses the bytes of a file into its game trees, with the file's notes
/// and whether the text was recoded.
fn parse_collection(
    name: &str,
    bytes: &[u8],
    options: ReadOptions,
) -> Result<(tree::Collection, Vec<String>, bool), SgfError> {
    let limits = &options.limits;
    if bytes.len() > limits.bytes {
        return Err(SgfError::new(
            name,
            SgfErrorKind::TooLarge {
                bytes: bytes.len(),
                limit: limits.bytes,
            },
        ));
    }
    let decoded = decode::decode(bytes);
    let mut notes = read::Notes::new(name, options.strict, decoded.notes);
    if let Some(lenient) = decoded.lenient {
        notes.lenient(None, "CA", lenient)?;
    }
    let recoded = matches!(decoded.text, std::borrow::Cow::Owned(_));
    let text = decoded.text;
    // Text before the first game tree (a mail header, a web page's rest) is skipped.
    let start = text.find('(').unwrap_or(0);
    if !text[..start].trim().is_empty() {
        notes.info(format!(
            "{start} bytes before the first game tree were skipped"
        ));
    }
    let rest = &text[start..];
    let mut trimmed = rest.trim();
    let base = start + rest.len() - rest.trim_start().len();
    if let Err(e) = scan::scan(name, trimmed, base, limits) {
        // Text after the last game tree (a mail signature, `---`) is skipped like text before
        // the first: the trees before it must scan cleanly.
        let outside = matches!(&e.kind, SgfErrorKind::Syntax { detail } if detail == "text outside any game tree");
        let before = e
            .offset
            .and_then(|at| at.checked_sub(base))
            .filter(|&at| outside && at > 0)
            .and_then(|at| trimmed.get(..at))
            .filter(|head| !trimmed[head.len()..].contains("(;"));
        match before {
            Some(head) if scan::scan(name, head.trim_end(), base, limits).is_ok() => {
                notes.info(format!(
                    "{} bytes after the last game tree were skipped",
                    trimmed.len() - head.len()
                ));
                trimmed = head.trim_end();
            }
            _ => return Err(e),
        }
    }
    let trees = sgf_parse::parse(trimmed).map_err(|e| {
        if matches!(e, sgf_parse::SgfParseError::UnexpectedProperty)
            && let Some((at, ident)) = scan::repeated_root_property(trimmed)
        {
            let mut error = SgfError::new(
                name,
                SgfErrorKind::Syntax {
                    detail: format!("{ident} is given twice in the root node of a game tree"),
                },
            )
            .at_offset(base + at);
            error.property = Some(ident);
            return error;
        }
        SgfError::new(
            name,
            SgfErrorKind::Syntax {
                detail: e.to_string().to_lowercase(),
            },
        )
    })?;
    Ok((tree::Collection { trees }, notes.list, recoded))
}

/// The built-in variant an SGF `RU` name selects, if any.
pub fn rules_id(ru: &str) -> Option<&'static str> {
    weiqi_spec::id_for_sgf_name(ru)
}

#[cfg(test)]
mod tests;
