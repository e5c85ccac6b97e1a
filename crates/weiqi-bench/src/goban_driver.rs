//! The baseline: the `goban` 0.20.1 crate, driven through its public API.
//!
//! goban's `Game` is built with the suicide flag only, and the driver adds the workload's
//! repetition rule on top, because goban's own flags do not implement it as docs/workloads.md
//! defines it:
//! - **W1** (simple ko): goban's `KO` flag forbids any play on the point of a lone captured
//!   stone unless it captures a string of two or more stones, which also forbids plays that
//!   capture a *different* single stone there. The driver uses the interpreter's rule instead
//!   (`ko/simple.rs`, J89 Art. 6): the last move captured exactly one stone, on `p`, and the play
//!   at `p` captures exactly the stone just played (tested with `play_for_verification`, only
//!   for a candidate on that point).
//! - **W2** (positional superko, the `w2full` mode of docs/engines.md): goban's `SUPERKO` flag is
//!   tested only for plays that capture, so a non-capturing play that recreates an earlier board
//!   is accepted. The driver keeps the Zobrist hash of every board of the game (the empty start
//!   included) in a `HashSet` and refuses a candidate whose `play_for_verification(p)` hash is
//!   in it. This mode also generates the W3 corpus.
//!
//! Captured points (for the empty-point list) are read from the public API: when
//! `will_capture` says a play captures, the stones of the neighbouring opponent strings are
//! listed before the play, and those whose points are empty after it were captured.

use std::collections::HashSet;

use goban::pieces::util::coord::Coord;
use goban::rules::game::Game;
use goban::rules::{GobanSizes, IllegalRules, Move, Rule, ScoreRules};
use weiqi_core::{BoardSize, Point};

use crate::PlayoutBoard;

/// Why a goban board cannot be built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GobanError {
    /// goban handles square boards up to 19x19 only.
    Size(BoardSize),
    /// goban implements neither situational, natural situational nor Ing ko.
    Ko(weiqi_spec::Ko),
}

impl std::fmt::Display for GobanError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GobanError::Size(s) => write!(f, "goban handles square boards up to 19x19, not {s}"),
            GobanError::Ko(k) => write!(f, "the goban driver does not implement ko rule {k}"),
        }
    }
}

impl std::error::Error for GobanError {}

/// The repetition rule the driver adds to goban.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Repetition {
    Simple,
    Positional,
}

/// A goban game under a W1 or W2 (positional) rule set.
#[derive(Debug, Clone)]
pub struct GobanBoard {
    game: Game,
    side: u8,
    repetition: Repetition,
    /// Hashes of every board of the game so far (positional superko only).
    history: HashSet<u64>,
    /// Simple ko: the point of the one stone the last move captured, and the last move.
    ko: Option<(Coord, Coord)>,
    /// Stones of the neighbouring opponent strings of a capturing play, one run per string.
    pending: Vec<Coord>,
    runs: Vec<usize>,
}

impl GobanBoard {
    /// A new game on a square board of `size` under the ko rule `ko` (simple or positional
    /// superko; suicide forbidden, komi 7.5, area scoring).
    pub fn new(size: BoardSize, ko: weiqi_spec::Ko) -> Result<GobanBoard, GobanError> {
        if !size.is_square() || size.width() > 19 {
            return Err(GobanError::Size(size));
        }
        let repetition = match ko {
            weiqi_spec::Ko::Simple => Repetition::Simple,
            weiqi_spec::Ko::PositionalSuperko => Repetition::Positional,
            other => return Err(GobanError::Ko(other)),
        };
        let side = size.width();
        let rule = Rule {
            komi: 7.5,
            flag_illegal: IllegalRules::SUICIDE,
            flag_score: ScoreRules::STONES | ScoreRules::KOMI,
        };
        let game = Game::new(
            GobanSizes::Custom(usize::from(side), usize::from(side)),
            rule,
        );
        let mut history = HashSet::new();
        if repetition == Repetition::Positional {
            history.insert(game.goban().zobrist_hash());
        }
        Ok(GobanBoard {
            game,
            side,
            repetition,
            history,
            ko: None,
            pending: Vec::new(),
            runs: Vec::new(),
        })
    }

