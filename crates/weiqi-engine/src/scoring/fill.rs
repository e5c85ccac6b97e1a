//! `scoring.neutral-fill = "fill-first"`: the dame filling made before a territory count, and
//! the seki marks of `seki-eyes = "count"` variants (DECISIONS.md 10).
//!
//! Interim procedure: the one the interpreter on `main` documents (scan the dame row by row,
//! try Black then White, fill when every string next to the point keeps two liberties and the
//! rest of the region still reaches both colours, repeat until a scan fills nothing). It is
//! replaced by the redesigned definition of `spec/FILLING.md` (issue 8) once that text exists.

use weiqi_core::{Color, Point};

use super::grid::{BLACK, EMPTY, Grid, WHITE, cell_of};

/// Whether filling the empty cell `i` with `c` is safe by the interim procedure: every
/// string next to `i` (the filler's own included) keeps two liberties, and every empty cell
/// next to `i` still reaches both colours. The grid is left unchanged either way.
fn safe_fill(g: &mut Grid, i: usize, c: u8, scratch: &mut Vec<u32>) -> bool {
    g.cells[i] = c;
    let mut ok = g.liberties_from(i, scratch) >= 2;
    for n in g.neighbours(i) {
        if !ok {
            break;
        }
        match g.cells[n] {
            BLACK | WHITE => ok = g.liberties_from(n, scratch) >= 2,
            // The rest of the region is reached from the empty neighbours of `i`.
            EMPTY => ok = g.touch_from(n) == BLACK | WHITE,
            _ => {}
        }
    }
    g.cells[i] = EMPTY;
    ok
}

/// Fills the neutral points of `g` (every stone alive) in place and returns the fills in
/// order. The labels of `g` are stale afterwards; the caller relabels.
pub(crate) fn fill_first(g: &mut Grid) -> Vec<(Point, Color)> {
    let mut filled = Vec::new();
    let mut scratch = Vec::with_capacity(g.points_count());
    let mut candidates = Vec::with_capacity(g.points_count());
    loop {
        let mut changed = false;
        candidates.clear();
        candidates.extend(g.board_cells().filter(|&i| g.cells[i] == EMPTY));
        for &i in &candidates {
            if g.cells[i] != EMPTY {
                continue;
            }
            let next_to_stone = g
                .neighbours(i)
                .into_iter()
                .any(|n| matches!(g.cells[n], BLACK | WHITE));
            if !next_to_stone || g.touch_from(i) != BLACK | WHITE {
                continue;
            }
            for color in Color::ALL {
                if safe_fill(g, i, cell_of(color), &mut scratch) {
                    g.cells[i] = cell_of(color);
                    filled.push((g.point(i), color));
                    changed = true;
                    break;
                }
            }
        }
        if !changed {
            return filled;
        }
    }
}
