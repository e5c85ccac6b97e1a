//! One measured run of a workload on one implementation, and its `key=value` line.

use std::fmt;
use std::time::Duration;

use weiqi_core::BoardSize;

use crate::corpus::{Corpus, CorpusError};
use crate::engine_driver::EngineBoard;
use crate::goban_driver::GobanBoard;
use crate::interpreter_driver::InterpreterBoard;
pub use crate::measure::{BenchError, Scored, measured_area, measured_territory};
use crate::timing::cpu_timed;
use crate::{PlayoutBoard, ReplayError, Rng, Scratch, Workload, playout, replay};

/// An implementation under test.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Impl {
    /// The engine (`weiqi-engine`).
    Engine,
    /// The interpreter (`weiqi-interpreter`), through the `Referee` trait.
    Interpreter,
    /// The `goban` 0.20.1 crate, the in-run baseline.
    Goban,
}

impl Impl {
    /// The command-line names.
    pub const NAMES: &'static [&'static str] = &["engine", "interpreter", "goban"];

    /// The implementation named `text`.
    #[must_use]
    pub fn parse(text: &str) -> Option<Impl> {
        match text {
            "engine" => Some(Impl::Engine),
            "interpreter" => Some(Impl::Interpreter),
            "goban" => Some(Impl::Goban),
            _ => None,
        }
    }

    /// The command-line name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Impl::Engine => "engine",
            Impl::Interpreter => "interpreter",
            Impl::Goban => "goban",
        }
    }
}

/// What a measured loop did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Measured {
    /// Moves played or replayed, passes included.
    pub moves: u64,
    /// Games played or replayed.
    pub games: u64,
    /// Games that hit the move cap.
    pub capped: u64,
    /// The sum of the final area scores (half points), to compare implementations.
    pub checksum: i64,
    /// Process CPU time of the loop.
    pub cpu: Duration,
}

/// The figures of one run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// The workload.
    pub workload: Workload,
    /// The implementation.
    pub implementation: Impl,
    /// The board side.
    pub size: u8,
    /// Playouts (W1, W2) or passes over the corpus (W3, W4).
    pub playouts: u64,
    /// The first seed (W1, W2) or the corpus seed (W3, W4).
    pub seed: u64,
    /// The measured loop (W1-W3; for W4 the corpus's lengths).
    pub measured: Measured,
    /// The W4 figures.
    pub scored: Option<Scored>,
}

fn per_second(count: u64, cpu: Duration) -> f64 {
    count as f64 / cpu.as_secs_f64().max(1e-9)
}

fn ns_per(cpu: Duration, count: u64) -> f64 {
    cpu.as_nanos() as f64 / count.max(1) as f64
}

impl Report {
    /// Nanoseconds of CPU time per move (W1-W3).
    #[must_use]
    pub fn ns_per_move(&self) -> f64 {
        ns_per(self.measured.cpu, self.measured.moves)
    }

    /// Nanoseconds per area count (W4).
    #[must_use]
    pub fn ns_per_area(&self) -> f64 {
        self.scored.map_or(0.0, |s| ns_per(s.area_cpu, s.positions))
    }

    /// Nanoseconds per territory count with the dead-stone set (W4).
    #[must_use]
    pub fn ns_per_territory(&self) -> f64 {
        self.scored
            .map_or(0.0, |s| ns_per(s.territory_cpu, s.positions))
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = &self.measured;
        write!(
            f,
            "workload={} impl={} size={} playouts={} seed={} ",
            self.workload.name(),
            self.implementation.name(),
            self.size,
            self.playouts,
            self.seed
        )?;
        match self.scored {
            None => write!(
                f,
                "moves={} ns_per_move={:.1} playouts_per_s={:.1} ",
                m.moves,
                self.ns_per_move(),
                per_second(m.games, m.cpu)
            )?,
            Some(s) => write!(
                f,
                "positions={} ns_per_position={:.1} positions_per_s={:.1} \
                 territory_ns_per_position={:.1} territory_positions_per_s={:.1} ",
                s.positions,
                self.ns_per_area(),
                per_second(s.positions, s.area_cpu),
                self.ns_per_territory(),
                per_second(s.positions, s.territory_cpu)
            )?,
        }
        let checksum = self.scored.map_or(m.checksum, |s| s.checksum);
        write!(
            f,
            "avg_len={:.2} capped_share={:.4} checksum={}",
            m.moves as f64 / m.games.max(1) as f64,
            m.capped as f64 / m.games.max(1) as f64,
            checksum
        )
    }
}

/// The loop the clock and callgrind measure. Never inlined, so that
/// `valgrind --tool=callgrind --toggle-collect='*weiqi_bench::run::measured*'` counts it alone
/// (the clones of the fresh game inside it included, corpus generation outside it excluded).
#[inline(never)]
pub fn measured<T>(f: impl FnOnce() -> T) -> T {
    f()
}

/// Plays one W1/W2 playout per seed, each on a clone of `fresh` (a new game built before the
/// clock starts: a Go program copies its root position the same way).
pub fn playouts<B: PlayoutBoard + Clone>(
    fresh: &B,
    seeds: std::ops::Range<u64>,
) -> Result<Measured, BenchError> {
    let mut scratch = Scratch::default();
    let (out, cpu) = cpu_timed(|| {
        measured(|| {
            let mut m = Measured::default();
            for seed in seeds {
                let mut board = fresh.clone();
                let g = playout(&mut board, &mut Rng::new(seed), &mut scratch, None)
                    .map_err(|e| BenchError(format!("seed {seed}: {e}")))?;
                m.moves += g.moves as u64;
                m.games += 1;
                m.capped += u64::from(g.capped);
                m.checksum += g.score_halves;
            }
            Ok::<Measured, BenchError>(m)
        })
    });
    let mut m = out?;
    m.cpu = cpu;
    Ok(m)
}

