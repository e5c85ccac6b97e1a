//! One test per rule clause, named after it, citing its source. The variants are the built-in
//! ones (`weiqi_spec::builtin`), or one-line custom variations of them (`parse_str` with
//! `extends`) where a clause's other value needs a test.

use crate::common::{Game, new_game};
use crate::common::{Ruling, b, custom, game, pass, propose, replay, variant, w};
use weiqi_core::{
    Action, BoardSize, ByColor, Color, Ending, GameResult, Illegal, Move, Phase, PhaseKind, Point,
    Points, Setup, WinBy,
};

use Color::{Black, White};

const PLAYING: Ruling = Ruling::AllLegal(Phase::Playing);

fn size(n: u32) -> BoardSize {
    BoardSize::square(n).expect("valid size")
}

fn even(id: &str, n: u32) -> Game {
    new_game(&variant(id), Setup::even(size(n))).expect("valid setup")
}

// ---- docs/variants.md 3.0: a play -------------------------------------------------------------

fn play_captures_opponent_strings_first_variants_3_0() {
    // Seed 000 / Chinese 1988: "if a play leaves stones of both colours without liberties,
    // only the opponent's are removed". B (0,2) takes the last liberty of both the white pair
    // and its own stone; the white pair goes, the black stone stays.
    let diagram = "
        O O . X
        X X O .
        . . . .";
    for id in crate::common::all_ids() {
        let mut g = game(&variant(id), diagram, Black);
        let report = g
            .apply(Action::play(Black, Point::rc(0, 2)))
            .expect("a capture");
        assert_eq!(
            report.captured,
            vec![Point::rc(0, 0), Point::rc(0, 1)],
            "{id}"
        );
        assert!(report.self_captured.is_empty());
        assert_eq!(g.board().get(Point::rc(0, 2)), Some(Black));
        assert_eq!(g.prisoners(), ByColor { black: 2, white: 0 });
    }
}

fn play_needs_an_empty_point_on_the_board_variants_3_0() {
    let mut g = even("japanese-1989", 3);
    g.apply(Action::play(Black, Point::rc(1, 1)))
        .expect("legal");
    assert_eq!(
        g.check(&Action::play(White, Point::rc(1, 1))),
        Err(Illegal::Occupied)
    );
    assert_eq!(
        g.check(&Action::play(White, Point::rc(3, 0))),
        Err(Illegal::OffBoard)
    );
    let err = g
        .apply(Action::play(White, Point::rc(1, 1)))
        .expect_err("occupied");
    assert_eq!(err.reason, Illegal::Occupied);
    assert_eq!(
        g.moves_played(),
        1,
        "a refused action leaves the game unchanged"
    );
}

// ---- play.suicide, play.single-stone-suicide ---------------------------------------------

fn single_stone_suicide_pass_counts_toward_the_stop_seed_000() {
    // Seed 000: "a self-capture removing only the stone just played is equivalent to a pass";
    // docs/variants.md 3.a: it "counts toward the pass count".
    let diagram = "
        . O .
        O O O
        . . .";
    let mut g = game(&variant("ing-1996"), diagram, Black);
    let r = g
        .apply(Action::play(Black, Point::rc(0, 0)))
        .expect("counted as a pass");
    assert!(r.counted_as_pass);
    assert_eq!(g.board().get(Point::rc(0, 0)), None);
    g.apply(Action::pass(White)).expect("pass");
    assert_eq!(g.phase(), Phase::Stopped);
}

// ---- play.ko -------------------------------------------------------------------------------

const KO: &str = "
    . X O . .
    X O . O .
    . X O . .
    X X O O O
    . X O . .";

