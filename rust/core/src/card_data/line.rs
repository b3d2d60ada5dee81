//! One card line of a saved table (the format is in [`super::saved`]): tab-separated fields,
//! read into a [`CardInfo`] when the card is first looked up, checked without allocating when
//! the table is read.

use super::card::{CardInfo, Face};
use super::oracle::{wubrg, EntersTapped};

/// Fields of a card line before its faces, by format: 3 adds mana value and enters tapped.
pub(super) const CARD_FIELDS_V2: usize = 4;
pub(super) const CARD_FIELDS: usize = 6;
/// Fields per face: name, type line, mana cost, colours.
pub(super) const FACE_FIELDS: usize = 4;

/// A field as the saved table can hold it: no tabs or line breaks.
pub(crate) fn field(s: &str) -> String {
    s.replace(['\t', '\n', '\r'], " ")
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

pub(super) fn faces(fields: &[&str]) -> Vec<Face> {
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
pub(super) fn check_line(line: &str, card_fields: usize) -> std::result::Result<(), String> {
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
pub(super) fn name_fields<'a>(line: &'a str, mut f: impl FnMut(usize, &'a str)) {
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
