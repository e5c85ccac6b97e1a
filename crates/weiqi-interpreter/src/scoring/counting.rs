//! `scoring.counting`: how a result is presented. The result is the same in every
//! presentation; only the arithmetic a reader sees differs.
//!
//! - `plain`: the breakdown per side.
//! - `chinese-half-board`: one side's count against half the board (Chinese 1988: "count one
//!   side's living stones plus the points they surround; empty points between living stones of
//!   both sides are split, half to each; the reference is half the board"). docs/variants.md 2.4:
//!   `black_count = A_B + D/2`, and Black wins iff `black_count > P/2 + K/2`.
//! - `japanese-prisoners-filled`: prisoners are filled into the opponent's territory and the
//!   remaining territories compared (J89 Art. 10; seed 004's counting aid).
//! - `ing-fill-in`: the fill-in procedure of [`mod@super::ing_fill_in`].

use weiqi_core::{Board, Color, Points, Score};
use weiqi_spec::{Counting, GroupTax, PassDead, Scoring, Suicide};

use super::{
    ScoringInput, adjustments, area, dead_stones, group_tax, ing_fill_in, pass_dead, seki_eyes,
};

/// Chinese counting: Black's count against half the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChineseCount {
    /// Black's live stones plus the empty points only Black reaches.
    pub black_area: u32,
    /// Empty points counted for neither side alone (shared, neutral, seki eyes a variant
    /// voids): split half to each.
    pub split: u32,
    /// Black's count: `black_area + split / 2`.
    pub black_count: Points,
    /// Half the board's points.
    pub half_board: Points,
    /// White's compensation in points (komi, handicap bonus, Black's net penalty); Black's
    /// count must exceed half the board by half of it (Chinese 1988: komi in stones).
    pub compensation: Points,
    /// The margin this count implies: `2 * (black_count - half_board) - compensation`.
    pub margin: Points,
}

/// Japanese counting: prisoners filled into the opponent's territory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JapaneseCount {
    /// Black's territory after White's prisoners (and pass stones) are filled into it.
    pub black_remaining: Points,
    /// White's territory after Black's prisoners (and pass stones) are filled into it.
    pub white_remaining: Points,
    /// The margin: the difference of the remaining territories, less White's compensation,
    /// with the penalties.
    pub margin: Points,
}

/// White's compensation in the margin: komi, White's bonus, Black's penalty less White's.
fn white_compensation(score: &Score) -> Points {
    score.sides.white.bonus - score.sides.black.bonus + score.sides.black.penalty
        - score.sides.white.penalty
}

/// Chinese counting recomputed from the final position (independently of the breakdown):
/// the agreed dead stones removed, Black's area by Tromp-Taylor reachability with the
/// variant's seki rule, every other empty point split.
#[must_use]
pub fn chinese_count(score: &Score, input: &ScoringInput<'_>) -> ChineseCount {
    let rules = &input.ruleset.scoring;
    // The pass-dead stones are dead as in the count (`scoring.pass-dead`).
    let mut named = input.dead.to_vec();
    if rules.pass_dead == PassDead::Dead {
        let suicide_legal = input.ruleset.play.suicide != Suicide::Forbidden;
        named.extend(pass_dead::pass_dead_stones(input.board, suicide_legal));
    }
    let dead = dead_stones::from_agreement(input.board, &named);
    let (live, _) = dead_stones::remove(input.board, &dead.points);
    let seki = seki_eyes::analyse(&live, rules.seki_eyes);
    let t = area::tally(&area::marks(&live, &seki));
    let points = u32::try_from(live.size().points_count()).unwrap_or(u32::MAX);
    let black_area = t.stones.black + t.territory.black;
    let split = points - black_area - t.stones.white - t.territory.white;
    let black_count = Points::from_halves(2 * i64::from(black_area) + i64::from(split));
    let half_board = Points::from_halves(i64::from(points));
    // The group tax (`scoring.group-tax`) is counted as compensation: what Black's regions pay
    // goes to White's side of the comparison, what White's pay to Black's.
    let tax = match rules.group_tax {
        GroupTax::None => Points::ZERO,
        GroupTax::TwoPoints => {
            let n = group_tax::independent_regions(&live);
            Points::whole(2 * (i64::from(n.black) - i64::from(n.white)))
        }
    };
    let compensation = white_compensation(score) + tax;
    let diff = black_count - half_board;
    let margin = diff + diff - compensation;
    ChineseCount {
        black_area,
        split,
        black_count,
        half_board,
        compensation,
        margin,
    }
}

/// Japanese counting from the breakdown: each side's prisoners and pass stones are filled
/// into the opponent's territory (J89 Art. 10: "prisoners are filled into the opponent's
/// territory; larger territory wins").
#[must_use]
pub fn japanese_count(score: &Score) -> JapaneseCount {
    let filled = |c: Color| {
        let s = &score.sides[c];
        Points::whole(i64::from(s.prisoners) + i64::from(s.pass_stones))
    };
    let black_remaining = score.sides.black.territory - filled(Color::White);
    let white_remaining = score.sides.white.territory - filled(Color::Black);
    let margin = black_remaining - white_remaining - white_compensation(score);
    JapaneseCount {
        black_remaining,
        white_remaining,
        margin,
    }
}