fn simple_ko_window_restarts_after_any_move_j89_art_6() {
    // J89 Art. 6: only the *next* move may not recapture.
    let rules = variant("japanese-1989");
    let mut g = game(&rules, KO, Black);
    assert_eq!(
        replay(&mut g, &[b(1, 2), w(1, 1)]),
        Ruling::Refused {
            ply: 2,
            reason: Illegal::Ko
        }
    );
    assert_eq!(replay(&mut g, &[w(2, 3), b(4, 0), w(1, 1)]), PLAYING);
    // And Black may not retake at once either.
    assert_eq!(
        replay(&mut g, &[b(1, 2)]),
        Ruling::Refused {
            ply: 1,
            reason: Illegal::Ko
        }
    );
}

fn positional_superko_initial_position_ignored_decisions_7() {
    // With `initial-position = "ignored"` the triple ko may return to the start once: ply 6
    // legal, ply 7 repeats the board after move 1.
    let rules = custom(
        "tt-ignored",
        "tromp-taylor",
        "[play]\ninitial-position = \"ignored\"\n",
    );
    let mut g = game(&rules, TRIPLE_KO, Black);
    let steps = [
        b(3, 1),
        w(2, 3),
        b(3, 5),
        w(2, 1),
        b(3, 3),
        w(2, 5),
        b(3, 1),
    ];
    let expected = Ruling::Refused {
        ply: 7,
        reason: Illegal::PositionalSuperko { repeats: 1 },
    };
    assert_eq!(replay(&mut g, &steps), expected);
    let rules = custom(
        "aga-ignored",
        "aga",
        "[play]\ninitial-position = \"ignored\"\n",
    );
    let mut g = game(&rules, TRIPLE_KO, Black);
    let expected = Ruling::Refused {
        ply: 7,
        reason: Illegal::SituationalSuperko { repeats: 1 },
    };
    assert_eq!(replay(&mut g, &steps), expected);
}

fn situational_superko_a_pass_records_a_new_situation_variants_3_b() {
    // docs/variants.md 3.b: under SSK "a pass records a new situation that later plays may not
    // recreate"; PSK forbids the same play because the board repeats.
    // NZ single-stone suicide right after an opponent pass recreates the situation before the
    // pass (the board of Black's last move, White to move); the pass made a new situation.
    let diagram = "
        . O . .
        O . O .
        . O . .
        . . . .";
    let mut g = game(&variant("new-zealand"), diagram, Black);
    assert_eq!(
        replay(&mut g, &[b(3, 3), pass(White), b(0, 0)]),
        Ruling::Refused {
            ply: 3,
            reason: Illegal::SituationalSuperko { repeats: 1 }
        }
    );
    let mut g = game(&variant("new-zealand"), diagram, Black);
    assert_eq!(
        replay(&mut g, &[b(0, 0)]),
        PLAYING,
        "NZ: a new situation, a legal play"
    );
}

const TRIPLE_KO: &str = "
    . . . . . . .
    X X X X X X X
    X O X . X O X
    O . O X O . O
    O O O O O O O
    . . . . . . .
    . . . . . . .";

fn ing_hot_stones_cool_after_another_move_variants_3_a() {
    // Rule H: "No hot stone may be captured before some other board play or a pass has been
    // made" (seed 000). Twin hot stones: B's two capturing stones stay hot until White plays
    // elsewhere.
    let rules = variant("ing-1996");
    let mut g = game(&rules, TRIPLE_KO, Black);
    assert_eq!(replay(&mut g, &[b(3, 1), w(2, 3), b(3, 5)]), PLAYING);
    let mut hot = g.hot_stones().expect("tracked");
    hot.sort();
    let mut expected = vec![Point::rc(2, 3), Point::rc(3, 1), Point::rc(3, 5)];
    expected.sort();
    assert_eq!(hot, expected);
    let twin = Illegal::HotStone {
        stones: vec![Point::rc(3, 5)],
    };
    assert_eq!(g.check(&Action::play(White, Point::rc(2, 5))), Err(twin));
    // White plays elsewhere; Black answers elsewhere; now White may capture.
    assert_eq!(replay(&mut g, &[w(5, 0), b(5, 6), w(2, 1)]), PLAYING);
    assert_eq!(g.hot_stones(), Some(vec![Point::rc(2, 1)]));
}

