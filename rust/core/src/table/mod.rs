//! The table phase: the whole game's hidden zones after 103.8, when the set-up says
//! `whole_game` (docs/API.md, "The whole game").
//!
//! Each seat's library is an ordered hidden zone (401.2: nobody knows its order) and its hand an
//! unordered hidden zone known to its owner (402.3); face-down exile and the cards outside the
//! game are known to their owner only. Every other card is public, "where the host put it":
//! the host reports each move, the server keeps the hidden zones. Every shuffle reads the
//! seat's own library stream, continuing the shuffles of the game start (the same derivation:
//! shuffle `k` of seat `s` in game `g` is sub-stream `k` of library stream `g << 8 | s`,
//! docs/DETERMINISM.md), so the commitment published at creation covers all of them.
//!
//! Each [`Action`] is one answer (`Answer::Act`) through the game's `apply`/`replay` path: it
//! is checked in full before anything changes, on a copy of the seats it touches, which
//! replaces them only when every step succeeded.

pub use crate::action;
mod act;
mod commander;
mod concede;
mod counters;
mod library_ops;
mod looking;
mod notices;
mod permanents;
mod seat;
#[cfg(test)]
mod tests;
mod tokens;
mod turns;

pub use action::{Action, Place, Placement};
pub use commander::{CommanderDamage, CommanderRecord};
pub use counters::{Counters, LIFE, MAX_COUNTERS, MAX_COUNTER_NAME, MAX_COUNTER_VALUE, POISON};
pub use notices::Notice;
pub use permanents::Permanent;
pub use seat::TableSeat;
pub use tokens::{MAX_TOKENS, MAX_TOKENS_AT_ONCE, MAX_TOKEN_NAME};
pub use turns::{Turn, Turns};

use crate::card::{CardId, CardRef};
use crate::deck::MAX_DECK_CARDS;
use crate::error::{Error, Result};
use crate::event::{Event, EventKind};
use schemars::JsonSchema;
use serde::Serialize;
use std::collections::BTreeMap;

/// The zones other than the library and the hand, each a pile in the order cards arrived.
const PILES: [Place; 7] = [
    Place::Battlefield,
    Place::Graveyard,
    Place::Exile,
    Place::FaceDownExile,
    Place::Command,
    Place::Stack,
    Place::Outside,
];

/// The battlefield's pile.
const BATTLEFIELD: usize = 0;

fn pile_index(place: Place) -> Option<usize> {
    PILES.iter().position(|&p| p == place)
}

/// The most cards one action may name or ask for: a bound on the work one action may ask
/// for, not a rule (a game holds far fewer cards): as many as a game may hold in all
/// (`game::MAX_GAME_CARDS`, two decks at [`MAX_DECK_CARDS`]; a test keeps the two equal). Taken
/// from the deck's bound, not from `game`, whose state imports this module.
pub const MAX_ACTION_CARDS: usize = 2 * MAX_DECK_CARDS;

/// A search, look or reveal that is open on a seat's library (701.23, 401.2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Session {
    /// 701.23: `looker` searches the library until `found`.
    Search { looker: usize },
    /// 401.2: `looker` has looked at the top `count` cards.
    Look { looker: usize, count: usize },
    /// 401.2: the top `count` cards are revealed to everyone.
    Reveal { count: usize },
}

/// A look into a hidden zone that a seat's view shows while it is open.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Looking {
    /// Whose library.
    pub seat: usize,
    /// `"search"` (the whole library, in no particular order: sorted by id), `"look"` or
    /// `"reveal"` (the top cards, top first).
    pub kind: &'static str,
    /// The cards this seat may see now.
    pub cards: Vec<CardRef>,
}

/// The zones of every seat after 103.8.
#[derive(Debug, Clone)]
pub struct Table {
    seats: Vec<TableSeat>,
    ended: bool,
    /// Each seat's public counters (`counters`): life, poison, ...
    counters: Vec<Counters>,
    /// Each seat's team sharing its life total (Two-Headed Giant; empty otherwise).
    life_shared: Vec<Vec<usize>>,
    /// Whose turn it is, and the turn order (103.1, 805.2).
    turns: Turns,
    /// The next token's id (111.1): after every seat's deck lists, never used twice.
    next_token: CardId,
    /// 903.10a: the combat damage each seat has taken from each commander (owner, id).
    damage: Vec<BTreeMap<(usize, CardId), i64>>,
}

