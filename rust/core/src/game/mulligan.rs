//! 103.5: drawing the hand, keeping or declaring a mulligan, the mulligans taken together (or
//! one player at a time under 101.4), and the cards put on the bottom. Every answer validates
//! first (the `check_pending` half, which only reads) and then applies, so an illegal answer
//! changes nothing.

use super::decision::DecisionKind;
use super::state::{Game, Phase};
use crate::card::CardId;
use crate::error::{Error, Result};
use crate::event::EventKind;
use crate::rules::{cite, MulliganRule, Step};

impl Game {
    pub(super) fn draw(&mut self, seat: usize, n: usize) {
        let drawn = self.seats[seat].library.draw(n);
        self.seats[seat].hand.extend_from_slice(&drawn);
        let cards = self.seats[seat].refs(&drawn);
        self.emit(Step::Draw, EventKind::Draw { seat, cards });
    }

    pub(super) fn begin_round(&mut self, who: &[usize]) {
        let slots = self.slots(who);
        if slots.is_empty() {
            return self.finish_mulligans();
        }
        let waiting = slots[0].clone();
        self.phase = Phase::Declare {
            slots,
            slot: 0,
            waiting,
            mulligans: vec![],
        };
    }

    /// All players of the current slot have declared.
    fn slot_complete(&mut self) {
        let Phase::Declare {
            slots,
            slot,
            mulligans,
            ..
        } = &mut self.phase
        else {
            return;
        };
        let (slots, mut slot, taken) = (slots.clone(), *slot, std::mem::take(mulligans));
        if self.rule == MulliganRule::ParisSequential {
            // 101.4 / 101.4a: this player (or team) takes their mulligans before anyone else.
            if !taken.is_empty() {
                self.execute_mulligans(&taken);
                let waiting = slots[slot]
                    .iter()
                    .copied()
                    .filter(|s| taken.contains(s))
                    .collect();
                self.phase = Phase::Declare {
                    slots,
                    slot,
                    waiting,
                    mulligans: vec![],
                };
                return;
            }
            slot += 1;
            if slot < slots.len() {
                let waiting = slots[slot].clone();
                self.phase = Phase::Declare {
                    slots,
                    slot,
                    waiting,
                    mulligans: vec![],
                };
            } else {
                self.finish_mulligans();
            }
            return;
        }
        slot += 1;
        if slot < slots.len() {
            let waiting = slots[slot].clone();
            self.phase = Phase::Declare {
                slots,
                slot,
                waiting,
                mulligans: taken,
            };
            return;
        }
        // 103.5: everyone has declared; all mulligans happen at the same time.
        if taken.is_empty() {
            return self.finish_mulligans();
        }
        self.execute_mulligans(&taken);
        let waiting: Vec<usize> = self
            .turn_order()
            .into_iter()
            .filter(|&s| self.seats[s].to_bottom > 0)
            .collect();
        if waiting.is_empty() {
            self.begin_round(&taken);
        } else {
            self.phase = Phase::Bottom { waiting };
        }
    }

    /// Shuffle each hand into its library and draw a new one (London: the full hand, then
    /// cards to the bottom; the older eras: one fewer per counted mulligan).
    fn execute_mulligans(&mut self, taken: &[usize]) {
        let order: Vec<usize> = self
            .turn_order()
            .into_iter()
            .filter(|s| taken.contains(s))
            .collect();
        let team_rule =
            self.variant.shared_team_turns() && self.rule == MulliganRule::ParisSequential;
        for s in order {
            let free = self.seats[s].mulligans < self.free_total();
            let rules_free = self.free_first && self.seats[s].mulligans == 0;
            let seat = &mut self.seats[s];
            seat.mulligans += 1;
            if !free {
                seat.counted += 1;
            }
            let (number, counted) = (seat.mulligans, seat.counted);
            let step = if rules_free {
                Step::FreeMulligan
            } else if free {
                Step::HouseRule
            } else if team_rule {
                Step::TeamMulligan
            } else {
                Step::Mulligan
            };
            self.emit(
                step,
                EventKind::Mulligan {
                    seat: s,
                    number,
                    free,
                    counted,
                },
            );
            if self.rule == MulliganRule::PartialParis {
                self.exile_partial(s, free);
                continue;
            }
            let seat = &mut self.seats[s];
            let hand = std::mem::take(&mut seat.hand);
            seat.library.append(&hand);
            let event = seat
                .library
                .reshuffle(cite(self.rule, Step::Mulligan), Some(s));
            self.events.push(event);
            let seat = &self.seats[s];
            let step = self.rule.hand_step(
                seat.hand_size,
                seat.mulligans,
                seat.counted,
                self.free_total(),
            );
            let draw = if self.rule.draws_full_hand() {
                step.draw
            } else {
                // One fewer card than the hand shuffled away (seeds 002/003; none fewer after
                // a free mulligan), never more than the era's hand size.
                let counted = seat.counted as usize;
                let before = counted - usize::from(!free);
                self.rule
                    .redraw(seat.hand_size, before, counted, hand.len())
            };
            self.draw_hand(s, draw);
            let seat = &mut self.seats[s];
            seat.to_bottom = step.bottom.min(seat.hand.len());
        }
    }

