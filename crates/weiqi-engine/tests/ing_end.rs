//! Ing's normal end on the engine where it is not a Referee observation (the shared cases
//! `corrected::ing_*` cover phase, turn, legal actions, score and result): the standing
//! agreement (`Engine::pending_agreement`, the interpreter's), the dead stones it ends with,
//! and undo across the passes after it (issue 8 item 2, docs/decisions.md 3 revised, seed 000).

use weiqi_core::{Action, BoardSize, Color, Ending, Move, Phase, Point, Referee, Setup};
use weiqi_engine::Engine;

use Color::{Black, White};

fn size(n: u32) -> BoardSize {
    BoardSize::square(n).expect("valid size")
}

fn sgf(text: &str) -> Point {
    Point::parse(text, size(9)).expect("valid SGF point")
}

/// Issue 8 item 2's record: Black's column e, White's column f, a dead White stone at `bc`.
fn ing_record() -> Engine {
    let mut stones: Vec<(Point, Color)> = (0..9).map(|r| (Point::rc(r, 4), Black)).collect();
    stones.extend((0..9).map(|r| (Point::rc(r, 5), White)));
    stones.push((sgf("bc"), White));
    let setup = Setup {
        stones,
        to_move: Some(Black),
        ..Setup::even(size(9))
    };
    let ing = weiqi_spec::builtin("ing-1996").expect("built-in");
    Engine::new(&ing, setup).expect("setup")
}

/// Two passes, then both players name `bc` dead.
fn agreed() -> Engine {
    let mut g = ing_record();
    g.play(Move::Pass).expect("pass");
    g.play(Move::Pass).expect("pass");
    assert_eq!(Referee::phase(&g), Phase::Stopped);
    for by in [Black, White] {
        g.apply(Action::ProposeDead {
            by,
            dead: vec![sgf("bc")],
        })
        .expect("proposal");
    }
    g
}

#[test]
fn the_agreement_stands_until_the_passes_end_the_game_by_it_decisions_3() {
    let mut g = agreed();
    assert_eq!(Referee::phase(&g), Phase::Playing);
    assert_eq!(g.pending_agreement(), Some(&[sgf("bc")][..]));
    assert!(g.dead_stones().is_empty(), "not dead before the passes");
    g.play(Move::Pass).expect("pass");
    assert_eq!(
        g.pending_agreement(),
        Some(&[sgf("bc")][..]),
        "a pass keeps it"
    );
    g.play(Move::Pass).expect("pass");
    assert_eq!(Referee::phase(&g), Phase::Ended(Ending::Agreement));
    assert_eq!(g.pending_agreement(), None, "spent by the end");
    assert_eq!(g.dead_stones(), &[sgf("bc")]);
}

#[test]
fn a_board_play_sets_the_agreement_aside_and_its_undo_brings_it_back_decisions_3() {
    let mut g = agreed();
    g.play(Move::Play(sgf("aa"))).expect("play");
    assert_eq!(g.pending_agreement(), None);
    assert!(g.undo(), "the play is undone");
    assert_eq!(g.pending_agreement(), Some(&[sgf("bc")][..]));
    // Undoing the ending pass leaves neither an end nor dead stones behind.
    g.play(Move::Pass).expect("pass");
    g.play(Move::Pass).expect("pass");
    assert_eq!(Referee::phase(&g), Phase::Ended(Ending::Agreement));
    assert!(g.undo());
    assert_eq!(Referee::phase(&g), Phase::Playing);
    assert!(g.dead_stones().is_empty());
    assert_eq!(g.score(), None);
    assert_eq!(g.pending_agreement(), Some(&[sgf("bc")][..]));
    assert!(g.undo(), "the first pass after the agreement");
    assert!(!g.undo(), "undo stops at the agreement (a non-move action)");
    assert_eq!(g.pending_agreement(), Some(&[sgf("bc")][..]));
}
