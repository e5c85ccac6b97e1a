//! Board sizes and points, with their GTP (`Q16`) and SGF (`pd`) spellings.

use std::fmt;

/// The largest side of a board: SGF spells coordinates with `a`-`z` then `A`-`Z`.
pub const MAX_SIDE: u8 = 52;

/// The largest side GTP coordinates can name (`A`-`Z` without `I`).
pub const MAX_GTP_SIDE: u8 = 25;

/// A rectangular board size, each side in `1..=52`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BoardSize {
    width: u8,
    height: u8,
}

/// Why a board size or a point was rejected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CoordError {
    /// A side outside `1..=52`.
    SideOutOfRange {
        /// The rejected side.
        side: u32,
    },
    /// A point that is not on the board.
    OffBoard {
        /// The point as written.
        text: String,
        /// The board it was read against.
        size: BoardSize,
    },
    /// Text that is not a point in the expected notation.
    Malformed {
        /// The text as written.
        text: String,
        /// `"gtp"` or `"sgf"`.
        notation: &'static str,
    },
    /// A board too wide for GTP letters.
    TooWideForGtp {
        /// The board.
        size: BoardSize,
    },
}

impl fmt::Display for CoordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CoordError::SideOutOfRange { side } => {
                write!(
                    f,
                    "board side {side} out of range (allowed: 1..={MAX_SIDE})"
                )
            }
            CoordError::OffBoard { text, size } => {
                write!(f, "point {text:?} is off the {size} board")
            }
            CoordError::Malformed { text, notation } => {
                write!(f, "{text:?} is not a point in {notation} notation")
            }
            CoordError::TooWideForGtp { size } => {
                write!(
                    f,
                    "the {size} board is wider than GTP coordinates allow ({MAX_GTP_SIDE})"
                )
            }
        }
    }
}

impl std::error::Error for CoordError {}

impl BoardSize {
    /// The label of column `col` in a diagram or picture of this board: its GTP letter (`A` to
    /// `Z` without `I`) on boards up to 25 columns wide, else its SGF letter (`a` to `z`, then
    /// `A` to `Z`) for every column, so that no two columns share a label; `?` off the board.
    #[must_use]
    pub fn column_label(self, col: u8) -> char {
        if col >= self.width {
            '?'
        } else if self.width as usize <= GTP_LETTERS.len() {
            char::from(GTP_LETTERS[usize::from(col)])
        } else {
            sgf_letter(col)
        }
    }

    /// The standard 19x19 board.
    pub const STANDARD: BoardSize = BoardSize {
        width: 19,
        height: 19,
    };

    /// A `width` x `height` board; each side must be in `1..=52`.
    pub fn new(width: u32, height: u32) -> Result<BoardSize, CoordError> {
        for side in [width, height] {
            if side == 0 || side > u32::from(MAX_SIDE) {
                return Err(CoordError::SideOutOfRange { side });
            }
        }
        // Both sides were checked to fit in 1..=52 above.
        Ok(BoardSize {
            width: width as u8,
            height: height as u8,
        })
    }

    /// A square board.
    pub fn square(side: u32) -> Result<BoardSize, CoordError> {
        BoardSize::new(side, side)
    }

    /// Number of columns.
    #[must_use]
    pub fn width(self) -> u8 {
        self.width
    }

    /// Number of rows.
    #[must_use]
    pub fn height(self) -> u8 {
        self.height
    }

    /// Whether the board is square.
    #[must_use]
    pub fn is_square(self) -> bool {
        self.width == self.height
    }

    /// Number of points.
    #[must_use]
    pub fn points_count(self) -> usize {
        usize::from(self.width) * usize::from(self.height)
    }

    /// Whether `p` lies on this board.
    #[must_use]
    pub fn contains(self, p: Point) -> bool {
        p.col < self.width && p.row < self.height
    }

    /// The row-major index of `p` (row 0 = top edge), if it is on the board.
    #[must_use]
    pub fn index(self, p: Point) -> Option<usize> {
        self.contains(p)
            .then(|| usize::from(p.row) * usize::from(self.width) + usize::from(p.col))
    }

