//! `time.penalty-*` and `time.late-arrival-factor`: Ing penalty points for overtime, the loss
//! on time, and the late-arrival deduction (seed 000 "Контроль времени", "Нарушения и
//! наказания"; docs/variants.md 3.g; docs/decisions.md 4).
//!
//! docs/variants.md 3.g, with the steps read from the ruleset (Ing: step BT/6, 2 points per step,
//! 3 steps to loss):
//!
//! ```text
//! penalty(overtime t, basic time BT):
//!     t <= 0          -> 0
//!     t <= k * step   -> k * points_per_step        (k = 1 ..= steps_to_loss)
//!     otherwise       -> loss on time
//! ```
//!
//! Boundaries (open in the seed, docs/variants.md 5.4): docs/decisions.md 4 reads "0 < t <= BT/6
//! gives 2 points ... beyond that the game is lost": the penalty at exactly k*step is the lower
//! step, and the loss comes only beyond the last step.

use std::fmt;
use std::time::Duration;

use weiqi_core::{ByColor, Color, GameResult, Points, WinBy};
use weiqi_spec::{PenaltySystem, TimeRules};

/// The penalty one player's overtime earns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OvertimePenalty {
    /// This many penalty points.
    Points(Points),
    /// The overtime exceeded the last step: the game is lost on time.
    Loss,
}

/// The time ruling of a game from both players' overtime.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeRuling {
    /// Net penalty points per side, to be deducted from the count (equal points cancel).
    pub penalties: ByColor<Points>,
    /// The player who lost on time, if one did.
    pub lost_on_time: Option<Color>,
}

/// Why the time ruling cannot be made from the given times.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TimeError {
    /// The penalty step is zero or has a zero denominator.
    BadStep {
        /// The step as (numerator, denominator) of the basic time.
        step: (u32, u32),
    },
    /// Both players exceeded the last step; the seed says the first to do so loses, which the
    /// overtimes alone do not tell.
    BothLost,
}

impl fmt::Display for TimeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeError::BadStep { step } => {
                write!(
                    f,
                    "penalty step {}/{} of the basic time is not positive",
                    step.0, step.1
                )
            }
            TimeError::BothLost => f.write_str(
                "both players exceeded the last overtime step; the first to exceed it loses, \
                 which the overtimes alone do not tell",
            ),
        }
    }
}

impl std::error::Error for TimeError {}

/// The penalty for `overtime` past `basic` time under the ruleset's time rules.
///
/// Seed 000, PP system: "a player who overruns the basic time gets 2 penalty points; using a
/// further 1/6 BT adds 2 more (4 in all); 2/6 BT past the basic limit adds 2 more (6 in
/// all); a player who does not finish within 3/6 BT of extra time loses". With
/// `penalty-system = "none"` overtime earns nothing (and no loss: time is the caller's matter).
pub fn overtime_penalty(
    time: &TimeRules,
    basic: Duration,
    overtime: Duration,
) -> Result<OvertimePenalty, TimeError> {
    if time.penalty_system == PenaltySystem::None || overtime.is_zero() {
        return Ok(OvertimePenalty::Points(Points::ZERO));
    }
    let (num, den) = time.penalty_step;
    if num == 0 || den == 0 {
        return Err(TimeError::BadStep {
            step: time.penalty_step,
        });
    }
    // t <= k * BT * num / den  <=>  t * den <= k * BT * num, in nanoseconds.
    let t = overtime.as_nanos() * u128::from(den);
    let unit = basic.as_nanos() * u128::from(num);
    for k in 1..=time.penalty_steps_to_loss {
        if t <= unit * u128::from(k) {
            let pts = i64::from(k) * i64::from(time.penalty_points_per_step);
            return Ok(OvertimePenalty::Points(Points::whole(pts)));
        }
    }
    Ok(OvertimePenalty::Loss)
}

/// The time ruling from both players' overtime: net penalty points (seed 000: "if both overrun
/// the basic time, equal numbers of their penalty points cancel") and the loss on time ("the
/// one who first exceeds the extra 1/2 BT loses regardless of the other's overrun").
pub fn time_ruling(
    time: &TimeRules,
    basic: Duration,
    overtime: ByColor<Duration>,
) -> Result<TimeRuling, TimeError> {
    let black = overtime_penalty(time, basic, overtime.black)?;
    let white = overtime_penalty(time, basic, overtime.white)?;
    match (black, white) {
        (OvertimePenalty::Loss, OvertimePenalty::Loss) => Err(TimeError::BothLost),
        (OvertimePenalty::Loss, _) => Ok(TimeRuling {
            penalties: ByColor::default(),
            lost_on_time: Some(Color::Black),
        }),
        (_, OvertimePenalty::Loss) => Ok(TimeRuling {
            penalties: ByColor::default(),
            lost_on_time: Some(Color::White),
        }),
        (OvertimePenalty::Points(b), OvertimePenalty::Points(w)) => {
            let net = b - w;
            let penalties = if net >= Points::ZERO {
                ByColor {
                    black: net,
                    white: Points::ZERO,
                }
            } else {
                ByColor {
                    black: Points::ZERO,
                    white: -net,
                }
            };
            Ok(TimeRuling {
                penalties,
                lost_on_time: None,
            })
        }
    }
}

