//! numpy arrays made for the bindings' outputs (`bulk`, `simulate`'s per-game records,
//! `tournament`): allocated by numpy itself, a failure an error naming the argument.

use crate::errors::config_error;
use pyo3::intern;
use pyo3::prelude::*;

/// A new zeroed numpy array, allocated by numpy itself: a failure is an error naming
/// `argument` (never a panic).
pub(crate) fn numpy_zeros<'py, T: numpy::Element, D: numpy::ndarray::Dimension>(
    py: Python<'py>,
    shape: impl IntoPyObject<'py>,
    dtype: &str,
    argument: &str,
) -> PyResult<Bound<'py, numpy::PyArray<T, D>>> {
    let array = py
        .import(intern!(py, "numpy"))?
        .call_method1(intern!(py, "zeros"), (shape, dtype))
        .map_err(|e| {
            if e.is_instance_of::<pyo3::exceptions::PyMemoryError>(py) {
                config_error(format!(
                    "{argument}: the output could not be allocated ({e})"
                ))
            } else {
                e
            }
        })?;
    Ok(array.cast_into::<numpy::PyArray<T, D>>()?)
}
