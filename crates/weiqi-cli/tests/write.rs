//! `weiqi score --write` keeps what it did not rule on (issue 15 item 4): it refuses to write
//! over the input file without `--force`, and keeps the record's own TB/TW marks unless
//! `--marks ruling` asks for the ruling's.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A fresh folder for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("weiqi-write-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// The one boundary: runs `weiqi` with `args` and checks the exit code; returns stdout and
/// stderr.
fn check(args: &[&str], code: i32) -> (String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_weiqi"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("the binary runs");
    let stdout = String::from_utf8(output.stdout).expect("utf-8");
    let stderr = String::from_utf8(output.stderr).expect("utf-8");
    assert_eq!(
        output.status.code(),
        Some(code),
        "{args:?}\nstdout:\n{stdout}\nstderr:\n{stderr}"
    );
    (stdout, stderr)
}

fn read(path: &Path) -> weiqi_sgf::Record {
    weiqi_sgf::parse("written.sgf", &std::fs::read(path).expect("written")).expect("readable")
}

/// The points of `score --json`'s `territory` (the ruling's marks) for one colour.
fn ruling_marks(v: &Value, color: &str) -> Vec<String> {
    v["territory"][color]
        .as_array()
        .expect("a list")
        .iter()
        .map(|p| p.as_str().expect("a point").to_owned())
        .collect()
}

fn sgf_points(points: &[weiqi_core::Point]) -> Vec<String> {
    let mut v: Vec<String> = points.iter().map(|p| p.to_sgf()).collect();
    v.sort();
    v
}

#[test]
fn write_refuses_to_overwrite_the_input_without_force() {
    let dir = scratch("overwrite");
    let game = dir.join("game.sgf");
    std::fs::copy(root().join("games/sample.sgf"), &game).expect("copied");
    let before = std::fs::read(&game).expect("readable");
    let g = game.display().to_string();
    // The same file by another path is the input too, and so is a hard link to it (issue 29
    // item 6: only paths, `./` and symbolic links were recognised).
    let other = dir.join(".").join("game.sgf").display().to_string();
    let link = dir.join("linked.sgf");
    std::fs::hard_link(&game, &link).expect("a hard link");
    let link = link.display().to_string();
    for out in [&g, &other, &link] {
        let (_, err) = check(&["score", &g, "--write", out], 2);
        assert!(
            err.contains("--write would overwrite the input file") && err.contains("--force"),
            "{err}"
        );
        assert_eq!(std::fs::read(&game).expect("readable"), before, "unchanged");
    }
    check(&["score", &g, "--write", &g, "--force"], 0);
    // Written atomically: a new file renamed into place, no temporary left beside it (the hard
    // link keeps the old text: the input's name now holds a new file).
    let names: Vec<String> = std::fs::read_dir(&dir)
        .expect("listed")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    assert!(names.iter().all(|n| !n.contains(".tmp")), "{names:?}");
    assert_eq!(
        std::fs::read(dir.join("linked.sgf")).expect("readable"),
        before
    );
    let text = std::fs::read_to_string(&game).expect("readable");
    assert!(
        text.contains("weiqi score under japanese-1989: W+1.5"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn write_keeps_the_records_own_marks_unless_asked_to_replace_them() {
    // games/sample.sgf marks two dead White stones and one dead Black stone (TB/TW). Ruled with
    // `--dead none`, every stone is alive: the ruling's marks differ from the record's.
    let dir = scratch("marks");
    let out = dir.join("out.sgf");
    let o = out.display().to_string();
    let original = read(&root().join("games/sample.sgf"));
    assert!(!original.territory.black.is_empty() && !original.territory.white.is_empty());
    let (text, _) = check(
        &["score", "games/sample.sgf", "--dead", "none", "--write", &o],
        0,
    );
    assert!(
        text.contains("the record's own TB/TW marks were kept"),
        "{text}"
    );
    let kept = read(&out);
    assert_eq!(kept.territory, original.territory);
    // The result is ruled, and written.
    let (json, _) = check(
        &["score", "games/sample.sgf", "--dead", "none", "--json"],
        0,
    );
    let v: Value = serde_json::from_str(&json).expect("json");
    assert_eq!(
        kept.result.map(|r| r.to_sgf()).as_deref(),
        v["result"].as_str()
    );

    check(
        &[
            "score",
            "games/sample.sgf",
            "--dead",
            "none",
            "--write",
            &o,
            "--marks",
            "ruling",
        ],
        0,
    );
    let replaced = read(&out);
    assert_ne!(replaced.territory, original.territory);
    let mut b = ruling_marks(&v, "black");
    let mut w = ruling_marks(&v, "white");
    b.sort();
    w.sort();
    assert_eq!(sgf_points(&replaced.territory.black), b);
    assert_eq!(sgf_points(&replaced.territory.white), w);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn write_gives_a_record_without_marks_the_rulings() {
    // tests/data/auto-dead.sgf has no TB/TW: the ruling's marks take nothing away.
    let dir = scratch("unmarked");
    let out = dir.join("out.sgf");
    let o = out.display().to_string();
    let game = "crates/weiqi-cli/tests/data/auto-dead.sgf";
    let original = read(&root().join(game));
    assert!(original.territory.black.is_empty() && original.territory.white.is_empty());
    check(&["score", game, "--dead", "auto", "--write", &o], 0);
    let (json, _) = check(&["score", game, "--dead", "auto", "--json"], 0);
    let v: Value = serde_json::from_str(&json).expect("json");
    let mut b = ruling_marks(&v, "black");
    b.sort();
    assert!(!b.is_empty());
    assert_eq!(sgf_points(&read(&out).territory.black), b);
    let _ = std::fs::remove_dir_all(&dir);
}
