//! The record flow as a library (issue 27 item 1): what `weiqi check --json` and `weiqi score
//! --json` say of a record, without the command line.

use weiqi_core::{Board, Color, Point, Points};
use weiqi_record::check::{CheckOptions, Checked, check_record};
use weiqi_record::dead::{Judge, Source};
use weiqi_record::replay::read_bytes;
use weiqi_record::score::{ScoreOptions, Scored, score_record};
use weiqi_record::{EXIT_DIVERGED, EXIT_ILLEGAL, EXIT_OK, Limits, Which};

/// White retakes the ko at once (move 10): illegal under every ko rule.
const KO: &[u8] = b"(;GM[1]FF[4]SZ[9]KM[6.5]RU[Japanese];B[ba];W[ca];B[ab];W[cc];B[bc];W[db]\
;B[ff];W[bb];B[cb];W[bb];B[gg];W[hh])";

/// A white stone inside Black's unconditionally alive area; both pass.
const DEAD: &[u8] = b"(;GM[1]FF[4]SZ[6:4]KM[0]RU[Tromp-Taylor]AB[ba][fa][ab][bb][cb][db][eb][fb]\
AW[da]PL[W];W[];B[])";

fn record(bytes: &[u8]) -> weiqi_sgf::Record {
    read_bytes("game.sgf", bytes, false, &Limits::default()).expect("the record reads")
}

#[test]
fn an_illegal_ko_recapture_is_refused_with_its_code() {
    let checked = check_record("game.sgf", &record(KO), &CheckOptions::default()).expect("rules");
    assert_eq!(checked.exit_code(), EXIT_ILLEGAL);
    let Checked::Ruled(report) = &checked else {
        panic!("no divergence without both")
    };
    let json = report.to_json();
    assert_eq!(json.rules, "japanese-1989");
    assert_eq!(json.rules_source, "record");
    assert_eq!(json.first_illegal, Some(10));
    let last = json.moves.last().expect("moves");
    assert_eq!((last.number, last.reason), (10, Some("ko")));
    let text = checked.output(false).expect("text");
    assert!(text.ends_with("verdict: move 10 is illegal\n"), "{text}");
    let json_text = checked.output(true).expect("json");
    let value: serde_json::Value = serde_json::from_str(&json_text).expect("valid JSON");
    assert_eq!(value["first_illegal"], 10);
}

#[test]
fn both_referees_agree_and_the_interpreter_rules_alike() {
    for (which, both) in [(Which::Interpreter, false), (Which::Engine, true)] {
        let options = CheckOptions {
            which,
            both,
            ..CheckOptions::default()
        };
        let checked = check_record("game.sgf", &record(KO), &options).expect("rules");
        assert_ne!(checked.exit_code(), EXIT_DIVERGED);
        assert_eq!(checked.exit_code(), EXIT_ILLEGAL);
    }
}

#[test]
fn a_game_with_an_illegal_move_is_not_scored() {
    let scored = score_record("game.sgf", &record(KO), &ScoreOptions::default()).expect("rules");
    assert_eq!(scored.exit_code(), EXIT_ILLEGAL);
    assert!(matches!(scored, Scored::Unruled(_)));
    let text = scored.output(false).expect("text");
    assert!(
        text.ends_with("cannot score: move 10 is illegal\n"),
        "{text}"
    );
}

#[test]
fn the_dead_stones_of_the_judge_end_the_game() {
    let options = ScoreOptions {
        dead: Some("auto"),
        ..ScoreOptions::default()
    };
    let scored = score_record("game.sgf", &record(DEAD), &options).expect("rules");
    assert_eq!(scored.exit_code(), EXIT_OK);
    let Scored::Ruled(report) = scored else {
        panic!("ruled")
    };
    assert_eq!(report.dead.source, Source::Judge);
    assert!(
        report.dead.judgement.is_some(),
        "the judgement travels with the dead stones"
    );
    assert_eq!(
        report.dead.points,
        [Point::parse("da", report.board.size()).expect("point")]
    );
    let json = report.to_json();
    assert_eq!(json.dead.points, ["da"]);
    assert_eq!(json.winner, "B");
}

/// A judge that names one stone dead, as GNU Go would.
struct Named(&'static str);

impl Judge for Named {
    fn dead_stones(&self, board: &Board, _: Points, _: Color) -> Result<Vec<Point>, String> {
        Point::parse(self.0, board.size())
            .map(|p| vec![p])
            .map_err(|e| e.to_string())
    }
}

#[test]
fn gnugo_asks_the_judge_and_is_refused_without_one() {
    let without = ScoreOptions {
        dead: Some("gnugo"),
        ..ScoreOptions::default()
    };
    let e = score_record("game.sgf", &record(DEAD), &without)
        .err()
        .expect("no judge");
    assert!(e.message().starts_with("--dead gnugo: "), "{e}");
    let judge = Named("da");
    let with = ScoreOptions {
        judge: Some(&judge),
        ..without
    };
    let Scored::Ruled(report) = score_record("game.sgf", &record(DEAD), &with).expect("rules")
    else {
        panic!("ruled")
    };
    assert_eq!(report.dead.source, Source::Gnugo);
    assert_eq!(report.to_json().dead.points, ["da"]);
}

#[test]
fn a_bad_komi_and_unreadable_bytes_are_errors_not_panics() {
    let options = ScoreOptions {
        komi: Some("seven"),
        ..ScoreOptions::default()
    };
    let e = score_record("game.sgf", &record(DEAD), &options)
        .err()
        .expect("bad komi");
    assert!(e.message().contains("--komi"), "{e}");
    assert!(read_bytes("x.sgf", b"not sgf", false, &Limits::default()).is_err());
}
