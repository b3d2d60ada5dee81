//! `Decision` and `SeatResult`: the core's records with the seat's `Card` objects attached;
//! `to_dict()` is the record's one JSON shape (docs/schema.json).

use crate::card::Card;
use crate::convert::record_to_py;
use pyo3::prelude::*;
use pyo3::types::PyList;

/// A decision outstanding now. It shows only what its player may see.
#[pyclass(frozen, module = "mulligan")]
pub struct Decision {
    pub inner: mulligan_core::Decision,
    #[pyo3(get)]
    pub hand: Py<PyList>,
    #[pyo3(get)]
    pub card: Option<Py<Card>>,
    #[pyo3(get)]
    pub actions: Py<PyList>,
}

#[pymethods]
impl Decision {
    /// Unique within the game; unchanged while pending, never reused once answered.
    #[getter]
    fn id(&self) -> u64 {
        self.inner.id
    }
    #[getter]
    fn kind(&self) -> &'static str {
        self.inner.kind.name()
    }
    #[getter]
    fn seat(&self) -> usize {
        self.inner.seat
    }
    #[getter]
    fn count(&self) -> Option<usize> {
        self.inner.count
    }
    #[getter]
    fn can_mulligan(&self) -> bool {
        self.inner.can_mulligan
    }
    /// Whether the no-land/all-land redraw may be taken now (`land_mulligan=True`).
    #[getter]
    fn can_land_mulligan(&self) -> bool {
        self.inner.can_land_mulligan
    }
    #[getter]
    fn options(&self) -> Vec<usize> {
        self.inner.options.clone()
    }

    /// The decision as a JSON-ready dict (cards as `{"id", "name"}`).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        record_to_py(py, &self.inner)
    }

    fn __repr__(&self) -> String {
        let d = &self.inner;
        let mut s = format!(
            "Decision(id={}, kind={:?}, seat={}, hand={} cards",
            d.id,
            d.kind.name(),
            d.seat,
            d.hand.len()
        );
        if let Some(c) = d.count {
            s.push_str(&format!(", count={c}"));
        }
        s.push(')');
        s
    }
}

/// One seat once the game start is done.
#[pyclass(frozen, module = "mulligan")]
pub struct SeatResult {
    pub inner: mulligan_core::SeatResult,
    #[pyo3(get)]
    pub hand: Py<PyList>,
    #[pyo3(get)]
    pub battlefield: Py<PyList>,
    #[pyo3(get)]
    pub exile: Py<PyList>,
    #[pyo3(get)]
    pub revealed: Py<PyList>,
}

#[pymethods]
impl SeatResult {
    #[getter]
    fn seat(&self) -> usize {
        self.inner.seat
    }
    #[getter]
    fn name(&self) -> &str {
        &self.inner.name
    }
    #[getter]
    fn library_size(&self) -> usize {
        self.inner.library_size
    }
    #[getter]
    fn life(&self) -> i32 {
        self.inner.life
    }
    #[getter]
    fn mulligans(&self) -> u32 {
        self.inner.mulligans
    }
    #[getter]
    fn skips_first_draw(&self) -> bool {
        self.inner.skips_first_draw
    }

    /// A JSON-ready dict (cards as `{"id", "name"}`).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        record_to_py(py, &self.inner)
    }

    fn __repr__(&self) -> String {
        let r = &self.inner;
        format!(
            "SeatResult(seat={}, name={:?}, hand={} cards, library_size={}, life={}, mulligans={}, skips_first_draw={})",
            r.seat,
            r.name,
            r.hand.len(),
            r.library_size,
            r.life,
            r.mulligans,
            if r.skips_first_draw { "True" } else { "False" }
        )
    }
}
