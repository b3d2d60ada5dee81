//! The set-up of a game: what a game is built from ([`GameSetup`], [`PlayerSetup`], [`Start`],
//! 103.1), and the same as a record (`SetupRecord`): the shape of `game.setup()` in Python, of
//! a log header's set-up, and of a service's stored game. Everything but the seed: a game is
//! its set-up, its seed and its answers ([`super::Game::replay`]).

use crate::card::Card;
use crate::deck::DeckList;
use crate::error::{Error, Result};
use crate::house::{HouseRules, Smoothing};
use crate::rules::{MulliganRule, Variant};
use crate::seed::Seed;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// One player as set up, in seat order.
#[derive(Debug, Clone)]
pub struct PlayerSetup {
    /// The player's name, as events and results show it.
    pub name: String,
    /// The deck: its main deck becomes the library (103.2).
    pub deck: DeckList,
    /// Two-Headed Giant: the team (810.1); `None` in other variants.
    pub team: Option<Team>,
    /// Vanguard: added to the hand size (103.5a).
    pub hand_modifier: i32,
    /// Vanguard: added to the starting life total (103.4).
    pub life_modifier: i32,
    /// Archenemy: this player is the archenemy, who goes first (103.1b).
    pub archenemy: bool,
}

impl PlayerSetup {
    /// A player with this name and deck, no team, no modifiers, not the archenemy.
    pub fn new(name: impl Into<String>, deck: DeckList) -> Self {
        PlayerSetup {
            name: name.into(),
            deck,
            team: None,
            hand_modifier: 0,
            life_modifier: 0,
            archenemy: false,
        }
    }
}

/// How the starting player is determined (103.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Start {
    /// A fair random draw picks who chooses.
    Random,
    /// This seat starts (decided outside the engine).
    Seat(usize),
    /// This seat chooses (the loser of the previous game of a match).
    ChosenBy(usize),
}

/// Everything a game start is built from: the same set-up always gives the same game.
#[derive(Debug, Clone)]
pub struct GameSetup {
    /// The players, in seat order.
    pub players: Vec<PlayerSetup>,
    /// The variant (player counts, life, free mulligans).
    pub variant: Variant,
    /// The mulligan era.
    pub rule: MulliganRule,
    /// The game seed every shuffle and random choice derives from (701.24a).
    pub seed: Seed,
    /// Which game of the seed this is (each game reads its own streams).
    pub game_index: u64,
    /// How the starting player is determined (103.1).
    pub start: Start,
    /// Table options that are not the rules (all off by default).
    pub house: HouseRules,
}

/// A Two-Headed Giant team name: a string or an integer (`"A"` and `1` are different teams,
/// and so are `"1"` and `1`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum Team {
    /// A team named by an integer.
    Number(i64),
    /// A team named by a string.
    Name(String),
}

impl<'de> Deserialize<'de> for Team {
    /// A string or an integer of 64 bits; anything else is refused in those words.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Team, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Team;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a team: a string or a 64-bit integer")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> std::result::Result<Team, E> {
                Ok(Team::Name(v.to_string()))
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> std::result::Result<Team, E> {
                Ok(Team::Number(v))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> std::result::Result<Team, E> {
                i64::try_from(v)
                    .map(Team::Number)
                    .map_err(|_| E::invalid_value(serde::de::Unexpected::Unsigned(v), &self))
            }
        }
        d.deserialize_any(Visitor)
    }
}

impl From<&str> for Team {
    fn from(name: &str) -> Team {
        Team::Name(name.to_string())
    }
}

impl From<String> for Team {
    fn from(name: String) -> Team {
        Team::Name(name)
    }
}

impl From<i64> for Team {
    fn from(number: i64) -> Team {
        Team::Number(number)
    }
}

impl std::fmt::Display for Team {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Team::Number(n) => write!(f, "{n}"),
            Team::Name(s) => write!(f, "{s:?}"),
        }
    }
}

impl Start {
    /// 103.1: the starting player as given to a game: a seat that starts, a seat that chooses
    /// (a match's previous loser), or neither (a random draw picks the chooser). Both at once
    /// is a set-up mistake.
    pub fn given(starting_player: Option<usize>, chooser: Option<usize>) -> Result<Start> {
        match (starting_player, chooser) {
            (Some(_), Some(_)) => Err(Error::config("give starting_player or chooser, not both")),
            (Some(s), None) => Ok(Start::Seat(s)),
            (None, Some(c)) => Ok(Start::ChosenBy(c)),
            (None, None) => Ok(Start::Random),
        }
    }

    /// The seat given to start, if any.
    pub fn starting_player(self) -> Option<usize> {
        match self {
            Start::Seat(s) => Some(s),
            _ => None,
        }
    }

