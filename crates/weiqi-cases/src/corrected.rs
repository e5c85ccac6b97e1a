//! The rulings issue 8 ("The oracle, corrected") found wrong, from the interpreter's
//! `tests/oracle_corrected.rs`: the start of a game (handicap 1, the first mover) and Ing's
//! normal end (without the interpreter's `dead_stones()` and `pending_agreement()`, which are
//! not Referee observations; the engine's `tests/ing_end.rs` checks its own). Its board-size
//! case reads `notes()` and the strict constructor, which are not Referee observations, and
//! stays in the interpreter's suite (the engine's own `tests/setup.rs` checks the same notes).

use crate::common::new_game;
use crate::common::{Ruling, all_ids, b, custom, pass, propose, replay, variant, w};
use weiqi_core::{
    Action, BoardSize, Color, Ending, GameResult, Illegal, Move, Phase, PhaseKind, Point, Points,
    Setup, WinBy,
};

use Color::{Black, White};

fn size(n: u32) -> BoardSize {
    BoardSize::square(n).expect("valid size")
}

/// An SGF point (`ee`) as a point.
fn sgf(text: &str) -> Point {
    Point::parse(text, size(9)).expect("valid SGF point")
}

// ---- Handicap 1 (issue 8 item 3, DECISIONS.md 21) -------------------------------------------

fn handicap_1_is_a_handicap_game_without_stones_decisions_21() {
    // Issue 8 item 3: `(;GM[1]FF[4]SZ[9]RU[AGA]HA[1];B[ee];W[];B[])` was scored with komi 7.5;
    // it is a handicap game: komi 0.5 (AGA's handicap komi) and the handicap tie rule.
    let aga = weiqi_spec::builtin("aga").expect("built-in");
    let mut g = new_game(&aga, Setup::with_handicap(size(9), 1)).expect("setup");
    assert_eq!(
        aga.handicap.komi,
        Points::from_halves(1),
        "AGA handicap komi 0.5"
    );
    assert_eq!(g.board().iter().filter(|(_, c)| c.is_some()).count(), 0);
    assert_eq!(g.to_move(), Black, "Black moves first (DECISIONS.md 22)");
    let steps = [b(4, 4), pass(White), pass(Black)];
    assert_eq!(replay(&mut g, &steps), Ruling::AllLegal(Phase::Stopped));
    propose(&mut g, Black, &[]);
    propose(&mut g, White, &[]);
    let score = g.score().expect("scored");
    assert_eq!(score.komi, Points::from_halves(1));
    // No bonus for a handicap stone that is not there (DECISIONS.md 21).
    assert_eq!(score.sides.white.bonus, Points::from_halves(1));

    // The handicap tie rule: ing-aga gives ties to Black in even games and to White in
    // handicap games (DECISIONS.md 17). A komi of 0 on an empty board makes a tie.
    let ing_aga = variant("ing-aga");
    assert_ne!(ing_aga.scoring.tie, ing_aga.scoring.tie_handicap);
    let tie_of = |handicap: u32| {
        let mut s = Setup::with_handicap(size(9), handicap);
        s.komi = Some(Points::ZERO);
        let mut g = new_game(&ing_aga, s).expect("setup");
        assert_eq!(
            replay(&mut g, &[pass(Black), pass(White)]),
            Ruling::AllLegal(Phase::Stopped)
        );
        propose(&mut g, Black, &[]);
        propose(&mut g, White, &[]);
        // Ing: the two passes after the agreement (DECISIONS.md 3).
        assert_eq!(
            replay(&mut g, &[pass(Black), pass(White)]),
            Ruling::AllLegal(Phase::Ended(weiqi_core::Ending::Agreement))
        );
        g.result().expect("result")
    };
    let winner = |r: GameResult| match r {
        GameResult::Win { winner, .. } => Some(winner),
        _ => None,
    };
    assert_eq!(winner(tie_of(0)), Some(Black), "even game: ties to Black");
    assert_eq!(winner(tie_of(1)), Some(White), "handicap 1: ties to White");
}

// ---- The first mover (issue 8 item 4, DECISIONS.md 22) --------------------------------------

