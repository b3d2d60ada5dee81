//! The start of a game (rule 103) as a decision-driven state machine.
//!
//! [`Game::new`] runs every step that needs no decision and stops at the first question;
//! [`Game::pending`] lists the questions outstanding now; each answer (`keep`, `mulligan`,
//! `bottom`, …) is validated in full first and only then applied, so an illegal answer returns
//! [`crate::Error::IllegalAction`] and changes nothing. Every step appends an [`crate::Event`].
//!
//! Order of steps: starting player (103.1) → set-up (103.2a, b, c, each step for every player
//! before the next) → shuffle (103.3) → life (103.4) → draw (103.5) → mulligan rounds →
//! [Vancouver look] → opening-hand actions (103.6) → who skips the first draw (103.8). Eras
//! before London set up and shuffle before choosing the starting player (seed 002: 101.1, then
//! 101.2).
//!
//! Randomness: seat `s` of game index `g` owns library stream `g << 8 | s`; the chooser of the
//! starting player is drawn from the starting-player stream of index `g` (see [`crate::seed`]).
//!
//! The modules: `request` ([`SetupRequest`]: a set-up as callers send it, deck lists as
//! text), `setup` ([`GameSetup`]: what a game is built from, and its record), `validate`
//! (the set-up checks), `state` (the [`Game`] and its queries), `seat`, `turn_order`, one module
//! per step (`starting_player`, `set_aside`, `life`, `mulligan`, `vancouver`,
//! `opening_hand_actions`, `first_draw`), `variants` and `smoothing` (the eras' and the table
//! options' differences), `pending` (the decisions outstanding), [`Answer`] and `apply` (the
//! answers), `result`, [`View`] (what a player sees) and [`PublicView`] (what the host sees).

mod answer;
mod apply;
mod decision;
mod first_draw;
mod life;
mod mulligan;
mod opening_hand_actions;
mod pending;
mod public_view;
mod request;
mod result;
mod seat;
mod set_aside;
mod setup;
mod smoothing;
mod starting_player;
mod state;
#[cfg(test)]
mod tests;
mod turn_order;
mod validate;
mod vancouver;
mod variants;
mod view;
mod whole_game;

pub use answer::Answer;
pub use decision::{Decision, DecisionKind};
pub use public_view::PublicView;
pub use request::{PlayerRequest, SetupRequest};
pub use result::{SeatResult, Zones};
pub use setup::{GameSetup, PlayerRecord, PlayerSetup, SetupRecord, Start, Team};
pub use state::Game;
pub use validate::{check_size, MAX_GAME_CARDS, MAX_GAME_INDEX, MAX_MODIFIER, MAX_PLAYERS};
pub use view::{PublicSeat, View, Waiting};
