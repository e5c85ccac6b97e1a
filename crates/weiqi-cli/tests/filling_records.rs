//! The real records of issue 10's agreement table whose count the dame filling of
//! `spec/FILLING.md` decides, scored by both referees (the engine, the default, and the literal
//! interpreter with `--interpreter`). A stone in atari that the opponent captures safely, left
//! unmarked in the opponent's area, looks dead (FILLING.md 2.6 and 5.2, revised for issue 10):
//! its liberty is an exempt dame, so the strings around it are not in seki. Before, that one
//! liberty was a seki point and voided every eye of the opponent's surrounding strings (White
//! lost about 70 points in `kat-gnu.sgf`, and the count of `kisei27_g1.sgf` was 2 points off).

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

/// A record of `../shared/corpus/real-records/gnugo/regression/games/`, beside the clone.
fn record(name: &str) -> PathBuf {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/corpus/real-records/gnugo/regression/games")
        .join(name);
    assert!(path.is_file(), "{} is missing", path.display());
    path
}

/// `weiqi score FILE --json ARGS` under each referee; both must give the same JSON.
fn score(name: &str, args: &[&str]) -> Value {
    let path = record(name);
    let run = |extra: &[&str]| -> Value {
        let out = Command::new(env!("CARGO_BIN_EXE_weiqi"))
            .arg("score")
            .arg(&path)
            .arg("--json")
            .args(args)
            .args(extra)
            .output()
            .expect("weiqi runs");
        assert!(out.status.success(), "{name}: {out:?}");
        serde_json::from_slice(&out.stdout).expect("json")
    };
    let engine = run(&[]);
    let interpreter = run(&["--interpreter"]);
    assert_eq!(engine, interpreter, "{name}: the referees disagree");
    engine
}

fn notes(v: &Value) -> Vec<String> {
    v["notes"]
        .as_array()
        .expect("notes")
        .iter()
        .map(|n| n.as_str().expect("a note").to_owned())
        .collect()
}

// Issue 10 (agreement table): `cgf2002/kat-gnu.sgf`, RE[W+15.5]. Its marks miss two black
// stones in atari inside White's area, `de` (D15, liberty `dd`) and `lm` (L7, liberty `ln`);
// they look dead, no seki, so White keeps its territory (74 points, not 3). Marked dead, as the
// record counted them, the score is the record's.
#[test]
fn kat_gnu_stones_in_atari_look_dead_and_void_nothing_issue_10() {
    let v = score("cgf2002/kat-gnu.sgf", &[]);
    assert_eq!(v["result"], "W+9.5");
    assert_eq!(v["white"]["territory"], 74);
    let notes = notes(&v);
    assert!(
        notes.iter().any(
            |n| n.starts_with("dame left open next to stones that look dead (de, lm), no seki")
        ),
        "{notes:?}"
    );
    assert!(
        !notes.iter().any(|n| n.contains("seki points")),
        "{notes:?}"
    );
    let marks = "jd,pe,qe,se,of,rf,pg,rg,qh,fi,gi,hj,hk,hl,jl,hm,im,jm,jn";
    let all = format!("{marks},de,lm");
    let v = score("cgf2002/kat-gnu.sgf", &["--dead", &all]);
    assert_eq!(v["result"], "W+15.5");
}

// Issue 10 (agreement table): `self_play/354-34-2.sgf`, RE[B+12.5]. The white stone `lf`
// (M14) is in atari inside Black's area, unmarked: it looks dead and its liberty `le` is an
// exempt dame (B+9.5, 3 points less than the record); marked dead, the record's B+12.5.
#[test]
fn gnugo_self_play_354_34_2_stone_in_atari_looks_dead_issue_10() {
    let v = score("self_play/354-34-2.sgf", &[]);
    assert_eq!(v["result"], "B+9.5");
    assert!(
        notes(&v)
            .iter()
            .any(|n| n.starts_with("dame left open next to stones that look dead (lf), no seki")),
        "{:?}",
        notes(&v)
    );
    let v = score("self_play/354-34-2.sgf", &["--dead", "lf"]);
    assert_eq!(v["result"], "B+12.5");
}

// Issue 10 (agreement table): `nando/kisei27_g1.sgf` (27th Kisei, game 1), RE[W+6.5], the
// professionals' count: with the stones in atari that look dead no longer in seki, weiqi's count
// with the record's marks is the record's result.
#[test]
fn kisei27_g1_agrees_with_the_record_issue_10() {
    let v = score("nando/kisei27_g1.sgf", &[]);
    assert_eq!(v["result"], "W+6.5");
    assert_eq!(v["result_source"], "count");
}
