//! One card of the table: its faces (type line, mana cost, colours), layout, mana value, the
//! mana it produces, whether it enters tapped and its colour identity (903.4), and which cards
//! count as lands in a hand (205.2a, 712.8a; [`MdfcLand`] for modal double-faced cards, 712.2).

use super::oracle::{mana_value, wubrg, EntersTapped};

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

/// The basic land types and the colour of mana each stands for (305.6).
const BASIC_LAND_TYPES: [(&str, char); 5] = [
    ("Plains", 'W'),
    ("Island", 'U'),
    ("Swamp", 'B'),
    ("Mountain", 'R'),
    ("Forest", 'G'),
];

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
