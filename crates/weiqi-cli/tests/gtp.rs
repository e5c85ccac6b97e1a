//! `weiqi gtp` through the real binary (issue 14 item 1): scripted GTP 2 sessions that cover
//! every command and every error reply, bad input that must never stop or hang the engine, and
//! games between GNU Go and `weiqi gtp` relayed by the test where GNU Go is installed.
//!
//! The answers follow the GTP 2 draft 2 specification (section 2.7: `=[id] text` or
//! `?[id] message`, then an empty line); the refusals carry the variant's reason.

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use weiqi_gtp::{Engine, GtpError};

/// Runs `weiqi gtp` with `args` on `input` and returns its standard output. The engine must
/// exit by itself (on `quit` or the end of the input) with code 0 within a minute, without a
/// panic.
fn session(args: &[&str], input: &[u8]) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_weiqi"))
        .arg("gtp")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        // The engine may stop reading after `quit`: a broken pipe is fine.
        let _ = stdin.write_all(&input);
    });
    let drain = |mut r: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = r.read_to_end(&mut bytes);
            bytes
        })
    };
    let stdout = drain(Box::new(child.stdout.take().expect("stdout")));
    let stderr = drain(Box::new(child.stderr.take().expect("stderr")));
    let deadline = Instant::now() + Duration::from_secs(60);
    let status = loop {
        match child.try_wait().expect("wait") {
            Some(status) => break status,
            None if Instant::now() > deadline => {
                let _ = child.kill();
                let _ = child.wait();
                panic!("weiqi gtp did not exit within a minute ({args:?})");
            }
            None => std::thread::sleep(Duration::from_millis(20)),
        }
    };
    let _ = writer.join();
    let stdout = stdout.join().expect("stdout read");
    let stderr = String::from_utf8_lossy(&stderr.join().expect("stderr read")).into_owned();
    assert_eq!(status.code(), Some(0), "{args:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    String::from_utf8(stdout).expect("utf-8 answers")
}

/// Sends the commands of `script` in one session under `rules` and checks each answer
/// (without its closing empty line). A command expected to get no answer (an empty line, a
/// comment, anything after `quit`) is given `None`.
fn check(rules: &str, script: &[(&str, Option<&str>)]) {
    let mut input = String::new();
    for (command, _) in script {
        input.push_str(command);
        input.push('\n');
    }
    let output = session(&["--rules", rules, "--seed", "3"], input.as_bytes());
    assert!(
        output.ends_with("\n\n") || output.is_empty(),
        "every answer ends with an empty line: {output:?}"
    );
    let answers: Vec<&str> = output
        .strip_suffix("\n\n")
        .map(|o| o.split("\n\n").collect())
        .unwrap_or_default();
    let expected: Vec<(&str, &str)> = script
        .iter()
        .filter_map(|(c, e)| e.map(|e| (*c, e)))
        .collect();
    for (i, (command, want)) in expected.iter().enumerate() {
        assert_eq!(
            answers.get(i).copied(),
            Some(*want),
            "answer {i} to {command:?} under {rules}\nwhole output:\n{output}"
        );
    }
    assert_eq!(answers.len(), expected.len(), "{output}");
}

#[test]
fn the_administrative_commands_answer_as_gtp_2_says() {
    // GTP 2 sections 6.3.1 (administrative commands) and 2.7 (ids echoed).
    let list = [
        "protocol_version",
        "name",
        "version",
        "known_command",
        "list_commands",
        "quit",
        "boardsize",
        "clear_board",
        "komi",
        "play",
        "genmove",
        "undo",
        "fixed_handicap",
        "place_free_handicap",
        "set_free_handicap",
        "showboard",
        "final_score",
        "final_status_list",
        "is_legal",
        "kgs-rules",
        "kata-get-rules",
        "kata-set-rules",
        "kata-set-rule",
        "kgs-game_over",
        "kgs-time_settings",
        "kgs-genmove_cleanup",
        "rectangular_boardsize",
        "time_settings",
        "time_left",
        "reg_genmove",
        "loadsgf",
        "printsgf",
        "weiqi-rules",
        "weiqi-explain",
        "weiqi-status",
    ]
    .join("\n");
    let list = format!("= {list}");
    let version = format!("= {}", env!("CARGO_PKG_VERSION"));
    check(
        "japanese-1989",
        &[
            ("1 protocol_version", Some("=1 2")),
            (
                "name",
                Some("= weiqi rules engine (genmove: the status judge's playout policy)"),
            ),
            ("version", Some(&version)),
            ("known_command weiqi-explain", Some("= true")),
            ("known_command resign", Some("= false")),
            (
                "known_command",
                Some("? syntax error: usage: known_command COMMAND"),
            ),
            ("list_commands", Some(&list)),
            ("kgs-game_over", Some("=")),
            ("frobnicate", Some("? unknown command")),
            ("known_command loadsgf", Some("= true")),
            ("known_command printsgf", Some("= true")),
            ("42 frobnicate", Some("?42 unknown command")),
            ("quit", Some("=")),
            ("name", None),
        ],
    );
}

