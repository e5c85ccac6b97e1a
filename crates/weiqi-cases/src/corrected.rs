//! The rulings issue 8 ("The oracle, corrected") found wrong, from the interpreter's
//! `tests/oracle_corrected.rs`: the start of a game (handicap 1, the first mover) and Ing's
//! normal end (without the interpreter's `dead_stones()` and `pending_agreement()`, which are
//! not Referee observations; the engine's `tests/ing_end.rs` checks its own), long cycles
//! across passes and `initial-position` in their count (docs/decisions.md 12, 13), and Ing's hot
//! stones and Rule D. Its board-size case reads `notes()` and the strict constructor, and its
//! Rule H clause test calls the interpreter's `ko::ing::check` directly: neither is a Referee
//! observation, so both stay in the interpreter's suite (the engine's own `tests/setup.rs`
//! checks the same notes).

use crate::common::{Ruling, all_ids, b, custom, pass, propose, replay, variant, w};
use crate::common::{Step, action, game, new_game};
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

// ---- Handicap 1 (issue 8 item 3, docs/decisions.md 21)
// -------------------------------------------

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
    assert_eq!(
        g.to_move(),
        Black,
        "Black moves first (docs/decisions.md 22)"
    );
    let steps = [b(4, 4), pass(White), pass(Black)];
    assert_eq!(replay(&mut g, &steps), Ruling::AllLegal(Phase::Stopped));
    propose(&mut g, Black, &[]);
    propose(&mut g, White, &[]);
    let score = g.score().expect("scored");
    assert_eq!(score.komi, Points::from_halves(1));
    // No bonus for a handicap stone that is not there (docs/decisions.md 21).
    assert_eq!(score.sides.white.bonus, Points::from_halves(1));

    // The handicap tie rule: ing-aga gives ties to Black in even games and to White in
    // handicap games (docs/decisions.md 17). A komi of 0 on an empty board makes a tie.
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
        // Ing: the two passes after the agreement (docs/decisions.md 3).
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

// ---- The first mover (issue 8 item 4, docs/decisions.md 22)
// --------------------------------------

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

// ---- Ing's normal end (issue 8 item 2, docs/decisions.md 3 revised)
// ------------------------------

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

// ---- Long cycles with a pass (issue 8 items 5 and 6, docs/decisions.md 12, 13)
// -------------------

/// Issue 8 item 5's record: `(;GM[1]FF[4]SZ[5]AB[ba][da][cb][db][eb]AW[ab][bb][bc][cc][dc][ec]
/// [ad][bd][dd][be][ce][de][ee]PL[B];...)`, the position of docs/variants.md 4.3.
const SEND_TWO: &str = "
    . X . X .
    O O X X X
    . O O O O
    O O . O .
    . O O O O";

/// "Sending two, returning one, pass": `B[aa];W[ca];B[ba];W[]`. After `B[ba]` the board is the
/// start's with White to move; after the pass, the start's with Black to move.
const SEND_TWO_CYCLE: [Step; 4] = [
    (Black, Some((0, 0))),
    (White, Some((0, 2))),
    (Black, Some((0, 1))),
    (White, None),
];

fn send_two_cycles(n: usize) -> Vec<Step> {
    SEND_TWO_CYCLE.iter().copied().cycle().take(4 * n).collect()
}

fn a_long_cycle_with_a_pass_ends_the_game_decisions_12() {
    // Issue 8 item 5: the record repeats the cycle 25 times and stayed `playing`. The count
    // runs across single passes (docs/decisions.md 12 revised): the start situation occurs at plies
    // 0, 4 and 8, so ply 8 ends the game; the rest of the record is after the end. The board
    // alone recurs at ply 3 too (White to move): the count compares situations, so it does not
    // end the game at ply 4.
    let steps = send_two_cycles(25);
    for (id, ending) in [
        ("japanese-1989", Ending::NoResult),
        ("korean", Ending::Draw),
        ("rfg-2010-area", Ending::NoResult),
        ("rfg-2010-territory", Ending::NoResult),
    ] {
        let mut g = game(&variant(id), SEND_TWO, Black);
        assert_eq!(
            replay(&mut g, &steps[..7]),
            Ruling::AllLegal(Phase::Playing),
            "{id}: two occurrences of the start, three of its board"
        );
        assert_eq!(
            replay(&mut g, &steps[7..8]),
            Ruling::AllLegal(Phase::Ended(ending)),
            "{id}: the third occurrence"
        );
        assert_eq!(
            replay(&mut g, &steps[8..]),
            Ruling::Refused {
                ply: 1,
                reason: Illegal::GameOver
            },
            "{id}"
        );
    }
}

