//! The card conditions of a keep rule (103.5: the player decides whether to keep a hand): each
//! is "at least `min` cards of a set", the set being the cards with a tag, the lands that add a
//! colour of mana (106.1; a fetch land counts as the colours of the lands of the deck it can
//! fetch, as the analysis counts it), or cards named in a list. Resolved against a deck, each
//! condition is one bit of a card's mask ([`Conditions`]); the London bottom among cards of a
//! kind (lands or spells) follows [`bottom_key`], which counts alone decide.

use crate::error::{Error, Result};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The most card conditions a keep rule may have (one bit each in a card's mask).
pub const MAX_CONDITIONS: usize = 32;

/// The colour letters a `min_sources` condition takes, in `WUBRG` order then `C`; bit `i` of a
/// card's colours is letter `i` (the masks of [`crate::analysis::mana`]).
pub const COLOURS: [char; 6] = ['W', 'U', 'B', 'R', 'G', 'C'];

/// "At least `min` of these cards": cards named in any case, as the deck lists them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CardsRequirement {
    /// The card names (any one counts; copies each count).
    pub cards: Vec<String>,
    /// How many of them a kept hand needs.
    pub min: u32,
}

/// What a keep rule reads of each card of a deck (index = card id): whether it is a land, its
/// tags, its name, and the colours of mana it adds as a source (bit `i` for [`COLOURS`]`[i]`;
/// 0 for a spell).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RuleCards {
    /// Land flags.
    pub lands: Vec<bool>,
    /// Tags.
    pub tags: Vec<Vec<String>>,
    /// Names (empty when unknown: no name condition counts the card).
    pub names: Vec<String>,
    /// Colours each card adds as a source.
    pub colours: Vec<u8>,
}

impl RuleCards {
    /// Cards known by land flags and tags alone (no names, no colours).
    pub fn new(lands: &[bool], tags: &[Vec<String>]) -> RuleCards {
        RuleCards {
            lands: lands.to_vec(),
            tags: tags.to_vec(),
            names: vec![String::new(); lands.len()],
            colours: vec![0; lands.len()],
        }
    }
}

/// The colour bit of a letter (`"u"` → `U`'s bit), or a config error naming `what`.
pub fn colour_bit(letter: &str, what: &str) -> Result<u8> {
    let mut chars = letter.trim().chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => COLOURS
            .iter()
            .position(|&l| l == c.to_ascii_uppercase())
            .map(|i| 1 << i),
        _ => None,
    }
    .ok_or_else(|| {
        Error::config(format!(
            "{what}: unknown colour {letter:?} (one of W, U, B, R, G, C)"
        ))
    })
}

/// The card conditions of a rule: which of them each card counts for, and each one's minimum.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Conditions {
    /// By card id: bit `i` set when the card counts for condition `i`.
    pub masks: Vec<u32>,
    /// Condition `i`'s minimum.
    pub mins: Vec<u32>,
    /// Condition `i`'s warning when no card of the deck counts for it.
    pub names: Vec<String>,
}

impl Conditions {
    /// Adds a condition: the cards `counts` accepts, at least `min` of them.
    pub fn add(
        &mut self,
        cards: &RuleCards,
        name: String,
        min: u32,
        counts: impl Fn(usize) -> bool,
    ) {
        let bit = 1u32 << self.mins.len();
        self.masks.resize(cards.lands.len(), 0);
        for (i, m) in self.masks.iter_mut().enumerate() {
            if counts(i) {
                *m |= bit;
            }
        }
        self.mins.push(min);
        self.names.push(name);
    }
}

/// Adds `by` (`u32::MAX` for minus one) to each count `mask` has a bit for.
#[inline]
pub fn add_mask(counts: &mut [u32], mask: u32, by: u32) {
    let mut m = mask;
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        counts[i] = counts[i].wrapping_add(by);
        m &= m - 1;
    }
}

/// The London bottom among cards of one kind (lands, or spells), one card at a time: the card
/// with the smallest key goes first, ties (cards of the same mask) later-drawn first. The key
/// of a card with `mask`, the hand holding `counts` cards for each condition of minimum
/// `mins`: first the conditions it counts for that the hand holds no more than the minimum of
/// (bottoming it loses a card a condition needs), then how many conditions it counts for,
/// then the mask itself. So a card no condition counts is bottomed first, then cards whose
/// conditions have cards to spare, fewer conditions first. The counts decide it.
#[inline]
pub fn bottom_key(mask: u32, counts: &[u32], mins: &[u32]) -> (u32, u32, u32) {
    let mut needed = 0;
    let mut m = mask;
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        needed += u32::from(counts[i] <= mins[i]);
        m &= m - 1;
    }
    (needed, mask.count_ones(), mask)
}
