//! The card table: cards in file order, looked up by name or by one face's name, any case,
//! with what the table says about itself ([`meta`]). Where a table comes from is in
//! [`super::saved`] (saved text and the built-in table) and [`super::scryfall`].

use super::card::{CardInfo, NOT_CARDS};
use super::index::{same_name, NameIndex};
use super::line::{card_line, field};
use super::similar::Matcher;
use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

/// The card table: cards in file order, looked up by name or face name, any case, with what
/// the table says about itself ([`CardTable::meta`]). A table read from saved text keeps the
/// text and reads a card's line when it is first looked up (the names are indexed when the
/// table is read, without a string per name, and every line checked then), so that loading
/// takes a few milliseconds.
#[derive(Debug, Clone, Default)]
pub struct CardTable {
    pub(super) slots: Vec<Slot>,
    pub(super) index: NameIndex,
    pub(super) meta: BTreeMap<String, String>,
    /// The saved text the slots' lines are in.
    pub(super) text: Option<SavedText>,
    /// The names indexed for [`CardTable::suggest`], built on its first call.
    pub(super) similar: OnceLock<Matcher>,
}

/// The text of a saved table: the built-in one in place, another shared.
#[derive(Debug, Clone)]
pub(super) enum SavedText {
    Static(&'static str),
    Shared(Arc<str>),
}

impl SavedText {
    pub(super) fn as_str(&self) -> &str {
        match self {
            SavedText::Static(text) => text,
            SavedText::Shared(text) => text,
        }
    }
}

/// One card: built, or a line of the saved text read on first use.
#[derive(Debug, Clone)]
pub(super) struct Slot {
    pub(super) line: std::ops::Range<usize>,
    pub(super) card: OnceLock<CardInfo>,
}

/// Keys of [`CardTable::meta`] that `mulligan cards info` shows.
pub mod meta {
    /// Where the data comes from (`Scryfall bulk file`, or the package and version the
    /// embedded table was generated from).
    pub const SOURCE: &str = "source";
    /// The date of the data (`YYYY-MM-DD`): the newest card's release for a Scryfall file,
    /// the source package's date for the embedded table.
    pub const DATE: &str = "date";
    /// The newest set the table knows (code and name, as the source gives them).
    pub const NEWEST_SET: &str = "newest_set";
    /// What the table lacks, in a sentence (empty: nothing known).
    pub const LACKS: &str = "lacks";
}

impl CardTable {
    /// The table of a list of cards (the first card of a name wins).
    pub fn new(cards: Vec<CardInfo>) -> CardTable {
        let mut table = CardTable::default();
        let mut index = NameIndex::with_capacity(cards.len() * 2);
        for card in cards {
            if NOT_CARDS.contains(&card.layout.as_str()) {
                continue;
            }
            let i = table.slots.len();
            index.add_card(i, &card.name);
            for face in &card.faces {
                index.add_face(i, &face.name);
            }
            table.slots.push(Slot {
                line: 0..0,
                card: OnceLock::from(card),
            });
        }
        table.set_index(index);
        table
    }

    /// Sorts the index and drops the cards whose full name (any case) an earlier card has.
    pub(super) fn set_index(&mut self, mut index: NameIndex) {
        index.finish();
        let dropped = index.duplicates(|i| self.slot_name(i));
        index.without(&dropped);
        for &i in dropped.iter().rev() {
            self.slots.remove(i);
        }
        self.index = index;
    }

    /// A slot's full name, without reading the rest of its line.
    fn slot_name(&self, i: usize) -> &str {
        let slot = &self.slots[i];
        match slot.card.get() {
            Some(card) => &card.name,
            None => {
                let text = self.text.as_ref().map_or("", SavedText::as_str);
                let line = &text[slot.line.clone()];
                line.split('\t').next().unwrap_or("")
            }
        }
    }

    /// The card of a name: its full name (`Fire // Ice`) or one face's (`Fire`), any case.
    pub fn lookup(&self, name: &str) -> Option<&CardInfo> {
        self.index
            .candidates(name)
            .map(|(i, face)| (self.card(i), face))
            .find(|(card, face)| match face {
                false => same_name(&card.name, name),
                true => card.faces.iter().any(|f| same_name(&f.name, name)),
            })
            .map(|(card, _)| card)
    }

    fn card(&self, i: usize) -> &CardInfo {
        let slot = &self.slots[i];
        slot.card.get_or_init(|| {
            let text = self.text.as_ref().map_or("", SavedText::as_str);
            card_line(&text[slot.line.clone()])
        })
    }

    /// The names to suggest for `name`, which the table does not have ([`super::similar`]:
    /// case, accents and punctuation folded, a few edits at most; the nearest only, best
    /// first, at most `limit`): full names and each face's name (`Bonecrusher Giant` of
    /// `Bonecrusher Giant // Stomp`). The first call indexes the table's names
    /// (benches/RESULTS.md gives the cost).
    pub fn suggest(&self, name: &str, limit: usize) -> Vec<String> {
        super::similar::closest_of(name, &Matcher::default(), self.matcher(), limit)
    }

    /// The table's names indexed for suggestions (full names, then faces).
    pub fn matcher(&self) -> &Matcher {
        self.similar.get_or_init(|| {
            let full: Vec<&str> = (0..self.slots.len()).map(|i| self.slot_name(i)).collect();
            let faces = full
                .iter()
                .filter(|n| n.contains(" // "))
                .flat_map(|n| n.split(" // "));
            Matcher::new(full.iter().copied().chain(faces))
        })
    }

    /// The cards, in the table's order.
    pub fn cards(&self) -> impl Iterator<Item = &CardInfo> {
        (0..self.slots.len()).map(|i| self.card(i))
    }

    /// What the table says about itself ([`meta`] names the keys).
    pub fn meta(&self) -> &BTreeMap<String, String> {
        &self.meta
    }

    /// Sets one of [`CardTable::meta`]'s entries (tabs and line breaks become spaces).
    pub fn set_meta(&mut self, key: &str, value: &str) {
        self.meta.insert(field(key), field(value));
    }

    /// Number of cards.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether the table holds no card.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }
}