    /// The point at a row-major index.
    #[must_use]
    pub fn point_at(self, index: usize) -> Option<Point> {
        (index < self.points_count()).then(|| {
            let w = usize::from(self.width);
            // index < width * height <= 52 * 52, so both parts fit in u8.
            Point {
                col: (index % w) as u8,
                row: (index / w) as u8,
            }
        })
    }

    /// Every point, row by row from the top-left corner.
    pub fn points(self) -> impl Iterator<Item = Point> {
        (0..self.height).flat_map(move |row| (0..self.width).map(move |col| Point { col, row }))
    }

    /// The on-board orthogonal neighbours of `p`.
    pub fn neighbours(self, p: Point) -> impl Iterator<Item = Point> {
        let Point { col, row } = p;
        [
            (row > 0).then(|| Point { col, row: row - 1 }),
            (col > 0).then(|| Point { col: col - 1, row }),
            (col + 1 < self.width).then(|| Point { col: col + 1, row }),
            (row + 1 < self.height).then(|| Point { col, row: row + 1 }),
        ]
        .into_iter()
        .flatten()
    }

    /// Parses `19` or `19:13` (width:height, as SGF `SZ` writes it) or `19x13`.
    pub fn parse(text: &str) -> Result<BoardSize, CoordError> {
        let malformed = || CoordError::Malformed {
            text: text.to_owned(),
            notation: "size",
        };
        let t = text.trim();
        let (w, h) = match t.split_once([':', 'x']) {
            Some((w, h)) => (w.trim(), h.trim()),
            None => (t, t),
        };
        let w: u32 = w.parse().map_err(|_| malformed())?;
        let h: u32 = h.parse().map_err(|_| malformed())?;
        BoardSize::new(w, h)
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

/// A point of the board: column from the left edge and row from the top edge, both zero-based.
///
/// The diagrams of the rules research use the same `(row, col)` convention. Points are ordered
/// as they are read: row by row from the top, then by column (the order of
/// [`BoardSize::points`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Point {
    /// Column, 0 = left edge.
    pub col: u8,
    /// Row, 0 = top edge.
    pub row: u8,
}

impl Ord for Point {
    fn cmp(&self, other: &Point) -> std::cmp::Ordering {
        (self.row, self.col).cmp(&(other.row, other.col))
    }
}

impl PartialOrd for Point {
    fn partial_cmp(&self, other: &Point) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

const GTP_LETTERS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

fn sgf_letter(i: u8) -> char {
    char::from(if i < 26 { b'a' + i } else { b'A' + (i - 26) })
}

fn sgf_value(c: u8) -> Option<u8> {
    match c {
        b'a'..=b'z' => Some(c - b'a'),
        b'A'..=b'Z' => Some(c - b'A' + 26),
        _ => None,
    }
}

impl Point {
    /// The point at `(row, col)`, as the research diagrams write it.
    #[must_use]
    pub const fn rc(row: u8, col: u8) -> Point {
        Point { col, row }
    }

    /// The SGF spelling, e.g. `pd` (column letter, then row letter from the top). A coordinate
    /// SGF cannot spell (52 or more, far off any board) is written `(col,row)` in numbers
    /// instead, so that a message naming such a point never panics (found by the harness's
    /// `raw_moves` driver, issue 12).
    #[must_use]
    pub fn to_sgf(self) -> String {
        if self.col >= 52 || self.row >= 52 {
            return format!("({},{})", self.col, self.row);
        }
        let mut s = String::with_capacity(2);
        s.push(sgf_letter(self.col));
        s.push(sgf_letter(self.row));
        s
    }

