//! The engine, driven through its fast API (issue 11 item 3): `play_unless_own_eye` (the
//! candidate's eye test, its legality test and its play in one, reading its neighbours once;
//! no allocation), `play` (which judges the move before making it), `captured` and
//! `area_score_tromp_taylor`. `is_legal` serves the
//! default candidate test of other callers.

use weiqi_core::{BoardSize, Move, Point, Setup};
use weiqi_engine::{Engine, EngineError};
use weiqi_spec::Ruleset;

use crate::PlayoutBoard;
use crate::interpreter_driver::KOMI;

/// An engine game under a workload's variant.
#[derive(Debug, Clone)]
pub struct EngineBoard {
    engine: Engine,
    width: usize,
    size: BoardSize,
}

impl EngineBoard {
    /// A new even game on an empty board of `size` under `ruleset`.
    pub fn new(ruleset: &Ruleset, size: BoardSize) -> Result<EngineBoard, EngineError> {
        Ok(EngineBoard {
            engine: Engine::new(ruleset, Setup::even(size))?,
            width: usize::from(size.width()),
            size,
        })
    }

    /// The underlying engine.
    #[must_use]
    pub fn engine(&self) -> &Engine {
        &self.engine
    }
}

impl PlayoutBoard for EngineBoard {
    type P = Point;

    fn points(&self) -> Vec<Point> {
        self.size.points().collect()
    }

    #[inline]
    fn index(&self, p: Point) -> usize {
        usize::from(p.row) * self.width + usize::from(p.col)
    }

    fn core_point(&self, p: Point) -> Point {
        p
    }

    fn own_point(&self, p: Point) -> Point {
        p
    }

    #[inline]
    fn own_eye(&self, p: Point) -> bool {
        self.engine.is_own_eye(p)
    }

    #[inline]
    fn is_legal(&self, p: Point) -> bool {
        self.engine.is_legal(p)
    }

    #[inline]
    fn play(&mut self, p: Point, captured: Option<&mut Vec<Point>>) -> Result<(), ()> {
        self.engine.play(Move::Play(p)).map_err(|_| ())?;
        if let Some(out) = captured {
            out.extend_from_slice(self.engine.captured());
        }
        Ok(())
    }

    /// One judgement: `Engine::play` refuses an illegal move and leaves the game unchanged.
    #[inline]
    fn play_if_legal(&mut self, p: Point, captured: Option<&mut Vec<Point>>) -> Result<bool, ()> {
        if self.engine.play(Move::Play(p)).is_err() {
            return Ok(false);
        }
        if let Some(out) = captured {
            out.extend_from_slice(self.engine.captured());
        }
        Ok(true)
    }

    /// One read of the neighbours: `Engine::play_unless_own_eye`.
    #[inline]
    fn play_candidate(&mut self, p: Point, captured: Option<&mut Vec<Point>>) -> Result<bool, ()> {
        if !matches!(self.engine.play_unless_own_eye(p), Ok(true)) {
            return Ok(false);
        }
        if let Some(out) = captured {
            out.extend_from_slice(self.engine.captured());
        }
        Ok(true)
    }

    fn pass(&mut self) -> Result<(), ()> {
        self.engine.play(Move::Pass).map_err(|_| ())
    }

    fn area_score_halves(&self) -> i64 {
        self.engine.area_score_tromp_taylor(KOMI).halves()
    }
}