fn the_long_cycle_count_restarts_at_a_stop_and_a_resumption_decisions_12() {
    // One cycle (the start twice), then Black's pass answers White's: play stops. After the
    // resumption the start situation has occurred twice already, but the count restarts: one
    // more cycle does not end the game, the second does.
    let mut g = game(&variant("japanese-1989"), SEND_TWO, Black);
    assert_eq!(
        replay(&mut g, &send_two_cycles(1)),
        Ruling::AllLegal(Phase::Playing)
    );
    assert_eq!(
        replay(&mut g, &[pass(Black)]),
        Ruling::AllLegal(Phase::Stopped)
    );
    g.apply(Action::Resume { by: White }).expect("resume");
    assert_eq!(g.to_move(), Black, "J89 Art. 9.3");
    assert_eq!(
        replay(&mut g, &send_two_cycles(1)),
        Ruling::AllLegal(Phase::Playing),
        "the resumption restarted the count"
    );
    assert_eq!(
        replay(&mut g, &send_two_cycles(1)),
        Ruling::AllLegal(Phase::Ended(Ending::NoResult))
    );
}

fn the_resumed_count_starts_counted_whatever_the_initial_position_decisions_12() {
    // Issue 29 item 13 (e): `play.initial-position` decides whether entry 0 is an occurrence
    // (docs/decisions.md 12; `play.long-cycle-repetitions`: "Entry 0 takes part exactly when
    // `play.initial-position = \"counts\"`"); the situation a resumption starts the count from
    // is not entry 0, so it is the first occurrence under both values. One cycle and Black's
    // pass stop play (the stopping entry: the start's board, White to move).
    //
    // White resumes, so Black moves first (J89 Art. 9.3): the count starts at the start's
    // situation, which two cycles bring back twice more: the game ends at ply 8. Were the start
    // of the stretch not counted, the situation after ply 1 would end it first, at ply 9.
    //
    // Black resumes, so White moves first, on the board of the stop (the situation the count
    // starts from, White to move): White passes, and the cycle brings that situation back at
    // ply 4 (after `B[ba]`) and ply 8: the end, where it would be ply 9 (the situation after
    // White's pass, at 1, 5, 9) were the start not counted.
    for initial in ["counts", "ignored"] {
        let rules = custom(
            &format!("j89-initial-{initial}"),
            "japanese-1989",
            &format!("[play]\ninitial-position = \"{initial}\"\n"),
        );
        for (resumer, first) in [(White, Black), (Black, White)] {
            let mut g = game(&rules, SEND_TWO, Black);
            assert_eq!(
                replay(&mut g, &send_two_cycles(1)),
                Ruling::AllLegal(Phase::Playing),
                "{initial}"
            );
            assert_eq!(
                replay(&mut g, &[pass(Black)]),
                Ruling::AllLegal(Phase::Stopped),
                "{initial}"
            );
            g.apply(Action::Resume { by: resumer }).expect("resume");
            assert_eq!(g.to_move(), first, "J89 Art. 9.3");
            let mut steps: Vec<Step> = Vec::new();
            if first == White {
                steps.push(pass(White));
            }
            steps.extend(send_two_cycles(3));
            assert_eq!(
                replay(&mut g, &steps[..7]),
                Ruling::AllLegal(Phase::Playing),
                "{initial}, {resumer:?} resumed: seven plies"
            );
            assert_eq!(
                replay(&mut g, &steps[7..8]),
                Ruling::AllLegal(Phase::Ended(Ending::NoResult)),
                "{initial}, {resumer:?} resumed: the third occurrence of the resumed situation"
            );
        }
    }
}

/// The triple ko of docs/variants.md 4.2 and its six-ply cycle.
const TRIPLE_KO: &str = "
    . . . . . . .
    X X X X X X X
    X O X . X O X
    O . O X O . O
    O O O O O O O
    . . . . . . .
    . . . . . . .";

const TRIPLE_KO_CYCLE: [Step; 6] = [
    (Black, Some((3, 1))),
    (White, Some((2, 3))),
    (Black, Some((3, 5))),
    (White, Some((2, 1))),
    (Black, Some((3, 3))),
    (White, Some((2, 5))),
];

/// The ply at which `rules` ends the triple ko, played for up to five cycles.
fn triple_ko_end(rules: &weiqi_spec::Ruleset) -> Option<usize> {
    let mut g = game(rules, TRIPLE_KO, Black);
    for ply in 1..=30 {
        g.apply(action(TRIPLE_KO_CYCLE[(ply - 1) % 6]))
            .expect("legal under simple ko");
        if g.phase() != Phase::Playing {
            return Some(ply);
        }
    }
    None
}

