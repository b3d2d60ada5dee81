//! One seat's state during a game start: its cards, zones, hand size (103.5a), mulligans and
//! what it set aside (103.2a-c).

use crate::card::{Card, CardId, CardRef};
use crate::deck::DeckList;
use crate::library::Library;
use crate::rules::MulliganRule;

/// One player's seat: the deck's cards, every zone, and where the mulligan stands.
#[derive(Debug, Clone)]
pub(super) struct Seat {
    pub(super) name: String,
    pub(super) set_aside: SetAside,
    pub(super) cards: Vec<Card>,
    pub(super) team: usize,
    pub(super) archenemy: bool,
    pub(super) hand_size: usize,
    pub(super) life_modifier: i32,
    pub(super) library: Library,
    pub(super) hand: Vec<CardId>,
    pub(super) battlefield: Vec<CardId>,
    pub(super) exile: Vec<CardId>,
    pub(super) revealed: Vec<CardId>,
    pub(super) mulligans: u32,
    pub(super) counted: u32,
    pub(super) kept: bool,
    pub(super) to_bottom: usize,
    pub(super) life: i32,
    pub(super) skips_first_draw: bool,
    /// The no-land/all-land redraw was taken.
    pub(super) land_redraw_used: bool,
    /// Partial Paris: cards exiled face down, shuffled back once the player keeps.
    pub(super) partial: Vec<CardId>,
    /// Partial Paris: the cards a declared mulligan will exile (None: the whole hand).
    pub(super) pending_exile: Option<Vec<CardId>>,
}

impl Seat {
    pub(super) fn card_ref(&self, id: CardId) -> CardRef {
        CardRef {
            id,
            name: self.cards[id as usize].name.clone(),
        }
    }
    pub(super) fn refs(&self, ids: &[CardId]) -> Vec<CardRef> {
        ids.iter().map(|&id| self.card_ref(id)).collect()
    }
    pub(super) fn has(&self, id: CardId, tag: &str) -> bool {
        self.cards.get(id as usize).is_some_and(|c| c.has_tag(tag))
    }
    /// 103.5: a player may mulligan until their opening hand would be zero cards. In the
    /// eras that draw one fewer card each time (seeds 002/003: "until the hand size reaches
    /// zero cards"), a hand of zero cards, which a short library can bring early, is final too.
    ///
    /// Houston and NONE keep their hand: only free mulligans (`free`) can be taken there.
    /// Canadian Highlander: until the next hand would be zero cards (7, 6, 6, 5, 5, …).
    pub(super) fn can_mulligan(&self, rule: MulliganRule, free: u32) -> bool {
        rule.hand_step(self.hand_size, self.mulligans, self.counted, free)
            .can_mulligan
            && (rule.draws_full_hand() || !self.hand.is_empty())
    }

    pub(super) fn lands_in(&self, ids: &[CardId]) -> usize {
        ids.iter()
            .filter(|&&c| self.cards.get(c as usize).is_some_and(|k| k.land))
            .count()
    }
}

/// 103.2a–c: what stays out of a seat's library, until the set-up steps report it. The
/// set-aside cards' ids follow the main deck's: sideboard, then commanders, then companions
/// ([`CardId`]).
#[derive(Debug, Clone, Default)]
pub(super) struct SetAside {
    pub(super) sideboard: Vec<CardRef>,
    pub(super) companions: Vec<CardRef>,
    pub(super) commanders: Vec<CardRef>,
}

impl SetAside {
    pub(super) fn of(deck: &DeckList) -> SetAside {
        let refs = |first: usize, cards: &[Card]| -> Vec<CardRef> {
            cards
                .iter()
                .enumerate()
                .map(|(i, c)| CardRef {
                    id: (first + i) as CardId,
                    name: c.name.clone(),
                })
                .collect()
        };
        let sideboard = deck.main.len();
        let commanders = sideboard + deck.sideboard.len();
        let companions = commanders + deck.commanders.len();
        SetAside {
            sideboard: refs(sideboard, &deck.sideboard),
            companions: refs(companions, &deck.companions),
            commanders: refs(commanders, &deck.commanders),
        }
    }
}
