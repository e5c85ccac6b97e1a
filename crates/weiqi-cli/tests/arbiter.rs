//! `weiqi referee` through the real binary (issue 14 items 2 and 3, "Bad input", "Done when").
//!
//! Scripted fake GTP programs (`tests/data/fake_gtp.sh`) play, crash, hang, answer garbage or
//! out of order, play off the board or illegally: each game must end with its reason in the
//! record, in bounded time, with no program left running. Real GNU Go (`/usr/games/gnugo`,
//! which `.ci/run` installs) plays GNU Go and `weiqi gtp` under four variants; every record
//! written must be one `weiqi check` accepts and whose ruling `weiqi score` reproduces exactly.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

const WEIQI: &str = env!("CARGO_BIN_EXE_weiqi");

fn fake() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/fake_gtp.sh")
        .display()
        .to_string()
}

/// The command line of a fake program: its genmove answers, its dead stones, its mode, and a
/// tag that names the test in its command line (to find it among the processes).
fn fake_cmd(moves: &str, dead: &str, mode: &str, tag: &str) -> String {
    format!("sh {} '{moves}' '{dead}' '{mode}' {tag}", fake())
}

/// A fresh directory for one test's records.
fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("weiqi-arbiter-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

/// Runs the binary with `args`; returns the exit code, stdout and stderr. It must exit within
/// `limit` (else it is killed and the test fails).
fn run(args: &[&str], limit: Duration) -> (i32, String, String) {
    let mut child = Command::new(WEIQI)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let drain = |mut r: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = r.read_to_end(&mut bytes);
            String::from_utf8_lossy(&bytes).into_owned()
        })
    };
    let out = drain(Box::new(child.stdout.take().expect("stdout")));
    let err = drain(Box::new(child.stderr.take().expect("stderr")));
    let start = Instant::now();
    let status = loop {
        match child.try_wait().expect("wait") {
            Some(s) => break s,
            None if start.elapsed() > limit => {
                let _ = child.kill();
                let _ = child.wait();
                panic!("weiqi {args:?} did not exit within {limit:?}");
            }
            None => std::thread::sleep(Duration::from_millis(20)),
        }
    };
    let (out, err) = (out.join().expect("stdout"), err.join().expect("stderr"));
    assert!(!err.contains("panicked"), "{err}");
    (status.code().unwrap_or(-1), out, err)
}

/// One match of `weiqi referee --json`: the JSON output and the records' directory.
fn referee(name: &str, rules: &str, black: &str, white: &str, extra: &[&str]) -> (Value, PathBuf) {
    let d = dir(name);
    let sgf_dir = d.display().to_string();
    let mut args = vec!["referee", "--rules", rules, "--size", "9"];
    if !extra.contains(&"--move-time") {
        args.extend(["--move-time", "2"]);
    }
    args.extend([
        "--json",
        "--sgf-dir",
        &sgf_dir,
        "--black",
        black,
        "--white",
        white,
    ]);
    args.extend_from_slice(extra);
    let (code, out, err) = run(&args, Duration::from_secs(120));
    assert_eq!(code, 0, "{err}");
    let json: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"));
    (json, d)
}

/// A record `weiqi check` accepts (every move legal) and whose result `weiqi score` rules
/// exactly as the record's `RE` (issue 14 "Done when"); returns that result.
fn reproduced(path: &Path, rules: &str) -> String {
    let file = path.display().to_string();
    let (code, out, err) = run(&["check", &file, "--rules", rules], Duration::from_secs(60));
    assert_eq!(code, 0, "{file}: {out}{err}");
    let text = std::fs::read_to_string(path).expect("record");
    let re = text
        .split("RE[")
        .nth(1)
        .and_then(|r| r.split(']').next())
        .unwrap_or_else(|| panic!("{file} has no RE"))
        .to_owned();
    let (code, out, err) = run(
        &["score", &file, "--rules", rules, "--json"],
        Duration::from_secs(60),
    );
    assert_eq!(code, 0, "{file}: {err}");
    let json: Value = serde_json::from_str(&out).expect("score json");
    assert_eq!(
        json["result"],
        re.as_str(),
        "{file}: weiqi score\n{out}\n{text}"
    );
    re
}

