//! Ing counting, ranks and penalties (seed 000, docs/variants.md 2.2 and 3.g): the fill-in
//! procedure against the arithmetic margin on thousands of random final positions, the
//! seed's 9x9 example, and the seed's two rank examples.

use std::time::Duration;

use weiqi_core::{Board, ByColor, Color, GameResult, Point, Points, WinBy};
use weiqi_interpreter::scoring::ing_fill_in::{Compensation, IngFillInError, fill_in};
use weiqi_interpreter::scoring::penalties::{OvertimePenalty, overtime_penalty, time_ruling};
use weiqi_interpreter::scoring::ranks::{Rank, handicap};
use weiqi_interpreter::scoring::{self, ScoringInput, counting_display, ing_fill_in};
mod scoring_support;

use scoring_support::{Rng, random_position, ruleset};

#[test]
fn fill_in_equals_the_arithmetic_margin_on_random_positions() {
    // docs/variants.md 2.2 "Arithmetic equivalent": margin = A_B - A_W - K - Pen_B + Pen_W (+ the
    // AGA bonus N), Black wins iff margin >= 0 (ties as the tie rule says). Positions the
    // procedure cannot express (more stones on the board or owed than a bowl holds, more
    // compensation stones than the opponent's empty area) are skipped and counted.
    let mut rng = Rng(0x5EED_0000_1996);
    let (mut counted, mut skipped) = (0u32, 0u32);
    let mut skip_kinds = std::collections::BTreeMap::new();
    let mut margins_seen = std::collections::BTreeSet::new();
    for round in 0..4_500u32 {
        let side = [5, 7, 9, 11][(round % 4) as usize];
        let (b, invaders) = random_position(&mut rng, side);
        let dead = if rng.below(4) == 0 {
            Vec::new()
        } else {
            invaders
        };
        let komi = Points::whole([8, 6, 0, -2, -4, 2][rng.below(6) as usize]);
        let id = if rng.below(2) == 0 {
            "ing-1996"
        } else {
            "ing-aga"
        };
        let rules = ruleset(id);
        let handicap = [0, 0, 2, 3, 4][rng.below(5) as usize];
        let penalties = ByColor {
            black: Points::whole(2 * rng.below(4) as i64),
            white: Points::whole(2 * rng.below(4) as i64),
        };
        let input = ScoringInput {
            ruleset: &rules,
            board: &b,
            dead: &dead,
            prisoners: ByColor::default(),
            pass_stones: ByColor::default(),
            handicap,
            komi,
            penalties,
        };
        let arithmetic = scoring::score(&input);
        match ing_fill_in(&input) {
            Ok(f) => {
                counted += 1;
                margins_seen.insert(f.margin.halves());
                assert_eq!(f.margin, arithmetic.margin, "round {round}\n{b}{f:#?}");
                assert_eq!(f.result, arithmetic.result, "round {round}\n{b}");
                // Seed 000: "exactly one point stays empty" (stones = points - 1) ...
                let empty: Vec<Point> = f.filled.empty_points().collect();
                assert_eq!(empty.len(), 1, "round {round}\n{}", f.filled);
                // ... "stones already on the board are never moved" (live ones).
                for (p, c) in b.iter() {
                    if c.is_some() && !dead.contains(&p) {
                        assert_eq!(f.filled.get(p), c, "round {round}");
                    }
                }
                for c in Color::ALL {
                    assert_eq!(
                        f.filled.count(c),
                        f.stones_per_side as usize,
                        "round {round}"
                    );
                }
            }
            Err(
                e @ (IngFillInError::NotEnoughStones { .. }
                | IngFillInError::NoRoomForCompensation { .. }),
            ) => {
                skipped += 1;
                let kind = format!("{e:?}")
                    .split([' ', '{'])
                    .next()
                    .unwrap_or("")
                    .to_owned();
                *skip_kinds.entry((side, kind)).or_insert(0u32) += 1;
            }
            Err(e) => panic!("round {round}: unexpected error {e}"),
        }
    }
    assert!(
        counted >= 3_000,
        "only {counted} expressible positions ({skipped} skipped: {skip_kinds:?})"
    );
    // Both parities and both signs of the margin occurred.
    assert!(margins_seen.iter().any(|m| m % 4 == 0) && margins_seen.iter().any(|m| m % 4 != 0));
    assert!(margins_seen.iter().any(|&m| m > 0) && margins_seen.iter().any(|&m| m < 0));
}

/// Seed 000's 9x9 counting example, rebuilt: the seed's diagrams are images, so this position
/// is built to match every number its text gives: the game ended at move 42 (21 moves each);
/// White has 2 prisoners, Black 4; three stones are dead (A and B White, C Black); 40 stones
/// each; komi 8 = 4 White stones in Black's area; Black's losing stones stand on White's
/// winning points; White wins by 5, as the Japanese count says too.
const SEED_000_9X9: &str = "
    . . . . X O . . .
    . O . . X O . X .
    . . X X X O . O .
    . X . . X O . O .
    . X X . X O O . .
    . . . X X O . O .
    . X X X O O . . .
    . O X X O . O . .
    . . . X O . . . .";

