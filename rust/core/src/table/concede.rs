//! Conceding (104.3a): a player may concede at any time and leaves the game. In Two-Headed
//! Giant the team wins and loses together (810.8a): its players leave together. When the
//! players still in the game are all on one side, the game is over (104.2a): it ends as the
//! host's `end` would. Otherwise the others play on (800.4a): every object the player owns
//! leaves the game (its cards outside the game, its tokens cease to exist), its turns are
//! skipped, and if it was the active player the turn goes to the next player.

use super::{Place, Table, PILES};
use crate::error::Result;
use crate::event::{Event, EventKind};

impl Table {
    /// `seat` concedes: its events.
    pub(super) fn concede(&mut self, seat: usize) -> Result<Vec<Event>> {
        let team = self.life_shared[seat].clone();
        let leaving = if team.is_empty() { vec![seat] } else { team };
        let mut events = vec![Event::new("104.3a", EventKind::Concede { seat })];
        let turn = self.turn();
        let was_active = turn.team.unwrap_or_else(|| vec![turn.seat]);
        for &s in &leaving {
            self.seats[s].conceded = true;
        }
        let mut sides: Vec<usize> = (0..self.seats.len())
            .filter(|&s| !self.seats[s].conceded)
            .map(|s| self.turns.side(s))
            .collect();
        sides.sort_unstable();
        sides.dedup();
        if sides.len() <= 1 {
            self.ended = true;
            events.push(Event::new("104.2a", EventKind::GameOver {}));
            return Ok(events);
        }
        for &s in &leaving {
            events.extend(self.leave_game(s));
        }
        if was_active.iter().all(|&s| self.seats[s].conceded) {
            events.extend(self.next_turn());
        }
        Ok(events)
    }

    /// 800.4a: every card `seat` owns leaves the game (outside it, its owner's only), its
    /// tokens cease to exist; the moves' events.
    fn leave_game(&mut self, seat: usize) -> Vec<Event> {
        let s = &mut self.seats[seat];
        s.session = None;
        let mut events = vec![];
        let library: Vec<_> = std::mem::take(s.library.cards_mut());
        let mut moves = vec![
            (Place::Library, library),
            (Place::Hand, std::mem::take(&mut s.hand)),
        ];
        for (i, place) in PILES.iter().enumerate() {
            if *place != Place::Outside {
                moves.push((*place, std::mem::take(&mut s.piles[i])));
            }
        }
        for (from, cards) in moves {
            if cards.is_empty() {
                continue;
            }
            if let Some(outside) = s.pile_mut(Place::Outside) {
                outside.extend_from_slice(&cards);
            }
            let mut event = s.moved(seat, from, Place::Outside, &cards);
            event.rule = "800.4a";
            events.push(event);
        }
        // Its tokens, outside the game now, cease to exist (704.5d).
        events.extend(s.settle(seat));
        events
    }
}