    /// Parses an SGF point such as `pd` on a board of the given size.
    pub fn from_sgf(text: &str, size: BoardSize) -> Result<Point, CoordError> {
        let bytes = text.as_bytes();
        let malformed = || CoordError::Malformed {
            text: text.to_owned(),
            notation: "sgf",
        };
        if bytes.len() != 2 {
            return Err(malformed());
        }
        let col = sgf_value(bytes[0]).ok_or_else(malformed)?;
        let row = sgf_value(bytes[1]).ok_or_else(malformed)?;
        let p = Point { col, row };
        if size.contains(p) {
            Ok(p)
        } else {
            Err(CoordError::OffBoard {
                text: text.to_owned(),
                size,
            })
        }
    }

    /// The GTP spelling, e.g. `Q16` (column letter without `I`, row counted from the bottom).
    pub fn to_gtp(self, size: BoardSize) -> Result<String, CoordError> {
        if !size.contains(self) {
            return Err(CoordError::OffBoard {
                text: self.to_sgf(),
                size,
            });
        }
        let letter = GTP_LETTERS
            .get(usize::from(self.col))
            .ok_or(CoordError::TooWideForGtp { size })?;
        Ok(format!(
            "{}{}",
            char::from(*letter),
            size.height() - self.row
        ))
    }

    /// Parses a GTP point such as `Q16` (case-insensitive) on a board of the given size.
    pub fn from_gtp(text: &str, size: BoardSize) -> Result<Point, CoordError> {
        let malformed = || CoordError::Malformed {
            text: text.to_owned(),
            notation: "gtp",
        };
        let mut chars = text.chars();
        let letter = chars.next().ok_or_else(malformed)?.to_ascii_uppercase();
        let col = GTP_LETTERS
            .iter()
            .position(|&l| char::from(l) == letter)
            .ok_or_else(malformed)?;
        let digits = chars.as_str();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 3 {
            return Err(malformed());
        }
        let number: u32 = digits.parse().map_err(|_| malformed())?;
        let off = || CoordError::OffBoard {
            text: text.to_owned(),
            size,
        };
        if number == 0 || number > u32::from(size.height()) || col >= usize::from(size.width()) {
            return Err(off());
        }
        // Both values were bounded by the board size above.
        Ok(Point {
            col: col as u8,
            row: (u32::from(size.height()) - number) as u8,
        })
    }

    /// Parses a point in either notation: GTP when it starts with a letter followed by digits,
    /// SGF when it is two letters.
    pub fn parse(text: &str, size: BoardSize) -> Result<Point, CoordError> {
        let t = text.trim();
        if t.len() >= 2 && t.as_bytes()[1].is_ascii_digit() {
            Point::from_gtp(t, size)
        } else {
            Point::from_sgf(t, size)
        }
    }
}

#[cfg(test)]
mod tests {
    /// Issue 12 (the harness's raw-moves driver): a point far off any board is spelled in
    /// numbers, not with an overflowing letter; the largest SGF letter is still `Z`.
    #[test]
    fn to_sgf_spells_far_off_points_in_numbers() {
        assert_eq!(super::Point { col: 255, row: 3 }.to_sgf(), "(255,3)");
        assert_eq!(super::Point { col: 51, row: 0 }.to_sgf(), "Za");
    }

    use super::*;

    fn nineteen() -> BoardSize {
        BoardSize::STANDARD
    }

    #[test]
    fn every_column_of_every_width_has_its_own_label() {
        // Issue 29 item 5: boards wider than 25 columns labelled their 27th column `A`, as
        // the first.
        for width in 1..=52 {
            let size = BoardSize::new(width, 3).expect("valid size");
            let labels: Vec<char> = (0..width)
                .map(|c| size.column_label(u8::try_from(c).expect("small")))
                .collect();
            let mut unique = labels.clone();
            unique.sort_unstable();
            unique.dedup();
            assert_eq!(unique.len(), labels.len(), "{width}: {labels:?}");
            assert!(!labels.contains(&'?'));
        }
        assert_eq!(BoardSize::STANDARD.column_label(8), 'J');
        assert_eq!(BoardSize::new(26, 26).expect("valid").column_label(25), 'z');
        assert_eq!(BoardSize::STANDARD.column_label(19), '?');
    }