fn ing_rule_d_bans_only_the_restarting_player_variants_3_a() {
    // Rule D: BAN(sigma_t0, D, m0) restricts D from sigma_t0 only; passes are never banned.
    let diagram = "
        . X . X .
        O O X X X
        . O O O O
        O O . O .
        . O O O O";
    let mut g = game(&variant("ing-1996"), diagram, Black);
    assert_eq!(
        replay(&mut g, &[b(0, 0), w(0, 2), b(0, 1), pass(White)]),
        PLAYING
    );
    assert_eq!(
        g.check(&Action::play(Black, Point::rc(0, 0))),
        Err(Illegal::CycleRestart { started: 1 })
    );
    assert_eq!(g.check(&Action::pass(Black)), Ok(()));
    let bans = crate::common::ko_bans(&g);
    assert_eq!(
        bans,
        vec![(Point::rc(0, 0), Illegal::CycleRestart { started: 1 })]
    );
    // From another situation the same play is legal again.
    assert_eq!(replay(&mut g, &[b(0, 4), pass(White), b(0, 0)]), PLAYING);
}

// ---- play.long-cycle -------------------------------------------------------------------------

fn long_cycle_nothing_lets_simple_ko_cycle_on_variants_3_b() {
    let rules = custom(
        "j89-nothing",
        "japanese-1989",
        "[play]\nlong-cycle = \"nothing\"\n",
    );
    let mut g = game(&rules, TRIPLE_KO, Black);
    let cycle = [b(3, 1), w(2, 3), b(3, 5), w(2, 1), b(3, 3), w(2, 5)];
    for _ in 0..4 {
        assert_eq!(replay(&mut g, &cycle), PLAYING);
    }
    let rules = custom(
        "j89-four",
        "japanese-1989",
        "[play]\nlong-cycle-repetitions = 4\n",
    );
    let mut g = game(&rules, TRIPLE_KO, Black);
    assert_eq!(replay(&mut g, &cycle), PLAYING);
    assert_eq!(replay(&mut g, &cycle), PLAYING);
    assert_eq!(
        replay(&mut g, &cycle),
        Ruling::AllLegal(Phase::Ended(Ending::NoResult))
    );
}

// ---- board.sizes, handicap.* -----------------------------------------------------------------

fn handicap_fixed_pattern_then_white_moves_j89() {
    // J89 and AGA: fixed star points, White moves first; no pattern -> an error.
    let rules = variant("japanese-1989");
    let g = new_game(&rules, Setup::with_handicap(size(9), 2)).expect("pattern exists");
    let expected = rules.handicap_points(size(9), 2).expect("standard pattern");
    let mut stones: Vec<Point> = g.board().stones(Black).collect();
    stones.sort();
    let mut expected_sorted = expected.clone();
    expected_sorted.sort();
    assert_eq!(stones, expected_sorted);
    assert_eq!(g.to_move(), White);
    assert_eq!(g.moves_played(), 0);
    assert!(
        new_game(&rules, Setup::with_handicap(size(5), 2)).is_err(),
        "no 5x5 pattern"
    );
}

fn handicap_free_consecutive_seed_003() {
    // Seed 003: "the weaker player (Black) makes several moves in a row at the start, then
    // White moves".
    let rules = variant("chinese-kgs");
    let mut g = new_game(&rules, Setup::with_handicap(size(5), 3)).expect("free");
    assert_eq!(
        g.check(&Action::pass(Black)),
        Err(Illegal::HandicapPlacement { player: Black })
    );
    assert_eq!(replay(&mut g, &[b(1, 1), b(3, 3)]), PLAYING);
    assert_eq!(
        g.check(&Action::pass(White)),
        Err(Illegal::WrongTurn { expected: Black })
    );
    assert_eq!(replay(&mut g, &[b(1, 3), w(2, 2)]), PLAYING);
    assert_eq!(g.board().count(Black), 3);
}

