//! `scoring.counting = "ing-fill-in"`: Ing's fill-in counting as a procedure (seed 000
//! "Официальный порядок", docs/variants.md 2.2 "Ing fill-in counting").
//!
//! The steps, as the seed gives them:
//! 1. Dead stones are removed; every captured and dead stone goes back to its owner's bowl, so
//!    each player holds S = (P-1)/2 stones in all, P being the number of points.
//! 2. Shared (seki) points are filled with equal numbers of Black and White stones; if their
//!    number is odd, the last one stays empty.
//! 3. Whoever receives compensation (komi, or a point handicap) places one own stone per 2
//!    points into the opponent's area; penalty stones (1 per 2 penalty points) are placed by
//!    the opponent into the penalised player's area. AGA version: White's handicap bonus of N
//!    points is N/2 stones; for odd N one Black point stays empty, or, if a seki point is
//!    free, White fills it instead.
//! 4. Each player fills his own area with his remaining stones until the stones or the area
//!    run out. Stones already on the board are never moved.
//! 5. Leftover empty points of an area are *winning points*, leftover stones *losing stones*.
//!    Winning points win, losing stones lose; neither is a draw, awarded as the tie rule says
//!    (Ing: Black).
//! 6. The loser's losing stones are put on the winner's winning points; each is worth 2 points
//!    of margin, and a winning point left uncovered adds 1.
//!
//! Layout (seed 000: "free points form one block in a corner ... compensation stones as a
//! group near the free point"): every area is filled in row-major order from the top-left
//! corner; compensation and penalty stones take the last points of the area, so the winning
//! points are left just before them, towards the bottom-right.
//!
//! What the procedure cannot express (returned as [`IngFillInError`]): an even number of
//! points (no (P-1)/2), compensation that is not a whole number of stones (komi, bonus or
//! penalty not a multiple of 2 points, except an odd AGA bonus), more stones on the board or
//! owed to shared points than a bowl holds, and more compensation stones than the opponent's
//! area has empty points (docs/variants.md 2.2: "excluding cases the procedure cannot express").

use std::fmt;

use weiqi_core::{Board, ByColor, Color, GameResult, Point, PointMark, Points, WinBy};
use weiqi_spec::Tie;

use super::seki_eyes::Seki;
use super::{ScoringInput, adjustments, area, dead_stones};

/// The outcome of Ing fill-in counting.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IngFillIn {
    /// Stones each player holds in all: (P-1)/2.
    pub stones_per_side: u32,
    /// The board once every stone is placed (exactly one point stays empty in every case the
    /// procedure can express, seed 000).
    pub filled: Board,
    /// Stones each player put on shared points (step 2).
    pub shared_stones: ByColor<u32>,
    /// Compensation and penalty stones each player put into the opponent's area (step 3).
    pub compensation_stones: ByColor<u32>,
    /// The Black point left empty for an odd AGA handicap bonus (step 3), if any.
    pub reserved_point: Option<Point>,
    /// Each player's winning points (step 5), before the loser's stones are put on them.
    pub winning_points: ByColor<u32>,
    /// Each player's losing stones (step 5).
    pub losing_stones: ByColor<u32>,
    /// The margin the filled board shows, Black minus White (step 6).
    pub margin: Points,
    /// The verdict (step 5; a tie goes to the tie rule).
    pub result: GameResult,
}

/// Why a final position cannot be counted by the fill-in procedure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IngFillInError {
    /// The board has an even number of points: there is no (P-1)/2 split.
    EvenPointCount {
        /// The number of points.
        points: usize,
    },
    /// A compensation that is not a whole number of stones (one stone per 2 points).
    OddCompensation {
        /// `"komi"`, `"black penalty"`, `"white penalty"` or `"handicap bonus"`.
        what: &'static str,
        /// The points.
        points: Points,
    },
    /// A player needs more stones than the bowl holds.
    NotEnoughStones {
        /// The player.
        color: Color,
        /// Stones on the board and owed to shared points and compensation.
        needed: u32,
        /// (P-1)/2.
        supply: u32,
    },
    /// More compensation stones (and reserved points) than the receiving area has empty points.
    NoRoomForCompensation {
        /// The player whose area receives them.
        area_of: Color,
        /// Stones and reserved points to place.
        needed: u32,
        /// Empty points of that area.
        room: u32,
    },
}

impl fmt::Display for IngFillInError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IngFillInError::EvenPointCount { points } => {
                write!(
                    f,
                    "ing fill-in counting needs an odd number of points, the board has {points}"
                )
            }
            IngFillInError::OddCompensation { what, points } => {
                write!(
                    f,
                    "{what} of {points} points is not a whole number of stones (2 points each)"
                )
            }
            IngFillInError::NotEnoughStones {
                color,
                needed,
                supply,
            } => {
                write!(f, "{color} needs {needed} stones but holds only {supply}")
            }
            IngFillInError::NoRoomForCompensation {
                area_of,
                needed,
                room,
            } => write!(
                f,
                "{needed} compensation stones do not fit in {area_of}'s area of {room} empty points"
            ),
        }
    }
}

