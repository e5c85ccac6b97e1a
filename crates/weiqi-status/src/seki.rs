//! Seki, structurally: the shared liberties of strings of both colours that neither side can
//! fill without putting its own string in atari (or capturing nothing by suicide).
//!
//! A point is a shared liberty in seki when it is next to a string of each colour and a play of
//! either colour there joins an own string, captures nothing and leaves the joined string at
//! most one liberty. That covers seki without eyes (two strings sharing two liberties) and with
//! one eye each (an eye and one shared liberty each side). The judge checks the points against
//! the playouts (they must end empty in most of them) before it calls the strings seki.
//!
//! Invariant: read on the board without the stones the judge calls dead; a point in atari
//! (a play there captures) is never seki.

use crate::grid::{BLACK, EMPTY, Grid, WHITE};
use crate::playout::Sim;

/// The empty points of `sim.cells` that are shared liberties in seki (row-major).
pub(crate) fn seki_points(grid: &Grid, sim: &mut Sim<'_>) -> Vec<usize> {
    let mut out = Vec::new();
    for p in 0..grid.len {
        if sim.cells[p] != EMPTY {
            continue;
        }
        let mut seen = 0u8;
        for n in grid.adj(p) {
            seen |= sim.cells[n];
        }
        if seen != BLACK | WHITE {
            continue;
        }
        if [BLACK, WHITE].iter().all(|&c| sim.fills_into_atari(p, c)) {
            out.push(p);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use weiqi_core::{Board, Color};

    use super::*;
    use crate::grid::Frame;

    fn points(text: &str) -> Vec<usize> {
        let board = Board::from_diagram(text).expect("diagram");
        let grid = Grid::new(board.size());
        let cells = grid.cells(&board);
        let frame = Frame::new(&grid, &cells, crate::grid::code(Color::Black));
        let mut sim = Sim::new(&grid, &frame);
        sim.cells = cells;
        seki_points(&grid, &mut sim)
    }

    #[test]
    fn two_strings_sharing_two_liberties_without_eyes_are_seki() {
        // ogs-score-estimator patterns/seki_1.game (the top-left corner): the black corner
        // string and the white string beside it share (0,1) and (1,1) and nothing else.
        let found = points(
            "X . O X . . .
             X . O X . . .
             X X O X . . .
             O O X X . . .
             O . O O X X .
             . O . . O . .
             . . . O . . .",
        );
        assert_eq!(found, vec![1, 8]);
    }

    #[test]
    fn a_shared_liberty_that_captures_is_no_seki() {
        // The white stone in the corner has one liberty: Black's play there captures it.
        let found = points(
            "O . X .
             X X X .
             . . . .
             . . . .",
        );
        assert!(found.is_empty());
    }
}