fn handicap_free_with_white_passes_decisions_2() {
    // docs/decisions.md 2: "Black plays N consecutive stones, White passes in between (N-1 passes,
    // no pass stones), then White plays." Checked with pass stones on (a custom AGA with free
    // placement): the placement passes give none and do not stop the game.
    let rules = custom(
        "aga-free",
        "aga",
        "[handicap]\nplacement = \"free\"\nfree-placement-moves = \"white-passes\"\n",
    );
    let mut g = new_game(&rules, Setup::with_handicap(size(5), 3)).expect("free");
    assert_eq!(replay(&mut g, &[b(1, 1), pass(White), b(3, 3)]), PLAYING);
    assert_eq!(
        g.check(&Action::play(White, Point::rc(2, 2))),
        Err(Illegal::HandicapPlacement { player: White })
    );
    assert_eq!(replay(&mut g, &[pass(White), b(1, 3)]), PLAYING);
    assert_eq!(g.to_move(), White);
    assert_eq!(g.pass_stones(), ByColor { black: 0, white: 0 });
    assert_eq!(g.moves_played(), 5);
    // The first ordinary passes count (and give pass stones).
    assert_eq!(
        replay(&mut g, &[pass(White), pass(Black)]),
        Ruling::AllLegal(Phase::Stopped)
    );
    assert_eq!(g.pass_stones(), ByColor { black: 1, white: 1 });
}

// ---- end.* (docs/variants.md 3.e)
// -----------------------------------------------------------------

fn stop_agreement_and_wrong_phase_variants_3_e() {
    let diagram = "
        . X O .
        . X O .
        . X O O
        X X O .";
    let mut g = game(&variant("japanese-1989"), diagram, Black);
    assert_eq!(
        g.check(&Action::ProposeDead {
            by: Black,
            dead: vec![]
        }),
        Err(Illegal::WrongPhase {
            needs: PhaseKind::Stopped
        })
    );
    assert_eq!(
        g.check(&Action::Resume { by: Black }),
        Err(Illegal::WrongPhase {
            needs: PhaseKind::Stopped
        })
    );
    assert_eq!(
        replay(&mut g, &[pass(Black), pass(White)]),
        Ruling::AllLegal(Phase::Stopped)
    );
    assert_eq!(
        g.check(&Action::pass(Black)),
        Err(Illegal::WrongPhase {
            needs: PhaseKind::Playing
        })
    );
    assert_eq!(
        g.check(&Action::ProposeDead {
            by: Black,
            dead: vec![Point::rc(0, 0)]
        }),
        Err(Illegal::NotAStone {
            point: Point::rc(0, 0)
        })
    );
    assert_eq!(
        g.check(&Action::ProposeDead {
            by: Black,
            dead: vec![Point::rc(9, 0)]
        }),
        Err(Illegal::OffBoard)
    );
    // Different proposals: no agreement; the same strings named by different stones: agreement.
    propose(&mut g, Black, &[Point::rc(0, 2)]);
    propose(&mut g, White, &[]);
    assert_eq!(g.phase(), Phase::Stopped);
    // White names another stone of the same string: the proposals are equal, the game ends.
    propose(&mut g, White, &[Point::rc(3, 2)]);
    assert_eq!(g.phase(), Phase::Ended(Ending::Agreement));
}

fn equal_proposals_end_the_game_by_agreement_variants_3_e() {
    let diagram = "
        . X O .
        . X O .
        . X O O
        X X O .";
    let mut g = game(&variant("japanese-1989"), diagram, Black);
    assert_eq!(
        replay(&mut g, &[pass(Black), pass(White)]),
        Ruling::AllLegal(Phase::Stopped)
    );
    propose(&mut g, Black, &[Point::rc(3, 0)]);
    assert_eq!(g.phase(), Phase::Stopped);
    propose(&mut g, White, &[Point::rc(0, 1)]);
    assert_eq!(g.phase(), Phase::Ended(Ending::Agreement));
    assert_eq!(g.check(&Action::pass(Black)), Err(Illegal::GameOver));
    assert_eq!(
        g.check(&Action::Resign { by: Black }),
        Err(Illegal::GameOver)
    );
    assert!(g.score().is_some());
    assert_eq!(g.result(), g.score().map(|s| s.result));
}

