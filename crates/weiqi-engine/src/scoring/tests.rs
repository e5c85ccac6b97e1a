//! The engine's count on known positions: the docs/variants.md 4.6 table (seki diagram and dame
//! trap) under every built-in variant, dead stones, prisoners, pass stones, handicap bonus,
//! komi, penalties and ties. Positions and expected results are those of the interpreter's
//! `tests/scoring_positions.rs` (copied as data, not code) and of issue 8.

use weiqi_core::{Board, ByColor, Color, GameResult, Point, PointMark, Points, Score};
use weiqi_spec::{HandicapBonus, NeutralFill, Ruleset, SekiEyes};

use super::{ScoreInput, ScoreRules, Scorer, SekiRule, score};

/// docs/variants.md 4.6, the seki diagram (7x7): Black 14 stones, White 26, 9 empty points.
const SEKI: &str = "
    . O . X . X O
    O O X X X X O
    X X O O O O O
    . X O . O . O
    X X O O O O O
    . X O . O . O
    X X O O O O O";

/// docs/variants.md 4.6, the dame trap (5x5): one open neutral point (3,2).
const DAME_TRAP: &str = "
    . X O . .
    X X O . .
    . X O O O
    X X . O .
    . X O O O";

/// A 5x5 final position with one dead White stone at (0,0) inside Black's area.
const DEAD_STONE: &str = "
    O . X O .
    . . X O .
    X X X O .
    . . X O .
    . . X O .";

fn ruleset(id: &str) -> Ruleset {
    weiqi_spec::builtin(id).unwrap_or_else(|e| panic!("built-in {id}: {e:?}"))
}

fn board(diagram: &str) -> Board {
    Board::from_diagram(diagram).expect("valid diagram")
}

/// The game facts a check varies; everything else is an even game without komi.
#[derive(Default)]
struct Game<'a> {
    dead: &'a [Point],
    prisoners: ByColor<u32>,
    pass_stones: ByColor<u32>,
    handicap: u32,
    komi: Points,
    penalties: ByColor<Points>,
}

fn run(rules: &Ruleset, diagram: &str, game: &Game<'_>) -> Score {
    let b = board(diagram);
    score(
        &ScoreRules::new(rules),
        &ScoreInput {
            board: &b,
            dead: game.dead,
            prisoners: game.prisoners,
            pass_stones: game.pass_stones,
            handicap: game.handicap,
            komi: game.komi,
            penalties: game.penalties,
        },
    )
    .expect("scored")
}

/// Scores `diagram` and checks both totals (half points) and the result, and the invariants
/// of every score (one mark per point, margin = difference, total = sum of its parts).
fn check(
    source: &str,
    rules: &Ruleset,
    diagram: &str,
    game: &Game<'_>,
    black: i64,
    white: i64,
    result: &str,
) {
    let s = run(rules, diagram, game);
    let what = format!("{source}, {}", rules.id);
    assert_eq!(
        s.sides.black.total,
        Points::from_halves(black),
        "{what}: black {s:#?}"
    );
    assert_eq!(
        s.sides.white.total,
        Points::from_halves(white),
        "{what}: white {s:#?}"
    );
    assert_eq!(s.result.to_sgf(), result, "{what}: result");
    assert_eq!(s.margin, s.sides.black.total - s.sides.white.total);
    assert_eq!(s.marks.len(), board(diagram).size().points_count());
    for c in Color::ALL {
        let p = &s.sides[c];
        let sum =
            Points::whole(i64::from(p.stones) + i64::from(p.prisoners) + i64::from(p.pass_stones))
                + p.territory
                + p.bonus
                - p.penalty;
        assert_eq!(p.total, sum, "{what}: {c} total is the sum of its parts");
    }
}

/// The twelve variants of the docs/variants.md 4.6 table (docs/decisions.md "The built-in
/// variants"); a variant a maintainer adds to `spec/` is ruled by the rulings corpus (issue 13,
/// item 6).
use weiqi_cases::common::DECISIONS_IDS as TABLE_4_6_IDS;

/// The docs/variants.md 4.6 table per built-in variant, in half points, komi 0:
/// (seki black, seki white, dame-trap black, dame-trap white).
fn table_4_6(id: &str) -> (i64, i64, i64, i64) {
    match id {
        // Area, shared points for nobody: 17 : 31; dame trap 10 : 14 with the point open.
        "tromp-taylor" | "egf-sir" | "new-zealand" | "rfg-2010-area" => (34, 62, 20, 28),
        // Area, shared points half to each (Chinese, Ing): 17.5 : 31.5; 10.5 : 14.5.
        "chinese-1988" | "chinese-kgs" | "ing-1996" | "ing-aga" => (35, 63, 21, 29),
        // J89 and Korean: eyes in seki void, 2 : 4; dame trap filled first: 3 : 5.
        "japanese-1989" | "korean" => (4, 8, 6, 10),
        // Territory with eyes counted (AGA, Russian 2010 Japanese tradition): 3 : 5; 3 : 5.
        "aga" | "rfg-2010-territory" => (6, 10, 6, 10),
        other => panic!("variant {other} is missing from the docs/variants.md 4.6 table"),
    }
}

