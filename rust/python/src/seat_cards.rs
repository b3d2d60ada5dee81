//! The Python `Card` objects of a game's seats: a core card id (`CardRef::id`) is its index
//! in its seat's deck list, then in the seat's set-aside cards. Converts only.

use crate::card::{new_card, Card, Cards};
use crate::errors::{caught, illegal};
use crate::setup::Player;
use mulligan_core::{CardId, CardRef};
use pyo3::prelude::*;
use pyo3::types::PyList;

/// Each seat's Card objects, by card id.
pub struct SeatCards {
    /// Each seat's deck cards: a card id is its index in its seat's list.
    arenas: Vec<Vec<Py<Card>>>,
    /// Each seat's set-aside cards (sideboard, commanders, companions), whose ids follow the
    /// deck's: a whole game's zones hold them too.
    aside: Vec<Vec<Py<Card>>>,
}

impl SeatCards {
    /// Each seat's own deck cards, except that a Card object already held by an earlier seat
    /// (two players built from one `Deck`) is copied, so that no two seats ever hold the same
    /// object.
    pub fn new(py: Python<'_>, players: &[Py<Player>]) -> PyResult<SeatCards> {
        let mut seen = std::collections::HashSet::new();
        let mut arenas = vec![];
        let mut aside = vec![];
        for p in players {
            let deck = p.bind(py).get().deck.bind(py).get();
            let mut arena = Vec::with_capacity(deck.cards.len());
            for c in &deck.cards {
                if seen.insert(c.as_ptr() as usize) {
                    arena.push(c.clone_ref(py));
                } else {
                    arena.push(new_card(py, c.bind(py).get().inner.clone())?);
                }
            }
            arenas.push(arena);
            aside.push(
                [&deck.sideboard, &deck.commanders, &deck.companions]
                    .into_iter()
                    .flatten()
                    .map(|c| c.clone_ref(py))
                    .collect(),
            );
        }
        Ok(SeatCards { arenas, aside })
    }

    /// How many seats.
    pub fn seats(&self) -> usize {
        self.arenas.len()
    }

    /// A seat's deck cards, by card id (None for a seat the game does not have).
    pub fn deck(&self, seat: usize) -> Option<&[Py<Card>]> {
        self.arenas.get(seat).map(Vec::as_slice)
    }

    /// The Card objects of core card references of `seat`; a token (111.1: its id after every
    /// deck list's) gets a new Card object of its name, a nonland.
    pub fn objects<'py>(
        &self,
        py: Python<'py>,
        seat: usize,
        cards: &[CardRef],
    ) -> PyResult<Bound<'py, PyList>> {
        caught(|| {
            PyList::new(
                py,
                cards
                    .iter()
                    .map(|c| {
                        let (arena, id) = (&self.arenas[seat], c.id as usize);
                        match arena.get(id) {
                            Some(card) => Ok(card.clone_ref(py)),
                            None => match self.aside[seat].get(id - arena.len()) {
                                Some(card) => Ok(card.clone_ref(py)),
                                None => new_card(
                                    py,
                                    mulligan_core::Card::new(c.name.clone(), false, vec![]),
                                ),
                            },
                        }
                    })
                    .collect::<PyResult<Vec<_>>>()?,
            )
        })
    }

    /// A seat number the game has.
    pub fn seat(&self, seat: crate::args::Index) -> PyResult<usize> {
        let s = seat.size();
        if s >= self.arenas.len() {
            return Err(illegal(format!(
                "there is no seat {s} in this {}-player game",
                self.arenas.len()
            )));
        }
        Ok(s)
    }

    /// The id of a Card object in `seat`'s deck.
    pub fn card_id(&self, seat: usize, card: &Bound<'_, Card>) -> PyResult<CardId> {
        let ptr = card.as_ptr();
        self.arenas[seat]
            .iter()
            .position(|c| c.as_ptr() == ptr)
            .map(|i| i as CardId)
            .ok_or_else(|| {
                illegal(format!(
                    "{} is not a card of seat {seat}'s deck",
                    card.get().inner.name
                ))
            })
    }

    /// The ids of cards given to an answer, each a card of the seat's deck.
    pub fn card_ids(&self, seat: usize, cards: &Cards<'_>) -> PyResult<Vec<CardId>> {
        cards.0.iter().map(|c| self.card_id(seat, c)).collect()
    }
}
