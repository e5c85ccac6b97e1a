//! Benson's unconditional life under the variant's suicide rule, and the stones it proves dead.
//!
//! D. B. Benson, "Life in the game of Go" (1976), the algorithm of GNU Go's
//! `unconditional_status` and of KataGo's pass-alive areas: "Let X be the set of all black
//! chains and R the set of all black-enclosed regions of X. Repeat: remove from X every chain
//! with fewer than two vital regions in R; remove from R every region whose surrounding chains
//! are not all in X; until nothing is removed." A region is vital to a chain when every empty
//! point of the region is a liberty of the chain.
//!
//! With self-capture (any suicide rule but `forbidden`) the opponent can remove its own stones
//! inside a region and leave empty points that are no liberty of the chain, so a region is
//! vital only when *every* point of it, stone or empty, is next to the chain (the counter-example
//! came from a random-position test of the command line's first version of this code).
//!
//! Invariant: what this module calls alive cannot be captured whatever the opponent plays while
//! the owner passes; what it calls dead stands in a region the owner can fill point by point
//! with uncapturable stones, so it is captured whatever its owner plays.

use crate::grid::{EMPTY, Grid, NONE, Strings};

/// The result of Benson's algorithm for one colour.
#[derive(Debug, Clone, Default)]
pub(crate) struct Benson {
    /// Per string of [`Strings`]: unconditionally alive (only strings of the colour asked).
    pub(crate) alive: Vec<bool>,
    /// The regions enclosed only by alive strings whose every empty point (every point, with
    /// self-capture) is a liberty of one of them: the colour's safe enclosures.
    pub(crate) safe_regions: Vec<Vec<usize>>,
}

/// Benson's algorithm for colour code `color` on `cells` (see the module doc).
pub(crate) fn benson(
    grid: &Grid,
    cells: &[u8],
    strings: &Strings,
    color: u8,
    self_capture: bool,
) -> Benson {
    let (regions, _) = grid.components(|i| cells[i] != color);
    let chain_at = |i: usize| {
        let s = strings.of[i];
        (s != NONE && strings.color[s as usize] == color).then_some(s as usize)
    };
    let mut borders: Vec<Vec<usize>> = Vec::with_capacity(regions.len());
    let mut vital: Vec<Vec<usize>> = Vec::with_capacity(regions.len());
    for r in &regions {
        let mut border: Vec<usize> = r
            .iter()
            .flat_map(|&p| grid.adj(p))
            .filter_map(chain_at)
            .collect();
        border.sort_unstable();
        border.dedup();
        let has_empty = r.iter().any(|&p| cells[p] == EMPTY);
        let mut v = if has_empty {
            border.clone()
        } else {
            Vec::new()
        };
        for &e in r.iter().filter(|&&p| self_capture || cells[p] == EMPTY) {
            if v.is_empty() {
                break;
            }
            v.retain(|&c| grid.adj(e).any(|n| chain_at(n) == Some(c)));
        }
        borders.push(border);
        vital.push(v);
    }
    let mut in_x = vec![false; strings.stones.len()];
    for (k, &c) in strings.color.iter().enumerate() {
        in_x[k] = c == color;
    }
    let mut in_r = vec![true; regions.len()];
    loop {
        let mut changed = false;
        let mut count = vec![0u32; strings.stones.len()];
        for (r, v) in vital.iter().enumerate() {
            if in_r[r] {
                for &c in v {
                    count[c] += 1;
                }
            }
        }
        for (c, alive) in in_x.iter_mut().enumerate() {
            if *alive && count[c] < 2 {
                *alive = false;
                changed = true;
            }
        }
        for (r, kept) in in_r.iter_mut().enumerate() {
            if *kept && borders[r].iter().any(|&c| !in_x[c]) {
                *kept = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let safe_regions = regions
        .into_iter()
        .enumerate()
        .filter(|(r, points)| {
            in_r[*r]
                && !borders[*r].is_empty()
                && points.iter().any(|&p| cells[p] == EMPTY)
                && points.iter().all(|&p| {
                    (cells[p] != EMPTY && !self_capture)
                        || grid.adj(p).any(|n| chain_at(n).is_some_and(|c| in_x[c]))
                })
        })
        .map(|(_, r)| r)
        .collect();
    Benson {
        alive: in_x,
        safe_regions,
    }
}

#[cfg(test)]
mod tests {
    use weiqi_core::Board;

    use super::*;
    use crate::grid::{BLACK, WHITE};

    fn setup(text: &str) -> (Grid, Vec<u8>, Strings) {
        let board = Board::from_diagram(text).expect("diagram");
        let grid = Grid::new(board.size());
        let cells = grid.cells(&board);
        let strings = Strings::new(&grid, &cells);
        (grid, cells, strings)
    }

    #[test]
    fn two_eyes_are_unconditionally_alive_and_one_is_not() {
        // Benson 1976: a chain with two vital regions is alive; with one it is not.
        let (g, c, s) = setup(
            ". X . X O
             X X X X O
             O O O O O
             . . . . .
             . . . . .",
        );
        let b = benson(&g, &c, &s, BLACK, false);
        assert!(b.alive[s.of[1] as usize]);
        let (g, c, s) = setup(
            ". X X X O
             X X X X O
             O O O O O
             . . . . .
             . . . . .",
        );
        assert!(!benson(&g, &c, &s, BLACK, false).alive.iter().any(|&a| a));
    }

    #[test]
    fn a_stone_in_a_vital_region_of_an_alive_string_stands_in_a_safe_region() {
        // The white stone at (0, 3) stands in a region of Black's whose empty points are all
        // liberties of the unconditionally alive black string.
        let (g, c, s) = setup(
            ". X . O . X
             X X X X X X
             . . . . . .
             . . . . . .",
        );
        for self_capture in [false, true] {
            let b = benson(&g, &c, &s, BLACK, self_capture);
            assert!(b.safe_regions.iter().any(|r| r.contains(&3)), "{b:?}");
            assert!(
                !benson(&g, &c, &s, WHITE, self_capture)
                    .alive
                    .iter()
                    .any(|&a| a)
            );
        }
    }
}
