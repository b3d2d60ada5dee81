//! `Card`: immutable and compared by identity. Each copy in a deck is its own object, so a
//! caller can follow one copy through shuffles (wraps `mulligan_core::card`).

use crate::args::{texts, DeckText, Flag, Text};
use mulligan_core::card::MAX_TAGS;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

#[pyclass(frozen, module = "mulligan")]
pub struct Card {
    pub inner: mulligan_core::Card,
}

#[pymethods]
impl Card {
    #[new]
    #[pyo3(signature = (name, *, land = None, tags = None), text_signature = "(name, *, land=False, tags=())")]
    fn new(
        name: Text<DeckText>,
        land: Option<Flag>,
        tags: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Card> {
        let mut tag_list: Vec<String> = vec![];
        if let Some(tags) = tags {
            for t in texts::<DeckText>(tags, "tags", MAX_TAGS)? {
                if !tag_list.contains(&t) {
                    tag_list.push(t);
                }
            }
        }
        Ok(Card {
            inner: mulligan_core::Card::new(
                name.into_string(),
                land.is_some_and(|l| l.0),
                tag_list,
            ),
        })
    }

    #[getter]
    fn name(&self) -> &str {
        &self.inner.name
    }

    #[getter]
    fn land(&self) -> bool {
        self.inner.land
    }

    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.inner.tags)
    }

    fn __repr__(&self) -> String {
        let mut s = format!("Card({:?}", self.inner.name);
        if self.inner.land {
            s.push_str(", land=True");
        }
        if !self.inner.tags.is_empty() {
            s.push_str(&format!(", tags={:?}", self.inner.tags));
        }
        s.push(')');
        s
    }
}

pub fn new_card(py: Python<'_>, card: mulligan_core::Card) -> PyResult<Py<Card>> {
    Py::new(py, Card { inner: card })
}
