//! Card data: a compact table of name → faces (type line, mana cost, colours), the mana the
//! card produces and its colour identity (903.4), built once from a Scryfall bulk file (`oracle-cards`, a JSON array, or JSON
//! Lines) and saved as text. Deck parsing looks names up in it (full names, `Fire // Ice`, or one
//! face's name) to know which cards are lands.
//!
//! A card is a land when its front face has the card type Land (205.2a; in a hand or library
//! a double-faced card has only its front face's characteristics, 712.8a), so Dryad Arbor,
//! Sacred Foundry and Command Tower are lands. A modal double-faced card whose front is a spell
//! and whose back is a land (712.2; `Shatterskull Smashing // Shatterskull, the Hammer Pass`)
//! can be played as that land, so it is classed by [`MdfcLand`]: a land by default.
//!
//! The saved table: a first line `mulligan-card-table 2`, then one line per card of
//! tab-separated fields: name, layout, produced mana, colour identity, then per face its name,
//! type line, mana cost and colours. A table of an older format (version 1 had no colour
//! identity) is refused with a message saying how to rebuild it.

use crate::error::{Error, Result};
use serde::Deserialize;
use std::collections::HashMap;

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

impl Face {
    /// Whether the face has the card type Land (the words before the dash of its type line).
    pub fn is_land(&self) -> bool {
        let types = self.type_line.split('\u{2014}').next().unwrap_or("");
        types.split_whitespace().any(|w| w == "Land")
    }
}

/// A card of the table.
#[derive(Debug, Clone, PartialEq, Eq)]
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

    /// A modal double-faced card whose back face, not its front, is a land.
    pub fn land_on_back_only(&self) -> bool {
        self.layout == "modal_dfc"
            && !self.faces.first().is_some_and(Face::is_land)
            && self.faces.iter().skip(1).any(Face::is_land)
    }
}

/// The card table: cards in file order, looked up by name or face name, any case.
#[derive(Debug, Clone, Default)]
pub struct CardTable {
    cards: Vec<CardInfo>,
    index: HashMap<String, usize>,
}

/// The first line of a saved table; the number is the format's version.
const MAGIC_PREFIX: &str = "mulligan-card-table ";
const MAGIC: &str = "mulligan-card-table 2";
/// Fields of a card line before its faces: name, layout, produced mana, colour identity.
const CARD_FIELDS: usize = 4;
/// Fields per face: name, type line, mana cost, colours.
const FACE_FIELDS: usize = 4;

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
const NOT_CARDS: [&str; 7] = [
    "token",
    "double_faced_token",
    "emblem",
    "art_series",
    "vanguard",
    "scheme",
    "planar",
];

#[derive(Deserialize)]
struct ScryfallFace {
    name: String,
    #[serde(default)]
    type_line: Option<String>,
    #[serde(default)]
    mana_cost: Option<String>,
    #[serde(default)]
    colors: Option<Vec<String>>,
}

/// A card record: its own face fields (for a one-faced card) and the card's.
#[derive(Deserialize)]
struct ScryfallCard {
    #[serde(flatten)]
    own: ScryfallFace,
    #[serde(default)]
    layout: Option<String>,
    #[serde(default)]
    produced_mana: Option<Vec<String>>,
    #[serde(default)]
    color_identity: Option<Vec<String>>,
    #[serde(default)]
    card_faces: Option<Vec<ScryfallFace>>,
}

fn data_error(message: String) -> Error {
    Error::Deck { line: 0, message }
}

/// A field as the saved table can hold it: no tabs or line breaks.
fn field(s: &str) -> String {
    s.replace(['\t', '\n', '\r'], " ")
}

impl ScryfallFace {
    /// The face, with the card's colours when the face lists none.
    fn into_face(self, card_colors: Option<&Vec<String>>) -> Face {
        Face {
            name: self.name,
            type_line: self.type_line.unwrap_or_default(),
            mana_cost: self.mana_cost.unwrap_or_default(),
            colors: self
                .colors
                .or_else(|| card_colors.cloned())
                .unwrap_or_default()
                .concat(),
        }
    }
}

impl ScryfallCard {
    fn into_info(self) -> CardInfo {
        let name = self.own.name.clone();
        let faces = match self.card_faces {
            Some(faces) if !faces.is_empty() => faces
                .into_iter()
                .map(|f| f.into_face(self.own.colors.as_ref()))
                .collect(),
            _ => vec![self.own.into_face(None)],
        };
        CardInfo {
            name,
            layout: self.layout.unwrap_or_else(|| "normal".into()),
            produced: self.produced_mana.unwrap_or_default().concat(),
            identity: wubrg(self.color_identity.unwrap_or_default().concat().chars()),
            faces,
        }
    }
}

