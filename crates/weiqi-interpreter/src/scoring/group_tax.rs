//! `scoring.group-tax`: the two-point tax of every independent-life region (KataGo's
//! `TAX_ALL`, "ancient" stone scoring: `board.cpp` `calculateIndependentLifeArea` counts the
//! regions, `boardhistory.cpp` `countAreaScoreWhiteMinusBlack` takes "2 *
//! whiteMinusBlackIndependentLifeRegionCount" from White's score).
//!
//! The clause, as `spec/README.md` states it: a region is a connected set of one colour's area
//! (its stones and the empty points reaching only it, once the dead stones are removed); it has
//! independent life when it is not in seki under the region-level rule, that is when it touches
//! no dame point and holds no stone of its owner in atari; each such region costs its owner two
//! points of territory.

use std::collections::BTreeSet;

use weiqi_core::{Board, ByColor, Point};

use super::regions;
use super::seki_eyes::{is_dame, owner};

/// The independent-life regions of each colour on `board` (dead stones already removed).
#[must_use]
pub fn independent_regions(board: &Board) -> ByColor<u32> {
    let reach = regions::reach_map(board);
    let in_atari: BTreeSet<Point> = regions::strings(board)
        .into_iter()
        .filter(|s| regions::liberties(board, s).len() == 1)
        .flatten()
        .collect();
    let mut seen = BTreeSet::new();
    let mut count = ByColor { black: 0, white: 0 };
    for p in board.size().points() {
        let Some(c) = owner(board, &reach, p) else {
            continue;
        };
        if !seen.insert(p) {
            continue;
        }
        let mut region = vec![p];
        let mut k = 0;
        while k < region.len() {
            let q = region[k];
            k += 1;
            for n in board.neighbours(q) {
                if owner(board, &reach, n) == Some(c) && seen.insert(n) {
                    region.push(n);
                }
            }
        }
        let touches_dame = region
            .iter()
            .flat_map(|&q| board.neighbours(q))
            .any(|n| is_dame(board, &reach, n));
        let has_atari = region.iter().any(|q| in_atari.contains(q));
        if !touches_dame && !has_atari {
            *count.get_mut(c) += 1;
        }
    }
    count
}

/// The ruling's note on the tax, if any region pays it.
#[must_use]
pub fn note(regions: ByColor<u32>) -> Option<String> {
    (regions.black + regions.white > 0).then(|| {
        format!(
            "group tax (scoring.group-tax): black {} independent regions, white {}, two points \
             each",
            regions.black, regions.white
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// KataGo calculateIndependentLifeAreaHelper: a region touching dame is seki and pays no
    /// tax; each living group with its own area pays.
    #[test]
    fn living_regions_pay_and_seki_regions_do_not() {
        // One black region and one white region, no dame, no string in atari.
        let b = Board::from_diagram(
            ". . X O . .\n\
             X X X O O O\n\
             O O O O O O",
        )
        .expect("diagram");
        let n = independent_regions(&b);
        assert_eq!((n.black, n.white), (1, 1));
        // A dame point between the colours: both regions touch it, no tax.
        let seki = Board::from_diagram(". X . O .").expect("diagram");
        let n = independent_regions(&seki);
        assert_eq!((n.black, n.white), (0, 0));
    }
}
