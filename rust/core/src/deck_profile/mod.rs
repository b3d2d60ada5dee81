//! A deck as its mana reads (what both the analysis and the sources tables start from, so that
//! neither imports the other): mana costs ([`mana`], 202), the deck's lands and what they add
//! ([`sources`], 106.1, 305.6), a Commander deck's colour identity ([`commander`], 903.4),
//! the counting distributions and intervals both report ([`hypergeometric`], [`wilson`]), and
//! how a deck is played ([`play`]: the variant from its commander section, 903).

pub mod commander;
pub mod hypergeometric;
pub mod mana;
pub mod play;
pub mod sources;
pub mod wilson;
