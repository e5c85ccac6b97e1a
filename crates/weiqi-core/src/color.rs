//! The two players and per-colour containers.

use std::fmt;
use std::ops::{Index, IndexMut};
use std::str::FromStr;

/// One of the two players (and the colour of a stone).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Color {
    /// Black, who moves first in an even game.
    Black,
    /// White.
    White,
}

impl Color {
    /// Both colours, Black first.
    pub const ALL: [Color; 2] = [Color::Black, Color::White];

    /// The other colour.
    #[must_use]
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// The SGF letter of the colour: `B` or `W`.
    #[must_use]
    pub fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }

    /// The colour of an SGF or GTP letter (`B`/`W`, case-insensitive, also `black`/`white`).
    #[must_use]
    pub fn from_letter(s: &str) -> Option<Color> {
        match s.to_ascii_lowercase().as_str() {
            "b" | "black" => Some(Color::Black),
            "w" | "white" => Some(Color::White),
            _ => None,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "black",
            Color::White => "white",
        })
    }
}

/// The error of parsing a [`Color`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseColorError(pub String);

impl fmt::Display for ParseColorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown colour {:?} (allowed: B, W, black, white)",
            self.0
        )
    }
}

impl std::error::Error for ParseColorError {}

impl FromStr for Color {
    type Err = ParseColorError;
    fn from_str(s: &str) -> Result<Color, ParseColorError> {
        Color::from_letter(s).ok_or_else(|| ParseColorError(s.to_owned()))
    }
}

/// One value per colour, indexed by [`Color`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ByColor<T> {
    /// Black's value.
    pub black: T,
    /// White's value.
    pub white: T,
}

impl<T> ByColor<T> {
    /// Builds the container from a function of the colour.
    pub fn new_with(mut f: impl FnMut(Color) -> T) -> ByColor<T> {
        ByColor {
            black: f(Color::Black),
            white: f(Color::White),
        }
    }

    /// The value of `color`.
    pub fn get(&self, color: Color) -> &T {
        match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }

    /// The value of `color`, mutably.
    pub fn get_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::Black => &mut self.black,
            Color::White => &mut self.white,
        }
    }

    /// Applies `f` to both values.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByColor<U> {
        ByColor {
            black: f(self.black),
            white: f(self.white),
        }
    }

    /// The pairs `(colour, value)`, Black first.
    pub fn iter(&self) -> impl Iterator<Item = (Color, &T)> {
        [(Color::Black, &self.black), (Color::White, &self.white)].into_iter()
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;
    fn index(&self, color: Color) -> &T {
        self.get(color)
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    fn index_mut(&mut self, color: Color) -> &mut T {
        self.get_mut(color)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opponent_is_an_involution() {
        for c in Color::ALL {
            assert_ne!(c, c.opponent());
            assert_eq!(c, c.opponent().opponent());
        }
    }

    #[test]
    fn letters_round_trip() {
        for c in Color::ALL {
            assert_eq!(Color::from_letter(&c.letter().to_string()), Some(c));
            assert_eq!(c.to_string().parse::<Color>(), Ok(c));
        }
        assert!("x".parse::<Color>().is_err());
    }

    #[test]
    fn by_color_indexes_by_colour() {
        let mut v = ByColor { black: 1, white: 2 };
        v[Color::White] += 10;
        assert_eq!(v[Color::Black], 1);
        assert_eq!(v[Color::White], 12);
        assert_eq!(
            v.map(|x| x * 2),
            ByColor {
                black: 2,
                white: 24
            }
        );
    }
}
