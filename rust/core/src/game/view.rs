//! What one player may know (hidden information): their own hand and decisions, the size of
//! every hand and library, public zones, and every event as they may see it (701.24a: no one
//! knows a library's order; 401.4: the order of cards put on the bottom stays hidden).

use super::{Decision, DecisionKind, Game};
use crate::card::CardId;
use crate::error::Result;
use crate::event::Event;

/// Public facts about one seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublicSeat {
    pub hand_size: usize,
    pub library_size: usize,
    pub battlefield: Vec<CardId>,
    pub exile: Vec<CardId>,
    pub revealed: Vec<CardId>,
    pub life: i32,
    pub mulligans: u32,
    pub kept: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct View {
    pub seat: usize,
    pub hand: Vec<CardId>,
    pub seats: Vec<PublicSeat>,
    pub starting_player: Option<usize>,
    pub events: Vec<Event>,
    /// This player's own decisions, in full.
    pub pending: Vec<Decision>,
    /// Who else must decide now, and what kind of decision (nothing of their hands).
    pub waiting_for: Vec<(usize, DecisionKind)>,
}

impl Game {
    /// Exactly what `seat` may know now.
    pub fn view(&self, seat: usize) -> Result<View> {
        let me = self.seat(seat)?;
        let pending = self.pending();
        Ok(View {
            seat,
            hand: me.hand.clone(),
            seats: self
                .seats
                .iter()
                .map(|s| PublicSeat {
                    hand_size: s.hand.len(),
                    library_size: s.library.len(),
                    battlefield: s.battlefield.clone(),
                    exile: s.exile.clone(),
                    revealed: s.revealed.clone(),
                    life: s.life,
                    mulligans: s.mulligans,
                    kept: s.kept,
                })
                .collect(),
            starting_player: self.starting,
            events: self.events.iter().map(|e| e.seen_by(seat)).collect(),
            waiting_for: pending
                .iter()
                .filter(|d| d.seat != seat)
                .map(|d| (d.seat, d.kind))
                .collect(),
            pending: pending.into_iter().filter(|d| d.seat == seat).collect(),
        })
    }
}
