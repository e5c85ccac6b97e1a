//! `Rules`: a validated ruleset (`weiqi_spec::Ruleset`), from a built-in id, a spec file or
//! TOML text.

use std::path::PathBuf;
use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::PyDict;
use weiqi_spec::{Ruleset, SpecErrors};

use crate::RulesError;

/// The ids of the built-in variants, sorted.
#[pyfunction]
pub(crate) fn builtin_ids() -> Vec<&'static str> {
    weiqi_spec::builtin_ids()
}

/// A `RulesError` with every problem of `errors`, one a line.
fn rules_error(errors: &SpecErrors) -> PyErr {
    RulesError::new_err(errors.to_string())
}

/// A rules variant, validated: every key of the spec language resolved.
///
/// `Rules("japanese-1989")` takes a built-in variant (`builtin_ids()`), `Rules("katago:...")` a
/// KataGo rule string (the id is then `katago`), `Rules("my.toml")` (a `str` or `os.PathLike`)
/// reads a spec file (its `extends` names the file beside it, else the built-in), and
/// `Rules.from_toml(text)` reads spec text. Anything `weiqi --rules` accepts is accepted. A rule
/// set that cannot be loaded raises `RulesError` (a `ValueError`).
#[pyclass(module = "weiqi_rules", frozen, eq)]
#[derive(Clone)]
pub struct Rules {
    /// The ruleset, shared with every game started from it.
    pub(crate) ruleset: Arc<Ruleset>,
    /// The built-in id or the path it was loaded from (`None` for TOML text): what a record's
    /// ruling is given (`weiqi_record` loads its rules by id or path, as `--rules` does).
    spec: Option<String>,
}

impl PartialEq for Rules {
    fn eq(&self, other: &Rules) -> bool {
        *self.ruleset == *other.ruleset
    }
}

impl Rules {
    /// The rules named by a Python value: a `Rules`, or a built-in id or spec file path.
    pub(crate) fn from_arg(value: &Bound<'_, PyAny>) -> PyResult<Rules> {
        if let Ok(rules) = value.cast::<Rules>() {
            return Ok(rules.get().clone());
        }
        let path: PathBuf = value.extract().map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err(format!(
                "rules must be a Rules, a built-in id or a spec file path, not {}",
                value
                    .get_type()
                    .name()
                    .map_or_else(|_| "?".to_owned(), |n| n.to_string())
            ))
        })?;
        Rules::load(path)
    }

    /// The rules of a record's ruling as `weiqi_record` takes them: a built-in id or a spec
    /// file path, given as such or as a `Rules` loaded from one.
    pub(crate) fn spec_of(value: &Bound<'_, PyAny>) -> PyResult<String> {
        if let Ok(rules) = value.cast::<Rules>() {
            return rules.get().spec.clone().ok_or_else(|| {
                pyo3::exceptions::PyValueError::new_err(
                    "rules made from TOML text cannot rule a record: write them to a spec file \
                     and give its path",
                )
            });
        }
        let path: PathBuf = value.extract().map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err(
                "rules must be a Rules, a built-in id or a spec file path",
            )
        })?;
        path.to_str().map(str::to_owned).ok_or_else(|| {
            pyo3::exceptions::PyValueError::new_err(format!(
                "the path {} is not valid unicode",
                path.display()
            ))
        })
    }

    fn load(path: PathBuf) -> PyResult<Rules> {
        let text = path.to_str().ok_or_else(|| {
            pyo3::exceptions::PyValueError::new_err(format!(
                "the path {} is not valid unicode",
                path.display()
            ))
        })?;
        let ruleset = weiqi_spec::load(text).map_err(|e| rules_error(&e))?;
        Ok(Rules {
            ruleset: Arc::new(ruleset),
            spec: Some(text.to_owned()),
        })
    }
}

#[pymethods]
impl Rules {
    /// A built-in variant by id, or the spec file at a path.
    #[new]
    fn new(spec: PathBuf) -> PyResult<Rules> {
        Rules::load(spec)
    }

    /// A variant from spec text; its id is the stem of `name` (`extends` names a built-in).
    #[staticmethod]
    #[pyo3(signature = (text, name = "custom.toml"))]
    fn from_toml(text: &str, name: &str) -> PyResult<Rules> {
        let ruleset = weiqi_spec::parse_str(name, text).map_err(|e| rules_error(&e))?;
        Ok(Rules {
            ruleset: Arc::new(ruleset),
            spec: None,
        })
    }

    /// The variant id.
    #[getter]
    fn id(&self) -> &str {
        &self.ruleset.id
    }

    /// The variant this one extends, if any.
    #[getter]
    fn extends(&self) -> Option<&str> {
        self.ruleset.extends.as_deref()
    }

    /// The komi of an even game.
    #[getter]
    fn komi(&self) -> f64 {
        self.ruleset.scoring.komi.as_f64()
    }

    /// Every key of the spec language (`play.ko`, `scoring.komi`, ...) with its value as TOML.
    fn entries<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let out = PyDict::new(py);
        for (key, value) in self.ruleset.entries() {
            out.set_item(key, value)?;
        }
        Ok(out)
    }

    /// The value of one key as TOML (`rules["play.ko"]` is `'"positional"'`); `KeyError` for a
    /// key the spec language does not have.
    fn __getitem__(&self, key: &str) -> PyResult<String> {
        self.ruleset
            .value_of(key)
            .ok_or_else(|| pyo3::exceptions::PyKeyError::new_err(key.to_owned()))
    }

    /// The keys whose values differ from `other`'s: `(key, this value, other value)`, values
    /// as TOML, in the order of the spec language.
    fn diff(&self, other: &Rules) -> Vec<(String, String, String)> {
        self.ruleset
            .diff(&other.ruleset)
            .into_iter()
            .map(|d| (d.key, d.left, d.right))
            .collect()
    }

    /// The resolved variant as a complete spec file (every key written).
    fn to_toml(&self) -> String {
        self.ruleset.to_toml()
    }

    fn __repr__(&self) -> String {
        format!("Rules({:?})", self.ruleset.id)
    }
}
