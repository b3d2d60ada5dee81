//! 103.4: starting life totals (Vanguard modifiers, the Two-Headed Giant team total).

use super::state::Game;
use crate::event::EventKind;
use crate::rules::{starting_life, Step, Variant};

impl Game {
    /// 103.4: starting life totals plus Vanguard life modifiers. Two-Headed Giant: the team
    /// has one life total (101.3a in seed `002_…`: "a shared life total of 30"), so each
    /// player's life modifier applies to it: the team starts at 30 (+15 per player beyond two)
    /// plus the sum of its players' modifiers, and every teammate reports that total.
    pub(super) fn set_life(&mut self) {
        let n = self.seats.len();
        let two_headed = self.variant == Variant::TwoHeadedGiant;
        for s in 0..n {
            let mates = self.teammates(s);
            let base = starting_life(self.variant, n, mates.len(), self.seats[s].archenemy);
            let modifier: i64 = if two_headed {
                mates
                    .iter()
                    .map(|&m| i64::from(self.seats[m].life_modifier))
                    .sum()
            } else {
                i64::from(self.seats[s].life_modifier)
            };
            // `validate` bounds every modifier by MAX_MODIFIER, so even a full table's sum
            // fits; the clamp only makes that arithmetic total.
            let life =
                (i64::from(base) + modifier).clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32;
            self.seats[s].life = life;
            let (step, shared_with) = if two_headed {
                (
                    Step::TeamLife,
                    mates.into_iter().filter(|&m| m != s).collect(),
                )
            } else {
                (Step::Life, vec![])
            };
            self.emit(
                step,
                EventKind::Life {
                    seat: s,
                    life,
                    shared_with,
                },
            );
        }
    }
}
