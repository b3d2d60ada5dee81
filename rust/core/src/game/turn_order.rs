//! Turn order (103.1, 805.1): seats from the starting player, grouped one seat at a time or,
//! with shared team turns, one team at a time. Every step that goes around the table uses it.

use super::state::Game;

impl Game {
    /// Seats in turn order from the starting player (seat order before it is known).
    pub fn turn_order(&self) -> Vec<usize> {
        let n = self.seats.len();
        let first = self.starting.unwrap_or(0);
        (0..n).map(|k| (first + k) % n).collect()
    }

    /// The members of `who` grouped as they act: one seat at a time in turn order, or, with
    /// shared team turns (805.1), one team at a time, the starting team first.
    pub(super) fn slots(&self, who: &[usize]) -> Vec<Vec<usize>> {
        let order: Vec<usize> = self
            .turn_order()
            .into_iter()
            .filter(|s| who.contains(s))
            .collect();
        if !self.variant.shared_team_turns() {
            return order.into_iter().map(|s| vec![s]).collect();
        }
        let mut team_order: Vec<usize> = vec![];
        for s in self.turn_order() {
            if !team_order.contains(&self.seats[s].team) {
                team_order.push(self.seats[s].team);
            }
        }
        team_order
            .into_iter()
            .map(|t| {
                order
                    .iter()
                    .copied()
                    .filter(|&s| self.seats[s].team == t)
                    .collect::<Vec<_>>()
            })
            .filter(|slot| !slot.is_empty())
            .collect()
    }

    pub(super) fn teammates(&self, seat: usize) -> Vec<usize> {
        let team = self.seats[seat].team;
        (0..self.seats.len())
            .filter(|&s| self.seats[s].team == team)
            .collect()
    }
}
