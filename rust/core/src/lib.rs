//! `mulligan-core`: the start of a game of Magic: The Gathering, exactly as the Comprehensive
//! Rules say. Pure Rust: no Python, no C (those live in the binding crates).
//!
//! A newcomer's map, one concept per module, each named from the rules:
//! - [`seed`]: the 32-byte game seed, its commitment, and the stream derivation (701.24a).
//! - [`rng`]: the ChaCha12 keystream and unbiased (batched) bounded integers.
//! - [`shuffle`]: Fisher–Yates over card identities (701.24a).
//! - [`card`], [`deck`]: cards, their ability tags, and deck lists in every exporter's format
//!   (103.2; the deck rules of 100.2 and 903.5); [`card_data`]: the card table (which are lands).
//! - [`library`]: the library zone and every 701.24 operation on it.
//! - [`rules`]: variants, mulligan eras, and the tables of 103.4, 103.5, 103.8.
//! - [`house`]: table options that are not the rules (free mulligans, the land redraw,
//!   hand smoothing).
//! - [`event`]: the plain records every step leaves behind.
//! - [`game`]: the decision-driven state machine of rule 103.
//! - [`simulate`]: the bulk engine (millions of mulligan processes a second); [`memory`]: how
//!   much output a request may ask for.
//! - [`table`]: after 103.8 in a `whole_game`: every seat's library and hand for the whole
//!   game, the library actions of 701.23 and 701.24, until the host ends the game; the
//!   [`action`] records a seat or the host sends it (leaf records that [`event`] also names).
//! - [`starting_player`]: who chooses who starts, across the games of a match (103.1).
//! - [`analysis`]: deck analysis past the opening hand (on curve, by colour, exact where it can
//!   be; "was I unlucky?" over game logs).
//!
//! Determinism is a contract: see `docs/DETERMINISM.md` and [`FORMAT_VERSION`].

#![warn(missing_docs)]
#![warn(clippy::undocumented_unsafe_blocks)]

pub mod action;
pub mod analysis;
pub mod bulk;
pub mod card;
pub mod card_data;
pub mod cpu;
pub mod deck;
pub mod deck_profile;
pub mod error;
pub mod event;
pub mod game;
pub mod house;
pub mod library;
pub mod log;
pub mod memory;
pub mod rng;
pub mod rules;
pub mod schema;
pub mod seed;
pub mod shuffle;
pub mod simulate;
pub mod source_tables;
pub mod spelling;
pub mod starting_player;
pub mod table;
pub mod tournament;

pub use card::{Card, CardId, CardRef};
pub use deck::{DeckList, ParseOptions, ParsedDeck};
pub use error::{Error, Result};
pub use event::Event;
pub use game::{
    Answer, Decision, DecisionKind, Game, GameSetup, PlayerRequest, PlayerSetup, PublicView,
    SeatResult, SetupRecord, SetupRequest, Start, Team, View, Zones,
};
pub use house::{HouseRules, Smoothing};
pub use library::{Destination, Library};
pub use rules::{MulliganRule, Variant};
pub use seed::Seed;
pub use starting_player::MatchState;

/// Version of the seed-to-output derivation (stream layout, ChaCha rounds, bounded-integer
/// batching, shuffle order). Any change to an output for a given seed bumps it. Version 2
/// (2026-12): every library shuffle reads a lead word first ([`seed::lead_address`]).
pub const FORMAT_VERSION: u32 = 2;
