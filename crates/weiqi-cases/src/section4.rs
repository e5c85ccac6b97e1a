//! Every position of docs/variants.md section 4 that has a diagram, played under every one of the
//! twelve built-in variants, with the ruling of that section's table (and, for the rule a
//! table names that no built-in variant uses, under a one-line custom variation).

use crate::common::{
    DECISIONS_IDS, Ruling, Step, all_ids, b, custom, game, pass, replay, variant, w,
};
use weiqi_core::{Color, Ending, Illegal, Phase, Point};
use weiqi_spec::Ruleset;

use Color::{Black, White};

/// The one boundary of these tests: play `steps` from `diagram` under `rules` and compare the
/// ruling with `expected`.
fn check(source: &str, rules: &Ruleset, diagram: &str, steps: &[Step], expected: &Ruling) {
    let mut g = game(rules, diagram, Black);
    let got = replay(&mut g, steps);
    assert_eq!(&got, expected, "{source} under {}", rules.id);
}

/// Checks a table that gives a ruling for each of the twelve variants of docs/decisions.md, and
/// asserts it covers them all (a variant added to `spec/` is ruled by the rulings corpus).
fn check_table(source: &str, diagram: &str, steps: &[Step], table: &[(&str, Ruling)]) {
    let mut ids: Vec<&str> = table.iter().map(|(id, _)| *id).collect();
    ids.sort_unstable();
    assert_eq!(
        ids, DECISIONS_IDS,
        "{source}: the table must cover the twelve variants of docs/decisions.md"
    );
    for (id, expected) in table {
        check(source, &variant(id), diagram, steps, expected);
    }
}

fn refused(ply: usize, reason: Illegal) -> Ruling {
    Ruling::Refused { ply, reason }
}

const PLAYING: Ruling = Ruling::AllLegal(Phase::Playing);

/// The natural situational superko variation (no built-in variant uses it): AGA with the
/// reading of its author (docs/variants.md 2.8, docs/decisions.md 6 "a value of the same key").
fn nssk() -> Ruleset {
    custom(
        "aga-nssk",
        "aga",
        "[play]\nko = \"natural-situational-superko\"\n",
    )
}

const BASIC_KO: &str = "
    . X O . .
    X O . O .
    . X O . .
    X X O O O
    . X O . .";

fn basic_ko_and_the_nssk_pass_quirk_variants_4_1() {
    // B (4,0) elsewhere, W pass, B (1,2) captures 1, W (1,1) recaptures 1.
    let steps = [b(4, 0), pass(White), b(1, 2), w(1, 1)];
    let ko = refused(4, Illegal::Ko);
    let psk = refused(4, Illegal::PositionalSuperko { repeats: 2 });
    let ssk = refused(4, Illegal::SituationalSuperko { repeats: 2 });
    let hot = refused(
        4,
        Illegal::HotStone {
            stones: vec![Point::rc(1, 2)],
        },
    );
    check_table(
        "docs/variants.md 4.1",
        BASIC_KO,
        &steps,
        &[
            ("aga", ssk.clone()),
            ("chinese-1988", psk.clone()),
            ("chinese-kgs", psk.clone()),
            ("egf-sir", psk.clone()),
            ("ing-1996", hot.clone()),
            ("ing-aga", hot),
            ("japanese-1989", ko.clone()),
            ("korean", ko.clone()),
            ("new-zealand", ssk),
            ("rfg-2010-area", ko.clone()),
            ("rfg-2010-territory", ko),
            ("tromp-taylor", psk),
        ],
    );
    // NSSK: legal, White never created that board with a board play.
    check(
        "docs/variants.md 4.1 (NSSK)",
        &nssk(),
        BASIC_KO,
        &steps,
        &PLAYING,
    );
}

fn basic_ko_recapture_after_a_threat_exchange_is_legal_everywhere_variants_4_1() {
    // B captures, W threatens elsewhere, B answers, W retakes: legal under every rule (the
    // immediate window of simple ko is over; the board is new for every superko).
    let steps = [b(1, 2), w(2, 3), b(4, 0), w(1, 1)];
    for id in all_ids() {
        check(
            "docs/variants.md 4.1 (after a threat)",
            &variant(id),
            BASIC_KO,
            &steps,
            &PLAYING,
        );
    }
}

