//! A deck list by the parts 103.2 sets apart: the main deck that becomes the library, the
//! sideboard set aside (103.2a), the companion revealed from outside the game (103.2b) and the
//! commanders put into the command zone (103.2c); and the part a card line belongs to.

use crate::card::Card;

/// A deck list by the parts 103.2 sets apart.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DeckList {
    /// The main deck: it becomes the library (103.2a).
    pub main: Vec<Card>,
    /// Set aside before the game (103.2a).
    pub sideboard: Vec<Card>,
    /// Put into the command zone (103.2c).
    pub commanders: Vec<Card>,
    /// At most one, revealed from outside the game (103.2b).
    pub companions: Vec<Card>,
}

impl DeckList {
    /// Every card of the list: main deck, sideboard, commanders and companions.
    pub fn total_cards(&self) -> usize {
        self.main.len() + self.sideboard.len() + self.commanders.len() + self.companions.len()
    }
}

/// The part of a deck list a card line belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Section {
    /// The main deck.
    Main,
    /// The sideboard.
    Sideboard,
    /// The commander(s).
    Commander,
    /// The companion.
    Companion,
}