/// The processes whose command line holds `tag`.
fn running(tag: &str) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        if let Ok(bytes) = std::fs::read(entry.path().join("cmdline")) {
            let cmd = String::from_utf8_lossy(&bytes).replace('\0', " ");
            if cmd.contains(tag) && cmd.contains("fake_gtp") {
                found.push(cmd);
            }
        }
    }
    found
}

fn game(json: &Value, i: usize) -> &Value {
    &json["games"][i]
}

#[test]
fn a_finished_game_is_counted_and_its_record_reproduces_the_ruling() {
    // Issue 14 item 2: the variant's end (J89: two passes stop play, the players agree on the
    // dead stones they name; Tromp-Taylor: two passes end it, all alive), the count, one SGF
    // per game with RE, TB/TW and a comment naming the variant.
    let (json, d) = referee(
        "finished",
        "japanese-1989",
        &fake_cmd("E5", "", "", "finished"),
        &fake_cmd("C3", "", "", "finished"),
        &[],
    );
    let g = game(&json, 0);
    // Black E5 and White C3 on an empty 9x9: no territory, komi 6.5.
    assert_eq!(g["result"], "W+6.5", "{json}");
    assert_eq!(g["moves"], 4);
    assert!(g["fault"].is_null());
    assert!(
        g["reason"].as_str().expect("reason").contains("agreed"),
        "{g}"
    );
    let record = d.join("game-001.sgf");
    assert_eq!(reproduced(&record, "japanese-1989"), "W+6.5");
    let text = std::fs::read_to_string(&record).expect("record");
    assert!(text.contains("RU[Japanese]"), "{text}");
    assert!(text.contains("PB[fake 1]"), "{text}");
    assert!(
        text.contains("weiqi referee under japanese-1989 (Japanese 1989): W+6.5"),
        "{text}"
    );
    let (json, d) = referee(
        "finished-tt",
        "tromp-taylor",
        &fake_cmd("E5 D5", "", "", "finished"),
        &fake_cmd("pass", "", "", "finished"),
        &[],
    );
    // Tromp-Taylor: black E5 D5 and the whole empty board (area, all alive) = 81 - 7.5.
    assert_eq!(game(&json, 0)["result"], "B+73.5", "{json}");
    assert_eq!(
        reproduced(&d.join("game-001.sgf"), "tromp-taylor"),
        "B+73.5"
    );
}