const TRIPLE_KO: &str = "
    . . . . . . .
    X X X X X X X
    X O X . X O X
    O . O X O . O
    O O O O O O O
    . . . . . . .
    . . . . . . .";

fn triple_ko_variants_4_2() {
    let cycle = [b(3, 1), w(2, 3), b(3, 5), w(2, 1), b(3, 3), w(2, 5)];
    let steps: Vec<Step> = cycle.iter().chain(cycle.iter()).copied().collect();
    let psk = refused(6, Illegal::PositionalSuperko { repeats: 0 });
    let ssk = refused(6, Illegal::SituationalSuperko { repeats: 0 });
    // ing-ko-v1: after B's third capture both of B's capturing stones are hot.
    let hot = refused(
        4,
        Illegal::HotStone {
            stones: vec![Point::rc(3, 1)],
        },
    );
    // Simple ko: all legal; the third occurrence of the start ends the game (J89 Art. 12,
    // docs/decisions.md 12): no result, Korean draw.
    let void = Ruling::AllLegal(Phase::Ended(Ending::NoResult));
    // New Zealand ignores the initial position (docs/decisions.md 13, it follows no move): the
    // first forbidden play recreates the position after White's first move.
    let nz = refused(7, Illegal::SituationalSuperko { repeats: 1 });
    let draw = Ruling::AllLegal(Phase::Ended(Ending::Draw));
    check_table(
        "docs/variants.md 4.2",
        TRIPLE_KO,
        &steps,
        &[
            ("aga", ssk.clone()),
            ("chinese-1988", psk.clone()),
            ("chinese-kgs", psk.clone()),
            ("egf-sir", psk.clone()),
            ("ing-1996", hot.clone()),
            ("ing-aga", hot),
            ("japanese-1989", void.clone()),
            ("korean", draw),
            ("new-zealand", nz),
            ("rfg-2010-area", void.clone()),
            ("rfg-2010-territory", void),
            ("tromp-taylor", psk),
        ],
    );
    // NSSK: ply 6 legal (the start board was not created by a White play), ply 7 banned.
    let nssk_ruling = refused(7, Illegal::NaturalSituationalSuperko { repeats: 1 });
    check(
        "docs/variants.md 4.2 (NSSK)",
        &nssk(),
        TRIPLE_KO,
        &steps,
        &nssk_ruling,
    );
}

fn triple_ko_long_cycle_needs_the_third_occurrence_j89_art_12() {
    // One cycle (second occurrence) does not end the game; one more ply of the second cycle
    // does not either; the twelfth ply (third occurrence) does.
    let cycle = [b(3, 1), w(2, 3), b(3, 5), w(2, 1), b(3, 3), w(2, 5)];
    let mut g = game(&variant("japanese-1989"), TRIPLE_KO, Black);
    assert_eq!(replay(&mut g, &cycle), PLAYING);
    assert_eq!(replay(&mut g, &cycle[..5]), PLAYING);
    assert_eq!(
        replay(&mut g, &cycle[5..]),
        Ruling::AllLegal(Phase::Ended(Ending::NoResult))
    );
    assert_eq!(g.result(), Some(weiqi_core::GameResult::NoResult));
    // A pass in between restarts the count (docs/decisions.md 12: "with no pass in between"): the
    // start occurred twice before the passes; after them, the state the pass left is the first
    // occurrence, and the game ends only at the third one after it.
    let mut g = game(&variant("japanese-1989"), TRIPLE_KO, Black);
    assert_eq!(replay(&mut g, &cycle), PLAYING);
    assert_eq!(
        replay(&mut g, &[pass(Black), pass(White)]),
        Ruling::AllLegal(Phase::Stopped)
    );
    g.apply(weiqi_core::Action::Resume { by: White })
        .expect("resume");
    assert_eq!(
        g.to_move(),
        Black,
        "J89 Art. 9.3: the opponent of the resumer plays first"
    );
    assert_eq!(replay(&mut g, &cycle), PLAYING);
    assert_eq!(
        replay(&mut g, &cycle),
        Ruling::AllLegal(Phase::Ended(Ending::NoResult))
    );
}