impl CardTable {
    /// The table of a list of cards (the first card of a name wins).
    pub fn new(cards: Vec<CardInfo>) -> CardTable {
        let mut table = CardTable::default();
        for card in cards {
            if NOT_CARDS.contains(&card.layout.as_str()) {
                continue;
            }
            let key = card.name.to_lowercase();
            if table.index.contains_key(&key) {
                continue;
            }
            let i = table.cards.len();
            table.index.insert(key, i);
            table.cards.push(card);
        }
        // Face names after every full name, so a card's own name always wins over a face.
        for (i, card) in table.cards.iter().enumerate() {
            for face in &card.faces {
                table.index.entry(face.name.to_lowercase()).or_insert(i);
            }
        }
        table
    }

    /// Reads a Scryfall bulk file: a JSON array of card objects (`oracle-cards`) or one object
    /// per line (JSON Lines). Fields other than those of the table are ignored.
    pub fn from_scryfall(json: &str) -> Result<CardTable> {
        let json = json.strip_prefix('\u{feff}').unwrap_or(json);
        let cards: Vec<ScryfallCard> = if json.trim_start().starts_with('[') {
            serde_json::from_str(json)
                .map_err(|e| data_error(format!("not a Scryfall bulk file: {e}")))?
        } else {
            let mut cards = vec![];
            for (i, line) in json.lines().enumerate() {
                if line.trim().is_empty() {
                    continue;
                }
                cards.push(serde_json::from_str(line).map_err(|e| Error::Deck {
                    line: i + 1,
                    message: format!("not a Scryfall card record: {e}"),
                })?);
            }
            cards
        };
        if cards.is_empty() {
            return Err(data_error("a Scryfall bulk file with no card".into()));
        }
        Ok(CardTable::new(
            cards.into_iter().map(ScryfallCard::into_info).collect(),
        ))
    }

    /// Reads a saved table (module docs). A table of another format version is refused with
    /// a message saying how to rebuild it.
    pub fn from_text(text: &str) -> Result<CardTable> {
        let mut lines = text.lines();
        let first = lines.next().map(str::trim_end).unwrap_or("");
        if first != MAGIC {
            let message = match first.strip_prefix(MAGIC_PREFIX) {
                Some(version) => format!(
                    "a card table of format {version:?}, not the {:?} this version of mulligan \
                     reads (2 added colour identities): rebuild it with `mulligan cards \
                     download` (or `mulligan cards import FILE` from a Scryfall bulk file)",
                    &MAGIC[MAGIC_PREFIX.len()..]
                ),
                None => format!(
                    "not a card table (its first line is not {MAGIC:?}); build one with \
                     `mulligan cards download` (or `mulligan cards import FILE`)"
                ),
            };
            return Err(data_error(message));
        }
        let mut cards = vec![];
        for (i, line) in lines.enumerate() {
            let bad = |what: &str| Error::Deck {
                line: i + 2,
                message: format!("a card table line {what}"),
            };
            let fields: Vec<&str> = line.split('\t').collect();
            if fields.len() < CARD_FIELDS + FACE_FIELDS
                || (fields.len() - CARD_FIELDS) % FACE_FIELDS != 0
            {
                return Err(bad("with the wrong number of fields"));
            }
            if fields[0].is_empty() {
                return Err(bad("with no name"));
            }
            let faces = fields[CARD_FIELDS..]
                .chunks(FACE_FIELDS)
                .map(|f| Face {
                    name: f[0].to_string(),
                    type_line: f[1].to_string(),
                    mana_cost: f[2].to_string(),
                    colors: f[3].to_string(),
                })
                .collect();
            cards.push(CardInfo {
                name: fields[0].to_string(),
                layout: fields[1].to_string(),
                produced: fields[2].to_string(),
                identity: wubrg(fields[3].chars()),
                faces,
            });
        }
        Ok(CardTable::new(cards))
    }

    /// The table as saved text (module docs); [`CardTable::from_text`] reads it back.
    pub fn to_text(&self) -> String {
        let mut out = String::from(MAGIC);
        out.push('\n');
        for c in &self.cards {
            let mut fields = vec![
                field(&c.name),
                field(&c.layout),
                field(&c.produced),
                field(&c.identity),
            ];
            for f in &c.faces {
                fields.extend([&f.name, &f.type_line, &f.mana_cost, &f.colors].map(|s| field(s)));
            }
            out.push_str(&fields.join("\t"));
            out.push('\n');
        }
        out
    }

    /// The card of a name: its full name (`Fire // Ice`) or one face's (`Fire`), any case.
    pub fn lookup(&self, name: &str) -> Option<&CardInfo> {
        self.index
            .get(&name.to_lowercase())
            .map(|&i| &self.cards[i])
    }

