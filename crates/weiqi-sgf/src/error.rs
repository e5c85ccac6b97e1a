//! The one error type of reading a record: [`SgfError`], naming the file, the place and the
//! reason.

use std::fmt;

use weiqi_core::BoardSize;

/// Why a record was rejected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SgfErrorKind {
    /// The input is larger than the byte limit ([`crate::Limits::bytes`]).
    TooLarge {
        /// The input's length in bytes, or as much of it as was read (the limit plus one).
        bytes: usize,
        /// The limit.
        limit: usize,
    },
    /// Variations are nested deeper than the limit ([`crate::Limits::moves`]).
    TooDeep {
        /// The limit.
        limit: usize,
    },
    /// A line of the game tree has more nodes than the limit ([`crate::Limits::moves`]): a game
    /// of too many moves.
    TooManyMoves {
        /// The limit.
        limit: usize,
    },
    /// The file cannot be read.
    Io {
        /// What the system said.
        detail: String,
    },
    /// The tree has more nodes than the limit ([`crate::Limits::nodes`]).
    TooManyNodes {
        /// The limit.
        limit: usize,
    },
    /// The file ends inside a property value (`B[d`).
    UnclosedValue,
    /// The file ends before every `(` is closed by a `)` (the error's offset is the end).
    UnclosedTree {
        /// The byte offset of the `(` left open.
        opened: usize,
    },
    /// A `)` with no `(` to close.
    UnmatchedClose,
    /// Text that is not SGF at this place (e.g. a property before the first node).
    Syntax {
        /// What the SGF reader said.
        detail: String,
    },
    /// The file holds no game tree.
    NoGame,
    /// The first game tree is not a game of Go (`GM` other than 1).
    NotGo {
        /// The `GM` value.
        game: String,
    },
    /// A property value that is not what the property needs.
    BadValue {
        /// The value as written (values joined by `][`).
        value: String,
        /// What was expected.
        expected: &'static str,
    },
    /// A point outside the board.
    OffBoard {
        /// The point as written.
        point: String,
        /// The board size.
        size: BoardSize,
    },
    /// A node with both a Black and a White move.
    TwoMoves,
    /// Setup properties (`AB`, `AW`, `AE`, `PL`) after the first move of the main line, refused
    /// under strict reading (otherwise the replay edits the position there, with a note).
    SetupAfterMoves,
    /// Both colours' stones on one point in one node (`AB[dd]AW[dd]`).
    SetupConflict {
        /// The point.
        point: weiqi_core::Point,
        /// What the first property put there (`AB` a black stone, `AW` a white one, `AE`
        /// none).
        first: Option<weiqi_core::Color>,
        /// What the second put there.
        second: Option<weiqi_core::Color>,
    },
    /// A habit of real records that strict reading refuses ([`crate::ReadOptions::strict`]).
    Lenient {
        /// What the lenient reading would have done.
        note: String,
    },
}

/// A record that could not be read: the file, the place (node number along the main line with
/// 0 = the root, property, byte offset, as available) and the reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SgfError {
    /// The file name as given by the caller.
    pub file: String,
    /// The node, numbered along the main line from 0 (the root), if the problem is in one.
    pub node: Option<usize>,
    /// The property identifier, if the problem is about one.
    pub property: Option<String>,
    /// The byte offset in the input, if known.
    pub offset: Option<usize>,
    /// The reason.
    pub kind: SgfErrorKind,
}

impl SgfError {
    /// An error about `file` with no place yet.
    pub(crate) fn new(file: &str, kind: SgfErrorKind) -> SgfError {
        SgfError {
            file: file.to_owned(),
            node: None,
            property: None,
            offset: None,
            kind,
        }
    }

    /// Sets the byte offset.
    pub(crate) fn at_offset(mut self, offset: usize) -> SgfError {
        self.offset = Some(offset);
        self
    }

    /// Sets the node and property.
    pub(crate) fn at(mut self, node: usize, property: &str) -> SgfError {
        self.node = Some(node);
        self.property = Some(property.to_owned());
        self
    }
}

impl fmt::Display for SgfErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SgfErrorKind::TooLarge { limit, .. } => {
                write!(f, "the file is larger than the limit of {limit} bytes")
            }
            SgfErrorKind::TooDeep { limit } => {
                write!(f, "variations are nested deeper than the limit of {limit}")
            }
            SgfErrorKind::TooManyMoves { limit } => {
                write!(
                    f,
                    "too many moves: a line of the game tree has more than {limit} nodes"
                )
            }
            SgfErrorKind::Io { detail } => write!(f, "cannot read the file: {detail}"),
            SgfErrorKind::TooManyNodes { limit } => {
                write!(f, "the game tree has more than {limit} nodes")
            }
            SgfErrorKind::UnclosedValue => {
                f.write_str("the file ends inside a property value (missing `]`)")
            }
            SgfErrorKind::UnclosedTree { opened } => write!(
                f,
                "the file ends before the game tree opened at byte {opened} is closed \
                 (missing `)`)"
            ),
            SgfErrorKind::UnmatchedClose => f.write_str("`)` without a matching `(`"),
            SgfErrorKind::Syntax { detail } => write!(f, "not valid sgf: {detail}"),
            SgfErrorKind::NoGame => f.write_str("no game tree found"),
            SgfErrorKind::NotGo { game } => write!(f, "not a game of go (GM[{game}])"),
            SgfErrorKind::BadValue { value, expected } => {
                write!(f, "bad value {value:?} (expected {expected})")
            }
            SgfErrorKind::OffBoard { point, size } => {
                write!(f, "point {point:?} is off the {size} board")
            }
            SgfErrorKind::TwoMoves => f.write_str("a node with both a black and a white move"),
            SgfErrorKind::SetupAfterMoves => {
                f.write_str("setup after the first move (refused under strict reading)")
            }
            SgfErrorKind::SetupConflict {
                point,
                first,
                second,
            } => {
                let point = point.to_sgf();
                let id = |c: &Option<weiqi_core::Color>| match c {
                    Some(weiqi_core::Color::Black) => "AB",
                    Some(weiqi_core::Color::White) => "AW",
                    None => "AE",
                };
                let (first, second) = (id(first), id(second));
                write!(
                    f,
                    "{first}[{point}] and {second}[{point}] in one node: two stones on one point"
                )
            }
            SgfErrorKind::Lenient { note } => {
                write!(f, "refused under strict reading: {note}")
            }
        }
    }
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some(node) = self.node {
            write!(f, ": node {node}")?;
        }
        if let Some(property) = &self.property {
            write!(f, ": property {property}")?;
        }
        if let Some(offset) = self.offset {
            write!(f, ": byte {offset}")?;
        }
        write!(f, ": {}", self.kind)
    }
}

impl std::error::Error for SgfError {}
