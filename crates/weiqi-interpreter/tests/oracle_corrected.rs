//! The rulings issue 8 ("The oracle, corrected") found wrong that only the interpreter can
//! show. The cases themselves (handicap 1, the first mover, long cycles with passes,
//! `initial-position` in their count, Ing's normal end, hot stones and Rule D) are in the shared
//! case corpus, `crates/weiqi-cases/src/corrected.rs`, which `tests/shared_cases.rs` runs on the
//! interpreter and the engine's suite on the engine. What stays here reads what is not a
//! Referee observation: `komi()`, the typed setup error, the setup notes and the strict
//! constructor, `dead_stones()` and `pending_agreement()`, and Rule H's clause function.

mod common;

use common::{Ruling, b, pass, propose, replay, variant};
use weiqi_core::{BoardSize, Color, Illegal, Phase, Point, Points, Setup, SetupNote};
use weiqi_interpreter::{Interpreter, SetupError};

use Color::{Black, White};

fn size(n: u32) -> BoardSize {
    BoardSize::square(n).expect("valid size")
}

/// An SGF point (`ee`) as a point.
fn sgf(text: &str) -> Point {
    Point::parse(text, size(9)).expect("valid SGF point")
}

#[test]
fn handicap_1_takes_the_handicap_komi_decisions_21() {
    // Issue 8 item 3: `(;GM[1]FF[4]SZ[9]RU[AGA]HA[1];B[ee];W[];B[])` was scored with komi 7.5;
    // handicap 1 is a handicap game, so the komi is AGA's handicap komi, 0.5.
    use weiqi_interpreter::handicap::{is_handicap, stones};
    assert_eq!(
        [0, 1, 2, 9].map(|h| (is_handicap(h), stones(h))),
        [(false, 0), (true, 0), (true, 2), (true, 9)],
        "handicap 1 is a handicap game without stones"
    );
    let aga = variant("aga");
    let g = Interpreter::new(&aga, Setup::with_handicap(size(9), 1)).expect("setup");
    assert_eq!(g.komi(), Points::from_halves(1), "AGA handicap komi 0.5");
    let g = Interpreter::new(&aga, Setup::even(size(9))).expect("setup");
    assert_eq!(
        g.komi(),
        aga.scoring.komi,
        "an even game keeps the even komi"
    );
    assert_ne!(aga.scoring.komi, aga.handicap.komi);
}

#[test]
fn a_game_start_may_not_choose_another_first_mover_decisions_22() {
    // docs/decisions.md 22: the setup is refused with the typed error, so a reader cannot turn
    // `wrong-turn` into a legal first move.
    let rules = variant("japanese-1989");
    let mut empty = Setup::even(size(9));
    empty.to_move = Some(White);
    assert_eq!(
        Interpreter::new(&rules, empty).err(),
        Some(SetupError::FirstMover {
            expected: Black,
            given: White
        })
    );
    let mut handicap = Setup {
        stones: vec![(sgf("gc"), Black), (sgf("cg"), Black)],
        ..Setup::with_handicap(size(9), 2)
    };
    handicap.to_move = Some(Black);
    assert_eq!(
        Interpreter::new(&rules, handicap).err(),
        Some(SetupError::FirstMover {
            expected: White,
            given: Black
        })
    );
}

#[test]
fn a_size_the_text_does_not_prescribe_is_ruled_with_a_note_decisions_25() {
    // Issue 8 item 9: a 5x5 ko problem under `ing-1996` or `rfg-2010-*` was refused.
    for id in ["ing-1996", "ing-aga", "rfg-2010-area", "rfg-2010-territory"] {
        let rules = weiqi_spec::builtin(id).expect("built-in");
        assert!(!rules.allows_size(size(5)), "{id} prescribes its sizes");
        let mut g = Interpreter::new(&rules, Setup::even(size(5))).expect("ruled all the same");
        assert_eq!(
            g.notes(),
            &[SetupNote::SizeNotPrescribed {
                size: size(5),
                prescribed: rules.board.sizes.clone()
            }],
            "{id}"
        );
        assert!(
            g.notes()[0]
                .to_string()
                .starts_with("the 5x5 board is not a size the variant's text prescribes ("),
            "{id}: {}",
            g.notes()[0]
        );
        assert_eq!(replay(&mut g, &[b(2, 2)]), Ruling::AllLegal(Phase::Playing));
        assert!(
            matches!(
                Interpreter::new_strict(&rules, Setup::even(size(5))).err(),
                Some(SetupError::SizeNotAllowed { .. })
            ),
            "{id}: --strict refuses it"
        );
        // A prescribed size: no note, and strict accepts it.
        let g = Interpreter::new_strict(&rules, Setup::even(size(9))).expect("9x9");
        assert!(g.notes().is_empty(), "{id}");
    }
    // A variant without prescribed sizes never notes one.
    let tt = weiqi_spec::builtin("tromp-taylor").expect("built-in");
    assert!(tt.board.sizes.is_empty());
    let g = Interpreter::new_strict(&tt, Setup::even(size(5))).expect("any size");
    assert!(g.notes().is_empty());
}

