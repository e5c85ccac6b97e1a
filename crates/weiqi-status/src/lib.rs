//! The status judge: which stones of a finished game are dead, which are in seki, who owns
//! each point, proved where possible, estimated where not, and never silently.
//!
//! The referees take the dead stones as given; the judge proposes them. [`judge`] reads a game
//! on the engine (its board, the player to move, its ko and repetition state, its variant) and
//! returns a [`Judgement`]: for every string its [`Status`] and [`How`] that is known, for every
//! point its [`Owner`], whether the position is a finished game and whether it is safe to score.
//!
//! How it decides, in order:
//!
//! 1. **Proof** (`How::Proved`): Benson's unconditional life of both colours under the
//!    variant's suicide rule (a string that cannot be captured even if its owner always
//!    passes is alive), and the stones standing in the other colour's unconditionally safe
//!    enclosures are dead.
//! 2. **Estimate** (`How::Estimated`): Monte Carlo ownership on the engine from the real
//!    position, half the playouts with each colour to move first, under a policy that does not
//!    fill its own eyes, captures and saves strings in atari, and does not break seki by
//!    self-atari (see the `playout` module). A string is alive or dead only when both runs agree
//!    beyond [`Options::threshold`]; otherwise it is [`Status::Unsettled`], never a guess. An
//!    unsettled string whose neighbours of the same colour in the same area (joined through
//!    empty points, not through opponent stones) were all judged the same way takes their
//!    verdict when both its runs lean that way.
//! 3. **Seki** (`Status::Seki`): shared liberties that neither colour can fill without
//!    self-atari, on the board without the dead stones, that the playouts leave empty.
//! 4. **Cleanup by play** (`How::ProvedByPlay`): for each small area of one colour (at most 8
//!    empty points) enclosed by strings of the other that no attack from outside can capture
//!    in time (unconditionally alive, or with more outside liberties than the search has
//!    defender plays), a bounded search on the engine in which the owner captures the stones
//!    inside and the other side resists (every move of the area and the pass), under the
//!    variant's ko and suicide rules; the stones are dead, proved by play, when every defence
//!    fails. It does not read the playouts. What the budget cannot decide stays as the estimate
//!    says.
//!
//! The same input and [`Options::seed`] give the same judgement on every machine: the judge
//! has its own generator (SplitMix64), visits points in a canonical frame of the position (so
//! a turned or colour-swapped position is judged the same, turned or swapped), and decides with
//! integer counts against integer thresholds.
//!
//! ```
//! use weiqi_core::{Board, Color, Point, Setup};
//! use weiqi_engine::Engine;
//! use weiqi_status::{How, Options, Status, judge};
//!
//! // A finished 7x7 game: the white stone at the bottom right stands in Black's area.
//! let board = Board::from_diagram(
//!     ". X . X O . O
//!      X X X X O O .
//!      . X . X O . O
//!      X X X X O O O
//!      . X . X O . O
//!      X X X X O O O
//!      . X . X O X .",
//! )?;
//! let rules = weiqi_spec::builtin("japanese-1989")?;
//! let game = Engine::new(&rules, Setup::from_board(&board, Color::Black))?;
//! let judgement = judge(&game, &Options::default())?;
//! // The black stone in White's area is dead; the two big groups are alive.
//! assert_eq!(judgement.dead_stones(), vec![Point::rc(6, 5)]);
//! let black = judgement.status_of(Point::rc(0, 1)).expect("a stone");
//! assert_eq!(black.status, Status::Alive);
//! assert_eq!(black.how, How::Proved);
//! assert!(judgement.safe_to_score);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

mod benson;
mod cleanup;
mod grid;
mod playout;
mod seki;

use std::fmt;

use weiqi_core::{BoardSize, Color, Phase, Point, Referee};
use weiqi_engine::Engine;
use weiqi_spec::Suicide;

use crate::grid::{BLACK, EMPTY, Frame, Grid, NONE, Strings, WHITE, code, color_of, other};
use crate::playout::{Counts, Sim};

