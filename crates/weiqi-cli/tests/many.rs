//! Many records at once (issue 15 items 1 and 2): `check`, `score` and `diff` over files,
//! directories (recursive, `*.sgf` in any case), collections of several games, bad files,
//! standard input (`-`), shards that partition the file list, JSON Lines, the summary and the
//! exit code of the worst outcome; and `weiqi diff`, whose rulings are those of `check` and
//! `score` under each variant.

use std::collections::BTreeSet;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn data(name: &str) -> Vec<u8> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// The same game with every move legal under every variant (tests/data/handicap.sgf).
const LEGAL: &str = "handicap.sgf";
/// A ko retaken at once: illegal under every variant (tests/data/illegal-ko.sgf).
const KO: &str = "illegal-ko.sgf";

/// A fresh folder under the test's temporary folder.
fn folder(name: &str) -> PathBuf {
    let p = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("many-{name}"));
    let _ = std::fs::remove_dir_all(&p);
    std::fs::create_dir_all(&p).expect("writable");
    p
}

fn write(path: &Path, bytes: &[u8]) {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).expect("writable");
    }
    std::fs::write(path, bytes).expect("writable");
}

/// A tree of records: two legal games, an illegal one, a collection (a legal game and one that
/// is not Go), a truncated file, and files that are not `*.sgf` (not read).
fn corpus(name: &str) -> PathBuf {
    let dir = folder(name);
    write(&dir.join("a-legal.sgf"), &data(LEGAL));
    write(&dir.join("b/ko.SGF"), &data(KO));
    write(&dir.join("b/c/legal.Sgf"), &data(LEGAL));
    let mut collection = data(LEGAL);
    collection.extend_from_slice(b"\n(;GM[2]SZ[8])\n");
    write(&dir.join("b/collection.sgf"), &collection);
    write(&dir.join("broken.sgf"), &data("truncated.sgf"));
    write(&dir.join("notes.txt"), &data(LEGAL));
    write(&dir.join("b/legal.sgf.bak"), &data(LEGAL));
    dir
}

