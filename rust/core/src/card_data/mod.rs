//! Card data: a compact table of name → faces (type line, mana cost, colours), the card's
//! layout, mana value, the mana it produces, whether it enters tapped and its colour identity
//! (903.4). Deck parsing looks names up in it (full names, `Fire // Ice`, or one face's name) to
//! know which cards are lands.
//!
//! Where a table comes from: a Scryfall bulk file (`oracle-cards`, [`CardTable::from_scryfall`],
//! [`scryfall`]), a saved table ([`CardTable::from_text`], [`saved`]), or the table built into
//! this library ([`CardTable::embedded`]): generated from a registry package's card corpus by
//! `scripts/make_card_table.py` (NOTICE names the data's origin), so that every land counts
//! without a download. What a source does not state is read from the card ([`oracle`]).
//!
//! A card is a land when its front face has the card type Land (205.2a; in a hand or library
//! a double-faced card has only its front face's characteristics, 712.8a), so Dryad Arbor,
//! Sacred Foundry and Command Tower are lands. A modal double-faced card whose front is a spell
//! and whose back is a land (712.2; `Shatterskull Smashing // Shatterskull, the Hammer Pass`)
//! can be played as that land, so it is classed by [`MdfcLand`]: a land by default.

mod index;
mod oracle;
pub mod saved;
pub mod scryfall;

use index::{same_name, NameIndex};
use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

pub use oracle::{cost_colors, mana_value, produced_mana, EntersTapped};

/// How a modal double-faced card with a land only on its back is counted.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum MdfcLand {
    /// As a land (it can be played as one): the default.
    #[default]
    Land,
    /// As a spell (its front face).
    Spell,
}

impl MdfcLand {
    /// `land` or `spell`, any case.
    pub fn from_name(name: &str) -> Option<MdfcLand> {
        match name.trim().to_ascii_lowercase().as_str() {
            "land" => Some(MdfcLand::Land),
            "spell" => Some(MdfcLand::Spell),
            _ => None,
        }
    }
}

/// One face of a card (a card with one face has one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Face {
    /// The face's name.
    pub name: String,
    /// Its type line (`Land — Mountain Plains`).
    pub type_line: String,
    /// Its mana cost (`{1}{R}`), `""` for none.
    pub mana_cost: String,
    /// Colour letters, `WUBRG` order as given (`""` for colourless).
    pub colors: String,
}

/// The supertypes (205.4a).
pub const SUPERTYPES: [&str; 7] = [
    "Basic",
    "Legendary",
    "Ongoing",
    "Snow",
    "World",
    "Elite",
    "Host",
];

impl Face {
    /// The words before the dash of its type line: supertypes and card types.
    fn types(&self) -> impl Iterator<Item = &str> {
        self.type_line
            .split('\u{2014}')
            .next()
            .unwrap_or("")
            .split_whitespace()
    }

    /// Whether the face has the card type Land (the words before the dash of its type line).
    pub fn is_land(&self) -> bool {
        self.types().any(|w| w == "Land")
    }

    /// Its supertypes (205.4a: `Legendary`, `Basic`, `Snow`, …) in type-line order.
    pub fn supertypes(&self) -> Vec<&str> {
        self.types().filter(|w| SUPERTYPES.contains(w)).collect()
    }

    /// Whether the table knows the face's type line (a source may name a face and no more).
    pub fn is_known(&self) -> bool {
        !self.type_line.is_empty()
    }
}

/// A card of the table.
#[derive(Debug, Clone, PartialEq)]
pub struct CardInfo {
    /// The card's full name (`Fire // Ice`).
    pub name: String,
    /// Scryfall's layout (`normal`, `split`, `transform`, `modal_dfc`, `adventure`, …).
    pub layout: String,
    /// Mana symbols the card can produce (`"RW"`), `""` for none.
    pub produced: String,
    /// Its colour identity (903.4: the colours of the mana symbols in its mana cost and rules
    /// text, its colour indicator and characteristic-defining abilities, both faces, 903.4d),
    /// as Scryfall computes it: colour letters in `WUBRG` order, `""` for colourless.
    pub identity: String,
    /// Its mana value (202.3) where it is not on the stack: a split card's is the total of its
    /// halves' (709.4), a double-faced card's its front face's (712.8e).
    pub mana_value: f64,
    /// Whether it enters the battlefield tapped, as its text says (614.1c): for a modal
    /// double-faced card with a land only on its back, what the land face's text says.
    pub enters_tapped: EntersTapped,
    /// Its faces, front first.
    pub faces: Vec<Face>,
}

impl CardInfo {
    /// Whether the card counts as a land in a hand (module docs).
    pub fn is_land(&self, mdfc: MdfcLand) -> bool {
        match self.faces.first() {
            Some(front) if front.is_land() => true,
            _ => self.land_on_back_only() && mdfc == MdfcLand::Land,
        }
    }