const SEND_TWO: &str = "
    . X . X .
    O O X X X
    . O O O O
    O O . O .
    . O O O O";

fn sending_two_returning_one_variants_4_3() {
    // B (0,0) sends two, W (0,2) captures two, B (0,1) returns one, W passes, B restarts.
    let steps = [b(0, 0), w(0, 2), b(0, 1), pass(White), b(0, 0)];
    let psk = refused(3, Illegal::PositionalSuperko { repeats: 0 });
    let ssk = refused(5, Illegal::SituationalSuperko { repeats: 1 });
    let ing = refused(5, Illegal::CycleRestart { started: 1 });
    check_table(
        "docs/variants.md 4.3",
        SEND_TWO,
        &steps,
        &[
            ("aga", ssk.clone()),
            ("chinese-1988", psk.clone()),
            ("chinese-kgs", psk.clone()),
            ("egf-sir", psk.clone()),
            ("ing-1996", ing.clone()),
            ("ing-aga", ing),
            ("japanese-1989", PLAYING),
            ("korean", PLAYING),
            ("new-zealand", ssk),
            ("rfg-2010-area", PLAYING),
            ("rfg-2010-territory", PLAYING),
            ("tromp-taylor", psk),
        ],
    );
    check(
        "docs/variants.md 4.3 (NSSK)",
        &nssk(),
        SEND_TWO,
        &steps,
        &refused(5, Illegal::NaturalSituationalSuperko { repeats: 1 }),
    );
}

fn sending_two_returning_one_costs_the_sender_variants_4_3() {
    // "Per cycle White gains 2 prisoners, Black 1." The second cycle brings the start back a
    // third time, which ends the game under J89 (the pass does not restart the count:
    // docs/decisions.md 12 revised, issue 8 item 5).
    let mut g = game(&variant("japanese-1989"), SEND_TWO, Black);
    let cycle = [b(0, 0), w(0, 2), b(0, 1), pass(White)];
    assert_eq!(replay(&mut g, &cycle), PLAYING);
    assert_eq!(
        replay(&mut g, &cycle),
        Ruling::AllLegal(Phase::Ended(Ending::NoResult))
    );
    assert_eq!(g.prisoners(), weiqi_core::ByColor { black: 2, white: 4 });
}

const ETERNAL_LIFE: &str = "
    . X . O X .
    O O X X X X
    . O X . X .
    O O X X X X
    . O X . X .
    O O X X X X";

fn eternal_life_variants_4_4() {
    let cycle = [b(0, 0), w(0, 2), b(0, 1), w(0, 3)];
    let steps: Vec<Step> = cycle.iter().chain(cycle.iter()).copied().collect();
    let psk = refused(4, Illegal::PositionalSuperko { repeats: 0 });
    let ssk = refused(4, Illegal::SituationalSuperko { repeats: 0 });
    let hot = refused(
        3,
        Illegal::HotStone {
            stones: vec![Point::rc(0, 2), Point::rc(0, 3)],
        },
    );
    let void = Ruling::AllLegal(Phase::Ended(Ending::NoResult));
    // New Zealand ignores the initial position (docs/decisions.md 13).
    let nz = refused(5, Illegal::SituationalSuperko { repeats: 1 });
    check_table(
        "docs/variants.md 4.4",
        ETERNAL_LIFE,
        &steps,
        &[
            ("aga", ssk.clone()),
            ("chinese-1988", psk.clone()),
            ("chinese-kgs", psk.clone()),
            ("egf-sir", psk.clone()),
            ("ing-1996", hot.clone()),
            ("ing-aga", hot),
            ("japanese-1989", void.clone()),
            ("korean", Ruling::AllLegal(Phase::Ended(Ending::Draw))),
            ("new-zealand", nz),
            ("rfg-2010-area", void.clone()),
            ("rfg-2010-territory", void),
            ("tromp-taylor", psk),
        ],
    );
    check(
        "docs/variants.md 4.4 (NSSK)",
        &nssk(),
        ETERNAL_LIFE,
        &steps,
        &refused(5, Illegal::NaturalSituationalSuperko { repeats: 1 }),
    );
}

const BENT_FOUR: &str = "
    . O . O X .
    O O O X X X
    X X X X . X
    X . X X X X
    X X X . X .
    . X X X X X";

