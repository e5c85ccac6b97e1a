//! `Game`: one game on the engine (`weiqi_engine::Engine`), played and undone from Python.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};
use weiqi_core::{
    Action, BoardSize, ByColor, Color, GameResult, Move, Point, PointMark, Points, Referee, Score,
    Setup, SideScore,
};
use weiqi_engine::Engine;
use weiqi_record::dead::auto::enclosed_without_territory;
use weiqi_record::dead::{DeadStones, Source};

use crate::arrays::{self, Dtype};
use crate::moves::{self, Parsed};
use crate::rules::Rules;

/// A game of Go under one ruleset, on the weiqi engine: exact superko and every rule of the
/// variant, play and undo in microseconds.
///
/// `Game(rules, size=19, *, komi=None, handicap=0, black=None, white=None, to_move=None)`:
/// `rules` is a `Rules` or anything `Rules(...)` takes (a built-in id such as
/// `"chinese-1988"`, a spec file path); `size` an int, a `(width, height)` tuple or `"19x13"`;
/// `komi` overrides the variant's (a multiple of 0.5); `handicap` 0 is an even game, 1 a
/// handicap game without stones, N >= 2 places N stones as the variant does; `black` and
/// `white` are setup stones (lists of points; with a handicap of 2 or more they are the
/// handicap stones) and `to_move` (`"B"` or `"W"`) the first player of a position that is not
/// a game start (a setup the variant's start contradicts is a `ValueError`).
///
/// Moves are `(row, col)` tuples (row 0 at the top, the board array's indexing), GTP (`"D4"`)
/// or SGF (`"dd"`) text, action indices (`row * width + col`; `width * height` is the pass),
/// or `None` / `"pass"` for a pass. Board arrays are `int8`, shape `(height, width)`: 1 a black
/// stone, -1 a white stone, 0 empty.
#[pyclass(module = "weiqi_rules")]
#[derive(Clone)]
pub struct Game {
    pub(crate) engine: Engine,
    rules: Rules,
}

fn board_size(value: &Bound<'_, PyAny>) -> PyResult<BoardSize> {
    let bad = |e: weiqi_core::CoordError| PyValueError::new_err(e.to_string());
    if let Ok(text) = value.cast::<PyString>() {
        return BoardSize::parse(&text.to_cow()?).map_err(bad);
    }
    if let Ok(tuple) = value.cast::<PyTuple>() {
        let (w, h): (u32, u32) = tuple.extract().map_err(|_| {
            PyTypeError::new_err("a board size is an int, a (width, height) tuple or \"WxH\"")
        })?;
        return BoardSize::new(w, h).map_err(bad);
    }
    match value.extract::<i64>() {
        Ok(side) => u32::try_from(side)
            .map_err(|_| PyValueError::new_err(format!("board side {side} is out of range")))
            .and_then(|s| BoardSize::square(s).map_err(bad)),
        Err(_) => Err(PyTypeError::new_err(
            "a board size is an int, a (width, height) tuple or \"WxH\"",
        )),
    }
}

/// The points of a list of setup stones (`black=` or `white=`).
fn setup_points(list: Option<&Bound<'_, PyAny>>, size: BoardSize) -> PyResult<Vec<Point>> {
    let Some(list) = list else {
        return Ok(Vec::new());
    };
    if list.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "setup stones are a list of points, not a string",
        ));
    }
    let mut out = Vec::new();
    for item in list.try_iter()? {
        let item = item?;
        match moves::parse_move(&item, size)? {
            Parsed::Move(Move::Play(p)) => out.push(p),
            _ => {
                return Err(PyValueError::new_err(format!(
                    "a setup stone is a point on the {size} board, not {item}"
                )));
            }
        }
    }
    Ok(out)
}

/// A number of points as Python prints it in JSON: an int when whole, else a float.
fn points<'py>(py: Python<'py>, p: Points) -> PyResult<Bound<'py, PyAny>> {
    if p.halves() % 2 == 0 {
        Ok((p.halves() / 2).into_pyobject(py)?.into_any())
    } else {
        Ok(p.as_f64().into_pyobject(py)?.into_any())
    }
}

