//! Moves and points as Python spells them: `(row, col)` tuples (row 0 at the top, as the board
//! array is indexed), GTP (`"D4"`) or SGF (`"dd"`) text, an action index (`row * width + col`,
//! `width * height` for the pass: the action space of reinforcement-learning code), and `None`
//! or `"pass"` for a pass.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString, PyTuple};
use weiqi_core::{BoardSize, CoordError, Move, Point};

/// A move read from Python: a move on the board or a pass, or a point off the board (which
/// the rules refuse as `off-board`, not as a bad argument).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Parsed {
    /// A move the referee judges.
    Move(Move),
    /// A well-formed point that is not on this board.
    OffBoard,
}

fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map_or_else(|_| "?".to_owned(), |n| n.to_string())
}

/// Reads a move on a board of `size` (see the module doc for the forms).
pub(crate) fn parse_move(value: &Bound<'_, PyAny>, size: BoardSize) -> PyResult<Parsed> {
    if value.is_none() {
        return Ok(Parsed::Move(Move::Pass));
    }
    if value.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(
            "a move is a (row, col) tuple, a point as text, an action index or None, not a bool",
        ));
    }
    if let Ok(text) = value.cast::<PyString>() {
        return parse_text(&text.to_cow()?, size);
    }
    if let Ok(tuple) = value.cast::<PyTuple>() {
        if tuple.len() != 2 {
            return Err(PyValueError::new_err(format!(
                "a point is a (row, col) tuple of two integers, not a tuple of {}",
                tuple.len()
            )));
        }
        let row: i64 = tuple
            .get_item(0)?
            .extract()
            .map_err(|_| PyTypeError::new_err("a point is a (row, col) tuple of two integers"))?;
        let col: i64 = tuple
            .get_item(1)?
            .extract()
            .map_err(|_| PyTypeError::new_err("a point is a (row, col) tuple of two integers"))?;
        return Ok(point_rc(row, col, size));
    }
    if let Ok(index) = value.extract::<i64>() {
        return action(index, size).map(Parsed::Move);
    }
    if value.is_instance_of::<PyInt>() {
        return Err(PyValueError::new_err(format!(
            "action index {value} is out of range"
        )));
    }
    Err(PyTypeError::new_err(format!(
        "a move is a (row, col) tuple, a point as text (\"D4\", \"dd\", \"pass\"), an action \
         index or None, not {}",
        type_name(value)
    )))
}

/// A point given as a row and a column, on the board or not.
fn point_rc(row: i64, col: i64, size: BoardSize) -> Parsed {
    match (u8::try_from(row), u8::try_from(col)) {
        (Ok(r), Ok(c)) if size.contains(Point::rc(r, c)) => {
            Parsed::Move(Move::Play(Point::rc(r, c)))
        }
        _ => Parsed::OffBoard,
    }
}

/// The move of an action index: `row * width + col`, `width * height` for the pass.
pub(crate) fn action(index: i64, size: BoardSize) -> PyResult<Move> {
    let n = i64::try_from(size.points_count()).unwrap_or(i64::MAX);
    if index == n {
        return Ok(Move::Pass);
    }
    usize::try_from(index)
        .ok()
        .filter(|&i| i64::try_from(i).is_ok_and(|i| i < n))
        .and_then(|i| size.point_at(i))
        .map(Move::Play)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "action index {index} is out of range: 0..{n} are the points, {n} the pass"
            ))
        })
}

/// The action index of a move (see [`action`]).
pub(crate) fn action_index(mv: Move, size: BoardSize) -> usize {
    match mv {
        Move::Play(p) => size.index(p).unwrap_or(size.points_count()),
        Move::Pass => size.points_count(),
    }
}

fn parse_text(text: &str, size: BoardSize) -> PyResult<Parsed> {
    let t = text.trim();
    if t.eq_ignore_ascii_case("pass") {
        return Ok(Parsed::Move(Move::Pass));
    }
    match Point::parse(t, size) {
        Ok(p) => Ok(Parsed::Move(Move::Play(p))),
        Err(CoordError::OffBoard { .. }) => Ok(Parsed::OffBoard),
        Err(e) => Err(PyValueError::new_err(format!(
            "{e} (a move is GTP \"D4\", SGF \"dd\" or \"pass\")"
        ))),
    }
}

/// A point as Python spells it: `(row, col)`.
pub(crate) fn point_tuple(p: Point) -> (u8, u8) {
    (p.row, p.col)
}

/// A move as Python spells it: `(row, col)`, or `None` for a pass.
pub(crate) fn move_tuple(mv: Move) -> Option<(u8, u8)> {
    mv.point().map(point_tuple)
}
