//! The twelve built-in variants of docs/decisions.md: every rule clause their spec files set, checked on the resolved
//! [`Ruleset`] (`extends` applied), one test per clause, each naming its source; then the
//! docs/decisions.md komi and tie table and the docs/variants.md 2.1 / 4.14 comparison tables, row
//! by row.
//!
//! Sources are cited as in the spec files: seed numbers, tags of docs/variants.md section 6 ([J89],
//! [TT], ...), docs/variants.md sections and docs/decisions.md items.

use std::collections::BTreeMap;

use weiqi_core::{BoardSize, Color, Point, Points};
use weiqi_spec::{
    AfterStop, ByoYomi, Counting, FinalEnd, FreePlacementMoves, HandicapBonus, InitialPosition, Ko,
    LastPass, LongCycle, NeutralFill, PassStones, PenaltySystem, Placement, ResumeFirst, Ruleset,
    Scoring, SekiEyes, SharedPoints, SingleStoneSuicide, Suicide, Tie, builtin, builtin_ids,
};

/// The built-in variant ids, as docs/decisions.md lists them.
const IDS: &[&str] = &[
    "tromp-taylor",
    "ing-1996",
    "ing-aga",
    "egf-sir",
    "chinese-1988",
    "chinese-kgs",
    "japanese-1989",
    "korean",
    "aga",
    "new-zealand",
    "rfg-2010-territory",
    "rfg-2010-area",
];

fn load(id: &str) -> Ruleset {
    builtin(id).unwrap_or_else(|e| panic!("built-in {id} does not load: {e:?}"))
}

fn pts(text: &str) -> Points {
    Points::parse(text).unwrap_or_else(|| panic!("bad points {text}"))
}

/// The sizes, sorted, so that the order they are written in does not matter.
fn sizes(list: &[&str]) -> Vec<BoardSize> {
    let mut v: Vec<BoardSize> = list
        .iter()
        .map(|s| BoardSize::parse(s).unwrap_or_else(|e| panic!("bad size {s}: {e:?}")))
        .collect();
    v.sort();
    v
}

fn sorted_sizes(r: &Ruleset) -> Vec<BoardSize> {
    let mut v = r.board.sizes.clone();
    v.sort();
    v
}

/// Clauses of one variant, one test each: `name: actual => expected;`, where `actual` reads the
/// resolved ruleset of `$id` through the binding `$r`.
macro_rules! clauses {
    ($id:literal, $r:ident; $( $name:ident : $actual:expr => $expected:expr ; )+) => {
        $(
            #[test]
            fn $name() {
                let $r = load($id);
                assert_eq!($actual, $expected, "{}: {}", $id, stringify!($actual));
            }
        )+
    };
}

// ---------------------------------------------------------------------------------------------
// The set of built-ins and their inheritance
// ---------------------------------------------------------------------------------------------

// docs/decisions.md "The built-in variants": these twelve ids are built-ins. A maintainer may add
// more by dropping a file into `spec/` (issue 13, item 6; `language.rs` checks that the list is
// the directory), so this checks inclusion, not the count.
#[test]
fn builtin_ids_include_the_twelve_of_decisions_md() {
    let got: Vec<&str> = builtin_ids();
    for id in IDS {
        assert!(got.contains(id), "{id} is not a built-in: {got:?}");
    }
}

// Every built-in loads, and its id is its file stem (docs/style.md "Spec files" 5).
#[test]
fn every_builtin_loads_with_its_own_id() {
    for id in IDS {
        assert_eq!(load(id).id, *id);
    }
}

// Task layout: korean extends japanese-1989, ing-aga ing-1996, rfg-2010-area rfg-2010-territory,
// chinese-kgs chinese-1988; the other eight are roots that set every key.
#[test]
fn extends_chains_are_as_designed() {
    let parents: BTreeMap<&str, Option<&str>> = [
        ("korean", Some("japanese-1989")),
        ("ing-aga", Some("ing-1996")),
        ("rfg-2010-area", Some("rfg-2010-territory")),
        ("chinese-kgs", Some("chinese-1988")),
        ("tromp-taylor", None),
        ("ing-1996", None),
        ("egf-sir", None),
        ("chinese-1988", None),
        ("japanese-1989", None),
        ("aga", None),
        ("new-zealand", None),
        ("rfg-2010-territory", None),
    ]
    .into_iter()
    .collect();
    for (id, parent) in parents {
        assert_eq!(load(id).extends.as_deref(), parent, "{id}");
    }
}

// docs/decisions.md 19: Korean is Japanese 1989 except the long-cycle result
// (docs/decisions.md 12).
#[test]
fn korean_is_japanese_1989_except_long_cycle_decisions_19() {
    let (j, k) = (load("japanese-1989"), load("korean"));
    let mut play = j.play.clone();
    play.long_cycle = LongCycle::Draw;
    assert_eq!(k.play, play);
    assert_eq!(k.board, j.board);
    assert_eq!(k.end, j.end);
    assert_eq!(k.scoring, j.scoring);
    assert_eq!(k.handicap, j.handicap);
    assert_eq!(k.time, j.time);
}

// seed 000 "AGA version": Ing 1996 plus bonus N and White winning handicap ties.
#[test]
fn ing_aga_is_ing_1996_except_bonus_and_handicap_tie_seed_000() {
    let (i, a) = (load("ing-1996"), load("ing-aga"));
    let mut scoring = i.scoring.clone();
    scoring.tie_handicap = Tie::White;
    let mut handicap = i.handicap.clone();
    handicap.bonus = HandicapBonus::N;
    assert_eq!(a.scoring, scoring);
    assert_eq!(a.handicap, handicap);
    assert_eq!(a.board, i.board);
    assert_eq!(a.play, i.play);
    assert_eq!(a.end, i.end);
    assert_eq!(a.time, i.time);
}

// seed 002 art. 4.3: the two counting traditions differ only in what is counted (and the komi of
// the docs/decisions.md table).
#[test]
fn rfg_2010_area_is_territory_except_scoring_and_komi_seed_002_art_4_3() {
    let (t, a) = (load("rfg-2010-territory"), load("rfg-2010-area"));
    let mut scoring = t.scoring.clone();
    scoring.scoring = Scoring::Area;
    scoring.komi = pts("7.5");
    assert_eq!(a.scoring, scoring);
    assert_eq!(a.board, t.board);
    assert_eq!(a.play, t.play);
    assert_eq!(a.end, t.end);
    assert_eq!(a.handicap, t.handicap);
    assert_eq!(a.time, t.time);
}

// seed 003: KGS Chinese is the 1988 rules with today's komi (7.5) and a 0.5 handicap komi.
#[test]
fn chinese_kgs_is_chinese_1988_except_komi_seed_003() {
    let (c, k) = (load("chinese-1988"), load("chinese-kgs"));
    let mut scoring = c.scoring.clone();
    scoring.komi = pts("7.5");
    let mut handicap = c.handicap.clone();
    handicap.komi = pts("0.5");
    assert_eq!(k.scoring, scoring);
    assert_eq!(k.handicap, handicap);
    assert_eq!(k.board, c.board);
    assert_eq!(k.play, c.play);
    assert_eq!(k.end, c.end);
    assert_eq!(k.time, c.time);
}

// ---------------------------------------------------------------------------------------------
// SGF RU names
// ---------------------------------------------------------------------------------------------

// meta.sgf-names: a name selects exactly one variant, compared case-insensitively.
#[test]
fn sgf_names_are_unique_across_builtins_case_insensitively() {
    let mut seen: BTreeMap<String, &str> = BTreeMap::new();
    for id in IDS {
        for name in load(id).meta.sgf_names {
            if let Some(other) = seen.insert(name.to_lowercase(), id) {
                panic!("sgf name {name:?} is in both {other} and {id}");
            }
        }
    }
}

fn variant_for_sgf_name(ru: &str) -> Option<&'static str> {
    IDS.iter().copied().find(|id| {
        load(id)
            .meta
            .sgf_names
            .iter()
            .any(|n| n.eq_ignore_ascii_case(ru))
    })
}

// The RU spellings found in shared/corpus (Chinese 70, Japanese 31, GOE 1) and those of KGS, OGS
// (docs/peers.md 2b) and KataGo (docs/peers.md 1b).
#[test]
fn sgf_names_of_servers_and_corpus_select_the_documented_variant() {
    let table = [
        ("Chinese", "chinese-kgs"),
        ("cn", "chinese-kgs"),
        ("zh", "chinese-kgs"),
        ("chinese-ogs", "chinese-kgs"),
        ("Japanese", "japanese-1989"),
        ("jp", "japanese-1989"),
        ("Korean", "korean"),
        ("ko", "korean"),
        ("AGA", "aga"),
        ("us", "aga"),
        ("NZ", "new-zealand"),
        ("New Zealand", "new-zealand"),
        ("NewZealand", "new-zealand"),
        ("GOE", "ing-1996"),
        ("ing", "ing-1996"),
        ("Tromp-Taylor", "tromp-taylor"),
        ("tromp_taylor", "tromp-taylor"),
        ("TrompTaylor", "tromp-taylor"),
    ];
    for (ru, id) in table {
        assert_eq!(variant_for_sgf_name(ru), Some(id), "RU[{ru}]");
    }
}

