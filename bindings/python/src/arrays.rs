//! NumPy arrays made from bytes without depending on NumPy's C API: `numpy.ndarray(shape,
//! dtype, buffer)` over a fresh `bytearray`, so the array is writable and owns its memory
//! through the buffer (one Python call, no Python loop).

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyByteArray, PyList, PyTuple};

static NDARRAY: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
static BOOL: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
static INT8: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// The element type of an array.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Dtype {
    /// `numpy.bool_`: one byte, 0 or 1.
    Bool,
    /// `numpy.int8`.
    Int8,
}

fn cached<'py>(
    py: Python<'py>,
    cell: &'static PyOnceLock<Py<PyAny>>,
    make: impl FnOnce() -> PyResult<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    cell.get_or_try_init(py, || make().map(Bound::unbind))
        .map(|v| v.bind(py).clone())
}

/// A NumPy array of `shape` holding `data` (its length is the product of `shape`).
pub(crate) fn array<'py>(
    py: Python<'py>,
    data: &[u8],
    shape: &[usize],
    dtype: Dtype,
) -> PyResult<Bound<'py, PyAny>> {
    let ndarray = cached(py, &NDARRAY, || py.import("numpy")?.getattr("ndarray"))?;
    let dtype = match dtype {
        Dtype::Bool => cached(py, &BOOL, || {
            py.import("numpy")?.getattr("dtype")?.call1(("bool",))
        })?,
        Dtype::Int8 => cached(py, &INT8, || {
            py.import("numpy")?.getattr("dtype")?.call1(("int8",))
        })?,
    };
    let shape = PyTuple::new(py, shape)?;
    ndarray.call1((shape, dtype, PyByteArray::new(py, data)))
}

/// The Python ints `0..=52 * 52` (every action index of the largest board), made once: a list
/// of action indices is then built from references, without an allocation per element.
static INTS: PyOnceLock<Vec<Py<PyAny>>> = PyOnceLock::new();

/// A Python list of the indices `i` where `mask[i]` is 1.
pub(crate) fn index_list<'py>(py: Python<'py>, mask: &[u8]) -> PyResult<Bound<'py, PyList>> {
    let ints = INTS.get_or_try_init(py, || {
        let top = usize::from(weiqi_core::MAX_SIDE) * usize::from(weiqi_core::MAX_SIDE);
        (0..=top)
            .map(|i| {
                i.into_pyobject(py)
                    .map(|n| n.into_any().unbind())
                    .map_err(PyErr::from)
            })
            .collect::<PyResult<Vec<_>>>()
    })?;
    let mut items = Vec::with_capacity(mask.len());
    for (i, &legal) in mask.iter().enumerate() {
        if legal == 1 {
            match ints.get(i) {
                Some(n) => items.push(n.bind(py).clone()),
                None => items.push(i.into_pyobject(py)?.into_any()),
            }
        }
    }
    PyList::new(py, items)
}