fn bent_four_stand_in_variants_4_7() {
    // Black (0,2) captures and ataris; White's recapture at (0,3) is an immediate ko recapture.
    let steps = [b(0, 2), w(0, 3)];
    let psk = refused(2, Illegal::PositionalSuperko { repeats: 0 });
    let ssk = refused(2, Illegal::SituationalSuperko { repeats: 0 });
    let hot = refused(
        2,
        Illegal::HotStone {
            stones: vec![Point::rc(0, 2)],
        },
    );
    let ko = refused(2, Illegal::Ko);
    check_table(
        "docs/variants.md 4.7",
        BENT_FOUR,
        &steps,
        &[
            ("aga", ssk.clone()),
            ("chinese-1988", psk.clone()),
            ("chinese-kgs", psk.clone()),
            ("egf-sir", psk.clone()),
            ("ing-1996", hot.clone()),
            ("ing-aga", hot),
            ("japanese-1989", ko.clone()),
            ("korean", ko.clone()),
            ("new-zealand", PLAYING),
            ("rfg-2010-area", ko.clone()),
            ("rfg-2010-territory", ko),
            ("tromp-taylor", psk),
        ],
    );
    // New Zealand ignores the initial position (docs/decisions.md 13): the diagram is entry 0, so
    // the recapture above is legal; once the position follows a move it is refused.
    let mut g = game(&variant("new-zealand"), BENT_FOUR, Black);
    assert_eq!(
        replay(&mut g, &[b(2, 4), pass(White), b(0, 2), w(0, 3)]),
        refused(4, Illegal::SituationalSuperko { repeats: 2 }),
        "docs/variants.md 4.7 under new-zealand, after a move"
    );
    // If White does not find a threat, Black captures the corner group next move.
    let capture = [b(0, 2), pass(White), b(0, 0)];
    for id in all_ids() {
        let mut g = game(&variant(id), BENT_FOUR, Black);
        assert_eq!(
            replay(&mut g, &capture),
            PLAYING,
            "docs/variants.md 4.7 under {id}"
        );
        assert_eq!(g.prisoners().black, 5, "docs/variants.md 4.7 under {id}");
        assert_eq!(g.board().count(White), 0, "docs/variants.md 4.7 under {id}");
    }
}

const SNAPBACK: &str = "
    . . X . .
    O O X . .
    X X X . .
    . . . . .
    . . . . .";

fn snapback_is_legal_under_every_variant_variants_4_8() {
    // B (0,0) throws in, W (0,1) captures it, B (0,0) captures three: not a ko.
    let steps = [b(0, 0), w(0, 1), b(0, 0)];
    for id in all_ids() {
        let mut g = game(&variant(id), SNAPBACK, Black);
        assert_eq!(
            replay(&mut g, &steps),
            PLAYING,
            "docs/variants.md 4.8 under {id}"
        );
        assert_eq!(
            g.prisoners(),
            weiqi_core::ByColor { black: 3, white: 1 },
            "{id}"
        );
        assert_eq!(
            g.hot_stones(),
            Some(Vec::new()),
            "a snapback makes no hot stone ({id})"
        );
    }
}

const SUICIDE_VECTORS: &str = "
    . X O . .
    X X O . .
    O O O . .
    . . . O O
    . . . O .";

/// What a suicide play did.
#[derive(Debug, Clone, PartialEq, Eq)]
enum SuicideRuling {
    /// Refused.
    Refused(Illegal),
    /// Accepted: own stones removed, whether it counted as a pass, and the player to move next.
    Accepted {
        self_captured: usize,
        counted_as_pass: bool,
        next: Color,
    },
}

fn check_suicide(source: &str, id: &str, at: Point, expected: &SuicideRuling) {
    let mut g = game(&variant(id), SUICIDE_VECTORS, Black);
    let got = match g.apply(weiqi_core::Action::play(Black, at)) {
        Err(e) => SuicideRuling::Refused(e.reason),
        Ok(report) => SuicideRuling::Accepted {
            self_captured: report.self_captured.len(),
            counted_as_pass: report.counted_as_pass,
            next: g.to_move(),
        },
    };
    assert_eq!(&got, expected, "{source} under {id}");
    if let SuicideRuling::Accepted { self_captured, .. } = got {
        // Self-captured stones are credited to the opponent (docs/variants.md 3.0, 3.d).
        assert_eq!(
            g.prisoners().white as usize,
            self_captured,
            "{source} under {id}"
        );
        assert_eq!(g.moves_played(), 1);
    }
}