#[test]
fn seki_and_dame_trap_under_every_builtin_variant() {
    // docs/variants.md 4.6 table; docs/decisions.md 10 (J89 fill-first), 13 (NZ neutral points).
    let builtins = weiqi_spec::builtin_ids();
    for id in TABLE_4_6_IDS {
        assert!(builtins.contains(&id), "{id} is a built-in: {builtins:?}");
        let rules = ruleset(id);
        let (sb, sw, db, dw) = table_4_6(id);
        let g = Game::default();
        let seki = format!("W+{}", Points::from_halves(sw - sb));
        check("docs/variants.md 4.6 seki", &rules, SEKI, &g, sb, sw, &seki);
        let trap = if db == dw {
            "0".to_owned()
        } else {
            format!("W+{}", Points::from_halves(dw - db))
        };
        check(
            "docs/variants.md 4.6 dame trap",
            &rules,
            DAME_TRAP,
            &g,
            db,
            dw,
            &trap,
        );
    }
}

#[test]
fn literal_j89_falls_into_the_dame_trap() {
    // docs/variants.md 4.6: the open point (3,2) touches both groups, so both are "in seki" by
    // Art. 8 and the literal score is 0 : 0; the region level says the same (docs/variants.md 3.c).
    let mut rules = ruleset("japanese-1989");
    // Art. 8 read literally (FILLING.md 9.1); japanese-1989 itself now fills first (void-filled).
    rules.scoring.seki_eyes = SekiEyes::VoidString;
    rules.scoring.neutral_fill = NeutralFill::Literal;
    let g = Game::default();
    check(
        "docs/variants.md 4.6 literal",
        &rules,
        DAME_TRAP,
        &g,
        0,
        0,
        "0",
    );
    rules.scoring.seki_eyes = SekiEyes::VoidRegion;
    check(
        "docs/variants.md 3.c region level",
        &rules,
        DAME_TRAP,
        &g,
        0,
        0,
        "0",
    );
    // Filled by either player, the point gives 3 : 5 (docs/variants.md 4.6).
    for filler in ["X", "O"] {
        let filled = DAME_TRAP.replace("X X . O .", &format!("X X {filler} O ."));
        check(
            "docs/variants.md 4.6 filled",
            &rules,
            &filled,
            &g,
            6,
            10,
            "W+2",
        );
    }
}

#[test]
fn the_marks_show_seki_and_shared_points() {
    // J89 Art. 8: the seki strings of the seki diagram are marked, their eyes are not
    // territory, the shared liberty is dame.
    let s = run(&ruleset("japanese-1989"), SEKI, &Game::default());
    assert_eq!(s.marks[1], PointMark::SekiStone(Color::White));
    assert_eq!(s.marks[3], PointMark::SekiStone(Color::Black));
    assert_eq!(s.marks[0], PointMark::Neutral);
    assert_eq!(s.marks[4], PointMark::Neutral);
    assert_eq!(s.marks[2], PointMark::Neutral);
    assert_eq!(s.marks[3 * 7], PointMark::Territory(Color::Black));
    assert!(
        s.notes.iter().any(|n| n.contains("strings in seki found")),
        "{:?}",
        s.notes
    );
    // Area scoring: the shared liberty is Shared, the seki eyes are territory, and the seki
    // strings are still marked (seki-eyes = "count").
    let s = run(&ruleset("chinese-1988"), SEKI, &Game::default());
    assert_eq!(s.marks[2], PointMark::Shared);
    assert_eq!(s.marks[0], PointMark::Territory(Color::White));
    assert_eq!(s.marks[4], PointMark::Territory(Color::Black));
    assert_eq!(s.marks[1], PointMark::SekiStone(Color::White));
    assert!(s.notes.is_empty(), "{:?}", s.notes);
}

#[test]
fn dead_stones_go_to_the_prisoners_or_the_area() {
    // docs/variants.md 3.c step 1 (remove the agreed dead stones, add them to the capturer's
    // prisoners); 3.f (area: the freed points count for the surrounding colour).
    let dead = [Point::rc(0, 0)];
    let g = Game {
        dead: &dead,
        prisoners: ByColor { black: 2, white: 1 },
        ..Game::default()
    };
    // Territory (AGA): Black 8 points + 2 captured + 1 dead = 11; White 5 + 1 = 6.
    check(
        "docs/variants.md 3.c",
        &ruleset("aga"),
        DEAD_STONE,
        &g,
        22,
        12,
        "B+5",
    );
    // Area (Tromp-Taylor counts no prisoners): Black 7 stones + 8 = 15; White 5 + 5 = 10.
    let tt = ruleset("tromp-taylor");
    check("docs/variants.md 3.f", &tt, DEAD_STONE, &g, 30, 20, "B+5");
    let s = run(&ruleset("aga"), DEAD_STONE, &g);
    assert_eq!(s.marks[0], PointMark::Dead(Color::White));
    assert_eq!(s.sides.black.prisoners, 3);
    // Without the agreement the stone is alive and (0,1),(1,0),(1,1) are shared: 11 : 11.
    check(
        "docs/variants.md 3.f",
        &tt,
        DEAD_STONE,
        &Game::default(),
        22,
        22,
        "0",
    );
}

#[test]
fn naming_one_stone_kills_its_whole_string_once() {
    // weiqi-core Action::ProposeDead: any stone named makes its whole string dead; naming
    // it twice removes it once.
    let dead = [Point::rc(0, 3), Point::rc(4, 3), Point::rc(2, 3)];
    let g = Game {
        dead: &dead,
        ..Game::default()
    };
    let s = run(&ruleset("aga"), DEAD_STONE, &g);
    assert_eq!(s.sides.black.prisoners, 5);
    assert!(s.notes.is_empty(), "{:?}", s.notes);
    assert!((0..5).all(|r| s.marks[r * 5 + 3] == PointMark::Dead(Color::White)));
}

