//! The memory figures of issue 11: the time to copy a 19x19 position without its history (a
//! Go program's copy for a playout) and a whole game with its history, at the end of a corpus
//! game, and the history's size per move.

use weiqi_core::Setup;
use weiqi_engine::Engine;

use crate::Workload;
use crate::corpus::Corpus;
use crate::run::{BenchError, measured};
use crate::timing::cpu_timed;

/// What [`measure`] found.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Copies {
    /// Moves of the game copied.
    pub moves: usize,
    /// CPU nanoseconds per copy of the position (`Engine::position().clone()`).
    pub position_ns: f64,
    /// CPU nanoseconds per copy of the whole game, history included (`Engine::clone`).
    pub engine_ns: f64,
    /// Bytes of history per move (`Engine::history_bytes` over the moves played).
    pub history_bytes_per_move: f64,
}

/// Replays the longest game of `corpus` on the engine (the W3 variant), then copies its
/// position `copies` times and the whole game `copies / 10` times (at least once).
pub fn measure(corpus: &Corpus, copies: u64) -> Result<Copies, BenchError> {
    let rules = Workload::W3
        .ruleset()
        .map_err(|e| BenchError(e.to_string()))?;
    let game = corpus
        .games
        .iter()
        .max_by_key(|g| g.moves.len())
        .ok_or_else(|| BenchError("empty corpus".into()))?;
    let mut engine =
        Engine::new(&rules, Setup::even(corpus.size)).map_err(|e| BenchError(e.to_string()))?;
    let start = engine.history_bytes();
    for &mv in &game.moves {
        engine
            .play(mv)
            .map_err(|e| BenchError(format!("corpus move {mv}: {e}")))?;
    }
    let copies = copies.max(1);
    let (sum, position_cpu) = cpu_timed(|| {
        measured(|| {
            let mut sum = 0u64;
            for _ in 0..copies {
                let p = std::hint::black_box(engine.position()).clone();
                sum = sum.wrapping_add(std::hint::black_box(&p).hash());
            }
            sum
        })
    });
    let games = (copies / 10).max(1);
    let (moves, engine_cpu) = cpu_timed(|| {
        let mut moves = 0usize;
        for _ in 0..games {
            let g = std::hint::black_box(&engine).clone();
            moves += std::hint::black_box(&g).empty_points().len();
        }
        moves
    });
    std::hint::black_box((sum, moves));
    Ok(Copies {
        moves: game.moves.len(),
        position_ns: position_cpu.as_nanos() as f64 / copies as f64,
        engine_ns: engine_cpu.as_nanos() as f64 / games as f64,
        history_bytes_per_move: (engine.history_bytes() - start) as f64
            / game.moves.len().max(1) as f64,
    })
}
