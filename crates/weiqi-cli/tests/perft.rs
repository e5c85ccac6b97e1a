//! `weiqi perft` (issue 15 item 5) reproduces the data file `perft/interpreter.txt`
//! (docs/style.md 21) line for line, on the engine and on the interpreter.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The one boundary: `weiqi perft` with `args` prints exactly `expected` (exit code 0).
fn check(args: &[&str], expected: &str) {
    let output = Command::new(env!("CARGO_BIN_EXE_weiqi"))
        .arg("perft")
        .args(args)
        .current_dir(root())
        .output()
        .expect("the binary runs");
    let stdout = String::from_utf8(output.stdout).expect("utf-8");
    let stderr = String::from_utf8(output.stderr).expect("utf-8");
    assert_eq!(output.status.code(), Some(0), "{args:?}: {stderr}");
    assert_eq!(stdout, expected, "weiqi perft {}", args.join(" "));
}

/// The data lines of the file, grouped by start (variant, size, rows, to-move), in order.
fn groups() -> BTreeMap<(String, String, String, String), Vec<String>> {
    let text =
        std::fs::read_to_string(root().join("perft/interpreter.txt")).expect("the perft file");
    let mut groups: BTreeMap<_, Vec<String>> = BTreeMap::new();
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let f: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(f.len(), 6, "{line}");
        let key = (
            f[0].to_owned(),
            f[1].to_owned(),
            f[2].to_owned(),
            f[3].to_owned(),
        );
        groups.entry(key).or_default().push(line.to_owned());
    }
    groups
}

#[test]
fn perft_reproduces_the_data_file_on_both_referees() {
    let groups = groups();
    assert!(groups.len() >= 15, "only {} starts", groups.len());
    let mut lines = 0;
    for ((variant, size, rows, to_move), data) in &groups {
        // The file lists depths 1 to the deepest, in order.
        let depths: Vec<String> = data
            .iter()
            .map(|l| l.split_whitespace().nth(4).expect("a depth").to_owned())
            .collect();
        let expected_depths: Vec<String> = (1..=data.len()).map(|d| d.to_string()).collect();
        assert_eq!(depths, expected_depths, "{variant} {rows}");
        let depth = data.len().to_string();
        let expected = format!("{}\n", data.join("\n"));
        let empty = rows.chars().all(|c| c == '.' || c == '/');
        for referee in [None, Some("--interpreter")] {
            let mut args = vec!["--rules", variant, "--depth", &depth, "--to-move", to_move];
            if empty {
                // The command of issue 15: an empty board of a size.
                args.extend(["--size", size.as_str()]);
            } else {
                args.extend(["--position", rows.as_str()]);
            }
            args.extend(referee);
            check(&args, &expected);
        }
        lines += data.len();
    }
    assert!(lines >= 50, "only {lines} lines");
}

#[test]
fn perft_refuses_a_size_that_contradicts_the_position() {
    let output = Command::new(env!("CARGO_BIN_EXE_weiqi"))
        .args([
            "perft",
            "--size",
            "3x3",
            "--position",
            "../..",
            "--depth",
            "1",
        ])
        .output()
        .expect("the binary runs");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).expect("utf-8");
    assert!(
        stderr.contains("--position is 2x2, --size says 3x3"),
        "{stderr}"
    );
}
