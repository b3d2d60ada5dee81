//! `Card`: immutable and compared by identity. Each copy in a deck is its own object, so a
//! caller can follow one copy through shuffles (wraps `mulligan_core::card`).

use crate::args::{objects, texts, Context, DeckText, Flag, Illegal, Text};
use mulligan_core::card::MAX_TAGS;
use mulligan_core::deck::MAX_DECK_CARDS;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use pyo3::Borrowed;
use std::marker::PhantomData;

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

/// Card objects as given (an iterable of `Card`, not a `str`), at most as many as a deck can
/// hold ([`MAX_DECK_CARDS`]): no hand, library or list of cards to move can be longer.
pub struct Cards<'py, C = Illegal>(pub Vec<Bound<'py, Card>>, PhantomData<C>);

impl<'a, 'py, C: Context> FromPyObject<'a, 'py> for Cards<'py, C> {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        objects::<Card, C>(&obj.to_owned(), "cards", MAX_DECK_CARDS)
            .map(|cards| Cards(cards, PhantomData))
    }
}