#[test]
fn pass_stones_count_under_territory_only() {
    // Seed 004 / AGA: each pass hands the opponent one prisoner; area counting ignores them.
    let g = Game {
        pass_stones: ByColor { black: 3, white: 1 },
        ..Game::default()
    };
    check("seed 004", &ruleset("aga"), DAME_TRAP, &g, 12, 12, "W+0");
    check(
        "docs/variants.md 3.d",
        &ruleset("chinese-1988"),
        DAME_TRAP,
        &g,
        21,
        29,
        "W+4",
    );
}

#[test]
fn komi_bonus_and_ties() {
    // docs/decisions.md 17 and the komi table; docs/variants.md 2.0 handicap compensation 0, N,
    // N-1.
    let even = |komi: i64| Game {
        komi: Points::from_halves(komi),
        ..Game::default()
    };
    let j89 = ruleset("japanese-1989");
    check("J89 Art. 10", &j89, DAME_TRAP, &even(-4), 10, 10, "0");
    check(
        "seed 000 ties",
        &ruleset("ing-1996"),
        DAME_TRAP,
        &even(-8),
        29,
        29,
        "B+0",
    );
    check(
        "seed 004 ties",
        &ruleset("aga"),
        DAME_TRAP,
        &even(-4),
        10,
        10,
        "W+0",
    );
    // ing-aga: White wins ties in handicap games and gets N points (seed 000 AGA version).
    let h = Game {
        handicap: 4,
        komi: Points::from_halves(-16),
        ..Game::default()
    };
    check(
        "seed 000 AGA version",
        &ruleset("ing-aga"),
        DAME_TRAP,
        &h,
        37,
        37,
        "W+0",
    );
    check(
        "seed 000 official Ing",
        &ruleset("ing-1996"),
        DAME_TRAP,
        &h,
        37,
        29,
        "B+4",
    );
    // Chinese on KGS: N points for White (seed 003).
    let h3 = Game {
        handicap: 3,
        ..Game::default()
    };
    check(
        "seed 003",
        &ruleset("chinese-kgs"),
        DAME_TRAP,
        &h3,
        21,
        35,
        "W+7",
    );
    // Reverse komi goes to Black's bonus (seed 000 "обратное коми").
    let s = run(&ruleset("ing-1996"), DAME_TRAP, &even(-4));
    assert_eq!(
        (s.sides.black.bonus, s.sides.white.bonus),
        (Points::whole(2), Points::ZERO)
    );
}

#[test]
fn handicap_one_is_a_handicap_game_without_bonus() {
    // docs/decisions.md 21: handicap 1 is a handicap game without stones: the handicap tie rule
    // applies and the bonus per stone is zero. ing-aga: White wins ties in handicap games.
    let tie = Game {
        handicap: 1,
        komi: Points::from_halves(-8),
        ..Game::default()
    };
    check(
        "docs/decisions.md 21",
        &ruleset("ing-aga"),
        DAME_TRAP,
        &tie,
        29,
        29,
        "W+0",
    );
    let even = Game {
        komi: Points::from_halves(-8),
        ..Game::default()
    };
    check(
        "docs/decisions.md 17",
        &ruleset("ing-aga"),
        DAME_TRAP,
        &even,
        29,
        29,
        "B+0",
    );
    let h1 = Game {
        handicap: 1,
        ..Game::default()
    };
    check(
        "docs/decisions.md 21",
        &ruleset("chinese-kgs"),
        DAME_TRAP,
        &h1,
        21,
        29,
        "W+4",
    );
}

#[test]
fn a_territory_count_does_not_apply_a_bonus_and_says_so() {
    // AGA 1991: no handicap bonus with territory counting.
    let mut aga = ruleset("aga");
    aga.handicap.bonus = HandicapBonus::NMinusOne;
    let s = run(
        &aga,
        DAME_TRAP,
        &Game {
            handicap: 4,
            ..Game::default()
        },
    );
    assert_eq!(s.sides.white.bonus, Points::ZERO);
    assert!(
        s.notes.iter().any(|n| n.contains("not applied")),
        "{:?}",
        s.notes
    );
}

#[test]
fn penalties_are_deducted_from_the_offender() {
    // Seed 002 4.4 / seed 000 PP system: penalty points are subtracted from the offender.
    let g = Game {
        penalties: ByColor {
            black: Points::ZERO,
            white: Points::whole(6),
        },
        ..Game::default()
    };
    check(
        "seed 000 PP",
        &ruleset("ing-1996"),
        DAME_TRAP,
        &g,
        21,
        17,
        "B+2",
    );
}

#[test]
fn an_empty_board_is_neutral() {
    // docs/variants.md 3.f: an empty point that reaches no stone counts for nobody.
    let s = run(
        &ruleset("tromp-taylor"),
        ". . .\n. . .\n. . .",
        &Game::default(),
    );
    assert!(s.marks.iter().all(|m| *m == PointMark::Neutral));
    assert_eq!(s.result, GameResult::Draw);
}

