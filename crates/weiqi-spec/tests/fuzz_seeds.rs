//! The seeds of the `spec_parse` fuzz target (fuzz/seeds/spec_parse and
//! fuzz/regressions/spec_parse), run as a plain test so that a stable toolchain checks them.
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
fn spec_parse_seeds_behave() {
    let files = seeds("seeds/spec_parse");
    assert!(
        files.len() >= 5,
        "expected the spec_parse seeds, found {files:?}"
    );
    let regressions = seeds("regressions/spec_parse");
    assert!(
        !regressions.is_empty(),
        "fuzz/regressions/spec_parse is empty"
    );
    for file in files.into_iter().chain(regressions) {
        let bytes = std::fs::read(&file).expect("seed readable");
        let name = file
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_owned();
        let result = weiqi_spec::parse_str(&name, &String::from_utf8_lossy(&bytes));
        if name.starts_with("ok-") {
            assert!(
                result.is_ok(),
                "{name} should load: {}",
                result.err().map(|e| e.to_string()).unwrap_or_default()
            );
        } else if name.starts_with("bad-") {
            let errors = result
                .err()
                .unwrap_or_else(|| panic!("{name} should be refused"));
            assert!(
                !errors.to_string().trim().is_empty(),
                "{name}: empty error message"
            );
        }
    }
}