#[test]
fn every_misbehaviour_ends_the_game_with_its_reason_and_leaves_no_program_running() {
    // Issue 14 "Bad input": a program that crashes, hangs, answers garbage or binary bytes,
    // answers out of order or before being asked, plays off the board or an illegal move,
    // refuses the setup, cannot start, or ignores quit. Each ends the game at once with a
    // clear reason; every wait is bounded (--move-time 2); no program is left behind.
    let tag = "misbehaviour";
    let ok = |moves: &str| fake_cmd(moves, "", "", tag);
    let cases: Vec<(&str, String, String, &str, &str, &str)> = vec![
        // (name, black, white, RE, fault kind, text in the reason)
        (
            "crash",
            ok("E5 die"),
            ok("C3"),
            "W+F",
            "forfeit",
            "exited before answering",
        ),
        (
            "hang",
            ok("E5"),
            ok("hang"),
            "B+T",
            "time",
            "no answer to \"genmove white\"",
        ),
        (
            "garbage",
            ok("garbage"),
            ok(""),
            "W+F",
            "forfeit",
            "is not GTP",
        ),
        (
            "binary",
            ok("binary"),
            ok(""),
            "W+F",
            "forfeit",
            "is not GTP",
        ),
        (
            "twice",
            ok("E5 C4"),
            ok("twice"),
            "B+F",
            "forfeit",
            "out of order",
        ),
        (
            "wrong id",
            ok("wrongid"),
            ok(""),
            "W+F",
            "forfeit",
            "out of order",
        ),
        (
            "early",
            fake_cmd("", "", "early", tag),
            ok(""),
            "W+F",
            "forfeit",
            "out of order",
        ),
        (
            "off board",
            ok("J10"),
            ok(""),
            "W+F",
            "illegal",
            "(off-board)",
        ),
        (
            "occupied",
            ok("E5 E5"),
            ok("C3"),
            "W+F",
            "illegal",
            "(occupied)",
        ),
        (
            "not a vertex",
            ok("E5"),
            ok("4d"),
            "B+F",
            "forfeit",
            "not a vertex",
        ),
        (
            "setup refused",
            ok(""),
            fake_cmd("", "", "nosize", tag),
            "B+F",
            "forfeit",
            "the setup command \"boardsize 9\"",
        ),
        (
            "bad dead stones",
            fake_cmd("E5", "Z", "", tag),
            ok(""),
            "W+F",
            "forfeit",
            "not a vertex of the board",
        ),
        (
            "dead stones on no stone",
            fake_cmd("E5", "A1", "", tag),
            ok(""),
            "W+F",
            "forfeit",
            "dead stones the referee refuses",
        ),
        (
            "resign",
            ok("E5 resign"),
            ok("C3"),
            "W+R",
            "",
            "black resigned at move 3",
        ),
    ];
    for (name, black, white, re, kind, why) in &cases {
        let start = Instant::now();
        let (json, d) = referee(&name.replace(' ', "-"), "japanese-1989", black, white, &[]);
        let g = game(&json, 0);
        assert_eq!(g["result"], *re, "{name}: {g}");
        if kind.is_empty() {
            assert!(g["fault"].is_null(), "{name}: {g}");
        } else {
            assert_eq!(g["fault"]["kind"], *kind, "{name}: {g}");
        }
        let reason = g["reason"].as_str().expect("reason");
        assert!(reason.contains(why), "{name}: {reason}");
        // The record says why, and `weiqi score` takes its forfeit, time or resignation.
        let record = d.join("game-001.sgf");
        let text = std::fs::read_to_string(&record).expect("record");
        let first_line = reason.lines().next().unwrap_or_default();
        let escaped = first_line.replace('\\', "\\\\").replace(']', "\\]");
        assert!(text.contains(&escaped), "{name}: {text}");
        assert_eq!(reproduced(&record, "japanese-1989"), *re, "{name}");
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "{name}: {:?}",
            start.elapsed()
        );
        assert_eq!(running(tag), Vec::<String>::new(), "{name}: left running");
    }
    // A program that writes for ever without ending its answer: cut off at the answer-line
    // limit or the time limit, whichever comes first; it loses either way.
    let (json, _) = referee("flood", "japanese-1989", &ok("flood"), &ok(""), &[]);
    let g = game(&json, 0);
    assert_eq!(g["winner"], "W", "{g}");
    assert!(
        ["forfeit", "time"].contains(&g["fault"]["kind"].as_str().unwrap_or_default()),
        "{g}"
    );
    assert_eq!(running(tag), Vec::<String>::new(), "flood: left running");
    // A program that ignores quit is killed and reaped all the same.
    let (json, _) = referee(
        "stubborn",
        "japanese-1989",
        &fake_cmd("E5", "", "stubborn", tag),
        &fake_cmd("C3", "", "stubborn", tag),
        &[],
    );
    assert_eq!(game(&json, 0)["result"], "W+6.5", "{json}");
    assert_eq!(running(tag), Vec::<String>::new(), "stubborn: left running");
}

#[test]
fn a_program_that_cannot_start_or_dies_before_its_first_move_stops_the_run_issue_28() {
    // Issue 28 item 3: not a forfeit of that player but an error of the run: a clear message,
    // a non-zero exit, no result recorded for either program (no record, no summary).
    let tag = "broken";
    let ok = |moves: &str| fake_cmd(moves, "", "", tag);
    let missing = format!("/nonexistent/gtp-program {tag}");
    let cases = [
        (
            "cannot start, black",
            missing.clone(),
            ok(""),
            "black's program",
        ),
        ("cannot start, white", ok("E5"), missing, "white's program"),
        (
            "dies at its first genmove",
            ok("die"),
            ok(""),
            "black's program",
        ),
        (
            "dies at its first genmove, after black's move",
            ok("E5"),
            ok("die"),
            "white's program",
        ),
        (
            "exits at once",
            "sh -c 'exit 0'".to_owned(),
            ok(""),
            "black's program",
        ),
    ];
    for (name, black, white, who) in &cases {
        let d = dir(&format!("broken-{}", name.replace([' ', ','], "-")));
        let sgf = d.display().to_string();
        let (code, out, err) = run(
            &[
                "referee",
                "--rules",
                "japanese-1989",
                "--size",
                "9",
                "--move-time",
                "5",
                "--sgf-dir",
                &sgf,
                "--json",
                "--black",
                black,
                "--white",
                white,
            ],
            Duration::from_secs(60),
        );
        assert_eq!(code, 2, "{name}: {out}");
        assert!(err.contains(who), "{name}: {err}");
        assert!(
            err.contains("cannot start") || err.contains("exited before its first move"),
            "{name}: {err}"
        );
        assert!(err.contains("no result is recorded"), "{name}: {err}");
        assert!(out.trim().is_empty(), "{name}: no summary: {out}");
        assert!(!d.join("game-001.sgf").exists(), "{name}: no record");
        assert_eq!(running(tag), Vec::<String>::new(), "{name}: left running");
    }
    // A crash after the program's first move stays a forfeit (the `crash` case of
    // every_misbehaviour_ends_the_game_with_its_reason_and_leaves_no_program_running).
}

