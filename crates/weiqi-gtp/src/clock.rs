//! The clock `weiqi gtp` keeps: the time system of `time_settings` (GTP 2 sections 4.2 and
//! 6.3.5) or `kgs-time_settings` (none, absolute, byoyomi, canadian), and each player's time
//! left from `time_left`. `genmove` asks it for the time of one move ([`Clock::budget`]) and
//! bounds its work by it.
//!
//! Every number is checked: seconds are whole or decimal, finite, from 0 to
//! [`MAX_SECONDS`]; stones and periods whole, at most [`MAX_COUNT`]. A refused command changes
//! nothing.

use std::time::Duration;

use weiqi_core::{ByColor, Color};

/// The most seconds a time setting or `time_left` may give (a year).
pub const MAX_SECONDS: f64 = 365.0 * 86_400.0;

/// The most stones or periods of a setting.
pub const MAX_COUNT: u32 = 10_000;

/// The time system.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub enum System {
    /// No time limit (the start, `kgs-time_settings none`, `time_settings M T 0` with T > 0).
    #[default]
    Unlimited,
    /// Main time only.
    Absolute {
        /// Main time, seconds.
        main: f64,
    },
    /// Main time, then `periods` periods of `period` seconds (Japanese byo-yomi).
    Byoyomi {
        /// Main time, seconds.
        main: f64,
        /// One period, seconds.
        period: f64,
        /// The number of periods.
        periods: u32,
    },
    /// Main time, then `stones` stones in every `period` seconds (Canadian byo-yomi, GTP's
    /// own `time_settings`).
    Canadian {
        /// Main time, seconds.
        main: f64,
        /// One period, seconds.
        period: f64,
        /// Stones to play in a period.
        stones: u32,
    },
}

/// The clock: the system, and what `time_left` said of each player.
#[derive(Debug, Clone, Default)]
pub struct Clock {
    system: System,
    /// Seconds and stones left (stones 0: in main time), as `time_left` last said.
    left: ByColor<Option<(f64, u32)>>,
}

/// What a command answers.
type Reply = Result<String, String>;

fn seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && (0.0..=MAX_SECONDS).contains(&s) => Ok(s),
        _ => Err(format!(
            "syntax error: {:?} is not a number of seconds from 0 to {MAX_SECONDS}",
            shorten(text)
        )),
    }
}

fn count(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(n) if n <= MAX_COUNT => Ok(n),
        _ => Err(format!(
            "syntax error: {:?} is not a whole number from 0 to {MAX_COUNT}",
            shorten(text)
        )),
    }
}

/// At most 20 characters of an argument, for a message.
fn shorten(text: &str) -> String {
    text.chars().take(20).collect()
}

impl Clock {
    /// `time_settings MAIN BYO_YOMI_TIME BYO_YOMI_STONES` (GTP 2 section 4.2): Canadian
    /// byo-yomi; a byo-yomi time of 0 is absolute time; byo-yomi stones 0 with a positive
    /// byo-yomi time is no limit. The time left is reset.
    pub fn time_settings(&mut self, args: &[&str]) -> Reply {
        let [main, period, stones] = args else {
            return Err(
                "syntax error: usage: time_settings MAIN_TIME BYO_YOMI_TIME \
                        BYO_YOMI_STONES"
                    .to_owned(),
            );
        };
        let (main, period, stones) = (seconds(main)?, seconds(period)?, count(stones)?);
        self.set(if period == 0.0 {
            System::Absolute { main }
        } else if stones == 0 {
            System::Unlimited
        } else {
            System::Canadian {
                main,
                period,
                stones,
            }
        });
        Ok(String::new())
    }

    /// `kgs-time_settings none | absolute MAIN | byoyomi MAIN PERIOD PERIODS | canadian MAIN
    /// PERIOD STONES` (KGS's extension). The time left is reset.
    pub fn kgs_time_settings(&mut self, args: &[&str]) -> Reply {
        let usage = || {
            "syntax error: usage: kgs-time_settings none | absolute MAIN | byoyomi MAIN PERIOD \
             PERIODS | canadian MAIN PERIOD STONES"
                .to_owned()
        };
        let system = match args {
            [kind] if kind.eq_ignore_ascii_case("none") => System::Unlimited,
            [kind, main] if kind.eq_ignore_ascii_case("absolute") => System::Absolute {
                main: seconds(main)?,
            },
            [kind, main, period, periods] if kind.eq_ignore_ascii_case("byoyomi") => {
                System::Byoyomi {
                    main: seconds(main)?,
                    period: seconds(period)?,
                    periods: count(periods)?,
                }
            }
            [kind, main, period, stones] if kind.eq_ignore_ascii_case("canadian") => {
                System::Canadian {
                    main: seconds(main)?,
                    period: seconds(period)?,
                    stones: count(stones)?,
                }
            }
            _ => return Err(usage()),
        };
        self.set(system);
        Ok(String::new())
    }

    /// The system in words, for `weiqi-status`: `none`, `absolute 300 s`, `byoyomi 300 s + 5 x
    /// 30 s`, `canadian 300 s + 25 stones / 600 s`.
    pub fn describe(&self) -> String {
        match self.system {
            System::Unlimited => "none".to_owned(),
            System::Absolute { main } => format!("absolute {main} s"),
            System::Byoyomi {
                main,
                period,
                periods,
            } => format!("byoyomi {main} s + {periods} x {period} s"),
            System::Canadian {
                main,
                period,
                stones,
            } => format!("canadian {main} s + {stones} stones / {period} s"),
        }
    }

