//! The cleanup search: proving by play that the stones of a small enclosed area are dead.
//!
//! For each area of the defender (a connected set of points holding no stone of the owner)
//! that holds no string proved by analysis and at most [`MAX_EMPTY`] empty points, and whose
//! surrounding owner strings are safe from outside (unconditionally alive, or with more
//! liberties outside the area than the defender has plays in the search, so that no attack
//! from outside can capture them in time), an AND-OR search on the engine, from the stones with
//! the defender to move: the defender tries every empty point of the area and the pass (a play
//! elsewhere), the owner every empty point of the area (the liberties of the defender's strings
//! first). The owner wins a line when no defender stone is left in the area. A line with a ko
//! shape (a one-stone capture leaving the capturer one liberty) is lost for the owner (ko
//! threats elsewhere are not read), and so is a defender play that captures owner stones.
//! Running out of budget or depth is a loss too, so stones are proved dead only when every
//! defence was refuted.
//!
//! Invariant: the search does not read the playouts, so what it proves does not depend on
//! them; it calls dead only strings whose capture it refuted every defence against.

use weiqi_core::{Move, Phase, Referee, Setup};
use weiqi_engine::Engine;

use crate::grid::{EMPTY, Frame, Grid, NONE, Strings, color_of, other};
use crate::{How, Status, benson};

/// The largest number of empty points of an area the search reads.
pub(crate) const MAX_EMPTY: usize = 8;

/// One search's state.
struct Search<'a> {
    grid: &'a Grid,
    region: Vec<usize>,
    owner: u8,
    budget: u32,
}

impl Search<'_> {
    fn play(&mut self, e: &mut Engine, mv: Move) -> Option<bool> {
        if self.budget == 0 {
            return None;
        }
        self.budget -= 1;
        if e.play(mv).is_err() {
            return Some(false);
        }
        Some(true)
    }

    /// Whether the last play made a ko shape: it captured one stone and its string has one
    /// liberty.
    fn ko_shape(&self, e: &Engine, mv: Move) -> bool {
        let Move::Play(p) = mv else { return false };
        if e.captured().len() != 1 {
            return false;
        }
        e.position().liberties(p) == 1
    }

    /// The owner's win: no defender stone left in the area.
    fn won(&self, e: &Engine) -> bool {
        let defender = Some(color_of(other(self.owner)));
        self.region
            .iter()
            .all(|&p| e.stone(self.grid.point(p)) != defender)
    }

    /// The empty points of the area, the liberties of defender strings first.
    fn moves(&self, e: &Engine) -> Vec<usize> {
        let defender = Some(color_of(other(self.owner)));
        let (mut first, mut rest): (Vec<usize>, Vec<usize>) = self
            .region
            .iter()
            .copied()
            .filter(|&p| e.stone(self.grid.point(p)).is_none())
            .partition(|&p| {
                self.grid
                    .adj(p)
                    .any(|n| e.stone(self.grid.point(n)) == defender)
            });
        first.append(&mut rest);
        first
    }

    /// The owner to move: whether some move wins against every defence.
    fn owner_node(&mut self, e: &mut Engine, depth: usize) -> Option<bool> {
        if e.phase() != Phase::Playing || depth == 0 {
            return Some(false);
        }
        for p in self.moves(e) {
            let mv = Move::Play(self.grid.point(p));
            if !self.play(e, mv)? {
                continue;
            }
            let result = if self.ko_shape(e, mv) {
                Some(false)
            } else if self.won(e) {
                Some(true)
            } else {
                self.defender_node(e, depth - 1)
            };
            e.undo();
            if result? {
                return Some(true);
            }
        }
        Some(false)
    }

    /// The defender to move: whether the owner wins against every move and the pass.
    fn defender_node(&mut self, e: &mut Engine, depth: usize) -> Option<bool> {
        if e.phase() != Phase::Playing || depth == 0 {
            return Some(false);
        }
        let moves: Vec<Move> = self
            .moves(e)
            .into_iter()
            .map(|p| Move::Play(self.grid.point(p)))
            .chain([Move::Pass])
            .collect();
        for mv in moves {
            if !self.play(e, mv)? {
                continue;
            }
            // A defender play that captures owner stones (a string around the area, or stones
            // the owner played inside) ends the proof: the area is no longer enclosed as read.
            let result = if self.ko_shape(e, mv) || !e.position().captured().is_empty() {
                Some(false)
            } else {
                self.owner_node(e, depth - 1)
            };
            e.undo();
            if !result? {
                return Some(false);
            }
        }
        Some(true)
    }
}

