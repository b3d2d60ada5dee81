//! What one player may know (hidden information): their own hand and decisions, the size of
//! every hand and library, public zones, and every event as they may see it (701.24a: no one
//! knows a library's order; 401.4: the order of cards put on the bottom stays hidden).

use super::decision::{Decision, DecisionKind};
use super::state::Game;
use crate::card::CardRef;
use crate::error::Result;
use crate::event::Event;
use crate::table::{
    CommanderDamage, CommanderRecord, Counters, Looking, Notice, Permanent, Place, Turn, LIFE,
    POISON,
};
use schemars::JsonSchema;
use serde::Serialize;

/// Public facts about one seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PublicSeat {
    /// The seat.
    pub seat: usize,
    /// Cards in hand.
    pub hand_size: usize,
    /// Cards in library.
    pub library_size: usize,
    /// The battlefield (103.6a): each permanent, tapped or not (110.5), its counters (122.1),
    /// whether it is a token (111.1).
    pub battlefield: Vec<Permanent>,
    /// Exile.
    pub exile: Vec<CardRef>,
    /// Cards revealed from the opening hand (103.6b).
    pub revealed: Vec<CardRef>,
    /// The graveyard (public; a whole game's, empty during the game start).
    pub graveyard: Vec<CardRef>,
    /// A whole game's command zone (public; left out when empty).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub command: Vec<CardRef>,
    /// A whole game's stack (public; left out when empty).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stack: Vec<CardRef>,
    /// Life total; null until starting life totals are set (103.4, after the starting player
    /// is known).
    pub life: Option<i32>,
    /// Public counters by name (119.3, 122.1): `life` and `poison` once starting life totals
    /// are set (103.4), then any counter a `counter` action named (a whole game). `life` here
    /// is `life` above.
    pub counters: Counters,
    /// Mulligans taken, free ones included.
    pub mulligans: u32,
    /// Whether this player has kept.
    pub kept: bool,
    /// A whole game: this seat's own commanders, wherever they are, with their casts from the
    /// command zone and tax (903.8; left out when none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub commanders: Vec<CommanderRecord>,
    /// A whole game: the combat damage this seat has taken from each commander (903.10a; left
    /// out when none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub commander_damage: Vec<CommanderDamage>,
    /// A whole game: this seat has conceded and left the game (104.3a; left out when not).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub conceded: bool,
    /// A whole game: the conditions under which the rules say this player loses (704.5a,
    /// 704.5c, 704.6a-c), shown, never enforced (left out when none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notices: Vec<Notice>,
}

/// Another player's decision, as everyone may see it: who and what, nothing of their hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Waiting {
    /// The decision's id ([`Decision::id`]).
    pub id: u64,
    /// The seat that must decide.
    pub seat: usize,
    /// What it decides.
    pub kind: DecisionKind,
}

/// Exactly what one seat may know now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct View {
    /// The seat whose view this is.
    pub seat: usize,
    /// Its own hand.
    pub hand: Vec<CardRef>,
    /// Every seat's public facts, in seat order.
    pub seats: Vec<PublicSeat>,
    /// The starting player, once known.
    pub starting_player: Option<usize>,
    /// Every event as this seat may see it.
    pub events: Vec<Event>,
    /// This player's own decisions, in full.
    pub pending: Vec<Decision>,
    /// Who else must decide now, and what kind of decision (nothing of their hands).
    pub waiting_for: Vec<Waiting>,
    /// A whole game: the searches, looks and reveals open now that this seat may see (left
    /// out when none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub looking: Vec<Looking>,
    /// A whole game: this seat's face-down exile (left out when empty).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub face_down_exile: Vec<CardRef>,
    /// A whole game: this seat's cards outside the game (left out when empty).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub outside: Vec<CardRef>,
    /// A whole game: whose turn it is (left out during the game start).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn: Option<Turn>,
}

impl Game {
    /// Exactly what `seat` may know now.
    pub fn view(&self, seat: usize) -> Result<View> {
        self.view_after(seat, 0)
    }

    /// [`Game::view`] with only the events after the first `events_after` (for a caller that
    /// keeps those it has: an event as a seat sees it never changes), so that a long game's
    /// view costs what its new events cost.
    pub fn view_after(&self, seat: usize, events_after: usize) -> Result<View> {
        let me = self.seat(seat)?;
        let pending = self.pending();
        let mut view = View {
            seat,
            hand: me.refs(&me.hand),
            seats: self.public_seats(),
            starting_player: self.starting,
            events: self.events[events_after.min(self.events.len())..]
                .iter()
                .map(|e| e.seen_by(seat))
                .collect(),
            waiting_for: pending
                .iter()
                .filter(|d| d.seat != seat)
                .map(Waiting::of)
                .collect(),
            pending: pending.into_iter().filter(|d| d.seat == seat).collect(),
            looking: vec![],
            face_down_exile: vec![],
            outside: vec![],
            turn: self.table().map(|t| t.turn()),
        };
        if let Some(t) = self.table() {
            view.hand = t.refs(seat, Place::Hand);
            view.face_down_exile = t.refs(seat, Place::FaceDownExile);
            view.outside = t.refs(seat, Place::Outside);
            view.looking = t.looking(seat);
        }
        Ok(view)
    }

    /// Every seat's public facts, in seat order (the game start's zones, or the table's once
    /// a whole game's start is done).
    pub(super) fn public_seats(&self) -> Vec<PublicSeat> {
        let mut seats: Vec<PublicSeat> = self
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| PublicSeat {
                seat: i,
                hand_size: s.hand.len(),
                library_size: s.library.len(),
                battlefield: s
                    .refs(&s.battlefield)
                    .into_iter()
                    .map(Permanent::from)
                    .collect(),
                exile: s.refs(&s.exile),
                revealed: s.refs(&s.revealed),
                graveyard: vec![],
                command: vec![],
                stack: vec![],
                life: self.starting.map(|_| s.life),
                counters: match self.starting {
                    Some(_) => Counters::from([
                        (LIFE.to_string(), i64::from(s.life)),
                        (POISON.to_string(), 0),
                    ]),
                    None => Counters::new(),
                },
                mulligans: s.mulligans,
                kept: s.kept,
                commanders: vec![],
                commander_damage: vec![],
                conceded: false,
                notices: vec![],
            })
            .collect();
        if let Some(t) = self.table() {
            for (i, p) in seats.iter_mut().enumerate() {
                let s = &t.seats()[i];
                p.hand_size = s.hand().len();
                p.library_size = s.library().len();
                p.battlefield = s.permanents();
                p.exile = t.refs(i, Place::Exile);
                p.revealed = vec![];
                p.graveyard = t.refs(i, Place::Graveyard);
                p.command = t.refs(i, Place::Command);
                p.stack = t.refs(i, Place::Stack);
                p.counters = t.counters(i);
                p.life = p
                    .counters
                    .get(LIFE)
                    .map(|&l| l.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32);
                p.commanders = s.commander_records();
                p.commander_damage = t.commander_damage_taken(i);
                p.conceded = s.conceded();
                p.notices = t.notices(i);
            }
        }
        seats
    }
}

impl Waiting {
    /// A decision as everyone may see it.
    pub fn of(d: &Decision) -> Waiting {
        Waiting {
            id: d.id,
            seat: d.seat,
            kind: d.kind,
        }
    }
}
