//! An analysis as asked for ([`Request`], docs/schema.json `AnalyzeRequest`): the deck, the
//! turns after the keep, who starts (103.8), the variant and era of rule 103, the cards asked
//! about, exact or simulated, the keep rule, the seed and the threads, each with its default.
//! The Python `analyze(...)` keywords fill a `Request`, the command line's options too, and the
//! HTTP service validates its `POST /analyze` body against its schema entry.

use super::objective::Objective;
use crate::deck_profile::play::Play;
pub use crate::deck_profile::play::VariantSource;
use crate::error::{Error, Result};
use crate::rules::{MulliganRule, Variant};
use crate::seed::Seed;
use crate::simulate::request::{seed_of, threads_of};
use crate::simulate::KeepRule;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The most turns one analysis covers.
pub const MAX_TURNS: usize = 30;
/// The most games one analysis simulates.
pub const MAX_GAMES: u64 = 100_000_000;
/// Games simulated when the request names none.
pub const DEFAULT_GAMES: u64 = 100_000;

fn default_games() -> u64 {
    DEFAULT_GAMES
}

/// An analysis of one deck turn by turn after the keep (docs/ANALYSIS.md). `D` is the deck:
/// its text as JSON sends it, or `()` where a binding holds the deck's cards itself. Every key
/// but `deck` and `turns` may be left out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(
    rename = "AnalyzeRequest",
    description = "An analysis as asked for (the HTTP service's `POST /analyze`, Python's \
                   `analyze` keywords, `mulligan analyze`): one deck turn by turn after the \
                   keep; every key but `deck` and `turns` may be left out."
)]
pub struct Request<D = String> {
    /// The deck list's text, in any format the deck reader takes.
    pub deck: D,
    /// Turns after the keep, 1 to 30.
    #[schemars(range(min = 1, max = 30))]
    pub turns: usize,
    /// The player is not the starting player (103.8: then they draw on their first turn).
    #[serde(default)]
    pub on_the_draw: bool,
    /// The variant (103.8: who skips the first draw; 103.5c: a free first mulligan); null:
    /// from the deck, `COMMANDER` when it has a commander (903.6), else `TWO_PLAYER`.
    #[serde(default)]
    pub variant: Option<Variant>,
    /// Players at the table (null: the variant's usual table).
    #[serde(default)]
    pub players: Option<usize>,
    /// The mulligan era; `NONE`: the first hand is kept.
    #[serde(default)]
    pub mulligan: MulliganRule,
    /// The cards asked about (default: every nonland card with a known cost).
    #[serde(default)]
    pub cards: Vec<String>,
    /// Exact answers where the maths allows them.
    #[serde(default)]
    pub exact: bool,
    /// Games simulated for what is not exact, 1 to 100,000,000.
    #[serde(default = "default_games")]
    #[schemars(range(min = 1, max = 100_000_000))]
    pub games: u64,
    /// The keep rule deciding mulligans; null: the default one (2-5 lands in 7 cards, 2-4 in
    /// 6, 1-4 in 5, anything at 4 or fewer, London bottoms by `balance`).
    #[serde(default)]
    pub keep: Option<KeepRule>,
    /// The seed, 64 hex digits; null: a fresh one from the operating system.
    #[serde(default)]
    #[schemars(regex(pattern = r"^[0-9a-fA-F]{64}$"))]
    pub seed: Option<String>,
    /// Threads to run on (null: every core); the results do not depend on it.
    #[serde(default)]
    #[schemars(range(min = 1))]
    pub threads: Option<usize>,
    /// Search the land range per hand size that maximises this objective (the best keep
    /// rule, compared with `keep`; docs/ANALYSIS.md); null: no search.
    #[serde(default)]
    pub optimize: Option<Objective>,
    /// With `optimize`: search a minimum number of sources of each colour the deck's lands
    /// add as well (0 to 2 each; 0 to 1 with four colours or more), beside the land ranges.
    #[serde(default)]
    pub optimize_colours: bool,
    /// Count non-land mana sources (a reviewed list such as Llanowar Elves and Arcane
    /// Signet, and cards tagged `[mana]`) in `source_needs`, from the turn after they can be
    /// cast (docs/ANALYSIS.md, "Sources tables").
    #[serde(default)]
    pub nonland_sources: bool,
}

