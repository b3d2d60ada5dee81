//! What an analysis answers ([`Report`]): plain records, serialised as the CLI's `--json`,
//! the Python dicts and `POST /analyze` give them. Every probability is a JSON number; a
//! simulated one has its 95% Wilson interval beside it (`*_interval`).

use super::optimize::OptimizeReport;
use super::request::VariantSource;
use super::wilson::Interval;
use crate::rules::{MulliganRule, Variant};
use serde::Serialize;
use std::collections::BTreeMap;

/// How the per-turn and per-card figures were computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Method {
    /// Hypergeometric: exact (no mulligan).
    Exact,
    /// Simulated games, with intervals.
    Simulation,
}

/// The kept hand's size: exact where [`super::keep_odds`] computes it, simulated beside it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct KeepReport {
    /// Index: hand size; the exact chance of keeping a hand of that size.
    pub exact: Option<Vec<f64>>,
    /// Index: hand size; the simulated share of games kept at that size.
    pub simulated: Option<Vec<f64>>,
    /// The 95% Wilson interval of each simulated share.
    pub simulated_interval: Option<Vec<Interval>>,
}

/// One turn: the distributions of what the player has seen by then (the kept hand and the
/// draws), index = how many.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TurnReport {
    /// The turn (1 = the player's first).
    pub turn: usize,
    /// Cards seen by this turn from a seven-card hand (fewer after mulligans).
    pub cards_seen: usize,
    /// Index `k`: the chance of exactly `k` lands seen.
    pub lands: Vec<f64>,
    /// Intervals of `lands` (simulation).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lands_interval: Option<Vec<Interval>>,
    /// Index `k`: the chance of at least `k` lands seen.
    pub lands_at_least: Vec<f64>,
    /// Intervals of `lands_at_least` (simulation).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lands_at_least_interval: Option<Vec<Interval>>,
    /// By colour letter: index `k`, the chance of exactly `k` lands adding that colour.
    pub sources: BTreeMap<String, Vec<f64>>,
    /// Intervals of `sources` (simulation).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sources_interval: Option<BTreeMap<String, Vec<Interval>>>,
    /// By colour letter: index `k`, the chance of at least `k` lands adding that colour.
    pub sources_at_least: BTreeMap<String, Vec<f64>>,
    /// Intervals of `sources_at_least` (simulation).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sources_at_least_interval: Option<BTreeMap<String, Vec<Interval>>>,
    /// By tag: index `k`, the chance of exactly `k` cards with that tag.
    pub tags: BTreeMap<String, Vec<f64>>,
    /// Intervals of `tags` (simulation).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tags_interval: Option<BTreeMap<String, Vec<Interval>>>,
    /// With mulligans and `exact`: the same distributions computed exactly
    /// ([`super::after_keep`]), beside the simulated ones.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact: Option<ExactTurn>,
}

/// One turn's exact distributions after a mulligan keep ([`super::after_keep`]): index `k`,
/// the chance of exactly (or at least) `k` seen by then. A tag carried by a land is left out
/// (simulated only).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ExactTurn {
    /// Index `k`: the chance of exactly `k` lands seen.
    pub lands: Vec<f64>,
    /// Index `k`: the chance of at least `k` lands seen.
    pub lands_at_least: Vec<f64>,
    /// By colour letter: index `k`, the chance of exactly `k` lands adding that colour.
    pub sources: BTreeMap<String, Vec<f64>>,
    /// By colour letter: index `k`, the chance of at least `k` lands adding that colour.
    pub sources_at_least: BTreeMap<String, Vec<f64>>,
    /// By tag (tags of spells only): index `k`, the chance of exactly `k` tagged cards.
    pub tags: BTreeMap<String, Vec<f64>>,
}

/// One card's on-curve figures ([`super::castable`]).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CardReport {
    /// The card's name.
    pub name: String,
    /// Its mana cost as the card table gives it.
    pub mana_cost: String,
    /// Its mana value.
    pub mana_value: u32,
    /// The turn it is cast on curve: its mana value, at least 1.
    pub turn: usize,
    /// Copies in the deck (0 for a commander).
    pub copies: usize,
    /// A commander: in the command zone from the start (903.6), so `castable_and_drawn` is
    /// `castable`.
    pub command_zone: bool,
    /// The chance of having the mana to cast it on its turn.
    pub castable: f64,
    /// Interval of `castable` (simulation).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub castable_interval: Option<Interval>,
    /// The chance of at least its mana value in lands by its turn.
    pub enough_lands: f64,
    /// Interval of `enough_lands` (simulation).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enough_lands_interval: Option<Interval>,
    /// Karsten's reading: castable given enough lands (None when enough lands never happen).
    pub castable_given_lands: Option<f64>,
    /// Interval of `castable_given_lands` (simulation).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub castable_given_lands_interval: Option<Interval>,
    /// The mana to cast it and a copy of it among the cards seen.
    pub castable_and_drawn: f64,
    /// Interval of `castable_and_drawn` (simulation).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub castable_and_drawn_interval: Option<Interval>,
}

/// The answer to an analysis request.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    /// Cards in the deck.
    pub deck_size: usize,
    /// Lands in the deck.
    pub lands: usize,
    /// Turns analysed (1..=turns).
    pub turns: usize,
    /// The player is not the starting player.
    pub on_the_draw: bool,
    /// The player skips the draw of their first turn (103.8).
    pub skips_first_draw: bool,
    /// The variant.
    pub variant: Variant,
    /// Where the variant came from: `request` (asked for), `deck` (the deck has a commander:
    /// Commander), `default` (`TWO_PLAYER`).
    pub variant_source: VariantSource,
    /// The deck's commanders, in the command zone (903.6).
    pub commanders: Vec<String>,
    /// Their combined colour identity (903.4), `WUBRG` order (`""`: colourless); null without
    /// a commander or when the card table does not know one. Sources count for these colours
    /// only (docs/ANALYSIS.md).
    pub identity: Option<String>,
    /// Players at the table.
    pub players: usize,
    /// The mulligan era (`NONE`: the first hand is kept).
    pub mulligan: MulliganRule,
    /// How the per-turn and per-card figures were computed.
    pub method: Method,
    /// Games simulated (simulation).
    pub games: Option<u64>,
    /// The seed of the simulation, hex.
    pub seed: Option<String>,
    /// Colours the deck's lands add (`WUBRG` order, then `C`).
    pub colours: String,
    /// The kept hand's size (with mulligans).
    pub keep: Option<KeepReport>,
    /// Turn by turn.
    pub by_turn: Vec<TurnReport>,
    /// Card by card.
    pub cards: Vec<CardReport>,
    /// What the analysis left out or could not read, one sentence each.
    pub warnings: Vec<String>,
    /// What the analysis assumed of the deck's cards (an Exotic Orchard's colours), one
    /// sentence each.
    pub notes: Vec<String>,
    /// The best keep rule's search (asked with `optimize`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub optimize: Option<OptimizeReport>,
    /// Each coloured card's sources against the sources table's need (null: no table for
    /// this deck; docs/ANALYSIS.md, "Sources tables").
    pub source_needs: Option<crate::source_tables::needs::SourceNeeds>,
}
