//! The steps of the mulligan variants and table options beside the eras of rule 103
//! (docs/VARIANTS.md): Commander's partial Paris, Houston's bottom three, the no-land/all-land
//! redraw, a table's extra free mulligans, and opening-hand smoothing (not the rules).

use super::decision::DecisionKind;
use super::state::{Game, Phase};
use crate::card::CardId;
use crate::error::{Error, Result};
use crate::event::EventKind;
use crate::house::land_redraw_allowed;
use crate::rules::{cite, MulliganRule, Step, HOUSTON_BOTTOM};

impl Game {
    /// Free mulligans in all: 103.5c's first one where it applies, then the table's.
    pub(super) fn free_total(&self) -> u32 {
        u32::from(self.free_first) + self.house.free_mulligans
    }

    /// The no-land/all-land redraw: a table option, once per game, on the first hand drawn
    /// (no mulligan taken yet, the full starting hand), when it holds no land or only lands.
    pub(super) fn can_land_mulligan(&self, seat: usize) -> bool {
        let s = &self.seats[seat];
        self.house.land_mulligan
            && !s.land_redraw_used
            && s.mulligans == 0
            && s.hand.len() == s.hand_size
            && land_redraw_allowed(s.hand.len(), s.lands_in(&s.hand))
    }

    /// Houston: each of `who` puts three cards of the ten drawn on the bottom.
    pub(super) fn houston_bottom(&mut self, who: &[usize]) {
        let waiting: Vec<usize> = self
            .turn_order()
            .into_iter()
            .filter(|s| who.contains(s))
            .filter(|&s| !self.seats[s].hand.is_empty())
            .collect();
        for &s in &waiting {
            let seat = &mut self.seats[s];
            seat.to_bottom = HOUSTON_BOTTOM.min(seat.hand.len());
        }
        if waiting.is_empty() {
            self.begin_round(who);
        } else {
            self.phase = Phase::Bottom { waiting };
        }
    }

    /// Commander partial Paris: declare a mulligan that exiles these cards face down (taken
    /// with everyone else's at the end of the round).
    pub(super) fn answer_partial_mulligan(&mut self, seat: usize, cards: &[CardId]) -> Result<()> {
        let d = self.check_pending(seat, DecisionKind::KeepOrMulligan)?;
        if self.rule != MulliganRule::PartialParis {
            return Err(Error::illegal(format!(
                "a partial mulligan is the PARTIAL_PARIS era's; this game is {}",
                self.rule.name()
            )));
        }
        if !d.can_mulligan {
            return Err(Error::illegal(format!(
                "seat {seat} cannot mulligan: their hand would be 0 cards, so they must keep"
            )));
        }
        if cards.is_empty() {
            return Err(Error::illegal(
                "a partial mulligan exiles at least one card (keep, to exile none)",
            ));
        }
        d.check_from_hand(cards)?;
        let refs = self.seats[seat].refs(cards);
        self.seats[seat].pending_exile = Some(cards.to_vec());
        self.emit(
            Step::Declare,
            EventKind::DeclarePartialMulligan { seat, cards: refs },
        );
        self.declared(seat, true);
        Ok(())
    }

    /// Commander partial Paris, taking the mulligan: the declared cards (the whole hand for a
    /// plain `mulligan`) are exiled face down and one fewer is drawn (as many after a free
    /// mulligan).
    pub(super) fn exile_partial(&mut self, seat: usize, free: bool) {
        let s = &mut self.seats[seat];
        let cards = s.pending_exile.take().unwrap_or_else(|| s.hand.clone());
        s.hand.retain(|c| !cards.contains(c));
        s.exile.extend_from_slice(&cards);
        s.partial.extend_from_slice(&cards);
        let draw = if free {
            cards.len()
        } else {
            cards.len().saturating_sub(1)
        };
        self.draw(seat, draw);
    }

    /// Commander partial Paris, after keeping: the cards exiled face down are shuffled back.
    pub(super) fn return_exiled(&mut self, seat: usize) {
        if self.seats[seat].partial.is_empty() {
            return;
        }
        let s = &mut self.seats[seat];
        let back = std::mem::take(&mut s.partial);
        s.exile.retain(|c| !back.contains(c));
        s.library.append(&back);
        self.emit(
            Step::PartialExile,
            EventKind::ReturnExiled {
                seat,
                count: back.len(),
            },
        );
        let event = self.seats[seat]
            .library
            .reshuffle(cite(self.rule, Step::PartialExile), Some(seat));
        self.events.push(event);
    }

    /// The no-land/all-land redraw: the hand is revealed, shuffled back, and a new hand of the
    /// starting size drawn. Not a mulligan: the player then declares.
    pub(super) fn answer_land_mulligan(&mut self, seat: usize) -> Result<()> {
        self.check_pending(seat, DecisionKind::KeepOrMulligan)?;
        if !self.can_land_mulligan(seat) {
            let why = if !self.house.land_mulligan {
                "this game does not use it (land_mulligan=True)"
            } else if self.seats[seat].land_redraw_used {
                "it is once per game"
            } else if self.seats[seat].mulligans > 0 {
                "it is for the first hand drawn only"
            } else {
                "the hand holds some lands and some other cards"
            };
            return Err(Error::illegal(format!(
                "seat {seat} cannot take the no-land/all-land redraw: {why}"
            )));
        }
        let s = &mut self.seats[seat];
        s.land_redraw_used = true;
        let hand = std::mem::take(&mut s.hand);
        let cards = s.refs(&hand);
        s.library.append(&hand);
        self.emit(Step::HouseRule, EventKind::LandMulligan { seat, cards });
        let event = self.seats[seat]
            .library
            .reshuffle(cite(self.rule, Step::HouseRule), Some(seat));
        self.events.push(event);
        let n = self.seats[seat].hand_size;
        self.draw_hand(seat, n);
        Ok(())
    }
}