/// The result once the time ruling is applied to a counted result: a loss on time overrides
/// the count (seed 000 "automatic loss: ... time-out").
#[must_use]
pub fn result_with_time(counted: GameResult, ruling: &TimeRuling) -> GameResult {
    match ruling.lost_on_time {
        Some(loser) => GameResult::Win {
            winner: loser.opponent(),
            by: WinBy::Time,
        },
        None => counted,
    }
}

/// A latecomer's time after the late-arrival deduction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LateArrival {
    /// The basic time left: BT minus `late-arrival-factor` times the delay, not below zero.
    pub basic: Duration,
    /// The player did not appear within his own basic time: the game is forfeited.
    pub forfeit: bool,
}

/// The late-arrival deduction (seed 000: "for lateness, twice the actual delay is deducted
/// from the basic time"; docs/variants.md 3.g: `BT_effective = BT - 2*d`, the factor read from
/// `time.late-arrival-factor`) and the no-show rule ("a player who does not appear within his
/// own time limit" loses; we read the limit as the basic time, an interpretation).
#[must_use]
pub fn late_arrival(time: &TimeRules, basic: Duration, delay: Duration) -> LateArrival {
    let deduction = delay.saturating_mul(time.late_arrival_factor);
    LateArrival {
        basic: basic.saturating_sub(deduction),
        forfeit: delay >= basic && !basic.is_zero(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ing_time() -> TimeRules {
        TimeRules {
            penalty_system: PenaltySystem::IngPoints,
            penalty_step: (1, 6),
            penalty_points_per_step: 2,
            penalty_steps_to_loss: 3,
            byo_yomi: Vec::new(),
            late_arrival_factor: 2,
        }
    }

    fn mins(m: u64) -> Duration {
        Duration::from_secs(60 * m)
    }

    #[test]
    fn overtime_steps_follow_seed_000() {
        // Seed 000 PP system / docs/variants.md 3.g with BT = 60 min, step = 10 min.
        let t = ing_time();
        let p = |m: u64| overtime_penalty(&t, mins(60), mins(m)).expect("valid step");
        assert_eq!(p(0), OvertimePenalty::Points(Points::ZERO));
        assert_eq!(p(1), OvertimePenalty::Points(Points::whole(2)));
        assert_eq!(p(10), OvertimePenalty::Points(Points::whole(2)));
        assert_eq!(p(11), OvertimePenalty::Points(Points::whole(4)));
        assert_eq!(p(20), OvertimePenalty::Points(Points::whole(4)));
        assert_eq!(p(30), OvertimePenalty::Points(Points::whole(6)));
        assert_eq!(p(31), OvertimePenalty::Loss);
        let none = TimeRules {
            penalty_system: PenaltySystem::None,
            ..t
        };
        assert_eq!(
            overtime_penalty(&none, mins(60), mins(90)),
            Ok(OvertimePenalty::Points(Points::ZERO))
        );
    }

    #[test]
    fn equal_penalties_cancel_and_a_loss_wins_over_points() {
        // Seed 000: "equal numbers of their penalty points cancel"; "the one who first exceeds
        // the extra 1/2 BT loses regardless of the other's overrun".
        let t = ing_time();
        let r = time_ruling(
            &t,
            mins(60),
            ByColor {
                black: mins(15),
                white: mins(5),
            },
        )
        .expect("ruling");
        assert_eq!(
            r.penalties,
            ByColor {
                black: Points::whole(2),
                white: Points::ZERO
            }
        );
        let r = time_ruling(
            &t,
            mins(60),
            ByColor {
                black: mins(5),
                white: mins(9),
            },
        )
        .expect("ruling");
        assert_eq!(r.penalties, ByColor::default());
        let r = time_ruling(
            &t,
            mins(60),
            ByColor {
                black: mins(25),
                white: mins(40),
            },
        )
        .expect("ruling");
        assert_eq!(r.lost_on_time, Some(Color::White));
        let counted = GameResult::Win {
            winner: Color::White,
            by: WinBy::Score(Points::whole(3)),
        };
        assert_eq!(result_with_time(counted, &r).to_sgf(), "B+T");
        assert_eq!(
            time_ruling(
                &t,
                mins(60),
                ByColor {
                    black: mins(45),
                    white: mins(40)
                }
            ),
            Err(TimeError::BothLost)
        );
        let bad = TimeRules {
            penalty_step: (1, 0),
            ..t
        };
        assert!(matches!(
            overtime_penalty(&bad, mins(60), mins(1)),
            Err(TimeError::BadStep { .. })
        ));
    }

    #[test]
    fn late_arrival_costs_twice_the_delay() {
        // Seed 000: "twice the actual delay is deducted from the basic time".
        let t = ing_time();
        let l = late_arrival(&t, mins(60), mins(10));
        assert_eq!(
            l,
            LateArrival {
                basic: mins(40),
                forfeit: false
            }
        );
        let l = late_arrival(&t, mins(60), mins(40));
        assert_eq!(
            l,
            LateArrival {
                basic: Duration::ZERO,
                forfeit: false
            }
        );
        assert!(late_arrival(&t, mins(60), mins(60)).forfeit);
        let none = TimeRules {
            late_arrival_factor: 0,
            ..t
        };
        assert_eq!(late_arrival(&none, mins(60), mins(10)).basic, mins(60));
    }
}
