//! The rule cases both referees must pass: the clause cases of the interpreter's suite, every
//! position of docs/variants.md section 4, and the perft data files, written once against the
//! [`weiqi_core::Referee`] trait and run on whatever a factory builds (issue 11: "one case
//! corpus runs against both referees").
//!
//! ```no_run
//! use weiqi_core::{Referee, Setup};
//! use weiqi_spec::Ruleset;
//!
//! fn factory(rules: &Ruleset, setup: Setup) -> Result<Box<dyn Referee>, String> {
//!     # let _ = (rules, setup);
//!     # unimplemented!()
//! }
//! weiqi_cases::run(weiqi_cases::all(), factory, &[]);
//! ```
//!
//! Cases of the interpreter's `tests/clauses.rs` that read what only the interpreter has are not
//! here (each stays in the interpreter's suite): `suicide_rule_table_variants_3_0` reads the
//! interpreter's `suicide::rule`; `setup_errors_are_clear_handicap` compares its setup-error
//! type; `komi_comes_from_the_setup_or_the_variant_decisions_komi_table` reads `komi()`;
//! `fuel_budget_refuses_with_out_of_fuel` its fuel; `setup_board_is_entry_zero_decisions_7` its
//! history. Assertions on `komi()`, `dead_stones()`, `proposals()` and `set_penalties` were
//! dropped from the shared copies for the same reason (each is not a Referee observation).
#![deny(missing_docs)]

use std::panic::{AssertUnwindSafe, catch_unwind};

use weiqi_core::{Referee, Setup};
use weiqi_spec::Ruleset;

pub mod clauses;
pub mod common;
pub mod corrected;
pub mod fast_path;
pub mod perft;
pub mod section4;

/// Builds the referee under test.
pub type Factory = fn(&Ruleset, Setup) -> Result<Box<dyn Referee>, String>;

/// A named case.
pub type Case = (&'static str, fn());

/// Every case: clauses, section 4, the corrected rulings, the fast-path cases, perft.
#[must_use]
pub fn all() -> Vec<Case> {
    clauses::CASES
        .iter()
        .chain(section4::CASES)
        .chain(corrected::CASES)
        .chain(fast_path::CASES)
        .chain(perft::CASES)
        .copied()
        .collect()
}

/// Runs `cases` on the referees `factory` builds, except those named in `skip` (each with its
/// written reason; a skip that names no case is an error), and panics with the list of every
/// failing case and its message.
pub fn run(cases: Vec<Case>, factory: Factory, skip: &[(&str, &str)]) {
    for (name, reason) in skip {
        assert!(
            cases.iter().any(|(n, _)| n == name),
            "skip of an unknown case {name} ({reason})"
        );
        assert!(!reason.trim().is_empty(), "skip of {name} without a reason");
    }
    common::install(factory);
    let mut failures = Vec::new();
    let mut ran = 0;
    for (name, case) in cases {
        if skip.iter().any(|(n, _)| *n == name) {
            continue;
        }
        ran += 1;
        if let Err(e) = catch_unwind(AssertUnwindSafe(case)) {
            let msg = e
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                .unwrap_or_default();
            failures.push(format!("{name}: {msg}"));
        }
    }
    assert!(ran > 0, "no case ran");
    assert!(
        failures.is_empty(),
        "{} of {ran} cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
