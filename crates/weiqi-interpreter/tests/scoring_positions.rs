//! Scoring clauses on fixed positions, under every built-in variant: the seki diagram and the
//! dame trap of docs/variants.md 4.6 (the table there), dead stones, prisoners, pass stones,
//! handicap bonus, komi, penalties and ties. One `check` helper per boundary.

use weiqi_core::{Board, ByColor, Color, GameResult, Point, PointMark, Points, Score};
use weiqi_interpreter::scoring::{self, ScoringInput};
use weiqi_spec::{NeutralFill, Ruleset, SekiEyes};

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

fn score(rules: &Ruleset, diagram: &str, game: &Game<'_>) -> Score {
    let b = board(diagram);
    scoring::score(&ScoringInput {
        ruleset: rules,
        board: &b,
        dead: game.dead,
        prisoners: game.prisoners,
        pass_stones: game.pass_stones,
        handicap: game.handicap,
        komi: game.komi,
        penalties: game.penalties,
    })
}

/// Scores `diagram` under `rules` and checks both totals (in half points) and the result;
/// also checks the invariants every score keeps (one mark per point, margin = difference of
/// the totals, each total = the sum of its parts).
fn check(
    source: &str,
    rules: &Ruleset,
    diagram: &str,
    game: &Game<'_>,
    black: i64,
    white: i64,
    result: &str,
) {
    let s = score(rules, diagram, game);
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
    assert_eq!(
        s.margin,
        s.sides.black.total - s.sides.white.total,
        "{what}: margin"
    );
    assert_eq!(
        s.marks.len(),
        board(diagram).size().points_count(),
        "{what}: marks"
    );
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
const TABLE_4_6_IDS: [&str; 12] = [
    "aga",
    "chinese-1988",
    "chinese-kgs",
    "egf-sir",
    "ing-1996",
    "ing-aga",
    "japanese-1989",
    "korean",
    "new-zealand",
    "rfg-2010-area",
    "rfg-2010-territory",
    "tromp-taylor",
];

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
        other => {
            panic!("variant {other} is missing from the docs/variants.md 4.6 table of this test")
        }
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
        check(
            "docs/variants.md 4.6 seki",
            &rules,
            SEKI,
            &g,
            sb,
            sw,
            &format!("W+{}", Points::from_halves(sw - sb)),
        );
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
    // docs/variants.md 4.6: "The single unfilled neutral point (3,2) touches both groups, so both
    // are 'in seki' by Art. 8 and the literal score is 0 : 0"; region level says the same.
    // Art. 8 read literally is `void-string` without the fill (spec/FILLING.md 9.1).
    let mut rules = ruleset("japanese-1989");
    rules.scoring.seki_eyes = SekiEyes::VoidString;
    rules.scoring.neutral_fill = NeutralFill::Literal;
    check(
        "docs/variants.md 4.6 literal",
        &rules,
        DAME_TRAP,
        &Game::default(),
        0,
        0,
        "0",
    );
    rules.scoring.seki_eyes = SekiEyes::VoidRegion;
    check(
        "docs/variants.md 3.c region level",
        &rules,
        DAME_TRAP,
        &Game::default(),
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
            &Game::default(),
            6,
            10,
            "W+2",
        );
    }
}

#[test]
fn the_fill_is_reported_and_the_marks_show_seki() {
    // docs/decisions.md 10: "say in the ruling when it changed anything".
    let s = score(&ruleset("japanese-1989"), DAME_TRAP, &Game::default());
    assert!(
        s.notes
            .iter()
            .any(|n| n.contains("dame filled") && n.contains("cd (neutral)")),
        "{:?}",
        s.notes
    );
    assert!(
        s.notes.iter().any(|n| n.contains("without the filling")),
        "{:?}",
        s.notes
    );
    assert_eq!(s.marks[3 * 5 + 2], PointMark::Neutral);
    // J89 Art. 8: the seki strings of the seki diagram are marked, their eyes are not territory.
    let s = score(&ruleset("japanese-1989"), SEKI, &Game::default());
    assert_eq!(s.marks[1], PointMark::SekiStone(Color::White));
    assert_eq!(s.marks[3], PointMark::SekiStone(Color::Black));
    assert_eq!(s.marks[0], PointMark::Neutral);
    assert_eq!(s.marks[4], PointMark::Neutral);
    assert_eq!(s.marks[2], PointMark::Neutral);
    assert_eq!(s.marks[3 * 7], PointMark::Territory(Color::Black));
    assert!(
        s.notes.iter().all(|n| !n.contains("neutral points filled")),
        "{:?}",
        s.notes
    );
    // Area scoring: the shared liberty is Shared, the seki eyes are territory.
    let s = score(&ruleset("chinese-1988"), SEKI, &Game::default());
    assert_eq!(s.marks[2], PointMark::Shared);
    assert_eq!(s.marks[0], PointMark::Territory(Color::White));
    assert_eq!(s.marks[4], PointMark::Territory(Color::Black));
}

