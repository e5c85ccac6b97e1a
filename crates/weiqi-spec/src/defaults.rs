//! The default value of every key (the Tromp-Taylor baseline) and the standard handicap
//! star-point patterns.
//!
//! A root file (one without `extends`) that omits a key gets the value below. They are the
//! values of `spec/tromp-taylor.toml` (docs/variants.md 2.10, docs/decisions.md 17, 18), except the
//! keys that file marks "unused", where the default is a usable value instead
//! (`play.long-cycle-repetitions` = 3, docs/decisions.md 12); a test keeps the two in step.

use std::collections::BTreeMap;

use weiqi_core::{BoardSize, Color, Point, Points};

use crate::model::{
    AfterStop, BoardRules, Counting, EndRules, FinalEnd, FreePlacementMoves, FriendlyPass,
    GroupTax, HandicapBonus, HandicapRules, InitialPosition, Ko, LastPass, LongCycle,
    LongCyclePasses, Meta, NeutralFill, PassDead, PassStones, PenaltySystem, Placement, PlayRules,
    RepeatedPass, ResumeFirst, Ruleset, Scoring, ScoringRules, Sealed, SekiEyes, SharedPoints,
    SingleStoneSuicide, Suicide, Tie, TimeRules,
};

/// The handicap patterns: board size -> number of stones -> points.
pub type Patterns = BTreeMap<BoardSize, BTreeMap<u32, Vec<Point>>>;

/// The standard fixed handicap patterns on a square board of side `side` whose star points are
/// on line `line` (1-based from the edge): 2 to 9 stones.
///
/// 2 = upper right, lower left; 3 = + lower right; 4 = + upper left; 5 = 4 + centre;
/// 6 = 4 + left and right sides; 7 = 6 + centre; 8 = 6 + top and bottom sides; 9 = 8 + centre
/// (19x19: 2 = `pd dp`, 3 = `pd dp pp`, 4 = `pd dp pp dd`, ...), as seed 004 and the Japanese
/// tradition place them.
fn star_patterns(side: u8, line: u8) -> BTreeMap<u32, Vec<Point>> {
    let lo = line - 1;
    let hi = side - line;
    let mid = side / 2;
    // Point::rc takes (row, col).
    let upper_right = Point::rc(lo, hi);
    let lower_left = Point::rc(hi, lo);
    let lower_right = Point::rc(hi, hi);
    let upper_left = Point::rc(lo, lo);
    let centre = Point::rc(mid, mid);
    let left = Point::rc(mid, lo);
    let right = Point::rc(mid, hi);
    let top = Point::rc(lo, mid);
    let bottom = Point::rc(hi, mid);
    let four = vec![upper_right, lower_left, lower_right, upper_left];
    let six = [four.clone(), vec![left, right]].concat();
    let eight = [six.clone(), vec![top, bottom]].concat();
    BTreeMap::from([
        (2, vec![upper_right, lower_left]),
        (3, vec![upper_right, lower_left, lower_right]),
        (4, four.clone()),
        (5, [four, vec![centre]].concat()),
        (6, six.clone()),
        (7, [six, vec![centre]].concat()),
        (8, eight.clone()),
        (9, [eight, vec![centre]].concat()),
    ])
}

/// The standard patterns for 9x9 (star points on the third line), 13x13 and 19x19 (fourth
/// line), 2 to 9 stones each: the default of `handicap.patterns`.
#[must_use]
pub fn standard_patterns() -> Patterns {
    let mut out = Patterns::new();
    for (side, line) in [(9u8, 3u8), (13, 4), (19, 4)] {
        if let Ok(size) = BoardSize::square(u32::from(side)) {
            out.insert(size, star_patterns(side, line));
        }
    }
    out
}

/// The ruleset a root file with no keys at all resolves to (the Tromp-Taylor baseline), with
/// the given id. `meta.name` defaults to the id.
#[must_use]
pub fn defaults(id: &str) -> Ruleset {
    Ruleset {
        id: id.to_owned(),
        extends: None,
        meta: Meta {
            name: id.to_owned(),
            summary: String::new(),
            sources: Vec::new(),
            sgf_names: Vec::new(),
        },
        board: BoardRules { sizes: Vec::new() },
        play: PlayRules {
            suicide: Suicide::Any,
            single_stone_suicide: SingleStoneSuicide::BySuicideRule,
            ko: Ko::PositionalSuperko,
            initial_position: InitialPosition::Counts,
            long_cycle: LongCycle::Nothing,
            long_cycle_repetitions: 3,
            long_cycle_passes: LongCyclePasses::Continue,
        },
        end: EndRules {
            stop_passes: 2,
            repeated_pass: RepeatedPass::Continues,
            after_stop: AfterStop::ScoreAllAlive,
            resume_first: ResumeFirst::OpponentOfLastMover,
            final_end: FinalEnd::Never,
            final_end_passes: 0,
            pass_stones: PassStones::None,
            last_pass: LastPass::Any,
            friendly_pass: FriendlyPass::NotOk,
        },
        scoring: ScoringRules {
            scoring: Scoring::Area,
            shared_points: SharedPoints::Neutral,
            seki_eyes: SekiEyes::Count,
            neutral_fill: NeutralFill::Literal,
            pass_dead: PassDead::Alive,
            group_tax: GroupTax::None,
            komi: Points::from_halves(15),
            tie: Tie::Draw,
            tie_handicap: Tie::Draw,
            counting: Counting::Plain,
        },
        handicap: HandicapRules {
            placement: Placement::Free,
            free_placement_moves: FreePlacementMoves::WhitePasses,
            patterns: standard_patterns(),
            bonus: HandicapBonus::None,
            komi: Points::ZERO,
            first_after_placement: Color::White,
        },
        time: TimeRules {
            penalty_system: PenaltySystem::None,
            penalty_step: (0, 1),
            penalty_points_per_step: 0,
            penalty_steps_to_loss: 0,
            byo_yomi: Vec::new(),
            late_arrival_factor: 0,
        },
        sealed: Sealed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nineteen_by_nineteen_patterns_are_the_star_points() {
        // seed 004: handicap stones go on the star points; 2 stones = upper right + lower left.
        let p = standard_patterns();
        let nineteen = &p[&BoardSize::STANDARD];
        let sgf = |n: u32| {
            nineteen[&n]
                .iter()
                .map(|p| p.to_sgf())
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(sgf(2), "pd dp");
        assert_eq!(sgf(3), "pd dp pp");
        assert_eq!(sgf(4), "pd dp pp dd");
        assert_eq!(sgf(5), "pd dp pp dd jj");
        assert_eq!(sgf(6), "pd dp pp dd dj pj");
        assert_eq!(sgf(7), "pd dp pp dd dj pj jj");
        assert_eq!(sgf(8), "pd dp pp dd dj pj jd jp");
        assert_eq!(sgf(9), "pd dp pp dd dj pj jd jp jj");
        let nine = &p[&BoardSize::square(9).expect("valid")];
        assert_eq!(
            nine[&2].iter().map(|p| p.to_sgf()).collect::<Vec<_>>(),
            ["gc", "cg"]
        );
        let thirteen = &p[&BoardSize::square(13).expect("valid")];
        assert_eq!(
            thirteen[&5].iter().map(|p| p.to_sgf()).collect::<Vec<_>>(),
            ["jd", "dj", "jj", "dd", "gg"]
        );
        for (size, counts) in &p {
            for (n, points) in counts {
                assert_eq!(points.len(), *n as usize);
                assert!(points.iter().all(|q| size.contains(*q)));
            }
        }
    }
}
