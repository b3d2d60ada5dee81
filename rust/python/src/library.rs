//! `Library` and `shuffle_simultaneously`: Card objects over the core's card identities.

use crate::args::{objects, type_name, Illegal, Index, Int, Of, Text};
use crate::card::{Card, Cards};
use crate::convert::{event_to_py, events_to_py};
use crate::deck::distinct_cards;
use crate::errors::{busy, caught, guard, illegal, type_error};
use crate::seed::SeedArg;
use mulligan_core::event::EventKind;
use mulligan_core::library::MAX_SIMULTANEOUS;
use mulligan_core::{CardId, Destination};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};
use std::collections::HashMap;

/// A library: ordered, top first (401). Every operation succeeds completely or changes nothing.
#[pyclass(module = "mulligan")]
pub struct Library {
    /// Every card this library has held; a card's id is its index here.
    arena: Vec<Py<Card>>,
    ids: HashMap<usize, CardId>,
    core: mulligan_core::Library,
    /// The shuffle event of this library as a dict, copied for each shuffle (the hot path of
    /// `shuffle()`: a copy and two stores cost less than building the dict).
    shuffle_event: Option<Py<PyDict>>,
}

impl Library {
    fn objects<'py>(&self, py: Python<'py>, ids: &[CardId]) -> PyResult<Bound<'py, PyList>> {
        caught(|| {
            PyList::new(
                py,
                ids.iter().map(|&id| self.arena[id as usize].clone_ref(py)),
            )
        })
    }

    fn id_of(&self, card: &Bound<'_, Card>) -> Option<CardId> {
        self.ids.get(&(card.as_ptr() as usize)).copied()
    }

    /// Ids for `cards`, registering new objects only after the whole operation succeeds:
    /// returns the ids and the objects still to register.
    fn plan_ids(&self, cards: &[Bound<'_, Card>]) -> (Vec<CardId>, Vec<Py<Card>>) {
        let mut new = vec![];
        let mut new_ptrs: Vec<usize> = vec![];
        let ids = cards
            .iter()
            .map(|c| match self.id_of(c) {
                Some(id) => id,
                None => {
                    let ptr = c.as_ptr() as usize;
                    let k = match new_ptrs.iter().position(|p| *p == ptr) {
                        Some(k) => k,
                        None => {
                            new_ptrs.push(ptr);
                            new.push(c.clone().unbind());
                            new.len() - 1
                        }
                    };
                    (self.arena.len() + k) as CardId
                }
            })
            .collect();
        (ids, new)
    }

    fn register(&mut self, py: Python<'_>, new: Vec<Py<Card>>) {
        for c in new {
            self.ids
                .insert(c.bind(py).as_ptr() as usize, self.arena.len() as CardId);
            self.arena.push(c);
        }
    }

    /// Puts Card objects into the library with `op`; new objects are registered only if it
    /// succeeds.
    fn put<'py>(
        slf: &Bound<'py, Self>,
        cards: Cards<'py>,
        op: fn(
            &mut mulligan_core::Library,
            &[CardId],
        ) -> mulligan_core::Result<Vec<mulligan_core::Event>>,
    ) -> PyResult<Bound<'py, PyList>> {
        let py = slf.py();
        let mut lib = borrow_mut(slf)?;
        let (ids, new) = lib.plan_ids(&cards.0);
        let events = guard(|| op(&mut lib.core, &ids))?;
        lib.register(py, new);
        events_to_py(py, &events)
    }

    pub fn shuffle_events(&mut self) -> PyResult<Vec<mulligan_core::Event>> {
        guard(|| self.core.shuffle())
    }
}

/// The library, mutably, once every argument has been read (see [`busy`]).
fn borrow_mut<'py>(slf: &Bound<'py, Library>) -> PyResult<PyRefMut<'py, Library>> {
    slf.try_borrow_mut().map_err(|_| busy("Library"))
}

fn destination(to: Text<Illegal>) -> PyResult<Destination> {
    match to.0.as_str() {
        "out" => Ok(Destination::Out),
        "top" => Ok(Destination::Top),
        "bottom" => Ok(Destination::Bottom),
        other => Err(illegal(format!(
            "to must be \"out\", \"top\" or \"bottom\", got {other:?}"
        ))),
    }
}