/// What the judge says of a string.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// It stays on the board and counts for its owner.
    Alive,
    /// It is removed and counts for the other colour.
    Dead,
    /// It lives in seki with strings of the other colour: it stays, and the shared liberties
    /// belong to nobody (the variant's seki rule counts them).
    Seki,
    /// The judge could not tell: the two colour-to-move runs disagree, or neither passes the
    /// threshold. Counted alive by a scorer that takes the judgement as it is.
    Unsettled,
}

impl Status {
    /// The lowercase name: `alive`, `dead`, `seki`, `unsettled`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Status::Alive => "alive",
            Status::Dead => "dead",
            Status::Seki => "seki",
            Status::Unsettled => "unsettled",
        }
    }
}

/// How a status is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum How {
    /// By analysis: Benson's unconditional life, or standing in an unconditionally safe
    /// enclosure of the other colour. True whatever is played.
    Proved,
    /// By the cleanup search: the capture succeeds against every defence the search tried
    /// (every local move and the pass), within its budget.
    ProvedByPlay,
    /// By the playouts. The numbers are the share of playouts, in thousandths, in which the
    /// string's points ended as its own colour's, with Black to move first and with White to
    /// move first.
    Estimated {
        /// Survival in thousandths, Black moving first.
        p_black_first: u16,
        /// Survival in thousandths, White moving first.
        p_white_first: u16,
    },
}

impl How {
    /// The lowercase name: `proved`, `proved-by-play`, `estimated`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            How::Proved => "proved",
            How::ProvedByPlay => "proved-by-play",
            How::Estimated { .. } => "estimated",
        }
    }
}

/// Who a point belongs to at the end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Owner {
    /// Black's: a black stone that stays, a dead white stone, or empty points reaching only
    /// Black's remaining stones.
    Black,
    /// White's, as for Black.
    White,
    /// Nobody's: empty points reaching both colours.
    Dame,
    /// Empty points of a region holding a shared liberty in seki.
    Seki,
}

/// The judgement of one string.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StringStatus {
    /// Its stones, row by row.
    pub stones: Vec<Point>,
    /// Its colour.
    pub color: Color,
    /// What it is.
    pub status: Status,
    /// How that is known.
    pub how: How,
}

/// The judge's answer for a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Judgement {
    /// The board size.
    pub size: BoardSize,
    /// Every string, in the order of its first stone (row by row).
    pub strings: Vec<StringStatus>,
    /// The owner of every point, row by row (`size.index(p)`).
    pub owner: Vec<Owner>,
    /// Whether the game is finished: play is stopped, or every empty point reaching both
    /// colours (the dead stones removed) touches a stone, so nothing is left but dame.
    pub finished: bool,
    /// Whether a count with these dead stones is the game's result: a finished game with no
    /// unsettled string.
    pub safe_to_score: bool,
    /// The seed the playouts used.
    pub seed: u64,
    /// The playouts played with each colour to move first.
    pub playouts_per_color: u32,
    /// Things a reader should know (lowercase sentences).
    pub notes: Vec<String>,
}

impl Judgement {
    /// The stones of the dead strings, row by row.
    #[must_use]
    pub fn dead_stones(&self) -> Vec<Point> {
        self.stones_with(Status::Dead)
    }

    /// The stones of the unsettled strings, row by row.
    #[must_use]
    pub fn unsettled(&self) -> Vec<Point> {
        self.stones_with(Status::Unsettled)
    }

    /// The stones of the strings in seki, row by row.
    #[must_use]
    pub fn seki_stones(&self) -> Vec<Point> {
        self.stones_with(Status::Seki)
    }

    /// The judgement of the string on `p` (`None` for an empty point or off the board).
    #[must_use]
    pub fn status_of(&self, p: Point) -> Option<&StringStatus> {
        self.strings
            .iter()
            .find(|s| s.stones.binary_search(&p).is_ok())
    }

    /// The owner of `p` (`None` off the board).
    #[must_use]
    pub fn owner_of(&self, p: Point) -> Option<Owner> {
        self.size.index(p).and_then(|i| self.owner.get(i).copied())
    }

    fn stones_with(&self, status: Status) -> Vec<Point> {
        let mut out: Vec<Point> = self
            .strings
            .iter()
            .filter(|s| s.status == status)
            .flat_map(|s| s.stones.iter().copied())
            .collect();
        out.sort();
        out
    }
}

