//! Any bytes as a ruleset, a setup and raw actions (weiqi-harness `raw`): plays on any
//! coordinate (off the board and occupied points included), passes, proposals naming any
//! points, resumptions, resignations, by either player in any phase. Both referees must refuse
//! each bad action for the same reason and agree on everything else; a panic is a crash.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(raw) = weiqi_harness::raw::RawCase::from_bytes(data) else {
        return;
    };
    let mut stats = weiqi_harness::raw::RawStats::default();
    if let Err(divergence) = weiqi_harness::raw::run(&raw, &mut stats) {
        panic!("{divergence}");
    }
});