#[test]
fn an_answer_of_many_long_lines_is_capped_and_quoted_in_a_line_issue_28() {
    // Issue 28 item 4: 20,000 lines of 64 KiB used to be buffered whole (1.34 GB); the answer
    // is now cut at 1 MiB, a forfeit of its program, quoted in at most a line.
    let tag = "bigline";
    let (json, _) = referee(
        "big-answer",
        "japanese-1989",
        &fake_cmd("E5 big", "", "", tag),
        &fake_cmd("C3", "", "", tag),
        &[],
    );
    let g = game(&json, 0);
    assert_eq!(g["result"], "W+F", "{g}");
    assert_eq!(g["fault"]["kind"], "forfeit", "{g}");
    let reason = g["reason"].as_str().expect("reason");
    assert!(reason.contains("longer than 1048576 bytes"), "{reason}");
    assert!(reason.len() < 500 && !reason.contains('\n'), "{reason}");
    assert_eq!(running(tag), Vec::<String>::new(), "left running");
}

#[test]
fn disputes_resume_play_and_the_variant_ends_the_game() {
    // Issue 14 item 2: different dead stones are a dispute; play resumes with turns kept
    // (docs/variants.md 3.e). AGA (seed 004 rule 9): four passes in a row, across the stop, end the
    // game with every stone alive, White passing last. J89 has no final end: after
    // MAX_DISPUTES resumptions the referee ends it without result. Ing (seed 000, docs/decisions.md
    // 3): after the agreement the players pass again, and the game ends by that agreement.
    let tag = "disputes";
    let (json, d) = referee(
        "aga-dispute",
        "aga",
        &fake_cmd("E5", "", "", tag),
        &fake_cmd("", "E5", "", tag),
        &[],
    );
    let g = game(&json, 0);
    assert_eq!(g["disputes"].as_array().expect("disputes").len(), 1, "{g}");
    assert!(
        g["disputes"][0]
            .as_str()
            .expect("text")
            .starts_with("dispute after move 3: black names dead none, white names dead E5"),
        "{g}"
    );
    // E5 alive: Black 80 points of territory; White: komi 7.5, one pass stone more (White's
    // last pass is Black's; B passed twice, W three times incl. the one added).
    assert!(
        g["reason"]
            .as_str()
            .expect("reason")
            .contains("every stone alive"),
        "{g}"
    );
    let record = d.join("game-001.sgf");
    let re = reproduced(&record, "aga");
    assert_eq!(g["result"], re.as_str());
    let text = std::fs::read_to_string(&record).expect("record");
    assert!(text.contains("dispute after move 3"), "{text}");

    // KGS's modes (issue 28 item 3): under area scoring play resumes with cleanup, each
    // program that knows kgs-genmove_cleanup asked with it (this one resigns when asked);
    // under Japanese rules with genmove (the same program then just passes).
    let (json, _) = referee(
        "chinese-cleanup",
        "chinese-kgs",
        &fake_cmd("E5", "", "cleanup", tag),
        &fake_cmd("", "E5", "cleanup", tag),
        &[],
    );
    let g = game(&json, 0);
    assert_eq!(g["disputes"].as_array().expect("disputes").len(), 1, "{g}");
    // White moves first after the resumption and is asked for a cleanup move.
    assert_eq!(g["result"], "B+R", "{g}");
    assert_eq!(g["reason"], "white resigned at move 4", "{g}");
    let (json, _) = referee(
        "j89-no-cleanup",
        "japanese-1989",
        &fake_cmd("E5", "", "cleanup", tag),
        &fake_cmd("", "E5", "cleanup", tag),
        &[],
    );
    assert_eq!(game(&json, 0)["result"], "B+73.5", "{json}");

    let (json, _) = referee(
        "j89-dispute",
        "japanese-1989",
        &fake_cmd("E5", "", "", tag),
        &fake_cmd("", "E5", "", tag),
        &[],
    );
    // After MAX_DISPUTES resumptions the status judge settles the disputed string (issue 28:
    // no Void over stones the judge settles): the lone black stone on the empty board is alive.
    let g = game(&json, 0);
    let disputes = g["disputes"].as_array().expect("disputes");
    assert_eq!(disputes.len(), 4, "{g}");
    let first = disputes[0].as_str().expect("text");
    assert!(
        first.contains(
            "disputed: E5 (black): black's program says alive, white's dead, the judge alive"
        ),
        "{first}"
    );
    let last = disputes[3].as_str().expect("text");
    assert!(
        last.contains("the status judge settles the disputed strings (dead: none)"),
        "{last}"
    );
    assert_eq!(g["result"], "B+73.5", "{g}");

    let (json, d) = referee(
        "ing-agreement",
        "ing-1996",
        &fake_cmd("E5", "", "", tag),
        &fake_cmd("", "", "", tag),
        &[],
    );
    let g = game(&json, 0);
    // Black E5 and the 80 empty points (area), komi 8: B+73; four passes after E5.
    assert_eq!(g["result"], "B+73", "{g}");
    assert_eq!(g["moves"], 5, "{g}");
    assert_eq!(reproduced(&d.join("game-001.sgf"), "ing-1996"), "B+73");

    // A program without final_status_list names no dead stones (a note says so).
    let (json, _) = referee(
        "nofinal",
        "japanese-1989",
        &fake_cmd("E5", "", "nofinal", tag),
        &fake_cmd("C3", "", "", tag),
        &[],
    );
    let g = game(&json, 0);
    assert_eq!(g["result"], "W+6.5", "{g}");
    assert!(
        g["notes"][0]
            .as_str()
            .expect("note")
            .contains("final_status_list"),
        "{g}"
    );
}