impl std::error::Error for IngFillInError {}

/// The compensation a fill-in count places (step 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Compensation {
    /// Komi to White (negative: reverse komi to Black).
    pub komi: Points,
    /// White's handicap bonus (AGA version of Ing; 0 in Ing 1996).
    pub white_bonus: Points,
    /// Net penalty points charged to each side.
    pub penalties: ByColor<Points>,
}

/// Stones for `points` at one stone per 2 points, or the error naming `what`.
fn stones_for(points: Points, what: &'static str) -> Result<u32, IngFillInError> {
    let halves = points.halves().abs();
    if halves % 4 != 0 {
        return Err(IngFillInError::OddCompensation { what, points });
    }
    u32::try_from(halves / 4).map_err(|_| IngFillInError::OddCompensation { what, points })
}

/// Counts a finished game by the fill-in procedure: removes the agreed dead stones, takes the
/// komi and penalties of `input` and White's handicap bonus and tie rule of its ruleset, and
/// runs [`fill_in`].
pub fn ing_fill_in(input: &ScoringInput<'_>) -> Result<IngFillIn, IngFillInError> {
    let dead = dead_stones::from_agreement(input.board, input.dead);
    let (live, _) = dead_stones::remove(input.board, &dead.points);
    let comp = Compensation {
        komi: input.komi,
        white_bonus: adjustments::handicap_bonus(input.ruleset.handicap.bonus, input.handicap),
        penalties: input.penalties,
    };
    fill_in(
        &live,
        comp,
        adjustments::tie_rule(input.ruleset, input.handicap),
    )
}

