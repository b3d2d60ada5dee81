//! `Card` and `Deck`. A `Card` is immutable and compared by identity: each copy in a deck is
//! its own object, so a caller can follow one copy through shuffles.

use crate::args::{objects, texts, DeckText, Flag, Text};
use crate::errors::{deck_error, guard};
use mulligan_core::card::MAX_TAGS;
use mulligan_core::deck::MAX_DECK_CARDS;
use mulligan_core::DeckList;
use pyo3::exceptions::PyTypeError;
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

/// The Card objects of an iterable, each a distinct identity: an object listed twice is copied.
pub fn distinct_cards(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<Py<Card>>> {
    deck_cards(obj, what, MAX_DECK_CARDS)
}

/// As [`distinct_cards`], but a `DeckError` once the iterable yields more than `room` cards (a
/// deck's cap, [`MAX_DECK_CARDS`], less what its other parts hold), before copying any more.
fn deck_cards(obj: &Bound<'_, PyAny>, what: &str, room: usize) -> PyResult<Vec<Py<Card>>> {
    let py = obj.py();
    let cards = objects::<Card, DeckText>(obj, what, room).map_err(|e| {
        if e.is_instance_of::<PyTypeError>(py) {
            e
        } else {
            deck_error(format!(
                "a deck holds at most {MAX_DECK_CARDS} cards in all (cards, sideboard, \
                 commanders and companions together); {what} goes over"
            ))
        }
    })?;
    let mut out: Vec<Py<Card>> = vec![];
    let mut seen = std::collections::HashSet::new();
    for card in cards {
        if seen.insert(card.as_ptr() as usize) {
            out.push(card.clone().unbind());
        } else {
            out.push(new_card(py, card.get().inner.clone())?);
        }
    }
    Ok(out)
}

/// A deck: the main deck (which becomes the library), and what is set aside before the game
/// (103.2): sideboard, commanders, companion.
#[pyclass(frozen, module = "mulligan")]
pub struct Deck {
    pub cards: Vec<Py<Card>>,
    pub sideboard: Vec<Py<Card>>,
    pub commanders: Vec<Py<Card>>,
    pub companions: Vec<Py<Card>>,
}

impl Deck {
    /// Every card of the deck: main deck, sideboard, commanders and companions.
    pub fn total_cards(&self) -> usize {
        self.cards.len() + self.sideboard.len() + self.commanders.len() + self.companions.len()
    }

    pub fn to_core(&self, py: Python<'_>) -> DeckList {
        let conv = |v: &[Py<Card>]| v.iter().map(|c| c.bind(py).get().inner.clone()).collect();
        DeckList {
            main: conv(&self.cards),
            sideboard: conv(&self.sideboard),
            commanders: conv(&self.commanders),
            companions: conv(&self.companions),
        }
    }
}

fn new_objects(py: Python<'_>, cards: Vec<mulligan_core::Card>) -> PyResult<Vec<Py<Card>>> {
    cards.into_iter().map(|c| new_card(py, c)).collect()
}

#[pymethods]
impl Deck {
    #[new]
    #[pyo3(signature = (cards, *, sideboard = None, commanders = None, companions = None), text_signature = "(cards, *, sideboard=(), commanders=(), companions=())")]
    fn new(
        cards: &Bound<'_, PyAny>,
        sideboard: Option<&Bound<'_, PyAny>>,
        commanders: Option<&Bound<'_, PyAny>>,
        companions: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Deck> {
        // The parts count against one cap together, checked as each card arrives (an endless
        // iterator ends in a DeckError, not in exhausted memory).
        let mut room = MAX_DECK_CARDS;
        let mut part = |o: Option<&Bound<'_, PyAny>>, what: &str| -> PyResult<Vec<Py<Card>>> {
            let Some(o) = o else { return Ok(vec![]) };
            let cards = deck_cards(o, what, room)?;
            room -= cards.len();
            Ok(cards)
        };
        let deck = Deck {
            cards: part(Some(cards), "cards")?,
            sideboard: part(sideboard, "sideboard")?,
            commanders: part(commanders, "commanders")?,
            companions: part(companions, "companions")?,
        };
        if deck.companions.len() > 1 {
            return Err(deck_error(format!(
                "at most one companion may be revealed (103.2b), got {}",
                deck.companions.len()
            )));
        }
        Ok(deck)
    }

    /// Parses the plain list format (`4 Lightning Bolt`, sections, `[land]` markers).
    #[staticmethod]
    fn parse(py: Python<'_>, text: Text<DeckText>) -> PyResult<Deck> {
        let list = guard(|| DeckList::parse(&text.0))?;
        Ok(Deck {
            cards: new_objects(py, list.main)?,
            sideboard: new_objects(py, list.sideboard)?,
            commanders: new_objects(py, list.commanders)?,
            companions: new_objects(py, list.companions)?,
        })
    }

    #[getter]
    fn cards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.cards)
    }
    #[getter]
    fn sideboard<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.sideboard)
    }
    #[getter]
    fn commanders<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.commanders)
    }
    #[getter]
    fn companions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.companions)
    }

    fn __len__(&self) -> usize {
        self.cards.len()
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let lands = self
            .cards
            .iter()
            .filter(|c| c.bind(py).get().inner.land)
            .count();
        format!(
            "Deck({} cards, {} lands, sideboard {}, commanders {}, companions {})",
            self.cards.len(),
            lands,
            self.sideboard.len(),
            self.commanders.len(),
            self.companions.len()
        )
    }
}
