//! What the engine reports beyond the `Referee` observations, which the shared cases therefore
//! do not reach: penalty points (Ing time penalties, Russian 2010 violations: docs/variants.md,
//! scoring adjustments; the twin of the interpreter's
//! `penalties_move_the_result_and_handicap_komi_applies_j89_tt`) and the long-cycle count.
//! Found missing by mutation testing (1 December 2026: `Engine::set_penalties` -> `()`,
//! `Engine::penalties` -> default and `Engine::cycle_count` -> 0 or 1 survived), and that undo
//! stops at an action that is not a move, and that it restores the hot stones after White's added
//! last pass.

use weiqi_core::{
    Action, Board, BoardSize, ByColor, Color, Ending, GameResult, Phase, Point, Points, Referee,
    Setup, WinBy,
};
use weiqi_engine::Engine;

/// Tromp-Taylor on 3x3: Black's area 9 against komi 7.5 is B+1.5; a 2-point penalty on Black
/// makes it W+0.5, and the engine reports the penalties it was given.
#[test]
fn penalties_move_the_result_tt() {
    let tt = weiqi_spec::builtin("tromp-taylor").expect("built-in");
    let mut g = Engine::new(&tt, Setup::even(BoardSize::square(3).expect("3x3"))).expect("setup");
    for action in [
        Action::play(Color::Black, Point::rc(1, 1)),
        Action::pass(Color::White),
        Action::pass(Color::Black),
    ] {
        g.apply(action).expect("legal");
    }
    assert_eq!(g.phase(), Phase::Ended(Ending::AllAlive));
    assert_eq!(
        g.result(),
        Some(GameResult::Win {
            winner: Color::Black,
            by: WinBy::Score(Points::from_halves(3))
        })
    );
    let penalties = ByColor {
        black: Points::whole(2),
        white: Points::ZERO,
    };
    g.set_penalties(penalties);
    assert_eq!(g.penalties(), penalties);
    assert_eq!(
        g.result(),
        Some(GameResult::Win {
            winner: Color::White,
            by: WinBy::Score(Points::from_halves(1))
        })
    );
}

/// The long-cycle count (docs/variants.md 3.b; `play.long-cycle-repetitions`): in a triple ko under
/// Japanese 1989 with four repetitions for a no-result, each full cycle of six captures brings
/// the start situation back once more, and the fourth occurrence ends the game.
#[test]
fn the_long_cycle_count_counts_the_repetitions_variants_3_b() {
    let triple_ko = "
        . . . . . . .
        X X X X X X X
        X O X . X O X
        O . O X O . O
        O O O O O O O
        . . . . . . .
        . . . . . . .";
    let rules = weiqi_cases::common::custom(
        "j89-four",
        "japanese-1989",
        "[play]\nlong-cycle-repetitions = 4\n",
    );
    let board = Board::from_diagram(triple_ko).expect("diagram");
    let mut g = Engine::new(&rules, Setup::from_board(&board, Color::Black)).expect("setup");
    let cycle = [
        (Color::Black, (3, 1)),
        (Color::White, (2, 3)),
        (Color::Black, (3, 5)),
        (Color::White, (2, 1)),
        (Color::Black, (3, 3)),
        (Color::White, (2, 5)),
    ];
    assert_eq!(g.cycle_count(), 1, "the start is the first occurrence");
    for round in 1..=3_u32 {
        for (k, &(color, (row, col))) in cycle.iter().enumerate() {
            g.apply(Action::play(color, Point::rc(row, col)))
                .expect("legal");
            if k == 0 {
                assert_eq!(
                    g.cycle_count(),
                    round,
                    "round {round}: a situation seen before"
                );
            }
        }
        assert_eq!(g.cycle_count(), round + 1, "after {round} cycles");
    }
    assert_eq!(g.phase(), Phase::Ended(Ending::NoResult));
}

