//! `scoring.scoring = "area"` with `scoring.shared-points`: stones plus empty points reaching
//! only one colour, by Tromp-Taylor reachability (docs/variants.md 3.f).
//!
//! "score(P) = #points coloured P + #empty points that reach P and do not reach the opponent's
//! colour" \[TT\]. Every other area rule is that count on the board after the agreed dead stones
//! are removed, plus the shared-point rule: points reaching both colours count for nobody
//! (`neutral`: Tromp-Taylor, New Zealand per docs/decisions.md 13) or half to each side (`half`:
//! Chinese 1988 "split, half to each", Ing seed 000 "shared equally").

use weiqi_core::{Board, ByColor, PointMark, Points};
use weiqi_spec::SharedPoints;

use super::regions::{self, Reach};
use super::seki_eyes::Seki;

/// The points of a count, by kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Tally {
    /// Live stones of each colour (seki stones included).
    pub stones: ByColor<u32>,
    /// Empty points counted for one side.
    pub territory: ByColor<u32>,
    /// Empty points shared by both sides.
    pub shared: u32,
}

/// Counts the marks of a board (dead stones not yet overlaid).
#[must_use]
pub fn tally(marks: &[PointMark]) -> Tally {
    let mut t = Tally::default();
    for m in marks {
        match *m {
            PointMark::Stone(c) | PointMark::SekiStone(c) => t.stones[c] += 1,
            PointMark::Territory(c) => t.territory[c] += 1,
            PointMark::Shared => t.shared += 1,
            PointMark::Dead(_) | PointMark::Neutral => {}
        }
    }
    t
}

/// The mark of every point of `live` (every stone on it alive) under area scoring.
///
/// docs/variants.md 3.f: a stone counts for its colour; an empty point reaching only colour c
/// counts for c, unless the variant's seki rule voids it (`seki`); an empty point reaching
/// both colours is shared; one reaching no stone at all counts for nobody.
#[must_use]
pub fn marks(live: &Board, seki: &Seki) -> Vec<PointMark> {
    let reach = regions::reach_map(live);
    live.iter()
        .zip(reach)
        .map(|((p, content), reach)| match (content, reach) {
            (Some(c), _) if seki.stones.contains(&p) => PointMark::SekiStone(c),
            (Some(c), _) => PointMark::Stone(c),
            (None, _) if seki.void_eyes.contains(&p) => PointMark::Neutral,
            (None, Some(Reach::Only(c))) => PointMark::Territory(c),
            (None, Some(Reach::Both)) => PointMark::Shared,
            (None, _) => PointMark::Neutral,
        })
        .collect()
}

/// The empty points counted for each side: territory, plus half of every shared point under
/// `shared-points = "half"` (Chinese 1988, Ing), nothing for them under `neutral`.
#[must_use]
pub fn territory_points(t: &Tally, shared: SharedPoints) -> ByColor<Points> {
    let half_shared = match shared {
        SharedPoints::Half => i64::from(t.shared),
        SharedPoints::Neutral => 0,
    };
    t.territory
        .map(|n| Points::from_halves(2 * i64::from(n) + half_shared))
}

#[cfg(test)]
mod tests {
    use super::*;
    use weiqi_core::Color;

    #[test]
    fn tromp_taylor_counts_stones_and_reaching_points() {
        // docs/variants.md 3.f on a 3x3 board: Black 3 stones + 1 point, White 2 stones + 1 point,
        // (0,2) reaches both colours.
        let b = Board::from_diagram(". X .\nX X O\n. O .").expect("valid");
        let m = marks(&b, &Seki::default());
        let t = tally(&m);
        assert_eq!(t.stones, ByColor { black: 3, white: 2 });
        assert_eq!(t.territory, ByColor { black: 1, white: 1 });
        assert_eq!(t.shared, 2);
        assert_eq!(m[0], PointMark::Territory(Color::Black));
        assert_eq!(m[2], PointMark::Shared);
        let half = territory_points(&t, SharedPoints::Half);
        assert_eq!(
            half,
            ByColor {
                black: Points::whole(2),
                white: Points::whole(2)
            }
        );
        let neutral = territory_points(&t, SharedPoints::Neutral);
        assert_eq!(
            neutral,
            ByColor {
                black: Points::whole(1),
                white: Points::whole(1)
            }
        );
    }
}
