//! Any bytes as a finished position (weiqi-harness `scoring_case`): a ruleset, a board, a dead
//! set (empty and off-board points now and then), prisoners, pass stones, handicap, komi and
//! penalties, counted by the interpreter and the engine; every field of the two scores must be
//! equal, or the target panics with the input printed.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(case) = weiqi_harness::scoring_case::ScoreCase::from_bytes(data) else {
        return;
    };
    let mut stats = weiqi_harness::scoring_case::ScoreStats::default();
    if let Err(divergence) = weiqi_harness::scoring_case::run(&case, &mut stats) {
        panic!("{divergence}");
    }
});
