//! What nobody at the table holds hidden: the host's view (a Tabletop Simulator table's
//! script, a tournament tool, a spectator). The public facts of every seat (counts of its
//! hand and library, its public zones and counters), the events as nobody at the table sees
//! them ([`crate::Event::public`]: hidden cards as counts), who must decide what, and the
//! reveals open now (401.2: revealed to every player). Never a card of a hand, a library or
//! an open search or look (401.2, 402.3, 701.23).

use super::state::Game;
use super::view::{PublicSeat, Waiting};
use crate::event::Event;
use crate::table::{Looking, Turn};
use schemars::JsonSchema;
use serde::Serialize;

/// The public table: what every player may know now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PublicView {
    /// Every seat's public facts, in seat order.
    pub seats: Vec<PublicSeat>,
    /// The starting player, once known.
    pub starting_player: Option<usize>,
    /// Every event as nobody at the table sees it.
    pub events: Vec<Event>,
    /// Every decision outstanding now: its id, seat and kind (nothing of any hand).
    pub waiting_for: Vec<Waiting>,
    /// A whole game: the reveals open now (left out when none); searches and looks show
    /// their cards to the looking seat's own view only.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub looking: Vec<Looking>,
    /// A whole game: whose turn it is (left out during the game start).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn: Option<Turn>,
}

/// A viewer that is no seat: open searches and looks are nobody's.
const NOBODY: usize = usize::MAX;

impl Game {
    /// The public table (the host's view), with only the events after the first
    /// `events_after` (as [`Game::view_after`]).
    pub fn public_view_after(&self, events_after: usize) -> PublicView {
        PublicView {
            seats: self.public_seats(),
            starting_player: self.starting,
            events: self.events[events_after.min(self.events.len())..]
                .iter()
                .map(Event::public)
                .collect(),
            waiting_for: self.pending().iter().map(Waiting::of).collect(),
            looking: self.table().map_or_else(Vec::new, |t| t.looking(NOBODY)),
            turn: self.table().map(|t| t.turn()),
        }
    }

    /// The public table (the host's view).
    pub fn public_view(&self) -> PublicView {
        self.public_view_after(0)
    }
}