/// The plain breakdown, one line per side and the result.
fn plain_lines(score: &Score) -> Vec<String> {
    let mut lines: Vec<String> = Color::ALL
        .iter()
        .map(|&c| {
            let s = &score.sides[c];
            format!(
                "{c}: stones {}, territory {}, prisoners {}, pass stones {}, bonus {}, \
                 penalty {}, total {}",
                s.stones, s.territory, s.prisoners, s.pass_stones, s.bonus, s.penalty, s.total
            )
        })
        .collect();
    lines.push(format!(
        "margin (black - white): {}; result: {}",
        score.margin, score.result
    ));
    lines
}

/// Half of `p`, printed exactly (quarter points appear when a komi of x.5 is halved: Chinese
/// 1988 gives komi as 2.75 or 3.75 stones).
fn half_of(p: Points) -> String {
    let quarters = p.halves();
    let sign = if quarters < 0 { "-" } else { "" };
    let q = quarters.unsigned_abs();
    let frac = match q % 4 {
        0 => "",
        1 => ".25",
        2 => ".5",
        _ => ".75",
    };
    format!("{sign}{}{frac}", q / 4)
}

/// Draws a board for a display, one line per row.
fn diagram(board: &Board) -> Vec<String> {
    board
        .to_string()
        .lines()
        .map(|l| format!("  {l}"))
        .collect()
}

/// The lines a reader is shown for the variant's `scoring.counting` value (module doc). A
/// presentation that does not fit the variant's scoring method (Chinese counting of a
/// territory count, Japanese counting of an area count), or an Ing fill-in the position
/// cannot express, says so and shows the plain breakdown.
#[must_use]
pub fn counting_display(score: &Score, input: &ScoringInput<'_>) -> Vec<String> {
    let scoring = input.ruleset.scoring.scoring;
    match (input.ruleset.scoring.counting, scoring) {
        (Counting::Plain, _) => plain_lines(score),
        (Counting::ChineseHalfBoard, Scoring::Area) => {
            let c = chinese_count(score, input);
            vec![
                format!(
                    "chinese counting: black has {} stones and points plus half of {} split points \
                     = {}",
                    c.black_area, c.split, c.black_count
                ),
                format!(
                    "half the board is {}; white's compensation {} is {} stones: black needs \
                     more than {} + {}",
                    c.half_board,
                    c.compensation,
                    half_of(c.compensation),
                    c.half_board,
                    half_of(c.compensation)
                ),
                format!(
                    "black's count is {} over half the board, a margin of {} less {} = {}; \
                     result: {}",
                    c.black_count - c.half_board,
                    (c.black_count - c.half_board) + (c.black_count - c.half_board),
                    c.compensation,
                    c.margin,
                    adjustments::result(
                        c.margin,
                        adjustments::tie_rule(input.ruleset, input.handicap)
                    )
                ),
            ]
        }
        (Counting::JapanesePrisonersFilled, Scoring::Territory) => {
            let j = japanese_count(score);
            let b = &score.sides.black;
            let w = &score.sides.white;
            vec![
                format!(
                    "japanese counting: black territory {} less white's {} prisoners filled in = {}",
                    b.territory,
                    w.prisoners + w.pass_stones,
                    j.black_remaining
                ),
                format!(
                    "white territory {} less black's {} prisoners filled in = {}",
                    w.territory,
                    b.prisoners + b.pass_stones,
                    j.white_remaining
                ),
                format!(
                    "difference {} less white's compensation {} = {}; result: {}",
                    j.black_remaining - j.white_remaining,
                    white_compensation(score),
                    j.margin,
                    adjustments::result(
                        j.margin,
                        adjustments::tie_rule(input.ruleset, input.handicap)
                    )
                ),
            ]
        }
        (Counting::IngFillIn, Scoring::Area) => match ing_fill_in::ing_fill_in(input) {
            Ok(f) => {
                let mut lines = vec![
                    format!("ing fill-in counting: {} stones each", f.stones_per_side),
                    format!(
                        "shared points filled: black {}, white {}; compensation stones: white {} \
                         in black's area, black {} in white's area",
                        f.shared_stones.black,
                        f.shared_stones.white,
                        f.compensation_stones.white,
                        f.compensation_stones.black
                    ),
                    format!(
                        "winning points: black {}, white {}; losing stones: black {}, white {}",
                        f.winning_points.black,
                        f.winning_points.white,
                        f.losing_stones.black,
                        f.losing_stones.white
                    ),
                    match f.reserved_point {
                        Some(p) => format!(
                            "black point {} left empty for the odd handicap bonus (seed 000 AGA \
                             version)",
                            p.to_sgf()
                        ),
                        None => "no point reserved".to_owned(),
                    },
                    format!("result: {} (margin {})", f.result, f.margin),
                    "filled board:".to_owned(),
                ];
                lines.extend(diagram(&f.filled));
                lines
            }
            Err(e) => {
                let mut lines = vec![format!("ing fill-in counting not possible: {e}")];
                lines.extend(plain_lines(score));
                lines
            }
        },
        (counting, _) => {
            let mut lines = vec![format!(
                "{counting} counting does not apply to {scoring} scoring; plain breakdown"
            )];
            lines.extend(plain_lines(score));
            lines
        }
    }
}
