//! Any bytes given as an SGF file: a record or an error, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(error) = weiqi_sgf::parse("fuzz.sgf", data) {
        let _ = error.to_string();
    }
});
