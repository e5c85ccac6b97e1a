//! Any bytes given as a spec file: a `Ruleset` or a list of errors, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Err(errors) = weiqi_spec::parse_str("fuzz.toml", &text) {
        // Rendering the errors must not panic either.
        let _ = errors.to_string();
    }
});
