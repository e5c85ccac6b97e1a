//! The `status` workload (issue 25): positions judged per second by the status judge
//! (`weiqi-status`, default options) on finished 9x9 and 19x19 games, and GNU Go 3.8's
//! `final_status_list dead` on the same positions in the same run, as a ratio of process CPU
//! time.
//!
//! The positions are the final positions of real OGS games of `ogs-score-estimator`
//! (`../shared/corpus/ogs-score-estimator/test_games/*/*.game`, MIT): a finished game with its
//! dead stones still on the board is what the judge is for, and random playouts cannot make
//! one (they end with every dead stone captured). The directory is an argument; a missing one
//! is an error, never an empty measurement.
//!
//! GNU Go runs as a child process per position (`gnugo --mode gtp`: the stones, then
//! `final_status_list dead`); its time is the children's CPU time (`getrusage`), the judge's
//! this process's CPU time.

use std::io::{Read as _, Write as _};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use weiqi_core::{Board, BoardSize, Color, Point, Setup};
use weiqi_engine::Engine;
use weiqi_status::{Options, judge};

use crate::timing::cpu_timed;

/// One position: the board and the player to move.
#[derive(Debug, Clone)]
pub struct Position {
    /// The file it came from.
    pub name: String,
    /// The stones.
    pub board: Board,
    /// The player to move.
    pub to_move: Color,
}

/// What one run measured on one board size.
#[derive(Debug, Clone)]
pub struct StatusReport {
    /// The board side.
    pub side: u8,
    /// Positions judged per round.
    pub positions: usize,
    /// Rounds (passes over the positions).
    pub rounds: u64,
    /// The judge's process CPU time per position.
    pub judge_per_position: Duration,
    /// GNU Go's children CPU time per position, when it is installed.
    pub gnugo_per_position: Option<Duration>,
}

impl std::fmt::Display for StatusReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let judge_ms = self.judge_per_position.as_secs_f64() * 1000.0;
        let per_second = if judge_ms > 0.0 {
            1000.0 / judge_ms
        } else {
            0.0
        };
        write!(
            f,
            "workload=status size={0}x{0} positions={1} rounds={2} judge_ms_per_position={judge_ms:.2} \
             positions_per_second={per_second:.1}",
            self.side, self.positions, self.rounds
        )?;
        match self.gnugo_per_position {
            Some(g) => {
                let g_ms = g.as_secs_f64() * 1000.0;
                let ratio = if judge_ms > 0.0 { g_ms / judge_ms } else { 0.0 };
                write!(f, " gnugo_ms_per_position={g_ms:.1} ratio={ratio:.1}x")
            }
            None => write!(f, " gnugo=not-installed"),
        }
    }
}

/// Reads the `.game` files under `dir` (one level of folders) whose board is `side`x`side`.
///
/// # Errors
///
/// A message when the directory cannot be read or holds no such position.
pub fn positions(dir: &Path, side: u8) -> Result<Vec<Position>, String> {
    let mut files = Vec::new();
    let folders = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for folder in folders.filter_map(Result::ok).map(|e| e.path()) {
        if let Ok(entries) = std::fs::read_dir(&folder) {
            files.extend(
                entries
                    .filter_map(Result::ok)
                    .map(|e| e.path())
                    .filter(|p| p.extension().is_some_and(|x| x == "game")),
            );
        }
    }
    files.sort();
    let mut out = Vec::new();
    for path in files {
        if let Some(p) = read_game(&path)?
            && p.board.size() == BoardSize::square(u32::from(side)).map_err(|e| e.to_string())?
        {
            out.push(p);
        }
    }
    if out.is_empty() {
        return Err(format!("{}: no {side}x{side} position", dir.display()));
    }
    Ok(out)
}

/// One `.game` file (see the corpus README): `None` when it is not one.
fn read_game(path: &PathBuf) -> Result<Option<Position>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let (mut width, mut height, mut to_move) = (0u32, 0u32, Color::Black);
    let mut numbers: Vec<i32> = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut words = line.split_whitespace();
        match words.next() {
            Some("height") => height = words.next().and_then(|w| w.parse().ok()).unwrap_or(0),
            Some("width") => width = words.next().and_then(|w| w.parse().ok()).unwrap_or(0),
            Some("player_to_move") => {
                if words.next() == Some("-1") {
                    to_move = Color::White;
                }
            }
            _ => numbers.extend(
                line.split_whitespace()
                    .filter_map(|w| w.parse::<i32>().ok()),
            ),
        }
    }
    let Ok(size) = BoardSize::new(width, height) else {
        return Ok(None);
    };
    if numbers.len() < size.points_count() {
        return Ok(None);
    }
    let mut board = Board::new(size);
    for (i, &v) in numbers.iter().take(size.points_count()).enumerate() {
        if let Some(p) = size.point_at(i) {
            board.set(
                p,
                match v {
                    1 => Some(Color::Black),
                    -1 => Some(Color::White),
                    _ => None,
                },
            );
        }
    }
    Ok(Some(Position {
        name: path.display().to_string(),
        board,
        to_move,
    }))
}

