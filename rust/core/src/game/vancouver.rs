//! The Vancouver era's look (103.5, 2015-2019): once everyone has kept, each player whose hand
//! is smaller than their starting hand size looks at the top card of their library (not a
//! scry) and leaves it there or puts it on the bottom, before opening-hand actions.

use super::decision::DecisionKind;
use super::state::{Game, Phase};
use crate::error::{Error, Result};
use crate::event::EventKind;
use crate::rules::Step;

impl Game {
    pub(super) fn finish_mulligans(&mut self) {
        if self.rule.vancouver_look() {
            let queue: Vec<usize> = self
                .turn_order()
                .into_iter()
                .filter(|&s| {
                    self.seats[s].hand.len() < self.seats[s].hand_size
                        && !self.seats[s].library.is_empty()
                })
                .collect();
            if !queue.is_empty() {
                self.phase = Phase::Vancouver { queue };
                return;
            }
        }
        self.begin_actions();
    }

    /// Vancouver: after looking at the top card, keep it there or put it on the bottom.
    pub(super) fn answer_vancouver(&mut self, seat: usize, to_bottom: bool) -> Result<()> {
        let d = self.check_pending(seat, DecisionKind::Vancouver)?;
        let Some(top) = d.card.map(|c| c.id) else {
            return Err(Error::illegal("the library is empty"));
        };
        if to_bottom {
            self.seats[seat].library.top_to_bottom();
        }
        let card = self.seats[seat].card_ref(top);
        let to = if to_bottom { "bottom" } else { "top" };
        self.emit(Step::Vancouver, EventKind::Vancouver { seat, card, to });
        if let Phase::Vancouver { queue } = &mut self.phase {
            queue.remove(0);
            if queue.is_empty() {
                self.begin_actions();
            }
        }
        Ok(())
    }
}