#[test]
fn a_move_the_variant_counts_as_a_pass_does_not_lose() {
    // Issue 14 item 2 "unless the variant rules otherwise": Ing's one-stone suicide is a pass
    // (seed 000, `play.single-stone-suicide = "pass"`), not an illegal move: the game goes on,
    // the opponent is told `pass`, and the record keeps the move as played. Under Japanese 1989
    // the same move is illegal and loses.
    let tag = "suicide";
    let black = fake_cmd("E5 E6 A1", "", "", tag);
    let white = fake_cmd("B1 A2", "", "", tag);
    let (json, d) = referee("ing-suicide", "ing-1996", &black, &white, &[]);
    let g = game(&json, 0);
    assert!(g["fault"].is_null(), "{g}");
    assert!(!g["margin"].is_null(), "counted: {g}");
    let record = d.join("game-001.sgf");
    let text = std::fs::read_to_string(&record).expect("record");
    assert!(text.contains(";B[ai]"), "{text}");
    assert_eq!(
        reproduced(&record, "ing-1996"),
        g["result"].as_str().expect("re")
    );
    let (json, _) = referee("j89-suicide", "japanese-1989", &black, &white, &[]);
    let g = game(&json, 0);
    assert_eq!(g["result"], "W+F", "{g}");
    assert!(
        g["reason"].as_str().expect("reason").contains("(suicide)"),
        "{g}"
    );
}