    /// The underlying goban game.
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Whether a play at `p` captures exactly one stone, the one at `last`.
    fn recaptures(&self, p: Coord, last: Coord) -> bool {
        let opponent = !self.game.turn();
        let count = |g: &goban::pieces::goban::Goban| match opponent {
            goban::pieces::stones::Color::Black => g.number_of_stones().0,
            goban::pieces::stones::Color::White => g.number_of_stones().1,
        };
        let after = self.game.play_for_verification(p);
        after.get_color(last).is_none() && count(self.game.goban()) == count(&after) + 1
    }
}

impl PlayoutBoard for GobanBoard {
    type P = Coord;

    fn points(&self) -> Vec<Coord> {
        (0..self.side)
            .flat_map(|row| (0..self.side).map(move |col| (row, col)))
            .collect()
    }

    #[inline]
    fn index(&self, p: Coord) -> usize {
        usize::from(p.0) * usize::from(self.side) + usize::from(p.1)
    }

    fn core_point(&self, p: Coord) -> Point {
        Point::rc(p.0, p.1)
    }

    fn own_point(&self, p: Point) -> Coord {
        (p.row, p.col)
    }

    #[inline]
    fn own_eye(&self, p: Coord) -> bool {
        let turn = Some(self.game.turn());
        self.game.get_connected_points(p).all(|q| q.color == turn)
    }

    fn is_legal(&self, p: Coord) -> bool {
        if self.game.check_point(p).is_some() {
            return false;
        }
        match self.repetition {
            Repetition::Simple => match self.ko {
                Some((point, last)) if point == p => !self.recaptures(p, last),
                _ => true,
            },
            Repetition::Positional => {
                let hash = self.game.play_for_verification(p).zobrist_hash();
                !self.history.contains(&hash)
            }
        }
    }

    fn play(&mut self, p: Coord, captured: Option<&mut Vec<Coord>>) -> Result<(), ()> {
        let opponent = Some(!self.game.turn());
        let capturing = self.game.will_capture(p);
        let mut opponent_neighbours = [None; 4];
        if capturing {
            for (slot, q) in opponent_neighbours.iter_mut().zip(
                self.game
                    .get_connected_points(p)
                    .filter(|q| q.color == opponent),
            ) {
                *slot = Some(q.coord);
            }
        }
        self.pending.clear();
        self.runs.clear();
        if capturing {
            for idx in self.game.get_connected_groups_idx(p) {
                let mut stones = self.game.chain_stones(idx).peekable();
                if stones.peek().map(|s| Some(s.color)) == Some(opponent) {
                    self.pending.extend(stones.map(|s| s.coord));
                    self.runs.push(self.pending.len());
                }
            }
        }
        let before = self.game.prisoners();
        self.game.play(Move::Play(p.0, p.1));
        let after = self.game.prisoners();
        let taken = (after.0 + after.1) - (before.0 + before.1);
        self.ko = None;
        if self.repetition == Repetition::Simple && taken == 1 {
            let lone = opponent_neighbours
                .into_iter()
                .flatten()
                .find(|&q| self.game.get_color(q).is_none());
            self.ko = lone.map(|q| (q, p));
        }
        if self.repetition == Repetition::Positional {
            self.history.insert(self.game.goban().zobrist_hash());
        }
        if let Some(out) = captured {
            let mut start = 0;
            for &end in &self.runs {
                if self.game.get_color(self.pending[start]).is_none() {
                    out.extend_from_slice(&self.pending[start..end]);
                }
                start = end;
            }
        }
        Ok(())
    }

    fn pass(&mut self) -> Result<(), ()> {
        self.ko = None;
        // goban's `play` asserts that the game is not over: refuse a pass after two passes.
        if self.game.is_over() {
            return Err(());
        }
        self.game.play(Move::Pass);
        Ok(())
    }

    fn area_score_halves(&self) -> i64 {
        let (black, white) = self
            .game
            .calculate_score_by(ScoreRules::STONES | ScoreRules::KOMI);
        // Scores are whole numbers plus komi 7.5: exact in f32 up to 2^23.
        ((black - white) * 2.0).round() as i64
    }
}
