//! The exception classes, each a subclass of both `MulliganError` and the fitting builtin, and
//! the mapping from the core's error enum. Rust panics are caught here and never reach Python.

use mulligan_core::Error;
use pyo3::exceptions::{PyException, PyRuntimeError, PyTypeError, PyUserWarning, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyTuple, PyType};
use std::panic::{catch_unwind, AssertUnwindSafe};

static MULLIGAN_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static SEED_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static DECK_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static ILLEGAL_ACTION_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static GAME_CONFIG_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static TYPE_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static INTERNAL_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static MULLIGAN_WARNING: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static LOG_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static DECK_WARNING: PyOnceLock<Py<PyType>> = PyOnceLock::new();

type Spec = (&'static PyOnceLock<Py<PyType>>, &'static str, &'static str);

const SUBCLASSES: [Spec; 7] = [
    (&SEED_ERROR, "SeedError", "A malformed seed or commitment."),
    (
        &DECK_ERROR,
        "DeckError",
        "A malformed deck list; the message names the line.",
    ),
    (
        &ILLEGAL_ACTION_ERROR,
        "IllegalActionError",
        "An answer or operation the rules do not allow now; nothing was changed.",
    ),
    (
        &GAME_CONFIG_ERROR,
        "GameConfigError",
        "A game that cannot be set up as asked.",
    ),
    (
        &TYPE_ERROR,
        "MulliganTypeError",
        "An argument of the wrong type.",
    ),
    (
        &INTERNAL_ERROR,
        "InternalError",
        "A bug in mulligan (a Rust panic, caught); please report it.",
    ),
    (
        &LOG_ERROR,
        "LogError",
        "A log that is malformed or does not verify; the message says where.",
    ),
];

fn make_class<'py>(
    py: Python<'py>,
    name: &str,
    doc: &str,
    bases: Bound<'py, PyTuple>,
) -> PyResult<Bound<'py, PyType>> {
    let ns = PyDict::new(py);
    ns.set_item("__doc__", doc)?;
    ns.set_item("__module__", "mulligan")?;
    // No slots of their own: the layout of `BaseException`, so that PyO3's `PanicException`
    // can be re-based under `InternalError` (see `rebase_panic_exception`).
    ns.set_item("__slots__", PyTuple::empty(py))?;
    let cls = py.get_type::<PyType>().call1((name, bases, ns))?;
    Ok(cls.cast_into::<PyType>()?)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    let base = make_class(
        py,
        "MulliganError",
        "Base class of every error mulligan raises.",
        PyTuple::new(py, [py.get_type::<PyException>()])?,
    )?;
    m.add("MulliganError", &base)?;
    let _ = MULLIGAN_ERROR.set(py, base.clone().unbind());
    for (cell, name, doc) in SUBCLASSES {
        let builtin = match name {
            "MulliganTypeError" => py.get_type::<PyTypeError>(),
            "InternalError" => py.get_type::<PyRuntimeError>(),
            _ => py.get_type::<PyValueError>(),
        };
        let cls = make_class(py, name, doc, PyTuple::new(py, [base.clone(), builtin])?)?;
        m.add(name, &cls)?;
        let _ = cell.set(py, cls.unbind());
    }
    let warning = make_class(
        py,
        "MulliganWarning",
        "An input mulligan accepts but that is rarely what was meant (e.g. a deck without \
         lands); a UserWarning, so `warnings` filters apply.",
        PyTuple::new(py, [py.get_type::<PyUserWarning>()])?,
    )?;
    m.add("MulliganWarning", &warning)?;
    let deck_warning = make_class(
        py,
        "DeckWarning",
        "What a deck reader noticed: unknown cards, a deck that breaks its format's rules.",
        PyTuple::new(py, [warning.clone()])?,
    )?;
    m.add("DeckWarning", &deck_warning)?;
    let _ = DECK_WARNING.set(py, deck_warning.unbind());
    let _ = MULLIGAN_WARNING.set(py, warning.unbind());
    rebase_panic_exception(py)
}