#[test]
fn colours_alternate_on_an_even_number_of_games_and_the_summary_counts_them() {
    // Issue 14 item 2: colours alternate where --games is even; the summary table counts wins
    // per program and colour, the average margin, disputes, illegal moves and time losses.
    let tag = "summary";
    let a = fake_cmd("E5", "", "", tag);
    let b = fake_cmd("C3", "", "", tag);
    let (json, _) = referee("alternate", "japanese-1989", &a, &b, &["--games", "2"]);
    assert_eq!(game(&json, 0)["black_program"], "A");
    assert_eq!(game(&json, 1)["black_program"], "B");
    // Game 1: A black E5, B white C3, two passes: W+6.5 for B. Game 2: B black C3, A white
    // E5: W+6.5 for A.
    assert_eq!(game(&json, 0)["result"], "W+6.5");
    assert_eq!(game(&json, 1)["result"], "W+6.5");
    let a_line = &json["programs"][0];
    assert_eq!(a_line["wins"], 1, "{json}");
    assert_eq!(a_line["wins_white"], 1);
    assert_eq!(a_line["wins_black"], 0);
    assert_eq!(a_line["games_black"], 1);
    assert_eq!(a_line["average_margin"], 0.0, "-6.5 then +6.5");
    assert_eq!(json["disputes"], 0);
    // B plays C3 twice: occupied in both games (as White after A's pass, as Black at once).
    let b = fake_cmd("C3 C3", "", "", tag);
    let (json, _) = referee("illegal", "japanese-1989", &a, &b, &["--games", "2"]);
    assert_eq!(game(&json, 0)["result"], "B+F", "{json}");
    assert_eq!(game(&json, 1)["result"], "W+F", "{json}");
    assert_eq!(json["programs"][0]["wins"], 2);
    assert_eq!(json["programs"][1]["illegal_moves"], 2);
    assert_eq!(json["programs"][0]["average_margin"], Value::Null);
    // Odd --games: A keeps Black.
    let (json, _) = referee("odd", "japanese-1989", &a, &b, &["--games", "3"]);
    for i in 0..3 {
        assert_eq!(game(&json, i)["black_program"], "A");
    }
    // The table, with a progress line per game on stderr.
    let d = dir("table");
    let sgf_dir = d.display().to_string();
    let (code, out, err) = run(
        &[
            "referee",
            "--rules",
            "aga",
            "--size",
            "9",
            "--games",
            "2",
            "--sgf-dir",
            &sgf_dir,
            "--black",
            &a,
            "--white",
            &b,
        ],
        Duration::from_secs(60),
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        err.starts_with("game 1/2: A (black) vs B (white): "),
        "{err}"
    );
    assert!(
        err.contains("\ngame 2/2: B (black) vs A (white): W+F in 2 moves"),
        "{err}"
    );
    assert!(
        out.starts_with("weiqi referee: 2 games under aga (AGA), 9x9, komi 7.5"),
        "{out}"
    );
    // Program B's line: 2 games, no win, 2 illegal moves.
    let b_line = out
        .lines()
        .find(|l| l.starts_with("B "))
        .unwrap_or_else(|| panic!("{out}"));
    let cells: Vec<&str> = b_line.split_whitespace().collect();
    assert_eq!(
        cells[..9],
        ["B", "2", "0", "0/1", "0/1", "0", "0", "-", "2"],
        "{out}"
    );
    assert!(out.contains("\ndisputes: 0\n"), "{out}");
    assert!(d.join("game-002.sgf").exists());
}

#[test]
fn handicap_stones_are_sent_and_written_as_setup() {
    // Issue 14 item 2: the setup, handicap included: the variant's points (GTP's where it has
    // none) sent with set_free_handicap; HA and AB in the record; White moves first
    // (docs/decisions.md 21-22).
    let tag = "handicap";
    let (json, d) = referee(
        "handicap",
        "japanese-1989",
        &fake_cmd("", "", "", tag),
        &fake_cmd("E5", "", "", tag),
        &["--handicap", "2"],
    );
    let g = game(&json, 0);
    assert_eq!(json["komi"], 0, "{json}");
    let record = d.join("game-001.sgf");
    let text = std::fs::read_to_string(&record).expect("record");
    assert!(text.contains("HA[2]"), "{text}");
    assert!(text.contains("AB[gc][cg]"), "{text}");
    assert!(text.contains(";W[ee]"), "{text}");
    assert_eq!(
        reproduced(&record, "japanese-1989"),
        g["result"].as_str().expect("re")
    );
}

