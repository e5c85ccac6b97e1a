//! The adjustments after the count: komi, White's handicap bonus, penalties, totals, and the
//! result with the variant's tie rule (`scoring.komi`, `scoring.tie`, `scoring.tie-handicap`,
//! `handicap.bonus`; docs/variants.md 3.f: "every other scoring rule is the TT score ... plus a
//! documented adjustment").
//!
//! Where the bonus lands: in White's `bonus` field, next to the komi (weiqi-core `SideScore`:
//! "compensation: komi for White (or reverse komi for Black), and White's handicap bonus").
//! The bonus compensates for handicap stones that area counting counts as points; territory
//! counting does not count stones, so the bonus is applied under area scoring only (AGA 1991:
//! "with area counting White gets 1 extra point per handicap stone after the first; none with
//! territory counting"). A territory variant that names a bonus gets a note instead.

use weiqi_core::{ByColor, Color, GameResult, Points, SideScore, WinBy};
use weiqi_spec::{HandicapBonus, Ruleset, Scoring, Tie};

/// The number of handicap stones of a game: 0 for an even game and for handicap 1, a handicap
/// game without stones (weiqi-core `Setup::handicap`, docs/decisions.md 21: "a bonus per handicap
/// stone is zero").
#[must_use]
pub fn handicap_stones(handicap: u32) -> u32 {
    if handicap >= 2 { handicap } else { 0 }
}

/// White's handicap bonus as `handicap.bonus` gives it, before the scoring-method check:
/// none (J89, Ing 1996), N (Chinese on KGS \[S3\], AGA version of Ing \[S0\]), N-1 (AGA area
/// counting \[AGA91\]), N being the number of handicap stones.
#[must_use]
pub fn handicap_bonus(bonus: HandicapBonus, handicap: u32) -> Points {
    let n = i64::from(handicap_stones(handicap));
    match bonus {
        HandicapBonus::None => Points::ZERO,
        HandicapBonus::N => Points::whole(n),
        HandicapBonus::NMinusOne => Points::whole((n - 1).max(0)),
    }
}

/// The bonus White receives in this game under this ruleset, and a note when the ruleset's
/// bonus is not applied because the count is a territory count (module doc).
#[must_use]
pub fn white_bonus(ruleset: &Ruleset, handicap: u32) -> (Points, Option<String>) {
    let bonus = handicap_bonus(ruleset.handicap.bonus, handicap);
    match ruleset.scoring.scoring {
        Scoring::Area => (bonus, None),
        Scoring::Territory if bonus != Points::ZERO => (
            Points::ZERO,
            Some(format!(
                "handicap bonus {} ({}) not applied: territory counting does not count the \
                 handicap stones (AGA 1991)",
                bonus, ruleset.handicap.bonus
            )),
        ),
        Scoring::Territory => (Points::ZERO, None),
    }
}

/// The tie rule of this game: `scoring.tie-handicap` in a handicap game (handicap 1 and up:
/// docs/decisions.md 21), else `scoring.tie` (docs/decisions.md 17).
#[must_use]
pub fn tie_rule(ruleset: &Ruleset, handicap: u32) -> Tie {
    ruleset.tie_for(handicap)
}

/// Puts komi, bonus and penalties into the sides and computes each side's total.
///
/// Komi goes to White's `bonus` (a negative komi is reverse komi, seed 000 "обратное коми",
/// and goes to Black's); White's handicap bonus is added to White's `bonus`; penalty points
/// are deducted from the penalised side (\[S2\] 4.4: "penalty points ... subtracted from the
/// offender"; seed 000 PP system).
pub fn apply(
    sides: &mut ByColor<SideScore>,
    komi: Points,
    white_bonus: Points,
    penalties: ByColor<Points>,
) {
    if komi >= Points::ZERO {
        sides.white.bonus = komi;
        sides.black.bonus = Points::ZERO;
    } else {
        sides.black.bonus = -komi;
        sides.white.bonus = Points::ZERO;
    }
    sides.white.bonus += white_bonus;
    for c in Color::ALL {
        let s = &mut sides[c];
        s.penalty = penalties[c];
        s.total = Points::whole(i64::from(s.stones))
            + s.territory
            + Points::whole(i64::from(s.prisoners))
            + Points::whole(i64::from(s.pass_stones))
            + s.bonus
            - s.penalty;
    }
}

/// The result of a margin (Black's total minus White's): the higher total wins; equal totals
/// go to the tie rule's winner by 0 points (Ing: "the draw is awarded to Black", seed 000;
/// AGA: White \[S4\]) or are a draw (jigo, J89 Art. 10).
#[must_use]
pub fn result(margin: Points, tie: Tie) -> GameResult {
    if margin > Points::ZERO {
        GameResult::Win {
            winner: Color::Black,
            by: WinBy::Score(margin),
        }
    } else if margin < Points::ZERO {
        GameResult::Win {
            winner: Color::White,
            by: WinBy::Score(-margin),
        }
    } else {
        match tie.winner() {
            Some(winner) => GameResult::Win {
                winner,
                by: WinBy::Score(Points::ZERO),
            },
            None => GameResult::Draw,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bonus_values() {
        // docs/variants.md 2.0: handicap compensation 0, N, N-1; 0 and 1 stones are an even game.
        assert_eq!(handicap_bonus(HandicapBonus::N, 4), Points::whole(4));
        assert_eq!(
            handicap_bonus(HandicapBonus::NMinusOne, 4),
            Points::whole(3)
        );
        assert_eq!(handicap_bonus(HandicapBonus::None, 9), Points::ZERO);
        assert_eq!(handicap_bonus(HandicapBonus::N, 1), Points::ZERO);
        assert_eq!(handicap_bonus(HandicapBonus::NMinusOne, 0), Points::ZERO);
    }

    #[test]
    fn ties_follow_the_tie_rule() {
        // docs/decisions.md 17: Ing Black, AGA White, J89 jigo.
        assert_eq!(result(Points::ZERO, Tie::Draw), GameResult::Draw);
        assert_eq!(result(Points::ZERO, Tie::Black).to_sgf(), "B+0");
        assert_eq!(result(Points::ZERO, Tie::White).to_sgf(), "W+0");
        assert_eq!(result(Points::from_halves(7), Tie::Draw).to_sgf(), "B+3.5");
        assert_eq!(
            result(Points::from_halves(-1), Tie::Black).to_sgf(),
            "W+0.5"
        );
    }

    #[test]
    fn totals_add_every_part() {
        let mut sides = ByColor::<SideScore>::default();
        sides.black.stones = 10;
        sides.black.territory = Points::from_halves(5);
        sides.white.prisoners = 3;
        sides.white.pass_stones = 1;
        let pen = ByColor {
            black: Points::whole(2),
            white: Points::ZERO,
        };
        apply(&mut sides, Points::from_halves(13), Points::whole(2), pen);
        assert_eq!(sides.black.total, Points::from_halves(21));
        assert_eq!(sides.white.bonus, Points::from_halves(17));
        assert_eq!(sides.white.total, Points::from_halves(25));
        apply(
            &mut sides,
            Points::whole(-2),
            Points::ZERO,
            ByColor::default(),
        );
        assert_eq!(sides.black.bonus, Points::whole(2));
        assert_eq!(sides.white.bonus, Points::ZERO);
    }
}