#[test]
fn the_board_commands_and_their_errors() {
    // GTP 2 section 6.3.2 (setup), 6.3.3 (play, undo), 6.3.6 (showboard); the rectangle
    // extension `boardsize W H`; the variant's reason on every refusal (issue 14).
    check(
        "japanese-1989",
        &[
            (
                "boardsize 0",
                Some("? unacceptable size: the sides must be 1 to 25 (the GTP letters)"),
            ),
            (
                "boardsize 26",
                Some("? unacceptable size: the sides must be 1 to 25 (the GTP letters)"),
            ),
            (
                "boardsize x",
                Some("? syntax error: usage: boardsize SIZE, or boardsize WIDTH HEIGHT"),
            ),
            (
                "boardsize 1 2 3",
                Some("? syntax error: usage: boardsize SIZE, or boardsize WIDTH HEIGHT"),
            ),
            ("boardsize 4 3", Some("=")),
            ("komi 5.5", Some("=")),
            (
                "komi 7.25",
                Some("? syntax error: komi \"7.25\" is not a whole or half number"),
            ),
            ("komi", Some("? syntax error: usage: komi FLOAT")),
            ("play b b3", Some("=")),
            (
                "play w b3",
                Some("? illegal move: the point is occupied (occupied)"),
            ),
            (
                "play w e1",
                Some("? illegal move: the point is off the board (off-board)"),
            ),
            ("play w 4d", Some("? invalid vertex \"4d\"")),
            (
                "play x d1",
                Some("? syntax error: usage: play COLOR VERTEX"),
            ),
            ("play w", Some("? syntax error: usage: play COLOR VERTEX")),
            ("play white C3", Some("=")),
            ("play BLACK pass", Some("=")),
            (
                "showboard",
                Some(
                    "= \n  A B C D\n3 . X O .\n2 . . . .\n1 . . . .\n\
                     white to move, playing; prisoners black 0 white 0",
                ),
            ),
            ("undo", Some("=")),
            ("undo", Some("=")),
            ("undo", Some("=")),
            ("undo", Some("? cannot undo: no move was played")),
            ("undo x", Some("? syntax error: usage: undo")),
            ("showboard x", Some("? syntax error: usage: showboard")),
            ("play b a1", Some("=")),
            ("clear_board x", Some("? syntax error: usage: clear_board")),
            ("clear_board", Some("=")),
            (
                "weiqi-status",
                Some(
                    "= rules japanese-1989\nsize 4x3\nhandicap 0\nkomi 5.5 (set by komi)\n\
                     phase playing\nto-move black\nmoves 0\nprisoners black 0 white 0\n\
                     pass-stones black 0 white 0\nhot-stones none\ntime none",
                ),
            ),
            (
                "weiqi-status x",
                Some("? syntax error: usage: weiqi-status"),
            ),
        ],
    );
}