fn resume_first_opponent_of_resumer_j89_art_9_and_of_last_mover_seed_003() {
    for (id, resumer, first) in [
        ("japanese-1989", Black, White),
        ("japanese-1989", White, Black),
        ("chinese-1988", Black, White),
        ("chinese-1988", White, White),
    ] {
        let mut g = even(id, 5);
        assert_eq!(
            replay(&mut g, &[b(2, 2), pass(White), pass(Black)]),
            Ruling::AllLegal(Phase::Stopped)
        );
        propose(&mut g, White, &[Point::rc(2, 2)]);
        g.apply(Action::Resume { by: resumer }).expect("resume");
        assert_eq!(g.phase(), Phase::Playing);
        assert_eq!(g.to_move(), first, "{id}, {resumer} resumes");
        assert_eq!(g.moves_played(), 3, "history is kept");
    }
}

fn tromp_taylor_two_passes_score_all_alive_tt() {
    // Tromp-Taylor: "two consecutive passes end the game"; no removal.
    let mut g = even("tromp-taylor", 3);
    assert_eq!(
        replay(&mut g, &[b(1, 1), pass(White), pass(Black)]),
        Ruling::AllLegal(Phase::Ended(Ending::AllAlive))
    );
    let score = g.score().expect("scored");
    // Black's area is the whole board (9); komi 7.5: B+1.5.
    assert_eq!(
        score.result,
        GameResult::Win {
            winner: Black,
            by: WinBy::Score(Points::from_halves(3))
        }
    );
}

fn aga_pass_stones_four_passes_and_white_passes_last_seed_004() {
    // Seed 004: each pass hands a stone to the opponent; 4 consecutive passes (across the
    // resumption) end the game with every stone alive; if Black passed last White passes once
    // more.
    let mut g = even("aga", 5);
    assert_eq!(
        replay(&mut g, &[b(2, 2), pass(White), pass(Black)]),
        Ruling::AllLegal(Phase::Stopped)
    );
    assert_eq!(g.pass_stones(), ByColor { black: 1, white: 1 });
    g.apply(Action::Resume { by: Black }).expect("resume");
    assert_eq!(
        g.to_move(),
        White,
        "turn order preserved: the opponent of the last passer"
    );
    assert_eq!(
        replay(&mut g, &[pass(White), pass(Black)]),
        Ruling::AllLegal(Phase::Ended(Ending::AllAlive))
    );
    assert_eq!(g.moves_played(), 6, "White's last pass is a move");
    assert_eq!(g.pass_stones(), ByColor { black: 3, white: 2 });
    // Agreement after Black's last pass: White's pass is added too.
    let mut g = even("aga", 5);
    assert_eq!(
        replay(&mut g, &[b(2, 2), pass(White), pass(Black)]),
        Ruling::AllLegal(Phase::Stopped)
    );
    propose(&mut g, Black, &[]);
    propose(&mut g, White, &[]);
    assert_eq!(g.phase(), Phase::Ended(Ending::Agreement));
    assert_eq!(g.pass_stones(), ByColor { black: 2, white: 1 });
    // White passed last: nothing is added.
    let mut g = even("aga", 5);
    assert_eq!(
        replay(&mut g, &[pass(Black), pass(White)]),
        Ruling::AllLegal(Phase::Stopped)
    );
    propose(&mut g, Black, &[]);
    propose(&mut g, White, &[]);
    assert_eq!(g.moves_played(), 2);
}

