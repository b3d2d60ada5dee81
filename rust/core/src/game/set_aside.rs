//! 103.2 and 103.3: the cards set aside (sideboard, companions, commanders), then the shuffle
//! that makes each deck a library.

use super::state::Game;
use crate::event::EventKind;
use crate::rules::{cite, Step};

impl Game {
    /// 103.2 then 103.3. The set-up steps come after the starting player is determined (103.2:
    /// the 2020 change, so that a chooser does not see the opponents' companions) and each
    /// step is taken by every player, in turn order, before the next: sideboards set aside
    /// (103.2a), companions revealed (103.2b), commanders put into the command zone (103.2c).
    pub(super) fn set_up_and_shuffle(&mut self) {
        let order = self.turn_order();
        for s in order.iter().copied() {
            let cards = self.seats[s].set_aside.sideboard.clone();
            if !cards.is_empty() {
                self.emit(Step::SetAside, EventKind::SetAside { seat: s, cards });
            }
        }
        for s in order.iter().copied() {
            for card in self.seats[s].set_aside.companions.clone() {
                self.emit(Step::Companion, EventKind::Companion { seat: s, card });
            }
        }
        for s in order.iter().copied() {
            let cards = self.seats[s].set_aside.commanders.clone();
            if !cards.is_empty() {
                self.emit(Step::Commander, EventKind::Commander { seat: s, cards });
            }
        }
        self.shuffle_all();
    }

    /// 103.3: each player shuffles their deck, which becomes their library.
    fn shuffle_all(&mut self) {
        let rule = cite(self.rule, Step::Shuffle);
        for s in 0..self.seats.len() {
            let event = self.seats[s].library.reshuffle(rule, Some(s));
            self.events.push(event);
        }
        self.shuffled = true;
    }
}