#[pymethods]
impl Library {
    #[new]
    #[pyo3(signature = (cards, *, seed, stream = None), text_signature = "(cards, *, seed, stream=0)")]
    fn new(
        py: Python<'_>,
        cards: &Bound<'_, PyAny>,
        seed: SeedArg,
        stream: Option<Index>,
    ) -> PyResult<Self> {
        // At most a deck's worth of cards (an endless iterable ends in a DeckError).
        let arena = distinct_cards(cards, "cards")?;
        let seed = seed.0;
        let stream = stream.map_or(0, |s| s.get());
        let ids: HashMap<usize, CardId> = arena
            .iter()
            .enumerate()
            .map(|(i, c)| (c.bind(py).as_ptr() as usize, i as CardId))
            .collect();
        let core = guard(|| {
            mulligan_core::Library::new((0..arena.len() as CardId).collect(), seed, stream)
        })?;
        Ok(Library {
            arena,
            ids,
            core,
            shuffle_event: None,
        })
    }

    /// The cards, top first.
    #[getter]
    fn cards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.objects(py, self.core.cards())
    }

    #[getter]
    fn shuffle_count(&self) -> u32 {
        self.core.shuffle_count()
    }

    #[getter]
    fn stream(&self) -> u64 {
        self.core.stream()
    }

    fn __len__(&self) -> usize {
        self.core.len()
    }

    fn __contains__(&self, card: &Bound<'_, PyAny>) -> bool {
        match card.cast::<Card>() {
            Ok(c) => self.id_of(c).is_some_and(|id| self.core.contains(id)),
            Err(_) => false,
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "Library({} cards, stream={}, shuffles={})",
            self.core.len(),
            self.core.stream(),
            self.core.shuffle_count()
        )
    }

    /// 701.24a (a library of 0 or 1 cards still shuffles, 701.24e). Returns the events.
    fn shuffle<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyList>> {
        let py = slf.py();
        let mut this = borrow_mut(slf)?;
        let events = this.shuffle_events()?;
        let [event] = events.as_slice() else {
            return events_to_py(py, &events);
        };
        let template = match &this.shuffle_event {
            Some(t) => t.bind(py).clone(),
            None => {
                let t = event_to_py(py, event)?.cast_into::<PyDict>()?;
                this.shuffle_event = Some(t.clone().unbind());
                t
            }
        };
        let EventKind::Shuffle { size, shuffle, .. } = event.kind else {
            return events_to_py(py, &events);
        };
        let d = template.copy()?;
        d.set_item(intern!(py, "size"), size)?;
        d.set_item(intern!(py, "shuffle"), shuffle)?;
        d.set_item(intern!(py, "rule"), PyString::intern(py, event.rule))?;
        PyList::new(py, [d])
    }

    /// 701.24b: search (cards for which `predicate(card)` is true, top to bottom, at most
    /// `limit`), shuffle the rest without them, then put them `to` "out", "top" or "bottom".
    #[pyo3(signature = (predicate, *, limit = None, to = None), text_signature = "($self, predicate, *, limit=None, to='out')")]
    fn search_and_shuffle<'py>(
        slf: &Bound<'py, Self>,
        predicate: &Bound<'py, PyAny>,
        limit: Option<Index>,
        to: Option<Text<Illegal>>,
    ) -> PyResult<(Bound<'py, PyList>, Bound<'py, PyList>)> {
        let py = slf.py();
        let to = match to {
            Some(t) => destination(t)?,
            None => Destination::Out,
        };
        let limit = limit.map_or(usize::MAX, |l| l.size());
        if !predicate.is_callable() {
            return Err(type_error(format!(
                "predicate must be callable, got {}",
                type_name(predicate)
            )));
        }
        // Call the predicate without holding a borrow of the library.
        let snapshot: Vec<(CardId, Py<Card>)> = {
            let lib = slf.try_borrow().map_err(|_| busy("Library"))?;
            lib.core
                .cards()
                .iter()
                .map(|&id| (id, lib.arena[id as usize].clone_ref(py)))
                .collect()
        };
        let mut found = vec![];
        for (id, card) in snapshot {
            if found.len() >= limit {
                break;
            }
            if predicate.call1((card,))?.is_truthy()? {
                found.push(id);
            }
        }
        let mut lib = borrow_mut(slf)?;
        let (out, events) = guard(|| lib.core.search_and_shuffle(&found, to))?;
        let shown = if to == Destination::Out { out } else { found };
        Ok((lib.objects(py, &shown)?, events_to_py(py, &events)?))
    }

    /// 701.24c–d: shuffle `cards` into the library (those not already there are added); it
    /// shuffles even when the set is empty. `place=(card, position)`: 701.24g.
    #[pyo3(signature = (cards = None, *, place = None), text_signature = "($self, cards=(), *, place=None)")]
    fn shuffle_in<'py>(
        slf: &Bound<'py, Self>,
        cards: Option<Cards<'py>>,
        place: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyList>> {
        let py = slf.py();
        let mut given = cards.map_or_else(Vec::new, |c| c.0);
        let n_given = given.len();
        let mut position = None;
        if let Some(p) = place.filter(|p| !p.is_none()) {
            let tuple = p.cast::<PyTuple>().map_err(|_| {
                type_error(format!(
                    "place must be a (card, position) tuple, got {}",
                    type_name(p)
                ))
            })?;
            if tuple.len() != 2 {
                return Err(type_error("place must be a (card, position) tuple"));
            }
            let card: Of<'py, Card> = tuple.get_item(0)?.extract()?;
            let pos: Int<Illegal> = tuple.get_item(1)?.extract()?;
            position = Some(i64::try_from(pos.get()).map_err(|_| {
                illegal(format!(
                    "place's position {} is beyond any library",
                    pos.get()
                ))
            })?);
            given.push(card.0);
        }
        let mut lib = borrow_mut(slf)?;
        let (ids, new) = lib.plan_ids(&given);
        let place = position.map(|pos| (ids[n_given], pos));
        let events = guard(|| lib.core.shuffle_in(&ids[..n_given], place))?;
        lib.register(py, new);
        events_to_py(py, &events)
    }

    /// Up to `n` cards from the top, top first (fewer when the library runs out, 121.4).
    #[pyo3(signature = (n = None), text_signature = "($self, n=1)")]
    fn draw<'py>(slf: &Bound<'py, Self>, n: Option<Index>) -> PyResult<Bound<'py, PyList>> {
        let n = n.map_or(1, |n| n.size());
        let mut lib = borrow_mut(slf)?;
        let drawn = guard(|| Ok(lib.core.draw(n)))?;
        lib.objects(slf.py(), &drawn)
    }

    /// Puts `cards` on top; the sequence is their final top-to-bottom order (401.4).
    fn put_on_top<'py>(slf: &Bound<'py, Self>, cards: Cards<'py>) -> PyResult<Bound<'py, PyList>> {
        Library::put(slf, cards, mulligan_core::Library::put_on_top)
    }

    /// Puts `cards` on the bottom; the sequence is their final top-to-bottom order (401.4).
    fn put_on_bottom<'py>(
        slf: &Bound<'py, Self>,
        cards: Cards<'py>,
    ) -> PyResult<Bound<'py, PyList>> {
        Library::put(slf, cards, mulligan_core::Library::put_on_bottom)
    }
}

/// 701.24f: libraries shuffled at the same time. Each distinct library is shuffled once, and
/// one shuffle event is reported for every time it is named (its shuffle triggers fire that
/// many times).
#[pyfunction]
pub fn shuffle_simultaneously<'py>(libraries: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyList>> {
    let py = libraries.py();
    let libs = objects::<Library, Illegal>(libraries, "libraries", MAX_SIMULTANEOUS)?;
    // Borrow every distinct library first; the core shuffles all of them or none.
    let mut distinct: Vec<(usize, PyRefMut<'py, Library>)> = vec![];
    let mut named = vec![];
    for lib in &libs {
        let ptr = lib.as_ptr() as usize;
        match distinct.iter().position(|(p, _)| *p == ptr) {
            Some(k) => named.push(k),
            None => {
                named.push(distinct.len());
                distinct.push((ptr, borrow_mut(lib)?));
            }
        }
    }
    let mut cores: Vec<&mut mulligan_core::Library> =
        distinct.iter_mut().map(|(_, lib)| &mut lib.core).collect();
    let all = guard(|| mulligan_core::Library::shuffle_simultaneously(&mut cores, &named))?;
    events_to_py(py, &all)
}
