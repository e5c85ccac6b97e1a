//! The differential harness of weiqi: generators of valid games, an oracle that plays each game
//! on the interpreter (the literal oracle) and the engine (the fast referee) and compares every
//! observation of the [`weiqi_core::Referee`] trait after every step, repro printing as ruling
//! files, and run statistics (issue 12; docs/style.md 15-21; after wasmtime's
//! `crates/fuzzing`).
//!
//! - [`generate`]: bytes -> [`generate::Case`] (a ruleset: every built-in variant or a valid
//!   change of one; a board size; a setup; the script bytes). One code base for `arbitrary`
//!   (cargo-fuzz), proptest ([`generate::case_strategy`]) and the seeded runs.
//! - [`oracle`]: [`oracle::run`] plays a case on both referees; agree, both refuse the same
//!   way, or inconclusive (the interpreter ran out of fuel); anything else is a
//!   [`oracle::Divergence`] naming the first diverging observation, with the case as a ruling.
//! - [`ruling`]: a case as a ruling file (SGF, variant id, spec TOML when not built-in).
//! - [`shapes`]: the hard shapes the biased generators start from (ko, suicide, seki), and
//!   the board reading the biased script uses.
//! - [`stats`]: how often the games reach stops, disputes, resumptions, seki, each kind of ko
//!   refusal, suicide, no-result and ties.
//! - [`run_seeded`]: the plain `cargo test` run (fixed seeds, a budget).
//!
//! ```
//! let mut stats = weiqi_harness::stats::Stats::default();
//! let bytes = weiqi_harness::generate::seeded_bytes(7, 300);
//! let case = weiqi_harness::generate::Case::from_bytes(&bytes)?;
//! match weiqi_harness::oracle::run(&case, &mut stats) {
//!     Ok(outcome) => println!("{outcome:?}"),
//!     Err(divergence) => panic!("{divergence}"),
//! }
//! assert_eq!(stats.cases, 1);
//! # Ok::<(), arbitrary::Error>(())
//! ```
#![deny(missing_docs)]

pub mod generate;
pub mod oracle;
pub mod raw;
pub mod ruling;
pub mod scoring_case;
pub mod shapes;
pub mod stats;

use generate::{Case, seeded_bytes};
use oracle::Divergence;
use stats::Stats;

/// The script length of a seeded case, in bytes (a case uses what its game needs).
pub const SEEDED_CASE_BYTES: usize = 1200;

/// Runs the cases of seeds `seeds` and returns the statistics, or the first divergence.
pub fn run_seeded(seeds: std::ops::Range<u64>) -> Result<Stats, Box<Divergence>> {
    run_seeded_reporting(seeds, 0, |_| {})
}

/// [`run_seeded`], calling `report` with the statistics so far after every `every` cases (never
/// when `every` is 0): the statistics every N cases of issue 12.
pub fn run_seeded_reporting(
    seeds: std::ops::Range<u64>,
    every: u64,
    mut report: impl FnMut(&Stats),
) -> Result<Stats, Box<Divergence>> {
    let mut stats = Stats::default();
    for seed in seeds {
        if every > 0 && stats.cases > 0 && stats.cases % every == 0 {
            report(&stats);
        }
        let bytes = seeded_bytes(seed, SEEDED_CASE_BYTES);
        let Ok(case) = Case::from_bytes(&bytes) else {
            continue;
        };
        oracle::run(&case, &mut stats).map_err(|mut d| {
            d.observation = format!("{} (seed {seed})", d.observation);
            d
        })?;
    }
    Ok(stats)
}
