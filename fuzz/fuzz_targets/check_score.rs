//! Any bytes as a record, through `check` and `score` to a ruling, as a server would run them:
//! an exit code of 0, 1, 2 or 4 and no panic, within a budget (issue 9).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for score in [false, true] {
        let (code, _) = weiqi_cli::rule_bytes(data, score, Some(1_000_000));
        assert!(matches!(code, 0 | 1 | 2 | 4), "exit code {code}");
    }
});