/// The judge's settings. [`Options::default`] judges a finished 19x19 game in a few tens of
/// milliseconds on one core.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// Playouts on a board of up to 361 points, half with each colour to move first. A larger
    /// board plays proportionally fewer (the work of a playout grows with the area), and never
    /// fewer than 8 with each colour. 0 plays none: every string not proved is unsettled.
    pub playouts: u32,
    /// The seed of the playouts.
    pub seed: u64,
    /// The agreement a verdict needs, in thousandths: alive when the string survives in at least
    /// this share of the playouts of both runs, dead when it survives in at most
    /// `1000 - threshold` of both. From 501 to 1000.
    pub threshold: u16,
    /// The engine plays the cleanup search may spend, all groups together (0: no search).
    pub cleanup_budget: u32,
    /// The length cap of a playout, in moves per point of the board.
    pub moves_per_point: u32,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            playouts: 128,
            seed: 0x5EED_0F57_A7E5,
            threshold: 600,
            cleanup_budget: 20_000,
            moves_per_point: 3,
        }
    }
}

/// Why the judge refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StatusError {
    /// [`Options::threshold`] is outside 501..=1000.
    Threshold(u16),
    /// [`Options::moves_per_point`] is 0 or above 100.
    MovesPerPoint(u32),
}

impl fmt::Display for StatusError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StatusError::Threshold(t) => {
                write!(
                    f,
                    "the threshold must be from 501 to 1000 thousandths, not {t}"
                )
            }
            StatusError::MovesPerPoint(m) => {
                write!(f, "the moves per point must be from 1 to 100, not {m}")
            }
        }
    }
}

impl std::error::Error for StatusError {}

/// The playouts per colour for `options` on a board of `points` points.
fn playouts_per_color(options: &Options, points: usize) -> u32 {
    let half = u64::from(options.playouts.div_ceil(2));
    if half == 0 {
        return 0;
    }
    let scaled = if points > 361 {
        (half * 361 / points as u64).max(8)
    } else {
        half
    };
    u32::try_from(scaled).unwrap_or(u32::MAX)
}

/// Survival of string `s` in a run, in thousandths (`None` without playouts).
fn survival(counts: &Counts, stones: &[usize], color: Color) -> Option<u16> {
    if counts.playouts == 0 || stones.is_empty() {
        return None;
    }
    let own = counts.owner.get(color);
    let sum: u64 = stones.iter().map(|&i| u64::from(own[i])).sum();
    let total = u64::from(counts.playouts) * stones.len() as u64;
    u16::try_from(sum * 1000 / total).ok()
}

/// The move the judge's playout policy (the `playout` module: capture a string in atari, else
/// save one's own, never fill one's own true eye, no self-atari of a big string outside a
/// nakade, else a random acceptable point) makes for the player to move of `engine`, a game in
/// play: `Some(point)`, or `None` when the policy passes. `last` is the opponent's last play
/// (answered first, as in a playout); `seed` draws the random choices. The engine is left
/// unchanged (the move is tried on it and taken back). What `weiqi gtp` plays for `genmove`.
pub fn policy_move(engine: &mut Engine, last: Option<Point>, seed: u64) -> Option<Point> {
    playout::policy_move(engine, last, seed)
}