/// A test data file.
fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn loadsgf_and_printsgf_read_and_write_records() {
    // GTP 2 section 6.3.2 `loadsgf FILE [MOVE_NUMBER]` (the position before that move, the
    // player to move answered), GNU Go's `printsgf [FILE]`; the record's handicap stones
    // (docs/decisions.md 23), its komi; every error reply: usage, an unreadable file, a record
    // whose move the variant refuses, a record of setup after the first move, a board beyond
    // the GTP letters, a result the variant voids, a file that cannot be written (issue 14).
    let version = env!("CARGO_PKG_VERSION");
    let dir = std::env::temp_dir().join(format!("weiqi-gtp-sgf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let written = dir.join("game.sgf").display().to_string();
    let big = dir.join("big.sgf");
    std::fs::write(&big, "(;GM[1]FF[4]SZ[30];B[aa])").expect("write");
    let setup_later = dir.join("setup.sgf");
    std::fs::write(&setup_later, "(;GM[1]FF[4]SZ[9];B[aa];AW[bb];W[cc])").expect("write");
    let printed = format!(
        "= (;GM[1]FF[4]CA[UTF-8]AP[weiqi:{version}]SZ[9]KM[0.5]RU[Japanese]HA[2]AB[gc][cg]\n\
         ;W[ee];B[ce];W[];B[])"
    );
    let load_handicap = format!("loadsgf {}", data("handicap.sgf"));
    let load_handicap_2 = format!("loadsgf {} 2", data("handicap.sgf"));
    let load_ko = format!("loadsgf {}", data("illegal-ko.sgf"));
    let load_eternal = format!("loadsgf {}", data("eternal-life.sgf"));
    let load_not_sgf = format!("loadsgf {}", data("not-sgf.sgf"));
    let load_big = format!("loadsgf {}", big.display());
    let load_setup = format!("loadsgf {}", setup_later.display());
    let print_to = format!("printsgf {written}");
    let load_written = format!("loadsgf {written}");
    let print_nowhere = format!("printsgf {}/no-such-dir/x.sgf", dir.display());
    let no_file = format!("loadsgf {}/missing.sgf", dir.display());
    let japanese_stopped = "= rules japanese-1989\nsize 9x9\nhandicap 2\nkomi 0.5 (set by komi)\n\
                            phase stopped\nto-move white\nmoves 4\nprisoners black 0 white 0\n\
                            pass-stones black 0 white 0\nhot-stones none\ntime none";
    check(
        "japanese-1989",
        &[
            (&load_handicap, Some("= white")),
            ("weiqi-status", Some(japanese_stopped)),
            ("printsgf", Some(&printed)),
            (&print_to, Some("=")),
            ("clear_board", Some("=")),
            (&load_written, Some("= white")),
            ("weiqi-status", Some(japanese_stopped)),
            // Up to but not including move 2: White's E5 only.
            (&load_handicap_2, Some("= black")),
            (
                "showboard",
                Some(
                    "= \n  A B C D E F G H J\n9 . . . . . . . . .\n8 . . . . . . . . .\n\
                     7 . . . . . . X . .\n6 . . . . . . . . .\n5 . . . . O . . . .\n\
                     4 . . . . . . . . .\n3 . . X . . . . . .\n2 . . . . . . . . .\n\
                     1 . . . . . . . . .\nblack to move, playing; prisoners black 0 white 0",
                ),
            ),
            (
                &load_ko,
                Some(
                    "? cannot load file: move 10 (white B8) is refused: ko: immediate \
                     recapture is forbidden (ko)",
                ),
            ),
            // Nothing changed.
            ("is_legal b a1", Some("= 1")),
            (&load_eternal, Some("= black")),
            (
                "final_score",
                Some("? no result: the variant ends this game without result"),
            ),
            (
                "loadsgf",
                Some("? syntax error: usage: loadsgf FILE [MOVE_NUMBER]"),
            ),
            (
                "loadsgf a b c",
                Some("? syntax error: usage: loadsgf FILE [MOVE_NUMBER]"),
            ),
            (
                "loadsgf a x",
                Some("? syntax error: usage: loadsgf FILE [MOVE_NUMBER]"),
            ),
            (
                "printsgf a b",
                Some("? syntax error: usage: printsgf [FILE]"),
            ),
        ],
    );
    // Replies whose text names a file: checked by their beginning.
    let input = [
        no_file.as_str(),
        &load_not_sgf,
        &load_big,
        &load_setup,
        &print_nowhere,
    ]
    .join("\n");
    let out = session(&[], input.as_bytes());
    let answers: Vec<&str> = out.split("\n\n").collect();
    assert!(answers[0].starts_with("? cannot load file: "), "{out}");
    assert!(answers[0].contains("missing.sgf"), "{out}");
    assert!(answers[1].starts_with("? cannot load file: "), "{out}");
    assert!(answers[1].contains("not valid sgf"), "{out}");
    assert!(
        answers[2].starts_with("? cannot load file: ") && answers[2].contains("30x30"),
        "{out}"
    );
    assert_eq!(
        answers[3],
        "? cannot load file: setup after the first move is not supported by loadsgf"
    );
    assert!(answers[4].starts_with("? cannot write "), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The basic ko on a 4x3 board: White B2 in Black's mouth, Black C2 takes it, White retakes.
const KO: &[&str] = &[
    "boardsize 4 3",
    "play b b3",
    "play w c3",
    "play b a2",
    "play w d2",
    "play b b1",
    "play w c1",
    "play b pass",
    "play w b2",
    "play b c2",
];

fn ko_then(rules: &str, rest: &[(&str, Option<&str>)]) {
    let mut script: Vec<(&str, Option<&str>)> = KO.iter().map(|c| (*c, Some("="))).collect();
    script.extend_from_slice(rest);
    check(rules, &script);
}

#[test]
fn ko_superko_and_hot_stones_are_refused_with_the_variants_reason() {
    // docs/variants.md 3.b: simple ko (J89), positional superko (chinese-kgs: the earlier move the
    // board repeats is named), Ing's hot stones (ing-1996); weiqi-explain and is_legal agree.
    ko_then(
        "japanese-1989",
        &[
            (
                "play w b2",
                Some("? illegal move: ko: immediate recapture is forbidden (ko)"),
            ),
            (
                "weiqi-explain b2",
                Some("= illegal ko: ko: immediate recapture is forbidden"),
            ),
            ("is_legal w b2", Some("= 0")),
            ("is_legal w d3", Some("= 1")),
            ("weiqi-explain d3", Some("= legal")),
            ("weiqi-explain b d3", Some("= legal")),
            (
                "weiqi-explain z1",
                Some("= illegal off-board: the point is off the board"),
            ),
            ("is_legal w e1", Some("= 0")),
            (
                "weiqi-explain",
                Some("? syntax error: usage: weiqi-explain [COLOR] VERTEX"),
            ),
            (
                "is_legal b",
                Some("? syntax error: usage: is_legal COLOR VERTEX"),
            ),
        ],
    );
    ko_then(
        "chinese-kgs",
        &[
            (
                "play w b2",
                Some(
                    "? illegal move: positional superko: repeats the board after move 8 \
                     (move 8 was white B2) (positional-superko)",
                ),
            ),
            (
                "weiqi-explain w b2",
                Some(
                    "= illegal positional-superko: positional superko: repeats the board \
                     after move 8 (move 8 was white B2)",
                ),
            ),
        ],
    );
    ko_then(
        "ing-1996",
        &[
            (
                "play w b2",
                Some("? illegal move: ing ko rule: would capture hot stone C2 (hot-stone)"),
            ),
            (
                "weiqi-status",
                Some(
                    "= rules ing-1996\nsize 4x3\nhandicap 0\nkomi 8 (the variant's)\n\
                     phase playing\nto-move white\nmoves 9\nprisoners black 1 white 0\n\
                     pass-stones black 0 white 0\nhot-stones C2\ntime none",
                ),
            ),
        ],
    );
}

#[test]
fn suicide_and_switching_the_variant_replay_the_moves() {
    // docs/variants.md 3.a: J89 forbids suicide, Tromp-Taylor allows a multi-stone one; a switch
    // the moves played cannot survive is refused with the move and the reason (weiqi-rules,
    // kgs-rules with the KGS names).
    let start: Vec<(&str, Option<&str>)> = [
        "boardsize 3 3",
        "play b a2",
        "play w a1",
        "play b b2",
        "play w c3",
        "play b c1",
    ]
    .iter()
    .map(|c| (*c, Some("=")))
    .collect();
    let mut japanese = start.clone();
    japanese.push((
        "play w b1",
        Some("? illegal move: suicide is forbidden (suicide)"),
    ));
    check("japanese-1989", &japanese);
    let mut tromp = start;
    tromp.extend_from_slice(&[
        ("play w b1", Some("=")),
        (
            "weiqi-rules japanese-1989",
            Some(
                "? cannot switch to japanese-1989: move 6 (white B1) is refused: suicide is \
                 forbidden",
            ),
        ),
        ("weiqi-rules", Some("= tromp-taylor")),
        (
            "kgs-rules chinese",
            Some(
                "? cannot switch to chinese-kgs: move 6 (white B1) is refused: suicide is \
                 forbidden",
            ),
        ),
        ("undo", Some("=")),
        ("kgs-rules chinese", Some("=")),
        ("weiqi-rules", Some("= chinese-kgs")),
        ("kgs-rules new_zealand", Some("=")),
        ("weiqi-rules", Some("= new-zealand")),
        ("weiqi-rules aga", Some("=")),
        ("weiqi-rules", Some("= aga")),
        (
            "kgs-rules",
            Some("? syntax error: usage: kgs-rules japanese|chinese|aga|new_zealand"),
        ),
        (
            "weiqi-rules a b",
            Some("? syntax error: usage: weiqi-rules [ID|FILE]"),
        ),
    ]);
    check("tromp-taylor", &tromp);
    let out = session(&[], b"weiqi-rules nonsense\nweiqi-rules\n");
    assert!(
        out.starts_with("? unknown rules: cannot load the rules \"nonsense\""),
        "{out}"
    );
    assert!(
        out.ends_with("= japanese-1989\n\n"),
        "the default stays: {out}"
    );
}

#[test]
fn handicap_placement_follows_the_variant_then_gtp() {
    // GTP 2 section 4.1.1 and 6.3.2; the variant's own pattern first (J89's 3 stones: upper
    // right, lower left, lower right); docs/decisions.md 21-22: White moves after the stones, the
    // handicap komi applies.
    check(
        "japanese-1989",
        &[
            ("boardsize 9", Some("=")),
            ("fixed_handicap 3", Some("= G7 C3 G3")),
            (
                "weiqi-status",
                Some(
                    "= rules japanese-1989\nsize 9x9\nhandicap 3\nkomi 0 (the variant's)\n\
                     phase playing\nto-move white\nmoves 0\nprisoners black 0 white 0\n\
                     pass-stones black 0 white 0\nhot-stones none\ntime none",
                ),
            ),
            ("is_legal b e5", Some("= 1")),
            ("fixed_handicap 2", Some("? board not empty")),
            ("place_free_handicap 2", Some("? board not empty")),
            ("set_free_handicap a1 b1", Some("? board not empty")),
            ("clear_board", Some("=")),
            (
                "place_free_handicap 12",
                Some("= G7 C3 G3 C7 C5 G5 E7 E3 E5 A9 C9 E9"),
            ),
            ("clear_board", Some("=")),
            ("set_free_handicap a1 b2 j9", Some("=")),
            (
                "showboard",
                Some(
                    "= \n  A B C D E F G H J\n9 . . . . . . . . X\n8 . . . . . . . . .\n\
                     7 . . . . . . . . .\n6 . . . . . . . . .\n5 . . . . . . . . .\n\
                     4 . . . . . . . . .\n3 . . . . . . . . .\n2 . X . . . . . . .\n\
                     1 X . . . . . . . .\nwhite to move, playing; prisoners black 0 white 0",
                ),
            ),
            ("clear_board", Some("=")),
            (
                "set_free_handicap a1",
                Some("? bad vertex list: 2 to 80 vertices on the 9x9 board"),
            ),
            (
                "set_free_handicap a1 a1",
                Some("? bad vertex list: a1 is given twice"),
            ),
            (
                "set_free_handicap a1 pass",
                Some("? bad vertex list: pass is not a vertex"),
            ),
            (
                "set_free_handicap a1 z99",
                Some("? bad vertex list: z99 is off the board"),
            ),
            (
                "set_free_handicap a1 4d",
                Some("? bad vertex list: invalid vertex \"4d\""),
            ),
            (
                "place_free_handicap 1",
                Some("? invalid number of stones: 2 to 80 on the 9x9 board"),
            ),
            (
                "place_free_handicap 81",
                Some("? invalid number of stones: 2 to 80 on the 9x9 board"),
            ),
            (
                "fixed_handicap 10",
                Some("? invalid number of stones: no fixed pattern of 10 stones on the 9x9 board"),
            ),
            (
                "fixed_handicap x",
                Some("? syntax error: usage: fixed_handicap NUMBER"),
            ),
            ("boardsize 7", Some("=")),
            ("fixed_handicap 4", Some("= C3 E5 C5 E3")),
            ("clear_board", Some("=")),
            (
                "fixed_handicap 5",
                Some("? invalid number of stones: no fixed pattern of 5 stones on the 7x7 board"),
            ),
            ("boardsize 7 5", Some("=")),
            (
                "fixed_handicap 2",
                Some("? invalid number of stones: no fixed pattern of 2 stones on the 7x5 board"),
            ),
            ("place_free_handicap 3", Some("= A5 C5 E5")),
        ],
    );
}

/// A 5x5 game: Black's top (two eyes, A5-C5 and E5) holds a white stone on B5 that cannot
/// live; White owns the two bottom rows.
const SCORED: &[&str] = &[
    "boardsize 5",
    "play b a4",
    "play w a3",
    "play b b4",
    "play w b3",
    "play b c4",
    "play w c3",
    "play b d4",
    "play w d3",
    "play b e4",
    "play w e3",
    "play b d5",
    "play w b5",
];

fn scored_then(rules: &str, rest: &[(&str, Option<&str>)]) {
    let mut script: Vec<(&str, Option<&str>)> = SCORED.iter().map(|c| (*c, Some("="))).collect();
    script.extend_from_slice(rest);
    check(rules, &script);
}

#[test]
fn final_score_and_status_lists_rule_as_the_variant_ends_the_game() {
    // Issue 14: final_status_list from the `--dead auto` estimate where the variant asks for
    // an agreement; Tromp-Taylor ends with every stone alive (docs/variants.md 2.10).
    // J89 (territory): Black 4 points (A5 B5 C5 E5) + 1 prisoner = 5; White 10 + komi 6.5.
    scored_then(
        "japanese-1989",
        &[
            ("final_score", Some("= W+11.5")),
            ("final_status_list dead", Some("= B5")),
            (
                "final_status_list alive",
                Some("= D5 A4 B4 C4 D4 E4\nA3 B3 C3 D3 E3"),
            ),
            ("final_status_list seki", Some("=")),
            (
                "final_status_list foo",
                Some("? syntax error: usage: final_status_list alive|dead|seki"),
            ),
            (
                "final_status_list",
                Some("? syntax error: usage: final_status_list alive|dead|seki"),
            ),
            ("final_score x", Some("? syntax error: usage: final_score")),
            // Asking for the score changes nothing: the game goes on.
            ("play b pass", Some("=")),
        ],
    );
    // Tromp-Taylor (area, all alive): Black 6 stones + E5 = 7; White 6 stones + 10 + 7.5.
    // Nothing is dead: every stone is alive, none in seki.
    scored_then(
        "tromp-taylor",
        &[
            ("final_score", Some("= W+16.5")),
            ("final_status_list dead", Some("=")),
            (
                "final_status_list alive",
                Some("= B5\nD5 A4 B4 C4 D4 E4\nA3 B3 C3 D3 E3"),
            ),
            ("final_status_list seki", Some("=")),
        ],
    );
    // AGA (territory with pass stones, one each): Black 4 + 1 prisoner; White 10 + 7.5.
    scored_then("aga", &[("final_score", Some("= W+12.5"))]);
}

#[test]
fn stopped_and_ended_games() {
    // docs/variants.md 3.e: J89 stops after two passes and the opponent of the player who resumes
    // moves first (a move sent while stopped resumes play); AGA gives a pass stone per pass;
    // Tromp-Taylor ends at two passes.
    check(
        "japanese-1989",
        &[
            ("boardsize 3 3", Some("=")),
            ("play b a2", Some("=")),
            ("play w c3", Some("=")),
            ("play b pass", Some("=")),
            ("play w pass", Some("=")),
            ("genmove b", Some("= pass")),
            ("is_legal w b2", Some("= 1")),
            ("weiqi-explain b b2", Some("= legal")),
            (
                "play w a2",
                Some(
                    "? illegal move: the point is occupied (occupied); play was stopped and \
                     was resumed for the move",
                ),
            ),
            (
                "weiqi-explain w a2",
                Some(
                    "= illegal occupied: the point is occupied; play is stopped: checked after \
                     a resumption by the player",
                ),
            ),
            ("play b b2", Some("=")),
            (
                "weiqi-status",
                Some(
                    "= rules japanese-1989\nsize 3x3\nhandicap 0\nkomi 6.5 (the variant's)\n\
                     phase playing\nto-move white\nmoves 5\nprisoners black 0 white 0\n\
                     pass-stones black 0 white 0\nhot-stones none\ntime none",
                ),
            ),
        ],
    );
    check(
        "aga",
        &[
            ("boardsize 3 3", Some("=")),
            ("play b a2", Some("=")),
            ("play w pass", Some("=")),
            (
                "weiqi-status",
                Some(
                    "= rules aga\nsize 3x3\nhandicap 0\nkomi 7.5 (the variant's)\n\
                     phase playing\nto-move black\nmoves 2\nprisoners black 0 white 0\n\
                     pass-stones black 1 white 0\nhot-stones none\ntime none",
                ),
            ),
        ],
    );
    check(
        "tromp-taylor",
        &[
            ("boardsize 3 3", Some("=")),
            ("play b a2", Some("=")),
            ("play w c3", Some("=")),
            ("play b pass", Some("=")),
            ("play w pass", Some("=")),
            ("genmove b", Some("= pass")),
            (
                "play b b2",
                Some("? illegal move: the game is over (game-over)"),
            ),
            ("final_score", Some("= W+7.5")),
            (
                "weiqi-status",
                Some(
                    "= rules tromp-taylor\nsize 3x3\nhandicap 0\nkomi 7.5 (the variant's)\n\
                     phase ended (all stones alive)\nto-move black\nmoves 4\n\
                     prisoners black 0 white 0\npass-stones black 0 white 0\nhot-stones none\n\
                     time none\nresult W+7.5",
                ),
            ),
            ("undo", Some("=")),
            ("play w b2", Some("=")),
        ],
    );
}

#[test]
fn a_pass_while_stopped_under_ing_is_the_pass_after_the_agreement() {
    // Seed 000, docs/decisions.md 3: after the stop the players agree and pass again; GTP has no
    // agreement command, so a pass (played or generated) while play is stopped is taken as the
    // agreement on the `--dead auto` stones, then the pass; the second such pass ends the game
    // by that agreement (what `weiqi referee` relays after its own agreement).
    check(
        "ing-1996",
        &[
            ("boardsize 5", Some("=")),
            ("play b c3", Some("=")),
            ("play w pass", Some("=")),
            ("play b pass", Some("=")),
            ("final_score", Some("= B+17")),
            ("genmove w", Some("= pass")),
            ("play b pass", Some("=")),
            (
                "weiqi-status",
                Some(
                    "= rules ing-1996\nsize 5x5\nhandicap 0\nkomi 8 (the variant's)\n\
                     phase ended (agreement)\nto-move white\nmoves 5\n\
                     prisoners black 0 white 0\npass-stones black 0 white 0\n\
                     hot-stones none\ntime none\nresult B+17",
                ),
            ),
        ],
    );
}

#[test]
fn final_score_passes_as_often_as_the_variant_needs() {
    // Issue 14 "no line of input ever crashes or hangs it", and a spec file may set any number
    // of stop passes (spec/README.md `end.stop-passes`): final_score passes until the variant
    // stops play, here nine times (Tromp-Taylor otherwise: 3x3, Black A1, area 9 - 7.5).
    let spec = std::env::temp_dir().join(format!("weiqi-nine-passes-{}.toml", std::process::id()));
    std::fs::write(
        &spec,
        "extends = \"tromp-taylor\"\n\n[end]\nstop-passes = 9\n",
    )
    .expect("write");
    let switch = format!("weiqi-rules {}", spec.display());
    check(
        "tromp-taylor",
        &[
            ("boardsize 3", Some("=")),
            (&switch, Some("=")),
            ("play b a1", Some("=")),
            ("final_score", Some("= B+1.5")),
        ],
    );
    let _ = std::fs::remove_file(&spec);
}

#[test]
fn genmove_fills_no_own_eye_and_is_seeded() {
    // Issue 14: a uniformly random legal move that fills no own eye, seeded deterministically.
    // On 3x1, B2 is Black's own eye (both neighbours black): Black passes; for White it is a
    // legal capture of both stones.
    check(
        "japanese-1989",
        &[
            ("boardsize 3 1", Some("=")),
            ("play b a1", Some("=")),
            ("play w pass", Some("=")),
            ("play b c1", Some("=")),
            ("genmove w", Some("= B1")),
            ("undo", Some("=")),
            ("play w pass", Some("=")),
            ("genmove black", Some("= pass")),
            ("genmove x", Some("? syntax error: usage: genmove COLOR")),
            ("genmove", Some("? syntax error: usage: genmove COLOR")),
        ],
    );
    // A whole 5x5 game of genmove against itself: the same seed gives the same game, every
    // generated move is accepted, and the game ends.
    let game = "boardsize 5\n".to_owned() + &"genmove b\ngenmove w\n".repeat(150);
    let run = |seed: &str| session(&["--rules", "chinese-kgs", "--seed", seed], game.as_bytes());
    let (a, b, c) = (run("1"), run("1"), run("2"));
    assert_eq!(a, b, "the same seed plays the same game");
    assert_ne!(a, c, "another seed plays another game");
    for answer in a.split("\n\n").filter(|s| !s.is_empty()).skip(1) {
        assert!(answer.starts_with("= "), "{answer}");
    }
    assert!(
        a.contains("= pass\n\n= pass"),
        "the game ends with two passes: {a}"
    );
}

#[test]
fn the_game_length_is_bounded_by_max_moves() {
    // Issue 9: every command bounded; undo, komi and weiqi-rules replay the game.
    let out = session(
        &["--max-moves", "2"],
        b"boardsize 5\nplay b a1\ngenmove w\nplay b c3\ngenmove b\nundo\nplay w c3\n",
    );
    let too_many = "? too many moves: the game has 2 moves, the limit (--max-moves raises it)";
    let answers: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(
        answers[..6],
        ["=", "=", answers[2], too_many, too_many, "="]
    );
    assert!(answers[2].starts_with("= "), "{out}");
    assert_eq!(answers[6], "=", "{out}");
}

#[test]
fn bad_input_never_stops_or_hangs_the_engine() {
    // Issue 14 "Bad input": very long lines, binary bytes, unknown commands, commands before
    // boardsize (the board starts 19x19), control characters and comments (GTP 2 section 2.5),
    // the end of the input without quit.
    let mut input = Vec::new();
    input.extend_from_slice(b"play b Q16\n");
    input.extend_from_slice(b"7 ");
    input.extend(std::iter::repeat_n(b'a', 100_000));
    input.extend_from_slice(b"\n");
    input.extend_from_slice(b"\x00\x01\xff\xfe\x7f\n");
    input.extend_from_slice(b"8 \xc3\xa9t\xc3\xa9 \x1b[31m\n");
    input.extend_from_slice(b"# a comment\n\n   \n");
    input.extend_from_slice(b"5\n");
    input.extend_from_slice(b"9 pro\x07tocol_version  # trailing comment\r\n");
    input.extend_from_slice(b"10\tknown_command\tplay\n");
    input.extend_from_slice(b"showboard");
    let out = session(&[], &input);
    let answers: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(answers[0], "=");
    assert_eq!(
        answers[1],
        "?7 line too long: more than 8192 bytes (the command was ignored)"
    );
    // The line of control bytes only is empty once they are removed: no answer.
    assert_eq!(answers[2], "?8 unknown command");
    assert_eq!(answers[3], "?5 empty command");
    assert_eq!(answers[4], "=9 2");
    assert_eq!(answers[5], "=10 true");
    assert!(answers[6].starts_with("= \n   A B C D E F G H J K L M N O P Q R S T\n19 ."));
    assert!(answers[6].contains("\n16 . . . . . . . . . . . . . . . X . . .\n"));
    assert_eq!(answers.len(), 8, "{out}");
}

/// GNU Go, where the Debian package `gnugo` installs it.
const GNUGO: &str = "/usr/games/gnugo";

/// The reasons a refusal may name ([`weiqi_core::Illegal::code`]).
const CODES: &[&str] = &[
    "off-board",
    "occupied",
    "suicide",
    "ko",
    "positional-superko",
    "situational-superko",
    "natural-situational-superko",
    "hot-stone",
    "cycle-restart",
    "game-over",
    "wrong-turn",
];

const LIMIT: Duration = Duration::from_secs(60);

/// One 9x9 game relayed between GNU Go and `weiqi gtp` (which keeps the game and generates
/// the other side's moves). Returns a line describing the game.
fn relay(rules: &str, gnugo_rules: &str, gnugo_color: &str, seed: u64) -> String {
    let seed = seed.to_string();
    let mut weiqi = Engine::start(
        env!("CARGO_BIN_EXE_weiqi"),
        &["gtp", "--rules", rules, "--seed", &seed],
    )
    .expect("weiqi gtp starts");
    let mut gnugo = Engine::start(
        GNUGO,
        &[
            "--mode",
            "gtp",
            "--level",
            "0",
            gnugo_rules,
            "--seed",
            &seed,
        ],
    )
    .expect("gnugo starts");
    for command in ["boardsize 9", "clear_board", "komi 7.5"] {
        weiqi
            .command(command, LIMIT)
            .expect("weiqi accepts the setup");
        gnugo
            .command(command, LIMIT)
            .expect("gnugo accepts the setup");
    }
    let mut color = "black";
    let mut passes = 0;
    let mut refused = None;
    let mut moves = 0;
    while passes < 2 && moves < 300 {
        if color == gnugo_color {
            let mv = gnugo
                .command(&format!("genmove {color}"), LIMIT)
                .expect("gnugo generates a move");
            if mv.eq_ignore_ascii_case("resign") {
                refused = Some(format!("{color} resigned"));
                break;
            }
            match weiqi.command(&format!("play {color} {mv}"), LIMIT) {
                Ok(_) => {}
                Err(GtpError::Failure { message, .. }) => {
                    assert!(
                        message.starts_with("illegal move: ")
                            && CODES.iter().any(|c| message.contains(&format!("({c})"))),
                        "a refusal names the variant's reason: {message}"
                    );
                    refused = Some(format!("{color} {mv} refused: {message}"));
                    break;
                }
                Err(e) => panic!("weiqi failed on gnugo's {mv}: {e}"),
            }
            passes = if mv.eq_ignore_ascii_case("pass") {
                passes + 1
            } else {
                0
            };
        } else {
            let mv = weiqi
                .command(&format!("genmove {color}"), LIMIT)
                .expect("weiqi generates a move");
            // weiqi's moves are legal under simple ko and no suicide, which GNU Go checks.
            gnugo
                .command(&format!("play {color} {mv}"), LIMIT)
                .unwrap_or_else(|e| panic!("gnugo refuses weiqi's {color} {mv}: {e}"));
            passes = if mv == "pass" { passes + 1 } else { 0 };
        }
        moves += 1;
        color = if color == "black" { "white" } else { "black" };
    }
    let status = weiqi.command("weiqi-status", LIMIT).expect("status");
    assert!(status.contains(&format!("rules {rules}")), "{status}");
    let ours = weiqi.command("final_score", LIMIT);
    let theirs = gnugo.command("final_score", LIMIT);
    if refused.is_none() && passes == 2 {
        let ours = ours.clone().expect("weiqi scores a finished game");
        let theirs = theirs.clone().expect("gnugo scores a finished game");
        assert!(
            ours == "0" || ours.starts_with("B+") || ours.starts_with("W+"),
            "{ours}"
        );
        // The margins differ: weiqi's agreement takes only the stones `--dead auto` proves
        // dead, so the random player's stones left in GNU Go's area count alive, where GNU Go
        // removes them. GNU Go wins these games by far more than that, so the winner agrees.
        assert_eq!(
            ours.get(..2),
            theirs.get(..2),
            "weiqi {ours}, gnugo {theirs}"
        );
    }
    let _ = weiqi.quit(LIMIT);
    let _ = gnugo.quit(LIMIT);
    format!(
        "{rules}, gnugo {gnugo_color}: {moves} moves, {}; weiqi {:?}, gnugo {:?}",
        refused.unwrap_or_else(|| "no move refused".into()),
        ours,
        theirs
    )
}

#[test]
fn gnugo_plays_against_weiqi_gtp_under_two_variants() {
    // Issue 14 item 3: GNU Go against `weiqi gtp`, on 9x9, every GNU Go move accepted or
    // refused by weiqi with the variant's reason. CI installs gnugo (.ci/run) and fails
    // here without it; elsewhere the test says it is skipped.
    if !std::path::Path::new(GNUGO).exists() {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "CI=true but {GNUGO} is missing: .ci/run must install gnugo"
        );
        // Written to stderr directly, past the test harness's capture, so that the output of
        // a passing run shows the skip.
        let _ = writeln!(
            std::io::stderr(),
            "SKIPPED gnugo_plays_against_weiqi_gtp: {GNUGO} is not installed (apt-get install gnugo)"
        );
        return;
    }
    for (rules, gnugo_rules) in [
        ("japanese-1989", "--japanese-rules"),
        ("chinese-kgs", "--chinese-rules"),
    ] {
        for (gnugo_color, seed) in [("black", 1), ("white", 2)] {
            let line = relay(rules, gnugo_rules, gnugo_color, seed);
            let _ = writeln!(std::io::stderr(), "{line}");
        }
    }
}
