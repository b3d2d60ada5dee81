//! A simulation as asked for ([`Request`], docs/schema.json `SimulateRequest`): the deck, the
//! number of games, the era and variant of rule 103, the keep rule, the seed and the table
//! options, each with its default. [`Request::prepare`] turns it, against a deck's land flags
//! and tags, into a [`Run`]: the engine's [`Config`] (103.5c's free first mulligan from the
//! variant and the player count), the keep rule compiled, its warnings, and every size
//! checked before anything is allocated. The Python `simulate(...)` keywords fill a `Request`,
//! and the HTTP service validates its `POST /simulate` body against its schema entry.

use super::config::{Config, Counts, Outcome};
use super::keep_rule::{CompiledRule, Exile, KeepRule, Policy, RuleCards};
use super::policy::Abort;
use super::threads::{self, check_range, Monitor, Span};
use crate::deck::DeckList;
use crate::error::{Error, Result};
use crate::house::HouseRules;
use crate::rules::{free_first_mulligan, MulliganRule, Variant, BASE_HAND_SIZE};
use crate::seed::Seed;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The hand size dealt when none is given: 103.5's seven.
pub const BASE_HAND: usize = BASE_HAND_SIZE as usize;

/// The most threads a run takes, whatever it is given.
pub const MAX_THREADS: usize = 1024;

fn yes() -> bool {
    true
}

fn base_hand() -> usize {
    BASE_HAND
}

/// A simulation of `games` mulligan processes of one player (103.5) with one deck. `D` is the
/// deck: its text as JSON sends it, or `()` where a binding holds the deck's cards itself.
/// Every key but `deck` and `games` may be left out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(
    rename = "SimulateRequest",
    description = "A simulation as asked for (the HTTP service's `POST /simulate`, Python's \
                   `simulate` keywords): `games` mulligan processes of one player with one \
                   deck; every key but `deck` and `games` may be left out."
)]
pub struct Request<D = String> {
    /// The deck list's text, in any format the deck reader takes.
    pub deck: D,
    /// How many games: game `i` is seat 0 of `Game(seed, game_index=start + i)`.
    pub games: u64,
    /// The mulligan era (`"LONDON"`, …).
    #[serde(default)]
    pub mulligan: MulliganRule,
    /// The variant (`"TWO_PLAYER"`, …): with `players`, whether the first mulligan is free
    /// (103.5c).
    #[serde(default)]
    pub variant: Variant,
    /// The keep rule; null: the default one (2-5 lands in 7 cards, 2-4 in 6, 1-4 in 5,
    /// anything at 4 or fewer, London bottoms by `balance`).
    #[serde(default)]
    pub keep: Option<KeepRule>,
    /// The seed, 64 hex digits; null: a fresh one from the operating system.
    #[serde(default)]
    #[schemars(regex(pattern = r"^[0-9a-fA-F]{64}$"))]
    pub seed: Option<String>,
    /// Whether the player is on the play (recorded with the results; the mulligans are the
    /// same).
    #[serde(default = "yes")]
    pub on_the_play: bool,
    /// The opening hand size (103.5: seven; a Vanguard's modified size), at most 32.
    #[serde(default = "base_hand")]
    #[schemars(range(max = 32))]
    pub hand_size: usize,
    /// The players at the table (null: the variant's usual table); more than two makes the
    /// first mulligan free (103.5c).
    #[serde(default)]
    pub players: Option<usize>,
    /// The first game's index under the seed (a cluster's share of a run).
    #[serde(default)]
    pub start: u64,
    /// Threads to run on (null: every core); the results do not depend on it.
    #[serde(default)]
    #[schemars(range(min = 1))]
    pub threads: Option<usize>,
    /// Whether to keep one record per game (memory grows with `games`).
    #[serde(default)]
    pub per_game: bool,
    /// PARTIAL_PARIS: which cards a mulligan exiles, replacing the keep rule's own (null:
    /// the keep rule's).
    #[serde(default)]
    pub exile: Option<Exile>,
    /// The table options, not the rules (docs/VARIANTS.md): `free_mulligans`,
    /// `land_mulligan`, `smoothing`, `smoothing_candidates`, as keys of the request itself.
    #[serde(flatten)]
    pub house: HouseRules,
}

