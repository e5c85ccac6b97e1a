//! Integration tests of the `weiqi` binary: exit codes, the JSON contract (JSON.md) field by
//! field, the `rules` commands, and bad input (a clear error and exit code 2, never a panic).

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn data(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
        .display()
        .to_string()
}

/// Runs the binary in the workspace root and checks the exit code; returns stdout and stderr.
fn check(args: &[&str], code: i32) -> (String, String) {
    check_in(&root(), args, code)
}

/// Runs the binary in `dir` and checks the exit code; returns stdout and stderr.
fn check_in(dir: &Path, args: &[&str], code: i32) -> (String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_weiqi"))
        .args(args)
        .current_dir(dir)
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

fn json(args: &[&str], code: i32) -> Value {
    let (out, _) = check(args, code);
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{args:?}: not json ({e}):\n{out}"))
}

#[test]
fn score_json_of_the_sample_game() {
    // games/sample.sgf: Japanese rules (J89 Art. 8-10, territory + prisoners), komi 6.5, two
    // dead White stones at the top and one dead Black stone at the bottom, marked TB/TW.
    let v = json(&["score", "games/sample.sgf", "--json"], 0);
    assert_eq!(v["file"], "games/sample.sgf");
    assert_eq!(v["rules"], "japanese-1989");
    assert_eq!(v["komi"], 6.5);
    let side = |c: &str, stones: i64, territory: i64, prisoners: i64, bonus: f64, total: f64| {
        let s = &v[c];
        assert_eq!(s["stones"], stones, "{c}");
        assert_eq!(s["territory"], territory, "{c}");
        assert_eq!(s["prisoners"], prisoners, "{c}");
        assert_eq!(s["pass_stones"], 0, "{c}");
        assert_eq!(s["bonus"].as_f64(), Some(bonus), "{c}");
        assert_eq!(s["penalty"], 0, "{c}");
        assert_eq!(s["total"].as_f64(), Some(total), "{c}");
        assert_eq!(s.as_object().map(|o| o.len()), Some(7), "{c}: {s}");
    };
    side("black", 0, 29, 2, 0.0, 31.0);
    side("white", 0, 25, 1, 6.5, 32.5);
    assert_eq!(v["margin"], -1.5);
    assert_eq!(v["winner"], "W");
    assert_eq!(v["result"], "W+1.5");
    let notes: Vec<&str> = v["notes"]
        .as_array()
        .expect("notes")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(
        notes.contains(&"dead stones from the record's TB/TW marks: fb, gb, dh"),
        "{notes:?}"
    );
    assert_eq!(v.as_object().map(|o| o.len()), Some(17), "{v}");
    // Issue 10 item 5: how the rules, the komi and the result were reached, and the territory.
    assert_eq!(
        (&v["rules_source"], &v["komi_source"], &v["result_source"]),
        (
            &Value::from("record"),
            &Value::from("record"),
            &Value::from("count")
        )
    );
    assert_eq!(v["count"], Value::Null);
    assert_eq!(v["territory"]["black"].as_array().map(Vec::len), Some(29));
    assert_eq!(v["territory"]["white"].as_array().map(Vec::len), Some(25));
    assert_eq!(v["territory"]["black"][0], "aa");
    // Issue 10 item 4: the dead stones and how they were decided.
    assert_eq!(v["dead"]["source"], "sgf");
    assert_eq!(v["dead"]["points"], serde_json::json!(["fb", "gb", "dh"]));
}

#[test]
fn score_under_area_rules_and_with_other_dead_stones() {
    // Chinese (seed 003): stones + territory; the record's komi 6.5 stays.
    let v = json(
        &[
            "score",
            "games/sample.sgf",
            "--rules",
            "chinese-kgs",
            "--json",
        ],
        0,
    );
    assert_eq!(
        (v["black"]["stones"].as_i64(), v["white"]["stones"].as_i64()),
        (Some(14), Some(13))
    );
    assert_eq!(v["margin"], -1.5);
    assert_eq!(v["result"], "W+1.5");
    // Nothing dead: the invading stones stand, and the regions they touch are nobody's.
    let v = json(
        &["score", "games/sample.sgf", "--dead", "none", "--json"],
        0,
    );
    assert_eq!(v["black"]["prisoners"], 0);
    assert_ne!(v["result"], "W+1.5");
    // The same dead stones named in GTP and SGF notation give the sample's ruling.
    let v = json(
        &["score", "games/sample.sgf", "--dead", "F8,gb, D2", "--json"],
        0,
    );
    assert_eq!(v["result"], "W+1.5");
    // --komi overrides the record's KM.
    let v = json(&["score", "games/sample.sgf", "--komi", "0.5", "--json"], 0);
    assert_eq!(
        (v["komi"].as_f64(), v["result"].as_str()),
        (Some(0.5), Some("B+4.5"))
    );
}

#[test]
fn check_json_of_the_sample_game() {
    let v = json(&["check", "games/sample.sgf", "--json"], 0);
    assert_eq!(v["file"], "games/sample.sgf");
    assert_eq!(v["rules"], "japanese-1989");
    let moves = v["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 32);
    assert_eq!(moves[0]["number"], 1);
    assert_eq!(moves[0]["color"], "B");
    assert_eq!(moves[0]["point"], "ee");
    assert_eq!(moves[0]["legal"], true);
    assert_eq!(moves[0]["reason"], Value::Null);
    assert_eq!(moves[0]["captures"], 0);
    assert_eq!(moves[0].as_object().map(|o| o.len()), Some(6));
    assert_eq!(moves[31]["color"], "W");
    assert_eq!(moves[31]["point"], "pass");
    assert_eq!(v["first_illegal"], Value::Null);
    assert_eq!(v["status"], "stopped");
}

#[test]
fn check_json_stops_at_the_first_illegal_move() {
    // J89 Art. 6: the immediate recapture of the ko (move 10) is illegal; the list stops there.
    let v = json(&["check", &data("illegal-ko.sgf"), "--json"], 1);
    let moves = v["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 10);
    assert_eq!(moves[8]["captures"], 1);
    assert_eq!(moves[9]["number"], 10);
    assert_eq!(moves[9]["color"], "W");
    assert_eq!(moves[9]["point"], "bb");
    assert_eq!(moves[9]["legal"], false);
    assert_eq!(moves[9]["reason"], "ko");
    assert_eq!(v["first_illegal"], 10);
    assert_eq!(v["status"], "playing");
    // Under positional superko (Tromp-Taylor) the same retake repeats the board of move 8.
    let v = json(
        &[
            "check",
            &data("illegal-ko.sgf"),
            "--rules",
            "tromp-taylor",
            "--json",
        ],
        1,
    );
    assert_eq!(v["moves"][9]["reason"], "positional-superko");
}

#[test]
fn wrong_turn_and_occupied_are_move_verdicts() {
    // docs/decisions.md 24: a move by the player who moved last is an omitted pass, inserted with
    // a note; --strict rules it wrong-turn.
    let v = json(&["check", &data("wrong-turn.sgf"), "--json"], 0);
    assert_eq!(v["first_illegal"], Value::Null);
    assert_eq!(
        v["inserted_passes"],
        serde_json::json!([{"before": 3, "color": "B"}])
    );
    assert_eq!(v["moves"][2]["number"], 3);
    let v = json(&["check", &data("wrong-turn.sgf"), "--json", "--strict"], 1);
    assert_eq!(
        (
            v["first_illegal"].as_i64(),
            v["moves"][2]["reason"].as_str()
        ),
        (Some(3), Some("wrong-turn"))
    );
    assert_eq!(v["rules"], "chinese-kgs");
    let v = json(&["check", &data("occupied.sgf"), "--json"], 1);
    assert_eq!(v["moves"][1]["reason"], "occupied");
    // score refuses to rule on a game with an illegal move.
    let (out, _) = check(&["score", &data("occupied.sgf")], 1);
    assert!(out.contains("cannot score: move 2 is illegal"), "{out}");
}

#[test]
fn the_rules_are_chosen_and_said() {
    let (out, _) = check(&["check", &data("occupied.sgf")], 1);
    assert!(
        out.contains("rules: japanese-1989 (default: the record has no RU)"),
        "{out}"
    );
    // Its RU is a KataGo rule string for territory rules, which end with KataGo's encore:
    // the default variant, and why.
    let (out, _) = check(&["check", &data("unknown-rules.sgf")], 0);
    assert!(
        out.contains("a KataGo rule string weiqi cannot rule by yet"),
        "{out}"
    );
    let (out, _) = check(
        &[
            "check",
            &data("occupied.sgf"),
            "--rules",
            &data("good-spec.toml"),
        ],
        1,
    );
    assert!(out.contains("rules: good-spec (from --rules)"), "{out}");
}

#[test]
fn unreadable_input_is_exit_2_with_a_clear_error() {
    for (file, message) in [
        ("truncated.sgf", "the file ends inside a property value"),
        (
            "off-board.sgf",
            "node 2: property W: point \"jj\" is off the 9x9 board",
        ),
        ("not-sgf.sgf", "not valid sgf"),
        ("binary.sgf", "not valid sgf"),
        ("no-such-file.sgf", "cannot read the file"),
    ] {
        for command in ["check", "score"] {
            let (out, err) = check(&[command, &data(file)], 2);
            assert!(out.is_empty(), "{out}");
            assert!(
                err.starts_with("error: ") && err.contains(message),
                "{file}: {err}"
            );
        }
    }
    let (_, err) = check(
        &["check", "games/sample.sgf", "--rules", "no-such-rules"],
        2,
    );
    assert!(err.contains("unknown built-in variant"), "{err}");
    let (_, err) = check(&["score", "games/sample.sgf", "--komi", "six"], 2);
    assert!(err.contains("--komi"), "{err}");
    let (_, err) = check(&["score", "games/sample.sgf", "--dead", "zz"], 2);
    assert!(err.contains("--dead"), "{err}");
    let (_, err) = check(&["score", "games/sample.sgf", "--dead", "aa"], 2);
    assert!(err.contains("no stone on aa"), "{err}");
    check(&["check"], 2);
    check(&["frobnicate"], 2);
}

#[test]
fn rules_list_show_lint_diff() {
    let (out, _) = check(&["rules", "list"], 0);
    for id in weiqi_spec::builtin_ids() {
        assert!(
            out.lines().any(|l| l.starts_with(id)),
            "{id} missing:\n{out}"
        );
    }
    // show: the resolved TOML reads back as the same ruleset; JSON has the id.
    let (toml, _) = check(&["rules", "show", "japanese-1989"], 0);
    let back = weiqi_spec::parse_str("japanese-1989.toml", &toml).expect("valid toml");
    assert_eq!(Ok(back), weiqi_spec::builtin("japanese-1989"));
    let v = json(&["rules", "show", &data("good-spec.toml"), "--json"], 0);
    assert_eq!(v["id"], "good-spec");
    assert_eq!(v["scoring"]["tie"], "white");
    // lint: every problem of every file, exit 1.
    let (out, _) = check(&["rules", "lint", &data("good-spec.toml")], 0);
    assert!(out.contains("ok: good-spec"), "{out}");
    let (out, _) = check(
        &[
            "rules",
            "lint",
            &data("good-spec.toml"),
            &data("bad-spec.toml"),
        ],
        1,
    );
    assert!(out.contains("bad-spec.toml:4:6: key `play.ko`"), "{out}");
    assert!(out.contains("scoring.komi"), "{out}");
    assert!(out.contains("scoring.colour"), "{out}");
    assert!(out.contains("3 problems"), "{out}");
    // diff: the keys on which two variants differ, rule keys before the descriptions, exit 1
    // when a rule key differs (as `weiqi diff`; issue 29 item 9).
    let (out, _) = check(
        &["rules", "diff", "japanese-1989", &data("good-spec.toml")],
        1,
    );
    let first_meta = out.find("meta.").expect("the names differ");
    assert!(
        out.find("scoring.komi").is_some_and(|i| i < first_meta),
        "{out}"
    );
    assert!(out.contains("descriptions (meta.*"), "{out}");
    assert!(
        out.contains("scoring.komi\n  japanese-1989: 6.5\n  good-spec:     7.5\n"),
        "{out}"
    );
    assert!(out.contains("scoring.tie\n"), "{out}");
    assert!(!out.contains("play.ko"), "{out}");
    // The same rules under two names: only the descriptions differ, exit 0.
    let (out, _) = check(&["rules", "diff", "korean", "korean"], 0);
    assert!(out.contains("agree on every key"), "{out}");
    check(&["rules", "show", "no-such-rules"], 2);
    // An empty spec file is refused wherever rules are loaded, not only by lint.
    let empty = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-empty-spec.toml");
    std::fs::write(&empty, "# nothing yet\n").expect("writable");
    let empty = empty.display().to_string();
    for args in [
        vec!["rules", "show", empty.as_str()],
        vec!["check", "games/sample.sgf", "--rules", empty.as_str()],
    ] {
        let (_, err) = check(&args, 2);
        assert!(err.contains("the file has no key"), "{args:?}: {err}");
    }
}

#[test]
fn text_output_snapshots() {
    let (out, _) = check(&["score", "games/sample.sgf"], 0);
    insta::assert_snapshot!("score_sample", out);
    let (out, _) = check(&["check", &data("illegal-ko.sgf")], 1);
    insta::assert_snapshot!("check_illegal_ko", out.replace(&data(""), "tests/data/"));
    let (out, _) = check(&["score", &data("no-passes.sgf")], 0);
    insta::assert_snapshot!("score_no_passes", out.replace(&data(""), "tests/data/"));
}

#[test]
fn the_examples_of_json_md_are_the_real_output() {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(crate_dir.join("JSON.md")).expect("JSON.md");
    let blocks: Vec<Value> = doc
        .split("```json\n")
        .skip(1)
        .map(|b| serde_json::from_str(b.split("```").next().unwrap_or("")).expect("valid json"))
        .collect();
    // The fifth, `weiqi diff`'s, and the JSON Lines example are checked in tests/many.rs.
    assert_eq!(blocks.len(), 5);
    let (out, _) = check_in(
        crate_dir,
        &["check", "tests/data/illegal-ko.sgf", "--json"],
        1,
    );
    assert_eq!(
        serde_json::from_str::<Value>(&out).expect("json"),
        blocks[0]
    );
    // Issue 9: running out of budget is inconclusive (exit 4), never `"legal": false`.
    let (out, _) = check_in(
        crate_dir,
        &[
            "check",
            "tests/data/illegal-ko.sgf",
            "--json",
            "--budget",
            "15",
        ],
        4,
    );
    assert_eq!(
        serde_json::from_str::<Value>(&out).expect("json"),
        blocks[1]
    );
    let (out, _) = check(&["score", "games/sample.sgf", "--json"], 0);
    assert_eq!(
        serde_json::from_str::<Value>(&out).expect("json"),
        blocks[2]
    );
    let (out, _) = check(&["score", RESIGNED, "--json"], 0);
    assert_eq!(
        serde_json::from_str::<Value>(&out).expect("json"),
        blocks[3]
    );
}

/// Fuego's regression game, CGOS 2007 (issue 10): `RE[B+Resign]`, play had not stopped.
const RESIGNED: &str = "../shared/corpus/fuego-regression/cgos/2007_189582.sgf";

#[test]
fn play_resumed_after_a_stop_is_followed() {
    // J89 Art. 9: after a dispute play resumes; the record shows moves after both passes.
    let v = json(&["check", &data("resumed.sgf"), "--json"], 0);
    assert_eq!(v["moves"].as_array().map(Vec::len), Some(8));
    assert_eq!(v["status"], "stopped");
    assert_eq!(
        v["notes"][0],
        "play stopped after the passes and resumed before move 5 (white asked)"
    );
}

#[test]
fn handicap_stones_from_the_record_are_the_position() {
    // J89 Art. 2 / fixed placement: HA[2] with AB stones, White moves first.
    let v = json(&["check", &data("handicap.sgf"), "--json"], 0);
    assert_eq!(v["moves"][0]["color"], "W");
    assert_eq!(v["status"], "stopped");
    let v = json(&["score", &data("handicap.sgf"), "--json"], 0);
    assert_eq!(v["komi"], 0.5);
}

#[test]
fn tromp_taylor_ends_at_the_passes_with_every_stone_alive() {
    // docs/variants.md 2.10: two passes end the game; every stone on the board counts (area).
    let v = json(
        &[
            "score",
            "games/sample.sgf",
            "--rules",
            "tromp-taylor",
            "--json",
        ],
        0,
    );
    assert_eq!(
        (v["black"]["stones"].as_i64(), v["white"]["stones"].as_i64()),
        (Some(15), Some(15))
    );
    let notes = v["notes"].to_string();
    assert!(
        notes.contains("the dead stones given are not used"),
        "{notes}"
    );
    assert!(
        notes.contains("the record's result is RE[W+1.5]"),
        "{notes}"
    );
}

#[test]
fn score_writes_the_ruling_back_into_the_record() {
    let out = std::env::temp_dir().join(format!("weiqi-ruled-{}.sgf", std::process::id()));
    let out_s = out.display().to_string();
    check(
        &[
            "score",
            "games/sample.sgf",
            "--komi",
            "0.5",
            "--write",
            &out_s,
        ],
        0,
    );
    let bytes = std::fs::read(&out).expect("written");
    let _ = std::fs::remove_file(&out);
    let ruled = weiqi_sgf::parse("ruled.sgf", &bytes).expect("readable");
    let original = weiqi_sgf::parse(
        "sample.sgf",
        &std::fs::read(root().join("games/sample.sgf")).expect("sample"),
    )
    .expect("readable");
    assert_eq!(ruled.result.map(|r| r.to_sgf()), Some("B+4.5".to_owned()));
    assert_eq!(ruled.moves, original.moves);
    // The marks written are the ruling's: territory plus the dead stones' points.
    assert_eq!(ruled.territory, original.territory);
    let text = String::from_utf8(bytes).expect("utf-8");
    assert!(
        text.contains("weiqi score under japanese-1989: B+4.5 (black 31, white 26.5)"),
        "{text}"
    );
}

#[test]
fn a_long_cycle_voids_the_game() {
    // J89 Art. 12 (docs/variants.md 4.4, eternal life): the third occurrence of the position ends
    // the game without result; `score` rules Void with no count.
    let v = json(&["check", &data("eternal-life.sgf"), "--json"], 0);
    assert_eq!(
        (v["status"].as_str(), v["first_illegal"].is_null()),
        (Some("no-result"), true)
    );
    let v = json(&["score", &data("eternal-life.sgf"), "--json"], 0);
    assert_eq!(
        (v["winner"].as_str(), v["result"].as_str()),
        (Some("none"), Some("Void"))
    );
    assert_eq!(v["margin"], 0);
    assert_eq!(v["notes"][1], "a long cycle ended the game without result");
    // Korean rules: the same cycle is a draw.
    let v = json(
        &[
            "score",
            &data("eternal-life.sgf"),
            "--rules",
            "korean",
            "--json",
        ],
        0,
    );
    assert_eq!(
        (v["winner"].as_str(), v["result"].as_str()),
        (Some("draw"), Some("0"))
    );
}

#[test]
fn dead_stones_by_the_estimate_and_by_gnu_go() {
    // Issue 10 item 4: `--dead auto` marks the white stone inside Black's unconditionally alive
    // area (Benson), names its source in the JSON and counts as if the stone had been given;
    // `--dead gnugo` refuses a board GNU Go cannot play, with a clear error.
    let file = data("auto-dead.sgf");
    let auto = json(
        &[
            "score",
            &file,
            "--rules",
            "chinese-1988",
            "--dead",
            "auto",
            "--json",
        ],
        0,
    );
    // `--dead auto` is the status judge (issue 25): the stone is proved dead, and the
    // judgement travels in the JSON.
    assert_eq!(auto["dead"]["source"], "judge");
    assert_eq!(auto["dead"]["points"], serde_json::json!(["da"]));
    let strings = auto["dead"]["judgement"]["strings"]
        .as_array()
        .expect("the judgement's strings");
    assert!(
        strings
            .iter()
            .any(|s| s["stones"] == serde_json::json!(["da"]) && s["status"] == "dead"),
        "{auto}"
    );
    let given = json(
        &[
            "score",
            &file,
            "--rules",
            "chinese-1988",
            "--dead",
            "da",
            "--json",
        ],
        0,
    );
    assert_eq!(given["dead"]["source"], "given");
    assert_eq!(auto["margin"], given["margin"]);
    assert_eq!(auto["result"], given["result"]);
    // Without marks and without --dead, a variant that leaves dead stones to the players has
    // them judged (docs/decisions.md 28); `--dead none` counts the stone alive, and says so.
    let judged = json(&["score", &file, "--rules", "chinese-1988", "--json"], 0);
    assert_eq!(judged["dead"]["source"], "judge");
    assert_eq!(judged["dead"]["points"], serde_json::json!(["da"]));
    let none = json(
        &[
            "score",
            &file,
            "--rules",
            "chinese-1988",
            "--dead",
            "none",
            "--json",
        ],
        0,
    );
    assert_eq!(none["dead"]["source"], "none");
    assert_eq!(none["dead"]["unsettled"], serde_json::json!(["da"]));
    assert!(
        none["notes"].as_array().expect("notes").iter().any(|n| n
            .as_str()
            .is_some_and(|n| n.contains("assumes alive") && n.contains("da"))),
        "{none}"
    );
    assert_ne!(none["margin"], auto["margin"]);
    let (_, err) = check(
        &["score", &file, "--rules", "chinese-1988", "--dead", "gnugo"],
        2,
    );
    assert!(
        err.contains("gnu go plays square boards up to 19x19 only, not 6x4"),
        "{err}"
    );
}

#[test]
fn ing_stop_agreement_and_two_more_passes_is_the_normal_end_issue_8() {
    // Issue 8 item 2, docs/decisions.md 3 revised, seed 000: stop, agreement on the marked dead
    // stone `bc`, then the two further passes: B+1 (it scored W+36 "every stone alive"). The
    // same record ending at the stop scores B+1 too; four passes without marks are a dispute
    // played out: every stone alive.
    for (file, result, margin) in [
        ("ing-normal-end.sgf", "B+1", 1.0),
        ("ing-stop-marked.sgf", "B+1", 1.0),
        ("ing-four-passes-unmarked.sgf", "W+36", -36.0),
    ] {
        let v = json(&["score", &data(file), "--json"], 0);
        assert_eq!(v["rules"], "ing-1996", "{file}");
        assert_eq!(v["result"], result, "{file}");
        assert_eq!(v["margin"].as_f64(), Some(margin), "{file}");
    }
    let v = json(&["score", &data("ing-normal-end.sgf"), "--json"], 0);
    let notes = v["notes"].to_string();
    assert!(notes.contains("end the game by that agreement"), "{notes}");
    assert!(!notes.contains("resumed"), "{notes}");
}

#[test]
fn handicap_1_takes_the_handicap_komi_issue_8() {
    // Issue 8 item 3, docs/decisions.md 21: `HA[1]` under AGA is a handicap game: komi 0.5, not
    // 7.5.
    let v = json(&["score", &data("aga-handicap-1.sgf"), "--json"], 0);
    assert_eq!(v["rules"], "aga");
    assert_eq!(v["komi"].as_f64(), Some(0.5));
}

#[test]
fn a_size_the_variant_does_not_prescribe_is_ruled_with_a_note_issue_8() {
    // Issue 8 item 9, docs/decisions.md 25: a 5x5 game under Ing is ruled, with a note; --strict
    // refuses it.
    let v = json(&["score", &data("ing-5x5.sgf"), "--json"], 0);
    assert_eq!(v["rules"], "ing-1996");
    let notes = v["notes"].to_string();
    assert!(
        notes.contains("the 5x5 board is not a size the variant's text prescribes"),
        "{notes}"
    );
    let (_, err) = check(&["score", &data("ing-5x5.sgf"), "--strict"], 2);
    assert!(err.contains("does not allow the 5x5 board"), "{err}");
    let (_, err) = check(&["check", &data("ing-5x5.sgf"), "--strict"], 2);
    assert!(err.contains("does not allow the 5x5 board"), "{err}");
}
