//! 103.6: opening-hand actions (Leylines, Gemstone Caverns, cards revealed from the opening
//! hand), one slot of players at a time in turn order.

use super::decision::DecisionKind;
use super::state::{Game, Phase};
use crate::card::{tags, CardId};
use crate::error::{Error, Result};
use crate::event::EventKind;
use crate::rules::Step;

impl Game {
    pub(super) fn begin_actions(&mut self) {
        let everyone: Vec<usize> = (0..self.seats.len()).collect();
        let slots = self.slots(&everyone);
        self.next_action_slot(slots, 0);
    }

    /// 103.6: the first slot from `slot` on with a player who has something to use.
    fn next_action_slot(&mut self, slots: Vec<Vec<usize>>, mut slot: usize) {
        while slot < slots.len() {
            let waiting: Vec<usize> = slots[slot]
                .iter()
                .copied()
                .filter(|&s| !self.usable_actions(s).is_empty())
                .collect();
            if !waiting.is_empty() {
                self.phase = Phase::Actions {
                    slots,
                    slot,
                    waiting,
                };
                return;
            }
            slot += 1;
        }
        self.finish();
    }

    /// 103.6 cards in the seat's hand usable now.
    pub(super) fn usable_actions(&self, seat: usize) -> Vec<CardId> {
        let s = &self.seats[seat];
        s.hand
            .iter()
            .copied()
            .filter(|&c| self.opening_action(seat, c).is_some())
            .collect()
    }

    /// What using `card` from the seat's hand does now (103.6), None if it can do nothing. The
    /// one place that decides, so that a card is used for the reason it is usable. A card with
    /// several tags takes the first that applies to this player: Gemstone Caverns (103.6a, only
    /// for a player who is not the starting player), then beginning on the battlefield
    /// (103.6a), then revealing (103.6b, once per card). So the starting player reveals a card
    /// tagged both `gemstone_caverns` and `reveal`, and anyone else puts it onto the
    /// battlefield, exiling a card, as Gemstone Caverns.
    fn opening_action(&self, seat: usize, card: CardId) -> Option<OpeningAction> {
        let s = &self.seats[seat];
        if s.has(card, tags::GEMSTONE_CAVERNS) && self.starting != Some(seat) {
            Some(OpeningAction::GemstoneCaverns)
        } else if s.has(card, tags::BEGIN_ON_BATTLEFIELD) {
            Some(OpeningAction::BeginOnBattlefield)
        } else if s.has(card, tags::REVEAL) && !s.revealed.contains(&card) {
            Some(OpeningAction::Reveal)
        } else {
            None
        }
    }

    /// 103.6: use one opening-hand card, for the action it is usable for (see
    /// `opening_action`). Gemstone Caverns also exiles `exile`, another card from hand
    /// (required when there is one).
    pub(super) fn answer_opening_hand_action(
        &mut self,
        seat: usize,
        card: CardId,
        exile: Option<CardId>,
    ) -> Result<()> {
        let d = self.check_pending(seat, DecisionKind::OpeningHandAction)?;
        let action = match self.opening_action(seat, card) {
            Some(action) if d.can_use(card) => action,
            _ => {
                let why = if self.seats[seat].has(card, tags::GEMSTONE_CAVERNS)
                    && self.starting == Some(seat)
                {
                    " (Gemstone Caverns only for a player who is not the starting player)"
                } else {
                    ""
                };
                return Err(Error::illegal(format!(
                    "card {card} is not an opening-hand action seat {seat} can take now{why}"
                )));
            }
        };
        let s = &self.seats[seat];
        let gemstone = action == OpeningAction::GemstoneCaverns;
        if gemstone {
            let others = d.hand.iter().any(|c| c.id != card);
            match exile {
                None if others => {
                    return Err(Error::illegal(
                        "Gemstone Caverns: choose another card from hand to exile (exile=…)",
                    ));
                }
                Some(x) if x == card || !d.in_hand(x) => {
                    return Err(Error::illegal(format!(
                        "card {x} is not another card in seat {seat}'s hand"
                    )));
                }
                _ => {}
            }
        } else if exile.is_some() {
            let why = if s.has(card, tags::GEMSTONE_CAVERNS) {
                format!(
                    "; card {card} is used for its {} action here: its Gemstone Caverns \
                     ability is only for a player who is not the starting player (103.6a)",
                    action.name()
                )
            } else {
                String::new()
            };
            return Err(Error::illegal(format!(
                "only Gemstone Caverns exiles a card from hand{why}"
            )));
        }
        let s = &mut self.seats[seat];
        let (step, exiled) = match action {
            OpeningAction::GemstoneCaverns => {
                s.hand.retain(|&c| c != card && Some(c) != exile);
                s.battlefield.push(card);
                s.exile.extend(exile);
                (Step::BattlefieldAction, exile.map(|x| s.card_ref(x)))
            }
            OpeningAction::BeginOnBattlefield => {
                s.hand.retain(|&c| c != card);
                s.battlefield.push(card);
                (Step::BattlefieldAction, None)
            }
            OpeningAction::Reveal => {
                s.revealed.push(card);
                (Step::RevealAction, None)
            }
        };
        let action = action.name();
        let card = s.card_ref(card);
        self.emit(
            step,
            EventKind::OpeningHandAction {
                seat,
                card,
                action,
                exiled,
            },
        );
        if self.usable_actions(seat).is_empty() {
            self.done_with_actions(seat);
        }
        Ok(())
    }

    /// 103.6: this player takes no more opening-hand actions.
    pub(super) fn answer_pass_actions(&mut self, seat: usize) -> Result<()> {
        self.check_pending(seat, DecisionKind::OpeningHandAction)?;
        self.emit(Step::BattlefieldAction, EventKind::PassActions { seat });
        self.done_with_actions(seat);
        Ok(())
    }

    fn done_with_actions(&mut self, seat: usize) {
        if let Phase::Actions {
            slots,
            slot,
            waiting,
        } = &mut self.phase
        {
            waiting.retain(|&s| s != seat);
            if waiting.is_empty() {
                let (slots, next) = (std::mem::take(slots), *slot + 1);
                self.next_action_slot(slots, next);
            }
        }
    }
}

/// The three opening-hand actions of 103.6, by what they do to the card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum OpeningAction {
    /// 103.6a: onto the battlefield, exiling another card from hand (a player who is not the
    /// starting player only).
    GemstoneCaverns,
    /// 103.6a: onto the battlefield.
    BeginOnBattlefield,
    /// 103.6b: revealed, stays in hand.
    Reveal,
}

impl OpeningAction {
    /// The name in `opening_hand_action` events.
    fn name(self) -> &'static str {
        match self {
            OpeningAction::GemstoneCaverns => "gemstone_caverns",
            OpeningAction::BeginOnBattlefield => "begin_on_battlefield",
            OpeningAction::Reveal => "reveal",
        }
    }
}