/// A 5x5 final position with one dead White stone at (0,0) inside Black's area.
const DEAD_STONE: &str = "
    O . X O .
    . . X O .
    X X X O .
    . . X O .
    . . X O .";

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
    check(
        "docs/variants.md 3.f",
        &ruleset("tromp-taylor"),
        DEAD_STONE,
        &g,
        30,
        20,
        "B+5",
    );
    let s = score(&ruleset("aga"), DEAD_STONE, &g);
    assert_eq!(s.marks[0], PointMark::Dead(Color::White));
    assert_eq!(s.sides.black.prisoners, 3);
    // Without the agreement the stone is alive and (0,1),(1,0),(1,1) are shared: 11 : 11.
    check(
        "docs/variants.md 3.f",
        &ruleset("tromp-taylor"),
        DEAD_STONE,
        &Game::default(),
        22,
        22,
        "0",
    );
}

#[test]
fn territory_marks_name_dead_stones() {
    // SGF TB/TW: a stone on a point marked as the opponent's territory is dead.
    let b = board(DEAD_STONE);
    let tb = [Point::rc(0, 0), Point::rc(0, 1), Point::rc(1, 0)];
    assert_eq!(
        scoring::dead_from_territory_marks(&b, &tb, &[]),
        vec![Point::rc(0, 0)]
    );
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
    // Dame trap under J89 (3 : 5) with komi -2: jigo (J89 Art. 10).
    check(
        "J89 Art. 10",
        &ruleset("japanese-1989"),
        DAME_TRAP,
        &even(-4),
        10,
        10,
        "0",
    );
    // Ing: Black wins ties (seed 000); komi -4 on the area count 10.5 : 14.5.
    check(
        "seed 000 ties",
        &ruleset("ing-1996"),
        DAME_TRAP,
        &even(-8),
        29,
        29,
        "B+0",
    );
    // AGA: White wins ties (seed 004).
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
    // Chinese 1988 practice: N points for White (seed 003 KGS).
    check(
        "seed 003",
        &ruleset("chinese-kgs"),
        DAME_TRAP,
        &Game {
            handicap: 3,
            ..Game::default()
        },
        21,
        35,
        "W+7",
    );
    // One handicap stone is an even game: no bonus.
    check(
        "weiqi-core Setup",
        &ruleset("chinese-kgs"),
        DAME_TRAP,
        &Game {
            handicap: 1,
            ..Game::default()
        },
        21,
        29,
        "W+4",
    );
    // A territory variant does not apply an N-1 bonus (AGA 1991) and says so.
    let mut aga_nm1 = ruleset("aga");
    aga_nm1.handicap.bonus = weiqi_spec::HandicapBonus::NMinusOne;
    let s = score(
        &aga_nm1,
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
    // Reverse komi goes to Black's bonus (seed 000 "обратное коми").
    let s = score(&ruleset("ing-1996"), DAME_TRAP, &even(-4));
    assert_eq!(
        (s.sides.black.bonus, s.sides.white.bonus),
        (Points::whole(2), Points::ZERO)
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
    let s = score(
        &ruleset("tromp-taylor"),
        ". . .\n. . .\n. . .",
        &Game::default(),
    );
    assert!(s.marks.iter().all(|m| *m == PointMark::Neutral));
    assert_eq!(s.result, GameResult::Draw);
}

#[test]
fn bad_dead_points_are_noted_not_fatal() {
    // HELPER-COMMON: bad input gives a clear message, never a panic.
    let dead = [Point::rc(9, 9), Point::rc(0, 1)];
    let s = score(
        &ruleset("aga"),
        DEAD_STONE,
        &Game {
            dead: &dead,
            ..Game::default()
        },
    );
    assert_eq!(
        s.notes.iter().filter(|n| n.contains("ignored")).count(),
        2,
        "{:?}",
        s.notes
    );
}