/// Who gives an action: the seat it acts on, or the host for it (naming, for a search or look
/// of another seat's library, the seat that looks).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Authority {
    /// Given with the host's authority.
    pub host: bool,
    /// The seat that looks, when not the seat acted on (the host's only).
    pub looker: Option<usize>,
}

impl Table {
    /// The table as the game start left it, every life total 0 (see [`Table::with_life`]).
    pub fn new(seats: Vec<TableSeat>) -> Table {
        let n = seats.len();
        let next_token = seats.iter().map(TableSeat::deck_cards).max().unwrap_or(0);
        Table {
            seats,
            ended: false,
            counters: counters::starting(&vec![0; n]),
            life_shared: vec![vec![]; n],
            turns: Turns::new((0..n).map(|s| vec![s]).collect(), false, (0..n).collect()),
            next_token: next_token as CardId,
            damage: vec![BTreeMap::new(); n],
        }
    }

    /// The table with its turn order (103.1): `turns` from the starting player's turn 1.
    pub fn with_turns(mut self, turns: Turns) -> Table {
        self.turns = turns;
        self
    }

    /// The table with each seat's starting life total (103.4) and, in Two-Headed Giant, the
    /// seats each seat shares it with (itself included; empty when it shares it with none).
    pub fn with_life(mut self, life: &[i32], shared: Vec<Vec<usize>>) -> Table {
        self.counters = counters::starting(life);
        self.life_shared = shared;
        self
    }
    /// The seats' zones.
    pub fn seats(&self) -> &[TableSeat] {
        &self.seats
    }
    /// The host has ended the game.
    pub fn ended(&self) -> bool {
        self.ended
    }

    fn seat(&self, seat: usize) -> Result<&TableSeat> {
        self.seats.get(seat).ok_or_else(|| {
            Error::illegal(format!(
                "there is no seat {seat} in this {}-player game",
                self.seats.len()
            ))
        })
    }

    /// The host ends the game (the seed may then be revealed). Nothing can act after it.
    pub fn end(&mut self) -> Result<Vec<Event>> {
        if self.ended {
            return Err(Error::illegal("the game has already ended"));
        }
        self.ended = true;
        Ok(vec![Event::new("104.1", EventKind::End {})])
    }

    /// What `viewer` may see of open searches, looks and reveals.
    pub fn looking(&self, viewer: usize) -> Vec<Looking> {
        let mut out = vec![];
        for (i, s) in self.seats.iter().enumerate() {
            let (kind, cards) = match s.session {
                Some(Session::Search { looker }) if looker == viewer => {
                    let mut ids = s.library.cards().to_vec();
                    ids.sort_unstable();
                    ("search", ids)
                }
                Some(Session::Look { looker, count }) if looker == viewer => {
                    ("look", s.library.cards()[..count].to_vec())
                }
                Some(Session::Reveal { count }) => ("reveal", s.library.cards()[..count].to_vec()),
                _ => continue,
            };
            out.push(Looking {
                seat: i,
                kind,
                cards: s.refs(&cards),
            });
        }
        out
    }

    /// The cards of `seat` in `place` (a zone other than the library), as references.
    pub fn refs(&self, seat: usize, place: Place) -> Vec<CardRef> {
        self.seats
            .get(seat)
            .map_or_else(Vec::new, |s| s.refs(s.pile(place)))
    }
    /// `seat`'s library, top first, as references (a god view: not for players).
    pub fn library_refs(&self, seat: usize) -> Vec<CardRef> {
        self.seats
            .get(seat)
            .map_or_else(Vec::new, |s| s.refs(s.library.cards()))
    }
}

/// The index in a library of `n` cards of `position` (0 the top, -1 the bottom).
fn position_index(position: i64, n: usize) -> Result<usize> {
    let len = n as i64;
    let index = if position < 0 {
        len + position
    } else {
        position
    };
    if !(0..len).contains(&index) {
        return Err(Error::illegal(format!(
            "position {position} is outside a library of {n} cards (0 is the top, -1 the bottom)"
        )));
    }
    Ok(index as usize)
}