fn the_variant_says_who_moves_first_decisions_22() {
    for id in all_ids() {
        let rules = variant(id);
        // `(;GM[1]FF[4]SZ[9];W[ee];B[cc];W[gg])`: the first move is `wrong-turn`.
        let mut g = new_game(&rules, Setup::even(size(9))).expect("setup");
        assert_eq!(
            replay(&mut g, &[w(4, 4)]),
            Ruling::Refused {
                ply: 1,
                reason: Illegal::WrongTurn { expected: Black }
            },
            "{id}: an empty board starts with Black"
        );
        // `(;GM[1]FF[4]SZ[9]HA[2]AB[gc][cg];B[ee];W[cc])`: after the handicap stones White
        // moves first, fixed or free placement alike.
        let setup = Setup {
            stones: vec![(sgf("gc"), Black), (sgf("cg"), Black)],
            ..Setup::with_handicap(size(9), 2)
        };
        let mut g = new_game(&rules, setup.clone()).expect("setup");
        assert_eq!(
            replay(&mut g, &[b(4, 4)]),
            Ruling::Refused {
                ply: 1,
                reason: Illegal::WrongTurn { expected: White }
            },
            "{id}: White moves first after the handicap stones"
        );
        // A game start may not choose another first mover (the setup is refused, so a
        // reader cannot turn `wrong-turn` into a legal first move).
        let mut start = setup;
        start.to_move = Some(Black);
        assert!(
            new_game(&rules, start).is_err(),
            "{id}: the first mover is the variant's"
        );
        let mut empty = Setup::even(size(9));
        empty.to_move = Some(White);
        assert!(
            new_game(&rules, empty.clone()).is_err(),
            "{id}: Black moves first"
        );
        // The variant's own first mover may be named.
        empty.to_move = Some(Black);
        assert!(new_game(&rules, empty).is_ok(), "{id}");
        // A position (other setup stones) chooses its first mover (PL).
        let position = Setup {
            stones: vec![(sgf("cc"), Black), (sgf("gg"), White)],
            to_move: Some(White),
            ..Setup::even(size(9))
        };
        let g = new_game(&rules, position).expect("setup");
        assert_eq!(g.to_move(), White, "{id}");
    }
}

fn first_after_placement_black_moves_black_first_handicap_key() {
    // `handicap.first-after-placement = "black"` (spec key; no built-in variant uses it):
    // after fixed stones Black moves first, and after a free placement Black plays again.
    let fixed = custom(
        "j89-black-after",
        "japanese-1989",
        "[handicap]\nfirst-after-placement = \"black\"\n",
    );
    let g = new_game(&fixed, Setup::with_handicap(size(9), 2)).expect("setup");
    assert_eq!(g.to_move(), Black);
    let j89 = variant("japanese-1989");
    let g = new_game(&j89, Setup::with_handicap(size(9), 2)).expect("setup");
    assert_eq!(g.to_move(), White, "the built-in value, for contrast");

    let free = custom(
        "kgs-black-after",
        "chinese-kgs",
        "[handicap]\nfirst-after-placement = \"black\"\n",
    );
    let mut g = new_game(&free, Setup::with_handicap(size(9), 2)).expect("setup");
    assert_eq!(
        replay(&mut g, &[b(2, 2), b(6, 6)]),
        Ruling::AllLegal(Phase::Playing)
    );
    assert_eq!(g.to_move(), Black, "Black moves after its placement");
    let mut g = new_game(&variant("chinese-kgs"), Setup::with_handicap(size(9), 2)).expect("setup");
    assert_eq!(
        replay(&mut g, &[b(2, 2), b(6, 6)]),
        Ruling::AllLegal(Phase::Playing)
    );
    assert_eq!(g.to_move(), White, "the built-in value, for contrast");
}

// ---- Ing's normal end (issue 8 item 2, DECISIONS.md 3 revised) ------------------------------

/// Issue 8 item 2's record: `(;GM[1]FF[4]SZ[9]RU[GOE]AB[ea][eb]...[ei]AW[fa][fb][bc][fc]...[fi]
/// PL[B];B[];W[];B[];W[]TB[...]TW[...])`: Black's column e, White's column f, and a dead White
/// stone at `bc` inside Black's area.
fn ing_record() -> crate::common::Game {
    let mut stones: Vec<(Point, Color)> = (0..9).map(|r| (Point::rc(r, 4), Black)).collect();
    stones.extend((0..9).map(|r| (Point::rc(r, 5), White)));
    stones.push((sgf("bc"), White));
    let setup = Setup {
        stones,
        to_move: Some(Black),
        ..Setup::even(size(9))
    };
    new_game(&variant("ing-1996"), setup).expect("setup")
}