    #[test]
    fn gtp_and_sgf_name_the_same_point() {
        let p = Point::from_gtp("Q16", nineteen()).expect("valid");
        assert_eq!(p, Point::rc(3, 15));
        assert_eq!(p.to_sgf(), "pd");
        assert_eq!(Point::from_sgf("pd", nineteen()), Ok(p));
        assert_eq!(p.to_gtp(nineteen()).as_deref(), Ok("Q16"));
        assert_eq!(Point::from_gtp("j1", nineteen()), Ok(Point::rc(18, 8)));
        assert_eq!(Point::from_gtp("A19", nineteen()), Ok(Point::rc(0, 0)));
    }

    #[test]
    fn every_point_round_trips_on_rectangular_boards() {
        for (w, h) in [(1, 1), (19, 13), (25, 25), (52, 52), (7, 3)] {
            let size = BoardSize::new(w, h).expect("valid size");
            for p in size.points() {
                assert_eq!(Point::from_sgf(&p.to_sgf(), size), Ok(p));
                if w <= 25 {
                    let gtp = p.to_gtp(size).expect("fits");
                    assert_eq!(Point::from_gtp(&gtp, size), Ok(p));
                    assert_eq!(Point::parse(&gtp, size), Ok(p));
                }
                assert_eq!(size.point_at(size.index(p).expect("on board")), Some(p));
            }
        }
    }

    #[test]
    fn bad_points_are_errors() {
        let s = BoardSize::square(9).expect("valid");
        assert!(matches!(
            Point::from_gtp("I5", s),
            Err(CoordError::Malformed { .. })
        ));
        assert!(matches!(
            Point::from_gtp("K5", s),
            Err(CoordError::OffBoard { .. })
        ));
        assert!(matches!(
            Point::from_gtp("A10", s),
            Err(CoordError::OffBoard { .. })
        ));
        assert!(matches!(
            Point::from_gtp("A0", s),
            Err(CoordError::OffBoard { .. })
        ));
        assert!(matches!(
            Point::from_sgf("jj", s),
            Err(CoordError::OffBoard { .. })
        ));
        assert!(matches!(
            Point::from_sgf("a", s),
            Err(CoordError::Malformed { .. })
        ));
        assert!(matches!(
            Point::from_sgf("a1", s),
            Err(CoordError::Malformed { .. })
        ));
        assert!(Point::from_gtp("", s).is_err());
        assert!(Point::from_gtp("A99999999999", s).is_err());
        let wide = BoardSize::square(30).expect("valid");
        assert!(matches!(
            Point::rc(0, 27).to_gtp(wide),
            Err(CoordError::TooWideForGtp { .. })
        ));
    }

    #[test]
    fn points_are_ordered_row_by_row() {
        let size = BoardSize::new(3, 2).expect("valid");
        let mut shuffled: Vec<Point> = size.points().collect();
        shuffled.reverse();
        shuffled.sort();
        assert_eq!(shuffled, size.points().collect::<Vec<_>>());
        assert!(Point::rc(0, 2) < Point::rc(1, 0));
    }

    #[test]
    fn sizes_are_checked() {
        assert!(BoardSize::new(0, 5).is_err());
        assert!(BoardSize::new(53, 5).is_err());
        assert_eq!(
            BoardSize::parse("19:13").map(|s| (s.width(), s.height())),
            Ok((19, 13))
        );
        assert_eq!(BoardSize::parse("9"), BoardSize::square(9));
        assert!(BoardSize::parse("x").is_err());
    }

    #[test]
    fn neighbours_stay_on_the_board() {
        let s = BoardSize::new(3, 2).expect("valid");
        assert_eq!(s.neighbours(Point::rc(0, 0)).count(), 2);
        assert_eq!(s.neighbours(Point::rc(0, 1)).count(), 3);
        assert_eq!(s.neighbours(Point::rc(1, 2)).count(), 2);
        let one = BoardSize::square(1).expect("valid");
        assert_eq!(one.neighbours(Point::rc(0, 0)).count(), 0);
    }
}