    /// The colours of mana its basic land types (any face) stand for (305.6: Plains W, Island U,
    /// Swamp B, Mountain R, Forest G), in `WUBRG` order; `""` without a basic land type.
    pub fn basic_land_type_colors(&self) -> String {
        let mut found = String::new();
        for face in &self.faces {
            let mut parts = face.type_line.splitn(2, '\u{2014}');
            let types = parts.next().unwrap_or("");
            if !types.split_whitespace().any(|w| w == "Land") {
                continue;
            }
            for sub in parts.next().unwrap_or("").split_whitespace() {
                if let Some((_, c)) = BASIC_LAND_TYPES.iter().find(|(t, _)| *t == sub) {
                    found.push(*c);
                }
            }
        }
        wubrg(found.chars())
    }

    /// The front face's supertypes (205.4a), as a deck check needs them: `Legendary` for a
    /// card that can be a commander (903.3), `Basic` for copy limits (100.2a).
    pub fn supertypes(&self) -> Vec<&str> {
        self.faces.first().map(Face::supertypes).unwrap_or_default()
    }

    /// Whether the front face is legendary (205.4d).
    pub fn is_legendary(&self) -> bool {
        self.supertypes().contains(&"Legendary")
    }

    /// The mana value its faces' mana costs give (202.3): the total of both halves for a split
    /// card (709.4; Scryfall's `split` and `aftermath` layouts), else the front face's.
    pub fn mana_value_of_faces(layout: &str, faces: &[Face]) -> f64 {
        if matches!(layout, "split" | "aftermath") {
            faces.iter().map(|f| mana_value(&f.mana_cost)).sum()
        } else {
            faces.first().map_or(0.0, |f| mana_value(&f.mana_cost))
        }
    }

    /// A modal double-faced card whose back face, not its front, is a land.
    pub fn land_on_back_only(&self) -> bool {
        self.layout == "modal_dfc"
            && !self.faces.first().is_some_and(Face::is_land)
            && self.faces.iter().skip(1).any(Face::is_land)
    }
}

/// The card table: cards in file order, looked up by name or face name, any case, with what
/// the table says about itself ([`CardTable::meta`]). A table read from saved text keeps the
/// text and reads a card's line when it is first looked up (the names are indexed when the
/// table is read, without a string per name, and every line checked then), so that loading
/// takes a few milliseconds.
#[derive(Debug, Clone, Default)]
pub struct CardTable {
    slots: Vec<Slot>,
    index: NameIndex,
    meta: BTreeMap<String, String>,
    /// The saved text the slots' lines are in.
    text: Option<SavedText>,
}

/// The text of a saved table: the built-in one in place, another shared.
#[derive(Debug, Clone)]
enum SavedText {
    Static(&'static str),
    Shared(Arc<str>),
}

impl SavedText {
    fn as_str(&self) -> &str {
        match self {
            SavedText::Static(text) => text,
            SavedText::Shared(text) => text,
        }
    }
}

/// One card: built, or a line of the saved text read on first use.
#[derive(Debug, Clone)]
struct Slot {
    line: std::ops::Range<usize>,
    card: OnceLock<CardInfo>,
}

/// The table built into this library (module docs), as saved text.
const EMBEDDED: &str = include_str!("../../data/cards.tsv");

/// The basic land types and the colour of mana each stands for (305.6).
const BASIC_LAND_TYPES: [(&str, char); 5] = [
    ("Plains", 'W'),
    ("Island", 'U'),
    ("Swamp", 'B'),
    ("Mountain", 'R'),
    ("Forest", 'G'),
];

/// The colour letters among `letters`, each once, in `WUBRG` order (anything else dropped).
pub fn wubrg(letters: impl IntoIterator<Item = char>) -> String {
    let letters: Vec<char> = letters.into_iter().collect();
    "WUBRG".chars().filter(|c| letters.contains(c)).collect()
}

/// Layouts that are not cards a deck holds; left out so that a token never shadows a card.
pub(crate) const NOT_CARDS: [&str; 7] = [
    "token",
    "double_faced_token",
    "emblem",
    "art_series",
    "vanguard",
    "scheme",
    "planar",
];

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
    fn set_index(&mut self, mut index: NameIndex) {
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

    /// The table built into this library (module docs), read once per process.
    pub fn embedded() -> &'static CardTable {
        Self::embedded_arc()
    }

    /// [`CardTable::embedded`], shared (for a binding that holds tables by `Arc`).
    pub fn embedded_shared() -> Arc<CardTable> {
        Self::embedded_arc().clone()
    }

    fn embedded_arc() -> &'static Arc<CardTable> {
        static TABLE: OnceLock<Arc<CardTable>> = OnceLock::new();
        TABLE.get_or_init(|| Arc::new(CardTable::read_embedded()))
    }

    /// Reads the built-in table afresh (what [`CardTable::embedded`] does once per process):
    /// its lines are not checked here, as `scripts/make_card_table.py` wrote them and a test
    /// reads them with every check ([`CardTable::from_text`]).
    pub fn read_embedded() -> CardTable {
        CardTable::read_saved(saved::Source::Static(EMBEDDED), false)
            .expect("the embedded card table is a saved table")
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
            saved::card_line(&text[slot.line.clone()])
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
        self.meta.insert(saved::field(key), saved::field(value));
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

#[cfg(test)]
mod tests;