/// Issue 8 item 2's record: `(;GM[1]FF[4]SZ[9]RU[GOE]AB[ea][eb]...[ei]AW[fa][fb][bc][fc]...[fi]
/// PL[B];B[];W[];B[];W[]TB[...]TW[...])`: Black's column e, White's column f, and a dead White
/// stone at `bc` inside Black's area.
fn ing_record() -> weiqi_interpreter::Interpreter {
    let mut stones: Vec<(Point, Color)> = (0..9).map(|r| (Point::rc(r, 4), Black)).collect();
    stones.extend((0..9).map(|r| (Point::rc(r, 5), White)));
    stones.push((sgf("bc"), White));
    let setup = Setup {
        stones,
        to_move: Some(Black),
        ..Setup::even(size(9))
    };
    Interpreter::new(&variant("ing-1996"), setup).expect("setup")
}

#[test]
fn ing_agreement_waits_for_the_two_passes_decisions_3() {
    // Seed 000: after the stop and the agreement "the players pass again in a row ... after
    // which the game is over". The agreed dead stones are pending until then and are the dead
    // stones after; a board play instead sets the agreement aside.
    let mut g = ing_record();
    assert_eq!(
        replay(&mut g, &[pass(Black), pass(White)]),
        Ruling::AllLegal(Phase::Stopped)
    );
    propose(&mut g, Black, &[sgf("bc")]);
    propose(&mut g, White, &[sgf("bc")]);
    assert_eq!(g.pending_agreement(), Some(&[sgf("bc")][..]));
    assert!(g.dead_stones().is_empty(), "not dead before the two passes");
    let mut set_aside = g.clone();
    assert_eq!(
        replay(&mut g, &[pass(Black), pass(White)]),
        Ruling::AllLegal(Phase::Ended(weiqi_core::Ending::Agreement))
    );
    assert_eq!(g.dead_stones(), &[sgf("bc")]);
    assert_eq!(
        replay(&mut set_aside, &[b(0, 0)]),
        Ruling::AllLegal(Phase::Playing)
    );
    assert_eq!(set_aside.pending_agreement(), None);
}

#[test]
fn rule_h_refuses_a_self_capture_of_a_hot_stone_variants_3_a() {
    // Rule H: "a play that would remove any stone currently in HOT is illegal", by capture or
    // by self-capture (ko::ing::check; the clause judged on its own: a self-capturing play of a
    // string that holds a hot stone).
    use weiqi_interpreter::fuel::Fuel;
    use weiqi_interpreter::ko::ing::{IngState, check};
    use weiqi_interpreter::play::play;
    let board = weiqi_core::Board::from_diagram(
        "
        X . O .
        O O . .
        . . . .",
    )
    .expect("diagram");
    let rules = variant("ing-1996");
    let fuel = Fuel::new(None);
    // Black at (0,1) self-captures (0,0) and (0,1): two stones, a legal self-capture in Ing.
    let outcome = play(&rules.play, &board, Black, Point::rc(0, 1), &fuel).expect("legal play");
    assert_eq!(
        outcome.self_captured,
        vec![Point::rc(0, 0), Point::rc(0, 1)]
    );
    let history = [weiqi_interpreter::history::Record::setup(
        board.clone(),
        Black,
    )];
    let cold = IngState::default();
    assert_eq!(
        check(
            &cold,
            &history,
            &board,
            Black,
            Point::rc(0, 1),
            &outcome,
            &fuel
        ),
        Ok(())
    );
    let hot = IngState {
        hot: vec![(Point::rc(0, 0), Black)],
        bans: Vec::new(),
    };
    assert_eq!(
        check(
            &hot,
            &history,
            &board,
            Black,
            Point::rc(0, 1),
            &outcome,
            &fuel
        ),
        Err(Illegal::HotStone {
            stones: vec![Point::rc(0, 0)]
        })
    );
}
