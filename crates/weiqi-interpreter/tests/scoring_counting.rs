//! The counting displays (`scoring.counting`): Chinese (one side's count against half the
//! board) and Japanese (prisoners filled into the opponent's territory) are other
//! presentations of the same result; they must agree with the breakdown of `score`.

mod scoring_support;

use scoring_support::{Rng, random_position, ruleset};
use weiqi_core::{Board, ByColor, Points};
use weiqi_interpreter::scoring::counting::{chinese_count, japanese_count};
use weiqi_interpreter::scoring::{self, ScoringInput, counting_display};
use weiqi_spec::{Counting, Scoring};

#[test]
fn chinese_count_of_the_seki_diagram() {
    // docs/variants.md 4.6 table: "Chinese counting: 17.5 vs half-board 24.5".
    let b = Board::from_diagram(
        ". O . X . X O\nO O X X X X O\nX X O O O O O\n. X O . O . O\nX X O O O O O\n. X O . O . O\nX X O O O O O",
    )
    .expect("valid");
    let rules = ruleset("chinese-1988");
    let input = ScoringInput {
        ruleset: &rules,
        board: &b,
        dead: &[],
        prisoners: ByColor::default(),
        pass_stones: ByColor::default(),
        handicap: 0,
        komi: Points::ZERO,
        penalties: ByColor::default(),
    };
    let s = scoring::score(&input);
    let c = chinese_count(&s, &input);
    assert_eq!(c.black_count, Points::from_halves(35));
    assert_eq!(c.half_board, Points::from_halves(49));
    assert_eq!(c.margin, Points::whole(-14));
    let lines = counting_display(&s, &input);
    assert!(lines[0].contains("= 17.5"), "{lines:?}");
    assert!(lines[2].contains("W+14"), "{lines:?}");
}

#[test]
fn displays_agree_with_the_breakdown_on_random_positions() {
    // Chinese 1988 (docs/variants.md 2.4: Black wins iff black_count > P/2 + K/2, "the same as
    // A_B - A_W > K"); J89 Art. 10 (prisoners filled into the opponent's territory).
    let mut rng = Rng(0xC0DE_0000_2004);
    let ids = weiqi_spec::builtin_ids();
    for round in 0..1_200u32 {
        let side = [5, 7, 9][(round % 3) as usize];
        let (b, invaders) = random_position(&mut rng, side);
        let dead = if rng.below(4) == 0 {
            Vec::new()
        } else {
            invaders
        };
        let rules = ruleset(ids[rng.below(ids.len() as u64) as usize]);
        let input = ScoringInput {
            ruleset: &rules,
            board: &b,
            dead: &dead,
            prisoners: ByColor {
                black: rng.below(6) as u32,
                white: rng.below(6) as u32,
            },
            pass_stones: ByColor {
                black: rng.below(3) as u32,
                white: rng.below(3) as u32,
            },
            handicap: rng.below(5) as u32,
            komi: Points::from_halves(rng.below(20) as i64 - 5),
            penalties: ByColor {
                black: Points::whole(2 * rng.below(2) as i64),
                white: Points::ZERO,
            },
        };
        let s = scoring::score(&input);
        let what = format!("round {round}, {}\n{b}", rules.id);
        match rules.scoring.scoring {
            Scoring::Area => assert_eq!(chinese_count(&s, &input).margin, s.margin, "{what}"),
            Scoring::Territory => assert_eq!(japanese_count(&s).margin, s.margin, "{what}"),
        }
        let lines = counting_display(&s, &input);
        assert!(!lines.is_empty(), "{what}");
        // Every presentation states the same result (the Ing display when it can express the
        // position; otherwise it falls back to the plain breakdown, which states it too).
        let result = s.result.to_sgf();
        assert!(
            lines.iter().any(|l| l.contains(&result)),
            "{what}{lines:#?} should say {result}"
        );
        if rules.scoring.counting == Counting::Plain {
            assert_eq!(lines.len(), 3, "{what}");
        }
    }
}
