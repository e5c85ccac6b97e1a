//! Spec errors: every problem carries its file, line, column, key, reason and allowed values.

use std::fmt;
use std::ops::Range;

/// Why a spec was rejected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SpecErrorKind {
    /// The file could not be read.
    Io,
    /// The text is not valid TOML.
    Syntax,
    /// A key or table the language does not have.
    UnknownKey,
    /// A value of the wrong TOML type (string where an integer is expected, ...).
    WrongType,
    /// A value outside the key's closed set of values.
    UnknownValue,
    /// A value of the right type that breaks the key's constraints (komi 6.3, size 53x53, ...).
    InvalidValue,
    /// Two keys whose values contradict each other.
    Contradiction,
    /// `extends` names a variant that does not exist.
    UnknownParent,
    /// `extends` chains that loop.
    ExtendsCycle,
    /// A file stem that is not a valid variant id, or two files with the same id.
    BadId,
}

/// A problem found in a spec file.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SpecError {
    /// The file (path, or `builtin:<id>`).
    pub file: String,
    /// 1-based line, if known.
    pub line: Option<usize>,
    /// 1-based column, if known.
    pub column: Option<usize>,
    /// The dotted key, if the problem is about one.
    pub key: Option<String>,
    /// What is wrong (lowercase, no trailing full stop, quoting the rejected input).
    pub message: String,
    /// The allowed values (or keys), if there is a closed set of them.
    pub allowed: Vec<String>,
    /// The reason, as an enum.
    pub kind: SpecErrorKind,
}

impl SpecError {
    /// A problem in `file` with no position yet.
    pub(crate) fn new(file: &str, kind: SpecErrorKind, message: impl Into<String>) -> SpecError {
        SpecError {
            file: file.to_owned(),
            line: None,
            column: None,
            key: None,
            message: message.into(),
            allowed: Vec::new(),
            kind,
        }
    }

    /// Sets the position from a byte span of the text `lines` indexes.
    pub(crate) fn at(mut self, lines: &LineIndex<'_>, span: Option<Range<usize>>) -> SpecError {
        if let Some(span) = span {
            let (line, column) = lines.line_col(span.start);
            self.line = Some(line);
            self.column = Some(column);
        }
        self
    }

    /// Sets the dotted key.
    pub(crate) fn key(mut self, key: impl Into<String>) -> SpecError {
        self.key = Some(key.into());
        self
    }

    /// Sets the allowed values.
    pub(crate) fn allowed<S: ToString>(
        mut self,
        allowed: impl IntoIterator<Item = S>,
    ) -> SpecError {
        self.allowed = allowed.into_iter().map(|s| s.to_string()).collect();
        self
    }
}

/// The start of every line of a text, computed once, so that placing each of many problems
/// costs a binary search instead of a rescan of the text (issue 9, item 4: `rules lint` on a
/// file of 100,000 unknown keys is linear in their number).
#[derive(Debug, Clone)]
pub(crate) struct LineIndex<'a> {
    text: &'a str,
    /// The byte offset where each line starts, and whether the line is ASCII (so that a column
    /// in characters is a column in bytes).
    starts: Vec<(usize, bool)>,
}

impl<'a> LineIndex<'a> {
    /// Indexes `text`: one pass over it.
    pub(crate) fn new(text: &'a str) -> LineIndex<'a> {
        let mut starts = Vec::new();
        let mut start = 0;
        for line in text.split_inclusive('\n') {
            starts.push((start, line.is_ascii()));
            start += line.len();
        }
        starts.push((start, true));
        LineIndex { text, starts }
    }

    /// The 1-based line and column (in characters) of byte `offset`; the same answer as
    /// [`line_col`], never panics.
    pub(crate) fn line_col(&self, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let i = self.starts.partition_point(|&(s, _)| s <= offset).max(1) - 1;
        let (start, ascii) = self.starts[i];
        let column = if ascii {
            offset - start
        } else {
            self.text[start..offset].chars().count()
        };
        (i + 1, column + 1)
    }
}

/// The 1-based line and column (in characters) of byte `offset` in `text`; never panics.
#[cfg(test)]
pub(crate) fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    (line, column)
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.file)?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
            if let Some(column) = self.column {
                write!(f, ":{column}")?;
            }
        }
        f.write_str(": ")?;
        if let Some(key) = &self.key {
            write!(f, "key `{key}`: ")?;
        }
        f.write_str(&self.message)?;
        if !self.allowed.is_empty() {
            write!(f, " (allowed: {})", self.allowed.join(", "))?;
        }
        Ok(())
    }
}

impl std::error::Error for SpecError {}

/// Every problem found while loading a spec (never empty when returned as an error).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpecErrors(pub Vec<SpecError>);

impl SpecErrors {
    /// Sorts by file, line and column and drops duplicates (a problem inherited by several
    /// children is reported once, where it is written).
    pub(crate) fn normalize(mut self) -> SpecErrors {
        self.0.sort_by(|a, b| {
            (
                &a.file,
                a.line.is_none(),
                a.line,
                a.column,
                &a.key,
                &a.message,
            )
                .cmp(&(
                    &b.file,
                    b.line.is_none(),
                    b.line,
                    b.column,
                    &b.key,
                    &b.message,
                ))
        });
        self.0.dedup();
        self
    }

    /// The problems, one per entry.
    #[must_use]
    pub fn errors(&self) -> &[SpecError] {
        &self.0
    }
}

impl fmt::Display for SpecErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for SpecErrors {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_characters_and_clamps() {
        let text = "a = 1\nbé = \"x\"\n";
        assert_eq!(line_col(text, 0), (1, 1));
        assert_eq!(line_col(text, 6), (2, 1));
        // After the two-byte é: column 3.
        assert_eq!(line_col(text, 9), (2, 3));
        // Inside the é: moved back to its start.
        assert_eq!(line_col(text, 8), (2, 2));
        assert_eq!(line_col(text, 1000), (3, 1));
        let index = LineIndex::new(text);
        for offset in 0..=text.len() + 2 {
            assert_eq!(index.line_col(offset), line_col(text, offset), "{offset}");
        }
        let empty = LineIndex::new("");
        assert_eq!(empty.line_col(5), (1, 1));
    }

    #[test]
    fn display_has_position_key_and_allowed_values() {
        let e = SpecError::new(
            "spec/x.toml",
            SpecErrorKind::UnknownValue,
            "unknown value \"superko\"",
        )
        .at(&LineIndex::new("\n\nko = 1"), Some(2..3))
        .key("play.ko")
        .allowed(["simple", "ing"]);
        assert_eq!(
            e.to_string(),
            "spec/x.toml:3:1: key `play.ko`: unknown value \"superko\" (allowed: simple, ing)"
        );
        let bare = SpecError::new("builtin:x", SpecErrorKind::BadId, "bad id");
        assert_eq!(bare.to_string(), "builtin:x: bad id");
    }
}