/// `Engine::undo` takes back moves only: after an action that is not a move (a resignation, a
/// loss on time: docs/variants.md, the end of the game) it refuses, and the game stays over.
/// Found missing by mutation testing (1 December 2026: the action count of a loss on time
/// survived).
#[test]
fn undo_refuses_after_a_resignation_or_a_loss_on_time() {
    let tt = weiqi_spec::builtin("tromp-taylor").expect("built-in");
    let size = BoardSize::square(3).expect("3x3");
    for (action, ending) in [
        (
            Action::Resign { by: Color::White },
            Ending::Resignation(Color::White),
        ),
        (
            Action::LoseOnTime { by: Color::White },
            Ending::Time(Color::White),
        ),
    ] {
        let mut g = Engine::new(&tt, Setup::even(size)).expect("setup");
        g.apply(Action::play(Color::Black, Point::rc(1, 1)))
            .expect("legal");
        g.apply(action.clone()).expect("an ending");
        assert!(!g.undo(), "{action:?}: undo takes back only moves");
        assert_eq!(g.phase(), Phase::Ended(ending), "{action:?}");
    }
}

/// Undo takes back moves only, and none across a later action (Engine::undo's doc): after a
/// stop, a resumption (J89 Art. 9: a disagreement resumes play) is an action that followed the
/// last move, so undo refuses until a move is played. Found missing by mutation testing (2
/// December 2026: a resumption that left the action count as it was survived).
#[test]
fn undo_refuses_after_a_resumption() {
    let rules = weiqi_spec::builtin("japanese-1989").expect("built-in");
    let size = BoardSize::square(3).expect("3x3");
    let mut g = Engine::new(&rules, Setup::even(size)).expect("setup");
    g.apply(Action::play(Color::Black, Point::rc(1, 1)))
        .expect("legal");
    g.apply(Action::pass(Color::White)).expect("a pass");
    g.apply(Action::pass(Color::Black)).expect("the stop");
    g.apply(Action::Resume { by: Color::White })
        .expect("a resumption");
    assert_eq!(g.phase(), Phase::Playing);
    assert!(!g.undo(), "undo takes back no move across the resumption");
    assert_eq!(g.phase(), Phase::Playing, "and changes nothing");
    let to_move = g.to_move();
    g.apply(Action::pass(to_move)).expect("a pass");
    assert!(g.undo(), "the pass after the resumption is a move");
}

/// Undo of a game ended by passes where the variant adds White's last pass (`end.last-pass =
/// "white"`, docs/variants.md 3.d; AGA) under the Ing ko rule (docs/variants.md 3.a, rule H: a ko
/// capture makes its stone hot, any other move cools them all): the added pass is an entry of its
/// own, and undoing Black's final pass takes it back too and restores the hot stones as they were
/// before that pass. Found missing by mutation testing (1 December 2026: the added pass skipping
/// the hot-stone update under Ing survived, leaving undo one saved list out of step).
#[test]
fn undo_of_the_final_pass_restores_the_hot_stones_with_whites_last_pass_variants_3_d() {
    let ko = "
        . X O .
        X O . O
        . X O .
        . . . .";
    // Two passes end the game at once (`end.after-stop = "score-all-alive"`), so that the last
    // move before them, a ko capture, leaves hot stones that White's pass cools.
    let rules = weiqi_cases::common::custom(
        "aga-ing-ko",
        "aga",
        "[play]\nko = \"ing\"\n\
         [end]\nafter-stop = \"score-all-alive\"\nfinal-end = \"never\"\nfinal-end-passes = 0\n",
    );
    let board = Board::from_diagram(ko).expect("diagram");
    let mut g = Engine::new(&rules, Setup::from_board(&board, Color::Black)).expect("setup");
    g.apply(Action::play(Color::Black, Point::rc(1, 2)))
        .expect("the ko capture");
    let hot = g.hot_stones();
    assert_eq!(
        hot,
        Some(vec![Point::rc(1, 2)]),
        "a ko capture makes its stone hot (rule H)"
    );
    g.apply(Action::pass(Color::White)).expect("pass");
    let before = (g.hot_stones(), g.moves_played(), g.phase());
    assert_eq!(before.0, Some(vec![]), "a pass cools the hot stones");
    g.apply(Action::pass(Color::Black)).expect("pass");
    assert!(
        matches!(g.phase(), Phase::Ended(_)),
        "two passes end the game"
    );
    assert!(g.undo(), "undo of Black's final pass");
    assert_eq!((g.hot_stones(), g.moves_played(), g.phase()), before);
    assert!(g.undo(), "undo of White's pass");
    assert_eq!(g.hot_stones(), hot, "the ko capture's hot stone again");
}