/// Judges the game `engine` holds (its board, player to move, history and variant).
///
/// # Errors
///
/// [`StatusError`] when the options are out of range. Any position is judged otherwise: a
/// game still in play is judged as it stands, with `finished` false.
pub fn judge(engine: &Engine, options: &Options) -> Result<Judgement, StatusError> {
    if !(501..=1000).contains(&options.threshold) {
        return Err(StatusError::Threshold(options.threshold));
    }
    if !(1..=100).contains(&options.moves_per_point) {
        return Err(StatusError::MovesPerPoint(options.moves_per_point));
    }
    let board = engine.position().board();
    let size = board.size();
    let grid = Grid::new(size);
    let cells = grid.cells(&board);
    let strings = Strings::new(&grid, &cells);
    let frame = Frame::new(&grid, &cells, code(engine.to_move()));
    let self_capture = engine.ruleset().play.suicide != Suicide::Forbidden;
    let mut notes = Vec::new();

    // 1. Proof.
    let n = strings.stones.len();
    let mut verdict: Vec<Option<(Status, How)>> = vec![None; n];
    for c in [BLACK, WHITE] {
        let b = benson::benson(&grid, &cells, &strings, c, self_capture);
        for (k, &alive) in b.alive.iter().enumerate() {
            if alive {
                verdict[k] = Some((Status::Alive, How::Proved));
            }
        }
        for region in &b.safe_regions {
            for &p in region {
                if cells[p] == other(c) {
                    verdict[strings.of[p] as usize] = Some((Status::Dead, How::Proved));
                }
            }
        }
    }

    // 2. Estimate.
    let per_color = playouts_per_color(options, grid.len);
    let cap = grid.len * options.moves_per_point as usize + 16;
    let mut runs = Vec::with_capacity(2);
    for color in Color::ALL {
        // The seed of a run follows the colour in the canonical frame, so that a colour-swapped
        // position plays the same playouts.
        let canonical = if frame.swapped {
            other(code(color))
        } else {
            code(color)
        };
        let seed = options.seed ^ u64::from(canonical).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        runs.push((
            color,
            playout::run(
                &grid,
                &frame,
                engine,
                color,
                per_color,
                cap,
                seed,
                seki::seki_points,
            ),
        ));
    }
    let counts_of = |c: Color| {
        runs.iter()
            .find(|r| r.0 == c)
            .map(|r| &r.1)
            .unwrap_or(&runs[0].1)
    };
    if runs.iter().any(|r| r.1.playouts == 0) && per_color > 0 {
        notes.push(
            "no playout could be set up for one colour to move: what is not proved is unsettled"
                .to_owned(),
        );
    }
    let t = options.threshold;
    let mut estimated: Vec<How> = vec![How::Proved; n];
    for k in 0..n {
        let color = color_of(strings.color[k]);
        let b = survival(counts_of(Color::Black), &strings.stones[k], color);
        let w = survival(counts_of(Color::White), &strings.stones[k], color);
        let how = How::Estimated {
            p_black_first: b.unwrap_or(0),
            p_white_first: w.unwrap_or(0),
        };
        estimated[k] = how;
        if verdict[k].is_some() {
            continue;
        }
        let status = match (b, w) {
            (Some(b), Some(w)) if b >= t && w >= t => Status::Alive,
            (Some(b), Some(w)) if b <= 1000 - t && w <= 1000 - t => Status::Dead,
            _ => Status::Unsettled,
        };
        verdict[k] = Some((status, how));
    }
    let mut verdict: Vec<(Status, How)> = verdict
        .into_iter()
        .map(|v| v.unwrap_or((Status::Unsettled, How::Proved)))
        .collect();
    smooth(&grid, &cells, &strings, &mut verdict);

    // 3. Seki, on the board without the dead stones.
    let mut sim = Sim::new(&grid, &frame);
    sim.cells = without_dead(&cells, &strings, &verdict);
    let seki_points: Vec<usize> = seki::seki_points(&grid, &mut sim)
        .into_iter()
        .filter(|&p| {
            runs.iter().all(|(_, c)| {
                let dame = c.playouts - c.owner.get(Color::Black)[p] - c.owner.get(Color::White)[p];
                c.playouts > 0 && dame * 2 >= c.playouts
            })
        })
        .collect();
    for &p in &seki_points {
        for q in grid.adj(p) {
            let s = strings.of[q];
            if s == NONE {
                continue;
            }
            let v = &mut verdict[s as usize];
            if v.1 != How::Proved && v.0 != Status::Dead {
                *v = (Status::Seki, estimated[s as usize]);
            }
        }
    }

    // 4. Cleanup by play.
    cleanup::confirm(
        &grid,
        &frame,
        engine,
        &cells,
        &strings,
        &mut verdict,
        options.cleanup_budget,
        self_capture,
    );

    // The owners and the verdict on the game.
    let remaining = without_dead(&cells, &strings, &verdict);
    let owner = owners(&grid, &remaining, &seki_points);
    let finished = engine.phase() != Phase::Playing || looks_finished(&grid, &remaining);
    let unsettled = verdict.iter().filter(|v| v.0 == Status::Unsettled).count();
    if !finished {
        notes.push("the game is not finished: open points reach both colours".to_owned());
    }
    if unsettled > 0 {
        notes.push(format!(
            "{unsettled} string(s) unsettled: counted alive, the result is not settled"
        ));
    }
    let strings_out = (0..n)
        .map(|k| StringStatus {
            stones: strings.stones[k].iter().map(|&i| grid.point(i)).collect(),
            color: color_of(strings.color[k]),
            status: verdict[k].0,
            how: verdict[k].1,
        })
        .collect();
    Ok(Judgement {
        size,
        strings: strings_out,
        owner,
        finished,
        safe_to_score: finished && unsettled == 0,
        seed: options.seed,
        playouts_per_color: per_color,
        notes,
    })
}