    /// The seat given to choose, if any.
    pub fn chooser(self) -> Option<usize> {
        match self {
            Start::ChosenBy(c) => Some(c),
            _ => None,
        }
    }
}

/// One player of a [`SetupRecord`], in seat order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerRecord {
    /// The player's name.
    pub name: String,
    /// Two-Headed Giant team, or null.
    #[serde(default)]
    pub team: Option<Team>,
    /// Vanguard hand modifier (103.5a).
    #[serde(default)]
    pub hand_modifier: i32,
    /// Vanguard life modifier (103.4).
    #[serde(default)]
    pub life_modifier: i32,
    /// Whether this player is the archenemy.
    #[serde(default)]
    pub archenemy: bool,
    /// The main deck, which becomes the library: card `i` has id `i`.
    pub deck: Vec<Card>,
    /// 103.2a: the sideboard, set aside.
    #[serde(default)]
    pub sideboard: Vec<Card>,
    /// 103.2c: commanders, set aside.
    #[serde(default)]
    pub commanders: Vec<Card>,
    /// 103.2b: a companion, set aside.
    #[serde(default)]
    pub companions: Vec<Card>,
}

/// A game's whole set-up but its seed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SetupRecord {
    /// The variant (`"TWO_PLAYER"`, …).
    #[serde(default)]
    pub variant: Variant,
    /// The mulligan era (`"LONDON"`, …).
    #[serde(default)]
    pub mulligan: MulliganRule,
    /// The game's index under its seed (a match's game k has index k).
    #[serde(default)]
    pub game_index: u64,
    /// The seat given as starting player, or null.
    #[serde(default)]
    pub starting_player: Option<usize>,
    /// The seat given as chooser (a match's previous loser), or null.
    #[serde(default)]
    pub chooser: Option<usize>,
    /// The players in seat order.
    pub players: Vec<PlayerRecord>,
    /// A table's extra free mulligans, 0 to 5 (not the rules; left out when 0).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub free_mulligans: u32,
    /// The no-land/all-land redraw (not the rules; left out when false).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub land_mulligan: bool,
    /// Opening-hand smoothing (`"arena2"`, `"weighted3"`, `"smoothed_london"`; not the
    /// rules; left out when null).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub smoothing: Option<Smoothing>,
    /// Candidate hands for the smoothing model (null: the model's default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub smoothing_candidates: Option<u32>,
    /// The game goes on after 103.8 until the host ends it (the table phase,
    /// `crate::table`); left out when false: the game ends at 103.8.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub whole_game: bool,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl SetupRecord {
    /// The table options this record sets.
    pub fn house(&self) -> HouseRules {
        HouseRules {
            free_mulligans: self.free_mulligans,
            land_mulligan: self.land_mulligan,
            smoothing: self.smoothing,
            smoothing_candidates: self.smoothing_candidates,
        }
    }
}

impl SetupRecord {
    /// The record of a set-up (its seed left out).
    pub fn of(setup: &GameSetup) -> SetupRecord {
        SetupRecord {
            variant: setup.variant,
            mulligan: setup.rule,
            game_index: setup.game_index,
            starting_player: setup.start.starting_player(),
            chooser: setup.start.chooser(),
            players: setup
                .players
                .iter()
                .map(|p| PlayerRecord {
                    name: p.name.clone(),
                    team: p.team.clone(),
                    hand_modifier: p.hand_modifier,
                    life_modifier: p.life_modifier,
                    archenemy: p.archenemy,
                    deck: p.deck.main.clone(),
                    sideboard: p.deck.sideboard.clone(),
                    commanders: p.deck.commanders.clone(),
                    companions: p.deck.companions.clone(),
                })
                .collect(),
            free_mulligans: setup.house.free_mulligans,
            land_mulligan: setup.house.land_mulligan,
            smoothing: setup.house.smoothing,
            smoothing_candidates: setup.house.smoothing_candidates,
            whole_game: false,
        }
    }

    /// The set-up with this seed (the game seed: contributions already mixed in); it leaves
    /// `whole_game` out: [`SetupRecord::game`] keeps it.
    pub fn with_seed(self, seed: Seed) -> Result<GameSetup> {
        let start = Start::given(self.starting_player, self.chooser)?;
        let house = self.house();
        Ok(GameSetup {
            house,
            players: self
                .players
                .into_iter()
                .map(|p| PlayerSetup {
                    name: p.name,
                    deck: DeckList {
                        main: p.deck,
                        sideboard: p.sideboard,
                        commanders: p.commanders,
                        companions: p.companions,
                    },
                    team: p.team,
                    hand_modifier: p.hand_modifier,
                    life_modifier: p.life_modifier,
                    archenemy: p.archenemy,
                })
                .collect(),
            variant: self.variant,
            rule: self.mulligan,
            seed,
            game_index: self.game_index,
            start,
        })
    }
}