fn ing_stop_agreement_then_two_passes_is_the_normal_end_decisions_3() {
    // Seed 000: "if after the stop there is no disagreement on the status of the groups, the
    // players pass again in a row (the total number of consecutive passes becomes four), after
    // which the game is over". The agreed dead stone `bc` is dead: B+1 (komi 8).
    let mut g = ing_record();
    assert_eq!(
        replay(&mut g, &[pass(Black), pass(White)]),
        Ruling::AllLegal(Phase::Stopped)
    );
    propose(&mut g, Black, &[sgf("bc")]);
    propose(&mut g, White, &[sgf("bc")]);
    assert_eq!(
        g.phase(),
        Phase::Playing,
        "the two passes are still to come"
    );
    assert_eq!(
        g.to_move(),
        Black,
        "turn order continues after the agreement"
    );
    assert_eq!(g.result(), None);
    assert_eq!(g.score(), None);
    assert!(g.legal_moves().contains(&Move::Pass));
    assert!(g.legal_moves().contains(&Move::Play(sgf("aa"))));
    assert_eq!(
        g.check(&Action::ProposeDead {
            by: Black,
            dead: Vec::new()
        }),
        Err(Illegal::WrongPhase {
            needs: PhaseKind::Stopped
        }),
        "play has returned: no proposals until the next stop"
    );
    assert_eq!(
        replay(&mut g, &[pass(Black)]),
        Ruling::AllLegal(Phase::Playing)
    );
    assert_eq!(
        replay(&mut g, &[pass(White)]),
        Ruling::AllLegal(Phase::Ended(Ending::Agreement))
    );
    assert_eq!(g.moves_played(), 4);
    assert!(g.legal_moves().is_empty());
    let score = g.score().expect("scored");
    assert_eq!(score.margin, Points::whole(1));
    assert_eq!(
        g.result(),
        Some(GameResult::Win {
            winner: Black,
            by: WinBy::Score(Points::whole(1))
        })
    );

    // Four passes with no agreement (a dispute played out): every stone alive, W wins.
    let mut g = ing_record();
    assert_eq!(
        replay(&mut g, &[pass(Black), pass(White)]),
        Ruling::AllLegal(Phase::Stopped)
    );
    g.apply(Action::Resume { by: White }).expect("resume");
    assert_eq!(
        replay(&mut g, &[pass(Black), pass(White)]),
        Ruling::AllLegal(Phase::Ended(Ending::AllAlive))
    );
    assert!(
        g.score().expect("scored").margin < Points::ZERO,
        "W wins with bc alive"
    );
}

fn ing_a_board_play_after_the_agreement_sets_it_aside_decisions_3() {
    // A player who plays instead of passing disputes after all: the agreement no longer
    // stands, and the next two passes stop play again (they do not end the game); the fourth
    // consecutive pass then ends it with every stone alive (final-end-passes = 4).
    let mut g = ing_record();
    assert_eq!(
        replay(&mut g, &[pass(Black), pass(White)]),
        Ruling::AllLegal(Phase::Stopped)
    );
    propose(&mut g, Black, &[sgf("bc")]);
    propose(&mut g, White, &[sgf("bc")]);
    assert_eq!(
        replay(&mut g, &[b(0, 0), pass(White), pass(Black)]),
        Ruling::AllLegal(Phase::Stopped)
    );
    g.apply(Action::Resume { by: Black }).expect("resume");
    assert_eq!(
        replay(&mut g, &[pass(White), pass(Black)]),
        Ruling::AllLegal(Phase::Ended(Ending::AllAlive))
    );
    assert!(
        g.score().expect("scored").margin < Points::ZERO,
        "bc is alive: the agreement was set aside"
    );
}

/// The cases of this module, by name.
pub const CASES: &[(&str, fn())] = &[
    (
        "corrected::handicap_1_is_a_handicap_game_without_stones_decisions_21",
        handicap_1_is_a_handicap_game_without_stones_decisions_21,
    ),
    (
        "corrected::the_variant_says_who_moves_first_decisions_22",
        the_variant_says_who_moves_first_decisions_22,
    ),
    (
        "corrected::first_after_placement_black_moves_black_first_handicap_key",
        first_after_placement_black_moves_black_first_handicap_key,
    ),
    (
        "corrected::ing_stop_agreement_then_two_passes_is_the_normal_end_decisions_3",
        ing_stop_agreement_then_two_passes_is_the_normal_end_decisions_3,
    ),
    (
        "corrected::ing_a_board_play_after_the_agreement_sets_it_aside_decisions_3",
        ing_a_board_play_after_the_agreement_sets_it_aside_decisions_3,
    ),
];
