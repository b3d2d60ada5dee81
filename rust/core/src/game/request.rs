//! A request for a game start (`SetupRequest`): the players with their deck lists' text, the
//! variant and mulligan era of rule 103, the starting player (103.1), and the table options
//! that are not the rules (docs/VARIANTS.md). It is the one shape of a set-up as callers send
//! it: the C ABI's set-up JSON deserialises into it, the Python keywords fill it, and the HTTP
//! service validates its bodies against its entry in docs/schema.json. It becomes a
//! [`GameSetup`] once its decks are read; what a game records of it is a
//! [`super::SetupRecord`].

use super::setup::{GameSetup, PlayerSetup, Start, Team};
use super::state::Game;
use super::validate::check_size;
use crate::deck::{DeckList, ParseOptions};
use crate::error::{Error, Result};
use crate::house::HouseRules;
use crate::rules::{MulliganRule, Variant};
use crate::seed::Seed;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// One player of a [`SetupRequest`], in seat order, with the deck list as text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerRequest {
    /// The player's name.
    pub name: String,
    /// The deck list's text, in any format the deck reader takes (docs/API.md, "Deck files"):
    /// sections `Deck`/`Sideboard`/`Commander`/`Companion`, markers `[land, tag]`.
    pub deck: String,
    /// Two-Headed Giant team (a string or an integer: `"A"` and `1` are different teams), or
    /// null.
    #[serde(default)]
    pub team: Option<Team>,
    /// Vanguard hand modifier (103.5a).
    #[serde(default)]
    #[schemars(range(min = -1_000_000, max = 1_000_000))]
    pub hand_modifier: i32,
    /// Vanguard life modifier (103.4).
    #[serde(default)]
    #[schemars(range(min = -1_000_000, max = 1_000_000))]
    pub life_modifier: i32,
    /// Whether this player is the archenemy (904).
    #[serde(default)]
    pub archenemy: bool,
}

/// A game start as asked for: every key but `players` may be left out (its default is the
/// rules alone, a fresh seed, a random chooser). `P` is a player: a [`PlayerRequest`] with
/// deck text as JSON sends it, or a [`PlayerSetup`] with its deck already read (the bindings
/// read decks themselves).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(
    rename = "SetupRequest",
    description = "A game start as asked for (the C ABI's set-up JSON, the HTTP service's \
                   game): every key but `players` may be left out, for the rules alone, a \
                   fresh seed and a random chooser."
)]
pub struct SetupRequest<P = PlayerRequest> {
    /// The players in seat order.
    pub players: Vec<P>,
    /// The variant (`"TWO_PLAYER"`, …).
    #[serde(default)]
    pub variant: Variant,
    /// The mulligan era (`"LONDON"`, …).
    #[serde(default)]
    pub mulligan: MulliganRule,
    /// The host's seed, 64 hex digits (701.24a); null or absent: a fresh one from the
    /// operating system.
    #[serde(default)]
    #[schemars(regex(pattern = r"^[0-9a-fA-F]{64}$"))]
    pub seed: Option<String>,
    /// This seat starts (103.1), with no decision; null: not given.
    #[serde(default)]
    pub starting_player: Option<usize>,
    /// This seat chooses who starts (a match's previous loser, 103.1); null: not given. At
    /// most one of `starting_player` and `chooser`; with neither, a random draw picks the
    /// chooser.
    #[serde(default)]
    pub chooser: Option<usize>,
    /// The game's index under its seed (a match's game k has index k).
    #[serde(default)]
    #[schemars(range(max = 281_474_976_710_655u64))]
    pub game_index: u64,
    /// The table options, not the rules (docs/VARIANTS.md): `free_mulligans`,
    /// `land_mulligan`, `smoothing`, `smoothing_candidates`, as keys of the request itself.
    #[serde(flatten)]
    pub house: HouseRules,
    /// The game goes on after 103.8 until the host ends it (the table phase,
    /// `crate::table`); false: it ends at 103.8 and its seed may be revealed then.
    #[serde(default)]
    pub whole_game: bool,
}

impl<P> SetupRequest<P> {
    /// A request for these players with every other key at its default.
    pub fn new(players: Vec<P>) -> SetupRequest<P> {
        SetupRequest {
            players,
            variant: Variant::default(),
            mulligan: MulliganRule::default(),
            seed: None,
            starting_player: None,
            chooser: None,
            game_index: 0,
            house: HouseRules::default(),
            whole_game: false,
        }
    }

