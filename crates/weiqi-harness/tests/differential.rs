//! The differential oracle under plain `cargo test` (issue 12, deliverable 2; CONVENTIONS.md
//! 15): fixed seeds, a budget of `WEIQI_HARNESS_CASES` cases (default 150, a few seconds in a debug build), the
//! statistics printed at the end (`cargo test -p weiqi-harness --test differential --
//! --nocapture`).

use std::time::Instant;

/// The number of seeded cases: `WEIQI_HARNESS_CASES`, or the default.
fn budget() -> u64 {
    std::env::var("WEIQI_HARNESS_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(150)
}

/// Issue 12: the engine and the interpreter agree on every observation of every seeded game;
/// the run reaches stops, resumptions, ko and suicide refusals (so the generator is not
/// trivially missing the hard cases).
#[test]
fn engine_agrees_with_interpreter_on_seeded_games() {
    let n = budget();
    let start = Instant::now();
    let stats = match weiqi_harness::run_seeded(0..n) {
        Ok(s) => s,
        Err(d) => panic!("{d}"),
    };
    let secs = start.elapsed().as_secs_f64();
    println!("{stats}");
    println!(
        "{} cases in {secs:.2} s: {:.0} cases/s, {:.0} actions/s",
        stats.cases,
        stats.cases as f64 / secs,
        stats.steps as f64 / secs
    );
    assert_eq!(stats.cases, n);
    assert!(stats.agreed * 10 >= n * 9, "{stats}");
    if n >= 150 {
        assert!(
            stats.stopped > 0 && stats.resumed > 0 && stats.ended > 0,
            "{stats}"
        );
        for code in ["ko", "suicide", "occupied"] {
            assert!(stats.games_refusing(code) > 0, "no {code} refusal: {stats}");
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 24, ..Default::default() })]

    /// The same oracle over proptest's byte vectors (the shared generator, issue 12: "one code
    /// base used by proptest strategies and by arbitrary"); proptest shrinks a divergence.
    #[test]
    fn engine_agrees_with_interpreter_on_proptest_cases(case in weiqi_harness::generate::case_strategy(600)) {
        let mut stats = weiqi_harness::stats::Stats::default();
        if let Err(d) = weiqi_harness::oracle::run(&case, &mut stats) {
            proptest::prop_assert!(false, "{}", d);
        }
    }
}
