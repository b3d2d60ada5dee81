//! Cards: a name, whether it is a land, and ability tags that opt it into the start-of-game
//! actions of 103.5b and 103.6. Within a game a card copy is known by its [`CardId`], its index
//! in its owner's starting deck, so two copies of a card are always distinct.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The identity of one card copy: its index in its owner's starting deck (or library arena).
/// In a game, main-deck cards come first (`0..main.len()`), then the cards set aside by 103.2:
/// sideboard, commanders, companions, in that order.
pub type CardId = u32;

/// A card as every record shows it (events, decisions, views, results, zones): the copy's
/// [`CardId`] within its owner's starting deck and its name. An answer names a card by `id`;
/// with the seat that answers, it identifies one card instance of the game.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CardRef {
    /// The copy's index in its owner's starting deck.
    pub id: CardId,
    /// The card's name.
    pub name: String,
}

/// Ability tags the engine acts on. A card opts in by carrying the tag.
pub mod tags {
    /// 103.5b: "any time you could mulligan" — Serum Powder: exile your hand, draw that many.
    pub const MULLIGAN_ACTION: &str = "mulligan_action";
    /// 103.6a: "begin the game with it on the battlefield" — the Leyline cycle, Leyline Axe.
    pub const BEGIN_ON_BATTLEFIELD: &str = "begin_on_battlefield";
    /// 103.6a: Gemstone Caverns — only a player who is not the starting player; exile a card.
    pub const GEMSTONE_CAVERNS: &str = "gemstone_caverns";
    /// 103.6b: reveal it from your opening hand — the Chancellor cycle.
    pub const REVEAL: &str = "reveal";
}

/// The most tags a host may give one card (counted before duplicates are dropped): a bound on
/// what an argument may ask for, not a rule; the engine acts on four.
pub const MAX_TAGS: usize = 256;

/// A card as a deck lists it (the set-up's shape: `{"name", "land", "tags"}`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Card {
    /// The card's name.
    pub name: String,
    /// Whether it is a land.
    #[serde(default)]
    pub land: bool,
    /// Ability tags (see [`tags`]).
    #[serde(default)]
    pub tags: Vec<String>,
}

impl Card {
    /// A card with this name, land flag and ability tags.
    pub fn new(name: impl Into<String>, land: bool, tags: Vec<String>) -> Self {
        Card {
            name: name.into(),
            land,
            tags,
        }
    }

    /// Whether the card carries `tag`.
    pub fn has_tag(&self, tag: &str) -> bool {
        self.tags.iter().any(|t| t == tag)
    }
}