fn side_dict<'py>(py: Python<'py>, s: &SideScore) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("stones", s.stones)?;
    d.set_item("territory", points(py, s.territory)?)?;
    d.set_item("prisoners", s.prisoners)?;
    d.set_item("pass_stones", s.pass_stones)?;
    d.set_item("bonus", points(py, s.bonus)?)?;
    d.set_item("penalty", points(py, s.penalty)?)?;
    d.set_item("total", points(py, s.total)?)?;
    Ok(d)
}

fn winner(result: &GameResult) -> &'static str {
    match result.winner() {
        Some(Color::Black) => "B",
        Some(Color::White) => "W",
        None if *result == GameResult::Draw => "draw",
        None => "none",
    }
}

/// A count as the `score --json` object spells its fields (JSON.md): `komi`, `black`,
/// `white`, `margin`, `winner`, `result`, `dead` (`weiqi_record`'s object for the stones
/// given, or for none), `territory` and `notes`.
fn score_dict<'py>(
    py: Python<'py>,
    score: &Score,
    size: BoardSize,
    dead: &DeadStones,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("komi", points(py, score.komi)?)?;
    d.set_item("black", side_dict(py, &score.sides.black)?)?;
    d.set_item("white", side_dict(py, &score.sides.white)?)?;
    d.set_item("margin", points(py, score.margin)?)?;
    d.set_item("winner", winner(&score.result))?;
    d.set_item("result", score.result.to_sgf())?;
    let mut territory = ByColor::<Vec<String>>::default();
    for (p, mark) in size.points().zip(&score.marks) {
        match *mark {
            PointMark::Territory(c) => territory[c].push(p.to_sgf()),
            // The point of a dead stone is the opponent's once the stone is removed.
            PointMark::Dead(c) => territory[c.opponent()].push(p.to_sgf()),
            _ => {}
        }
    }
    let dead = serde_json::to_string(&dead.to_json())
        .map_err(|e| PyValueError::new_err(format!("cannot write json: {e}")))?;
    d.set_item("dead", crate::record::loads(py, &dead)?)?;
    let t = PyDict::new(py);
    t.set_item("black", &territory.black)?;
    t.set_item("white", &territory.white)?;
    d.set_item("territory", t)?;
    d.set_item("notes", &score.notes)?;
    Ok(d)
}

impl Game {
    fn size(&self) -> BoardSize {
        Referee::size(&self.engine)
    }

    /// The move `value` names, or the `IllegalMove` of a point off the board.
    fn move_of(&self, py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<Move> {
        match moves::parse_move(value, self.size())? {
            Parsed::Move(mv) => Ok(mv),
            Parsed::OffBoard => Err(crate::illegal(py, &weiqi_core::Illegal::OffBoard)),
        }
    }

    /// Whether the player to move may make `mv` now.
    fn legal(&self, mv: Move) -> bool {
        match mv {
            Move::Play(p) => self.engine.is_legal(p),
            Move::Pass => self
                .engine
                .check(&Action::pass(self.engine.to_move()))
                .is_ok(),
        }
    }

    /// The legal board plays, one byte per point in row order (1 legal, 0 not), and one more
    /// byte for the pass when `with_pass`.
    fn mask_bytes(&self, with_pass: bool) -> Vec<u8> {
        let size = self.size();
        let n = size.points_count();
        let mut mask = vec![0u8; n + usize::from(with_pass)];
        // Only an empty point can be a legal play; `is_legal` refuses every play outside the
        // playing phase.
        for &p in self.engine.empty_points() {
            if let Some(i) = size.index(p)
                && self.engine.is_legal(p)
            {
                mask[i] = 1;
            }
        }
        if with_pass {
            mask[n] = u8::from(self.legal(Move::Pass));
        }
        mask
    }
}

#[pymethods]
impl Game {
    #[new]
    #[pyo3(signature = (rules, size = None, *, komi = None, handicap = 0, black = None, white = None, to_move = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        rules: &Bound<'_, PyAny>,
        size: Option<&Bound<'_, PyAny>>,
        komi: Option<f64>,
        handicap: u32,
        black: Option<&Bound<'_, PyAny>>,
        white: Option<&Bound<'_, PyAny>>,
        to_move: Option<&str>,
    ) -> PyResult<Game> {
        let rules = Rules::from_arg(rules)?;
        let size = match size {
            Some(s) => board_size(s)?,
            None => BoardSize::STANDARD,
        };
        let komi = komi
            .map(|k| {
                Points::from_f64(k).ok_or_else(|| {
                    PyValueError::new_err(format!("komi {k} is not a multiple of 0.5"))
                })
            })
            .transpose()?;
        let mut stones = Vec::new();
        for (color, list) in [(Color::Black, black), (Color::White, white)] {
            for p in setup_points(list, size)? {
                stones.push((p, color));
            }
        }
        let to_move = to_move
            .map(|c| {
                Color::from_letter(c).ok_or_else(|| {
                    PyValueError::new_err(format!("to_move is \"B\" or \"W\", not {c:?}"))
                })
            })
            .transpose()?;
        let setup = Setup {
            komi,
            stones,
            to_move,
            ..Setup::with_handicap(size, handicap)
        };
        let engine =
            Engine::new(&rules.ruleset, setup).map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(Game { engine, rules })
    }

