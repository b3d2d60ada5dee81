//! Reading a Scryfall bulk file (`oracle-cards`: a JSON array of card objects, or JSON Lines)
//! into a [`CardTable`], from bytes: each record is turned into a [`CardInfo`] as it is read,
//! so the memory used is the file's bytes and the table, not a copy of the file (a
//! `CardInfo` keeps no rules text). What a record does not state is read from the card
//! (`oracle`): a face's colours from its mana cost (202.2), the mana value from the
//! mana costs (202.3), produced mana from its mana abilities (605.1a) and basic land types
//! (305.6), and whether it enters tapped from its text (614.1c).

use super::card::{CardInfo, Face, NOT_CARDS};
use super::oracle::{cost_colors, produced_mana, wubrg, EntersTapped};
use super::table::{meta, CardTable};
use crate::error::{Error, Result};
use serde::Deserialize;

/// One face of a record (a one-faced card's own fields are its one face).
#[derive(Deserialize)]
struct RecordFace {
    name: String,
    #[serde(default)]
    type_line: Option<String>,
    #[serde(default)]
    mana_cost: Option<String>,
    #[serde(default)]
    colors: Option<Vec<String>>,
    #[serde(default)]
    oracle_text: Option<String>,
}

/// A card record: the fields the table keeps, and the printing's set and date.
#[derive(Deserialize)]
struct Record {
    name: String,
    #[serde(default)]
    layout: Option<String>,
    #[serde(default)]
    type_line: Option<String>,
    #[serde(default)]
    mana_cost: Option<String>,
    #[serde(default)]
    colors: Option<Vec<String>>,
    #[serde(default)]
    oracle_text: Option<String>,
    #[serde(default)]
    produced_mana: Option<Vec<String>>,
    #[serde(default)]
    color_identity: Option<Vec<String>>,
    #[serde(default)]
    cmc: Option<f64>,
    #[serde(default)]
    card_faces: Option<Vec<RecordFace>>,
    #[serde(default)]
    set: Option<String>,
    #[serde(default)]
    set_name: Option<String>,
    #[serde(default)]
    released_at: Option<String>,
}

/// A record as the table keeps it, with the printing's date and set, built while reading.
#[derive(Deserialize)]
#[serde(from = "Record")]
struct Read {
    info: CardInfo,
    released: Option<(String, String)>,
}

impl From<Record> for Read {
    fn from(r: Record) -> Read {
        let layout = r.layout.unwrap_or_else(|| "normal".into());
        let card_colors = r.colors.as_ref().map(|c| c.concat());
        let (faces, texts): (Vec<Face>, Vec<String>) = match r.card_faces {
            Some(faces) if !faces.is_empty() => {
                let many = faces.len() > 1;
                faces
                    .into_iter()
                    .map(|f| face(f, card_colors.as_deref(), many))
                    .unzip()
            }
            _ => {
                let own = RecordFace {
                    name: r.name.clone(),
                    type_line: r.type_line,
                    mana_cost: r.mana_cost,
                    colors: r.colors,
                    oracle_text: r.oracle_text,
                };
                let (f, text) = face(own, None, false);
                (vec![f], vec![text])
            }
        };
        let mut info = CardInfo {
            name: r.name,
            layout,
            produced: String::new(),
            identity: wubrg(r.color_identity.unwrap_or_default().concat().chars()),
            mana_value: 0.0,
            enters_tapped: EntersTapped::Untapped,
            faces,
        };
        info.mana_value = r
            .cmc
            .unwrap_or_else(|| CardInfo::mana_value_of_faces(&info.layout, &info.faces));
        info.produced = match r.produced_mana {
            Some(mana) => mana.concat(),
            None => {
                let mut found = produced_mana(&texts.join("\n"));
                found.push_str(&info.basic_land_type_colors());
                "WUBRGC".chars().filter(|c| found.contains(*c)).collect()
            }
        };
        let land_face = if info.land_on_back_only() {
            info.faces.iter().position(Face::is_land).unwrap_or(0)
        } else {
            0
        };
        info.enters_tapped = texts
            .get(land_face)
            .map_or(EntersTapped::Untapped, |t| EntersTapped::from_text(t));
        let released = match (r.released_at, r.set) {
            (Some(date), Some(set)) if !NOT_CARDS.contains(&info.layout.as_str()) => {
                let set = match r.set_name {
                    Some(name) => format!("{} ({name})", set.to_uppercase()),
                    None => set.to_uppercase(),
                };
                Some((date, set))
            }
            _ => None,
        };
        Read { info, released }
    }
}

/// A face and its rules text. Its colours: as given, else its mana cost's (202.2), else (a
/// one-faced card, or a face without a cost that is not a land) the card's.
fn face(f: RecordFace, card_colors: Option<&str>, many: bool) -> (Face, String) {
    let mana_cost = f.mana_cost.unwrap_or_default();
    let type_line = f.type_line.unwrap_or_default();
    let colors = match f.colors {
        Some(c) => c.concat(),
        None if !mana_cost.is_empty() && many => cost_colors(&mana_cost),
        None => {
            let land = type_line
                .split('\u{2014}')
                .next()
                .unwrap_or("")
                .contains("Land");
            if many && land {
                String::new()
            } else {
                card_colors.unwrap_or_default().to_string()
            }
        }
    };
    let face = Face {
        name: f.name,
        type_line,
        mana_cost,
        colors,
    };
    (face, f.oracle_text.unwrap_or_default())
}

fn data_error(message: String) -> Error {
    Error::Deck { line: 0, message }
}

impl CardTable {
    /// Reads a Scryfall bulk file's text (see [`CardTable::from_scryfall_bytes`]).
    pub fn from_scryfall(json: &str) -> Result<CardTable> {
        CardTable::from_scryfall_bytes(json.as_bytes())
    }

    /// Reads a Scryfall bulk file: a JSON array of card objects (`oracle-cards`) or one object
    /// per line (JSON Lines), UTF-8 with or without a byte-order mark. Fields other than those
    /// of the table are skipped as they are read. The table's [`CardTable::meta`] names the
    /// source, and the newest printing's set and release date.
    pub fn from_scryfall_bytes(json: &[u8]) -> Result<CardTable> {
        let json = json.strip_prefix(b"\xef\xbb\xbf").unwrap_or(json);
        let first = json.iter().find(|b| !b.is_ascii_whitespace());
        let records: Vec<Read> = if first == Some(&b'[') {
            serde_json::from_slice(json)
                .map_err(|e| data_error(format!("not a Scryfall bulk file: {e}")))?
        } else {
            let mut records = vec![];
            for (i, line) in json.split(|b| *b == b'\n').enumerate() {
                if line.iter().all(u8::is_ascii_whitespace) {
                    continue;
                }
                records.push(serde_json::from_slice(line).map_err(|e| Error::Deck {
                    line: i + 1,
                    message: format!("not a Scryfall card record: {e}"),
                })?);
            }
            records
        };
        if records.is_empty() {
            return Err(data_error("a Scryfall bulk file with no card".into()));
        }
        let newest = records
            .iter()
            .filter_map(|r| r.released.as_ref())
            .max_by(|a, b| a.0.cmp(&b.0).then_with(|| b.1.cmp(&a.1)))
            .cloned();
        let mut table = CardTable::new(records.into_iter().map(|r| r.info).collect());
        table.set_meta(meta::SOURCE, "Scryfall bulk file");
        if let Some((date, set)) = newest {
            table.set_meta(meta::DATE, &date);
            table.set_meta(meta::NEWEST_SET, &set);
        }
        Ok(table)
    }
}