/// The games of `positions` on the engine (japanese-1989, the positions' rules on OGS).
fn games(positions: &[Position]) -> Result<Vec<Engine>, String> {
    let rules = weiqi_spec::builtin("japanese-1989").map_err(|e| e.to_string())?;
    positions
        .iter()
        .map(|p| {
            Engine::new(&rules, Setup::from_board(&p.board, p.to_move))
                .map_err(|e| format!("{}: {e}", p.name))
        })
        .collect()
}

/// The CPU time of the children that ended so far, or `None` where it cannot be read.
fn children_cpu_time() -> Option<Duration> {
    let usage =
        nix::sys::resource::getrusage(nix::sys::resource::UsageWho::RUSAGE_CHILDREN).ok()?;
    let to = |t: nix::sys::time::TimeVal| {
        Duration::new(
            u64::try_from(t.tv_sec()).unwrap_or(0),
            u32::try_from(t.tv_usec()).unwrap_or(0) * 1000,
        )
    };
    Some(to(usage.user_time()) + to(usage.system_time()))
}

/// GNU Go, if installed (`gnugo` on `PATH`, else `/usr/games/gnugo`).
#[must_use]
pub fn gnugo() -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/games")])
        .map(|d| d.join("gnugo"))
        .find(|p| p.is_file())
}

/// GNU Go's `final_status_list dead` on one position; the answer's text.
fn gnugo_status(program: &Path, p: &Position) -> Result<String, String> {
    let size = p.board.size();
    let mut script = format!("boardsize {}\nclear_board\n", size.width());
    for color in [p.to_move, p.to_move.opponent()] {
        let name = if color == Color::Black {
            "black"
        } else {
            "white"
        };
        for q in p.board.stones(color) {
            let v = Point::to_gtp(q, size).map_err(|e| e.to_string())?;
            script.push_str(&format!("play {name} {v}\n"));
        }
    }
    script.push_str("final_status_list dead\nquit\n");
    let mut child = Command::new(program)
        .args(["--mode", "gtp"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| e.to_string())?;
    if let Some(mut stdin) = child.stdin.take() {
        stdin
            .write_all(script.as_bytes())
            .map_err(|e| e.to_string())?;
    }
    let mut text = String::new();
    if let Some(mut stdout) = child.stdout.take() {
        stdout
            .read_to_string(&mut text)
            .map_err(|e| e.to_string())?;
    }
    child.wait().map_err(|e| e.to_string())?;
    Ok(text)
}

/// Judges the `side`x`side` positions of `dir` for `rounds` passes, then (when installed) asks
/// GNU Go once per position.
///
/// # Errors
///
/// A message when the positions cannot be read or a judgement or GNU Go fails.
pub fn run(dir: &Path, side: u8, rounds: u64) -> Result<StatusReport, String> {
    let positions = positions(dir, side)?;
    let games = games(&positions)?;
    let options = Options::default();
    let rounds = rounds.max(1);
    let (result, took) = cpu_timed(|| -> Result<usize, String> {
        let mut dead = 0;
        for _ in 0..rounds {
            for g in &games {
                dead += judge(g, &options)
                    .map_err(|e| e.to_string())?
                    .dead_stones()
                    .len();
            }
        }
        Ok(dead)
    });
    result?;
    let units = u32::try_from(positions.len() as u64 * rounds).unwrap_or(u32::MAX);
    let gnugo_per_position = match gnugo() {
        Some(program) => {
            let before = children_cpu_time();
            for p in &positions {
                gnugo_status(&program, p)?;
            }
            match (before, children_cpu_time()) {
                (Some(a), Some(b)) => {
                    Some(b.saturating_sub(a) / u32::try_from(positions.len()).unwrap_or(1))
                }
                _ => None,
            }
        }
        None => None,
    };
    Ok(StatusReport {
        side,
        positions: positions.len(),
        rounds,
        judge_per_position: took / units.max(1),
        gnugo_per_position,
    })
}