// ---------------------------------------------------------------------------------------------
// tromp-taylor ([TT]; docs/variants.md 2.10, 3.f)
// ---------------------------------------------------------------------------------------------

clauses! { "tromp-taylor", r;
    // docs/variants.md 2.10: any grid in practice.
    tromp_taylor_any_board_size_variants_2_10: r.board.sizes.len() => 0;
    // [TT]: clear the opponent, then one's own colour.
    tromp_taylor_any_suicide_tt: r.play.suicide => Suicide::Any;
    // [TT]: a one-stone suicide is refused by the repetition rule, not turned into a pass.
    tromp_taylor_single_stone_suicide_by_rule_tt:
        r.play.single_stone_suicide => SingleStoneSuicide::BySuicideRule;
    // [TT]: no earlier grid colouring may be recreated.
    tromp_taylor_positional_superko_tt: r.play.ko => Ko::PositionalSuperko;
    // [TT] "including the initial one"; docs/decisions.md 7.
    tromp_taylor_initial_position_counts_tt_decisions_7:
        r.play.initial_position => InitialPosition::Counts;
    // docs/variants.md 3.b: superko needs no long-cycle rule.
    tromp_taylor_no_long_cycle_rule_variants_3b: r.play.long_cycle => LongCycle::Nothing;
    // [TT]: two consecutive passes end the game.
    tromp_taylor_two_passes_end_tt: r.end.stop_passes => 2;
    // [TT]: no removal of dead stones.
    tromp_taylor_scores_all_stones_alive_tt: r.end.after_stop => AfterStop::ScoreAllAlive;
    // docs/variants.md 3.e: the stop is the end; no further trigger.
    tromp_taylor_no_final_end_trigger_variants_3e: r.end.final_end => FinalEnd::Never;
    // [TT]: a pass hands nothing over.
    tromp_taylor_no_pass_stones_tt: r.end.pass_stones => PassStones::None;
    // [TT]: no last-pass rule.
    tromp_taylor_any_last_pass_tt: r.end.last_pass => LastPass::Any;
    // [TT]: own stones plus empty points reaching only own colour.
    tromp_taylor_area_scoring_tt: r.scoring.scoring => Scoring::Area;
    // [TT]: empty points reaching both colours count for nobody.
    tromp_taylor_shared_points_neutral_tt: r.scoring.shared_points => SharedPoints::Neutral;
    // [TT]; docs/variants.md 4.14: seki eyes count.
    tromp_taylor_seki_eyes_count_tt: r.scoring.seki_eyes => SekiEyes::Count;
    // Area scoring fills nothing (docs/variants.md 3.f).
    tromp_taylor_no_neutral_fill_variants_3f: r.scoring.neutral_fill => NeutralFill::Literal;
    // docs/decisions.md 18.
    tromp_taylor_komi_7_5_decisions_18: r.scoring.komi => pts("7.5");
    // [TT] equal scores tie; docs/decisions.md 17.
    tromp_taylor_tie_is_draw_decisions_17: r.scoring.tie => Tie::Draw;
    // docs/decisions.md 17.
    tromp_taylor_handicap_tie_is_draw_decisions_17: r.scoring.tie_handicap => Tie::Draw;
    // docs/variants.md 3.f: the plain count.
    tromp_taylor_plain_counting_variants_3f: r.scoring.counting => Counting::Plain;
    // docs/variants.md 2.10 (not covered) -> as New Zealand, docs/variants.md 2.9.
    tromp_taylor_free_handicap_as_nz_variants_2_9: r.handicap.placement => Placement::Free;
    // As New Zealand, docs/variants.md 2.9.
    tromp_taylor_white_passes_during_placement_as_nz_variants_2_9:
        r.handicap.free_placement_moves => FreePlacementMoves::WhitePasses;
    // As New Zealand (docs/variants.md 2.9) and KataGo (docs/peers.md 1b).
    tromp_taylor_no_handicap_bonus_as_nz_variants_2_9: r.handicap.bonus => HandicapBonus::None;
    // As New Zealand, docs/variants.md 2.9.
    tromp_taylor_no_handicap_komi_as_nz_variants_2_9: r.handicap.komi => pts("0");
    // docs/variants.md 2.9.
    tromp_taylor_white_first_after_placement_variants_2_9:
        r.handicap.first_after_placement => Color::White;
    // [TT]: no time rules.
    tromp_taylor_no_penalty_points_tt: r.time.penalty_system => PenaltySystem::None;
    // [TT]: no time rules ([] = not specified).
    tromp_taylor_byo_yomi_unspecified_tt: r.time.byo_yomi.len() => 0;
    // [TT]: no late-arrival rule.
    tromp_taylor_no_late_arrival_rule_tt: r.time.late_arrival_factor => 0;
}

// ---------------------------------------------------------------------------------------------
// ing-1996 (seed 000; docs/variants.md 2.2, 3.a, 3.g; docs/decisions.md 1-5)
// ---------------------------------------------------------------------------------------------

clauses! { "ing-1996", r;
    // seed 000: 19x19 official; 17, 15, 13, 11, 9 informal.
    ing_1996_board_sizes_seed_000:
        sorted_sizes(&r) => sizes(&["19x19", "17x17", "15x15", "13x13", "11x11", "9x9"]);
    // seed 000: group self-capture is allowed.
    ing_1996_multi_stone_suicide_seed_000: r.play.suicide => Suicide::MultiStone;
    // seed 000: one-stone self-capture = pass.
    ing_1996_single_stone_suicide_is_pass_seed_000:
        r.play.single_stone_suicide => SingleStoneSuicide::Pass;
    // seed 000; docs/variants.md 3.a ing-ko-v1; docs/decisions.md 1.
    ing_1996_ing_ko_decisions_1: r.play.ko => Ko::Ing;
    // docs/decisions.md 7.
    ing_1996_initial_position_counts_decisions_7:
        r.play.initial_position => InitialPosition::Counts;
    // docs/variants.md 3.b: the Ing ko rule ends cycles itself.
    ing_1996_no_long_cycle_rule_variants_3b: r.play.long_cycle => LongCycle::Nothing;
    // seed 000: a pass answered by a pass stops play.
    ing_1996_two_passes_stop_seed_000: r.end.stop_passes => 2;
    // seed 000: dead stones by agreement, else play-out.
    ing_1996_agreement_then_two_passes_seed_000_decisions_3:
        r.end.after_stop => AfterStop::AgreementThenPasses;
    // docs/decisions.md 3: the opponent of the last passer resumes.
    ing_1996_resume_opponent_of_last_mover_decisions_3:
        r.end.resume_first => ResumeFirst::OpponentOfLastMover;
    // seed 000; docs/decisions.md 3: four consecutive passes end the game.
    ing_1996_final_end_consecutive_passes_seed_000: r.end.final_end => FinalEnd::ConsecutivePasses;
    // seed 000 "Партия заканчивается после 4 пасов".
    ing_1996_four_passes_end_seed_000: r.end.final_end_passes => 4;
    // seed 000: prisoners play no role.
    ing_1996_no_pass_stones_seed_000: r.end.pass_stones => PassStones::None;
    // seed 000: no last-pass rule.
    ing_1996_any_last_pass_seed_000: r.end.last_pass => LastPass::Any;
    // seed 000: stones and spaces are territory.
    ing_1996_area_scoring_seed_000: r.scoring.scoring => Scoring::Area;
    // seed 000: seki points are shared equally.
    ing_1996_shared_points_half_seed_000: r.scoring.shared_points => SharedPoints::Half;
    // seed 000; docs/variants.md 4.14.
    ing_1996_seki_eyes_count_seed_000: r.scoring.seki_eyes => SekiEyes::Count;
    // seed 000: neutral points are filled during play, nothing before the count.
    ing_1996_no_neutral_fill_seed_000: r.scoring.neutral_fill => NeutralFill::Literal;
    // seed 000: komi 8.
    ing_1996_komi_8_seed_000: r.scoring.komi => pts("8");
    // seed 000 fill-in step 5; docs/decisions.md 17.
    ing_1996_black_wins_ties_seed_000: r.scoring.tie => Tie::Black;
    // seed 000; docs/decisions.md 17.
    ing_1996_black_wins_handicap_ties_seed_000: r.scoring.tie_handicap => Tie::Black;
    // seed 000: fill-in counting.
    ing_1996_fill_in_counting_seed_000: r.scoring.counting => Counting::IngFillIn;
    // seed 000; docs/decisions.md 2: free placement.
    ing_1996_free_placement_decisions_2: r.handicap.placement => Placement::Free;
    // seed 000 "White passes (stones - 1) moves"; docs/decisions.md 2.
    ing_1996_white_passes_during_placement_decisions_2:
        r.handicap.free_placement_moves => FreePlacementMoves::WhitePasses;
    // seed 000: no compensation for handicap stones; docs/decisions.md 2, 5.
    ing_1996_no_handicap_bonus_seed_000: r.handicap.bonus => HandicapBonus::None;
    // seed 000: reverse komi only from the rank difference, given by the caller.
    ing_1996_no_default_handicap_komi_seed_000: r.handicap.komi => pts("0");
    // seed 000: after Black's handicap moves White answers.
    ing_1996_white_first_after_placement_seed_000: r.handicap.first_after_placement => Color::White;
    // seed 000 system PP; docs/decisions.md 4.
    ing_1996_penalty_points_seed_000: r.time.penalty_system => PenaltySystem::IngPoints;
    // seed 000: steps of BT/6; docs/decisions.md 4.
    ing_1996_penalty_step_sixth_decisions_4: r.time.penalty_step => (1, 6);
    // seed 000: 2 points per step.
    ing_1996_two_points_per_step_seed_000: r.time.penalty_points_per_step => 2;
    // seed 000: loss beyond 3 BT/6; docs/decisions.md 4.
    ing_1996_loss_after_three_steps_decisions_4: r.time.penalty_steps_to_loss => 3;
    // seed 000 system RS.
    ing_1996_ing_byo_yomi_seed_000: r.time.byo_yomi.clone() => vec![ByoYomi::Ing];
    // seed 000: twice the delay is deducted.
    ing_1996_late_arrival_twice_seed_000: r.time.late_arrival_factor => 2;
}

