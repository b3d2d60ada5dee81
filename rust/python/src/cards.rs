//! `Card` and `Deck`. A `Card` is immutable and compared by identity: each copy in a deck is
//! its own object, so a caller can follow one copy through shuffles.

use crate::errors::{deck_error, guard, type_error};
use crate::seed::type_name;
use mulligan_core::deck::MAX_DECK_CARDS;
use mulligan_core::DeckList;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};

#[pyclass(frozen, module = "mulligan")]
pub struct Card {
    pub inner: mulligan_core::Card,
}

#[pymethods]
impl Card {
    #[new]
    #[pyo3(signature = (name, *, land = None, tags = None), text_signature = "(name, *, land=False, tags=())")]
    fn new(
        name: &Bound<'_, PyAny>,
        land: Option<&Bound<'_, PyAny>>,
        tags: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Card> {
        let name: String = name
            .cast::<PyString>()
            .map_err(|_| {
                type_error(format!(
                    "a card name must be a str, got {}",
                    type_name(name)
                ))
            })?
            .to_string();
        let land: bool = match land {
            None => false,
            Some(l) => l
                .extract()
                .map_err(|_| type_error(format!("land must be a bool, got {}", type_name(l))))?,
        };
        let mut tag_list = vec![];
        if let Some(tags) = tags {
            if tags.is_instance_of::<PyString>() {
                return Err(type_error(
                    "tags must be an iterable of str, not a single str (write tags=(\"ramp\",))",
                ));
            }
            for t in tags
                .try_iter()
                .map_err(|_| type_error("tags must be an iterable of str"))?
            {
                let t = t?;
                let s = t.cast::<PyString>().map_err(|_| {
                    type_error(format!("every tag must be a str, got {}", type_name(&t)))
                })?;
                let s = s.to_string();
                if !tag_list.contains(&s) {
                    tag_list.push(s);
                }
            }
        }
        Ok(Card {
            inner: mulligan_core::Card::new(name, land, tag_list),
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
    deck_cards(obj, what, usize::MAX)
}

/// As [`distinct_cards`], but a `DeckError` once the iterable yields more than `room` cards (a
/// deck's cap, [`MAX_DECK_CARDS`], less what its other parts hold), before copying any more.
fn deck_cards(obj: &Bound<'_, PyAny>, what: &str, room: usize) -> PyResult<Vec<Py<Card>>> {
    let py = obj.py();
    if obj.is_instance_of::<PyString>() {
        return Err(type_error(format!(
            "{what} must be an iterable of Card, not a str"
        )));
    }
    let iter = obj.try_iter().map_err(|_| {
        type_error(format!(
            "{what} must be an iterable of Card, got {}",
            type_name(obj)
        ))
    })?;
    let mut out: Vec<Py<Card>> = vec![];
    let mut seen = std::collections::HashSet::new();
    for item in iter {
        let item = item?;
        let card = item.cast::<Card>().map_err(|_| {
            type_error(format!(
                "{what} must hold only Card objects, got {}",
                type_name(&item)
            ))
        })?;
        if out.len() == room {
            return Err(deck_error(format!(
                "a deck holds at most {MAX_DECK_CARDS} cards in all (cards, sideboard, \
                 commanders and companions together); {what} goes over"
            )));
        }
        if seen.insert(card.as_ptr() as usize) {
            out.push(card.clone().unbind());
        } else {
            out.push(new_card(py, card.get().inner.clone())?);
        }
    }
    Ok(out)
}

/// Card objects as given (no copying), for arguments that name cards already in play.
pub fn card_list<'py>(obj: &Bound<'py, PyAny>, what: &str) -> PyResult<Vec<Bound<'py, Card>>> {
    if obj.is_instance_of::<PyString>() {
        return Err(type_error(format!(
            "{what} must be an iterable of Card, not a str"
        )));
    }
    let iter = obj.try_iter().map_err(|_| {
        type_error(format!(
            "{what} must be an iterable of Card, got {}",
            type_name(obj)
        ))
    })?;
    let mut out = vec![];
    for item in iter {
        let item = item?;
        let card = item.cast_into::<Card>().map_err(|e| {
            type_error(format!(
                "{what} must hold only Card objects, got {}",
                type_name(&e.into_inner())
            ))
        })?;
        out.push(card);
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

fn objects(py: Python<'_>, cards: Vec<mulligan_core::Card>) -> PyResult<Vec<Py<Card>>> {
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
    fn parse(py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<Deck> {
        let text = text.cast::<PyString>().map_err(|_| {
            type_error(format!(
                "a deck list must be a str, got {}",
                type_name(text)
            ))
        })?;
        let s = text.to_str()?;
        let list = guard(|| DeckList::parse(s))?;
        Ok(Deck {
            cards: objects(py, list.main)?,
            sideboard: objects(py, list.sideboard)?,
            commanders: objects(py, list.commanders)?,
            companions: objects(py, list.companions)?,
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
