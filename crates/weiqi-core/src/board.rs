//! The stones on the board, and nothing else.
//!
//! **Invariant:** no strings, liberties or captures here: those are rule logic, and the
//! interpreter and the engine each have their own.

use std::fmt;

use crate::{BoardSize, Color, CoordError, Point};

/// The colour of every point of a board.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Board {
    size: BoardSize,
    cells: Vec<Option<Color>>,
}

/// Why a text diagram could not be read as a board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DiagramError {
    /// The diagram has no rows.
    Empty,
    /// A row's length differs from the first row's.
    Ragged {
        /// Zero-based row number.
        row: usize,
    },
    /// A character other than `X`, `O`, `.` (or `x`, `o`, `+`).
    BadChar {
        /// Zero-based row number.
        row: usize,
        /// The character.
        ch: char,
    },
    /// Too many rows or columns.
    Size(CoordError),
}

impl fmt::Display for DiagramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiagramError::Empty => f.write_str("empty diagram"),
            DiagramError::Ragged { row } => write!(f, "row {row} has a different length"),
            DiagramError::BadChar { row, ch } => {
                write!(
                    f,
                    "row {row}: unexpected character {ch:?} (allowed: X, O, .)"
                )
            }
            DiagramError::Size(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for DiagramError {}

impl Board {
    /// An empty board.
    #[must_use]
    pub fn new(size: BoardSize) -> Board {
        Board {
            size,
            cells: vec![None; size.points_count()],
        }
    }

    /// The board's size.
    #[must_use]
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The stone on `p`, or `None` when `p` is empty or off the board.
    #[must_use]
    pub fn get(&self, p: Point) -> Option<Color> {
        self.size.index(p).and_then(|i| self.cells[i])
    }

    /// Puts `stone` (or nothing) on `p`; returns what was there. Off-board points are ignored.
    pub fn set(&mut self, p: Point, stone: Option<Color>) -> Option<Color> {
        match self.size.index(p) {
            Some(i) => std::mem::replace(&mut self.cells[i], stone),
            None => None,
        }
    }

    /// The on-board orthogonal neighbours of `p`.
    pub fn neighbours(&self, p: Point) -> impl Iterator<Item = Point> {
        self.size.neighbours(p)
    }

    /// Every point with its content, row by row from the top-left corner.
    pub fn iter(&self) -> impl Iterator<Item = (Point, Option<Color>)> + '_ {
        self.size.points().zip(self.cells.iter().copied())
    }

    /// The content of every point in row-major order: the entry of `p` is at
    /// [`BoardSize::index`]`(p)`, `row * width + col` (the order of [`Board::iter`]).
    #[must_use]
    pub fn cells(&self) -> &[Option<Color>] {
        &self.cells
    }

    /// The points holding a stone of `color`.
    pub fn stones(&self, color: Color) -> impl Iterator<Item = Point> + '_ {
        self.iter()
            .filter(move |&(_, c)| c == Some(color))
            .map(|(p, _)| p)
    }

    /// The empty points.
    pub fn empty_points(&self) -> impl Iterator<Item = Point> + '_ {
        self.iter().filter(|&(_, c)| c.is_none()).map(|(p, _)| p)
    }

    /// Number of stones of `color`.
    #[must_use]
    pub fn count(&self, color: Color) -> usize {
        self.cells.iter().filter(|&&c| c == Some(color)).count()
    }

    /// Reads a diagram: one line per row from the top, `X` Black, `O` White, `.` or `+` empty.
    /// Spaces are ignored, and so are blank lines.
    pub fn from_diagram(text: &str) -> Result<Board, DiagramError> {
        let mut rows: Vec<Vec<Option<Color>>> = Vec::new();
        for line in text.lines() {
            let cells: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
            if cells.is_empty() {
                continue;
            }
            let row = rows.len();
            let parsed = cells
                .into_iter()
                .map(|ch| match ch {
                    'X' | 'x' | 'B' => Ok(Some(Color::Black)),
                    'O' | 'o' | 'W' => Ok(Some(Color::White)),
                    '.' | '+' => Ok(None),
                    _ => Err(DiagramError::BadChar { row, ch }),
                })
                .collect::<Result<Vec<_>, _>>()?;
            if rows
                .first()
                .is_some_and(|first| first.len() != parsed.len())
            {
                return Err(DiagramError::Ragged { row });
            }
            rows.push(parsed);
        }
        let width = rows.first().ok_or(DiagramError::Empty)?.len();
        let size = BoardSize::new(
            u32::try_from(width).unwrap_or(u32::MAX),
            u32::try_from(rows.len()).unwrap_or(u32::MAX),
        )
        .map_err(DiagramError::Size)?;
        Ok(Board {
            size,
            cells: rows.into_iter().flatten().collect(),
        })
    }
}

/// Prints the board as a diagram that [`Board::from_diagram`] reads back.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..self.size.height() {
            for col in 0..self.size.width() {
                if col > 0 {
                    f.write_str(" ")?;
                }
                f.write_str(match self.get(Point { col, row }) {
                    Some(Color::Black) => "X",
                    Some(Color::White) => "O",
                    None => ".",
                })?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagram_round_trips() {
        let text = "X . O\n. . .\nO X .\n";
        let b = Board::from_diagram(text).expect("valid diagram");
        assert_eq!(b.size(), BoardSize::new(3, 3).expect("valid"));
        assert_eq!(b.get(Point::rc(0, 0)), Some(Color::Black));
        assert_eq!(b.get(Point::rc(2, 0)), Some(Color::White));
        assert_eq!(b.to_string(), "X . O\n. . .\nO X .\n");
        assert_eq!(b.count(Color::Black), 2);
        assert_eq!(b.empty_points().count(), 5);
    }

    #[test]
    fn bad_diagrams_are_errors() {
        assert_eq!(Board::from_diagram(""), Err(DiagramError::Empty));
        assert_eq!(
            Board::from_diagram("..\n."),
            Err(DiagramError::Ragged { row: 1 })
        );
        assert_eq!(
            Board::from_diagram(".?"),
            Err(DiagramError::BadChar { row: 0, ch: '?' })
        );
    }

    #[test]
    fn set_returns_the_previous_content() {
        let mut b = Board::new(BoardSize::square(2).expect("valid"));
        assert_eq!(b.set(Point::rc(1, 1), Some(Color::White)), None);
        assert_eq!(b.set(Point::rc(1, 1), None), Some(Color::White));
        assert_eq!(b.set(Point::rc(5, 5), Some(Color::White)), None);
        assert_eq!(b.get(Point::rc(5, 5)), None);
    }
}
