//! Card data: a compact table of name → faces (type line, mana cost, colours), the card's
//! layout, mana value, the mana it produces, whether it enters tapped and its colour identity
//! (903.4). Deck parsing looks names up in it (full names, `Fire // Ice`, or one face's name) to
//! know which cards are lands.
//!
//! Where a table comes from: a Scryfall bulk file (`oracle-cards`, [`CardTable::from_scryfall`],
//! [`scryfall`]), a saved table ([`CardTable::from_text`], [`saved`]), or the table built into
//! this library ([`CardTable::embedded`]): generated from a registry package's card corpus by
//! `scripts/make_card_table.py` (NOTICE names the data's origin), so that every land counts
//! without a download. What a source does not state is read from the card (`oracle`).
//!
//! A card is a land when its front face has the card type Land (205.2a; in a hand or library
//! a double-faced card has only its front face's characteristics, 712.8a), so Dryad Arbor,
//! Sacred Foundry and Command Tower are lands. A modal double-faced card whose front is a spell
//! and whose back is a land (712.2; `Shatterskull Smashing // Shatterskull, the Hammer Pass`)
//! can be played as that land, so it is classed by [`MdfcLand`]: a land by default.
//!
//! A name the table does not have gets the closest names it does ([`CardTable::suggest`],
//! [`similar`]), for "did you mean" in deck warnings, `cards show` and analysis errors.

mod card;
mod index;
mod line;
mod oracle;
pub mod saved;
pub mod scryfall;
pub mod similar;
mod table;

pub use card::{CardInfo, Face, MdfcLand, SUPERTYPES};
pub use oracle::{cost_colors, mana_value, produced_mana, wubrg, EntersTapped};
pub use table::{meta, CardTable};

#[cfg(test)]
mod tests;
