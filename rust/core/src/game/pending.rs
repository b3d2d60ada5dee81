//! The decisions outstanding now, each with an id that stays while it is pending, and the check
//! every answer starts with: that its seat has a decision of its kind now.

use super::decision::{Decision, DecisionKind};
use super::state::{Game, Phase};
use crate::card::{tags, CardId};
use crate::error::{Error, Result};

impl Game {
    /// The decisions outstanding now, each with its id.
    pub fn pending(&self) -> Vec<Decision> {
        let mut pending = self.pending_unnumbered();
        for d in &mut pending {
            d.id = self
                .decision_ids
                .iter()
                .find(|(s, k, _)| *s == d.seat && *k == d.kind)
                .map_or(0, |&(_, _, id)| id);
        }
        pending
    }

    /// Gives each pending decision its id: a decision that was pending before keeps it, unless
    /// its seat just answered; every other one gets the next unused id.
    pub(super) fn renumber_decisions(&mut self, answered: Option<usize>) {
        let old = std::mem::take(&mut self.decision_ids);
        for d in self.pending_unnumbered() {
            let kept = old
                .iter()
                .find(|(s, k, _)| *s == d.seat && *k == d.kind && Some(d.seat) != answered);
            let id = match kept {
                Some(&(_, _, id)) => id,
                None => {
                    self.next_decision_id += 1;
                    self.next_decision_id
                }
            };
            self.decision_ids.push((d.seat, d.kind, id));
        }
    }

    fn pending_unnumbered(&self) -> Vec<Decision> {
        match &self.phase {
            Phase::ChooseStarting { chooser } => {
                let seat = &self.seats[*chooser];
                let mut d = Decision::new(
                    DecisionKind::ChooseStartingPlayer,
                    *chooser,
                    seat.refs(&seat.hand),
                );
                d.options = (0..self.seats.len()).collect();
                vec![d]
            }
            Phase::Declare { waiting, .. } => waiting
                .iter()
                .map(|&s| {
                    let seat = &self.seats[s];
                    let mut d =
                        Decision::new(DecisionKind::KeepOrMulligan, s, seat.refs(&seat.hand));
                    d.can_mulligan = seat.can_mulligan(self.rule, self.free_total());
                    d.can_land_mulligan = self.can_land_mulligan(s);
                    let actions: Vec<CardId> = seat
                        .hand
                        .iter()
                        .copied()
                        .filter(|&c| seat.has(c, tags::MULLIGAN_ACTION))
                        .collect();
                    d.actions = seat.refs(&actions);
                    d
                })
                .collect(),
            Phase::Bottom { waiting } => waiting
                .iter()
                .map(|&s| {
                    let seat = &self.seats[s];
                    let mut d = Decision::new(DecisionKind::Bottom, s, seat.refs(&seat.hand));
                    d.count = Some(seat.to_bottom);
                    d
                })
                .collect(),
            Phase::Vancouver { queue } => {
                let s = queue[0];
                let seat = &self.seats[s];
                let mut d = Decision::new(DecisionKind::Vancouver, s, seat.refs(&seat.hand));
                d.card = seat.library.cards().first().map(|&c| seat.card_ref(c));
                vec![d]
            }
            Phase::Actions { waiting, .. } => waiting
                .iter()
                .map(|&s| {
                    let seat = &self.seats[s];
                    let mut d =
                        Decision::new(DecisionKind::OpeningHandAction, s, seat.refs(&seat.hand));
                    d.actions = seat.refs(&self.usable_actions(s));
                    d
                })
                .collect(),
            Phase::Done => vec![],
        }
    }

    pub(super) fn check_pending(&self, seat: usize, kind: DecisionKind) -> Result<Decision> {
        self.seat(seat)?;
        let pending = self.pending();
        if let Some(d) = pending.iter().find(|d| d.seat == seat && d.kind == kind) {
            return Ok(d.clone());
        }
        let now = if pending.is_empty() {
            "the game start is over".to_string()
        } else {
            describe_pending(&pending)
        };
        Err(Error::illegal(format!(
            "seat {seat} has no {} decision now ({now})",
            kind.name()
        )))
    }
}

pub(super) fn describe_pending(pending: &[Decision]) -> String {
    if pending.is_empty() {
        return "nothing is pending".into();
    }
    let parts: Vec<String> = pending
        .iter()
        .map(|d| format!("seat {} ({})", d.seat, d.kind.name()))
        .collect();
    format!("pending: {}", parts.join(", "))
}
