//! The GTP engine as a library (issue 27 item 1): `server::serve` on in-memory input and
//! output, as a program embedding weiqi would run it (the binary's sessions are
//! `crates/weiqi-cli/tests/gtp.rs`).

use weiqi_gtp::server::{Options, serve};

fn session(options: &Options<'_>, input: &str) -> String {
    let mut out = Vec::new();
    serve(options, &mut input.as_bytes(), &mut out).expect("the session runs");
    String::from_utf8(out).expect("utf-8")
}

#[test]
fn a_session_answers_every_command_in_order_gtp_2_section_2_7() {
    let out = session(
        &Options::default(),
        "1 boardsize 9\n2 play B E5\n3 play W E5\n4 weiqi-rules\nquit\n",
    );
    let answers: Vec<&str> = out.split("\n\n").filter(|a| !a.is_empty()).collect();
    assert_eq!(answers.len(), 5, "{out}");
    assert_eq!(answers[0], "=1");
    assert_eq!(answers[1], "=2");
    assert!(
        answers[2].starts_with("?3 illegal move: ") && answers[2].ends_with("(occupied)"),
        "{out}"
    );
    assert!(answers[3].starts_with("=4 japanese-1989"), "{out}");
}

#[test]
fn the_variant_and_the_seed_are_the_callers() {
    let options = Options {
        rules: Some("tromp-taylor"),
        seed: 7,
        ..Options::default()
    };
    let script = "boardsize 9\nweiqi-rules\ngenmove B\ngenmove W\n";
    let first = session(&options, script);
    assert!(first.contains("= tromp-taylor"), "{first}");
    assert_eq!(
        first,
        session(&options, script),
        "the same seed plays the same moves"
    );
    let bad = Options {
        rules: Some("no-such-variant"),
        ..Options::default()
    };
    let mut out = Vec::new();
    assert!(serve(&bad, &mut "quit\n".as_bytes(), &mut out).is_err());
}
