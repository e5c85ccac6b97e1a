//! Perft (docs/style.md 21): recomputes every count of the shared data files `perft/*.txt`
//! (the engine checks the same files). The files say which command produced them.

use std::path::PathBuf;

use weiqi_interpreter::perft::{PerftLine, perft};

fn perft_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../perft")
}

/// The one boundary of this test: a data line and the count the interpreter computes.
fn check(file: &str, line: &PerftLine) {
    let rules = weiqi_spec::builtin(&line.variant).expect("a built-in variant");
    let game = line.game(&rules).expect("a valid position");
    assert_eq!(perft(&game, line.depth), line.count, "{file}: {line}");
}

#[test]
fn perft_counts_match_the_data_files() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(perft_dir())
        .expect("the perft folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no perft data files");
    let mut lines = 0;
    for path in files {
        let file = path.display().to_string();
        let text = std::fs::read_to_string(&path).expect("readable");
        assert!(
            text.contains("# Produced by:"),
            "{file} must say how it was produced"
        );
        for raw in text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        {
            let line = PerftLine::parse(raw).unwrap_or_else(|e| panic!("{file}: {e}"));
            check(&file, &line);
            lines += 1;
        }
    }
    assert!(lines >= 50, "only {lines} perft lines");
}

#[test]
fn perft_small_counts_by_hand() {
    // 2x2, Black to move: 4 plays + pass; then White has 3 plays + pass after a play, or 4
    // plays + pass after a pass: 4 * 4 + 5 = 21.
    let line = PerftLine::parse("tromp-taylor 2x2 ../.. B 2 21").expect("valid");
    check("by hand", &line);
}
