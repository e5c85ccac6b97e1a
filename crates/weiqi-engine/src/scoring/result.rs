//! After the count: komi, White's handicap bonus, penalties, the totals, and the result with
//! the variant's tie rule (`scoring.komi`, `scoring.tie`, `scoring.tie-handicap`,
//! `handicap.bonus`; docs/variants.md 3.f "the TT score plus a documented adjustment").
//!
//! Every sum is checked: a total outside the range of [`Points`] is a [`ScoreError`], never a
//! wrap or a panic.

use weiqi_core::{ByColor, Color, GameResult, Points, SideScore, WinBy};
use weiqi_spec::{HandicapBonus, Scoring, Tie};

use super::{ScoreError, ScoreRules};

/// Whether a game with this `handicap` is a handicap game: one stone or more (docs/decisions.md
/// 21: handicap 1 is a handicap game without stones, so the handicap tie rule applies).
#[must_use]
pub(crate) const fn is_handicap_game(handicap: u32) -> bool {
    handicap >= 1
}

/// The number of handicap stones on the board for `handicap` (weiqi-core `Setup`: 1 is a
/// handicap game without stones, N >= 2 a game of N stones).
#[must_use]
const fn handicap_stones(handicap: u32) -> u32 {
    if handicap >= 2 { handicap } else { 0 }
}

/// White's handicap bonus as `handicap.bonus` gives it: none (J89, Ing 1996), N (Chinese on
/// KGS, AGA version of Ing), N-1 (AGA area counting), N the number of handicap stones
/// (docs/decisions.md 21: "a bonus per handicap stone is zero" in a game of handicap 1).
#[must_use]
pub(crate) fn handicap_bonus(bonus: HandicapBonus, handicap: u32) -> Points {
    let n = i64::from(handicap_stones(handicap));
    match bonus {
        HandicapBonus::None => Points::ZERO,
        HandicapBonus::N => Points::whole(n),
        HandicapBonus::NMinusOne => Points::whole((n - 1).max(0)),
    }
}

/// White's bonus in this game, and the note when a territory count does not apply it (AGA
/// 1991: "with area counting White gets 1 extra point per handicap stone after the first;
/// none with territory counting").
#[must_use]
pub(crate) fn white_bonus(rules: &ScoreRules, handicap: u32) -> (Points, Option<String>) {
    let bonus = handicap_bonus(rules.bonus, handicap);
    match rules.scoring {
        Scoring::Area => (bonus, None),
        Scoring::Territory if bonus != Points::ZERO => (
            Points::ZERO,
            Some(format!(
                "handicap bonus {} ({}) not applied: territory counting does not count the \
                 handicap stones (AGA 1991)",
                bonus, rules.bonus
            )),
        ),
        Scoring::Territory => (Points::ZERO, None),
    }
}

/// The tie rule of this game: `tie-handicap` in a handicap game, else `tie` (docs/decisions.md 17
/// and 21).
#[must_use]
pub(crate) fn tie_rule(rules: &ScoreRules, handicap: u32) -> Tie {
    if is_handicap_game(handicap) {
        rules.tie_handicap
    } else {
        rules.tie
    }
}

/// `a + b` in half points, or the overflow error.
fn add(a: i64, b: i64) -> Result<i64, ScoreError> {
    a.checked_add(b).ok_or(ScoreError::Overflow)
}

/// Puts komi (White's `bonus`, or Black's for reverse komi, seed 000 "обратное коми"), White's
/// handicap bonus and the penalties (deducted from the offender, seed 002 4.4) into the sides
/// and sums each side's total.
pub(crate) fn apply(
    sides: &mut ByColor<SideScore>,
    komi: Points,
    white_bonus: Points,
    penalties: ByColor<Points>,
) -> Result<(), ScoreError> {
    let komi_h = komi.halves();
    let (black_bonus, white_komi) = if komi_h >= 0 {
        (0, komi_h)
    } else {
        (komi_h.checked_neg().ok_or(ScoreError::Overflow)?, 0)
    };
    sides.black.bonus = Points::from_halves(black_bonus);
    sides.white.bonus = Points::from_halves(add(white_komi, white_bonus.halves())?);
    for c in Color::ALL {
        let s = &mut sides[c];
        s.penalty = penalties[c];
        let mut t = 2 * i64::from(s.stones);
        t = add(t, s.territory.halves())?;
        t = add(t, 2 * i64::from(s.prisoners))?;
        t = add(t, 2 * i64::from(s.pass_stones))?;
        t = add(t, s.bonus.halves())?;
        t = t
            .checked_sub(s.penalty.halves())
            .ok_or(ScoreError::Overflow)?;
        s.total = Points::from_halves(t);
    }
    Ok(())
}

