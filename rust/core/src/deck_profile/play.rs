//! How a deck is played, the one shape the analysis ([`crate::analysis::Request`]) and the
//! sources tables ([`crate::source_tables::Request`]) share: who starts (103.8), the variant
//! and the table (103.5c, 103.8), the mulligan era (103.5) and the keep rule, with the variant
//! decided from the deck: a deck with a commander section is a Commander deck (903) unless a
//! variant is named. Both requests hold a [`Play`] (`#[serde(flatten)]`: its keys are keys of
//! the requests themselves, declared here once, the same names, defaults and schema in
//! `AnalyzeRequest` and `SourcesRequest`) and read every rule below from it, so the two cannot
//! disagree on how a deck is played.
//!
//! The requests' `deny_unknown_fields` still refuses any other key: serde hands a flattened
//! struct only the keys it declares and refuses the rest, naming the key (`unknown field
//! `x``; [`crate::schema::explain_json_error`] adds the keys a request takes).

use crate::error::Result;
use crate::rules::{self, FirstDraw, MulliganRule, Variant, BASE_HAND_SIZE};
use crate::simulate::{Config, KeepRule};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Where a variant came from ([`Play::for_deck`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum VariantSource {
    /// The request named it (`--variant`, `variant=`).
    Request,
    /// The deck has a commander: Commander.
    Deck,
    /// Neither: `TWO_PLAYER`.
    Default,
}

/// How a deck is played (module docs). Every key may be left out.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
pub struct Play {
    /// The player is not the starting player (103.8: then they draw on their first turn).
    #[serde(default)]
    pub on_the_draw: bool,
    /// The variant (103.8: who skips the first draw; 103.5c: a free first mulligan); null:
    /// from the deck, `COMMANDER` when it has a commander section (903.6), else `TWO_PLAYER`.
    #[serde(default)]
    pub variant: Option<Variant>,
    /// Players at the table (null: the variant's usual table).
    #[serde(default)]
    pub players: Option<usize>,
    /// The mulligan era; `NONE`: the first hand is kept.
    #[serde(default)]
    pub mulligan: MulliganRule,
    /// The keep rule deciding mulligans; null: the default one (2-5 lands in 7 cards, 2-4 in
    /// 6, 1-4 in 5, anything at 4 or fewer, London bottoms by `balance`). A sources table
    /// takes its land ranges, `keep_at` and `bottom` (no card conditions), and none with
    /// `karsten`.
    #[serde(default)]
    pub keep: Option<KeepRule>,
}

impl Play {
    /// This play for a deck with commanders or without (`commander`): the variant the one
    /// given, else Commander for a deck with a commander (903: the free first mulligan of
    /// 103.5c and the first draw of 103.8c follow), else `TWO_PLAYER`; and where it came from.
    pub fn for_deck(&self, commander: bool) -> (Play, VariantSource) {
        let (variant, source) = match self.variant {
            Some(v) => (v, VariantSource::Request),
            None if commander => (Variant::Commander, VariantSource::Deck),
            None => (Variant::default(), VariantSource::Default),
        };
        (
            Play {
                variant: Some(variant),
                ..self.clone()
            },
            source,
        )
    }

    /// The variant: the one given (or decided), else `TWO_PLAYER`.
    pub fn variant(&self) -> Variant {
        self.variant.unwrap_or_default()
    }

    /// The players at the table.
    pub fn players(&self) -> usize {
        self.players
            .unwrap_or_else(|| self.variant().default_players())
    }

    /// Whether this player skips the draw of their first turn (103.8a-c).
    pub fn skips_first_draw(&self) -> bool {
        !self.on_the_draw && rules::first_draw(self.variant(), self.players()) != FirstDraw::Nobody
    }

    /// Whether the first mulligan is free (103.5c).
    pub fn free_first(&self) -> bool {
        rules::free_first_mulligan(self.variant(), self.players())
    }

    /// The keep rule: the one given or the default.
    pub fn keep_rule(&self) -> KeepRule {
        self.keep.clone().unwrap_or_default()
    }

    /// The games' shape for a deck of `deck_size` cards: this era, the variant's free first
    /// mulligan, seven-card hands, no house rules.
    pub fn config(&self, deck_size: usize) -> Config {
        Config {
            rule: self.mulligan,
            free_first: self.free_first(),
            hand_size: BASE_HAND_SIZE as usize,
            deck_size,
            house: Default::default(),
        }
    }

    /// Checks the variant and the table (103.5c, 103.8).
    pub fn validate(&self) -> Result<()> {
        self.variant().check_players(self.players())
    }
}

#[cfg(any(test, debug_assertions))]
thread_local! {
    static RESOLUTIONS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Counts one resolution of a deck against a request (debug and test builds: how many times
/// one call read the deck, which should be once).
pub fn count_resolution() {
    #[cfg(any(test, debug_assertions))]
    RESOLUTIONS.with(|c| c.set(c.get() + 1));
}

/// Resolutions counted on this thread so far (debug and test builds; 0 in release builds).
pub fn resolutions() -> usize {
    #[cfg(any(test, debug_assertions))]
    return RESOLUTIONS.with(std::cell::Cell::get);
    #[cfg(not(any(test, debug_assertions)))]
    0
}