fn ing_four_consecutive_passes_end_all_alive_decisions_3() {
    let mut g = game(&variant("ing-1996"), ". . .\n. X .\n. . .", White);
    assert_eq!(
        replay(&mut g, &[pass(White), pass(Black)]),
        Ruling::AllLegal(Phase::Stopped)
    );
    g.apply(Action::Resume { by: White }).expect("resume");
    assert_eq!(replay(&mut g, &[pass(White)]), PLAYING);
    assert_eq!(
        replay(&mut g, &[pass(Black)]),
        Ruling::AllLegal(Phase::Ended(Ending::AllAlive))
    );
    // A board play in between restarts the count.
    let mut g = game(&variant("ing-1996"), ". . .\n. X .\n. . .", White);
    assert_eq!(
        replay(&mut g, &[pass(White), pass(Black)]),
        Ruling::AllLegal(Phase::Stopped)
    );
    g.apply(Action::Resume { by: Black }).expect("resume");
    assert_eq!(
        replay(&mut g, &[w(0, 0), pass(Black), pass(White)]),
        Ruling::AllLegal(Phase::Stopped)
    );
}

fn egf_sir_second_stop_ends_all_alive_sir() {
    // SIR: "after the second stop the score is taken immediately with every stone counting".
    let mut g = even("egf-sir", 5);
    assert_eq!(
        replay(&mut g, &[b(2, 2), pass(White), pass(Black)]),
        Ruling::AllLegal(Phase::Stopped)
    );
    g.apply(Action::Resume { by: White }).expect("resume");
    assert_eq!(
        replay(&mut g, &[w(0, 0), pass(Black), pass(White)]),
        Ruling::AllLegal(Phase::Ended(Ending::AllAlive))
    );
}

fn resignation_and_time_any_time_before_the_end_variants_3_e() {
    let mut g = even("korean", 5);
    g.apply(Action::Resign { by: White })
        .expect("resign out of turn is fine");
    assert_eq!(g.phase(), Phase::Ended(Ending::Resignation(White)));
    assert_eq!(
        g.result(),
        Some(GameResult::Win {
            winner: Black,
            by: WinBy::Resignation
        })
    );
    assert_eq!(g.score(), None);
    let mut g = even("korean", 5);
    assert_eq!(
        replay(&mut g, &[pass(Black), pass(White)]),
        Ruling::AllLegal(Phase::Stopped)
    );
    g.apply(Action::LoseOnTime { by: Black })
        .expect("time loss while stopped");
    assert_eq!(
        g.result(),
        Some(GameResult::Win {
            winner: White,
            by: WinBy::Time
        })
    );
    assert_eq!(
        g.check(&Action::LoseOnTime { by: White }),
        Err(Illegal::GameOver)
    );
}

fn wrong_turn_is_refused_variants_3_e() {
    let g = even("chinese-1988", 5);
    assert_eq!(
        g.check(&Action::play(White, Point::rc(0, 0))),
        Err(Illegal::WrongTurn { expected: Black })
    );
    assert_eq!(
        g.check(&Action::Move {
            color: White,
            mv: Move::Pass
        }),
        Err(Illegal::WrongTurn { expected: Black })
    );
}

// ---- queries and fuel ------------------------------------------------------------------------

fn illegal_points_name_every_reason_j89_art_4_and_6() {
    let mut g = game(&variant("japanese-1989"), KO, Black);
    g.apply(Action::play(Black, Point::rc(1, 2)))
        .expect("capture");
    let illegal = crate::common::illegal_points(&g);
    assert!(illegal.contains(&(Point::rc(1, 1), Illegal::Ko)));
    assert!(illegal.contains(&(Point::rc(0, 0), Illegal::Suicide)));
    assert!(illegal.contains(&(Point::rc(2, 0), Illegal::Suicide)));
    assert_eq!(
        crate::common::ko_bans(&g),
        vec![(Point::rc(1, 1), Illegal::Ko)]
    );
    assert_eq!(g.to_move(), White);
    assert_eq!(g.prisoners(), ByColor { black: 1, white: 0 });
    let legal = g.legal_moves();
    assert!(!legal.contains(&Move::Play(Point::rc(1, 1))));
    assert_eq!(legal.last(), Some(&Move::Pass));
    assert_eq!(
        legal.len() + illegal.len(),
        g.board().empty_points().count() + 1
    );
}

