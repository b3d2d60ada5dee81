//! A Commander deck as the analysis reads it (903): the commanders wait in the command zone
//! (903.6), so they are never drawn and always at hand; their combined colour identity (903.4:
//! the colours of the mana symbols in their costs and rules text; two partners', together)
//! bounds the colours the deck's sources count for.
//!
//! - A card whose mana ability adds "one mana of any color in your commander's color identity"
//!   (Command Tower, Arcane Signet, …: [`IDENTITY_MANA`]) adds the identity's colours only, and
//!   with no commander or a colourless one nothing at all (903.4f: the quality is undefined and
//!   that part of the ability does nothing).
//! - Exotic Orchard and Fellwar Stone add "one mana of any color that a land an opponent
//!   controls could produce" (106.7): the opponents' lands are unknown, so each counts as a
//!   source of every colour of the identity, the most it could add that the deck can spend; the
//!   report says so ([`could_produce_note`]).
//! - Any other source counts only for the identity's colours; mana of a colour outside it is
//!   counted as colourless (`C`), as the Commander rules first wrote it. No card of a legal
//!   Commander deck has a mana symbol of a colour outside the identity (903.5c), so such mana
//!   could pay only generic costs and `{C}` however a table rules on it.
//!
//! The card table has no rules text: the cards that name the commander's identity or an
//! opponent's lands are reviewed lists.

use super::mana::{letters, mask_of, C};
use crate::card::Card;
use crate::card_data::CardTable;

/// The mask of the five colours (105.1).
pub const WUBRG: u8 = 0b1_1111;

/// Cards whose mana ability adds one mana of any colour in the commander's colour identity.
pub const IDENTITY_MANA: [&str; 6] = [
    "Command Tower",
    "Arcane Signet",
    "Commander's Sphere",
    "Path of Ancestry",
    "Opal Palace",
    "Study Hall",
];

/// Cards whose mana ability adds one mana of any colour a land an opponent controls could
/// produce (106.7).
pub const COULD_PRODUCE: [&str; 2] = ["Exotic Orchard", "Fellwar Stone"];

/// Lands whose mana ability adds one mana of any type a land *you* control could produce
/// (106.7: Reflecting Pool and the like): the card table records no mana for them, so a deck's
/// profile counts each as a source of every colour (and colourless) the deck's other lands add
/// ([`own_lands_note`]).
pub const OWN_LANDS_COULD_PRODUCE: [&str; 1] = ["Reflecting Pool"];

/// Whether the land named `name` adds what the deck's other lands could produce (106.7).
pub fn adds_what_own_lands_could(name: &str) -> bool {
    OWN_LANDS_COULD_PRODUCE
        .iter()
        .any(|n| n.eq_ignore_ascii_case(name.trim()))
}

/// The note a profile gives for each land counted from the deck's other lands (106.7).
pub fn own_lands_note(name: &str, colours: u8) -> String {
    let shown = match letters(colours) {
        l if l.is_empty() => "nothing (no other land of the deck adds mana)".to_string(),
        l => l,
    };
    format!(
        "{name} adds one mana of any type a land you control could produce (106.7): counted \
         as a source of what the deck's other lands add, {shown} (it adds nothing with no \
         such land in play)"
    )
}

/// The note a profile gives for a land the card table records no mana for (and no reviewed
/// list explains): counted as a land that adds no mana of any colour.
pub fn no_mana_note(name: &str) -> String {
    format!(
        "{name}: the card table records no mana for this land: counted as a land (a land \
         drop) that adds no colour"
    )
}

/// What a card's "any colour" mana ability is bounded by, when a reviewed list names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AnyColour {
    /// Any colour of the commander's colour identity (903.4).
    Identity,
    /// Any colour an opponent's land could produce (106.7).
    OpponentsLands,
}

