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
/// but `deck` and `turns` may be left out. The keys it shares with the sources tables'
/// request are declared once, in [`Play`]; `turns` (1 to 30 after the keep, required) and
/// `games` (in all, for what is not exact) only look like theirs (the costs' mana values, 1 to
/// 15, default 7; games for each source count) and stay this request's own, as do `exact`,
/// `seed` and `threads`, which say how it is computed, not how the deck is played.
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
    /// How the deck is played ([`Play`], shared with the sources tables' request): its keys
    /// `on_the_draw`, `variant`, `players`, `mulligan` and `keep` are keys of this request.
    #[serde(flatten)]
    pub play: Play,
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
            play: Play::default(),
            cards: vec![],
            exact: false,
            games: DEFAULT_GAMES,
            seed: None,
            threads: None,
            optimize: None,
            optimize_colours: false,
            nonland_sources: false,
        }
    }

    /// The variant: the one given, else `TWO_PLAYER` ([`Request::for_deck`] decides it from
    /// the deck first).
    pub fn variant(&self) -> Variant {
        self.play.variant()
    }

    /// The players at the table.
    pub fn players(&self) -> usize {
        self.play.players()
    }

    /// Whether this player skips the draw of their first turn (103.8a-c).
    pub fn skips_first_draw(&self) -> bool {
        self.play.skips_first_draw()
    }

    /// The request for a deck with commanders or without (`commander`), the deck left out,
    /// its variant decided by [`Play::for_deck`]; and where that variant came from.
    pub fn for_deck(&self, commander: bool) -> (Request<()>, VariantSource) {
        let (play, source) = self.play.for_deck(commander);
        let request = Request {
            deck: (),
            turns: self.turns,
            play,
            cards: self.cards.clone(),
            exact: self.exact,
            games: self.games,
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
        self.play.keep_rule()
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
        if self.play.mulligan == MulliganRule::PartialParis {
            return Err(Error::config(
                "the analysis does not cover PARTIAL_PARIS (its hands keep cards across \
                 mulligans); use simulate",
            ));
        }
        self.threads()?;
        self.play.validate()
    }
}
