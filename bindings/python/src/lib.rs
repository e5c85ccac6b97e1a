//! The Python package `weiqi_rules` (distribution `weiqi-rules`): the weiqi engine, its
//! rules and its record rulings for Python programs, through PyO3.
//!
//! The module `weiqi_rules._native` holds everything; `python/weiqi_rules/__init__.py`
//! re-exports it and `_native.pyi` types it. Nothing here rules on anything: a `Rules`
//! is a `weiqi_spec::Ruleset`, a `Game` is a `weiqi_engine::Engine`, and a record is
//! ruled by the same code as `weiqi check` and `weiqi score`, so a Python caller gets the
//! command line's rulings and its JSON objects (as dicts) unchanged.
//!
//! Bad arguments raise `TypeError` or `ValueError` (never a panic); an illegal move raises
//! `IllegalMove`, a `ValueError` whose `code` is the JSON contract's reason
//! (`weiqi_core::Illegal::code`).

mod arrays;
mod game;
mod moves;
mod record;
mod rules;

use pyo3::prelude::*;

pyo3::create_exception!(
    weiqi_rules,
    IllegalMove,
    pyo3::exceptions::PyValueError,
    "A move the rules refuse. `code` is the stable reason of the JSON contract \
     (`occupied`, `suicide`, `ko`, `positional-superko`, ...), `args[0]` the message."
);

pyo3::create_exception!(
    weiqi_rules,
    RulesError,
    pyo3::exceptions::PyValueError,
    "A ruleset that cannot be loaded: an unknown id, an unreadable file, or a spec file with \
     problems (every problem, one a line, in the message)."
);

pyo3::create_exception!(
    weiqi_rules,
    RecordError,
    pyo3::exceptions::PyValueError,
    "A record that cannot be read or ruled. `kind` is the JSON Lines' `error.kind` (`io`, \
     `syntax`, `not-go`, `off-board`, ..., `cannot-rule`), `args[0]` the message."
);

/// An [`IllegalMove`] exception for `reason`, with its `code` attribute set.
pub(crate) fn illegal(py: Python<'_>, reason: &weiqi_core::Illegal) -> PyErr {
    let err = IllegalMove::new_err(reason.to_string());
    if let Err(e) = err.value(py).setattr("code", reason.code()) {
        return e;
    }
    err
}

/// The extension module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("IllegalMove", py.get_type::<IllegalMove>())?;
    m.add("RulesError", py.get_type::<RulesError>())?;
    m.add("RecordError", py.get_type::<RecordError>())?;
    m.add_class::<rules::Rules>()?;
    m.add_class::<game::Game>()?;
    m.add_function(wrap_pyfunction!(rules::builtin_ids, m)?)?;
    m.add_function(wrap_pyfunction!(record::check_sgf, m)?)?;
    m.add_function(wrap_pyfunction!(record::score_sgf, m)?)?;
    m.add_function(wrap_pyfunction!(record::check_files, m)?)?;
    m.add_function(wrap_pyfunction!(record::score_files, m)?)?;
    m.add_function(wrap_pyfunction!(judge, m)?)?;
    Ok(())
}

/// The most playouts per colour `judge` takes (the default is in the low hundreds).
const MAX_PLAYOUTS: u32 = 65_536;

/// The status judge on a game's position (`weiqi-status`, README "The status judge"): which
/// strings are dead, alive, in seki or unsettled, how each is known (`proved`,
/// `proved-by-play`, `estimated` with the survival in thousandths of the playouts with Black
/// and with White moving first), every point's owner, whether the game is finished and safe
/// to score, and the seed. The same object as `dead.judgement` of `score_sgf(...)`; the same
/// position and seed give the same judgement on every machine. `playouts` (per colour to move
/// first, at most [`MAX_PLAYOUTS`]: a bounded call) and `seed` override the defaults.
#[pyfunction]
#[pyo3(signature = (game, *, playouts=None, seed=None))]
fn judge<'py>(
    py: Python<'py>,
    game: &game::Game,
    playouts: Option<u32>,
    seed: Option<u64>,
) -> PyResult<Bound<'py, PyAny>> {
    let mut options = weiqi_status::Options::default();
    if let Some(p) = playouts {
        if p > MAX_PLAYOUTS {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "judge: playouts must be at most {MAX_PLAYOUTS}, not {p}"
            )));
        }
        options.playouts = p;
    }
    if let Some(s) = seed {
        options.seed = s;
    }
    let judgement = weiqi_status::judge(&game.engine, &options)
        .map_err(|e| pyo3::exceptions::PyValueError::new_err(format!("judge: {e}")))?;
    let json = serde_json::to_string(&weiqi_record::dead::judgement_json(&judgement))
        .map_err(|e| pyo3::exceptions::PyValueError::new_err(format!("judge: {e}")))?;
    record::loads(py, &json)
}