/// Which bounded "any colour" ability the card named `name` has, if any.
pub fn any_colour(name: &str) -> Option<AnyColour> {
    let name = name.trim();
    let is = |list: &[&str]| list.iter().any(|n| n.eq_ignore_ascii_case(name));
    if is(&IDENTITY_MANA) {
        Some(AnyColour::Identity)
    } else if is(&COULD_PRODUCE) {
        Some(AnyColour::OpponentsLands)
    } else {
        None
    }
}

/// What the card named `name` adds, in words, when its mana depends on the game (a commander's
/// identity, an opponent's lands): what `mulligan cards show` prints beside the table's
/// `produced_mana` (Scryfall lists every colour for such a card).
pub fn mana_note(name: &str) -> Option<&'static str> {
    match any_colour(name)? {
        AnyColour::Identity => Some(
            "adds one mana of any colour in its controller's commander's colour identity, not \
             WUBRG unconditionally (903.4); none without a commander or with a colourless one \
             (903.4f). The analysis counts it for the commander's colours only.",
        ),
        AnyColour::OpponentsLands => Some(
            "adds one mana of any colour a land an opponent controls could produce (106.7): \
             unknown before the game. In a Commander deck the analysis counts it for every \
             colour of the commander's identity; elsewhere for every colour.",
        ),
    }
}

/// The commanders' combined colour identity (903.4) as a mask, read from `table`; `None` with
/// no commander, or when the table does not know one of them.
pub fn identity(commanders: &[Card], table: Option<&CardTable>) -> Option<u8> {
    if commanders.is_empty() {
        return None;
    }
    let table = table?;
    commanders.iter().try_fold(0u8, |m, c| {
        table
            .lookup(c.name.trim())
            .map(|info| m | mask_of(&info.identity))
    })
}

/// The colours a source adding `colours` counts for in a deck whose commanders' identity is
/// `identity` (module docs): a bounded "any colour" card ([`any_colour`]) the identity's
/// colours; any other the colours within the identity, and `C` for the rest.
pub fn within_identity(name: &str, colours: u8, identity: u8) -> u8 {
    if any_colour(name).is_some() {
        return identity & WUBRG;
    }
    let outside = colours & WUBRG & !identity;
    (colours & (identity | C)) | if outside != 0 { C } else { 0 }
}

/// The note an analysis of a Commander deck gives for each "could produce" source it counts.
pub fn could_produce_note(name: &str, identity: u8) -> String {
    let colours = match letters(identity & WUBRG) {
        l if l.is_empty() => "no colour (a colourless commander)".to_string(),
        l => l,
    };
    format!(
        "{name} adds a colour a land an opponent controls could produce (106.7): counted as \
         a source of every colour of the commander's identity, {colours}, the most it can add \
         that the deck can spend"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deck_profile::mana::{B, G, R, U, W};

    #[test]
    fn sources_count_inside_the_identity_only() {
        let sultai = B | G | U;
        // Command Tower and Arcane Signet: the identity's colours whatever the table lists.
        assert_eq!(within_identity("Command Tower", WUBRG, sultai), sultai);
        assert_eq!(within_identity("arcane signet", WUBRG, sultai), sultai);
        // Exotic Orchard: every colour of the identity (stated guess).
        assert_eq!(within_identity("Exotic Orchard", WUBRG, sultai), sultai);
        // A five-colour land: the identity's colours, the rest colourless.
        assert_eq!(within_identity("City of Brass", WUBRG, sultai), sultai | C);
        // A land inside the identity is unchanged; a colourless one stays colourless.
        assert_eq!(within_identity("Breeding Pool", G | U, sultai), G | U);
        assert_eq!(within_identity("Reliquary Tower", C, sultai), C);
        // A colourless commander: Command Tower adds nothing, a Forest colourless mana.
        assert_eq!(within_identity("Command Tower", WUBRG, 0), 0);
        assert_eq!(within_identity("Forest", G, 0), C);
        assert_eq!(within_identity("Mountain", R, W | R), R);
        assert!(mana_note("Command Tower").unwrap().contains("903.4"));
        assert!(mana_note("Exotic Orchard").unwrap().contains("106.7"));
        assert_eq!(mana_note("Forest"), None);
    }
}
