//! Points (exact half-points), the score breakdown and the result of a game.

use std::fmt;
use std::ops::{Add, AddAssign, Neg, Sub, SubAssign};

use crate::{ByColor, Color};

/// A number of points, exact to the half point (komi 7.5, shared points split in two).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Points {
    halves: i64,
}

impl Points {
    /// Zero points.
    pub const ZERO: Points = Points { halves: 0 };

    /// `n` whole points.
    #[must_use]
    pub const fn whole(n: i64) -> Points {
        Points { halves: n * 2 }
    }

    /// `n` half points.
    #[must_use]
    pub const fn from_halves(n: i64) -> Points {
        Points { halves: n }
    }

    /// The number of half points.
    #[must_use]
    pub const fn halves(self) -> i64 {
        self.halves
    }

    /// The value as a float (exact: every half-integer up to 2^52 is representable).
    #[must_use]
    pub fn as_f64(self) -> f64 {
        self.halves as f64 / 2.0
    }

    /// Parses `7`, `7.5`, `-0.5`, `6.50`; `None` unless a multiple of 0.5.
    #[must_use]
    pub fn parse(text: &str) -> Option<Points> {
        let t = text.trim();
        let (neg, t) = match t.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, t.strip_prefix('+').unwrap_or(t)),
        };
        let (int, frac) = t.split_once('.').unwrap_or((t, ""));
        if int.is_empty() && frac.is_empty() {
            return None;
        }
        if !int.bytes().all(|b| b.is_ascii_digit()) || !frac.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        if int.len() > 15 {
            return None;
        }
        let whole: i64 = if int.is_empty() { 0 } else { int.parse().ok()? };
        let frac = frac.trim_end_matches('0');
        let half = match frac {
            "" => 0,
            "5" => 1,
            _ => return None,
        };
        let halves = whole * 2 + half;
        Some(Points {
            halves: if neg { -halves } else { halves },
        })
    }

    /// The value as a float if it is a multiple of 0.5, else `None`.
    #[must_use]
    pub fn from_f64(value: f64) -> Option<Points> {
        let halves = value * 2.0;
        (halves.is_finite() && halves.fract() == 0.0 && halves.abs() < 1e15).then_some(Points {
            halves: halves as i64,
        })
    }

    /// The absolute value.
    #[must_use]
    pub fn abs(self) -> Points {
        Points {
            halves: self.halves.abs(),
        }
    }
}

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.halves < 0 { "-" } else { "" };
        let a = self.halves.unsigned_abs();
        if a.is_multiple_of(2) {
            write!(f, "{sign}{}", a / 2)
        } else {
            write!(f, "{sign}{}.5", a / 2)
        }
    }
}

impl Add for Points {
    type Output = Points;
    fn add(self, o: Points) -> Points {
        Points {
            halves: self.halves + o.halves,
        }
    }
}

impl Sub for Points {
    type Output = Points;
    fn sub(self, o: Points) -> Points {
        Points {
            halves: self.halves - o.halves,
        }
    }
}

impl Neg for Points {
    type Output = Points;
    fn neg(self) -> Points {
        Points {
            halves: -self.halves,
        }
    }
}

impl AddAssign for Points {
    fn add_assign(&mut self, o: Points) {
        self.halves += o.halves;
    }
}

impl SubAssign for Points {
    fn sub_assign(&mut self, o: Points) {
        self.halves -= o.halves;
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Points {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.halves % 2 == 0 {
            s.serialize_i64(self.halves / 2)
        } else {
            s.serialize_f64(self.as_f64())
        }
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Points {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Points, D::Error> {
        let v = f64::deserialize(d)?;
        Points::from_f64(v)
            .ok_or_else(|| serde::de::Error::custom(format!("{v} is not a multiple of 0.5")))
    }
}

/// How a game was won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WinBy {
    /// By this many points.
    Score(Points),
    /// The opponent resigned.
    Resignation,
    /// The opponent lost on time.
    Time,
    /// The opponent forfeited.
    Forfeit,
    /// The margin is not known (SGF `B+`).
    Unknown,
}

/// The result of a game, as SGF `RE` writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// One player won.
    Win {
        /// The winner.
        winner: Color,
        /// How.
        by: WinBy,
    },
    /// A draw (jigo): SGF `0`.
    Draw,
    /// No result (a void game): SGF `Void`.
    NoResult,
}

/// The error of parsing a [`GameResult`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseResultError(pub String);

impl fmt::Display for ParseResultError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown result {:?} (allowed: B+N, W+N, B+R, W+T, B+F, B+, 0, Draw, Void)",
            self.0
        )
    }
}

impl std::error::Error for ParseResultError {}

impl GameResult {
    /// The SGF `RE` spelling: `B+3.5`, `W+R`, `W+T`, `B+F`, `B+`, `0`, `Void`.
    #[must_use]
    pub fn to_sgf(&self) -> String {
        self.to_string()
    }

