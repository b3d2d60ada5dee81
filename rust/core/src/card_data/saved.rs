//! The saved table: plain UTF-8 text, one line per card, so that it diffs and reads back byte
//! for byte.
//!
//! - First line: `mulligan-card-table 3`.
//! - Then the table's [`CardTable::meta`]: lines `#key<TAB>value`, keys in sorted order.
//! - Then one line per card of tab-separated fields: name, layout, produced mana, colour
//!   identity, mana value, enters tapped (`untapped`, `tapped`, `conditional`), then per face its
//!   name, type line, mana cost and colours (an empty type line: a face the source only names).
//!
//! Format 2 (the same card lines without mana value and enters tapped, no `#` lines) is still
//! read: the mana value comes from the faces' costs and every card counts as entering untapped.
//! Format 1 (no colour identity) is refused with a message saying how to rebuild the table.

use super::card::{CardInfo, NOT_CARDS};
use super::index::NameIndex;
use super::line::{check_line, faces, field, name_fields, CARD_FIELDS, CARD_FIELDS_V2};
use super::oracle::{wubrg, EntersTapped};
use super::table::{CardTable, SavedText, Slot};
use crate::error::{Error, Result};
use std::sync::{Arc, OnceLock};

/// The first line of a saved table; the number is the format's version.
const MAGIC_PREFIX: &str = "mulligan-card-table ";
const MAGIC: &str = "mulligan-card-table 3";

fn data_error(message: String) -> Error {
    Error::Deck { line: 0, message }
}

/// The table built into this library (module docs), as saved text.
pub(super) const EMBEDDED: &str = include_str!("../../data/cards.tsv");

/// Where a saved table's text is: kept in place (`'static`) or copied into the table.
#[derive(Clone, Copy)]
pub(super) enum Source<'a> {
    Static(&'static str),
    Borrowed(&'a str),
}

impl CardTable {
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
        CardTable::read_saved(Source::Static(EMBEDDED), false)
            .expect("the embedded card table is a saved table")
    }

    /// Reads a saved table (module docs). Every line is checked now; a card's fields are
    /// read when it is first looked up. A table of another format version is refused with a
    /// message saying how to rebuild it.
    pub fn from_text(text: &str) -> Result<CardTable> {
        CardTable::read_saved(Source::Borrowed(text), true)
    }

    /// Reads a saved table, its lines checked or not (the built-in table's are checked by a
    /// test).
    pub(super) fn read_saved(source: Source<'_>, check: bool) -> Result<CardTable> {
        let text = match source {
            Source::Static(text) | Source::Borrowed(text) => text,
        };
        let first = text.lines().next().map(str::trim_end).unwrap_or("");
        let card_fields = match first.strip_prefix(MAGIC_PREFIX) {
            Some("3") => CARD_FIELDS,
            Some("2") => CARD_FIELDS_V2,
            Some(version) => {
                return Err(data_error(format!(
                    "a card table of format {version:?}, not the {:?} this version of mulligan \
                     reads (2 added colour identities, 3 mana values and enters tapped): \
                     rebuild it with `mulligan cards download` (or `mulligan cards import FILE` \
                     from a Scryfall bulk file)",
                    &MAGIC[MAGIC_PREFIX.len()..]
                )))
            }
            None => {
                return Err(data_error(format!(
                    "not a card table (its first line is not {MAGIC:?}); build one with \
                     `mulligan cards download` (or `mulligan cards import FILE`)"
                )))
            }
        };
        let mut table = CardTable::default();
        let mut v2_cards = vec![];
        let mut meta = vec![];
        // About one card per 90 bytes, and a little more than one face per card.
        // Room for about one card per 80 bytes (the built-in table has one per 87).
        let lines = text.len() / 80;
        let mut index = NameIndex::with_capacity(lines + lines / 8);
        table.slots.reserve(lines);
        let mut start = 0;
        for (i, raw) in text.split_inclusive('\n').enumerate() {
            let range = start..start + raw.trim_end_matches(['\n', '\r']).len();
            start += raw.len();
            if i == 0 {
                continue;
            }
            let line = &text[range.clone()];
            if let Some(entry) = line.strip_prefix('#') {
                let (key, value) = entry.split_once('\t').unwrap_or((entry, ""));
                meta.push((key.to_string(), value.to_string()));
                continue;
            }
            if check || card_fields == CARD_FIELDS_V2 {
                check_line(line, card_fields).map_err(|what| Error::Deck {
                    line: i + 1,
                    message: format!("a card table line {what}"),
                })?;
            }
            if card_fields == CARD_FIELDS_V2 {
                let fields: Vec<&str> = line.split('\t').collect();
                let faces = faces(&fields[CARD_FIELDS_V2..]);
                v2_cards.push(CardInfo {
                    name: fields[0].to_string(),
                    layout: fields[1].to_string(),
                    produced: fields[2].to_string(),
                    identity: wubrg(fields[3].chars()),
                    mana_value: CardInfo::mana_value_of_faces(fields[1], &faces),
                    enters_tapped: EntersTapped::Untapped,
                    faces,
                });
                continue;
            }
            let n = table.slots.len();
            let (mut name, mut card) = ("", true);
            name_fields(line, |k, value| match k {
                0 => name = value,
                1 => card = !NOT_CARDS.contains(&value),
                // A face named as the card adds nothing: its full name is found first.
                _ if card && value != name => index.add_face(n, value),
                _ => {}
            });
            if !card {
                continue;
            }
            index.add_card(n, name);
            table.slots.push(Slot {
                line: range,
                card: OnceLock::new(),
            });
        }
        if card_fields == CARD_FIELDS_V2 {
            table = CardTable::new(v2_cards);
        } else {
            table.text = Some(match source {
                Source::Static(text) => SavedText::Static(text),
                Source::Borrowed(text) => SavedText::Shared(Arc::from(text)),
            });
            table.set_index(index);
        }
        for (key, value) in meta {
            table.set_meta(&key, &value);
        }
        Ok(table)
    }

    /// The table as saved text (module docs); [`CardTable::from_text`] reads it back.
    pub fn to_text(&self) -> String {
        let mut out = String::from(MAGIC);
        out.push('\n');
        for (key, value) in &self.meta {
            out.push_str(&format!("#{key}\t{value}\n"));
        }
        for c in self.cards() {
            let mut fields = vec![
                field(&c.name),
                field(&c.layout),
                field(&c.produced),
                field(&c.identity),
                c.mana_value.to_string(),
                c.enters_tapped.as_str().to_string(),
            ];
            for f in &c.faces {
                fields.extend([&f.name, &f.type_line, &f.mana_cost, &f.colors].map(|s| field(s)));
            }
            out.push_str(&fields.join("\t"));
            out.push('\n');
        }
        out
    }
}
