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
mod counters;
mod library_ops;
mod looking;
#[cfg(test)]
mod tests;

pub use action::{Action, Place, Placement};
pub use counters::{Counters, LIFE, MAX_COUNTERS, MAX_COUNTER_NAME, MAX_COUNTER_VALUE, POISON};

use crate::card::{CardId, CardRef};
use crate::deck::MAX_DECK_CARDS;
use crate::error::{Error, Result};
use crate::event::{Event, EventKind};
use crate::library::Library;
use schemars::JsonSchema;
use serde::Serialize;

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

/// One seat's zones in the table phase.
#[derive(Debug, Clone)]
pub struct TableSeat {
    /// Shared by every copy of the seat (an action works on a copy, `Table::act`).
    names: std::sync::Arc<[String]>,
    library: Library,
    hand: Vec<CardId>,
    piles: [Vec<CardId>; 7],
    session: Option<Session>,
}

impl TableSeat {
    /// A seat as the game start left it: `names` every card's name by id (main deck, then
    /// sideboard, commanders, companions), the library, the hand, and the cards already in
    /// the other zones.
    pub fn new(
        names: Vec<String>,
        library: Library,
        hand: Vec<CardId>,
        placed: &[(Place, Vec<CardId>)],
    ) -> TableSeat {
        let mut piles: [Vec<CardId>; 7] = Default::default();
        for (place, cards) in placed {
            if let Some(i) = pile_index(*place) {
                piles[i].extend_from_slice(cards);
            }
        }
        TableSeat {
            names: names.into(),
            library,
            hand,
            piles,
            session: None,
        }
    }

    fn card_ref(&self, id: CardId) -> CardRef {
        CardRef {
            id,
            name: self.names.get(id as usize).cloned().unwrap_or_default(),
        }
    }
    fn refs(&self, ids: &[CardId]) -> Vec<CardRef> {
        ids.iter().map(|&id| self.card_ref(id)).collect()
    }
    /// The cards in a zone (not the library).
    pub fn pile(&self, place: Place) -> &[CardId] {
        match place {
            Place::Hand => &self.hand,
            p => pile_index(p).map_or(&[], |i| &self.piles[i]),
        }
    }
    fn pile_mut(&mut self, place: Place) -> Option<&mut Vec<CardId>> {
        match place {
            Place::Hand => Some(&mut self.hand),
            p => pile_index(p).map(|i| &mut self.piles[i]),
        }
    }
    /// The library, top first.
    pub fn library(&self) -> &Library {
        &self.library
    }
    /// The hand.
    pub fn hand(&self) -> &[CardId] {
        &self.hand
    }

    /// Checks that `cards` are distinct cards of this deck, all in `from` (a zone other than
    /// the library), and at most [`MAX_ACTION_CARDS`].
    fn check_in(&self, cards: &[CardId], from: Place, seat: usize) -> Result<()> {
        self.check_ids(cards, seat)?;
        if from.in_library() {
            return Err(Error::illegal(format!(
                "from must be a zone other than the library, got {:?}",
                from.name()
            )));
        }
        let pile = self.pile(from);
        if let Some(c) = cards.iter().find(|c| !pile.contains(c)) {
            return Err(Error::illegal(format!(
                "card {c} ({}) is not in seat {seat}'s {}",
                self.card_ref(*c).name,
                from.name()
            )));
        }
        Ok(())
    }