/// The fill-in procedure of the module doc on `live` (every stone on it alive).
pub fn fill_in(live: &Board, comp: Compensation, tie: Tie) -> Result<IngFillIn, IngFillInError> {
    let points = live.size().points_count();
    if points.is_multiple_of(2) {
        return Err(IngFillInError::EvenPointCount { points });
    }
    // Step 1: each player holds S stones in all (P <= 52 * 52, so S fits in u32).
    let supply = u32::try_from((points - 1) / 2).unwrap_or(u32::MAX);
    let marks = area::marks(live, &Seki::default());
    let mut area_points: ByColor<Vec<Point>> = ByColor::default();
    let mut shared: Vec<Point> = Vec::new();
    for ((p, _), m) in live.iter().zip(&marks) {
        match *m {
            PointMark::Territory(c) => area_points[c].push(p),
            PointMark::Shared | PointMark::Neutral => shared.push(p),
            _ => {}
        }
    }
    let mut bowl = ByColor::new_with(|c| i64::from(supply) - live.count(c) as i64);
    let mut board = live.clone();

    // Step 3 amounts: stones each player places in the opponent's area.
    let mut comp_stones = ByColor {
        black: 0u32,
        white: 0u32,
    };
    let komi_stones = stones_for(comp.komi, "komi")?;
    if comp.komi >= Points::ZERO {
        comp_stones.white += komi_stones;
    } else {
        comp_stones.black += komi_stones;
    }
    comp_stones.white += stones_for(comp.penalties.black, "black penalty")?;
    comp_stones.black += stones_for(comp.penalties.white, "white penalty")?;
    let bonus_halves = comp.white_bonus.halves();
    if bonus_halves < 0 || bonus_halves % 2 != 0 {
        return Err(IngFillInError::OddCompensation {
            what: "handicap bonus",
            points: comp.white_bonus,
        });
    }
    let bonus = u32::try_from(bonus_halves / 2).unwrap_or(u32::MAX);
    comp_stones.white += bonus / 2;
    let odd_bonus = bonus % 2 == 1;

    // Step 2: shared points, Black and White alternately, the last one of an odd number
    // empty - unless an odd AGA bonus has White fill it (step 3).
    let mut shared_stones = ByColor {
        black: 0u32,
        white: 0u32,
    };
    let pairs = shared.len() / 2;
    let white_takes_free_seki_point = odd_bonus && shared.len() % 2 == 1;
    for (i, &p) in shared.iter().enumerate() {
        let c = if i < 2 * pairs {
            if i % 2 == 0 {
                Color::Black
            } else {
                Color::White
            }
        } else if white_takes_free_seki_point {
            Color::White
        } else {
            continue;
        };
        board.set(p, Some(c));
        shared_stones[c] += 1;
        bowl[c] -= 1;
    }
    let reserve = u32::from(odd_bonus && !white_takes_free_seki_point);
    for c in Color::ALL {
        let needed = i64::from(supply) - bowl[c] + i64::from(comp_stones[c]);
        if needed > i64::from(supply) {
            return Err(IngFillInError::NotEnoughStones {
                color: c,
                needed: u32::try_from(needed).unwrap_or(u32::MAX),
                supply,
            });
        }
    }
    // Step 3: compensation stones take the last points of the opponent's area, the reserved
    // point (odd AGA bonus) the one before them.
    let mut reserved_point = None;
    for c in Color::ALL {
        let receiver = c.opponent();
        let extra = if receiver == Color::Black { reserve } else { 0 };
        let needed = comp_stones[c] + extra;
        let room = u32::try_from(area_points[receiver].len()).unwrap_or(u32::MAX);
        if needed > room {
            return Err(IngFillInError::NoRoomForCompensation {
                area_of: receiver,
                needed,
                room,
            });
        }
        for _ in 0..comp_stones[c] {
            if let Some(p) = area_points[receiver].pop() {
                board.set(p, Some(c));
                bowl[c] -= 1;
            }
        }
        if extra == 1 {
            reserved_point = area_points[receiver].pop();
        }
    }
    // Step 4: each player fills his own area from the top-left corner.
    let mut winning_points = ByColor {
        black: 0u32,
        white: 0u32,
    };
    let mut losing_stones = ByColor {
        black: 0u32,
        white: 0u32,
    };
    let mut free: ByColor<Vec<Point>> = ByColor::default();
    for c in Color::ALL {
        let mut left = bowl[c];
        for &p in &area_points[c] {
            if left > 0 {
                board.set(p, Some(c));
                left -= 1;
            } else {
                free[c].push(p);
            }
        }
        winning_points[c] = u32::try_from(free[c].len()).unwrap_or(u32::MAX);
        losing_stones[c] = u32::try_from(left.max(0)).unwrap_or(u32::MAX);
    }
    // Step 5: the verdict.
    let winner = if winning_points.black > 0 || losing_stones.white > 0 {
        Some(Color::Black)
    } else if winning_points.white > 0 || losing_stones.black > 0 {
        Some(Color::White)
    } else {
        None
    };
    // Step 6: the loser's stones go on the winner's winning points.
    let (margin, result) = match winner {
        Some(w) => {
            let loser = w.opponent();
            let mut placed = 0i64;
            for &p in free[w].iter().take(losing_stones[loser] as usize) {
                board.set(p, Some(loser));
                placed += 1;
            }
            let uncovered = free[w].len() as i64 - placed;
            let m = Points::whole(2 * placed + uncovered);
            let signed = if w == Color::Black { m } else { -m };
            (
                signed,
                GameResult::Win {
                    winner: w,
                    by: WinBy::Score(m),
                },
            )
        }
        None => (
            Points::ZERO,
            match tie.winner() {
                Some(w) => GameResult::Win {
                    winner: w,
                    by: WinBy::Score(Points::ZERO),
                },
                None => GameResult::Draw,
            },
        ),
    };
    Ok(IngFillIn {
        stones_per_side: supply,
        filled: board,
        shared_stones,
        compensation_stones: comp_stones,
        reserved_point,
        winning_points,
        losing_stones,
        margin,
        result,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn comp(komi: i64) -> Compensation {
        Compensation {
            komi: Points::whole(komi),
            white_bonus: Points::ZERO,
            penalties: ByColor::default(),
        }
    }

    #[test]
    fn a_small_board_shows_the_margin() {
        // 3x3, 4 stones each. Black area 6 (3 stones + 3 points), White area 3: without komi
        // Black leads by 3; komi 2 = 1 White stone in Black's area: Black wins by 1.
        let b = Board::from_diagram(". X O\n. X O\n. X O").expect("valid");
        let r = fill_in(&b, comp(2), Tie::Black).expect("expressible");
        assert_eq!(r.stones_per_side, 4);
        assert_eq!(r.compensation_stones, ByColor { black: 0, white: 1 });
        assert_eq!(r.winning_points.black, 1);
        assert_eq!(r.losing_stones.white, 0);
        assert_eq!(r.margin, Points::whole(1));
        assert_eq!(r.result.to_sgf(), "B+1");
        assert_eq!(r.filled.empty_points().count(), 1);
    }

    #[test]
    fn even_boards_and_half_komi_are_errors() {
        let even = Board::from_diagram(". .\n. .").expect("valid");
        assert_eq!(
            fill_in(&even, comp(0), Tie::Black),
            Err(IngFillInError::EvenPointCount { points: 4 })
        );
        let odd = Board::from_diagram(". X O").expect("valid");
        let half = Compensation {
            komi: Points::from_halves(15),
            ..comp(0)
        };
        assert!(matches!(
            fill_in(&odd, half, Tie::Black),
            Err(IngFillInError::OddCompensation { what: "komi", .. })
        ));
    }
}