    /// 103.5: keep; the hand becomes the opening hand and the player cannot mulligan again.
    pub(super) fn answer_keep(&mut self, seat: usize) -> Result<()> {
        self.check_pending(seat, DecisionKind::KeepOrMulligan)?;
        self.seats[seat].kept = true;
        let hand_size = self.seats[seat].hand.len();
        self.emit(Step::Declare, EventKind::Keep { seat, hand_size });
        self.return_exiled(seat);
        self.declared(seat, false);
        Ok(())
    }

    /// 103.5: declare a mulligan (taken once everyone in the round has declared).
    pub(super) fn answer_mulligan(&mut self, seat: usize) -> Result<()> {
        let d = self.check_pending(seat, DecisionKind::KeepOrMulligan)?;
        if !d.can_mulligan {
            return Err(Error::illegal(format!(
                "seat {seat} cannot mulligan: their opening hand would be 0 cards, so they must keep (103.5)"
            )));
        }
        self.seats[seat].pending_exile = None;
        self.emit(Step::Declare, EventKind::DeclareMulligan { seat });
        self.declared(seat, true);
        Ok(())
    }

    pub(super) fn declared(&mut self, seat: usize, mulligan: bool) {
        if let Phase::Declare {
            waiting, mulligans, ..
        } = &mut self.phase
        {
            waiting.retain(|&s| s != seat);
            if mulligan {
                mulligans.push(seat);
            }
            if waiting.is_empty() {
                self.slot_complete();
            }
        }
    }

    /// 103.5b: an action "any time you could mulligan" (Serum Powder: exile your hand, then
    /// draw that many cards). Not a mulligan; the player then declares.
    pub(super) fn answer_mulligan_action(&mut self, seat: usize, card: CardId) -> Result<()> {
        let d = self.check_pending(seat, DecisionKind::KeepOrMulligan)?;
        if !d.can_use(card) {
            return Err(Error::illegal(format!(
                "card {card} is not a card in seat {seat}'s hand that can be used any time they could mulligan (103.5b)"
            )));
        }
        let s = &mut self.seats[seat];
        let exiled = std::mem::take(&mut s.hand);
        s.exile.extend_from_slice(&exiled);
        let (card, exiled_refs) = (s.card_ref(card), s.refs(&exiled));
        self.emit(
            Step::MulliganAction,
            EventKind::MulliganAction {
                seat,
                card,
                exiled: exiled_refs,
            },
        );
        self.draw(seat, exiled.len());
        Ok(())
    }

    /// 103.5 (London): put exactly the asked number of cards from hand on the bottom; the
    /// slice is their top-to-bottom order, which the owner chooses and keeps hidden (401.4).
    pub(super) fn answer_bottom(&mut self, seat: usize, cards: &[CardId]) -> Result<()> {
        let d = self.check_pending(seat, DecisionKind::Bottom)?;
        let count = d.count.unwrap_or(0);
        if cards.len() != count {
            return Err(Error::illegal(format!(
                "seat {seat} must put exactly {count} card(s) on the bottom, got {}",
                cards.len()
            )));
        }
        d.check_from_hand(cards)?;
        let s = &mut self.seats[seat];
        s.hand.retain(|c| !cards.contains(c));
        s.library.append(cards);
        s.to_bottom = 0;
        let refs = s.refs(cards);
        self.emit(Step::Bottom, EventKind::Bottom { seat, cards: refs });
        if let Phase::Bottom { waiting } = &mut self.phase {
            waiting.retain(|&s| s != seat);
            if waiting.is_empty() {
                let next: Vec<usize> = (0..self.seats.len())
                    .filter(|&s| !self.seats[s].kept)
                    .collect();
                self.begin_round(&next);
            }
        }
        Ok(())
    }
}