#[test]
fn the_seed_9x9_example() {
    let rules = ruleset("ing-1996");
    let b = Board::from_diagram(SEED_000_9X9).expect("valid");
    // Dead: A (1,1) and B (7,1) White, C (1,7) Black.
    let dead = [Point::rc(1, 1), Point::rc(7, 1), Point::rc(1, 7)];
    assert_eq!(b.count(Color::Black), 19, "21 Black moves less 2 captured");
    assert_eq!(b.count(Color::White), 17, "21 White moves less 4 captured");
    let input = ScoringInput {
        ruleset: &rules,
        board: &b,
        dead: &dead,
        prisoners: ByColor { black: 4, white: 2 },
        pass_stones: ByColor::default(),
        handicap: 0,
        komi: Points::whole(8),
        penalties: ByColor::default(),
    };
    let f = ing_fill_in(&input).expect("expressible");
    assert_eq!(f.stones_per_side, 40);
    assert_eq!(f.compensation_stones, ByColor { black: 0, white: 4 });
    assert_eq!(f.losing_stones, ByColor { black: 2, white: 0 });
    assert_eq!(f.winning_points, ByColor { black: 0, white: 3 });
    assert_eq!(f.margin, Points::whole(-5));
    assert_eq!(
        f.result,
        GameResult::Win {
            winner: Color::White,
            by: WinBy::Score(Points::whole(5))
        }
    );
    assert_eq!(scoring::score(&input).result.to_sgf(), "W+5");
    // "The result determined by the Ing rules coincides with the Japanese count."
    let mut japanese = ruleset("japanese-1989");
    japanese.scoring.komi = Points::whole(8);
    let j = scoring::score(&ScoringInput {
        ruleset: &japanese,
        ..input.clone()
    });
    assert_eq!(j.result.to_sgf(), "W+5", "{j:#?}");
    // The display of the ing-1996 counting shows the procedure and the filled board.
    let lines = counting_display(&scoring::score(&input), &input);
    assert!(lines[0].contains("40 stones each"), "{lines:?}");
    assert!(lines.iter().any(|l| l.contains("W+5")), "{lines:?}");
    assert_eq!(lines.len(), 6 + 9);
}

#[test]
fn the_aga_version_places_the_bonus() {
    // Seed 000 "AGA version": White gets N points; N/2 stones, and for odd N one Black point
    // stays empty (not counted), or White fills a free seki point instead.
    let open = Board::from_diagram(". . X O .\n. . X O .\n. . X O .\n. . X O .\n. . X O .")
        .expect("valid");
    let comp = |n: i64| Compensation {
        komi: Points::ZERO,
        white_bonus: Points::whole(n),
        penalties: ByColor::default(),
    };
    // Black area 15, White area 10: margin 5 - N.
    let f = fill_in(&open, comp(3), weiqi_spec::Tie::White).expect("expressible");
    assert!(f.reserved_point.is_some());
    assert_eq!(f.compensation_stones.white, 1);
    assert_eq!(f.margin, Points::whole(2));
    let f = fill_in(&open, comp(4), weiqi_spec::Tie::White).expect("expressible");
    assert_eq!((f.reserved_point, f.margin), (None, Points::whole(1)));
    let f = fill_in(&open, comp(5), weiqi_spec::Tie::White).expect("expressible");
    assert_eq!(
        f.result.to_sgf(),
        "W+0",
        "a tie goes to White in AGA-Ing handicap games"
    );
    // With a free seki point (odd number of shared points), White fills it instead.
    let seki = Board::from_diagram(". X . O .\n. X . O .\n. X . O .\n. X . O .\n. X . O .")
        .expect("valid");
    let f = fill_in(&seki, comp(1), weiqi_spec::Tie::White).expect("expressible");
    assert_eq!(f.reserved_point, None);
    assert_eq!(f.shared_stones, ByColor { black: 2, white: 3 });
    assert_eq!(f.margin, Points::whole(-1));
}

#[test]
fn the_seed_rank_examples() {
    // Seed 000: "in a game of 1 and 6 pin the difference is 10 points ... White gives Black
    // compensation ('reverse komi') of 2 points (10-8=2, not enough for a handicap move)".
    let r = |t: &str| t.parse::<Rank>().expect(t);
    let h = handicap(r("6p"), r("1 pin"));
    assert_eq!(h.white, Rank::Pin(1));
    assert_eq!((h.handicap_moves, h.komi), (0, Points::whole(-2)));
    // "4 duan against 4 chi: 44 points; less 8 points of komi, 36 = 8*4 + 4: Black gets 4
    // handicap moves and 4 more points of compensation."
    let h = handicap(r("4d"), r("4c"));
    assert_eq!((h.white, h.black), (Rank::Duan(4), Rank::Chi(4)));
    assert_eq!(r("4d").strength() - r("4 chi").strength(), 44);
    assert_eq!((h.handicap_moves, h.komi), (4, Points::whole(-4)));
    assert_eq!(
        h.handicap_stones(),
        5,
        "N moves: White passes N times, Black plays once more"
    );
}

#[test]
fn ing_time_penalties_from_the_ruleset() {
    // docs/decisions.md 4 with the keys of ing-1996: 2 points per BT/6, loss beyond 3 steps.
    let rules = ruleset("ing-1996");
    let bt = Duration::from_secs(3600);
    let p = |s: u64| overtime_penalty(&rules.time, bt, Duration::from_secs(s)).expect("valid");
    assert_eq!(p(600), OvertimePenalty::Points(Points::whole(2)));
    assert_eq!(p(601), OvertimePenalty::Points(Points::whole(4)));
    assert_eq!(p(1800), OvertimePenalty::Points(Points::whole(6)));
    assert_eq!(p(1801), OvertimePenalty::Loss);
    let r = time_ruling(
        &rules.time,
        bt,
        ByColor {
            black: Duration::from_secs(1500),
            white: Duration::from_secs(300),
        },
    )
    .expect("ruling");
    assert_eq!(
        r.penalties,
        ByColor {
            black: Points::whole(4),
            white: Points::ZERO
        }
    );
    // Japanese 1989 has no penalty points (J89 Art. 14: "there are no point penalties").
    let j = ruleset("japanese-1989");
    assert_eq!(
        overtime_penalty(&j.time, bt, Duration::from_secs(5000)),
        Ok(OvertimePenalty::Points(Points::ZERO))
    );
}