// ---------------------------------------------------------------------------------------------
// ing-aga (seed 000 "AGA version"; docs/decisions.md 2, 5, 17)
// ---------------------------------------------------------------------------------------------

clauses! { "ing-aga", r;
    // seed 000: White gets N points for N handicap stones.
    ing_aga_bonus_n_seed_000: r.handicap.bonus => HandicapBonus::N;
    // seed 000; docs/decisions.md 17: White wins ties in handicap games.
    ing_aga_white_wins_handicap_ties_decisions_17: r.scoring.tie_handicap => Tie::White;
    // docs/decisions.md 17: Black still wins ties in even games.
    ing_aga_black_wins_even_ties_decisions_17: r.scoring.tie => Tie::Black;
    // Inherited from ing-1996 (seed 000): the Ing ko rule.
    ing_aga_inherits_ing_ko_seed_000: r.play.ko => Ko::Ing;
}

// ---------------------------------------------------------------------------------------------
// egf-sir ([SIR], [EGF]; docs/variants.md 2.3)
// ---------------------------------------------------------------------------------------------

clauses! { "egf-sir", r;
    // [SIR]: 19x19 is a default, not a limit.
    egf_sir_any_board_size_sir: r.board.sizes.len() => 0;
    // [SIR]: a play may remove one's own stones.
    egf_sir_multi_stone_suicide_sir: r.play.suicide => Suicide::MultiStone;
    // [SIR]: one-stone suicide recreates the position (illegal), unlike Ing.
    egf_sir_single_stone_suicide_by_rule_sir:
        r.play.single_stone_suicide => SingleStoneSuicide::BySuicideRule;
    // [SIR]; docs/decisions.md 1: positional superko.
    egf_sir_positional_superko_decisions_1: r.play.ko => Ko::PositionalSuperko;
    // [SIR]: the empty start is a previous position; docs/decisions.md 7.
    egf_sir_initial_position_counts_decisions_7: r.play.initial_position => InitialPosition::Counts;
    // docs/variants.md 3.b.
    egf_sir_no_long_cycle_rule_variants_3b: r.play.long_cycle => LongCycle::Nothing;
    // [SIR]: two successive passes stop alternation.
    egf_sir_two_passes_stop_sir: r.end.stop_passes => 2;
    // [SIR]: agree or resume after the first stop.
    egf_sir_agreement_after_stop_sir: r.end.after_stop => AfterStop::Agreement;
    // [SIR]; docs/variants.md 3.e: alternation continues.
    egf_sir_resume_opponent_of_last_mover_variants_3e:
        r.end.resume_first => ResumeFirst::OpponentOfLastMover;
    // [SIR]: score immediately after the second stop.
    egf_sir_second_stop_ends_sir: r.end.final_end => FinalEnd::SecondStop;
    // [SIR]: no pass stones.
    egf_sir_no_pass_stones_sir: r.end.pass_stones => PassStones::None;
    // [SIR]: area.
    egf_sir_area_scoring_sir: r.scoring.scoring => Scoring::Area;
    // [SIR]: regions adjacent to both colours count for nobody.
    egf_sir_shared_points_neutral_sir: r.scoring.shared_points => SharedPoints::Neutral;
    // [SIR]; docs/variants.md 4.14.
    egf_sir_seki_eyes_count_sir: r.scoring.seki_eyes => SekiEyes::Count;
    // [EGF] 7.5 komi setting; docs/decisions.md komi table.
    egf_sir_komi_7_5_egf: r.scoring.komi => pts("7.5");
    // [SIR] tie; docs/decisions.md komi table.
    egf_sir_tie_is_draw_sir: r.scoring.tie => Tie::Draw;
    // [SIR]: the plain count.
    egf_sir_plain_counting_sir: r.scoring.counting => Counting::Plain;
    // [EGF] leaves handicap to tournaments; interpretation: as Ing (seed 000).
    egf_sir_free_placement_as_ing_seed_000: r.handicap.placement => Placement::Free;
    // Interpretation: as Ing (seed 000; docs/decisions.md 2).
    egf_sir_white_passes_during_placement_as_ing_decisions_2:
        r.handicap.free_placement_moves => FreePlacementMoves::WhitePasses;
    // Interpretation: as Ing (seed 000).
    egf_sir_no_handicap_bonus_as_ing_seed_000: r.handicap.bonus => HandicapBonus::None;
    // [SIR]/[EGF]: no penalty points in the rules of play.
    egf_sir_no_penalty_points_egf: r.time.penalty_system => PenaltySystem::None;
    // [EGF]: time limits by tournament ([] = not specified).
    egf_sir_byo_yomi_unspecified_egf: r.time.byo_yomi.len() => 0;
}

// ---------------------------------------------------------------------------------------------
// chinese-1988 ([CN88]; docs/variants.md 2.4; docs/decisions.md 8, 9)
// ---------------------------------------------------------------------------------------------

clauses! { "chinese-1988", r;
    // [CN88]: forbidden points.
    chinese_1988_suicide_forbidden_cn88: r.play.suicide => Suicide::Forbidden;
    // [CN88] section 6; docs/decisions.md 8: positional superko as written.
    chinese_1988_positional_superko_decisions_8: r.play.ko => Ko::PositionalSuperko;
    // docs/decisions.md 7.
    chinese_1988_initial_position_counts_decisions_7:
        r.play.initial_position => InitialPosition::Counts;
    // docs/variants.md 3.b.
    chinese_1988_no_long_cycle_rule_variants_3b: r.play.long_cycle => LongCycle::Nothing;
    // [CN88] both confirm the end; seed 003 two passes.
    chinese_1988_two_passes_stop_seed_003: r.end.stop_passes => 2;
    // [CN88] dead stones by confirmation; seed 003 agreement stage.
    chinese_1988_agreement_after_stop_cn88: r.end.after_stop => AfterStop::Agreement;
    // seed 003: the opponent of the last mover; docs/decisions.md 16.
    chinese_1988_resume_opponent_of_last_mover_seed_003:
        r.end.resume_first => ResumeFirst::OpponentOfLastMover;
    // docs/variants.md 3.e: no unconditional end.
    chinese_1988_no_final_end_variants_3e: r.end.final_end => FinalEnd::Never;
    // [CN88]: passing costs nothing.
    chinese_1988_no_pass_stones_cn88: r.end.pass_stones => PassStones::None;
    // [CN88]: stones plus surrounded points.
    chinese_1988_area_scoring_cn88: r.scoring.scoring => Scoring::Area;
    // [CN88]: dame split half to each.
    chinese_1988_shared_points_half_cn88: r.scoring.shared_points => SharedPoints::Half;
    // [CN88]; docs/variants.md 4.14.
    chinese_1988_seki_eyes_count_cn88: r.scoring.seki_eyes => SekiEyes::Count;
    // [JAS-bascomp] 2.75 stones; docs/decisions.md komi table.
    chinese_1988_komi_5_5_jas_bascomp: r.scoring.komi => pts("5.5");
    // [CN88]: equal is a draw; docs/decisions.md 17.
    chinese_1988_tie_is_draw_cn88: r.scoring.tie => Tie::Draw;
    // [CN88]: count against half the board.
    chinese_1988_half_board_counting_cn88: r.scoring.counting => Counting::ChineseHalfBoard;
    // docs/decisions.md 9: free placement.
    chinese_1988_free_placement_decisions_9: r.handicap.placement => Placement::Free;
    // seed 003: several Black moves in a row.
    chinese_1988_consecutive_placement_seed_003:
        r.handicap.free_placement_moves => FreePlacementMoves::Consecutive;
    // docs/decisions.md 9: White gets N.
    chinese_1988_bonus_n_decisions_9: r.handicap.bonus => HandicapBonus::N;
    // seed 003: White moves after the placement.
    chinese_1988_white_first_after_placement_seed_003:
        r.handicap.first_after_placement => Color::White;
}