#[test]
fn bad_dead_points_are_noted_not_fatal() {
    // Library code never panics on bad input: named empty or off-board points are notes. The
    // board is 5x5: rows and columns 5 are just off it (on the padding of the grid).
    let dead = [
        Point::rc(9, 9),
        Point::rc(0, 1),
        Point::rc(5, 0),
        Point::rc(0, 5),
    ];
    let s = run(
        &ruleset("aga"),
        DEAD_STONE,
        &Game {
            dead: &dead,
            ..Game::default()
        },
    );
    assert_eq!(
        s.notes.iter().filter(|n| n.contains("ignored")).count(),
        4,
        "{:?}",
        s.notes
    );
    assert_eq!(
        s.notes
            .iter()
            .filter(|n| n.contains("off the board"))
            .count(),
        3,
        "{:?}",
        s.notes
    );
}

#[test]
fn a_scorer_reused_across_sizes_gives_fresh_counts() {
    // Scorer keeps its arrays between counts: a count must not see the previous board. The
    // rectangles change one side at a time (7x7, 7 wide and 5 high, 5x5, 5 wide and 7 high,
    // 7x7), so the arrays must be resized when either side differs.
    let wide = "
        . X O . . . .
        X X O . . . .
        . X O O O O O
        X X O . . . .
        . X O . . . .";
    let tall = "
        . X O . .
        X X O . .
        . X O . .
        X X O O O
        . X O . .
        X X O . .
        . X O . .";
    let rules = ScoreRules::new(&ruleset("japanese-1989"));
    let mut scorer = Scorer::new();
    for diagram in [
        SEKI, DAME_TRAP, DEAD_STONE, SEKI, wide, DAME_TRAP, tall, SEKI, DEAD_STONE,
    ] {
        let b = board(diagram);
        let reused = scorer.score(&rules, &ScoreInput::new(&b)).expect("scored");
        let fresh = score(&rules, &ScoreInput::new(&b)).expect("scored");
        assert_eq!(reused, fresh);
    }
}

/// A board from SGF setup lists (`AB`, `AW` point letters separated by spaces).
fn sgf_board(width: u32, height: u32, black: &str, white: &str) -> Board {
    let size = weiqi_core::BoardSize::new(width, height).expect("size");
    let mut b = Board::new(size);
    for (list, c) in [(black, Color::Black), (white, Color::White)] {
        for p in list.split_whitespace() {
            b.set(Point::from_sgf(p, size).expect("point"), Some(c));
        }
    }
    b
}

/// `japanese-1989` with `seki-eyes = "void-filled"` (spec/FILLING.md 9.3).
fn j89(b: &Board, komi: i64) -> Score {
    let input = ScoreInput {
        komi: Points::from_halves(komi),
        ..ScoreInput::new(b)
    };
    let rules = ScoreRules {
        seki: SekiRule::Filled,
        ..ScoreRules::new(&ruleset("japanese-1989"))
    };
    score(&rules, &input).expect("scored")
}

#[test]
fn filling_is_order_and_colour_independent() {
    // spec/FILLING.md 7.1 (issue 8 item 1, "order and colour"): bb and cf by Black, de
    // neutral, then White's teire at ef: W+14.5; the colour-swapped board gives B+14.5.
    let black = "ba ca ab ac bc bd cd be ce bf";
    let white = "da cb cc dd ee df";
    let s = j89(&sgf_board(6, 6, black, white), 13);
    assert_eq!(s.result.to_sgf(), "W+14.5", "{s:#?}");
    assert!(
        s.notes
            .iter()
            .any(|n| n.contains("de (neutral)") && !n.contains("ef (")),
        "{:?}",
        s.notes
    );
    assert!(
        s.notes
            .iter()
            .any(|n| n.contains("teire") && n.contains("ef (white)")),
        "{:?}",
        s.notes
    );
    let swapped = j89(&sgf_board(6, 6, white, black), -13);
    assert_eq!(swapped.result.to_sgf(), "B+14.5", "{swapped:#?}");
}

#[test]
fn filling_makes_teire() {
    // spec/FILLING.md 7.2 (issue 8 item 1, "teire"): Black fills ce, White's teire at cc.
    let b = sgf_board(
        7,
        7,
        "ea eb ec ad bd dd ed be de bf cf df",
        "da db ac bc dc cd",
    );
    let s = j89(&b, 13);
    assert_eq!(s.result.to_sgf(), "B+10.5", "{s:#?}");
    assert_eq!(s.marks[2 * 7 + 2], PointMark::Neutral, "teire point cc");
}

#[test]
fn filling_keeps_the_seed_000_seki() {
    // spec/FILLING.md 7.3 (issue 8 item 1, "seki dissolved"): nothing is filled, every string
    // borders a seki point, Black's eye is void: 0 : 0, jigo.
    let b = sgf_board(
        7,
        4,
        "ea bb eb fb gb dc ec fc gc bd cd dd ed fd gd",
        "aa ca cb db ac bc cc",
    );
    let s = j89(&b, 0);
    assert_eq!(s.result, GameResult::Draw, "{s:#?}");
    assert_eq!(
        (s.sides.black.territory, s.sides.white.territory),
        (Points::ZERO, Points::ZERO)
    );
}

