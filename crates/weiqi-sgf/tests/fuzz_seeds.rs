//! The seeds of the `sgf_parse` fuzz target (fuzz/seeds/sgf_parse and
//! fuzz/regressions/sgf_parse), run as a plain test so that a stable toolchain checks them.
//!
//! A seed named `ok-*` must read, `bad-*` must be refused with a message; any other seed must
//! only not panic.

use std::path::Path;

fn seeds(dir: &str) -> Vec<std::path::PathBuf> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz")
        .join(dir);
    // A missing folder is a failure, never a loop over nothing (issue 9).
    let entries = std::fs::read_dir(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut files: Vec<_> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    files.sort();
    files
}

#[test]
fn sgf_parse_seeds_behave() {
    let files = seeds("seeds/sgf_parse");
    assert!(
        files.len() >= 5,
        "expected the sgf_parse seeds, found {files:?}"
    );
    let regressions = seeds("regressions/sgf_parse");
    assert!(
        !regressions.is_empty(),
        "fuzz/regressions/sgf_parse is empty"
    );
    for file in files.into_iter().chain(regressions) {
        let bytes = std::fs::read(&file).expect("seed readable");
        let name = file
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_owned();
        let result = weiqi_sgf::parse(&name, &bytes);
        if name.starts_with("ok-") {
            assert!(
                result.is_ok(),
                "{name} should read: {}",
                result.err().map(|e| e.to_string()).unwrap_or_default()
            );
        } else if name.starts_with("bad-") {
            let error = result
                .err()
                .unwrap_or_else(|| panic!("{name} should be refused"));
            assert!(
                !error.to_string().trim().is_empty(),
                "{name}: empty error message"
            );
        }
    }
}
