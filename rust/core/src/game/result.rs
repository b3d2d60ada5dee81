//! What a game start leaves behind: each seat's zones (a host's god view) and, once it is done,
//! each seat's outcome (the opening hand, life, mulligans, 103.8's first draw).

use super::pending::describe_pending;
use super::state::Game;
use crate::card::CardRef;
use crate::error::{Error, Result};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Everything in one seat's zones, for hosts and tests (a god view: not for players).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Zones {
    /// The hand.
    pub hand: Vec<CardRef>,
    /// The library, top first.
    pub library: Vec<CardRef>,
    /// The battlefield (103.6a).
    pub battlefield: Vec<CardRef>,
    /// Exile (103.5b, Gemstone Caverns).
    pub exile: Vec<CardRef>,
    /// Cards revealed from the opening hand (103.6b), still in hand.
    pub revealed: Vec<CardRef>,
    /// A whole game's graveyard (left out when empty).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub graveyard: Vec<CardRef>,
    /// A whole game's command zone (left out when empty).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub command: Vec<CardRef>,
    /// A whole game's stack (left out when empty).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stack: Vec<CardRef>,
    /// A whole game's face-down exile (left out when empty).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub face_down_exile: Vec<CardRef>,
    /// A whole game's cards outside the game (left out when empty).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub outside: Vec<CardRef>,
}

/// A seat once the game start is done.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SeatResult {
    /// The seat.
    pub seat: usize,
    /// The player's name.
    pub name: String,
    /// The opening hand.
    pub hand: Vec<CardRef>,
    /// Cards left in the library.
    pub library_size: usize,
    /// Starting life (103.4).
    pub life: i32,
    /// Mulligans taken, free ones included.
    pub mulligans: u32,
    /// Whether this player skips the draw of their first turn (103.8).
    pub skips_first_draw: bool,
    /// The battlefield (103.6a).
    pub battlefield: Vec<CardRef>,
    /// Exile.
    pub exile: Vec<CardRef>,
    /// Cards revealed from the opening hand (103.6b).
    pub revealed: Vec<CardRef>,
}

impl Game {
    /// Every zone of `seat` that holds cards, as card references.
    pub fn zones(&self, seat: usize) -> Result<Zones> {
        let s = self.seat(seat)?;
        if let Some(t) = &self.table {
            use crate::table::Place;
            return Ok(Zones {
                hand: t.refs(seat, Place::Hand),
                library: t.library_refs(seat),
                battlefield: t.refs(seat, Place::Battlefield),
                exile: t.refs(seat, Place::Exile),
                revealed: vec![],
                graveyard: t.refs(seat, Place::Graveyard),
                command: t.refs(seat, Place::Command),
                stack: t.refs(seat, Place::Stack),
                face_down_exile: t.refs(seat, Place::FaceDownExile),
                outside: t.refs(seat, Place::Outside),
            });
        }
        Ok(Zones {
            hand: s.refs(&s.hand),
            library: s.refs(s.library.cards()),
            battlefield: s.refs(&s.battlefield),
            exile: s.refs(&s.exile),
            revealed: s.refs(&s.revealed),
            graveyard: vec![],
            command: vec![],
            stack: vec![],
            face_down_exile: vec![],
            outside: vec![],
        })
    }

    /// Each seat's outcome; an error until the game start is done.
    pub fn result(&self) -> Result<Vec<SeatResult>> {
        if !self.done() {
            return Err(Error::illegal(format!(
                "the game start is not done yet: {}",
                describe_pending(&self.pending())
            )));
        }
        Ok(self
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| SeatResult {
                seat: i,
                name: s.name.clone(),
                hand: s.refs(&s.hand),
                library_size: s.library.len(),
                life: s.life,
                mulligans: s.mulligans,
                skips_first_draw: s.skips_first_draw,
                battlefield: s.refs(&s.battlefield),
                exile: s.refs(&s.exile),
                revealed: s.refs(&s.revealed),
            })
            .collect())
    }
}