#[test]
fn an_unmarked_dead_stone_makes_no_seki() {
    // spec/FILLING.md 7.4 (issue 8 item 1, one unmarked dead stone): hb is enclosed, its
    // region exempt: White keeps 12, Black 36: B+17.5, and the ruling lists the open points.
    let b = sgf_board(
        9,
        9,
        "ea eb ec ed ee ef eg eh ei hb",
        "fa fb fc fd fe ff fg fh fi ge he ie",
    );
    let s = j89(&b, 13);
    assert_eq!(s.result.to_sgf(), "B+17.5", "{s:#?}");
    assert_eq!(s.sides.white.territory, Points::whole(12));
    assert!(
        s.notes
            .iter()
            .any(|n| n.contains("look dead (hb)") && n.contains("ga, ha, ia")),
        "{:?}",
        s.notes
    );
    // FILLING.md 9.1: under "void-string" with the fill, a string next to any open dame point,
    // exempt or not, is in seki: White's group borders the exempt region, its eyes are void.
    let rules = ScoreRules {
        seki: SekiRule::FilledString,
        ..ScoreRules::new(&ruleset("japanese-1989"))
    };
    let input = ScoreInput {
        komi: Points::from_halves(13),
        ..ScoreInput::new(&b)
    };
    let s = score(&rules, &input).expect("scored");
    assert_eq!(s.result.to_sgf(), "B+29.5", "{s:#?}");
}

#[test]
fn a_double_ko_seki_is_a_seki() {
    // spec/FILLING.md 7.6 (docs/variants.md 4.12, issue 8 item 1): no dame; the ko stones are in
    // atari (S2), the big strings bordering the ko-eyes share their fate (S3): 0 : 0. Art. 8
    // read literally finds no seki and counts 2 : 2.
    let b = board(". X . X O .\nX X X O O O\nX X O . O O");
    let s = j89(&b, 0);
    assert_eq!(
        (s.sides.black.territory, s.sides.white.territory),
        (Points::ZERO, Points::ZERO),
        "{s:#?}"
    );
    assert!(s.marks.iter().all(|m| !matches!(m, PointMark::Stone(_))));
    let mut literal = ruleset("japanese-1989");
    literal.scoring.seki_eyes = SekiEyes::VoidString;
    literal.scoring.neutral_fill = NeutralFill::Literal;
    let rules = ScoreRules::new(&literal);
    let l = score(&rules, &ScoreInput::new(&b)).expect("scored");
    assert_eq!(
        (l.sides.black.territory, l.sides.white.territory),
        (Points::whole(2), Points::whole(2))
    );
}

#[test]
fn lone_stones_on_an_open_board_are_not_marked_in_seki() {
    // Issue 10 ("Cosmetic"): `(;SZ[5]KM[7.5];B[aa];W[ee];B[];W[])` under tromp-taylor drew both
    // lone stones as "in seki". Their region is exempt (FILLING.md 2.7), so it holds no seki
    // point (5.1) and a `count` variant's marks show no seki (9.4).
    let s = run(
        &ruleset("tromp-taylor"),
        "X . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . O",
        &Game::default(),
    );
    assert_eq!(s.marks[0], PointMark::Stone(Color::Black));
    assert_eq!(s.marks[24], PointMark::Stone(Color::White));
    assert!(!s.marks.iter().any(|m| matches!(m, PointMark::SekiStone(_))));
}

/// A final position of a random game (the benchmark's policy, simplified: a random legal
/// non-eye point, else a pass) of `rules` on a `side` x `side` board.
fn random_final_board(side: u32, seed: u64) -> Board {
    use weiqi_core::{BoardSize, Move, Referee, Setup};
    let mut rules = ruleset("tromp-taylor");
    rules.play.suicide = weiqi_spec::Suicide::Forbidden;
    let size = BoardSize::square(side).expect("size");
    let mut g = crate::Engine::new(&rules, Setup::even(size)).expect("setup");
    let mut x = seed.max(1);
    let mut passes = 0;
    for _ in 0..3 * side * side {
        if passes >= 2 {
            break;
        }
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let empty = g.empty_points().to_vec();
        let start = (x % (empty.len() as u64 + 1)) as usize;
        let mv = (start..empty.len())
            .chain(0..start)
            .map(|i| empty[i])
            .find(|&p| !g.is_own_eye(p) && g.is_legal(p))
            .map_or(Move::Pass, Move::Play);
        if g.play(mv).is_err() {
            break;
        }
        passes = if mv == Move::Pass { passes + 1 } else { 0 };
    }
    g.board()
}

#[test]
fn skipping_the_filling_where_it_changes_nothing_gives_the_same_count() {
    // The invariant of `needs_filling` (spec/FILLING.md 2.3, 4.2, 4.3, 5.1, 5.2): on a board
    // without dame and strings in atari the fast paths of `Scorer::score` give the count of
    // the full procedure, in every field, under every seki rule. Random final positions (some
    // with dame or ataris, which take the full path either way), each with no dead stones and
    // with one stone of every two-liberty string dead (the benchmark's W4 set).
    let mut fast = Scorer::default();
    let mut full = Scorer::default();
    let mut shortcut_taken = 0;
    for id in [
        "tromp-taylor",
        "japanese-1989",
        "chinese-1988",
        "aga",
        "korean",
    ] {
        let rules = ScoreRules::new(&ruleset(id));
        for seed in 1..40u64 {
            let b = random_final_board(7 + (seed % 3) as u32 * 2, seed);
            let mut g = super::grid::Grid::from_board(&b);
            g.relabel();
            let mut dead = Vec::new();
            for s in &g.strings {
                if s.liberties == 2 {
                    dead.push(g.point(s.first as usize));
                }
            }
            for named in [&[][..], &dead[..]] {
                let input = ScoreInput {
                    dead: named,
                    komi: Points::from_halves(13),
                    ..ScoreInput::new(&b)
                };
                let a = fast.score_with(&rules, &input, true).expect("count");
                let f = full.score_with(&rules, &input, false).expect("count");
                assert_eq!(a, f, "{id} seed {seed} dead {named:?}");
                fast.live.load(&b);
                fast.live.relabel();
                shortcut_taken += usize::from(!super::needs_filling(&fast.live));
            }
        }
    }
    assert!(shortcut_taken > 0, "the test reaches the fast paths");
}