/// The cases of this module, by name.
pub const CASES: &[(&str, fn())] = &[
    (
        "clauses::play_captures_opponent_strings_first_variants_3_0",
        play_captures_opponent_strings_first_variants_3_0,
    ),
    (
        "clauses::play_needs_an_empty_point_on_the_board_variants_3_0",
        play_needs_an_empty_point_on_the_board_variants_3_0,
    ),
    (
        "clauses::single_stone_suicide_pass_counts_toward_the_stop_seed_000",
        single_stone_suicide_pass_counts_toward_the_stop_seed_000,
    ),
    (
        "clauses::simple_ko_window_restarts_after_any_move_j89_art_6",
        simple_ko_window_restarts_after_any_move_j89_art_6,
    ),
    (
        "clauses::positional_superko_initial_position_ignored_decisions_7",
        positional_superko_initial_position_ignored_decisions_7,
    ),
    (
        "clauses::situational_superko_a_pass_records_a_new_situation_variants_3_b",
        situational_superko_a_pass_records_a_new_situation_variants_3_b,
    ),
    (
        "clauses::ing_hot_stones_cool_after_another_move_variants_3_a",
        ing_hot_stones_cool_after_another_move_variants_3_a,
    ),
    (
        "clauses::ing_rule_d_bans_only_the_restarting_player_variants_3_a",
        ing_rule_d_bans_only_the_restarting_player_variants_3_a,
    ),
    (
        "clauses::long_cycle_nothing_lets_simple_ko_cycle_on_variants_3_b",
        long_cycle_nothing_lets_simple_ko_cycle_on_variants_3_b,
    ),
    (
        "clauses::handicap_fixed_pattern_then_white_moves_j89",
        handicap_fixed_pattern_then_white_moves_j89,
    ),
    (
        "clauses::handicap_free_consecutive_seed_003",
        handicap_free_consecutive_seed_003,
    ),
    (
        "clauses::handicap_free_with_white_passes_decisions_2",
        handicap_free_with_white_passes_decisions_2,
    ),
    (
        "clauses::stop_agreement_and_wrong_phase_variants_3_e",
        stop_agreement_and_wrong_phase_variants_3_e,
    ),
    (
        "clauses::equal_proposals_end_the_game_by_agreement_variants_3_e",
        equal_proposals_end_the_game_by_agreement_variants_3_e,
    ),
    (
        "clauses::resume_first_opponent_of_resumer_j89_art_9_and_of_last_mover_seed_003",
        resume_first_opponent_of_resumer_j89_art_9_and_of_last_mover_seed_003,
    ),
    (
        "clauses::tromp_taylor_two_passes_score_all_alive_tt",
        tromp_taylor_two_passes_score_all_alive_tt,
    ),
    (
        "clauses::aga_pass_stones_four_passes_and_white_passes_last_seed_004",
        aga_pass_stones_four_passes_and_white_passes_last_seed_004,
    ),
    (
        "clauses::ing_four_consecutive_passes_end_all_alive_decisions_3",
        ing_four_consecutive_passes_end_all_alive_decisions_3,
    ),
    (
        "clauses::egf_sir_second_stop_ends_all_alive_sir",
        egf_sir_second_stop_ends_all_alive_sir,
    ),
    (
        "clauses::resignation_and_time_any_time_before_the_end_variants_3_e",
        resignation_and_time_any_time_before_the_end_variants_3_e,
    ),
    (
        "clauses::wrong_turn_is_refused_variants_3_e",
        wrong_turn_is_refused_variants_3_e,
    ),
    (
        "clauses::illegal_points_name_every_reason_j89_art_4_and_6",
        illegal_points_name_every_reason_j89_art_4_and_6,
    ),
];
