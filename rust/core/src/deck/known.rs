//! The cards the engine knows by name, without a card table or a marker in the list: the
//! basic lands (205.3i, Snow-Covered ones and Wastes included) and the few cards it acts on
//! (Serum Powder, Gemstone Caverns, the Leylines, the Chancellors).

use crate::card::tags;
use crate::card_data::similar::Matcher;
use std::sync::OnceLock;

const BASIC_TYPES: [&str; 6] = ["Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes"];
const CHANCELLORS: [&str; 5] = [
    "Chancellor of the Annex",
    "Chancellor of the Dross",
    "Chancellor of the Forge",
    "Chancellor of the Spires",
    "Chancellor of the Tangle",
];

/// The names the engine knows without a table (every basic land, Serum Powder, Gemstone
/// Caverns, the Chancellors), indexed for "did you mean" when no table knows a name either.
pub(super) fn known_names() -> &'static Matcher {
    static KNOWN: OnceLock<Matcher> = OnceLock::new();
    KNOWN.get_or_init(|| {
        let snow: Vec<String> = BASIC_TYPES
            .iter()
            .map(|b| format!("Snow-Covered {b}"))
            .collect();
        Matcher::new(
            BASIC_TYPES
                .iter()
                .copied()
                .chain(snow.iter().map(String::as_str))
                .chain(["Serum Powder", "Gemstone Caverns"])
                .chain(CHANCELLORS),
        )
    })
}

/// Whether a name is a basic land (205.3i; `Snow-Covered` ones and Wastes included).
pub fn is_basic(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    BASIC_TYPES.iter().any(|b| {
        let b = b.to_ascii_lowercase();
        lower == b || lower == format!("snow-covered {b}")
    })
}

/// Whether a card name is a land and which ability tags it has, from the names the engine
/// knows (everything else is a nonland without tags unless the list or the card table says).
pub fn known_card(name: &str) -> (bool, Vec<String>) {
    let lower = name.to_ascii_lowercase();
    let mut found: Vec<String> = vec![];
    let mut land = is_basic(name);
    if lower == "serum powder" {
        found.push(tags::MULLIGAN_ACTION.into());
    } else if lower == "gemstone caverns" {
        land = true;
        found.push(tags::GEMSTONE_CAVERNS.into());
    } else if lower.starts_with("leyline of ") || lower == "leyline axe" {
        found.push(tags::BEGIN_ON_BATTLEFIELD.into());
    } else if CHANCELLORS.iter().any(|c| c.eq_ignore_ascii_case(name)) {
        found.push(tags::REVEAL.into());
    }
    (land, found)
}

/// Whether the engine knows this name without a card table.
pub(super) fn known_by_name(name: &str) -> bool {
    let (land, found) = known_card(name);
    land || !found.is_empty()
}