/// The result of a margin: the higher total wins; equal totals go to the tie rule's winner by
/// 0 points (Ing: Black, seed 000; AGA: White, seed 004) or are jigo (J89 Art. 10).
#[must_use]
pub(crate) fn result(margin: Points, tie: Tie) -> GameResult {
    let by = |p: Points| WinBy::Score(p);
    match margin.halves().signum() {
        1 => GameResult::Win {
            winner: Color::Black,
            by: by(margin),
        },
        -1 => GameResult::Win {
            winner: Color::White,
            by: by(-margin),
        },
        _ => match tie.winner() {
            Some(winner) => GameResult::Win {
                winner,
                by: by(Points::ZERO),
            },
            None => GameResult::Draw,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bonus_per_stone() {
        // docs/variants.md 2.0 (0, N, N-1) and docs/decisions.md 21 (handicap 1: no stone, no
        // bonus).
        assert_eq!(handicap_bonus(HandicapBonus::N, 4), Points::whole(4));
        assert_eq!(
            handicap_bonus(HandicapBonus::NMinusOne, 4),
            Points::whole(3)
        );
        assert_eq!(
            handicap_bonus(HandicapBonus::NMinusOne, 2),
            Points::whole(1)
        );
        assert_eq!(handicap_bonus(HandicapBonus::None, 9), Points::ZERO);
        assert_eq!(handicap_bonus(HandicapBonus::N, 1), Points::ZERO);
        assert_eq!(handicap_bonus(HandicapBonus::NMinusOne, 1), Points::ZERO);
        assert_eq!(handicap_bonus(HandicapBonus::N, 0), Points::ZERO);
    }

    #[test]
    fn ties_and_margins() {
        // docs/decisions.md 17: Ing Black, AGA White, J89 jigo.
        assert_eq!(result(Points::ZERO, Tie::Draw), GameResult::Draw);
        assert_eq!(result(Points::ZERO, Tie::Black).to_sgf(), "B+0");
        assert_eq!(result(Points::ZERO, Tie::White).to_sgf(), "W+0");
        assert_eq!(result(Points::from_halves(7), Tie::White).to_sgf(), "B+3.5");
        assert_eq!(
            result(Points::from_halves(-1), Tie::Black).to_sgf(),
            "W+0.5"
        );
    }

    #[test]
    fn totals_are_checked_sums() {
        // weiqi-core SideScore::total: stones + territory + prisoners + pass stones + bonus -
        // penalty; a sum out of range is an error, not a wrap.
        let mut sides = ByColor::<SideScore>::default();
        sides.black.stones = 10;
        sides.black.territory = Points::from_halves(5);
        sides.white.prisoners = 3;
        sides.white.pass_stones = 1;
        let pen = ByColor {
            black: Points::whole(2),
            white: Points::ZERO,
        };
        apply(&mut sides, Points::from_halves(13), Points::whole(2), pen).expect("in range");
        assert_eq!(sides.black.total, Points::from_halves(21));
        assert_eq!(sides.white.bonus, Points::from_halves(17));
        assert_eq!(sides.white.total, Points::from_halves(25));
        apply(
            &mut sides,
            Points::whole(-2),
            Points::ZERO,
            ByColor::default(),
        )
        .expect("ok");
        assert_eq!(sides.black.bonus, Points::whole(2));
        assert_eq!(sides.white.bonus, Points::ZERO);
        let huge = ByColor {
            black: Points::from_halves(i64::MIN),
            white: Points::ZERO,
        };
        assert_eq!(
            apply(&mut sides, Points::ZERO, Points::ZERO, huge),
            Err(ScoreError::Overflow)
        );
        assert_eq!(
            apply(
                &mut sides,
                Points::from_halves(i64::MIN),
                Points::ZERO,
                ByColor::default()
            ),
            Err(ScoreError::Overflow)
        );
    }
}
