//! The seeds of the `check_score` fuzz target (fuzz/seeds/check_score and
//! fuzz/regressions/check_score), run as a plain test so that a stable toolchain checks them:
//! bytes to a ruling through `weiqi_cli::rule_bytes`, the glue the target calls (issue 9).
//!
//! A seed named `ok-*` must be ruled (exit code 0 for `check` and `score`), `bad-*` must be
//! refused with an error (exit code 2); every seed must end with 0, 1, 2 or 4, never a panic,
//! and a small budget must give an inconclusive answer (4) or the same answer as no budget.

use std::path::{Path, PathBuf};

fn seeds(dir: &str) -> Vec<PathBuf> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz")
        .join(dir);
    // A missing folder is a failure, never a loop over nothing.
    let entries = std::fs::read_dir(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut files: Vec<_> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    files.sort();
    files
}

#[test]
fn check_score_seeds_behave() {
    let files = seeds("seeds/check_score");
    assert!(
        files.len() >= 5,
        "expected the check_score seeds, found {files:?}"
    );
    let regressions = seeds("regressions/check_score");
    assert!(
        !regressions.is_empty(),
        "fuzz/regressions/check_score is empty"
    );
    for file in files.into_iter().chain(regressions) {
        let bytes = std::fs::read(&file).expect("seed readable");
        let name = file
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_owned();
        for score in [false, true] {
            let (code, out) = weiqi_cli::rule_bytes(&bytes, score, Some(1_000_000));
            assert!(
                matches!(code, 0 | 1 | 2 | 4),
                "{name}: exit code {code}\n{out}"
            );
            if name.starts_with("ok-") {
                assert_eq!(code, 0, "{name} (score: {score}):\n{out}");
            } else if name.starts_with("bad-") {
                assert_eq!(code, 2, "{name} (score: {score}):\n{out}");
                assert!(out.contains("error: "), "{name}: {out}");
            }
            let (unbounded, full) = weiqi_cli::rule_bytes(&bytes, score, None);
            let (small, _) = weiqi_cli::rule_bytes(&bytes, score, Some(10));
            assert!(
                small == 4 || small == unbounded,
                "{name}: {small} vs {unbounded}"
            );
            if code != 4 {
                assert_eq!((code, &out), (unbounded, &full), "{name}");
            }
        }
    }
}