#[test]
fn the_notes_name_points_as_to_sgf_does() {
    // The filling's notes (spec/FILLING.md 6.1, 6.2) name points in SGF; `push_sgf` writes
    // them without a string per point and must agree with weiqi-core's `Point::to_sgf` on every
    // point of the largest board (52x52) and beyond it.
    for row in 0..=60u8 {
        for col in 0..=60u8 {
            let p = Point::rc(row, col);
            let mut s = String::new();
            super::push_sgf(&mut s, p);
            assert_eq!(s, p.to_sgf(), "{p:?}");
        }
    }
}

#[test]
fn a_scorer_reused_on_random_final_positions_gives_fresh_counts() {
    // The reuse invariants of `Scorer` (its work arrays between counts): the dame filling's
    // eye and dame classes (spec/FILLING.md 2.3) are written at the empty cells of P0 only and
    // read only there, and the dead flags of the previous count are cleared cell by cell. One
    // scorer counts random final positions of one size and of changing sizes, with no dead
    // stones and with one stone of every two-liberty string dead (the W4 set), and every
    // field of every count equals that of a fresh scorer.
    let mut reused = Scorer::default();
    for id in ["japanese-1989", "tromp-taylor", "korean"] {
        let rules = ScoreRules::new(&ruleset(id));
        for seed in 1..30u64 {
            let side = if seed < 15 {
                9
            } else {
                7 + (seed % 3) as u32 * 2
            };
            let b = random_final_board(side, seed * 7919);
            let mut g = super::grid::Grid::from_board(&b);
            g.relabel();
            let dead: Vec<Point> = g
                .strings
                .iter()
                .filter(|s| s.liberties == 2)
                .map(|s| g.point(s.first as usize))
                .collect();
            for named in [&dead[..], &[][..]] {
                let input = ScoreInput {
                    dead: named,
                    komi: Points::from_halves(13),
                    ..ScoreInput::new(&b)
                };
                let a = reused.score(&rules, &input).expect("count");
                let f = score(&rules, &input).expect("count");
                assert_eq!(a, f, "{id} seed {seed} dead {named:?}");
            }
        }
    }
}

/// A board of `width` x `height` with random stones at `density` percent (any position, not
/// only a legal one: strings without liberties, dame, lone stones in atari).
fn random_board(width: u32, height: u32, density: u64, seed: u64) -> Board {
    use weiqi_core::BoardSize;
    let mut b = Board::new(BoardSize::new(width, height).expect("size"));
    let mut x = seed.max(1);
    for p in b.size().points().collect::<Vec<_>>() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        if x % 100 < density {
            b.set(
                p,
                Some(if (x / 100).is_multiple_of(2) {
                    Color::Black
                } else {
                    Color::White
                }),
            );
        }
    }
    b
}

#[test]
fn the_bitboard_count_equals_the_full_procedure() {
    // The proof of `bits` (spec/FILLING.md 2.3, 2.5, 4.2, 4.3, 5.1, 5.2, 9.4): where the
    // bitboard count answers, the count equals that of the full procedure (the filling run
    // even where `needs_filling` says it changes nothing) in every field, under the `count`
    // variants by area and by territory. Random final positions of 5x5 to 19x19 (ko stones in
    // atari, teire, seki) and random boards of every density and shape (strings without
    // liberties, dame, one-stone strings in atari); every outcome of the proof is reached.
    let mut fast = Scorer::default();
    let mut full = Scorer::default();
    let mut bits = super::bits::Bits::default();
    let (mut plain, mut with_atari, mut refused) = (0, 0, 0);
    // FILLING.md 2.5 K2 and 4.2: the black stone on the right edge is in atari on its own
    // eye point; a teire there would leave the joined group one eye of two points that it
    // alone borders (capturable), so none is made, the stone stays in atari (S2) and the group
    // bordering its liberty is in seki too (S3).
    let k2 = board(". . X . X\nX X X X O\nO O O O O\n. O . O .");
    for id in ["tromp-taylor", "aga"] {
        let rules = ScoreRules::new(&ruleset(id));
        let input = ScoreInput::new(&k2);
        let a = fast.score_with(&rules, &input, true).expect("count");
        assert_eq!(a, full.score_with(&rules, &input, false).expect("count"));
        assert_eq!(a.marks[4], PointMark::SekiStone(Color::Black), "{id}");
        assert_eq!(a.marks[2], PointMark::SekiStone(Color::Black), "{id}");
        assert!(bits.count(&k2, &mut Vec::new()).is_none());
    }
    for id in ["tromp-taylor", "aga"] {
        let rules = ScoreRules::new(&ruleset(id));
        for seed in 1..50u64 {
            let side = 5 + (seed % 15) as u32;
            let boards = [
                random_final_board(side, seed * 31),
                random_board(side, 3 + (seed % 9) as u32, seed * 2 % 101, seed),
                random_board(2 + (seed % 7) as u32, side, 60 + seed % 40, seed * 7),
            ];
            for b in &boards {
                let input = ScoreInput {
                    komi: Points::from_halves(15),
                    prisoners: ByColor { black: 3, white: 1 },
                    ..ScoreInput::new(b)
                };
                let a = fast.score_with(&rules, &input, true).expect("count");
                let f = full.score_with(&rules, &input, false).expect("count");
                assert_eq!(a, f, "{id} seed {seed}\n{b:?}");
                let mut marks = Vec::new();
                match bits.count(b, &mut marks) {
                    Some(_) if bits.atari_found() > 0 => with_atari += 1,
                    Some(_) => plain += 1,
                    None => refused += 1,
                }
            }
        }
    }
    assert!(
        plain > 0 && with_atari > 0 && refused > 0,
        "every outcome reached: {plain} {with_atari} {refused}"
    );
}