fn suicide_legality_vectors_variants_4_9() {
    let removed = SuicideRuling::Accepted {
        self_captured: 4,
        counted_as_pass: false,
        next: White,
    };
    let forbidden = SuicideRuling::Refused(Illegal::Suicide);
    let table_multi = [
        ("aga", forbidden.clone()),
        ("chinese-1988", forbidden.clone()),
        ("chinese-kgs", forbidden.clone()),
        ("egf-sir", removed.clone()),
        ("ing-1996", removed.clone()),
        ("ing-aga", removed.clone()),
        ("japanese-1989", forbidden.clone()),
        ("korean", forbidden.clone()),
        ("new-zealand", removed.clone()),
        ("rfg-2010-area", forbidden.clone()),
        ("rfg-2010-territory", forbidden.clone()),
        ("tromp-taylor", removed),
    ];
    let as_pass = SuicideRuling::Accepted {
        self_captured: 0,
        counted_as_pass: true,
        next: White,
    };
    let as_play = SuicideRuling::Accepted {
        self_captured: 1,
        counted_as_pass: false,
        next: White,
    };
    let table_single = [
        ("aga", forbidden.clone()),
        ("chinese-1988", forbidden.clone()),
        ("chinese-kgs", forbidden.clone()),
        // SIR: suicide = multi-stone, so a one-stone suicide is refused as suicide (the SIR
        // reading "it recreates the position" gives the same verdict).
        ("egf-sir", forbidden.clone()),
        ("ing-1996", as_pass.clone()),
        ("ing-aga", as_pass),
        ("japanese-1989", forbidden.clone()),
        ("korean", forbidden.clone()),
        ("new-zealand", as_play),
        ("rfg-2010-area", forbidden.clone()),
        ("rfg-2010-territory", forbidden),
        (
            "tromp-taylor",
            SuicideRuling::Refused(Illegal::PositionalSuperko { repeats: 0 }),
        ),
    ];
    for (table, at) in [
        (&table_multi, Point::rc(0, 0)),
        (&table_single, Point::rc(4, 4)),
    ] {
        let mut ids: Vec<&str> = table.iter().map(|(id, _)| *id).collect();
        ids.sort_unstable();
        assert_eq!(ids, DECISIONS_IDS);
        for (id, expected) in table.iter() {
            check_suicide("docs/variants.md 4.9", id, at, expected);
        }
    }
}

/// The cases of this module, by name.
pub const CASES: &[(&str, fn())] = &[
    (
        "section4::basic_ko_and_the_nssk_pass_quirk_variants_4_1",
        basic_ko_and_the_nssk_pass_quirk_variants_4_1,
    ),
    (
        "section4::basic_ko_recapture_after_a_threat_exchange_is_legal_everywhere_variants_4_1",
        basic_ko_recapture_after_a_threat_exchange_is_legal_everywhere_variants_4_1,
    ),
    ("section4::triple_ko_variants_4_2", triple_ko_variants_4_2),
    (
        "section4::triple_ko_long_cycle_needs_the_third_occurrence_j89_art_12",
        triple_ko_long_cycle_needs_the_third_occurrence_j89_art_12,
    ),
    (
        "section4::sending_two_returning_one_variants_4_3",
        sending_two_returning_one_variants_4_3,
    ),
    (
        "section4::sending_two_returning_one_costs_the_sender_variants_4_3",
        sending_two_returning_one_costs_the_sender_variants_4_3,
    ),
    (
        "section4::eternal_life_variants_4_4",
        eternal_life_variants_4_4,
    ),
    (
        "section4::bent_four_stand_in_variants_4_7",
        bent_four_stand_in_variants_4_7,
    ),
    (
        "section4::snapback_is_legal_under_every_variant_variants_4_8",
        snapback_is_legal_under_every_variant_variants_4_8,
    ),
    (
        "section4::suicide_legality_vectors_variants_4_9",
        suicide_legality_vectors_variants_4_9,
    ),
];