    /// Checks that `cards` are distinct ids of this seat's cards.
    fn check_ids(&self, cards: &[CardId], seat: usize) -> Result<()> {
        if cards.len() > MAX_ACTION_CARDS {
            return Err(Error::illegal(format!(
                "an action names at most {MAX_ACTION_CARDS} cards, got {}",
                cards.len()
            )));
        }
        if let Some(c) = cards.iter().find(|&&c| c as usize >= self.names.len()) {
            return Err(Error::illegal(format!(
                "seat {seat} has no card {c}: its cards are 0 to {}",
                self.names.len().saturating_sub(1)
            )));
        }
        let mut sorted = cards.to_vec();
        sorted.sort_unstable();
        if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
            return Err(Error::illegal(format!("card {} is named twice", w[0])));
        }
        Ok(())
    }

    /// Takes `cards` (checked to be there) out of zone `from`.
    fn take(&mut self, cards: &[CardId], from: Place) {
        if let Some(pile) = self.pile_mut(from) {
            pile.retain(|c| !cards.contains(c));
        }
    }
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
        Table {
            seats,
            ended: false,
            counters: counters::starting(&vec![0; n]),
            life_shared: vec![vec![]; n],
        }
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

    /// Applies one action on `seat`'s zones, given with `by`'s authority: checked in full
    /// first (an error changes nothing), then applied. Returns the events: the action's own
    /// record (`act`), then what it did.
    pub fn act(&mut self, seat: usize, by: Authority, action: &Action) -> Result<Vec<Event>> {
        if self.ended {
            return Err(Error::illegal("the game has ended: no more actions"));
        }
        self.seat(seat)?;
        let looker = match by.looker {
            Some(l) if !by.host && l != seat => {
                return Err(Error::illegal(format!(
                    "seat {seat} acts on its own zones only: seat {l} may look at another \
                     seat's library only through the host"
                )))
            }
            Some(l) => {
                self.seat(l)?;
                l
            }
            None => seat,
        };
        let mut events = vec![Event::new(
            rule_of(action),
            EventKind::Act {
                seat,
                host: by.host,
                looker: by.looker,
                action: action.clone(),
            },
        )];
        if let Action::Counter { .. } = action {
            // Public and not a card: open searches and looks go on around it.
            events.push(self.counter(seat, action)?);
            return Ok(events);
        }
        if let Action::Timetwister { seats, draw } = action {
            let seats = if seats.is_empty() {
                vec![seat]
            } else {
                seats.clone()
            };
            if !by.host && seats.iter().any(|&s| s != seat) {
                return Err(Error::illegal(format!(
                    "seat {seat} acts on its own zones only: shuffling another seat's library \
                     needs the host"
                )));
            }
            events.extend(self.timetwister(&seats, *draw)?);
            return Ok(events);
        }
        let mut s = self.seats[seat].clone();
        check_session(&s, seat, looker, action)?;
        events.extend(s.apply(seat, looker, action)?);
        self.seats[seat] = s;
        Ok(events)
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

/// While a search, look or reveal is open on a seat's library, only what ends or extends it
/// may act on that seat, given by the seat that looks.
fn check_session(s: &TableSeat, seat: usize, looker: usize, action: &Action) -> Result<()> {
    let Some(session) = &s.session else {
        return match action {
            Action::Found { .. } => Err(Error::illegal(format!(
                "no search of seat {seat}'s library is open: search first"
            ))),
            Action::Arrange { .. } => Err(Error::illegal(format!(
                "no look at or reveal of seat {seat}'s library is open: look or reveal first"
            ))),
            _ => Ok(()),
        };
    };
    let (open, who, fits) = match *session {
        Session::Search { looker: l } => {
            ("a search", Some(l), matches!(action, Action::Found { .. }))
        }
        Session::Look { looker: l, .. } => (
            "a look",
            Some(l),
            matches!(action, Action::Look { .. } | Action::Arrange { .. }),
        ),
        Session::Reveal { .. } => (
            "a reveal",
            None,
            matches!(action, Action::Reveal { .. } | Action::Arrange { .. }),
        ),
    };
    if !fits {
        return Err(Error::illegal(format!(
            "{open} of seat {seat}'s library is open: {} ends it first, not {:?}",
            if open == "a search" {
                "found"
            } else {
                "arrange"
            },
            action.name()
        )));
    }
    if let Some(l) = who.filter(|&l| l != looker) {
        return Err(Error::illegal(format!(
            "{open} of seat {seat}'s library is open for seat {l}, not seat {looker}"
        )));
    }
    Ok(())
}

/// The rule an action's record cites.
fn rule_of(action: &Action) -> &'static str {
    match action {
        Action::Draw { .. } => "121.1",
        Action::Shuffle { .. } => "701.24a",
        Action::Mill { .. } => "404.1",
        Action::ShuffleIn { place: Some(_), .. } => "701.24g",
        Action::ShuffleIn { .. } => "701.24c",
        Action::Search {} | Action::Found { .. } => "701.23",
        Action::Look { .. } | Action::Reveal { .. } => "401.2",
        Action::Arrange { .. } | Action::Put { .. } => "401.4",
        Action::Move { .. } => "400.7",
        Action::Timetwister { .. } => "701.24f",
        Action::Counter { counter, .. } if counter == LIFE => "119.3",
        Action::Counter { .. } => "122.1",
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