fn initial_position_acts_on_the_long_cycle_count_decisions_12() {
    // Issue 8 item 6: with `initial-position = "ignored"` the triple ko still ended at ply 12
    // (occurrences 0, 6, 12 of the start). Entry 0 takes part exactly when the key says
    // "counts"; ignored, the start occurs at 6, 12, 18, but the situation after ply 1 occurs at
    // 1, 7 and 13, and that third occurrence ends the game first: ply 13. (The "18"
    // follows the start's situation alone; every situation of the cycle is counted.)
    assert_eq!(triple_ko_end(&variant("japanese-1989")), Some(12));
    let ignored = custom(
        "j89-initial-ignored",
        "japanese-1989",
        "[play]\ninitial-position = \"ignored\"\n",
    );
    assert_eq!(triple_ko_end(&ignored), Some(13));
    // The same with a pass inside the cycle (sending two, returning one): ply 8 (the start at
    // 0, 4, 8), and ignored ply 9 (the situation after ply 1 at 1, 5, 9).
    let end_of = |rules: &weiqi_spec::Ruleset| {
        let mut g = game(rules, SEND_TWO, Black);
        send_two_cycles(5)
            .into_iter()
            .position(|s| {
                g.apply(action(s)).expect("legal");
                g.phase() != Phase::Playing
            })
            .map(|i| i + 1)
    };
    assert_eq!(end_of(&variant("japanese-1989")), Some(8));
    assert_eq!(end_of(&ignored), Some(9));
}

fn new_zealand_ignores_the_initial_position_decisions_13() {
    // docs/decisions.md 13: "the position as it was after any of that player's previous moves"; the
    // initial position follows no move. A one-stone self-capture right after White's pass
    // recreates the initial situation: legal under new-zealand, refused when entry 0 counts.
    let diagram = "
        . O .
        O . O
        . O .";
    let nz = variant("new-zealand");
    assert_eq!(
        nz.play.initial_position,
        weiqi_spec::InitialPosition::Ignored
    );
    let mut g = game(&nz, diagram, White);
    assert_eq!(
        replay(&mut g, &[pass(White), b(0, 0)]),
        Ruling::AllLegal(Phase::Playing)
    );
    let counts = custom(
        "nz-initial-counts",
        "new-zealand",
        "[play]\ninitial-position = \"counts\"\n",
    );
    let mut g = game(&counts, diagram, White);
    assert_eq!(
        replay(&mut g, &[pass(White), b(0, 0)]),
        Ruling::Refused {
            ply: 2,
            reason: Illegal::SituationalSuperko { repeats: 0 }
        }
    );
}

// ---- Other ends and Ing's rules (issue 8, "Untested clauses to pin") -------------------

fn agreement_ends_at_once_outside_ing_variants_3_e() {
    // AGA (seed 004 rule 9): "after two passes in a row the doomed stones may be removed by
    // agreement and the game ended"; four passes end it unconditionally. The agreement ends
    // the game at once there.
    let aga = variant("aga");
    let mut g = new_game(&aga, Setup::even(size(5))).expect("setup");
    assert_eq!(
        replay(&mut g, &[b(2, 2), pass(White), pass(Black)]),
        Ruling::AllLegal(Phase::Stopped)
    );
    propose(&mut g, Black, &[]);
    propose(&mut g, White, &[]);
    assert_eq!(g.phase(), Phase::Ended(Ending::Agreement));
}

// ---- Untested clauses (issue 8, "Untested clauses to pin") ----------------------------------