/// The points connected to `start` through neighbours holding what `start` holds (a string,
/// or an empty region), and the points next to them holding something else.
pub(super) fn component(b: &Board, start: Point) -> (Vec<Point>, Vec<Point>) {
    let what = b.get(start);
    let (mut inside, mut edge) = (vec![start], Vec::new());
    let mut i = 0;
    while i < inside.len() {
        let p = inside[i];
        i += 1;
        for q in b.neighbours(p) {
            if b.get(q) == what {
                if !inside.contains(&q) {
                    inside.push(q);
                }
            } else if !edge.contains(&q) {
                edge.push(q);
            }
        }
    }
    (inside, edge)
}

/// The liberties of the string through `p` (its empty edge points).
fn liberties_of(b: &Board, p: Point) -> Vec<Point> {
    let (_, edge) = component(b, p);
    edge.into_iter().filter(|&q| b.get(q).is_none()).collect()
}

/// Where the proof of `bits` (its module doc) fails on `b`, read literally from spec/FILLING.md
/// on the points with plain searches: `Ok(has_atari)` when it holds, else the step that fails.
fn bits_proof(b: &Board) -> Result<bool, &'static str> {
    let points: Vec<Point> = b.size().points().collect();
    // Step 1 (2.3): every empty region of P0 borders exactly one colour.
    for &p in &points {
        if b.get(p).is_none() {
            let (_, edge) = component(b, p);
            let black = edge.iter().any(|&q| b.get(q) == Some(Color::Black));
            let white = edge.iter().any(|&q| b.get(q) == Some(Color::White));
            if black == white {
                return Err("dame");
            }
        }
    }
    // Step 2 (4.2 with 2.5): every liberty t of a string with exactly one liberty is a teire.
    let mut teire: Vec<(Point, Color)> = Vec::new();
    for &p in &points {
        if let Some(c) = b.get(p) {
            let libs = liberties_of(b, p);
            if libs.len() == 1 && !teire.contains(&(libs[0], c)) {
                teire.push((libs[0], c));
            }
        }
    }
    for &(t, c) in &teire {
        let mut p1 = b.clone();
        p1.set(t, Some(c));
        let libs = liberties_of(&p1, t);
        if libs.len() <= 1 {
            return Err("K1"); // capturable by K1: no teire, the string stays in atari
        }
        // K2: every liberty lies in one eye region R of c (every liberty of J is an eye point
        // of c by step 1) of at most three points, and J is the only string bordering R.
        let (region, edge) = component(&p1, libs[0]);
        let (string, _) = component(&p1, t);
        if region.len() <= 3
            && libs.iter().all(|l| region.contains(l))
            && edge.iter().all(|q| string.contains(q))
        {
            return Err("K2");
        }
    }
    // Step 3: with every teire added (round 1 of 4.1), no string has exactly one liberty.
    let mut p1 = b.clone();
    for &(t, c) in &teire {
        p1.set(t, Some(c));
    }
    for &p in &points {
        if p1.get(p).is_some() && liberties_of(&p1, p).len() == 1 {
            return Err("atari after the teire");
        }
    }
    Ok(!teire.is_empty())
}

