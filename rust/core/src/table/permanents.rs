//! What is public about a seat's permanents: tapped or untapped (110.5, 701.26), the counters
//! on each (122.1), whether it is a token (111.1). A card that leaves the battlefield becomes a
//! new object (400.7): it loses its counters (122.2) and is untapped; a token that leaves
//! ceases to exist (111.7, 111.8, 704.5d), so it is never in a library or a hand afterwards.

use super::counters::{check_name, new_value};
use super::{Counters, Place, TableSeat, BATTLEFIELD, MAX_COUNTERS};
use crate::card::{CardId, CardRef};
use crate::error::{Error, Result};
use crate::event::{Event, EventKind};
use schemars::JsonSchema;
use serde::Serialize;

/// A card on the battlefield as every view shows it (docs/schema.json `Permanent`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Permanent {
    /// The card's id in its owner's deck (a token's: after every deck list's ids).
    pub id: CardId,
    /// Its name.
    pub name: String,
    /// 110.5: tapped (left out when untapped).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub tapped: bool,
    /// 122.1: its counters by name (left out when none).
    #[serde(default, skip_serializing_if = "Counters::is_empty")]
    pub counters: Counters,
    /// 111.1: a token (left out for a card).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub token: bool,
}

impl From<CardRef> for Permanent {
    /// An untapped card without counters (the game start's battlefield, 103.6a).
    fn from(card: CardRef) -> Permanent {
        Permanent {
            id: card.id,
            name: card.name,
            tapped: false,
            counters: Counters::new(),
            token: false,
        }
    }
}

impl TableSeat {
    /// Its battlefield, in the order the permanents arrived.
    pub fn permanents(&self) -> Vec<Permanent> {
        self.piles[BATTLEFIELD]
            .iter()
            .map(|&id| Permanent {
                tapped: self.tapped.contains(&id),
                counters: self.card_counters.get(&id).cloned().unwrap_or_default(),
                token: self.is_token(id),
                ..Permanent::from(self.card_ref(id))
            })
            .collect()
    }

    /// 701.26a/b: taps (`tap`) or untaps `cards`, each on the battlefield and not already so.
    pub(super) fn tap(&mut self, seat: usize, cards: &[CardId], tap: bool) -> Result<Event> {
        let word = if tap { "tap" } else { "untap" };
        if cards.is_empty() {
            return Err(Error::illegal(format!("{word} names at least one card")));
        }
        self.check_in(cards, Place::Battlefield, seat)?;
        if let Some(&c) = cards.iter().find(|c| self.tapped.contains(c) == tap) {
            return Err(Error::illegal(format!(
                "card {c} ({}) of seat {seat} is already {word}ped",
                self.card_ref(c).name
            )));
        }
        for &c in cards {
            if tap {
                self.tapped.insert(c);
            } else {
                self.tapped.remove(&c);
            }
        }
        let cards = self.refs(cards);
        Ok(if tap {
            Event::new("701.26a", EventKind::Tap { seat, cards })
        } else {
            Event::new("701.26b", EventKind::Untap { seat, cards })
        })
    }

    /// 502.3: untaps every tapped permanent (the untap step of its turn); the event, if any.
    pub(super) fn untap_all(&mut self, seat: usize) -> Option<Event> {
        let cards: Vec<CardId> = std::mem::take(&mut self.tapped).into_iter().collect();
        (!cards.is_empty()).then(|| {
            Event::new(
                "502.3",
                EventKind::Untap {
                    seat,
                    cards: self.refs(&cards),
                },
            )
        })
    }

    /// 122.1: a counter on `card`, a permanent on this seat's battlefield: `delta` added or
    /// `set`; never below 0 (at 0 it is gone).
    pub(super) fn card_counter(
        &mut self,
        seat: usize,
        card: CardId,
        counter: &str,
        delta: Option<i64>,
        set: Option<i64>,
    ) -> Result<Event> {
        check_name(counter)?;
        self.check_in(&[card], Place::Battlefield, seat)?;
        let name = self.card_ref(card).name;
        let on = self.card_counters.entry(card).or_default();
        let old = on.get(counter).copied();
        if old.is_none() && on.len() >= MAX_COUNTERS {
            return Err(Error::illegal(format!(
                "card {card} ({name}) has {MAX_COUNTERS} kinds of counters already: no room \
                 for {counter:?}"
            )));
        }
        let old = old.unwrap_or(0);
        let value = new_value(counter, old, delta, set)?;
        if value < 0 {
            return Err(Error::illegal(format!(
                "card {card} ({name}) has {old} {counter:?} counters: it cannot have {value}"
            )));
        }
        if value == 0 {
            on.remove(counter);
        } else {
            on.insert(counter.to_string(), value);
        }
        if on.is_empty() {
            self.card_counters.remove(&card);
        }
        Ok(Event::new(
            "122.1",
            EventKind::Counter {
                seat,
                counter: counter.to_string(),
                value,
                delta: value - old,
                shared_with: vec![],
                card: Some(card),
            },
        ))
    }

    /// After cards moved (400.7): what left the battlefield is untapped and loses its counters
    /// (122.2); a token anywhere but the battlefield ceases to exist (111.7, 111.8, 704.5d),
    /// taken out of whatever zone it went to. The event naming those tokens, if any.
    pub(super) fn settle(&mut self, seat: usize) -> Option<Event> {
        let battlefield = &self.piles[BATTLEFIELD];
        self.tapped.retain(|c| battlefield.contains(c));
        self.card_counters.retain(|c, _| battlefield.contains(c));
        let gone: Vec<CardId> = self
            .tokens
            .keys()
            .copied()
            .filter(|c| !battlefield.contains(c))
            .collect();
        if gone.is_empty() {
            return None;
        }
        let cards = self.refs(&gone);
        self.hand.retain(|c| !gone.contains(c));
        self.library.cards_mut().retain(|c| !gone.contains(c));
        for pile in self.piles.iter_mut() {
            pile.retain(|c| !gone.contains(c));
        }
        for c in &gone {
            self.tokens.remove(c);
        }
        Some(Event::new(
            "704.5d",
            EventKind::CeaseToExist { seat, cards },
        ))
    }
}