// ---------------------------------------------------------------------------------------------
// chinese-kgs (seed 003; [KGS]; docs/variants.md 2.5)
// ---------------------------------------------------------------------------------------------

clauses! { "chinese-kgs", r;
    // docs/decisions.md komi table: 7.5.
    chinese_kgs_komi_7_5_decisions_17: r.scoring.komi => pts("7.5");
    // seed 003 non-integer komi; interpretation 0.5 with handicap.
    chinese_kgs_handicap_komi_half_seed_003: r.handicap.komi => pts("0.5");
    // [KGS]/[CGML]: positional superko.
    chinese_kgs_positional_superko_kgs: r.play.ko => Ko::PositionalSuperko;
    // seed 003: Black makes several moves in a row.
    chinese_kgs_free_placement_seed_003: r.handicap.placement => Placement::Free;
    // seed 003: consecutive Black moves.
    chinese_kgs_consecutive_placement_seed_003:
        r.handicap.free_placement_moves => FreePlacementMoves::Consecutive;
    // seed 003: KGS gives White one point per handicap stone.
    chinese_kgs_bonus_n_seed_003: r.handicap.bonus => HandicapBonus::N;
    // seed 003; docs/decisions.md 16: the opponent of the last mover resumes.
    chinese_kgs_resume_opponent_of_last_mover_decisions_16:
        r.end.resume_first => ResumeFirst::OpponentOfLastMover;
    // seed 003: two passes stop, the agreement stage follows.
    chinese_kgs_agreement_after_stop_seed_003: r.end.after_stop => AfterStop::Agreement;
    // docs/decisions.md 17.
    chinese_kgs_tie_is_draw_decisions_17: r.scoring.tie => Tie::Draw;
}

// ---------------------------------------------------------------------------------------------
// japanese-1989 ([J89]; docs/variants.md 2.6, 3.c; docs/decisions.md 10-12)
// ---------------------------------------------------------------------------------------------

clauses! { "japanese-1989", r;
    // J89 Art. 3: 19x19, other sizes by convention.
    japanese_1989_any_board_size_j89_art3: r.board.sizes.len() => 0;
    // J89 Art. 4, 5.
    japanese_1989_suicide_forbidden_j89_art4: r.play.suicide => Suicide::Forbidden;
    // J89 Art. 6.
    japanese_1989_simple_ko_j89_art6: r.play.ko => Ko::Simple;
    // J89 Art. 12; docs/decisions.md 12.
    japanese_1989_long_cycle_no_result_j89_art12: r.play.long_cycle => LongCycle::NoResult;
    // docs/decisions.md 12: the third occurrence.
    japanese_1989_long_cycle_third_occurrence_decisions_12: r.play.long_cycle_repetitions => 3;
    // J89 Art. 9.
    japanese_1989_two_passes_stop_j89_art9: r.end.stop_passes => 2;
    // J89 Art. 9, 10; docs/decisions.md 11.
    japanese_1989_agreement_after_stop_j89_art9: r.end.after_stop => AfterStop::Agreement;
    // J89 Art. 9.3.
    japanese_1989_resume_opponent_of_resumer_j89_art9:
        r.end.resume_first => ResumeFirst::OpponentOfResumer;
    // J89: no unconditional end (docs/variants.md 3.e).
    japanese_1989_no_final_end_j89: r.end.final_end => FinalEnd::Never;
    // J89: passing costs nothing.
    japanese_1989_no_pass_stones_j89: r.end.pass_stones => PassStones::None;
    // J89 Art. 8, 10.
    japanese_1989_territory_scoring_j89_art8: r.scoring.scoring => Scoring::Territory;
    // J89 Art. 8: dame count for nobody.
    japanese_1989_dame_neutral_j89_art8: r.scoring.shared_points => SharedPoints::Neutral;
    // J89 Art. 8; docs/decisions.md 10: string-level literal seki.
    japanese_1989_seki_eyes_void_filled_decisions_10: r.scoring.seki_eyes => SekiEyes::VoidFilled;
    // docs/decisions.md 10: neutral points filled first.
    japanese_1989_neutral_fill_first_decisions_10: r.scoring.neutral_fill => NeutralFill::FillFirst;
    // docs/decisions.md komi table; [OGS-mx].
    japanese_1989_komi_6_5_decisions_17: r.scoring.komi => pts("6.5");
    // J89 Art. 10: jigo.
    japanese_1989_tie_is_jigo_j89_art10: r.scoring.tie => Tie::Draw;
    // J89 Art. 10.
    japanese_1989_handicap_tie_is_jigo_j89_art10: r.scoring.tie_handicap => Tie::Draw;
    // J89 Art. 10: prisoners filled into territory.
    japanese_1989_prisoners_filled_counting_j89_art10:
        r.scoring.counting => Counting::JapanesePrisonersFilled;
    // docs/variants.md 2.6 [OGS-eng]: fixed star points.
    japanese_1989_fixed_placement_variants_2_6: r.handicap.placement => Placement::Fixed;
    // docs/variants.md 2.6: no compensation.
    japanese_1989_no_handicap_bonus_variants_2_6: r.handicap.bonus => HandicapBonus::None;
    // docs/variants.md 2.6: komi 0 in traditional handicap games.
    japanese_1989_no_handicap_komi_variants_2_6: r.handicap.komi => pts("0");
    // docs/variants.md 2.6: White moves first after the placement.
    japanese_1989_white_first_after_placement_variants_2_6:
        r.handicap.first_after_placement => Color::White;
    // J89 Art. 14: no point penalties.
    japanese_1989_no_penalty_points_j89_art14: r.time.penalty_system => PenaltySystem::None;
    // J89 Art. 14: time control is the tournament's ([] = not specified).
    japanese_1989_byo_yomi_unspecified_j89_art14: r.time.byo_yomi.len() => 0;
}

// Fixed placement uses the standard star-point patterns (docs/variants.md 2.6): 2 stones on 19x19
// are the upper-right and lower-left star points.
#[test]
fn japanese_1989_two_stone_handicap_on_star_points_variants_2_6() {
    let r = load("japanese-1989");
    let size = BoardSize::square(19).unwrap_or_else(|e| panic!("{e:?}"));
    let mut got = r
        .handicap
        .patterns
        .get(&size)
        .and_then(|by_count| by_count.get(&2))
        .unwrap_or_else(|| panic!("no 2-stone pattern for 19x19"))
        .clone();
    got.sort();
    let mut want: Vec<Point> = ["pd", "dp"]
        .iter()
        .map(|p| Point::from_sgf(p, size).unwrap_or_else(|e| panic!("{e:?}")))
        .collect();
    want.sort();
    assert_eq!(got, want);
}

// ---------------------------------------------------------------------------------------------
// korean ([KOR], [SL-kor]; docs/variants.md 2.7; docs/decisions.md 12, 19)
// ---------------------------------------------------------------------------------------------

clauses! { "korean", r;
    // docs/decisions.md 12; [GGG]: a long cycle is a draw.
    korean_long_cycle_draw_decisions_12: r.play.long_cycle => LongCycle::Draw;
    // docs/decisions.md 12: same count as Japanese.
    korean_long_cycle_third_occurrence_decisions_12: r.play.long_cycle_repetitions => 3;
    // docs/variants.md 2.7: simple ko.
    korean_simple_ko_variants_2_7: r.play.ko => Ko::Simple;
    // docs/variants.md 2.7: no territory in seki (as Japanese).
    korean_seki_eyes_void_filled_decisions_10: r.scoring.seki_eyes => SekiEyes::VoidFilled;
    // docs/decisions.md 10 "(and korean)".
    korean_neutral_fill_first_decisions_10: r.scoring.neutral_fill => NeutralFill::FillFirst;
    // docs/variants.md 2.7 [OGS-mx]: opponent of the resumer.
    korean_resume_opponent_of_resumer_variants_2_7:
        r.end.resume_first => ResumeFirst::OpponentOfResumer;
    // docs/decisions.md komi table.
    korean_komi_6_5_decisions_17: r.scoring.komi => pts("6.5");
    // docs/decisions.md 17: draw.
    korean_tie_is_draw_decisions_17: r.scoring.tie => Tie::Draw;
}