/// Turns the estimated dead strings whose capture the search proves into proved by play,
/// spending at most `budget` engine plays in all.
#[allow(clippy::too_many_arguments)]
pub(crate) fn confirm(
    grid: &Grid,
    frame: &Frame,
    engine: &Engine,
    cells: &[u8],
    strings: &Strings,
    verdict: &mut [(Status, How)],
    budget: u32,
    self_capture: bool,
) {
    let mut left = budget;
    for defender in [crate::grid::BLACK, crate::grid::WHITE] {
        let owner = other(defender);
        // The owner's unconditionally alive stones of the position judged.
        let start = benson::benson(grid, cells, strings, owner, self_capture);
        let alive_at_start: Vec<bool> = (0..grid.len)
            .map(|i| {
                strings.of[i] != NONE && cells[i] == owner && start.alive[strings.of[i] as usize]
            })
            .collect();
        let (areas, _) = grid.components(|i| cells[i] != owner);
        for area in areas {
            if left == 0 {
                return;
            }
            let mut targets: Vec<usize> = area
                .iter()
                .filter(|&&p| cells[p] == defender)
                .map(|&p| strings.of[p] as usize)
                .collect();
            targets.sort_unstable();
            targets.dedup();
            let empties = area.iter().filter(|&&p| cells[p] == EMPTY).count();
            let none_proved = targets.iter().all(|&k| verdict[k].1 != How::Proved);
            // Every owner string around the area is safe from outside: unconditionally alive,
            // or with more liberties outside the area than the defender has plays in the search.
            let mut around: Vec<usize> = area
                .iter()
                .flat_map(|&p| grid.adj(p))
                .filter(|&n| cells[n] == owner)
                .map(|n| strings.of[n] as usize)
                .collect();
            around.sort_unstable();
            around.dedup();
            let in_area = |i: usize| area.binary_search(&i).is_ok();
            let borders_alive = around.iter().all(|&k| {
                let stones = &strings.stones[k];
                if alive_at_start[stones[0]] {
                    return true;
                }
                let mut outside: Vec<usize> = stones
                    .iter()
                    .flat_map(|&q| grid.adj(q))
                    .filter(|&n| cells[n] == EMPTY && !in_area(n))
                    .collect();
                outside.sort_unstable();
                outside.dedup();
                outside.len() >= empties + 5
            });
            if targets.is_empty() || !none_proved || !borders_alive || empties > MAX_EMPTY {
                continue;
            }
            let board = engine.position().board();
            let setup = Setup {
                komi: Some(engine.komi()),
                ..Setup::from_board(&board, color_of(defender))
            };
            let Ok(mut e) = Engine::new(engine.ruleset(), setup) else {
                continue;
            };
            if e.phase() != Phase::Playing || e.to_move() != color_of(defender) {
                continue;
            }
            // The points in the canonical frame's order.
            let mut region = area.clone();
            region.sort_by_key(|&p| frame.rank[p]);
            let mut search = Search {
                grid,
                region,
                owner,
                budget: left,
            };
            let proved = search.defender_node(&mut e, 2 * empties + 8) == Some(true);
            left = search.budget;
            if proved {
                for &k in &targets {
                    verdict[k] = (Status::Dead, How::ProvedByPlay);
                }
            }
        }
    }
}