impl<D> Request<D> {
    /// A request for `games` games of `deck` with every other key at its default.
    pub fn new(deck: D, games: u64) -> Request<D> {
        Request {
            deck,
            games,
            mulligan: MulliganRule::default(),
            variant: Variant::default(),
            keep: None,
            seed: None,
            on_the_play: true,
            hand_size: BASE_HAND,
            players: None,
            start: 0,
            threads: None,
            per_game: false,
            exile: None,
            house: HouseRules::default(),
        }
    }

    /// The same request with another deck.
    pub fn with_deck<E>(self, deck: E) -> Request<E> {
        Request {
            deck,
            games: self.games,
            mulligan: self.mulligan,
            variant: self.variant,
            keep: self.keep,
            seed: self.seed,
            on_the_play: self.on_the_play,
            hand_size: self.hand_size,
            players: self.players,
            start: self.start,
            threads: self.threads,
            per_game: self.per_game,
            exile: self.exile,
            house: self.house,
        }
    }

    /// The table options asked for, checked (out of range: a set-up error naming the option).
    pub fn house(&self) -> Result<HouseRules> {
        self.house.validate()?;
        Ok(self.house)
    }

    /// The players at the table: the ones given, or the variant's usual table
    /// ([`Variant::default_players`]), checked against the variant.
    pub fn table(&self) -> Result<usize> {
        let players = self
            .players
            .unwrap_or_else(|| self.variant.default_players());
        self.variant.check_players(players)?;
        Ok(players)
    }

    /// The threads to run on: the ones given (at least 1, at most [`MAX_THREADS`]), or every
    /// core.
    pub fn threads(&self) -> Result<usize> {
        threads_of(self.threads)
    }

    /// The seed: the one given (a `Seed` error when it is not 64 hex digits), or a fresh one
    /// from the operating system.
    pub fn seed(&self) -> Result<Seed> {
        seed_of(self.seed.as_deref())
    }

    /// The keep rule the run uses: the one given or the default, with `exile` replacing its
    /// own when given.
    pub fn keep_rule(&self) -> KeepRule {
        let mut rule = self.keep.clone().unwrap_or_default();
        if let Some(exile) = self.exile {
            rule.exile = exile;
        }
        rule
    }

    /// The run against a deck with these land flags and tags (index = card id): every option
    /// checked, the engine's [`Config`] made, the keep rule compiled and its warnings listed.
    /// Nothing is allocated for the games yet.
    pub fn prepare(&self, lands: &[bool], tags: &[Vec<String>]) -> Result<Run> {
        self.prepare_for(&RuleCards::new(lands, tags))
    }

    /// [`Request::prepare`] against the cards as a keep rule reads them (names and colours
    /// too, for `requires_cards` and `min_sources`).
    pub fn prepare_for(&self, cards: &RuleCards) -> Result<Run> {
        let lands = &cards.lands;
        let house = self.house()?;
        let players = self.table()?;
        let threads = self.threads()?;
        let config = Config {
            house,
            rule: self.mulligan,
            free_first: free_first_mulligan(self.variant, players),
            hand_size: self.hand_size,
            deck_size: lands.len(),
        };
        config.validate()?;
        // The memory a per-game run would take is named first (as before the request existed):
        // for an absurd count it is the more useful message than the game-index limit.
        if self.per_game {
            crate::memory::check("games (with per_game=True)", self.games, RECORD_BYTES, 0)?;
        }
        check_range(self.start, self.games, None)?;
        let rule = self.keep_rule();
        let compiled = rule.compile_for(cards)?;
        let mut warnings = rule.warnings_for(cards);
        // Only a rule the request gives: the default's ranges are not the caller's to fix.
        if self.keep.is_some() {
            warnings.extend(rule.unused_ranges(config.hand_size));
        }
        Ok(Run {
            config,
            players,
            threads,
            warnings,
            rule,
            compiled,
            lands: lands.to_vec(),
            start: self.start,
            games: self.games,
            per_game: self.per_game,
        })
    }
}