// ---------------------------------------------------------------------------------------------
// aga (seed 004; [AGA91]; docs/variants.md 2.8, 3.d; docs/decisions.md 6)
// ---------------------------------------------------------------------------------------------

clauses! { "aga", r;
    // seed 004 rule 7.
    aga_suicide_forbidden_seed_004_rule_7: r.play.suicide => Suicide::Forbidden;
    // seed 004 rule 8; docs/decisions.md 6.
    aga_situational_superko_decisions_6: r.play.ko => Ko::SituationalSuperko;
    // seed 004 rule 8 "ever earlier in the game"; docs/decisions.md 7.
    aga_initial_position_counts_decisions_7: r.play.initial_position => InitialPosition::Counts;
    // docs/variants.md 3.b.
    aga_no_long_cycle_rule_variants_3b: r.play.long_cycle => LongCycle::Nothing;
    // seed 004 rule 9: two passes in a row.
    aga_two_passes_stop_seed_004_rule_9: r.end.stop_passes => 2;
    // seed 004 rule 9.
    aga_agreement_after_stop_seed_004_rule_9: r.end.after_stop => AfterStop::Agreement;
    // seed 004 chapter 7: turn order preserved.
    aga_resume_opponent_of_last_mover_seed_004:
        r.end.resume_first => ResumeFirst::OpponentOfLastMover;
    // seed 004 rule 9: four passes end the game, all stones alive.
    aga_final_end_consecutive_passes_seed_004_rule_9:
        r.end.final_end => FinalEnd::ConsecutivePasses;
    // seed 004 rule 9.
    aga_four_passes_end_seed_004_rule_9: r.end.final_end_passes => 4;
    // seed 004 rule 4: a pass costs one stone.
    aga_pass_stones_seed_004_rule_4: r.end.pass_stones => PassStones::ToOpponent;
    // seed 004 rule 9: White passes last.
    aga_white_passes_last_seed_004_rule_9: r.end.last_pass => LastPass::White;
    // seed 004 rule 10.
    aga_territory_scoring_seed_004_rule_10: r.scoring.scoring => Scoring::Territory;
    // seed 004 rule 10.
    aga_dame_neutral_seed_004_rule_10: r.scoring.shared_points => SharedPoints::Neutral;
    // seed 004 rule 10; docs/variants.md 3.d: seki eyes count.
    aga_seki_eyes_count_seed_004_rule_10: r.scoring.seki_eyes => SekiEyes::Count;
    // docs/variants.md 3.d: nothing to fill when seki eyes count.
    aga_no_neutral_fill_variants_3d: r.scoring.neutral_fill => NeutralFill::Literal;
    // [AGA91]/[SL-aga] 7.5; docs/decisions.md komi table.
    aga_komi_7_5_decisions_17: r.scoring.komi => pts("7.5");
    // seed 004 rule 10: ties go to White.
    aga_white_wins_ties_seed_004_rule_10: r.scoring.tie => Tie::White;
    // seed 004 chapter 7: at any handicap and komi.
    aga_white_wins_handicap_ties_seed_004: r.scoring.tie_handicap => Tie::White;
    // seed 004 chapter 7: prisoners put into the opponent's territory.
    aga_prisoners_filled_counting_seed_004: r.scoring.counting => Counting::JapanesePrisonersFilled;
    // seed 004 rule 3: special handicap points.
    aga_fixed_placement_seed_004_rule_3: r.handicap.placement => Placement::Fixed;
    // [AGA91]: no compensation with territory counting.
    aga_no_handicap_bonus_aga91: r.handicap.bonus => HandicapBonus::None;
    // [AGA91]; docs/decisions.md komi table: 0.5 with handicap.
    aga_handicap_komi_half_decisions_17: r.handicap.komi => pts("0.5");
    // seed 004 rule 3: then White moves.
    aga_white_first_after_placement_seed_004_rule_3:
        r.handicap.first_after_placement => Color::White;
    // [AGA91]: no score penalties besides pass stones.
    aga_no_penalty_points_aga91: r.time.penalty_system => PenaltySystem::None;
}

// ---------------------------------------------------------------------------------------------
// new-zealand ([NZ]; docs/variants.md 2.9; docs/decisions.md 13, 14)
// ---------------------------------------------------------------------------------------------

clauses! { "new-zealand", r;
    // [NZ]: own stones without liberties are removed, any size.
    new_zealand_any_suicide_nz: r.play.suicide => Suicide::Any;
    // docs/decisions.md 14: a one-stone self-capture is a legal play.
    new_zealand_single_stone_suicide_legal_decisions_14:
        r.play.single_stone_suicide => SingleStoneSuicide::BySuicideRule;
    // [NZ]: positions after one's own previous moves, passes included.
    new_zealand_situational_superko_nz: r.play.ko => Ko::SituationalSuperko;
    // docs/decisions.md 13 (2026-12): "after any of that player's previous moves": the initial
    // position follows no move.
    new_zealand_initial_position_ignored_decisions_13:
        r.play.initial_position => InitialPosition::Ignored;
    // [NZ]: dead stones by agreement, else play on.
    new_zealand_agreement_after_stop_nz: r.end.after_stop => AfterStop::Agreement;
    // [NZ]: no pass stones.
    new_zealand_no_pass_stones_nz: r.end.pass_stones => PassStones::None;
    // [NZ]: area (stones plus recursively adjacent empty points).
    new_zealand_area_scoring_nz: r.scoring.scoring => Scoring::Area;
    // docs/decisions.md 13: dame count for nobody.
    new_zealand_dame_neutral_decisions_13: r.scoring.shared_points => SharedPoints::Neutral;
    // [NZ]; docs/variants.md 4.14.
    new_zealand_seki_eyes_count_nz: r.scoring.seki_eyes => SekiEyes::Count;
    // [NZ]: komi 7.
    new_zealand_komi_7_nz: r.scoring.komi => pts("7");
    // [NZ]; docs/decisions.md 17.
    new_zealand_tie_is_draw_decisions_17: r.scoring.tie => Tie::Draw;
    // [NZ]: free placement.
    new_zealand_free_placement_nz: r.handicap.placement => Placement::Free;
    // [NZ]: White passes the first N-1 moves.
    new_zealand_white_passes_during_placement_nz:
        r.handicap.free_placement_moves => FreePlacementMoves::WhitePasses;
    // [NZ]: no compensation.
    new_zealand_no_handicap_bonus_nz: r.handicap.bonus => HandicapBonus::None;
    // [NZ]: no komi in handicap games.
    new_zealand_no_handicap_komi_nz: r.handicap.komi => pts("0");
    // [NZ]: White plays after Black's N-th stone.
    new_zealand_white_first_after_placement_nz: r.handicap.first_after_placement => Color::White;
    // [NZ]: no time rules ([] = not specified).
    new_zealand_byo_yomi_unspecified_nz: r.time.byo_yomi.len() => 0;
}

// ---------------------------------------------------------------------------------------------
// rfg-2010-territory / rfg-2010-area (seed 002; docs/variants.md 2.11; docs/decisions.md 12, 15)
// ---------------------------------------------------------------------------------------------

