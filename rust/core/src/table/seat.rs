//! One seat's zones in the table phase: its library (401.2), its hand (402.3), the other
//! zones as piles in the order cards arrived, and what is public about its permanents
//! (tapped, 110.5; counters, 122.1; tokens, 111), its commanders' casts (903.8) and whether it
//! has left the game (104.3a).

use super::{pile_index, Counters, Place, Session, MAX_ACTION_CARDS};
use crate::card::{CardId, CardRef};
use crate::error::{Error, Result};
use crate::library::Library;
use std::collections::{BTreeMap, BTreeSet};

/// One seat's zones in the table phase.
#[derive(Debug, Clone)]
pub struct TableSeat {
    /// Shared by every copy of the seat (an action works on a copy, `Table::act`).
    pub(super) names: std::sync::Arc<[String]>,
    pub(super) library: Library,
    pub(super) hand: Vec<CardId>,
    pub(super) piles: [Vec<CardId>; 7],
    pub(super) session: Option<Session>,
    /// 110.5: its tapped permanents.
    pub(super) tapped: BTreeSet<CardId>,
    /// 122.1: the counters on its permanents, by permanent (none is empty).
    pub(super) card_counters: BTreeMap<CardId, Counters>,
    /// 111: its tokens on the battlefield, by id: their names.
    pub(super) tokens: BTreeMap<CardId, String>,
    /// 903.3: its commanders, each with its casts from the command zone (903.8).
    pub(super) commanders: Vec<(CardId, u32)>,
    /// 104.3a: it has conceded (left the game).
    pub(super) conceded: bool,
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
            tapped: BTreeSet::new(),
            card_counters: BTreeMap::new(),
            tokens: BTreeMap::new(),
            commanders: vec![],
            conceded: false,
        }
    }

    /// The seat with its commanders (903.3; their casts are counted, 903.8).
    pub fn with_commanders(mut self, commanders: &[CardId]) -> TableSeat {
        self.commanders = commanders.iter().map(|&c| (c, 0)).collect();
        self
    }

    /// The number of cards of its deck lists (tokens' ids come after every seat's).
    pub fn deck_cards(&self) -> usize {
        self.names.len()
    }

    pub(super) fn card_ref(&self, id: CardId) -> CardRef {
        let name = match self.names.get(id as usize) {
            Some(n) => n.clone(),
            None => self.tokens.get(&id).cloned().unwrap_or_default(),
        };
        CardRef { id, name }
    }
    pub(super) fn refs(&self, ids: &[CardId]) -> Vec<CardRef> {
        ids.iter().map(|&id| self.card_ref(id)).collect()
    }
    /// The cards in a zone (not the library).
    pub fn pile(&self, place: Place) -> &[CardId] {
        match place {
            Place::Hand => &self.hand,
            p => pile_index(p).map_or(&[], |i| &self.piles[i]),
        }
    }
    pub(super) fn pile_mut(&mut self, place: Place) -> Option<&mut Vec<CardId>> {
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
    /// Whether it has conceded (104.3a).
    pub fn conceded(&self) -> bool {
        self.conceded
    }
    /// Whether `card` is one of its tokens (111.1).
    pub fn is_token(&self, card: CardId) -> bool {
        self.tokens.contains_key(&card)
    }

    /// Checks that `cards` are distinct cards of this deck, all in `from` (a zone other than
    /// the library), and at most [`MAX_ACTION_CARDS`].
    pub(super) fn check_in(&self, cards: &[CardId], from: Place, seat: usize) -> Result<()> {
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

    /// Checks that `cards` are distinct ids of this seat's cards (or of its tokens).
    pub(super) fn check_ids(&self, cards: &[CardId], seat: usize) -> Result<()> {
        if cards.len() > MAX_ACTION_CARDS {
            return Err(Error::illegal(format!(
                "an action names at most {MAX_ACTION_CARDS} cards, got {}",
                cards.len()
            )));
        }
        if let Some(c) = cards
            .iter()
            .find(|&&c| c as usize >= self.names.len() && !self.is_token(c))
        {
            return Err(Error::illegal(format!(
                "seat {seat} has no card {c}: its cards are 0 to {}{}",
                self.names.len().saturating_sub(1),
                if self.tokens.is_empty() {
                    ""
                } else {
                    " (and its tokens on the battlefield)"
                }
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
    pub(super) fn take(&mut self, cards: &[CardId], from: Place) {
        if let Some(pile) = self.pile_mut(from) {
            pile.retain(|c| !cards.contains(c));
        }
    }
}