    /// The rules of the game.
    #[getter]
    fn rules(&self) -> Rules {
        self.rules.clone()
    }

    /// The board size as `(width, height)`.
    #[getter(size)]
    fn size_tuple(&self) -> (u8, u8) {
        let s = self.size();
        (s.width(), s.height())
    }

    /// The komi of this game.
    #[getter]
    fn komi(&self) -> f64 {
        self.engine.komi().as_f64()
    }

    /// The player to move: `"B"` or `"W"`.
    #[getter]
    fn to_move(&self) -> String {
        self.engine.to_move().letter().to_string()
    }

    /// `"playing"`, `"stopped"` (after the passes, under rules that agree on dead stones),
    /// `"ended"` or `"no-result"`: the JSON contract's status.
    #[getter]
    fn status(&self) -> &'static str {
        Referee::phase(&self.engine).status()
    }

    /// The number of moves played (passes included).
    #[getter]
    fn moves_played(&self) -> usize {
        Referee::moves_played(&self.engine)
    }

    /// Stones each side has captured: `{"black": n, "white": n}`.
    #[getter]
    fn prisoners<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let p = Referee::prisoners(&self.engine);
        let d = PyDict::new(py);
        d.set_item("black", p.black)?;
        d.set_item("white", p.white)?;
        Ok(d)
    }

    /// The result once the game has ended (SGF `RE` spelling: `"B+3.5"`, `"0"`, `"Void"`),
    /// else `None`.
    #[getter]
    fn result(&self) -> Option<String> {
        Referee::result(&self.engine).map(|r| r.to_sgf())
    }

    /// The stones the last move removed, as `(row, col)` points.
    #[getter]
    fn captured(&self) -> Vec<(u8, u8)> {
        self.engine
            .captured()
            .iter()
            .map(|&p| moves::point_tuple(p))
            .collect()
    }

    /// The board as a NumPy `int8` array of shape `(height, width)`: 1 black, -1 white, 0
    /// empty. A new array each call.
    #[getter]
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let board = Referee::board(&self.engine);
        let cells: Vec<u8> = board
            .cells()
            .iter()
            .map(|c| match c {
                Some(Color::Black) => 1u8,
                // -1 as an int8 byte.
                Some(Color::White) => 0xff,
                None => 0,
            })
            .collect();
        let size = self.size();
        arrays::array(
            py,
            &cells,
            &[usize::from(size.height()), usize::from(size.width())],
            Dtype::Int8,
        )
    }

    /// The Zobrist hash of the board (0 for the empty board): equal boards, equal hashes.
    fn hash(&self) -> u64 {
        self.engine.hash()
    }

    /// Plays `move` for the player to move. Raises `IllegalMove` (with its `code`) when the
    /// rules refuse it; the game is then unchanged.
    #[pyo3(name = "play", signature = (r#move))]
    fn play_move(&mut self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let mv = self.move_of(py, r#move)?;
        self.engine.play(mv).map_err(|e| crate::illegal(py, &e))
    }

    /// Passes for the player to move (`IllegalMove` when the game is over or the phase
    /// forbids it).
    fn pass_(&mut self, py: Python<'_>) -> PyResult<()> {
        self.engine
            .play(Move::Pass)
            .map_err(|e| crate::illegal(py, &e))
    }

    /// Whether the player to move may make `move` now (a point off the board is not legal).
    #[pyo3(signature = (r#move))]
    fn is_legal(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(match moves::parse_move(r#move, self.size())? {
            Parsed::Move(mv) => self.legal(mv),
            Parsed::OffBoard => false,
        })
    }

    /// Every legal move, board plays in row order as `(row, col)`, then `None` for the pass.
    fn legal_moves(&self) -> Vec<Option<(u8, u8)>> {
        Referee::legal_moves(&self.engine)
            .into_iter()
            .map(moves::move_tuple)
            .collect()
    }

    /// Every legal move as an action index, ascending (`width * height` is the pass).
    fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        arrays::index_list(py, &self.mask_bytes(true))
    }

    /// A NumPy boolean array of shape `(height, width)`: `True` where the player to move may
    /// play a stone now (all `False` unless the game is being played).
    fn legal_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let size = self.size();
        arrays::array(
            py,
            &self.mask_bytes(false),
            &[usize::from(size.height()), usize::from(size.width())],
            Dtype::Bool,
        )
    }

    /// The legal moves as a flat NumPy boolean array over the action indices: `width * height`
    /// points in row order, then the pass (the action mask of reinforcement-learning code).
    fn action_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let mask = self.mask_bytes(true);
        arrays::array(py, &mask, &[mask.len()], Dtype::Bool)
    }

    /// The action index of `move` (`row * width + col`, `width * height` for the pass).
    #[pyo3(signature = (r#move))]
    fn action_of(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<usize> {
        let mv = self.move_of(py, r#move)?;
        Ok(moves::action_index(mv, self.size()))
    }

    /// Takes back the last move; `False` when there is none to take back.
    fn undo(&mut self) -> bool {
        self.engine.undo()
    }

    /// An independent copy of the game, history included.
    fn copy(&self) -> Game {
        self.clone()
    }

    fn __copy__(&self) -> Game {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Game {
        self.clone()
    }

    /// The count of the board as it stands, with the strings of the stones in `dead` removed
    /// as dead (a stone names its whole string), under the variant's scoring: a dict with the
    /// fields of `weiqi score --json` for a count (`komi`, `black`, `white`, `margin`,
    /// `winner`, `result`, `dead` as `--dead` with these points or `none` gives it,
    /// `territory`, `notes`; points as SGF text).
    #[pyo3(signature = (dead = None))]
    fn score<'py>(
        &self,
        py: Python<'py>,
        dead: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let size = self.size();
        let mut points = Vec::new();
        if let Some(dead) = dead {
            if dead.is_instance_of::<PyString>() {
                return Err(PyTypeError::new_err(
                    "dead is a list of points, not a string",
                ));
            }
            for item in dead.try_iter()? {
                let item = item?;
                match moves::parse_move(&item, size)? {
                    Parsed::Move(Move::Play(p)) if self.engine.stone(p).is_some() => {
                        points.push(p);
                    }
                    Parsed::Move(Move::Play(p)) => {
                        return Err(PyValueError::new_err(format!(
                            "dead point {} holds no stone",
                            p.to_sgf()
                        )));
                    }
                    _ => {
                        return Err(PyValueError::new_err(format!(
                            "dead stones are points on the board, not {item}"
                        )));
                    }
                }
            }
        }
        let score = self
            .engine
            .count(&points)
            .ok_or_else(|| PyValueError::new_err("the count overflows"))?;
        // As `weiqi score --dead` says of them: stones given settle the board; with none, the
        // stones a count keeps alive in the opponent's area are named as unsettled.
        let dead = if points.is_empty() {
            DeadStones {
                points,
                source: Source::None,
                unsettled: enclosed_without_territory(&Referee::board(&self.engine)),
                judgement: None,
            }
        } else {
            DeadStones {
                points,
                source: Source::Given,
                unsettled: Vec::new(),
                judgement: None,
            }
        };
        score_dict(py, &score, size, &dead)
    }

    fn __repr__(&self) -> String {
        let size = self.size();
        format!(
            "Game({:?}, {}, moves_played={}, to_move={:?}, status={:?})",
            self.rules.ruleset.id,
            size,
            Referee::moves_played(&self.engine),
            self.engine.to_move().letter().to_string(),
            Referee::phase(&self.engine).status()
        )
    }

    /// The board as text: `X` black, `O` white, `.` empty, one row a line from the top.
    fn __str__(&self) -> String {
        Referee::board(&self.engine).to_string()
    }
}
