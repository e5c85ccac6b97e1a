//! The cleanup search: proving by play that strings the playouts call dead are dead.
//!
//! For each area of the defender (a connected set of points holding no stone of the owner)
//! that holds no string proved by analysis, at most [`MAX_EMPTY`] empty points, and only owner
//! strings around it that are unconditionally alive already (so that the defender has nothing
//! to attack outside the area), an AND-OR search on the engine, from the stones with the defender to move: the defender tries
//! every empty point of the area and the pass, the owner every empty point of the area (the
//! liberties of the defender's strings first). The owner wins a line when no defender stone is
//! left in the area and every owner string next to the area is then unconditionally alive
//! (Benson). A line with a ko shape (a one-stone capture leaving the capturer one liberty) is
//! lost for the owner: ko threats elsewhere are not read. Running out of budget or depth is a
//! loss too, so a verdict is proved only when every defence was refuted.
//!
//! Invariant: the search does not read the playouts, so what it proves does not depend on
//! them; it calls dead only strings whose capture it refuted every defence against.

use weiqi_core::{Move, Phase, Referee, Setup};
use weiqi_engine::Engine;

use crate::grid::{EMPTY, Frame, Grid, NONE, Strings, code, color_of, other};
use crate::{How, Status, benson};

/// The largest number of empty points of an area the search reads.
pub(crate) const MAX_EMPTY: usize = 8;

/// One search's state.
struct Search<'a> {
    grid: &'a Grid,
    region: Vec<usize>,
    owner: u8,
    budget: u32,
    self_capture: bool,
}

impl Search<'_> {
    fn cells(&self, e: &Engine) -> Vec<u8> {
        (0..self.grid.len)
            .map(|i| e.stone(self.grid.point(i)).map_or(EMPTY, code))
            .collect()
    }

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

    /// The owner's win: no defender stone in the area, every owner string next to it alive.
    fn won(&mut self, e: &Engine) -> Option<bool> {
        let defender = other(self.owner);
        let cells = self.cells(e);
        if self.region.iter().any(|&p| cells[p] == defender) {
            return Some(false);
        }
        let cost = u32::try_from(self.grid.len / 8).unwrap_or(u32::MAX).max(1);
        if self.budget < cost {
            return None;
        }
        self.budget -= cost;
        let strings = Strings::new(self.grid, &cells);
        let b = benson::benson(self.grid, &cells, &strings, self.owner, self.self_capture);
        let all_alive = self.region.iter().all(|&p| {
            self.grid.adj(p).all(|n| {
                let s = strings.of[n];
                s == NONE || cells[n] != self.owner || b.alive[s as usize]
            })
        });
        Some(all_alive)
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
            } else if self.won(e)? {
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
            let result = if self.ko_shape(e, mv) {
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
            let borders_alive = area
                .iter()
                .all(|&p| grid.adj(p).all(|n| cells[n] != owner || alive_at_start[n]));
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
                self_capture,
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