    /// Number of cards.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// Whether the table holds no card.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BULK: &str = r#"[
 {"object":"card","name":"Sacred Foundry","layout":"normal","mana_cost":"","type_line":"Land — Mountain Plains","colors":[],"color_identity":["W","R"],"produced_mana":["R","W"]},
 {"object":"card","name":"Dryad Arbor","layout":"normal","mana_cost":"","type_line":"Land Creature — Forest Dryad","colors":["G"],"produced_mana":["G"]},
 {"object":"card","name":"Fire // Ice","layout":"split","mana_cost":"{1}{R} // {1}{U}","type_line":"Instant // Instant","colors":["R","U"],"color_identity":["R","U"],
  "card_faces":[{"name":"Fire","mana_cost":"{1}{R}","type_line":"Instant"},{"name":"Ice","mana_cost":"{1}{U}","type_line":"Instant"}]},
 {"object":"card","name":"Shatterskull Smashing // Shatterskull, the Hammer Pass","layout":"modal_dfc","type_line":"Sorcery // Land",
  "card_faces":[{"name":"Shatterskull Smashing","mana_cost":"{X}{R}{R}","type_line":"Sorcery","colors":["R"]},{"name":"Shatterskull, the Hammer Pass","mana_cost":"","type_line":"Land","colors":[]}],"produced_mana":["R"]},
 {"object":"card","name":"Goblin","layout":"token","type_line":"Token Creature — Goblin"}
]"#;

    #[test]
    fn lands_by_front_face_and_mdfc_by_option() {
        let t = CardTable::from_scryfall(BULK).unwrap();
        assert_eq!(t.len(), 4, "the token is left out");
        assert!(t.lookup("sacred foundry").unwrap().is_land(MdfcLand::Spell));
        assert!(t.lookup("Dryad Arbor").unwrap().is_land(MdfcLand::Spell));
        let fire = t.lookup("Fire").unwrap();
        assert_eq!(fire.name, "Fire // Ice");
        assert!(!fire.is_land(MdfcLand::Land));
        let mdfc = t.lookup("Shatterskull Smashing").unwrap();
        assert!(mdfc.land_on_back_only());
        assert!(mdfc.is_land(MdfcLand::Land) && !mdfc.is_land(MdfcLand::Spell));
        assert_eq!(mdfc.faces[0].colors, "R");
        assert_eq!(t.lookup("Sacred Foundry").unwrap().produced, "RW");
        assert!(t.lookup("Goblin").is_none());
        assert_eq!(fire.identity, "UR", "colour identity in WUBRG order");
        assert_eq!(
            t.lookup("Dryad Arbor").unwrap().identity,
            "",
            "none given: colourless"
        );
    }

    #[test]
    fn basic_land_types_stand_for_their_colours() {
        let t = CardTable::from_scryfall(BULK).unwrap();
        assert_eq!(
            t.lookup("Sacred Foundry").unwrap().basic_land_type_colors(),
            "WR"
        );
        assert_eq!(
            t.lookup("Dryad Arbor").unwrap().basic_land_type_colors(),
            "G"
        );
        assert_eq!(t.lookup("Fire").unwrap().basic_land_type_colors(), "");
        assert_eq!(wubrg("GxRUGW".chars()), "WURG");
    }

    #[test]
    fn an_older_table_asks_to_be_rebuilt() {
        let old = "mulligan-card-table 1\nSacred Foundry\tnormal\tRW\tSacred Foundry\tLand\t\t\n";
        match CardTable::from_text(old) {
            Err(Error::Deck { line: 0, message }) => {
                assert!(message.contains("format \"1\""), "{message}");
                assert!(message.contains("mulligan cards download"), "{message}");
                assert!(!message.contains('\n'), "one line: {message}");
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn saved_table_reads_back_the_same() {
        let t = CardTable::from_scryfall(BULK).unwrap();
        let again = CardTable::from_text(&t.to_text()).unwrap();
        assert_eq!(again.cards, t.cards);
        assert!(t.to_text().starts_with("mulligan-card-table 2\n"));
        assert_eq!(again.lookup("Sacred Foundry").unwrap().identity, "WR");
        assert!(CardTable::from_text("4 Forest").is_err());
        assert!(CardTable::from_text(&format!("{MAGIC}\nonly\tthree\tfields")).is_err());
        let values: Vec<serde_json::Value> = serde_json::from_str(BULK).unwrap();
        let lines: Vec<String> = values.iter().map(|v| v.to_string()).collect();
        let jsonl = CardTable::from_scryfall(&lines.join("\n")).unwrap();
        assert_eq!(jsonl.len(), 4);
    }
}
