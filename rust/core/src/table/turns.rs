//! Turns: whose turn it is, and `pass_turn`. Turn 1 is the starting player's (103.1, once
//! the game start is over, 103.8); the turn then goes around in turn order (103.1: from the
//! starting player, in seat order), skipping the seats that have left the game (104.3a,
//! 800.4a). With shared team turns (Two-Headed Giant, Archenemy: 805.2) a team takes each
//! turn. The new active player's permanents untap (502.3: every one of them; the player may
//! tap again what an effect keeps tapped); with shared team turns, the team's (805.2).

use super::Table;
use crate::error::{Error, Result};
use crate::event::{Event, EventKind};
use schemars::JsonSchema;
use serde::Serialize;

/// The turn order and where it stands.
#[derive(Debug, Clone)]
pub struct Turns {
    /// Who takes each turn in turn order from the starting player: a seat, or a team's seats
    /// with shared team turns.
    slots: Vec<Vec<usize>>,
    /// Shared team turns (805.2): the view names the team.
    team_turns: bool,
    /// Each seat's side: its team (Two-Headed Giant, Archenemy's heroes), else itself.
    sides: Vec<usize>,
    /// The active slot.
    slot: usize,
    /// The turn's number, from 1.
    number: u32,
}

/// Whose turn it is, as every view shows it (`turn`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Turn {
    /// The turn's number, from 1 (the starting player's turn).
    pub number: u32,
    /// The active player's seat (with shared team turns, the team's first seat in turn order
    /// still in the game).
    pub seat: usize,
    /// Shared team turns (805.2): the active team's seats (left out otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team: Option<Vec<usize>>,
}

impl Turns {
    /// Turn 1 of `slots` (turn order from the starting player, each entry a seat alone, or a
    /// team with `team_turns`); `sides` each seat's team (its own seat when it has none).
    pub fn new(slots: Vec<Vec<usize>>, team_turns: bool, sides: Vec<usize>) -> Turns {
        Turns {
            slots,
            team_turns,
            sides,
            slot: 0,
            number: 1,
        }
    }

    fn active(&self) -> &[usize] {
        self.slots.get(self.slot).map_or(&[], Vec::as_slice)
    }

    /// The side (team) of `seat`.
    pub(super) fn side(&self, seat: usize) -> usize {
        self.sides.get(seat).copied().unwrap_or(seat)
    }
}

impl Table {
    /// Whose turn it is now.
    pub fn turn(&self) -> Turn {
        let active = self.turns.active();
        let seat = active
            .iter()
            .copied()
            .find(|&s| !self.seats[s].conceded)
            .or_else(|| active.first().copied())
            .unwrap_or(0);
        Turn {
            number: self.turns.number,
            seat,
            team: self.turns.team_turns.then(|| active.to_vec()),
        }
    }

    /// `pass_turn` by `seat` (or the host for it): only on its turn.
    pub(super) fn pass_turn(&mut self, seat: usize) -> Result<Vec<Event>> {
        if !self.turns.active().contains(&seat) {
            let turn = self.turn();
            return Err(Error::illegal(format!(
                "it is not seat {seat}'s turn: turn {} is seat {}'s; only the active player \
                 passes the turn",
                turn.number, turn.seat
            )));
        }
        Ok(self.next_turn())
    }

    /// The next turn: the next slot in turn order with a seat still in the game; its events
    /// (the turn, then each untap, 502.3). With nobody left, nothing.
    pub(super) fn next_turn(&mut self) -> Vec<Event> {
        let n = self.turns.slots.len();
        let next = (1..=n)
            .map(|k| (self.turns.slot + k) % n)
            .find(|&i| self.turns.slots[i].iter().any(|&s| !self.seats[s].conceded));
        let Some(next) = next else {
            return vec![];
        };
        self.turns.slot = next;
        self.turns.number = self.turns.number.saturating_add(1);
        let turn = self.turn();
        let rule = if self.turns.team_turns {
            "805.2"
        } else {
            "103.1"
        };
        let mut events = vec![Event::new(
            rule,
            EventKind::Turn {
                number: turn.number,
                seat: turn.seat,
                team: turn.team,
            },
        )];
        for s in self.turns.slots[next].clone() {
            if !self.seats[s].conceded {
                events.extend(self.seats[s].untap_all(s));
            }
        }
        events
    }
}