    /// The table options asked for, checked (out of range: a set-up error naming the option;
    /// an option the era does not take is refused when the game is built).
    pub fn house(&self) -> Result<HouseRules> {
        self.house.validate()?;
        Ok(self.house)
    }

    /// 103.1: how the starting player is determined ([`Start::given`]).
    pub fn start(&self) -> Result<Start> {
        Start::given(self.starting_player, self.chooser)
    }

    /// The host's seed: the one given (a `Seed` error when it is not 64 hex digits), or a
    /// fresh one from the operating system.
    pub fn host_seed(&self) -> Result<Seed> {
        match &self.seed {
            Some(hex) => Seed::from_hex(hex).map_err(|e| Error::Seed(format!("seed: {e}"))),
            None => Seed::generate(),
        }
    }

    /// The same request with each player converted by `f` (its seat given), stopping at the
    /// first error.
    pub fn try_map_players<Q>(
        self,
        mut f: impl FnMut(usize, P) -> Result<Q>,
    ) -> Result<SetupRequest<Q>> {
        let players = self
            .players
            .into_iter()
            .enumerate()
            .map(|(i, p)| f(i, p))
            .collect::<Result<Vec<Q>>>()?;
        Ok(SetupRequest {
            players,
            variant: self.variant,
            mulligan: self.mulligan,
            seed: self.seed,
            starting_player: self.starting_player,
            chooser: self.chooser,
            game_index: self.game_index,
            house: self.house,
            whole_game: self.whole_game,
        })
    }
}

impl SetupRequest<PlayerRequest> {
    /// Reads every player's deck list, names looked up in the card table built into the
    /// library ([`crate::card_data::CardTable::embedded`]: every land it knows counts). The
    /// set-up's size ([`check_size`]) is checked as each
    /// deck is read, so that a short text asking for millions of cards is refused before they
    /// are built. A malformed list is a deck error naming the player: `players[i].deck: line
    /// N: …`.
    pub fn read_decks(self) -> Result<SetupRequest<PlayerSetup>> {
        let n = self.players.len();
        check_size(n, 0)?;
        let mut cards = 0usize;
        self.try_map_players(|i, p| {
            let parsed = DeckList::parse_with(&p.deck, &ParseOptions::embedded());
            let deck = parsed.map(|d| d.deck).map_err(|e| Error::Deck {
                line: 0,
                message: format!("players[{i}].deck: {e}"),
            })?;
            cards = cards.saturating_add(deck.total_cards());
            check_size(n, cards)?;
            Ok(PlayerSetup {
                name: p.name,
                deck,
                team: p.team,
                hand_modifier: p.hand_modifier,
                life_modifier: p.life_modifier,
                archenemy: p.archenemy,
            })
        })
    }

    /// The game set-up: the decks read ([`SetupRequest::read_decks`]) and the host's seed
    /// ([`SetupRequest::host_seed`]) as the game seed.
    pub fn into_setup(self) -> Result<GameSetup> {
        // The options first, so that a mistake there is named before a seed is drawn or a
        // deck read.
        self.house()?;
        self.start()?;
        let seed = self.host_seed()?;
        self.read_decks()?.with_seed(seed)
    }
}

impl SetupRequest<PlayerSetup> {
    /// The game this request asks for, with this game seed: [`SetupRequest::with_seed`], as a
    /// whole game when `whole_game` says so ([`crate::Game::with_whole_game`]).
    pub fn game(self, seed: Seed) -> Result<Game> {
        let whole = self.whole_game;
        Game::with_whole_game(self.with_seed(seed)?, whole)
    }

    /// The game set-up with this game seed (the host's seed with any contributions already
    /// mixed in); the `seed` key is not read. The rules' own checks (player counts, teams,
    /// seats) are [`crate::Game::new`]'s.
    pub fn with_seed(self, seed: Seed) -> Result<GameSetup> {
        let house = self.house()?;
        let start = self.start()?;
        check_size(
            self.players.len(),
            self.players
                .iter()
                .fold(0usize, |n, p| n.saturating_add(p.deck.total_cards())),
        )?;
        Ok(GameSetup {
            house,
            players: self.players,
            variant: self.variant,
            rule: self.mulligan,
            seed,
            game_index: self.game_index,
            start,
        })
    }
}