#[test]
fn the_bitboard_count_answers_wherever_its_proof_holds() {
    // The completeness of `bits` (its module doc, steps 1-3 from spec/FILLING.md 2.3, 2.5,
    // 4.2): `Bits::count` answers exactly where the proof holds, read literally from the
    // rules on the points (`bits_proof`). The test above shows the answer right where it
    // is given; this one that it is given wherever it can be, so a step that refuses too
    // often (falling back to the full procedure, the same count, slower) fails here. Random
    // final positions of 4x4 to 13x13, the same with stones added in their eyes or taken off
    // (strings in atari, teire of every liberty count, nakade of one to three points, seki),
    // and random boards; every outcome of the proof is asserted reached.
    let mut bits = super::bits::Bits::default();
    let mut reached: std::collections::BTreeMap<&str, usize> = Default::default();
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let cases = 3000;
    for case in 0..cases {
        let side = 4 + (case % 10) as u32;
        let mut b = if case % 7 == 6 {
            random_board(side, 2 + (case % 5) as u32, next() % 101, next())
        } else {
            random_final_board(side, next())
        };
        if case % 3 == 1 {
            // Eyes of one to four points carved into the position (fill/tests.rs): strings
            // whose liberties all lie in one, a ring cut into strings that share it, groups
            // with two.
            for _ in 0..1 + next() % 3 {
                let c = if next() % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                let mut rng = next();
                super::fill::tests::carve_eye(&mut b, c, &mut rng);
            }
        }
        let points: Vec<Point> = b.size().points().collect();
        for _ in 0..case % 6 {
            let p = points[(next() % points.len() as u64) as usize];
            // Mostly a stone of the colour beside the point (an eye made smaller, a string of
            // its own put in atari: teire and nakade), else of the other colour, or a stone
            // taken off (dame, a liberty given back).
            let beside = b
                .neighbours(p)
                .find_map(|q| b.get(q))
                .unwrap_or(Color::Black);
            b.set(
                p,
                match next() % 10 {
                    0 => None,
                    1..=2 => Some(beside.opponent()),
                    _ => Some(beside),
                },
            );
        }
        let want = bits_proof(&b);
        let got = bits.count(&b, &mut Vec::new());
        assert_eq!(got.is_some(), want.is_ok(), "case {case}: {want:?}\n{b:?}");
        let outcome = match want {
            Ok(true) => "holds with a string in atari",
            Ok(false) => "holds without atari",
            Err(step) => step,
        };
        *reached.entry(outcome).or_default() += 1;
    }
    for outcome in [
        "holds with a string in atari",
        "holds without atari",
        "dame",
        "K1",
        "K2",
        "atari after the teire",
    ] {
        assert!(
            reached.contains_key(outcome),
            "{outcome} not reached: {reached:?}"
        );
    }
}

#[test]
fn a_scorer_grows_its_arrays_for_boards_larger_than_19x19() {
    // `Scorer::new` sizes its work arrays for 19x19 and every count resizes them for its board
    // (`Grid::copy_from` gives the filled copy of spec/FILLING.md 4 the live board's stamps
    // when their lengths differ): the seki diagram of docs/variants.md 4.6 in the corner of larger
    // and smaller open boards (dame all round, so the filling runs), each counted by one
    // reused scorer and by a fresh one, in every field.
    use weiqi_core::BoardSize;
    let rules = ScoreRules::new(&ruleset("japanese-1989"));
    let seki = board(SEKI);
    let mut reused = Scorer::new();
    for side in [21, 9, 25, 19, 23] {
        let mut b = Board::new(BoardSize::square(side).expect("size"));
        for (p, stone) in seki.iter() {
            b.set(Point::rc(p.row + 1, p.col + 1), stone);
        }
        let input = ScoreInput::new(&b);
        let a = reused.score(&rules, &input).expect("count");
        assert_eq!(a, score(&rules, &input).expect("count"), "{side}x{side}");
        assert!(
            a.marks.iter().any(|m| matches!(m, PointMark::SekiStone(_))),
            "{side}x{side}: the seki is found"
        );
    }
}

#[test]
fn the_largest_boards_are_counted() {
    // The largest side weiqi-core allows (52, `MAX_SIDE`), as height and as width: the row
    // masks of `Grid::relabel` and the bitboard planes hold exactly 52 rows, and a read one
    // row past the board's last would fall off them. A wall of Black beside a wall of White
    // (docs/variants.md 3: each side's area is its wall and the points it alone reaches), counted
    // by area and by territory, with and without the bitboard count.
    use weiqi_core::BoardSize;
    for (w, h) in [(4, 52), (52, 4), (52, 52)] {
        let size = BoardSize::new(w, h).expect("size");
        let mut b = Board::new(size);
        for p in size.points() {
            if p.col == 1 {
                b.set(p, Some(Color::Black));
            } else if p.col == 2 {
                b.set(p, Some(Color::White));
            }
        }
        let (h, rest) = (i64::from(h), i64::from(w) - 4);
        for id in ["tromp-taylor", "japanese-1989"] {
            let rules = ScoreRules::new(&ruleset(id));
            let mut scorer = Scorer::default();
            for shortcut in [true, false] {
                let s = scorer
                    .score_with(&rules, &ScoreInput::new(&b), shortcut)
                    .expect("count");
                let (black, white) = if rules.scoring == weiqi_spec::Scoring::Area {
                    (2 * h, (2 + rest) * h)
                } else {
                    (h, (1 + rest) * h)
                };
                assert_eq!(
                    (s.sides.black.total, s.sides.white.total),
                    (Points::whole(black), Points::whole(white)),
                    "{id} {w}x{h} shortcut {shortcut}"
                );
            }
        }
    }
}

#[test]
fn a_total_out_of_range_is_a_clear_error() {
    // Bad input gets a clear error, never a panic or a wrapped total (docs/style.md): a komi
    // near either end of `Points`' range overflows White's total or the margin, and the count
    // says which inputs may be too large.
    let rules = ScoreRules::new(&ruleset("japanese-1989"));
    let b = board(DEAD_STONE);
    let huge = Points::from_halves(i64::MAX - 1);
    for input in [
        ScoreInput {
            komi: huge,
            ..ScoreInput::new(&b)
        },
        ScoreInput {
            komi: Points::from_halves(i64::MIN + 1),
            ..ScoreInput::new(&b)
        },
    ] {
        let err = score(&rules, &input).expect_err("out of range");
        assert_eq!(err, super::ScoreError::Overflow);
        let text = err.to_string();
        assert!(
            text.contains("out of range") && text.contains("komi"),
            "the message names the cause: {text:?}"
        );
    }
}
