//! Issue 9 ("bounded time and memory on any input, honest inconclusive answers"): every limit
//! of the command line has a clear error and a flag to raise it, and running out of the
//! interpreter's budget is inconclusive (exit code 4), never a ruling.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Runs the binary in the workspace root and checks the exit code; returns stdout and stderr.
fn check(args: &[&str], code: i32) -> (String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_weiqi"))
        .args(args)
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("../.."))
        .output()
        .expect("the binary runs");
    let stdout = String::from_utf8(output.stdout).expect("utf-8 stdout");
    let stderr = String::from_utf8(output.stderr).expect("utf-8 stderr");
    assert_eq!(
        output.status.code(),
        Some(code),
        "{args:?}\nstdout:\n{stdout}\nstderr:\n{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    (stdout, stderr)
}

fn temp(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("weiqi-cli-bounds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path: PathBuf = dir.join(name);
    std::fs::write(&path, text).expect("written");
    path.display().to_string()
}

#[cfg(target_os = "linux")]
#[test]
fn endless_files_end_at_once_with_a_clear_error() {
    // Issue 9, item 2: each of these grew until memory ran out.
    let (_, err) = check(&["check", "/dev/zero"], 2);
    assert!(
        err.contains("larger than the limit of 16777216 bytes (raise it with --max-bytes)"),
        "{err}"
    );
    let (_, err) = check(&["check", "games/sample.sgf", "--rules", "/dev/zero"], 2);
    assert!(
        err.contains("larger than the limit of 1048576 bytes"),
        "{err}"
    );
    let (out, _) = check(&["rules", "lint", "/dev/zero"], 1);
    assert!(
        out.contains("larger than the limit of 1048576 bytes"),
        "{out}"
    );
}

#[test]
fn the_byte_limit_is_raised_by_a_flag() {
    let sample = "games/sample.sgf";
    let size = std::fs::metadata(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../..")
            .join(sample),
    )
    .expect("the sample game")
    .len();
    let below = (size - 1).to_string();
    let (_, err) = check(&["check", sample, "--max-bytes", &below], 2);
    assert!(
        err.contains(&format!("larger than the limit of {below} bytes")),
        "{err}"
    );
    check(&["check", sample, "--max-bytes", &size.to_string()], 0);
}

#[test]
fn a_game_of_too_many_moves_says_so_and_the_limit_is_raised_by_a_flag() {
    // Issue 9: a 10,001-move game was "nested deeper than the limit".
    let moves: String = (0..10_001)
        .map(|i| if i % 2 == 0 { ";B[]" } else { ";W[]" })
        .collect();
    let game = temp("long.sgf", &format!("(;GM[1]SZ[9]RU[Tromp-Taylor]{moves})"));
    let (_, err) = check(&["check", &game], 2);
    assert!(
        err.contains("too many moves: a line of the game tree has more than 10000 nodes")
            && err.contains("--max-moves"),
        "{err}"
    );
    // Under Tromp-Taylor the game ends at the second pass: move 3 is refused, game-over.
    let (out, _) = check(&["check", &game, "--max-moves", "10002", "--json"], 1);
    assert!(out.contains("\"first_illegal\": 3"), "{out}");
}

#[test]
fn the_node_limit_is_raised_by_a_flag() {
    // Issue 9, item 5: one-move variations are refused by the pre-scan beyond the node limit.
    let game = temp(
        "vars.sgf",
        &format!("(;GM[1]SZ[9]{})", "(;B[aa])".repeat(20)),
    );
    let (_, err) = check(&["check", &game, "--max-nodes", "10"], 2);
    assert!(
        err.contains("more than 10 nodes (raise it with --max-nodes)"),
        "{err}"
    );
    check(&["check", &game, "--max-nodes", "21"], 0);
}

#[test]
fn lint_prints_at_most_the_problem_cap_and_counts_the_rest() {
    // Issue 9, item 4: the output of `rules lint` was unbounded.
    let text: String = (0..250).map(|i| format!("unknown-{i} = 1\n")).collect();
    let spec = temp("many.toml", &text);
    let (out, _) = check(&["rules", "lint", &spec], 1);
    assert_eq!(
        out.matches("unknown key").count(),
        weiqi_cli::MAX_PROBLEMS,
        "{out}"
    );
    assert!(
        out.contains("... and 150 more (--max-problems 250 prints them all)\n250 problems\n"),
        "{out}"
    );
    let (out, _) = check(&["rules", "lint", &spec, "--max-problems", "250"], 1);
    assert_eq!(out.matches("unknown key").count(), 250);
    assert!(!out.contains("more ("), "{out}");
}

#[test]
fn running_out_of_budget_is_inconclusive_never_illegal() {
    // Issue 9, "honest answers": out of fuel was `"legal": false` and exit 1.
    let ko = "crates/weiqi-cli/tests/data/illegal-ko.sgf";
    let (out, _) = check(&["check", ko, "--budget", "15", "--json"], 4);
    assert!(out.contains("\"status\": \"inconclusive\""), "{out}");
    assert!(!out.contains("\"legal\": false"), "{out}");
    assert!(!out.contains("out-of-fuel"), "{out}");
    // The budget covers the whole replay: fifteen steps are enough for any one of these moves.
    let (text, _) = check(&["check", ko, "--budget", "15"], 4);
    assert!(
        text.contains("verdict: none: the budget of 15 steps ran out at move 5"),
        "{text}"
    );
    // Enough budget: the same ruling as without one.
    let (with, _) = check(&["check", ko, "--budget", "100000", "--json"], 1);
    let (without, _) = check(&["check", ko, "--json"], 1);
    assert_eq!(with, without);
    // `score` on the same budget is inconclusive too, before or during the count.
    check(&["score", ko, "--budget", "15"], 4);
    let sample = "games/sample.sgf";
    let (out, _) = check(&["score", sample, "--budget", "6000", "--json"], 4);
    assert!(
        out.contains("ran out before the count") && out.contains("counting a 9x9 board takes 6561"),
        "{out}"
    );
    let (with, _) = check(&["score", sample, "--budget", "1000000", "--json"], 0);
    let (without, _) = check(&["score", sample, "--json"], 0);
    assert_eq!(with, without);
}