/// The colour codes with the dead strings removed.
fn without_dead(cells: &[u8], strings: &Strings, verdict: &[(Status, How)]) -> Vec<u8> {
    let mut out = cells.to_vec();
    for (k, v) in verdict.iter().enumerate() {
        if v.0 == Status::Dead {
            for &i in &strings.stones[k] {
                out[i] = EMPTY;
            }
        }
    }
    out
}

/// Strings of one colour joined through empty points of the same area (not through opponent
/// stones) live or die together: an unsettled string whose area-mates were all judged, and all
/// the same way (alive or dead), takes their verdict (still estimated) when both its runs lean
/// that way (above or below half).
fn smooth(grid: &Grid, cells: &[u8], strings: &Strings, verdict: &mut [(Status, How)]) {
    for c in [BLACK, WHITE] {
        let (areas, area_of) = grid.components(|i| cells[i] != other(c));
        let mut decided: Vec<(bool, bool)> = vec![(false, false); areas.len()];
        for (k, v) in verdict.iter().enumerate() {
            if strings.color[k] != c {
                continue;
            }
            let a = area_of[strings.stones[k][0]] as usize;
            match v.0 {
                Status::Alive | Status::Seki => decided[a].0 = true,
                Status::Dead => decided[a].1 = true,
                Status::Unsettled => {}
            }
        }
        for (k, v) in verdict.iter_mut().enumerate() {
            if strings.color[k] != c || v.0 != Status::Unsettled {
                continue;
            }
            let a = area_of[strings.stones[k][0]] as usize;
            // The play must lean the same way in both runs.
            let (lean_alive, lean_dead) = match v.1 {
                How::Estimated {
                    p_black_first: b,
                    p_white_first: w,
                } => (b > 500 && w > 500, b < 500 && w < 500),
                _ => (false, false),
            };
            match decided[a] {
                (true, false) if lean_alive => v.0 = Status::Alive,
                (false, true) if lean_dead => v.0 = Status::Dead,
                _ => {}
            }
        }
    }
}

/// The owner of every point of `remaining` (the board without its dead stones).
fn owners(grid: &Grid, remaining: &[u8], seki_points: &[usize]) -> Vec<Owner> {
    let mut owner = vec![Owner::Dame; grid.len];
    let (regions, _) = grid.components(|i| remaining[i] == EMPTY);
    for region in regions {
        let mut seen = 0u8;
        for &p in &region {
            for n in grid.adj(p) {
                seen |= remaining[n];
            }
        }
        let o = match seen {
            BLACK => Owner::Black,
            WHITE => Owner::White,
            _ if region.iter().any(|p| seki_points.binary_search(p).is_ok()) => Owner::Seki,
            _ => Owner::Dame,
        };
        for p in region {
            owner[p] = o;
        }
    }
    for (i, &c) in remaining.iter().enumerate() {
        if c != EMPTY {
            owner[i] = if c == BLACK {
                Owner::Black
            } else {
                Owner::White
            };
        }
    }
    owner
}

/// Whether every empty point of `remaining` that reaches both colours touches a stone.
fn looks_finished(grid: &Grid, remaining: &[u8]) -> bool {
    let (regions, _) = grid.components(|i| remaining[i] == EMPTY);
    regions.iter().all(|region| {
        let mut seen = 0u8;
        for &p in region {
            for n in grid.adj(p) {
                seen |= remaining[n];
            }
        }
        seen != BLACK | WHITE
            || region
                .iter()
                .all(|&p| grid.adj(p).any(|n| remaining[n] != EMPTY))
    })
}
