//! Pass-dead stones (`scoring.pass-dead = "dead"`): the stones of each colour inside the
//! other colour's pass-alive area, Benson's unconditional life as KataGo's `calculateArea`
//! computes it (the clause is in `spec/README.md`).
//!
//! The engine's own count, on the padded grid: one labelling pass per colour gives every
//! string of the colour and every region (connected cells that are empty or the other colour,
//! holding an empty cell) an id; one pass over the region cells counts, per (region, string)
//! pair, how many of the region's counted cells touch the string (a cell touches at most four
//! strings, so the pairs are few); a region is vital to a string when that count equals the
//! region's number of counted cells. The Benson iteration then works on those small tables
//! only. It runs once per count, and only under `pass-dead = "dead"`.

use weiqi_core::{Board, Point};

use super::grid::{BLACK, EDGE, EMPTY, Grid, WHITE};

/// No id.
const NONE: u32 = u32::MAX;

/// The pass-dead stones of `board`, in row-major order. `suicide_legal`: every point of a
/// region, stones included, must touch a string for the region to be vital to it.
#[must_use]
pub(crate) fn pass_dead(board: &Board, suicide_legal: bool) -> Vec<Point> {
    let mut g = Grid::new(board.size());
    g.load(board);
    let mut dead = vec![false; g.cells.len()];
    for own in [BLACK, WHITE] {
        mark_dead(&g, own, suicide_legal, &mut dead);
    }
    g.board_cells()
        .filter(|&i| dead[i])
        .map(|i| g.point(i))
        .collect()
}

/// Flags the other colour's stones in `own`'s pass-alive regions.
fn mark_dead(g: &Grid, own: u8, suicide_legal: bool, dead: &mut [bool]) {
    let n = g.cells.len();
    // String ids of `own` stones, region ids of empty-or-other cells reached from an empty
    // cell.
    let mut string_id = vec![NONE; n];
    let mut region_id = vec![NONE; n];
    let mut strings = 0u32;
    let mut region_cells: Vec<Vec<usize>> = Vec::new();
    let mut stack = Vec::new();
    for start in g.board_cells() {
        let c = g.cells[start];
        if c == own && string_id[start] == NONE {
            flood(g, start, |x| x == own, strings, &mut string_id, &mut stack);
            strings += 1;
        }
    }
    for start in g.board_cells() {
        if g.cells[start] == EMPTY && region_id[start] == NONE {
            let id = region_cells.len() as u32;
            let mut cells = Vec::new();
            stack.push(start);
            region_id[start] = id;
            while let Some(i) = stack.pop() {
                cells.push(i);
                for j in g.neighbours(i) {
                    let x = g.cells[j];
                    if x != own && x != EDGE && region_id[j] == NONE {
                        region_id[j] = id;
                        stack.push(j);
                    }
                }
            }
            region_cells.push(cells);
        }
    }
    let strings = strings as usize;
    // Per region: the strings it borders, the (string, touching counted cells) pairs, the
    // number of counted cells and of cells touching no `own` stone.
    let mut borders: Vec<Vec<u32>> = vec![Vec::new(); region_cells.len()];
    let mut touch: Vec<Vec<(u32, u32)>> = vec![Vec::new(); region_cells.len()];
    let mut counted = vec![0u32; region_cells.len()];
    let mut inside = vec![0u32; region_cells.len()];
    for (r, cells) in region_cells.iter().enumerate() {
        for &i in cells {
            let mut near = [NONE; 4];
            for (k, j) in g.neighbours(i).into_iter().enumerate() {
                near[k] = string_id[j];
            }
            let mut distinct = [NONE; 4];
            let mut d = 0;
            for s in near {
                if s != NONE && !distinct[..d].contains(&s) {
                    distinct[d] = s;
                    d += 1;
                }
            }
            if d == 0 {
                inside[r] += 1;
            }
            for &s in &distinct[..d] {
                if !borders[r].contains(&s) {
                    borders[r].push(s);
                }
            }
            if suicide_legal || g.cells[i] == EMPTY {
                counted[r] += 1;
                for &s in &distinct[..d] {
                    match touch[r].iter_mut().find(|(t, _)| *t == s) {
                        Some((_, k)) => *k += 1,
                        None => touch[r].push((s, 1)),
                    }
                }
            }
        }
    }
    // Benson: strings with fewer than two vital regions among the regions bordering only
    // living strings die, until none does.
    let mut alive = vec![true; strings];
    loop {
        let healthy: Vec<bool> = borders
            .iter()
            .map(|b| b.iter().all(|&s| alive[s as usize]))
            .collect();
        let mut vital = vec![0u32; strings];
        for r in 0..region_cells.len() {
            if !healthy[r] {
                continue;
            }
            for &(s, k) in &touch[r] {
                if k == counted[r] {
                    vital[s as usize] += 1;
                }
            }
        }
        let mut changed = false;
        for s in 0..strings {
            if alive[s] && vital[s] < 2 {
                alive[s] = false;
                changed = true;
            }
        }
        if !changed {
            for r in 0..region_cells.len() {
                let healthy = borders[r].iter().all(|&s| alive[s as usize]);
                if healthy && !borders[r].is_empty() && inside[r] <= 1 {
                    for &i in &region_cells[r] {
                        if g.cells[i] != EMPTY {
                            dead[i] = true;
                        }
                    }
                }
            }
            return;
        }
    }
}

/// Labels the cells of the string or area at `start` (cells whose content passes `same`).
fn flood(
    g: &Grid,
    start: usize,
    same: impl Fn(u8) -> bool,
    id: u32,
    label: &mut [u32],
    stack: &mut Vec<usize>,
) {
    label[start] = id;
    stack.push(start);
    while let Some(i) = stack.pop() {
        for j in g.neighbours(i) {
            if same(g.cells[j]) && label[j] == NONE {
                label[j] = id;
                stack.push(j);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(diagram: &str, suicide_legal: bool, expected: &[&str]) {
        let board = Board::from_diagram(diagram).expect("diagram");
        let got: Vec<String> = pass_dead(&board, suicide_legal)
            .iter()
            .map(|p| p.to_sgf())
            .collect();
        assert_eq!(got, expected, "{diagram}");
    }

    /// KataGo board.cpp calculateAreaForPla (pass-alive territory holds the other colour's
    /// stones) and its suicide variant (a region's stones must touch the string too).
    #[test]
    fn pass_dead_stones_as_katago_marks_them() {
        check(". X . O X\nX X X X X\n. . . . .", false, &["da"]);
        check(". X O . .\nX X O . .\nO O O . .", false, &[]);
        let board = "X . O . X\nX X . X X\n. X X X X";
        check(board, false, &["ca"]);
        check(board, true, &[]);
    }
}