fn an_ing_pass_cools_the_hot_stones_variants_3_a() {
    // Rule H: "HOT := ∅ after any other play, or a pass" (docs/variants.md 3.a; seed 000 "before
    // some other board play or a pass has been made"). Two ko captures of the triple ko make
    // both capturing stones hot; Black's pass cools them, so White may take Black's stone.
    let mut g = game(&variant("ing-1996"), TRIPLE_KO, Black);
    assert_eq!(
        replay(&mut g, &TRIPLE_KO_CYCLE[..2]),
        Ruling::AllLegal(Phase::Playing)
    );
    assert_eq!(g.hot_stones().map(|h| h.len()), Some(2));
    assert_eq!(
        g.check(&Action::play(Black, Point::rc(3, 3))),
        Err(Illegal::HotStone {
            stones: vec![Point::rc(2, 3)]
        }),
        "Black may not take White's hot stone at once"
    );
    assert_eq!(
        replay(&mut g, &[pass(Black)]),
        Ruling::AllLegal(Phase::Playing)
    );
    assert_eq!(g.hot_stones(), Some(Vec::new()), "the pass cooled them");
    assert_eq!(
        replay(&mut g, &[w(2, 1)]),
        Ruling::AllLegal(Phase::Playing),
        "White takes Black's stone at (3,1)"
    );
    // A one-stone suicide counts as a pass (seed 000) and cools them too.
    let diagram = "
        . O . . . . .
        O O . . . . .";
    let board_with = |base: &str| format!("{base}\n{}", TRIPLE_KO.trim_start_matches('\n'));
    let mut g = game(&variant("ing-1996"), &board_with(diagram), Black);
    let cycle: Vec<Step> = TRIPLE_KO_CYCLE[..2]
        .iter()
        .map(|&(c, at)| (c, at.map(|(r, col)| (r + 2, col))))
        .collect();
    assert_eq!(replay(&mut g, &cycle), Ruling::AllLegal(Phase::Playing));
    assert_eq!(g.hot_stones().map(|h| h.len()), Some(2));
    let r = g
        .apply(Action::play(Black, Point::rc(0, 0)))
        .expect("a one-stone suicide is a pass");
    assert!(r.counted_as_pass);
    assert_eq!(g.hot_stones(), Some(Vec::new()));
}

fn ing_one_stone_suicide_is_the_second_pass_of_a_stop_seed_000() {
    // Seed 000: "a self-capture removing only the stone just played is equivalent to a pass";
    // docs/variants.md 3.a: it counts toward the pass count, here as the pass that answers a pass.
    let diagram = "
        . O .
        O O O
        . . .";
    let mut g = game(&variant("ing-1996"), diagram, White);
    assert_eq!(
        replay(&mut g, &[pass(White)]),
        Ruling::AllLegal(Phase::Playing)
    );
    let r = g
        .apply(Action::play(Black, Point::rc(0, 0)))
        .expect("counted as a pass");
    assert!(r.counted_as_pass);
    assert_eq!(g.phase(), Phase::Stopped);
}