#[test]
fn bad_arguments_are_refused_before_any_program_starts() {
    // Issue 9: clear errors, exit code 2.
    let p = fake_cmd("", "", "", "args");
    for (extra, message) in [
        (vec!["--size", "30"], "--size 30"),
        (vec!["--games", "0"], "--games"),
        (vec!["--move-time", "0"], "--move-time"),
        (
            vec!["--move-time", "1e300"],
            "--move-time 1e300: seconds above 0, at most a day",
        ),
        (vec!["--move-time", "NaN"], "--move-time NaN"),
        (vec!["--komi", "7.25"], "--komi"),
        (vec!["--handicap", "10"], "--handicap 10"),
        (vec!["--rules", "nonsense"], "nonsense"),
    ] {
        let mut args = vec!["referee", "--black", &p, "--white", &p];
        args.extend(extra);
        let (code, _, err) = run(&args, Duration::from_secs(30));
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(message), "{args:?}: {err}");
        assert!(err.len() < 400, "{args:?}: a short message: {err}");
    }
    let (code, _, err) = run(
        &["referee", "--black", "sh 'unclosed", "--white", &p],
        Duration::from_secs(30),
    );
    assert_eq!(code, 2);
    assert!(err.contains("unclosed quote"), "{err}");
    assert_eq!(running("args"), Vec::<String>::new());
}

/// GNU Go, where the Debian package `gnugo` installs it.
const GNUGO: &str = "/usr/games/gnugo";

/// Whether GNU Go is here: without it the tests say so and pass, but fail under `CI=true`
/// (.ci/run installs gnugo).
fn gnugo_present(test: &str) -> bool {
    if Path::new(GNUGO).exists() {
        return true;
    }
    assert!(
        std::env::var("CI").as_deref() != Ok("true"),
        "CI=true but {GNUGO} is missing: .ci/run must install gnugo"
    );
    let _ = writeln!(
        std::io::stderr(),
        "SKIPPED {test}: {GNUGO} is not installed (apt-get install gnugo)"
    );
    false
}

/// Games per variant: `WEIQI_TEST_CASES` raises the default of 2 (CI: 10, the "Done when").
fn games_per_variant() -> u32 {
    std::env::var("WEIQI_TEST_CASES")
        .ok()
        .and_then(|v| v.parse::<u32>().ok())
        .map_or(2, |n| n.clamp(1, 10))
}

/// The four variants of issue 14 item 3 and the GNU Go options closest to each: the same
/// count (Chinese rules count area; AGA's territory with pass stones equals area when White
/// passes last, seed 004), the same ko rule where GNU Go has it (positional superko for KGS,
/// situational for AGA; it has no Ing ko rule) and Ing's multi-stone suicide.
const VARIANTS: &[(&str, &str)] = &[
    ("chinese-kgs", "--chinese-rules --positional-superko"),
    ("japanese-1989", "--japanese-rules"),
    ("aga", "--chinese-rules --situational-superko"),
    ("ing-1996", "--chinese-rules --allow-suicide"),
];

/// A fault GNU Go may commit in these games: a move the variant's ko rule forbids and GNU
/// Go's does not (it has no Ing ko rule), ruled illegal; never a crash, a hang or garbage.
fn gnugo_fault_is_a_ko_rule(g: &Value) -> bool {
    g["fault"].is_null()
        || (g["fault"]["kind"] == "illegal"
            && ["(ko)", "superko)", "(hot-stone)", "(cycle-restart)"]
                .iter()
                .any(|c| g["reason"].as_str().unwrap_or_default().contains(c)))
}