impl<D> Request<D> {
    /// A request for `turns` turns of `deck` with every other key at its default.
    pub fn new(deck: D, turns: usize) -> Request<D> {
        Request {
            deck,
            turns,
            on_the_draw: false,
            variant: None,
            players: None,
            mulligan: MulliganRule::default(),
            cards: vec![],
            exact: false,
            games: DEFAULT_GAMES,
            keep: None,
            seed: None,
            threads: None,
            optimize: None,
            optimize_colours: false,
            nonland_sources: false,
        }
    }

    /// How the deck is played ([`Play`]: the shape this request shares with the sources
    /// tables').
    pub fn play(&self) -> Play {
        Play {
            on_the_draw: self.on_the_draw,
            variant: self.variant,
            players: self.players,
            mulligan: self.mulligan,
            keep: self.keep.clone(),
        }
    }

    /// The variant: the one given, else `TWO_PLAYER` ([`Request::for_deck`] decides it from
    /// the deck first).
    pub fn variant(&self) -> Variant {
        self.play().variant()
    }

    /// The players at the table.
    pub fn players(&self) -> usize {
        self.play().players()
    }

    /// Whether this player skips the draw of their first turn (103.8a-c).
    pub fn skips_first_draw(&self) -> bool {
        self.play().skips_first_draw()
    }

    /// The request for a deck with commanders or without (`commander`), the deck left out,
    /// its variant decided by [`Play::for_deck`]; and where that variant came from.
    pub fn for_deck(&self, commander: bool) -> (Request<()>, VariantSource) {
        let (play, source) = self.play().for_deck(commander);
        let request = Request {
            deck: (),
            turns: self.turns,
            on_the_draw: play.on_the_draw,
            variant: play.variant,
            players: play.players,
            mulligan: play.mulligan,
            cards: self.cards.clone(),
            exact: self.exact,
            games: self.games,
            keep: play.keep,
            seed: self.seed.clone(),
            threads: self.threads,
            optimize: self.optimize.clone(),
            optimize_colours: self.optimize_colours,
            nonland_sources: self.nonland_sources,
        };
        (request, source)
    }

    /// The keep rule: the one given or the default.
    pub fn keep_rule(&self) -> KeepRule {
        self.keep.clone().unwrap_or_default()
    }

    /// The seed: the one given (a `Seed` error when it is not 64 hex digits), or a fresh one
    /// from the operating system.
    pub fn seed(&self) -> Result<Seed> {
        seed_of(self.seed.as_deref())
    }

    /// The threads to run on: the ones given (at least 1, at most
    /// [`crate::simulate::request::MAX_THREADS`]), or every core.
    pub fn threads(&self) -> Result<usize> {
        threads_of(self.threads)
    }

    /// Checks the request on its own.
    pub fn validate(&self) -> Result<()> {
        if self.turns == 0 || self.turns > MAX_TURNS {
            return Err(Error::config(format!(
                "turns must be from 1 to {MAX_TURNS}, got {}",
                self.turns
            )));
        }
        if self.games == 0 || self.games > MAX_GAMES {
            return Err(Error::config(format!(
                "games must be from 1 to {MAX_GAMES}, got {}",
                self.games
            )));
        }
        if self.mulligan == MulliganRule::PartialParis {
            return Err(Error::config(
                "the analysis does not cover PARTIAL_PARIS (its hands keep cards across \
                 mulligans); use simulate",
            ));
        }
        self.threads()?;
        self.play().validate()
    }
}