/// Runs the binary in the workspace root with `stdin`; checks the exit code; returns stdout
/// and stderr.
fn run_with(args: &[&str], stdin: &[u8], code: i32) -> (String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_weiqi"))
        .args(args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    if let Some(mut input) = child.stdin.take() {
        input.write_all(stdin).expect("stdin");
    }
    let output = child.wait_with_output().expect("the binary ends");
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

fn run(args: &[&str], code: i32) -> (String, String) {
    run_with(args, b"", code)
}

/// JSON Lines: one object a line.
fn lines(out: &str) -> Vec<Value> {
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not json ({e}): {l}")))
        .collect()
}

fn s(p: &Path) -> String {
    p.display().to_string()
}

#[test]
fn a_directory_gives_a_line_per_game_in_order_and_a_summary() {
    // Issue 15 item 2: recursively, `*.sgf` in any case, collections included, one line per
    // game and a summary; a bad file is reported in its place and the run goes on; the exit
    // code is the worst outcome (an unreadable file: 2).
    let dir = corpus("lines");
    let (out, err) = run(&["check", &s(&dir)], 2);
    assert_eq!(err, "");
    let d = s(&dir);
    let labels: Vec<&str> = out
        .lines()
        .take_while(|l| !l.starts_with("summary:"))
        .map(|l| l.split(": ").next().unwrap_or(""))
        .collect();
    assert_eq!(
        labels,
        [
            format!("{d}/a-legal.sgf"),
            format!("{d}/b/c/legal.Sgf"),
            format!("{d}/b/collection.sgf [1/2]"),
            format!("{d}/b/collection.sgf [2/2]"),
            format!("{d}/b/ko.SGF"),
            format!("{d}/broken.sgf"),
        ]
    );
    assert!(out.contains(&format!(
        "{d}/b/ko.SGF: japanese-1989: move 10 is illegal (ko)\n"
    )));
    assert!(out.contains(&format!(
        "{d}/b/collection.sgf [2/2]: error (not-go): not a game of go (GM[2])\n"
    )));
    assert!(out.contains(&format!("{d}/broken.sgf: error (unclosed-value): ")));
    let summary: String = out
        .lines()
        .skip_while(|l| !l.starts_with("summary:"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(
        summary,
        "summary: 5 files, 5 games\n  every move legal: 3 games\n  an illegal move: 1 game (ko \
         1)\n  unreadable: 1 game (not-go 1); 1 file not read at all (unclosed-value 1)\n"
    );
}

#[test]
fn the_exit_code_is_the_worst_outcome() {
    // Issue 15 item 2 and the batch module's order 0 < 1 (illegal) < 4 (inconclusive) < 2
    // (unreadable) < 3 (the referees disagree).
    let dir = folder("codes");
    let legal = dir.join("legal.sgf");
    let ko = dir.join("ko.sgf");
    let broken = dir.join("broken.sgf");
    write(&legal, &data(LEGAL));
    write(&ko, &data(KO));
    write(&broken, &data("truncated.sgf"));
    run(&["check", &s(&legal), &s(&legal)], 0);
    run(&["check", &s(&legal), &s(&ko)], 1);
    run(&["check", &s(&ko), &s(&broken), &s(&legal)], 2);
    run(&["score", &s(&legal), &s(&ko)], 1);
    // A budget too small for the ko game's replay: inconclusive outranks illegal.
    run(&["check", "--budget", "15", &s(&ko), &s(&ko)], 4);
    run(&["check", "--budget", "15", &s(&ko), &s(&broken)], 2);
    // A file that does not exist is unreadable in its place among the others.
    let (out, _) = run(&["check", &s(&legal), &s(&dir.join("missing.sgf"))], 2);
    assert!(out.contains("missing.sgf: error (io): "), "{out}");
}

#[test]
fn json_lines_hold_the_one_file_objects_with_file_and_game() {
    // Issue 15 item 2: `--json` prints one JSON object per game with the file and the game's
    // index; each is the object the one-file command prints (JSON.md), `game` added. The
    // summary goes to stderr, so stdout is JSON Lines only.
    let dir = corpus("jsonl");
    let (out, err) = run(&["check", &s(&dir), "--json"], 2);
    assert!(err.starts_with("summary: 5 files, 5 games\n"), "{err}");
    let objects = lines(&out);
    assert_eq!(objects.len(), 6);
    let places: Vec<(String, Value)> = objects
        .iter()
        .map(|v| {
            let file = v["file"].as_str().unwrap_or("");
            let file = file.rsplit('/').next().unwrap_or("").to_owned();
            (file, v["game"].clone())
        })
        .collect();
    assert_eq!(
        places,
        [
            ("a-legal.sgf".to_owned(), Value::from(1)),
            ("legal.Sgf".to_owned(), Value::from(1)),
            ("collection.sgf".to_owned(), Value::from(1)),
            ("collection.sgf".to_owned(), Value::from(2)),
            ("ko.SGF".to_owned(), Value::from(1)),
            ("broken.sgf".to_owned(), Value::Null),
        ]
    );
    // The keys keep the one-file order, `file` and `game` first.
    let keys: Vec<&str> = objects[4]
        .as_object()
        .map(|o| o.keys().map(String::as_str).take(3).collect())
        .unwrap_or_default();
    assert_eq!(keys, ["file", "game", "rules"]);
    for (i, name) in [(0, "a-legal.sgf"), (4, "b/ko.SGF")] {
        let path = s(&dir.join(name));
        let code = if name.contains("ko") { 1 } else { 0 };
        let (one, _) = run(&["check", &path, "--json"], code);
        let mut one: Value = serde_json::from_str(&one).expect("json");
        // A file of one game prints the one-file object, pretty and without `game`.
        assert!(one.get("game").is_none());
        if let Some(o) = one.as_object_mut() {
            o.insert("game".into(), Value::from(1));
        }
        assert_eq!(objects[i], one, "{name}");
    }
    assert_eq!(objects[3]["error"]["kind"], "not-go");
    assert_eq!(objects[5]["error"]["kind"], "unclosed-value");
    // `score` too: the score objects, and the check object of the game it cannot score.
    let (out, err) = run(&["score", &s(&dir), "--json"], 2);
    let objects = lines(&out);
    let winners = objects.iter().filter(|v| v["winner"].is_string()).count();
    assert_eq!(winners, 3);
    assert_eq!(objects[4]["first_illegal"], 10);
    let b = objects.iter().filter(|v| v["winner"] == "B").count();
    let w = objects.iter().filter(|v| v["winner"] == "W").count();
    assert!(
        err.contains(&format!("  results: B {b}, W {w}, draw 0, no result 0\n")),
        "{err}"
    );
}

#[test]
fn shards_partition_the_file_list_and_their_lines_concatenate() {
    // Issue 15 item 2: `--shard K/N` splits the list deterministically: the N shares hold
    // every file once, and their JSON Lines together are the whole run's.
    let dir = corpus("shards");
    let (all, _) = run(&["check", &s(&dir), "--json"], 2);
    let whole: BTreeSet<String> = all.lines().map(str::to_owned).collect();
    for n in 1..=4 {
        let mut together = Vec::new();
        for k in 1..=n {
            let shard = format!("{k}/{n}");
            let output = Command::new(env!("CARGO_BIN_EXE_weiqi"))
                .args(["check", &s(&dir), "--json", "--shard", &shard])
                .current_dir(root())
                .output()
                .expect("runs");
            let text = String::from_utf8(output.stdout).expect("utf-8");
            // The same run twice gives the same share.
            let again = Command::new(env!("CARGO_BIN_EXE_weiqi"))
                .args(["check", &s(&dir), "--json", "--shard", &shard, "-j", "1"])
                .current_dir(root())
                .output()
                .expect("runs");
            assert_eq!(String::from_utf8(again.stdout).expect("utf-8"), text);
            together.extend(text.lines().map(str::to_owned));
        }
        let set: BTreeSet<String> = together.iter().cloned().collect();
        assert_eq!(set.len(), together.len(), "a game in two shares of {n}");
        assert_eq!(set, whole, "shares of {n}");
    }
    // A share of one file is still a batch: a line and a summary.
    let one = s(&dir.join("a-legal.sgf"));
    let (out, _) = run(&["check", &one, "--shard", "1/1"], 0);
    assert!(out.contains("summary: 1 file, 1 game\n"), "{out}");
    let (out, _) = run(&["check", &one, "--shard", "2/2"], 0);
    assert!(out.starts_with("summary: 0 files, 0 games\n"), "{out}");
    run(&["check", &one, "--shard", "3/2"], 2);
}

#[test]
fn standard_input_is_read_with_a_dash() {
    // Issue 15 item 2: SGF from standard input with `-`; a single game is the one-file
    // command, named `-`.
    let (out, _) = run_with(&["check", "-", "--json"], &data(KO), 1);
    let v: Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["file"], "-");
    assert_eq!(v["first_illegal"], 10);
    // A collection on standard input, and `-` among files.
    let mut collection = data(LEGAL);
    collection.extend_from_slice(&data(KO));
    let (out, _) = run_with(&["check", "-", "--json"], &collection, 1);
    let objects = lines(&out);
    assert_eq!(objects.len(), 2);
    assert_eq!(objects[0]["file"], "-");
    assert_eq!(objects[1]["game"], 2);
    let dir = folder("stdin");
    write(&dir.join("legal.sgf"), &data(LEGAL));
    let (out, _) = run_with(&["score", &s(&dir), "-"], &data(LEGAL), 0);
    assert!(out.contains("\n-: japanese-1989: "), "{out}");
    assert!(out.contains("summary: 2 files, 2 games\n"), "{out}");
}

#[test]
fn write_takes_one_game() {
    // `score --write` writes one record back: refused for many (exit code 2) before any is
    // ruled.
    let dir = corpus("write");
    let out = s(&dir.join("out.sgf"));
    let (_, err) = run(&["score", &s(&dir), "--write", &out], 2);
    assert!(err.contains("--write"), "{err}");
    assert!(!dir.join("out.sgf").exists());
}

#[test]
fn every_corpus_file_in_one_run_without_a_progress_bar_off_a_terminal() {
    // Issue 15, done when: `check` works on every file of ../shared/corpus/ in one run. The
    // run lasts longer than the bar's delay, and stderr is not a terminal: no bar is drawn
    // (stderr holds only the summary), and there is a JSON line per game the summary counts.
    let corpus = root().join("../shared/corpus");
    assert!(corpus.is_dir(), "the shared corpus is missing");
    let (out, err) = run(&["check", &s(&corpus), "--json"], 2);
    assert!(err.starts_with("summary: "), "{err}");
    assert!(!err.contains('\r') && !err.contains('\u{1b}'), "{err}");
    let games: usize = err
        .split(", ")
        .nth(1)
        .and_then(|g| g.split(' ').next()?.parse().ok())
        .unwrap_or(0);
    let files: usize = err
        .strip_prefix("summary: ")
        .and_then(|f| f.split(' ').next()?.parse().ok())
        .unwrap_or(0);
    assert!(files > 2000, "{err}");
    let objects = lines(&out);
    let file_errors = objects.iter().filter(|v| v["game"].is_null()).count();
    assert_eq!(objects.len(), games + file_errors, "{err}");
}

fn builtins() -> Vec<String> {
    weiqi_spec::builtin_ids()
        .into_iter()
        .map(str::to_owned)
        .collect()
}

#[test]
fn diff_rules_under_every_variant_as_check_and_score_do() {
    // Issue 15 item 1: a row per built-in variant (the list read from weiqi-spec); `--json`
    // gives each variant's rulings in the shapes of `check --json` and `score --json`, equal
    // to what those commands print.
    let game = "games/sample.sgf";
    let (out, _) = run(&["diff", game, "--json"], 1);
    let v: Value = serde_json::from_str(&out).expect("json");
    let ids = builtins();
    assert_eq!(v["variants"], Value::from(ids.clone()));
    let rulings = v["rulings"].as_array().expect("rulings");
    assert_eq!(rulings.len(), ids.len());
    let mut results = BTreeSet::new();
    for (r, id) in rulings.iter().zip(&ids) {
        assert_eq!(r["rules"], id.as_str());
        let (score, _) = run(&["score", game, "--rules", id, "--json"], 0);
        let (check, _) = run(&["check", game, "--rules", id, "--json"], 0);
        assert_eq!(
            r["score"],
            serde_json::from_str::<Value>(&score).expect("json")
        );
        assert_eq!(
            r["check"],
            serde_json::from_str::<Value>(&check).expect("json")
        );
        assert_eq!(r["exit_code"], 0);
        results.insert(r["score"]["result"].to_string());
    }
    // `differing` names a column exactly when its values are not all equal; exit code 1
    // when any differs.
    let differing: Vec<&str> = v["differing"]
        .as_array()
        .expect("differing")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert_eq!(differing.contains(&"result"), results.len() > 1);
    let totals: BTreeSet<String> = rulings
        .iter()
        .map(|r| r["score"]["black"]["total"].to_string())
        .collect();
    assert_eq!(differing.contains(&"black.total"), totals.len() > 1);
    assert!(!differing.is_empty());
    // The table: a row per variant, and a marked cell in the rows that differ.
    let (text, _) = run(&["diff", game], 1);
    for id in &ids {
        assert_eq!(
            text.lines()
                .filter(|l| l.starts_with(&format!("{id} ")))
                .count(),
            1,
            "{id}\n{text}"
        );
    }
    assert!(text.contains('*'), "{text}");
}

#[test]
fn diff_marks_the_cell_that_differs_from_the_others() {
    // Issue 15 item 1 on tests/data/illegal-ko.sgf: White retakes a ko at once. Under
    // japanese-1989 (the basic ko rule, docs/variants.md) the refusal is `ko`; under chinese-1988
    // and tromp-taylor (positional superko) the same move repeats a position, so the superko
    // rule names it. The one cell unlike the others is marked, and the variants agree on the
    // status.
    let game = "crates/weiqi-cli/tests/data/illegal-ko.sgf";
    let rules = "--rules=japanese-1989,chinese-1988,tromp-taylor";
    let (out, _) = run(&["diff", game, rules, "--json"], 1);
    let v: Value = serde_json::from_str(&out).expect("json");
    let reasons: Vec<Value> = v["rulings"]
        .as_array()
        .expect("rulings")
        .iter()
        .map(|r| r["check"]["moves"][9]["reason"].clone())
        .collect();
    let (check, _) = run(&["check", game, "--rules", "tromp-taylor", "--json"], 1);
    let tt: Value = serde_json::from_str(&check).expect("json");
    assert_eq!(reasons[2], tt["moves"][9]["reason"]);
    assert_eq!(v["differing"], serde_json::json!(["first_illegal"]));
    assert!(v["rulings"][0]["score"].is_null());
    let (text, _) = run(&["diff", game, rules], 1);
    let marked: Vec<&str> = text.lines().filter(|l| l.contains('*')).collect();
    assert_eq!(marked.len(), 2, "{text}");
    assert!(marked[0].starts_with("japanese-1989 "), "{text}");
    // The same variant twice agrees with itself: exit code 0, nothing marked.
    let (text, _) = run(&["diff", game, "--rules=korean,korean"], 0);
    assert!(!text.contains('*'), "{text}");
    assert!(
        text.contains("the variants agree on every column"),
        "{text}"
    );
    // --rules and --all together, or an unknown variant: a usage error.
    run(&["diff", game, "--all", "--rules=korean"], 2);
    run(&["diff", game, "--rules=korean,no-such-rules"], 2);
}

#[test]
fn diff_takes_many_files_too() {
    // Issue 15 item 2: `diff` over a directory, one line (or JSON line) per game.
    let dir = corpus("diff");
    let (out, _) = run(&["diff", &s(&dir), "--rules=japanese-1989,tromp-taylor"], 2);
    assert!(out.contains("/a-legal.sgf: 2 variants "), "{out}");
    assert!(out.contains("summary: 5 files, 5 games\n"), "{out}");
    let (out, _) = run(
        &[
            "diff",
            &s(&dir),
            "--rules=japanese-1989,tromp-taylor",
            "--json",
        ],
        2,
    );
    let objects = lines(&out);
    assert_eq!(objects.len(), 6);
    assert_eq!(objects[0]["rulings"].as_array().map(Vec::len), Some(2));
}

#[test]
fn the_diff_and_json_lines_examples_of_json_md_are_the_real_output() {
    // JSON.md's examples are the real output (as tests/cli.rs keeps the others): the fifth
    // `json` block is `weiqi diff`'s, the `jsonl` block the JSON Lines of two files.
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(crate_dir.join("JSON.md")).expect("JSON.md");
    let block = |fence: &str, n: usize| {
        doc.split(fence)
            .nth(n)
            .and_then(|b| b.split("```").next())
            .unwrap_or("")
            .to_owned()
    };
    let run_here = |args: &[&str], code: i32| {
        let output = Command::new(env!("CARGO_BIN_EXE_weiqi"))
            .args(args)
            .current_dir(crate_dir)
            .output()
            .expect("runs");
        assert_eq!(output.status.code(), Some(code), "{args:?}");
        String::from_utf8(output.stdout).expect("utf-8")
    };
    let diff = run_here(
        &[
            "diff",
            "tests/data/centre-5x5.sgf",
            "--rules=japanese-1989,chinese-1988",
            "--json",
        ],
        1,
    );
    let documented: Value = serde_json::from_str(&block("```json\n", 5)).expect("json");
    assert_eq!(
        serde_json::from_str::<Value>(&diff).expect("json"),
        documented
    );
    let jsonl = run_here(
        &[
            "check",
            "tests/data/centre-5x5.sgf",
            "tests/data/truncated.sgf",
            "--json",
        ],
        2,
    );
    assert_eq!(lines(&jsonl), lines(&block("```jsonl\n", 1)));
}

#[test]
fn a_progress_bar_is_drawn_on_a_terminal_for_a_long_run() {
    // Issue 15 item 2: a progress bar on a terminal for long runs. `script` (util-linux, in
    // every Debian) gives the run a terminal; stdout goes to a file, so what the terminal
    // shows is stderr: the bar (`N/2669 files`), redrawn in place, then the summary.
    let corpus = s(&root().join("../shared/corpus"));
    let jsonl = Path::new(env!("CARGO_TARGET_TMPDIR")).join("many-tty.jsonl");
    let command = format!(
        "{} check {corpus} --json --jobs 1 > {}",
        env!("CARGO_BIN_EXE_weiqi"),
        jsonl.display()
    );
    let output = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .current_dir(root())
        .stdin(Stdio::null())
        .output()
        .expect("script runs");
    let tty = String::from_utf8_lossy(&output.stdout);
    assert!(tty.contains(" files, "), "{tty}");
    assert!(
        tty.contains("\r\u{1b}[2K"),
        "the bar is redrawn in place: {tty}"
    );
    assert!(tty.contains("summary: "), "{tty}");
    // The JSON Lines are the same as without a terminal.
    let lines = std::fs::read_to_string(&jsonl).expect("the output");
    assert!(lines.lines().count() > 2000);
}

#[test]
fn a_folder_without_records_is_an_error_not_an_empty_run() {
    // Issue 29 item 5: `weiqi check EMPTY_DIR` said `0 files, 0 games` and exited 0, so a
    // wrong folder in a script went unnoticed.
    let dir = std::env::temp_dir().join(format!("weiqi-many-empty-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("sub")).expect("a folder");
    std::fs::write(dir.join("sub/notes.txt"), "not a record").expect("a file");
    let d = dir.display().to_string();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_weiqi"))
        .args(["check", &d])
        .output()
        .expect("the binary runs");
    let out = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(2), "{out}");
    assert!(
        out.contains(&format!("{d}: error (io)"))
            && out.contains("no *.sgf file below this folder"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