#[test]
fn gnugo_against_gnugo_under_four_variants_writes_records_score_reproduces() {
    // Issue 14 "Done when": 9x9 games between two GNU Go instances under an area variant, a
    // territory one, AGA and Ing 1996; every record is valid and `weiqi score` reproduces its
    // ruling exactly. WEIQI_TEST_CASES=10 plays the full ten games per variant.
    if !gnugo_present("gnugo_against_gnugo_under_four_variants") {
        return;
    }
    let games = games_per_variant().to_string();
    for (rules, gnugo_rules) in VARIANTS {
        let black = format!("{GNUGO} --mode gtp --level 1 {gnugo_rules}");
        let white = format!("{GNUGO} --mode gtp --level 1 {gnugo_rules} --seed 7");
        let (json, d) = referee(
            &format!("gnugo-{rules}"),
            rules,
            &black,
            &white,
            &["--games", &games, "--move-time", "30"],
        );
        let list = json["games"].as_array().expect("games");
        assert_eq!(list.len().to_string(), games);
        for (i, g) in list.iter().enumerate() {
            let record = d.join(format!("game-{:03}.sgf", i + 1));
            let re = reproduced(&record, rules);
            assert_eq!(g["result"], re.as_str(), "{rules} game {}", i + 1);
            assert!(gnugo_fault_is_a_ko_rule(g), "{rules}: {g}");
            // GNU Go's own final_score, where it counts as the variant does (README "weiqi
            // referee": area for chinese-kgs and ing-1996, AGA's territory with pass stones
            // equal to area, seed 004) and the game was counted: the same result. Under
            // japanese-1989 the seki eyes and the dame filling of spec/FILLING.md may differ
            // from GNU Go's Japanese count, so it is only printed.
            let normal = |v: &Value| {
                v.as_str()
                    .and_then(|t| weiqi_core::GameResult::parse(t).ok())
                    .map(|r| r.to_sgf())
            };
            if *rules != "japanese-1989" && !g["margin"].is_null() {
                for side in ["black", "white"] {
                    assert_eq!(
                        normal(&g["claims"][side]).as_deref(),
                        Some(re.as_str()),
                        "{rules} game {}: GNU Go's final_score ({side}) {}",
                        i + 1,
                        g["claims"][side]
                    );
                }
            }
            let _ = writeln!(
                std::io::stderr(),
                "{rules} game {}: {re} ({} moves); GNU Go's final_score: {} / {}",
                i + 1,
                g["moves"],
                g["claims"]["black"],
                g["claims"]["white"]
            );
        }
    }
}

#[test]
fn gnugo_against_weiqi_gtp_under_four_variants() {
    // Issue 14 item 3, issue 28: GNU Go against `weiqi gtp` (the judge's playout policy),
    // refereed, on 9x9 under the four variants, without --capture-all-dead: every game gets a
    // result (the status judge settles the disputes), the records reproduce, and the counted
    // results agree with GNU Go's own final_score (the full run of 40 games is in README,
    // "weiqi referee"). GNU Go plays Black in one game, White in the other.
    if !gnugo_present("gnugo_against_weiqi_gtp_under_four_variants") {
        return;
    }
    let (mut counted, mut agreed) = (0, 0);
    for (rules, gnugo_rules) in VARIANTS {
        let gnugo = format!("{GNUGO} --mode gtp --level 1 {gnugo_rules}");
        let weiqi = format!("{WEIQI} gtp --rules {rules} --seed 5");
        let (json, d) = referee(
            &format!("weiqi-gtp-{rules}"),
            rules,
            &gnugo,
            &weiqi,
            &["--games", "2", "--move-time", "30"],
        );
        for (i, g) in json["games"].as_array().expect("games").iter().enumerate() {
            let record = d.join(format!("game-{:03}.sgf", i + 1));
            let re = reproduced(&record, rules);
            assert_eq!(g["result"], re.as_str(), "{rules} game {}", i + 1);
            assert_ne!(
                g["result"], "Void",
                "{rules}: every game gets a result: {g}"
            );
            // weiqi gtp plays only legal moves, and GNU Go takes them all under these
            // options; GNU Go's own faults are ko-rule ones at most.
            assert!(gnugo_fault_is_a_ko_rule(g), "{rules}: {g}");
            let gnugo_color = if g["black_program"] == "A" {
                "black"
            } else {
                "white"
            };
            let claim = g["claims"][gnugo_color].as_str().map(same_result);
            if !g["margin"].is_null() {
                counted += 1;
                if claim.as_deref() == g["result"].as_str().map(same_result).as_deref() {
                    agreed += 1;
                }
            }
            let _ = writeln!(
                std::io::stderr(),
                "{rules} vs weiqi gtp game {}: {re} (GNU Go's final_score {claim:?}): {}",
                i + 1,
                g["reason"]
            );
        }
    }
    // The issue's target is 38 of 40 (README): one in twenty may differ, and one in a short
    // run.
    assert!(
        agreed + (counted / 20).max(1) >= counted,
        "{agreed} of {counted} counted games agree with GNU Go's final_score"
    );
}

/// A result as GNU Go and weiqi both write it: `W+7.0` is `W+7`.
fn same_result(text: &str) -> String {
    text.trim().trim_end_matches(".0").to_owned()
}
