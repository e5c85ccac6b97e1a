//! The referee choice of `check` and `score` (issue 11 item 4): the engine by default,
//! `--interpreter` for the oracle, `--both` for two independent opinions (exit code 3 and a
//! report of the first divergence when they disagree).

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn run(args: &[&str]) -> (Option<i32>, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_weiqi"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("the binary runs");
    (
        output.status.code(),
        String::from_utf8(output.stdout).expect("utf-8"),
    )
}

/// Every record of the CLI's test data and the sample game.
fn records() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut out: Vec<String> = std::fs::read_dir(&dir)
        .expect("test data")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "sgf"))
        .map(|p| p.display().to_string())
        .collect();
    out.push(root().join("games/sample.sgf").display().to_string());
    out.sort();
    assert!(out.len() >= 3, "records to compare: {out:?}");
    out
}

/// The text before the notes: the ruling, the breakdown and the counting display.
fn before_notes(text: &str) -> &str {
    text.split("\nnotes:\n").next().unwrap_or(text)
}

/// The board diagram: the last lines, from the column letters on.
fn diagram(text: &str) -> &str {
    text.rfind("\n  A ").map_or("", |i| &text[i..])
}

#[test]
fn the_engine_and_the_interpreter_rule_every_record_alike() {
    for file in records() {
        // `check`: the play rules; everything printed must be the same.
        let (engine_code, engine_out) = run(&["check", &file]);
        let (oracle_code, oracle_out) = run(&["check", "--interpreter", &file]);
        assert_eq!(engine_code, oracle_code, "check {file}");
        assert_eq!(engine_out, oracle_out, "check {file}");
        let (both_code, both_out) = run(&["check", "--both", &file]);
        assert_eq!(both_code, engine_code, "check --both {file}:\n{both_out}");
        assert_eq!(both_out, engine_out, "agreement prints the ruling as usual");
        // `score`: the same result, breakdown and counting display.
        let (engine_code, engine_out) = run(&["score", &file]);
        let (oracle_code, oracle_out) = run(&["score", "--interpreter", &file]);
        assert_eq!(engine_code, oracle_code, "score {file}");
        assert_eq!(
            before_notes(&engine_out),
            before_notes(&oracle_out),
            "score {file}"
        );
        // `--both` reports a divergence exactly when the two counts mark a point differently.
        let (both_code, both_out) = run(&["score", "--both", &file]);
        let marks_differ = diagram(&engine_out) != diagram(&oracle_out);
        if marks_differ {
            assert_eq!(both_code, Some(3), "score --both {file}:\n{both_out}");
            assert!(both_out.contains("first different mark"), "{both_out}");
        } else {
            assert_eq!(both_code, engine_code, "score --both {file}:\n{both_out}");
        }
    }
}

#[test]
fn interpreter_and_both_exclude_each_other() {
    let sample = root().join("games/sample.sgf").display().to_string();
    let (code, _) = run(&["check", "--interpreter", "--both", &sample]);
    assert_eq!(code, Some(2), "a usage error");
}
