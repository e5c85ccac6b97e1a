//! Any bytes as a generated game (weiqi-harness): the interpreter and the engine agree on every
//! observation after every step, or the case is printed as a ruling file and the target panics.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(case) = weiqi_harness::generate::Case::from_bytes(data) else {
        return;
    };
    let mut stats = weiqi_harness::stats::Stats::default();
    if let Err(divergence) = weiqi_harness::oracle::run(&case, &mut stats) {
        panic!("{divergence}");
    }
});