    fn set(&mut self, system: System) {
        self.system = system;
        self.left = ByColor::default();
    }

    /// `time_left COLOR TIME STONES` (GTP 2 section 6.3.5): the seconds left to `COLOR` and, in
    /// byo-yomi, the stones (Canadian) or periods (Japanese, as KGS sends them) left; 0 stones
    /// means main time.
    pub fn time_left(&mut self, args: &[&str]) -> Reply {
        let usage = || "syntax error: usage: time_left COLOR TIME STONES".to_owned();
        let [color, time, stones] = args else {
            return Err(usage());
        };
        let color = crate::parse_color(color).ok_or_else(usage)?;
        self.left[color] = Some((seconds(time)?, count(stones)?));
        Ok(String::new())
    }

    /// A move of `color` was generated: what `time_left` said is spent (the controller sends
    /// the next `time_left`).
    pub fn moved(&mut self, color: Color) {
        self.left[color] = None;
    }

    /// The time `genmove` may spend on one move of `color` on a board of `points` points:
    /// `None` without a limit; else the time left (from `time_left`, else the settings) shared
    /// among the moves still to come (a third of the points, at least 10) in main time, the
    /// period shared among its stones in byo-yomi, less a margin of a tenth for the exchange.
    pub fn budget(&self, color: Color, points: usize) -> Option<Duration> {
        let moves_to_come = (points / 3).max(10) as f64;
        let share = |main: f64| main / moves_to_come;
        let seconds = match (self.system, self.left[color]) {
            (System::Unlimited, _) => return None,
            (_, Some((time, stones))) if stones > 0 => time / f64::from(stones),
            (System::Byoyomi { period, .. }, Some((time, _))) => share(time).max(period),
            (System::Canadian { period, stones, .. }, Some((time, _))) => {
                share(time).max(period / f64::from(stones.max(1)))
            }
            (System::Absolute { .. }, Some((time, _))) => share(time),
            (System::Absolute { main }, None) => share(main),
            (System::Byoyomi { main, period, .. }, None) => share(main).max(period),
            (
                System::Canadian {
                    main,
                    period,
                    stones,
                },
                None,
            ) => share(main).max(period / f64::from(stones.max(1))),
        };
        Some(Duration::from_secs_f64(
            (seconds * 0.9).clamp(0.0, MAX_SECONDS),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gtp_settings_follow_section_4_2() {
        // GTP 2 section 4.2: byo-yomi time 0 is absolute time; byo-yomi stones 0 with a
        // positive byo-yomi time is no limit; otherwise Canadian byo-yomi.
        let mut c = Clock::default();
        assert_eq!(c.budget(Color::Black, 81), None, "no limit at the start");
        c.time_settings(&["300", "0", "0"]).expect("absolute");
        assert_eq!(c.system, System::Absolute { main: 300.0 });
        c.time_settings(&["300", "30", "0"]).expect("no limit");
        assert_eq!(c.system, System::Unlimited);
        c.time_settings(&["300", "30", "5"]).expect("canadian");
        assert_eq!(
            c.system,
            System::Canadian {
                main: 300.0,
                period: 30.0,
                stones: 5
            }
        );
        for bad in [
            &["1e300", "0", "0"][..],
            &["-1", "0", "0"],
            &["NaN", "0", "0"],
            &["300", "30"],
            &["300", "30", "-5"],
        ] {
            let before = c.system;
            assert!(c.time_settings(bad).is_err(), "{bad:?}");
            assert_eq!(c.system, before, "a refused setting changes nothing");
        }
        let e = c.time_settings(&["1e300", "0", "0"]).expect_err("refused");
        assert!(
            e.len() < 120,
            "the message quotes the number, not 301 digits: {e}"
        );
    }

    #[test]
    fn kgs_settings_and_time_left_give_the_time_of_a_move() {
        let mut c = Clock::default();
        c.kgs_time_settings(&["byoyomi", "0", "30", "5"])
            .expect("byoyomi");
        // In byo-yomi with nothing said: the period.
        c.time_left(&["b", "0", "5"]).expect("time_left");
        let b = c.budget(Color::Black, 81).expect("limited");
        assert!(b <= Duration::from_secs(30), "{b:?}");
        c.kgs_time_settings(&["canadian", "60", "30", "10"])
            .expect("canadian");
        c.time_left(&["w", "30", "10"]).expect("time_left");
        assert_eq!(
            c.budget(Color::White, 81),
            Some(Duration::from_secs_f64(2.7)),
            "30 s for 10 stones, less a tenth"
        );
        c.kgs_time_settings(&["absolute", "60"]).expect("absolute");
        let b = c.budget(Color::White, 361).expect("limited");
        assert!(b < Duration::from_secs(1), "{b:?}");
        c.kgs_time_settings(&["none"]).expect("none");
        assert_eq!(c.budget(Color::White, 361), None);
        assert!(c.kgs_time_settings(&["fischer", "60", "5"]).is_err());
        assert!(c.time_left(&["x", "1", "0"]).is_err());
        assert!(c.time_left(&["b", "inf", "0"]).is_err());
    }
}