/// Issues `message` as a `MulliganWarning` pointing at the caller's line. Under a filter that
/// turns warnings into errors, the error is returned.
pub fn warn(py: Python<'_>, message: &str) -> PyResult<()> {
    let category = match MULLIGAN_WARNING.get(py) {
        Some(cls) => cls.bind(py).clone().into_any(),
        None => py.get_type::<PyUserWarning>().into_any(),
    };
    let message = std::ffi::CString::new(message.replace('\0', " "))
        .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    PyErr::warn(py, &category, &message, 1)
}

/// `DeckWarning` (a `MulliganWarning`): what a deck reader noticed (unknown cards, a failed
/// format check).
pub fn deck_warning(py: Python<'_>) -> PyResult<Bound<'_, PyType>> {
    match DECK_WARNING.get(py) {
        Some(cls) => Ok(cls.bind(py).clone()),
        None => Ok(py.get_type::<PyUserWarning>()),
    }
}

fn raise(cell: &PyOnceLock<Py<PyType>>, message: String) -> PyErr {
    Python::attach(|py| match cell.get(py) {
        Some(cls) => PyErr::from_type(cls.bind(py).clone(), message),
        None => PyRuntimeError::new_err(message),
    })
}

pub fn seed_error(message: impl Into<String>) -> PyErr {
    raise(&SEED_ERROR, message.into())
}
pub fn deck_error(message: impl Into<String>) -> PyErr {
    raise(&DECK_ERROR, message.into())
}
pub fn illegal(message: impl Into<String>) -> PyErr {
    raise(&ILLEGAL_ACTION_ERROR, message.into())
}
pub fn config_error(message: impl Into<String>) -> PyErr {
    raise(&GAME_CONFIG_ERROR, message.into())
}
pub fn type_error(message: impl Into<String>) -> PyErr {
    raise(&TYPE_ERROR, message.into())
}

pub fn internal(message: impl Into<String>) -> PyErr {
    raise(&INTERNAL_ERROR, message.into())
}
pub fn log_error(message: impl Into<String>) -> PyErr {
    raise(&LOG_ERROR, message.into())
}

pub fn to_py(e: Error) -> PyErr {
    let message = e.to_string();
    match e {
        Error::Seed(_) => seed_error(message),
        Error::Deck { .. } => deck_error(message),
        Error::IllegalAction(_) => illegal(message),
        Error::Config(_) => config_error(message),
        Error::Log(_) => log_error(message),
    }
}

/// Runs core code; a panic becomes `InternalError` instead of crossing into Python.
pub fn guard<T>(f: impl FnOnce() -> Result<T, Error>) -> PyResult<T> {
    caught(|| f().map_err(to_py))
}

/// Runs binding code; a panic becomes `InternalError` instead of crossing into Python.
pub fn caught<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(result) => result,
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".into());
            Err(internal(format!(
                "internal error in mulligan (please report): {what}"
            )))
        }
    }
}

/// The last line of defence: a panic no guard caught reaches Python as PyO3's
/// `PanicException`, a `BaseException` that `except Exception` misses. Re-based under
/// `InternalError` at import, it is caught as every other `MulliganError` is.
fn rebase_panic_exception(py: Python<'_>) -> PyResult<()> {
    let Some(internal) = INTERNAL_ERROR.get(py) else {
        return Ok(());
    };
    let panic = py.get_type::<pyo3::panic::PanicException>();
    panic.setattr("__bases__", (internal.bind(py),))
}

/// A `Game`, `Library` or `Match` another call is using now (another thread, or an argument's
/// iteration calling back into it): an `IllegalActionError`, never PyO3's bare `RuntimeError`.
pub fn busy(what: &str) -> PyErr {
    illegal(format!(
        "this {what} is busy: another call is using it (from another thread, or from inside an \
         argument being read); nothing was changed, try again once that call returns"
    ))
}
