//! Commander (903): casts from the command zone and their tax (903.8: {2} more for each
//! earlier cast of that commander from the command zone), and the combat damage each player
//! has taken from each commander (903.10a: 21 from one commander loses the game, a notice
//! here, 704.6c). A `move` of a seat's commander from `command` to the stack or the
//! battlefield is a cast (a table tool cannot tell a cast from an effect that puts it onto the
//! battlefield; the host moves it another way, or the tax shows one more).

use super::counters::new_value;
use super::{Action, Place, Table, TableSeat, LIFE};
use crate::card::CardId;
use crate::error::{Error, Result};
use crate::event::{Event, EventKind};
use schemars::JsonSchema;
use serde::Serialize;

/// One of a seat's own commanders, as every view shows it (wherever it is).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CommanderRecord {
    /// Its id in its owner's deck.
    pub id: CardId,
    /// Its name.
    pub name: String,
    /// 903.8: its casts from the command zone so far.
    pub casts: u32,
    /// 903.8: the commander tax of its next cast: {2} for each earlier cast (the generic mana
    /// added, `2 × casts`).
    pub tax: u32,
}

/// The combat damage a seat has taken from one commander (903.10a), as every view shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CommanderDamage {
    /// The commander's owner.
    pub seat: usize,
    /// The commander's id in its owner's deck.
    pub id: CardId,
    /// The commander's name.
    pub name: String,
    /// The combat damage it has dealt this seat over the game.
    pub damage: i64,
}

impl TableSeat {
    /// Its commanders with their casts and tax (903.8).
    pub fn commander_records(&self) -> Vec<CommanderRecord> {
        self.commanders
            .iter()
            .map(|&(id, casts)| CommanderRecord {
                id,
                name: self.card_ref(id).name,
                casts,
                tax: casts.saturating_mul(2),
            })
            .collect()
    }

    /// 903.8: after `action`, each commander it moved from the command zone to the stack or
    /// the battlefield was cast: one more cast, and its event.
    pub(super) fn casts(&mut self, seat: usize, action: &Action) -> Vec<Event> {
        let Action::Move {
            cards,
            from: Place::Command,
            to: Place::Stack | Place::Battlefield,
        } = action
        else {
            return vec![];
        };
        let mut events = vec![];
        for &card in cards {
            if let Some(entry) = self.commanders.iter_mut().find(|(id, _)| *id == card) {
                entry.1 = entry.1.saturating_add(1);
                let casts = entry.1;
                events.push(Event::new(
                    "903.8",
                    EventKind::Cast {
                        seat,
                        card: self.card_ref(card),
                        casts,
                    },
                ));
            }
        }
        events
    }
}

impl Table {
    /// 903.10a: `seat` takes `delta` combat damage from `owner`'s commander `commander`, and
    /// loses that much life (120.3a; the team's life in Two-Headed Giant, 810.9). A negative
    /// `delta` takes back damage counted by mistake (never below 0) and gives the life back.
    pub(super) fn commander_damage(
        &mut self,
        seat: usize,
        owner: usize,
        commander: CardId,
        delta: i64,
    ) -> Result<Vec<Event>> {
        let of = self.seat(owner)?;
        if !of.commanders.iter().any(|&(id, _)| id == commander) {
            return Err(Error::illegal(format!(
                "card {commander} of seat {owner} is not a commander: seat {owner}'s \
                 commanders are {:?}",
                of.commanders.iter().map(|c| c.0).collect::<Vec<_>>()
            )));
        }
        let key = (owner, commander);
        let old = self.damage[seat].get(&key).copied().unwrap_or(0);
        let value = new_value("commander_damage", old, Some(delta), None)?;
        if value < 0 {
            return Err(Error::illegal(format!(
                "seat {seat} has taken {old} damage from seat {owner}'s commander {commander}: \
                 it cannot take back {}",
                -delta
            )));
        }
        // Checked (and applied) before the damage: an error here changes nothing.
        let life = self.counter(seat, LIFE, Some(-delta), None)?;
        if value == 0 {
            self.damage[seat].remove(&key);
        } else {
            self.damage[seat].insert(key, value);
        }
        Ok(vec![
            Event::new(
                "903.10a",
                EventKind::CommanderDamage {
                    seat,
                    owner,
                    commander,
                    value,
                    delta,
                },
            ),
            life,
        ])
    }

    /// The combat damage `seat` has taken from each commander (903.10a), by owner and id.
    pub fn commander_damage_taken(&self, seat: usize) -> Vec<CommanderDamage> {
        self.damage.get(seat).map_or_else(Vec::new, |d| {
            d.iter()
                .map(|(&(owner, id), &damage)| CommanderDamage {
                    seat: owner,
                    id,
                    name: self.seats[owner].card_ref(id).name,
                    damage,
                })
                .collect()
        })
    }
}