/// Two "sending two, returning one" shapes, the second mirrored, with an empty column between.
fn two_send_two() -> String {
    SEND_TWO
        .trim()
        .lines()
        .map(|row| {
            let row = row.trim();
            let mirrored: String = row.chars().rev().collect();
            format!("{row} . {mirrored}")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn two_cycles() -> (Vec<Step>, Vec<Step>) {
    let left = SEND_TWO_CYCLE.to_vec();
    let right = SEND_TWO_CYCLE
        .iter()
        .map(|&(c, at)| (c, at.map(|(r, col)| (r, 10 - col))))
        .collect();
    (left, right)
}

fn ing_rule_d_bans_from_the_most_recent_repetition_variants_3_a() {
    // Rule D: "when a move produces sigma_t equal to an earlier sigma_t0 (most recent such
    // t0), let m0 be the move made at ply t0+1". The start recurs after the left cycle (ply 4:
    // t0 = 0, Black's (0,0) banned) and after the right one (ply 8: the most recent t0 is 4,
    // so Black's (0,10), the move of ply 5, is banned; the oldest t0 = 0 would ban nothing new).
    let (left, right) = two_cycles();
    let mut g = game(&variant("ing-1996"), &two_send_two(), Black);
    assert_eq!(replay(&mut g, &left), Ruling::AllLegal(Phase::Playing));
    assert_eq!(replay(&mut g, &right), Ruling::AllLegal(Phase::Playing));
    assert_eq!(
        g.check(&Action::play(Black, Point::rc(0, 10))),
        Err(Illegal::CycleRestart { started: 5 })
    );
    assert_eq!(
        g.check(&Action::play(Black, Point::rc(0, 0))),
        Err(Illegal::CycleRestart { started: 1 })
    );
}

fn ing_rule_d_with_the_initial_position_ignored_decisions_7() {
    // `initial-position = "ignored"` for Rule D: the start's recurrence at ply 4 records no ban
    // (entry 0 is not a recorded situation), so Black may restart the cycle; Black's restart
    // then recreates the situation of ply 1, which bans White's continuation from there.
    let ignored = custom(
        "ing-initial-ignored",
        "ing-1996",
        "[play]\ninitial-position = \"ignored\"\n",
    );
    let mut g = game(&ignored, SEND_TWO, Black);
    assert_eq!(
        replay(&mut g, &SEND_TWO_CYCLE),
        Ruling::AllLegal(Phase::Playing)
    );
    assert_eq!(
        g.check(&Action::play(Black, Point::rc(0, 0))),
        Ok(()),
        "no ban from entry 0"
    );
    assert_eq!(
        replay(&mut g, &SEND_TWO_CYCLE[..2]),
        Ruling::Refused {
            ply: 2,
            reason: Illegal::CycleRestart { started: 2 }
        }
    );
    // The built-in counts entry 0: the restart is banned at once.
    let mut g = game(&variant("ing-1996"), SEND_TWO, Black);
    assert_eq!(
        replay(&mut g, &SEND_TWO_CYCLE),
        Ruling::AllLegal(Phase::Playing)
    );
    assert_eq!(
        g.check(&Action::play(Black, Point::rc(0, 0))),
        Err(Illegal::CycleRestart { started: 1 })
    );
}

fn stop_passes_other_than_two_end_play_later_variants_3_e() {
    // `end.stop-passes` other than 2: three consecutive passes stop play; two do not.
    let three = custom(
        "j89-three-passes",
        "japanese-1989",
        "[end]\nstop-passes = 3\n",
    );
    let mut g = new_game(&three, Setup::even(size(5))).expect("setup");
    assert_eq!(
        replay(&mut g, &[pass(Black), pass(White)]),
        Ruling::AllLegal(Phase::Playing)
    );
    assert_eq!(
        replay(&mut g, &[pass(Black)]),
        Ruling::AllLegal(Phase::Stopped)
    );
    // One pass stops play under stop-passes = 1.
    let one = custom("j89-one-pass", "japanese-1989", "[end]\nstop-passes = 1\n");
    let mut g = new_game(&one, Setup::even(size(5))).expect("setup");
    assert_eq!(
        replay(&mut g, &[pass(Black)]),
        Ruling::AllLegal(Phase::Stopped)
    );
    // Ing after an agreement waits for stop-passes passes too: three here.
    let ing3 = custom(
        "ing-three-passes",
        "ing-1996",
        "[end]\nstop-passes = 3\nfinal-end-passes = 6\n",
    );
    let mut g = new_game(&ing3, Setup::even(size(9))).expect("setup");
    assert_eq!(
        replay(&mut g, &[pass(Black), pass(White), pass(Black)]),
        Ruling::AllLegal(Phase::Stopped)
    );
    propose(&mut g, Black, &[]);
    propose(&mut g, White, &[]);
    assert_eq!(
        replay(&mut g, &[pass(White), pass(Black)]),
        Ruling::AllLegal(Phase::Playing)
    );
    assert_eq!(
        replay(&mut g, &[pass(White)]),
        Ruling::AllLegal(Phase::Ended(Ending::Agreement))
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
    (
        "corrected::a_long_cycle_with_a_pass_ends_the_game_decisions_12",
        a_long_cycle_with_a_pass_ends_the_game_decisions_12,
    ),
    (
        "corrected::the_long_cycle_count_restarts_at_a_stop_and_a_resumption_decisions_12",
        the_long_cycle_count_restarts_at_a_stop_and_a_resumption_decisions_12,
    ),
    (
        "corrected::initial_position_acts_on_the_long_cycle_count_decisions_12",
        initial_position_acts_on_the_long_cycle_count_decisions_12,
    ),
    (
        "corrected::the_resumed_count_starts_counted_whatever_the_initial_position_decisions_12",
        the_resumed_count_starts_counted_whatever_the_initial_position_decisions_12,
    ),
    (
        "corrected::new_zealand_ignores_the_initial_position_decisions_13",
        new_zealand_ignores_the_initial_position_decisions_13,
    ),
    (
        "corrected::agreement_ends_at_once_outside_ing_variants_3_e",
        agreement_ends_at_once_outside_ing_variants_3_e,
    ),
    (
        "corrected::an_ing_pass_cools_the_hot_stones_variants_3_a",
        an_ing_pass_cools_the_hot_stones_variants_3_a,
    ),
    (
        "corrected::ing_one_stone_suicide_is_the_second_pass_of_a_stop_seed_000",
        ing_one_stone_suicide_is_the_second_pass_of_a_stop_seed_000,
    ),
    (
        "corrected::ing_rule_d_bans_from_the_most_recent_repetition_variants_3_a",
        ing_rule_d_bans_from_the_most_recent_repetition_variants_3_a,
    ),
    (
        "corrected::ing_rule_d_with_the_initial_position_ignored_decisions_7",
        ing_rule_d_with_the_initial_position_ignored_decisions_7,
    ),
    (
        "corrected::stop_passes_other_than_two_end_play_later_variants_3_e",
        stop_passes_other_than_two_end_play_later_variants_3_e,
    ),
];