clauses! { "rfg-2010-territory", r;
    // seed 002 art. 2.2: 19x19, 13x13, 9x9.
    rfg_2010_territory_board_sizes_seed_002_art_2_2:
        sorted_sizes(&r) => sizes(&["19x19", "13x13", "9x9"]);
    // seed 002 art. 3.2.
    rfg_2010_territory_suicide_forbidden_seed_002_art_3_2: r.play.suicide => Suicide::Forbidden;
    // seed 002 art. 3.3 intended meaning; docs/decisions.md 15 (the literal wording is not
    // followed).
    rfg_2010_territory_simple_ko_decisions_15: r.play.ko => Ko::Simple;
    // seed 002 art. 3.3 delegates superko; docs/decisions.md 12: no result.
    rfg_2010_territory_long_cycle_no_result_decisions_12: r.play.long_cycle => LongCycle::NoResult;
    // docs/decisions.md 12: the third occurrence.
    rfg_2010_territory_long_cycle_third_occurrence_decisions_12: r.play.long_cycle_repetitions => 3;
    // seed 002 art. 4.1: a pass answered by a pass.
    rfg_2010_territory_two_passes_stop_seed_002_art_4_1: r.end.stop_passes => 2;
    // seed 002 art. 4.2.
    rfg_2010_territory_agreement_after_stop_seed_002_art_4_2:
        r.end.after_stop => AfterStop::Agreement;
    // seed 002 art. 4.3: Japanese tradition.
    rfg_2010_territory_territory_scoring_seed_002_art_4_3: r.scoring.scoring => Scoring::Territory;
    // seed 002 art. 4.3; docs/decisions.md 15: seki eyes count (literal text).
    rfg_2010_territory_seki_eyes_count_decisions_15: r.scoring.seki_eyes => SekiEyes::Count;
    // docs/decisions.md komi table: 6.5 territory.
    rfg_2010_territory_komi_6_5_decisions_17: r.scoring.komi => pts("6.5");
    // docs/decisions.md 17: draw.
    rfg_2010_territory_tie_is_draw_decisions_17: r.scoring.tie => Tie::Draw;
    // seed 002 art. 4.3: the points are added up.
    rfg_2010_territory_plain_counting_seed_002_art_4_3: r.scoring.counting => Counting::Plain;
    // seed 002 art. 2.4: placed in the order the regulation prescribes.
    rfg_2010_territory_fixed_placement_seed_002_art_2_4: r.handicap.placement => Placement::Fixed;
    // seed 002 art. 2.4: White to move after the handicap stones.
    rfg_2010_territory_white_first_after_placement_seed_002_art_2_4:
        r.handicap.first_after_placement => Color::White;
}
// seed 002 art. 5.2: Japanese or Canadian byo-yomi, or absolute time.
#[test]
fn rfg_2010_territory_byo_yomi_kinds_seed_002_art_5_2() {
    let mut got = load("rfg-2010-territory").time.byo_yomi;
    got.sort();
    let mut want = vec![ByoYomi::Japanese, ByoYomi::Canadian, ByoYomi::Absolute];
    want.sort();
    assert_eq!(got, want);
}
clauses! { "rfg-2010-area", r;
    // seed 002 art. 4.3: Chinese tradition.
    rfg_2010_area_area_scoring_seed_002_art_4_3: r.scoring.scoring => Scoring::Area;
    // docs/decisions.md komi table: 7.5 area.
    rfg_2010_area_komi_7_5_decisions_17: r.scoring.komi => pts("7.5");
    // Inherited: simple ko (docs/decisions.md 15).
    rfg_2010_area_simple_ko_decisions_15: r.play.ko => Ko::Simple;
    // Inherited: seki eyes count (seed 002 art. 4.3).
    rfg_2010_area_seki_eyes_count_seed_002_art_4_3: r.scoring.seki_eyes => SekiEyes::Count;
}

// ---------------------------------------------------------------------------------------------
// Table-driven: the docs/decisions.md komi and tie table
// ---------------------------------------------------------------------------------------------

