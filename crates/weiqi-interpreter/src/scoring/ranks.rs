//! The Ing rank system and the handicap it gives (seed 000 "Ранги игроков", docs/variants.md 2.2
//! "Ing rank system and handicap from rank difference").
//!
//! Ranks, weakest to strongest: 9 chi ... 1 chi, 1 duan ... 9 duan; the professional pin
//! ranks, 9 pin = 7 duan and 5 pin = 9 duan, 1 pin highest. Steps: adjacent chi 8 points (one
//! handicap move), 1 chi to 1 duan 8 points, adjacent duan 4 points, adjacent pin 2 points.
//! The strength scale that reproduces these steps (docs/variants.md 2.2, ours):
//!
//! ```text
//! strength(k chi)  = 8 * (9 - k)      # 9 chi = 0 ... 1 chi = 64
//! strength(d duan) = 68 + 4 * d       # 1 duan = 72 ... 9 duan = 104
//! strength(p pin)  = 114 - 2 * p      # 9 pin = 96 = 7 duan, 1 pin = 112
//! ```

use std::fmt;
use std::str::FromStr;

use weiqi_core::Points;

/// An Ing rank.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rank {
    /// k chi (amateur, 9 weakest, 1 strongest).
    Chi(u8),
    /// d duan (strong amateur, 1 weakest, 9 strongest).
    Duan(u8),
    /// p pin (professional, 9 weakest, 1 strongest).
    Pin(u8),
}

/// Why a text is not an Ing rank.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseRankError(pub String);

impl fmt::Display for ParseRankError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown ing rank {:?} (allowed: 1-9 followed by c/chi, d/duan or p/pin, e.g. 4d, 4 chi)",
            self.0
        )
    }
}

impl std::error::Error for ParseRankError {}

impl FromStr for Rank {
    type Err = ParseRankError;

    /// Parses `4d`, `4 duan`, `4c`, `4 chi`, `1p`, `1 pin` (case-insensitive, 1 to 9).
    fn from_str(text: &str) -> Result<Rank, ParseRankError> {
        let err = || ParseRankError(text.to_owned());
        let t = text.trim().to_ascii_lowercase();
        let digits: String = t.chars().take_while(char::is_ascii_digit).collect();
        let n: u8 = digits.parse().map_err(|_| err())?;
        if !(1..=9).contains(&n) {
            return Err(err());
        }
        match t[digits.len()..].trim() {
            "c" | "chi" => Ok(Rank::Chi(n)),
            "d" | "duan" | "tuan" => Ok(Rank::Duan(n)),
            "p" | "pin" => Ok(Rank::Pin(n)),
            _ => Err(err()),
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rank::Chi(n) => write!(f, "{n} chi"),
            Rank::Duan(n) => write!(f, "{n} duan"),
            Rank::Pin(n) => write!(f, "{n} pin"),
        }
    }
}

impl Rank {
    /// The strength in points on the scale of the module doc.
    #[must_use]
    pub fn strength(self) -> i64 {
        match self {
            Rank::Chi(k) => 8 * (9 - i64::from(k)),
            Rank::Duan(d) => 68 + 4 * i64::from(d),
            Rank::Pin(p) => 114 - 2 * i64::from(p),
        }
    }
}

/// The conditions of a game between two ranked players.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IngHandicap {
    /// The stronger player (or the first given, at equal strength), who takes White.
    pub white: Rank,
    /// The weaker player, who takes Black.
    pub black: Rank,
    /// Handicap moves: Black makes this many extra moves at the start (White passes them).
    pub handicap_moves: u32,
    /// Komi to White; negative is reverse komi, points given to Black.
    pub komi: Points,
}

impl IngHandicap {
    /// The black stones on the board before White's first play: seed 000 "if Black has N
    /// handicap moves ... White passes the first N moves; then Black moves once more", so
    /// N + 1 stones (0 in a game without handicap moves).
    #[must_use]
    pub fn handicap_stones(&self) -> u32 {
        if self.handicap_moves == 0 {
            0
        } else {
            self.handicap_moves + 1
        }
    }
}

/// The handicap between two ranks (seed 000 "Связь рангов и размера форы"): the stronger
/// player takes White; D = strength(White) - strength(Black). If D <= 8 the game is played
/// with komi 8 - D; otherwise E = D - 8 gives E div 8 handicap moves ("every 8 points of
/// compensation is one handicap move") and E mod 8 points of reverse komi.
#[must_use]
pub fn handicap(a: Rank, b: Rank) -> IngHandicap {
    let (white, black) = if b.strength() > a.strength() {
        (b, a)
    } else {
        (a, b)
    };
    let d = white.strength() - black.strength();
    if d <= 8 {
        IngHandicap {
            white,
            black,
            handicap_moves: 0,
            komi: Points::whole(8 - d),
        }
    } else {
        let e = d - 8;
        IngHandicap {
            white,
            black,
            handicap_moves: u32::try_from(e / 8).unwrap_or(u32::MAX),
            komi: Points::whole(-(e % 8)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rank(text: &str) -> Rank {
        text.parse().expect(text)
    }

    #[test]
    fn ranks_parse_in_both_spellings() {
        assert_eq!(rank("4d"), Rank::Duan(4));
        assert_eq!(rank("4 duan"), Rank::Duan(4));
        assert_eq!(rank("4c"), Rank::Chi(4));
        assert_eq!(rank("4 chi"), Rank::Chi(4));
        assert_eq!(rank("1p"), Rank::Pin(1));
        assert_eq!(rank(" 1 PIN "), Rank::Pin(1));
        for bad in ["", "0d", "10d", "4k", "d4", "4 dan", "-1p"] {
            assert!(bad.parse::<Rank>().is_err(), "{bad}");
        }
        assert_eq!(rank("4 duan").to_string(), "4 duan");
    }

    #[test]
    fn the_scale_reproduces_the_seed_steps() {
        // Seed 000: adjacent chi 8, 1 chi to 1 duan 8, adjacent duan 4, adjacent pin 2;
        // 9 pin = 7 duan, 5 pin = 9 duan.
        assert_eq!(rank("1c").strength() - rank("2c").strength(), 8);
        assert_eq!(rank("1d").strength() - rank("1c").strength(), 8);
        assert_eq!(rank("5d").strength() - rank("4d").strength(), 4);
        assert_eq!(rank("1p").strength() - rank("2p").strength(), 2);
        assert_eq!(rank("9p").strength(), rank("7d").strength());
        assert_eq!(rank("5p").strength(), rank("9d").strength());
    }

    #[test]
    fn small_differences_lower_the_komi() {
        // Seed 000: "1 and 2 pin play with komi 6, 1 and 3 pin 4, 1 and 4 pin 2, 1 and 5 pin
        // without komi"; equal ranks: an even game with komi 8.
        for (other, komi) in [("2p", 6), ("3p", 4), ("4p", 2), ("5p", 0), ("1p", 8)] {
            let h = handicap(rank(other), rank("1p"));
            assert_eq!(h.white, rank("1p"));
            assert_eq!(
                (h.handicap_moves, h.komi),
                (0, Points::whole(komi)),
                "{other}"
            );
        }
    }
}
