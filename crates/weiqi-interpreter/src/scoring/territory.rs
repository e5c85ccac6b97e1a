//! `scoring.scoring = "territory"`: surrounded empty points plus prisoners (J89 Art. 8 and 10,
//! AGA \[S4\], Russian 2010 Japanese tradition \[S2\] 4.3).
//!
//! Territory: empty points whose region is bordered by one colour only, less the eyes the
//! variant's seki rule voids (`seki-eyes`). Prisoners: stones captured during play, stones
//! removed as dead, and (AGA) the opponent's pass stones. Dame count for nobody. With
//! `neutral-fill = "fill-first"` the classification is made on the board after the neutral
//! points were filled (docs/decisions.md 10); the filled points themselves stay dame.

use weiqi_core::{Board, PointMark};

use super::neutral_fill::{Cell, Class, Filling};
use super::regions::{self, Reach};
use super::seki_eyes::Seki;

/// The mark of every point of `live` (every stone on it alive) under territory scoring.
///
/// `counted` is the board the classification is made on (`live` itself, or `live` after the
/// neutral fill); `seki` was found on `counted`. J89 Art. 8: "empty points surrounded by live
/// stones of only one player are eye points; all other empty points are dame"; an eye point
/// is territory unless the seki rule voids it.
#[must_use]
pub fn marks(live: &Board, counted: &Board, seki: &Seki) -> Vec<PointMark> {
    let reach = regions::reach_map(counted);
    live.iter()
        .zip(reach)
        .map(|((p, content), reach)| match (content, reach) {
            (Some(c), _) if seki.stones.contains(&p) => PointMark::SekiStone(c),
            (Some(c), _) => PointMark::Stone(c),
            (None, _) if counted.get(p).is_some() || seki.void_eyes.contains(&p) => {
                PointMark::Neutral
            }
            (None, Some(Reach::Only(c))) => PointMark::Territory(c),
            (None, _) => PointMark::Neutral,
        })
        .collect()
}

/// The mark of every point of `live` after the filling of `spec/FILLING.md` (5.3, 5.4): a stone
/// is a seki stone if `seki` holds it; an empty point is territory of c if it is an eye point of
/// c in `live`, still empty after the filling (not a teire) and not voided by `seki`; every other
/// empty point (a dame, filled or open, or a teire) counts for nobody.
#[must_use]
pub fn marks_after_fill(live: &Board, filling: &Filling, seki: &Seki) -> Vec<PointMark> {
    live.iter()
        .map(|(p, content)| match content {
            Some(c) if seki.stones.contains(&p) => PointMark::SekiStone(c),
            Some(c) => PointMark::Stone(c),
            None => match (filling.class(p), filling.cell(p)) {
                (Some(Class::Eye(c)), Some(Cell::Empty)) if !seki.void_eyes.contains(&p) => {
                    PointMark::Territory(c)
                }
                _ => PointMark::Neutral,
            },
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scoring::area::tally;
    use crate::scoring::seki_eyes::{Seki, string_level};
    use weiqi_core::ByColor;

    #[test]
    fn dame_and_stones_count_for_nobody() {
        // J89 Art. 8: only eye points count; dame are nobody's; stones are not counted.
        let b = Board::from_diagram(". X .\nX X O\n. O .").expect("valid");
        let t = tally(&marks(&b, &b, &Seki::default()));
        assert_eq!(t.territory, ByColor { black: 1, white: 1 });
        assert_eq!(t.shared, 0);
    }

    #[test]
    fn the_literal_dame_trap_scores_nothing() {
        // docs/variants.md 4.6, dame trap: literal Art. 8 gives 0 : 0 with (3,2) open.
        let b = Board::from_diagram(". X O . .\nX X O . .\n. X O O O\nX X . O .\n. X O O O")
            .expect("valid");
        let t = tally(&marks(&b, &b, &string_level(&b)));
        assert_eq!(t.territory, ByColor { black: 0, white: 0 });
    }
}