/// Replays the corpus `passes` times with full legality checks (W3), each game on a clone of
/// `fresh`. The games are converted to the implementation's points before the clock starts.
pub fn replays<B: PlayoutBoard + Clone>(
    fresh: &B,
    corpus: &Corpus,
    passes: u64,
) -> Result<Measured, BenchError> {
    let games = corpus.converted(fresh);
    let (out, cpu) = cpu_timed(|| {
        measured(|| {
            for _ in 0..passes {
                for (n, moves) in games.iter().enumerate() {
                    let mut board = fresh.clone();
                    replay(&mut board, moves)
                        .map_err(|e: ReplayError| BenchError(format!("corpus game {n}: {e}")))?;
                }
            }
            Ok::<(), BenchError>(())
        })
    });
    out?;
    Ok(Measured {
        moves: passes * corpus.moves() as u64,
        games: passes * corpus.games.len() as u64,
        capped: passes * corpus.games.iter().filter(|g| g.stats.capped).count() as u64,
        checksum: corpus.games.iter().map(|g| g.stats.score_halves).sum(),
        cpu,
    })
}

/// The corpus's own lengths, for the W4 line.
fn corpus_lengths(corpus: &Corpus) -> Measured {
    Measured {
        moves: corpus.moves() as u64,
        games: corpus.games.len() as u64,
        capped: corpus.games.iter().filter(|g| g.stats.capped).count() as u64,
        checksum: 0,
        cpu: Duration::ZERO,
    }
}

/// Generates the corpus of `size` from `seed` (W3, W4).
pub fn corpus(size: BoardSize, seed: u64) -> Result<Corpus, CorpusError> {
    Corpus::generate(size, crate::corpus::default_games(size.width()), seed)
}

fn goban(size: BoardSize, workload: Workload) -> Result<GobanBoard, BenchError> {
    GobanBoard::new(size, workload.ko()).map_err(BenchError::from)
}

fn interpreter(
    rules: &weiqi_spec::Ruleset,
    size: BoardSize,
) -> Result<InterpreterBoard, BenchError> {
    InterpreterBoard::new(rules, size).map_err(BenchError::from)
}

fn engine(rules: &weiqi_spec::Ruleset, size: BoardSize) -> Result<EngineBoard, BenchError> {
    EngineBoard::new(rules, size).map_err(BenchError::from)
}

/// Runs workloads, keeping each generated corpus for the next run on the same size and seed.
#[derive(Debug, Default)]
pub struct Runner {
    corpora: Vec<(u8, u64, Corpus)>,
}

impl Runner {
    /// The corpus of `side` from `seed`, generated on first use (before any clock starts).
    pub fn corpus(&mut self, side: u8, seed: u64) -> Result<&Corpus, BenchError> {
        let found = self
            .corpora
            .iter()
            .position(|(s, sd, _)| *s == side && *sd == seed);
        let i = match found {
            Some(i) => i,
            None => {
                let size = BoardSize::square(u32::from(side)).map_err(BenchError::from)?;
                let c = corpus(size, seed).map_err(BenchError::from)?;
                self.corpora.push((side, seed, c));
                self.corpora.len() - 1
            }
        };
        Ok(&self.corpora[i].2)
    }

    /// Runs `workload` on `implementation`: `playouts` playouts from `seed` (W1, W2) or
    /// `playouts` passes over the corpus generated from `seed` (W3, W4).
    pub fn run(
        &mut self,
        workload: Workload,
        implementation: Impl,
        side: u8,
        playouts_or_passes: u64,
        seed: u64,
    ) -> Result<Report, BenchError> {
        let size = BoardSize::square(u32::from(side)).map_err(BenchError::from)?;
        let rules = workload.ruleset().map_err(BenchError::from)?;
        let seeds = seed..seed + playouts_or_passes;
        let n = playouts_or_passes;
        let mut scored = None;
        let measured = match workload {
            Workload::W1 | Workload::W2(_) => match implementation {
                Impl::Goban => playouts(&goban(size, workload)?, seeds)?,
                Impl::Interpreter => playouts(&interpreter(&rules, size)?, seeds)?,
                Impl::Engine => playouts(&engine(&rules, size)?, seeds)?,
            },
            Workload::W3 => {
                let c = self.corpus(side, seed)?;
                match implementation {
                    Impl::Goban => replays(&goban(size, workload)?, c, n)?,
                    Impl::Interpreter => replays(&interpreter(&rules, size)?, c, n)?,
                    Impl::Engine => replays(&engine(&rules, size)?, c, n)?,
                }
            }
            Workload::W4 => {
                let c = self.corpus(side, seed)?;
                scored = Some(match implementation {
                    Impl::Interpreter => crate::score::interpreter(c, n)?,
                    Impl::Engine => crate::score::engine(c, n)?,
                    Impl::Goban => {
                        return Err(BenchError(
                            "w4 runs on the engine and the interpreter (goban has no \
                             dead-stone scoring)"
                                .into(),
                        ));
                    }
                });
                corpus_lengths(c)
            }
        };
        Ok(Report {
            workload,
            implementation,
            size: side,
            playouts: n,
            seed,
            measured,
            scored,
        })
    }
}

/// Runs `workload` on `implementation` once (see [`Runner::run`]).
pub fn run(
    workload: Workload,
    implementation: Impl,
    side: u8,
    playouts_or_passes: u64,
    seed: u64,
) -> Result<Report, BenchError> {
    Runner::default().run(workload, implementation, side, playouts_or_passes, seed)
}
