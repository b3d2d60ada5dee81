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

use super::{
    wubrg, CardInfo, CardTable, EntersTapped, Face, NameIndex, SavedText, Slot, NOT_CARDS,
};
use crate::error::{Error, Result};
use std::sync::{Arc, OnceLock};

/// The first line of a saved table; the number is the format's version.
const MAGIC_PREFIX: &str = "mulligan-card-table ";
const MAGIC: &str = "mulligan-card-table 3";
/// Fields of a card line before its faces, by format: 3 adds mana value and enters tapped.
const CARD_FIELDS_V2: usize = 4;
const CARD_FIELDS: usize = 6;
/// Fields per face: name, type line, mana cost, colours.
const FACE_FIELDS: usize = 4;

/// A field as the saved table can hold it: no tabs or line breaks.
pub(crate) fn field(s: &str) -> String {
    s.replace(['\t', '\n', '\r'], " ")
}

fn data_error(message: String) -> Error {
    Error::Deck { line: 0, message }
}

/// One checked line of format 3 as a card (the fields were checked when the table was read).
pub(super) fn card_line(line: &str) -> CardInfo {
    let fields: Vec<&str> = line.split('\t').collect();
    let get = |i: usize| fields.get(i).copied().unwrap_or("");
    CardInfo {
        name: get(0).to_string(),
        layout: get(1).to_string(),
        produced: get(2).to_string(),
        identity: wubrg(get(3).chars()),
        mana_value: get(4).parse().unwrap_or(0.0),
        enters_tapped: EntersTapped::from_name(get(5)).unwrap_or_default(),
        faces: faces(fields.get(CARD_FIELDS..).unwrap_or(&[])),
    }
}

fn faces(fields: &[&str]) -> Vec<Face> {
    fields
        .chunks(FACE_FIELDS)
        .map(|f| Face {
            name: f[0].to_string(),
            type_line: f.get(1).copied().unwrap_or("").to_string(),
            mana_cost: f.get(2).copied().unwrap_or("").to_string(),
            colors: f.get(3).copied().unwrap_or("").to_string(),
        })
        .collect()
}

/// A line's fields checked (count, name, mana value, enters tapped), without allocating.
fn check_line(line: &str, card_fields: usize) -> std::result::Result<(), String> {
    let count = line.bytes().filter(|&b| b == b'\t').count() + 1;
    if count < card_fields + FACE_FIELDS || (count - card_fields) % FACE_FIELDS != 0 {
        return Err("with the wrong number of fields".into());
    }
    let mut fields = line.split('\t');
    if fields.next().is_some_and(str::is_empty) {
        return Err("with no name".into());
    }
    if card_fields == CARD_FIELDS {
        let mut fields = fields.skip(3);
        let value = fields.next().unwrap_or("");
        if !value
            .parse::<f64>()
            .is_ok_and(|v| v.is_finite() && v >= 0.0)
        {
            return Err(format!("with the mana value {value:?}"));
        }
        let tapped = fields.next().unwrap_or("");
        if EntersTapped::from_name(tapped).is_none() {
            return Err(format!("with the enters-tapped value {tapped:?}"));
        }
    }
    Ok(())
}

/// Calls `f` with the number and text of each field of a card line that names it: its name
/// (0), its layout (1) and each face's name, in order; one pass over the line's bytes.
fn name_fields<'a>(line: &'a str, mut f: impl FnMut(usize, &'a str)) {
    let wanted = |k: usize| k < 2 || (k >= CARD_FIELDS && (k - CARD_FIELDS) % FACE_FIELDS == 0);
    let (mut k, mut start) = (0, 0);
    tabs(line.as_bytes(), |i| {
        if wanted(k) {
            f(k, &line[start..i]);
        }
        k += 1;
        start = i + 1;
    });
    if wanted(k) {
        f(k, &line[start..]);
    }
}

/// Calls `f` with the position of each tab of `bytes`, in order: eight bytes at a time (a
/// word's bytes equal to a tab found by the zero-byte test; each candidate checked, as the test
/// may also flag a byte after a match).
fn tabs(bytes: &[u8], mut f: impl FnMut(usize)) {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let mut words = bytes.chunks_exact(8);
    let mut at = 0;
    for word in words.by_ref() {
        let x = u64::from_le_bytes(word.try_into().unwrap_or_default()) ^ (ONES * u64::from(b'\t'));
        let mut found = x.wrapping_sub(ONES) & !x & HIGHS;
        while found != 0 {
            let i = at + found.trailing_zeros() as usize / 8;
            if bytes[i] == b'\t' {
                f(i);
            }
            found &= found - 1;
        }
        at += 8;
    }
    for (i, &b) in words.remainder().iter().enumerate() {
        if b == b'\t' {
            f(at + i);
        }
    }
}

/// Where a saved table's text is: kept in place (`'static`) or copied into the table.
#[derive(Clone, Copy)]
pub(super) enum Source<'a> {
    Static(&'static str),
    Borrowed(&'a str),
}

impl CardTable {
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
