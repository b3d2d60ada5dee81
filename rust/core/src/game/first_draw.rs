//! 103.8: who skips the draw step of their first turn, the last step of a game start.

use super::state::{Game, Phase};
use crate::event::EventKind;
use crate::rules::{first_draw, FirstDraw, Step};

impl Game {
    /// 103.8: who skips the draw step of their first turn.
    pub(super) fn finish(&mut self) {
        let start = self.starting.unwrap_or(0);
        let (step, skipping) = match first_draw(self.variant, self.seats.len()) {
            FirstDraw::StartingPlayer => (Step::FirstDrawTwoPlayer, vec![start]),
            FirstDraw::StartingTeam => (Step::FirstDrawTeam, self.teammates(start)),
            FirstDraw::Nobody => (Step::FirstDrawMultiplayer, vec![]),
        };
        for &s in &skipping {
            self.seats[s].skips_first_draw = true;
        }
        self.emit(
            step,
            EventKind::FirstDraw {
                starting_player: start,
                skipping,
            },
        );
        self.phase = Phase::Done;
    }
}