/// A request's threads: the ones given (at least 1, at most [`MAX_THREADS`]), or every core.
pub fn threads_of(threads: Option<usize>) -> Result<usize> {
    match threads {
        None => Ok(std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)),
        Some(0) => Err(Error::config("threads must be at least 1")),
        Some(n) => Ok(n.min(MAX_THREADS)),
    }
}

/// A request's seed: the one given (a `Seed` error naming `seed` when it is not 64 hex
/// digits), or a fresh one from the operating system.
pub fn seed_of(hex: Option<&str>) -> Result<Seed> {
    match hex {
        Some(hex) => Seed::from_hex(hex).map_err(|e| Error::Seed(format!("seed: {e}"))),
        None => Seed::generate(),
    }
}

impl Request<String> {
    /// The run for the deck list's text (its main deck; a malformed list is a deck error
    /// naming `deck`), and the seed.
    pub fn prepare_text(&self) -> Result<(Run, Seed)> {
        let deck = DeckList::parse(&self.deck).map_err(|e| Error::Deck {
            line: 0,
            message: format!("deck: {e}"),
        })?;
        let lands: Vec<bool> = deck.main.iter().map(|c| c.land).collect();
        let tags: Vec<Vec<String>> = deck.main.iter().map(|c| c.tags.clone()).collect();
        let run = self.prepare(&lands, &tags)?;
        Ok((run, self.seed()?))
    }
}

/// The bytes one game's record takes when kept (`per_game`): the record, and its copy in a
/// binding's arrays.
pub const RECORD_BYTES: u64 = std::mem::size_of::<Outcome>() as u64 + 4;

/// A [`Request`] made ready against one deck ([`Request::prepare`]).
#[derive(Debug, Clone)]
pub struct Run {
    /// What the engine simulates.
    pub config: Config,
    /// The players at the table (103.5c).
    pub players: usize,
    /// The threads to run on.
    pub threads: usize,
    /// What is degenerate about this rule on this deck ([`KeepRule::warnings`]).
    pub warnings: Vec<String>,
    /// The keep rule (`exile` applied).
    pub rule: KeepRule,
    /// The keep rule compiled against the deck.
    pub compiled: CompiledRule,
    /// The deck's land flags, by card id.
    pub lands: Vec<bool>,
    /// The first game's index.
    pub start: u64,
    /// The number of games.
    pub games: u64,
    /// Whether one record per game is kept.
    pub per_game: bool,
}

impl Run {
    /// The buffer of per-game records (`per_game`), allocated here so that a failure is an
    /// error naming `games`, never an abort; empty without `per_game`.
    pub fn records(&self) -> Result<Vec<Outcome>> {
        let mut out = vec![];
        if self.per_game {
            let n = usize::try_from(self.games)
                .map_err(|_| Error::config("games: too many to record"))?;
            out.try_reserve_exact(n).map_err(|e| {
                Error::config(format!("games = {} with per_game=True: {e}", self.games))
            })?;
            out.resize(n, Outcome::default());
        }
        Ok(out)
    }

    /// The games with the compiled keep rule, on [`Run::threads`] threads, watched by
    /// `monitor`; `records` (from [`Run::records`]) receives one outcome per game when
    /// `per_game`.
    pub fn run(
        &self,
        seed: &Seed,
        records: &mut [Outcome],
        monitor: Option<Monitor<'_>>,
    ) -> Result<std::result::Result<Counts, Abort>> {
        let span = self.span(records);
        threads::simulate_watched(
            seed,
            self.config,
            &self.lands,
            &self.compiled,
            span,
            self.threads,
            monitor,
        )
    }

    /// The games with another policy (a binding's callable), on the calling thread, watched
    /// by `monitor`.
    pub fn run_with<P: Policy>(
        &self,
        seed: &Seed,
        policy: &mut P,
        records: &mut [Outcome],
        monitor: Option<Monitor<'_>>,
    ) -> Result<std::result::Result<Counts, Abort>> {
        let span = self.span(records);
        threads::simulate_serial(seed, self.config, &self.lands, policy, span, monitor)
    }

    /// The run's games, recorded into `records` when `per_game`.
    fn span<'a>(&self, records: &'a mut [Outcome]) -> Span<'a> {
        Span {
            start: self.start,
            games: self.games,
            per_game: self.per_game.then_some(records),
        }
    }
}