    /// Parses an SGF `RE` value (also `Jigo`, `Draw`, `B+Resign`, `W+Time`).
    pub fn parse(text: &str) -> Result<GameResult, ParseResultError> {
        let err = || ParseResultError(text.to_owned());
        let t = text.trim();
        match t.to_ascii_lowercase().as_str() {
            "0" | "draw" | "jigo" => return Ok(GameResult::Draw),
            "void" => return Ok(GameResult::NoResult),
            _ => {}
        }
        let (who, rest) = t.split_once('+').ok_or_else(err)?;
        let winner = Color::from_letter(who).ok_or_else(err)?;
        let by = match rest.to_ascii_lowercase().as_str() {
            "" => WinBy::Unknown,
            "r" | "resign" => WinBy::Resignation,
            "t" | "time" => WinBy::Time,
            "f" | "forfeit" => WinBy::Forfeit,
            n => WinBy::Score(Points::parse(n).ok_or_else(err)?),
        };
        Ok(GameResult::Win { winner, by })
    }

    /// The winner, if one player won.
    #[must_use]
    pub fn winner(&self) -> Option<Color> {
        match self {
            GameResult::Win { winner, .. } => Some(*winner),
            _ => None,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameResult::Win { winner, by } => {
                write!(f, "{}+", winner.letter())?;
                match by {
                    WinBy::Score(p) => write!(f, "{p}"),
                    WinBy::Resignation => f.write_str("R"),
                    WinBy::Time => f.write_str("T"),
                    WinBy::Forfeit => f.write_str("F"),
                    WinBy::Unknown => Ok(()),
                }
            }
            GameResult::Draw => f.write_str("0"),
            GameResult::NoResult => f.write_str("Void"),
        }
    }
}

/// One side's part of a score, in the order a tournament director checks it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SideScore {
    /// Own stones on the board after dead stones are removed (counted under area scoring, else 0).
    pub stones: u32,
    /// Empty points counted for this side (half points for shared points where the variant says so).
    pub territory: Points,
    /// Opponent stones this side captured or removed as dead (counted under territory scoring, else 0).
    pub prisoners: u32,
    /// Pass stones the opponent handed to this side (AGA), counted under territory scoring.
    pub pass_stones: u32,
    /// Compensation: komi for White (or reverse komi for Black), and White's handicap bonus.
    pub bonus: Points,
    /// Penalty points deducted from this side.
    pub penalty: Points,
    /// The side's total: stones + territory + prisoners + pass stones + bonus - penalty.
    pub total: Points,
}

/// What a point is when the game is scored, for diagrams.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum PointMark {
    /// A live stone.
    Stone(Color),
    /// A live stone of a string in seki (Japanese 1989 Art. 8).
    SekiStone(Color),
    /// A dead stone, removed before counting.
    Dead(Color),
    /// An empty point counted for one side.
    Territory(Color),
    /// An empty point shared by both sides (counted half each, or for nobody).
    Shared,
    /// An empty point counted for nobody.
    Neutral,
}

/// The ruling of a finished game's score, with the breakdown.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Score {
    /// Komi given to White (negative: reverse komi for Black).
    pub komi: Points,
    /// The breakdown per side.
    pub sides: ByColor<SideScore>,
    /// Black's total minus White's total, everything included.
    pub margin: Points,
    /// The result, ties broken as the variant says.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub result: GameResult,
    /// One mark per point, row by row from the top-left corner.
    pub marks: Vec<PointMark>,
    /// Remarks a reader of the ruling needs (e.g. neutral points filled before counting).
    pub notes: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_parse_and_print() {
        for (text, halves, printed) in [
            ("7.5", 15, "7.5"),
            ("-0.5", -1, "-0.5"),
            ("6", 12, "6"),
            ("6.50", 13, "6.5"),
            (".5", 1, "0.5"),
            ("+2", 4, "2"),
        ] {
            let p = Points::parse(text).expect(text);
            assert_eq!(p.halves(), halves, "{text}");
            assert_eq!(p.to_string(), printed);
        }
        for bad in ["", "7.25", "abc", "1e3", "-", "."] {
            assert_eq!(Points::parse(bad), None, "{bad}");
        }
        assert_eq!(Points::from_f64(7.5), Some(Points::from_halves(15)));
        assert_eq!(Points::from_f64(7.3), None);
        assert_eq!(Points::from_f64(f64::NAN), None);
    }

    #[test]
    fn results_round_trip_through_sgf() {
        for text in [
            "B+3.5", "W+R", "W+T", "B+F", "B+", "0", "Void", "W+0.5", "B+12",
        ] {
            let r = GameResult::parse(text).expect(text);
            assert_eq!(r.to_sgf(), text);
        }
        assert_eq!(GameResult::parse("Jigo"), Ok(GameResult::Draw));
        assert_eq!(
            GameResult::parse("W+Resign"),
            Ok(GameResult::Win {
                winner: Color::White,
                by: WinBy::Resignation
            })
        );
        assert!(GameResult::parse("X+1").is_err());
        assert!(GameResult::parse("B+1.3").is_err());
    }
}