/// (id, komi, tie in even games, tie in handicap games, handicap komi where the table gives one)
type KomiRow = (&'static str, &'static str, Tie, Tie, Option<&'static str>);

// docs/decisions.md "Komi and tie defaults" and item 17.
const KOMI_TABLE: &[KomiRow] = &[
    ("tromp-taylor", "7.5", Tie::Draw, Tie::Draw, None),
    ("ing-1996", "8", Tie::Black, Tie::Black, None),
    ("ing-aga", "8", Tie::Black, Tie::White, None),
    ("egf-sir", "7.5", Tie::Draw, Tie::Draw, None),
    ("chinese-1988", "5.5", Tie::Draw, Tie::Draw, None),
    ("chinese-kgs", "7.5", Tie::Draw, Tie::Draw, None),
    ("japanese-1989", "6.5", Tie::Draw, Tie::Draw, None),
    ("korean", "6.5", Tie::Draw, Tie::Draw, None),
    ("aga", "7.5", Tie::White, Tie::White, Some("0.5")),
    ("new-zealand", "7", Tie::Draw, Tie::Draw, None),
    ("rfg-2010-territory", "6.5", Tie::Draw, Tie::Draw, None),
    ("rfg-2010-area", "7.5", Tie::Draw, Tie::Draw, None),
];

#[test]
fn komi_and_tie_table_of_decisions_md() {
    assert_eq!(KOMI_TABLE.len(), IDS.len(), "one row per built-in");
    for &(id, komi, tie, tie_handicap, handicap_komi) in KOMI_TABLE {
        let r = load(id);
        assert_eq!(r.scoring.komi, pts(komi), "{id} komi");
        assert_eq!(r.scoring.tie, tie, "{id} tie");
        assert_eq!(
            r.scoring.tie_handicap, tie_handicap,
            "{id} tie in handicap games"
        );
        if let Some(k) = handicap_komi {
            assert_eq!(r.handicap.komi, pts(k), "{id} handicap komi");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Table-driven: the docs/variants.md 2.1 comparison table (ko, suicide, scoring, seki eyes)
// ---------------------------------------------------------------------------------------------

/// (id, ko, suicide, single-stone suicide, scoring, seki eyes, shared points)
type CompareRow = (
    &'static str,
    Ko,
    Suicide,
    SingleStoneSuicide,
    Scoring,
    SekiEyes,
    SharedPoints,
);

// docs/variants.md 2.1 rows (Ing, SIR, Chinese 1988, Chinese on KGS, Japanese, Korean, AGA, NZ, TT,
// Russian 2010), with the choices of docs/decisions.md 1, 6, 8, 13, 14, 15 where the table leaves
// two readings; "single=pass" is Ing's one-stone suicide, "single illegal" under multi-stone or PSK
// is by-suicide-rule. The seki-eyes column: "count" or "void"; shared points "half" for Ing and
// Chinese 1988, neutral elsewhere (NZ per docs/decisions.md 13).
const COMPARISON_TABLE: &[CompareRow] = &[
    (
        "ing-1996",
        Ko::Ing,
        Suicide::MultiStone,
        SingleStoneSuicide::Pass,
        Scoring::Area,
        SekiEyes::Count,
        SharedPoints::Half,
    ),
    (
        "ing-aga",
        Ko::Ing,
        Suicide::MultiStone,
        SingleStoneSuicide::Pass,
        Scoring::Area,
        SekiEyes::Count,
        SharedPoints::Half,
    ),
    (
        "egf-sir",
        Ko::PositionalSuperko,
        Suicide::MultiStone,
        SingleStoneSuicide::BySuicideRule,
        Scoring::Area,
        SekiEyes::Count,
        SharedPoints::Neutral,
    ),
    (
        "chinese-1988",
        Ko::PositionalSuperko,
        Suicide::Forbidden,
        SingleStoneSuicide::BySuicideRule,
        Scoring::Area,
        SekiEyes::Count,
        SharedPoints::Half,
    ),
    (
        "chinese-kgs",
        Ko::PositionalSuperko,
        Suicide::Forbidden,
        SingleStoneSuicide::BySuicideRule,
        Scoring::Area,
        SekiEyes::Count,
        SharedPoints::Half,
    ),
    (
        "japanese-1989",
        Ko::Simple,
        Suicide::Forbidden,
        SingleStoneSuicide::BySuicideRule,
        Scoring::Territory,
        SekiEyes::VoidFilled,
        SharedPoints::Neutral,
    ),
    (
        "korean",
        Ko::Simple,
        Suicide::Forbidden,
        SingleStoneSuicide::BySuicideRule,
        Scoring::Territory,
        SekiEyes::VoidFilled,
        SharedPoints::Neutral,
    ),
    (
        "aga",
        Ko::SituationalSuperko,
        Suicide::Forbidden,
        SingleStoneSuicide::BySuicideRule,
        Scoring::Territory,
        SekiEyes::Count,
        SharedPoints::Neutral,
    ),
    (
        "new-zealand",
        Ko::SituationalSuperko,
        Suicide::Any,
        SingleStoneSuicide::BySuicideRule,
        Scoring::Area,
        SekiEyes::Count,
        SharedPoints::Neutral,
    ),
    (
        "tromp-taylor",
        Ko::PositionalSuperko,
        Suicide::Any,
        SingleStoneSuicide::BySuicideRule,
        Scoring::Area,
        SekiEyes::Count,
        SharedPoints::Neutral,
    ),
    (
        "rfg-2010-territory",
        Ko::Simple,
        Suicide::Forbidden,
        SingleStoneSuicide::BySuicideRule,
        Scoring::Territory,
        SekiEyes::Count,
        SharedPoints::Neutral,
    ),
    (
        "rfg-2010-area",
        Ko::Simple,
        Suicide::Forbidden,
        SingleStoneSuicide::BySuicideRule,
        Scoring::Area,
        SekiEyes::Count,
        SharedPoints::Neutral,
    ),
];

#[test]
fn comparison_table_of_variants_md_2_1() {
    assert_eq!(COMPARISON_TABLE.len(), IDS.len(), "one row per built-in");
    for &(id, ko, suicide, single, scoring, seki, shared) in COMPARISON_TABLE {
        let r = load(id);
        assert_eq!(r.play.ko, ko, "{id} ko");
        assert_eq!(r.play.suicide, suicide, "{id} suicide");
        assert_eq!(
            r.play.single_stone_suicide, single,
            "{id} single-stone suicide"
        );
        assert_eq!(r.scoring.scoring, scoring, "{id} scoring");
        assert_eq!(r.scoring.seki_eyes, seki, "{id} seki eyes");
        assert_eq!(r.scoring.shared_points, shared, "{id} shared points");
    }
}

/// What a one-stone self-capture is under a ruleset, derived from its suicide, single-stone and ko
/// keys as docs/variants.md 3.0 and 3.b describe: a pass (Ing), a legal play (any suicide under
/// situational superko: the same board with the other side to move is a new situation), or
/// illegal (forbidden, multi-stone only, or a repeated board under positional superko).
fn single_stone_suicide_ruling(r: &Ruleset) -> &'static str {
    match (r.play.suicide, r.play.single_stone_suicide, r.play.ko) {
        (Suicide::Forbidden, _, _) => "illegal",
        (_, SingleStoneSuicide::Pass, _) => "pass",
        (Suicide::MultiStone, _, _) => "illegal",
        (Suicide::Any, _, Ko::SituationalSuperko | Ko::NaturalSituationalSuperko) => "legal",
        (Suicide::Any, _, _) => "illegal",
    }
}

// docs/variants.md 4.14, rows "multi-stone suicide" and "single-stone suicide" (Russian 2010 for
// both rfg variants; Ing for both Ing variants; Chinese for both Chinese variants).
#[test]
fn suicide_rulings_of_variants_md_4_14() {
    let table: &[(&str, bool, &str)] = &[
        ("ing-1996", true, "pass"),
        ("ing-aga", true, "pass"),
        ("egf-sir", true, "illegal"),
        ("chinese-1988", false, "illegal"),
        ("chinese-kgs", false, "illegal"),
        ("japanese-1989", false, "illegal"),
        ("korean", false, "illegal"),
        ("aga", false, "illegal"),
        ("new-zealand", true, "legal"),
        ("tromp-taylor", true, "illegal"),
        ("rfg-2010-territory", false, "illegal"),
        ("rfg-2010-area", false, "illegal"),
    ];
    assert_eq!(table.len(), IDS.len(), "one row per built-in");
    for &(id, multi_legal, single) in table {
        let r = load(id);
        assert_eq!(
            r.play.suicide != Suicide::Forbidden,
            multi_legal,
            "{id} multi-stone suicide"
        );
        assert_eq!(
            single_stone_suicide_ruling(&r),
            single,
            "{id} single-stone suicide"
        );
    }
}

// docs/variants.md 2.1 "end of play" column: the four-pass ends (Ing, AGA), SIR's second stop,
// Tromp-Taylor's immediate count, and agreement without a forced end elsewhere.
#[test]
fn end_of_play_column_of_variants_md_2_1() {
    let table: &[(&str, AfterStop, FinalEnd, u32)] = &[
        // Seed 000: agreement, then two more passes (docs/decisions.md 3 revised).
        (
            "ing-1996",
            AfterStop::AgreementThenPasses,
            FinalEnd::ConsecutivePasses,
            4,
        ),
        // Seed 000: agreement, then two more passes (docs/decisions.md 3 revised).
        (
            "ing-aga",
            AfterStop::AgreementThenPasses,
            FinalEnd::ConsecutivePasses,
            4,
        ),
        ("egf-sir", AfterStop::Agreement, FinalEnd::SecondStop, 0),
        ("chinese-1988", AfterStop::Agreement, FinalEnd::Never, 0),
        ("chinese-kgs", AfterStop::Agreement, FinalEnd::Never, 0),
        ("japanese-1989", AfterStop::Agreement, FinalEnd::Never, 0),
        ("korean", AfterStop::Agreement, FinalEnd::Never, 0),
        ("aga", AfterStop::Agreement, FinalEnd::ConsecutivePasses, 4),
        ("new-zealand", AfterStop::Agreement, FinalEnd::Never, 0),
        ("tromp-taylor", AfterStop::ScoreAllAlive, FinalEnd::Never, 0),
        (
            "rfg-2010-territory",
            AfterStop::Agreement,
            FinalEnd::Never,
            0,
        ),
        ("rfg-2010-area", AfterStop::Agreement, FinalEnd::Never, 0),
    ];
    assert_eq!(table.len(), IDS.len(), "one row per built-in");
    for &(id, after, final_end, passes) in table {
        let r = load(id);
        assert_eq!(r.end.stop_passes, 2, "{id} stop passes");
        assert_eq!(r.end.after_stop, after, "{id} after stop");
        assert_eq!(r.end.final_end, final_end, "{id} final end");
        assert_eq!(r.end.final_end_passes, passes, "{id} final-end passes");
    }
}

// docs/variants.md 2.1 "handicap placement / bonus" column, with docs/decisions.md 2 and 9.
#[test]
fn handicap_column_of_variants_md_2_1() {
    let table: &[(&str, Placement, HandicapBonus)] = &[
        ("ing-1996", Placement::Free, HandicapBonus::None),
        ("ing-aga", Placement::Free, HandicapBonus::N),
        ("chinese-1988", Placement::Free, HandicapBonus::N),
        ("chinese-kgs", Placement::Free, HandicapBonus::N),
        ("japanese-1989", Placement::Fixed, HandicapBonus::None),
        ("korean", Placement::Fixed, HandicapBonus::None),
        ("aga", Placement::Fixed, HandicapBonus::None),
        ("new-zealand", Placement::Free, HandicapBonus::None),
        ("rfg-2010-territory", Placement::Fixed, HandicapBonus::None),
    ];
    for &(id, placement, bonus) in table {
        let r = load(id);
        assert_eq!(r.handicap.placement, placement, "{id} placement");
        assert_eq!(r.handicap.bonus, bonus, "{id} bonus");
        assert_eq!(
            r.handicap.first_after_placement,
            Color::White,
            "{id} first after placement"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Table-driven: the remaining axes, every built-in (each row cites the spec file's source)
// ---------------------------------------------------------------------------------------------

// Board sizes: seed 000 (Ing), seed 002 art. 2.2 (Russian 2010); any size elsewhere (the texts
// describe 19x19 without forbidding others: docs/variants.md 2.3, 2.4, 2.6-2.10).
#[test]
fn board_sizes_of_every_builtin_variants_md_2() {
    let ing = &["19x19", "17x17", "15x15", "13x13", "11x11", "9x9"][..];
    let rfg = &["19x19", "13x13", "9x9"][..];
    let table: &[(&str, &[&str])] = &[
        ("tromp-taylor", &[]),
        ("ing-1996", ing),
        ("ing-aga", ing),
        ("egf-sir", &[]),
        ("chinese-1988", &[]),
        ("chinese-kgs", &[]),
        ("japanese-1989", &[]),
        ("korean", &[]),
        ("aga", &[]),
        ("new-zealand", &[]),
        ("rfg-2010-territory", rfg),
        ("rfg-2010-area", rfg),
    ];
    assert_eq!(table.len(), IDS.len(), "one row per built-in");
    for &(id, want) in table {
        assert_eq!(sorted_sizes(&load(id)), sizes(want), "{id} sizes");
    }
}

// Long cycles: J89 Art. 12 and docs/decisions.md 12 (no result: Japanese, Russian 2010; draw:
// Korean); superko and the Ing rule need none (docs/variants.md 3.b). The count is 3 everywhere
// (docs/decisions.md 12), and the initial position is in the history everywhere
// (docs/decisions.md 7).
#[test]
fn long_cycle_and_history_of_every_builtin_decisions_7_12() {
    let table: &[(&str, LongCycle)] = &[
        ("tromp-taylor", LongCycle::Nothing),
        ("ing-1996", LongCycle::Nothing),
        ("ing-aga", LongCycle::Nothing),
        ("egf-sir", LongCycle::Nothing),
        ("chinese-1988", LongCycle::Nothing),
        ("chinese-kgs", LongCycle::Nothing),
        ("japanese-1989", LongCycle::NoResult),
        ("korean", LongCycle::Draw),
        ("aga", LongCycle::Nothing),
        ("new-zealand", LongCycle::Nothing),
        ("rfg-2010-territory", LongCycle::NoResult),
        ("rfg-2010-area", LongCycle::NoResult),
    ];
    assert_eq!(table.len(), IDS.len(), "one row per built-in");
    for &(id, long_cycle) in table {
        let r = load(id);
        assert_eq!(r.play.long_cycle, long_cycle, "{id} long cycle");
        assert_eq!(
            r.play.long_cycle_repetitions, 3,
            "{id} long-cycle repetitions"
        );
        // docs/decisions.md 7; new-zealand: docs/decisions.md 13 (the position after a move only).
        let initial = if id == "new-zealand" {
            InitialPosition::Ignored
        } else {
            InitialPosition::Counts
        };
        assert_eq!(r.play.initial_position, initial, "{id} initial position");
    }
}

// Resumption, pass stones, last pass and the neutral-fill step: J89 Art. 9.3 (opponent of the
// resumer, Japanese and Korean), docs/decisions.md 3 and 16 and seed 004 (opponent of the last
// mover elsewhere); pass stones and "White passes last" only in AGA (seed 004 rules 4, 9); the
// fill-first step only for the string-level seki rule (docs/decisions.md 10).
#[test]
fn resumption_pass_stones_and_neutral_fill_of_every_builtin() {
    let table: &[(&str, ResumeFirst, PassStones, LastPass, NeutralFill)] = &[
        (
            "tromp-taylor",
            ResumeFirst::OpponentOfLastMover,
            PassStones::None,
            LastPass::Any,
            NeutralFill::Literal,
        ),
        (
            "ing-1996",
            ResumeFirst::OpponentOfLastMover,
            PassStones::None,
            LastPass::Any,
            NeutralFill::Literal,
        ),
        (
            "ing-aga",
            ResumeFirst::OpponentOfLastMover,
            PassStones::None,
            LastPass::Any,
            NeutralFill::Literal,
        ),
        (
            "egf-sir",
            ResumeFirst::OpponentOfLastMover,
            PassStones::None,
            LastPass::Any,
            NeutralFill::Literal,
        ),
        (
            "chinese-1988",
            ResumeFirst::OpponentOfLastMover,
            PassStones::None,
            LastPass::Any,
            NeutralFill::Literal,
        ),
        (
            "chinese-kgs",
            ResumeFirst::OpponentOfLastMover,
            PassStones::None,
            LastPass::Any,
            NeutralFill::Literal,
        ),
        (
            "japanese-1989",
            ResumeFirst::OpponentOfResumer,
            PassStones::None,
            LastPass::Any,
            NeutralFill::FillFirst,
        ),
        (
            "korean",
            ResumeFirst::OpponentOfResumer,
            PassStones::None,
            LastPass::Any,
            NeutralFill::FillFirst,
        ),
        (
            "aga",
            ResumeFirst::OpponentOfLastMover,
            PassStones::ToOpponent,
            LastPass::White,
            NeutralFill::Literal,
        ),
        (
            "new-zealand",
            ResumeFirst::OpponentOfLastMover,
            PassStones::None,
            LastPass::Any,
            NeutralFill::Literal,
        ),
        (
            "rfg-2010-territory",
            ResumeFirst::OpponentOfLastMover,
            PassStones::None,
            LastPass::Any,
            NeutralFill::Literal,
        ),
        (
            "rfg-2010-area",
            ResumeFirst::OpponentOfLastMover,
            PassStones::None,
            LastPass::Any,
            NeutralFill::Literal,
        ),
    ];
    assert_eq!(table.len(), IDS.len(), "one row per built-in");
    for &(id, resume, pass_stones, last_pass, fill) in table {
        let r = load(id);
        assert_eq!(r.end.resume_first, resume, "{id} resume first");
        assert_eq!(r.end.pass_stones, pass_stones, "{id} pass stones");
        assert_eq!(r.end.last_pass, last_pass, "{id} last pass");
        assert_eq!(r.scoring.neutral_fill, fill, "{id} neutral fill");
    }
}

// Counting procedures: seed 000 (Ing fill-in), [CN88] (half board), J89 Art. 10 and seed 004
// chapter 7 (prisoners filled), plain elsewhere ([TT], [SIR], [NZ], seed 002 art. 4.3).
#[test]
fn counting_procedure_of_every_builtin() {
    let table: &[(&str, Counting)] = &[
        ("tromp-taylor", Counting::Plain),
        ("ing-1996", Counting::IngFillIn),
        ("ing-aga", Counting::IngFillIn),
        ("egf-sir", Counting::Plain),
        ("chinese-1988", Counting::ChineseHalfBoard),
        ("chinese-kgs", Counting::ChineseHalfBoard),
        ("japanese-1989", Counting::JapanesePrisonersFilled),
        ("korean", Counting::JapanesePrisonersFilled),
        ("aga", Counting::JapanesePrisonersFilled),
        ("new-zealand", Counting::Plain),
        ("rfg-2010-territory", Counting::Plain),
        ("rfg-2010-area", Counting::Plain),
    ];
    assert_eq!(table.len(), IDS.len(), "one row per built-in");
    for &(id, counting) in table {
        assert_eq!(load(id).scoring.counting, counting, "{id} counting");
    }
}

// Handicap komi and the free-placement order: seed 000 and docs/decisions.md 2 (Ing: White passes,
// no komi), [NZ] (White passes, no komi), seed 003 (Chinese: consecutive), [AGA91] (0.5),
// docs/variants.md 2.6 (Japanese: 0), and the interpretations the spec files name (Tromp-Taylor as
// NZ, SIR as Ing, Chinese 1988 0, Russian 2010 0, KGS 0.5).
#[test]
fn handicap_komi_and_placement_order_of_every_builtin() {
    let table: &[(&str, &str, FreePlacementMoves)] = &[
        ("tromp-taylor", "0", FreePlacementMoves::WhitePasses),
        ("ing-1996", "0", FreePlacementMoves::WhitePasses),
        ("ing-aga", "0", FreePlacementMoves::WhitePasses),
        ("egf-sir", "0", FreePlacementMoves::WhitePasses),
        ("chinese-1988", "0", FreePlacementMoves::Consecutive),
        ("chinese-kgs", "0.5", FreePlacementMoves::Consecutive),
        ("japanese-1989", "0", FreePlacementMoves::Consecutive),
        ("korean", "0", FreePlacementMoves::Consecutive),
        ("aga", "0.5", FreePlacementMoves::Consecutive),
        ("new-zealand", "0", FreePlacementMoves::WhitePasses),
        ("rfg-2010-territory", "0", FreePlacementMoves::Consecutive),
        ("rfg-2010-area", "0", FreePlacementMoves::Consecutive),
    ];
    assert_eq!(table.len(), IDS.len(), "one row per built-in");
    for &(id, komi, order) in table {
        let r = load(id);
        assert_eq!(r.handicap.komi, pts(komi), "{id} handicap komi");
        assert_eq!(
            r.handicap.free_placement_moves, order,
            "{id} free placement moves"
        );
    }
}

// Time: Ing penalty points, RS byo-yomi and the late-arrival deduction (seed 000) only in the Ing
// variants; seed 002 art. 5.2 lists Japanese, Canadian and absolute time; the other texts leave
// time to the event ([] = not specified: [TT], [SIR]/[EGF], [CN88], J89 Art. 14, [AGA91], [NZ]).
#[test]
fn time_rules_of_every_builtin() {
    let rfg = &[ByoYomi::Japanese, ByoYomi::Canadian, ByoYomi::Absolute][..];
    let table: &[(&str, PenaltySystem, &[ByoYomi], u32)] = &[
        ("tromp-taylor", PenaltySystem::None, &[], 0),
        ("ing-1996", PenaltySystem::IngPoints, &[ByoYomi::Ing], 2),
        ("ing-aga", PenaltySystem::IngPoints, &[ByoYomi::Ing], 2),
        ("egf-sir", PenaltySystem::None, &[], 0),
        ("chinese-1988", PenaltySystem::None, &[], 0),
        ("chinese-kgs", PenaltySystem::None, &[], 0),
        ("japanese-1989", PenaltySystem::None, &[], 0),
        ("korean", PenaltySystem::None, &[], 0),
        ("aga", PenaltySystem::None, &[], 0),
        ("new-zealand", PenaltySystem::None, &[], 0),
        ("rfg-2010-territory", PenaltySystem::None, rfg, 0),
        ("rfg-2010-area", PenaltySystem::None, rfg, 0),
    ];
    assert_eq!(table.len(), IDS.len(), "one row per built-in");
    for &(id, system, byo_yomi, late) in table {
        let r = load(id);
        assert_eq!(r.time.penalty_system, system, "{id} penalty system");
        let mut got = r.time.byo_yomi.clone();
        got.sort();
        let mut want = byo_yomi.to_vec();
        want.sort();
        assert_eq!(got, want, "{id} byo-yomi");
        assert_eq!(r.time.late_arrival_factor, late, "{id} late arrival");
        if system == PenaltySystem::IngPoints {
            // seed 000; docs/decisions.md 4: 2 points per BT/6, loss after 3 steps.
            assert_eq!(r.time.penalty_step, (1, 6), "{id} penalty step");
            assert_eq!(r.time.penalty_points_per_step, 2, "{id} points per step");
            assert_eq!(r.time.penalty_steps_to_loss, 3, "{id} steps to loss");
        }
    }
}
