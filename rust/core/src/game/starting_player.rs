//! 103.1: the starting player, given, drawn at random or chosen (103.1b: the archenemy starts),
//! and then everything up to the first decision of the mulligan (103.2 to 103.5).

use super::decision::DecisionKind;
use super::setup::Start;
use super::state::{Game, Phase};
use crate::error::Result;
use crate::event::EventKind;
use crate::rng::ChaChaStream;
use crate::rules::{MulliganRule, Step, Variant};
use crate::seed::{StreamId, DOMAIN_STARTING_PLAYER};

impl Game {
    pub(super) fn begin(&mut self, start: Start) {
        if !self.rule.chooses_before_shuffling() {
            self.set_up_and_shuffle();
        }
        match start {
            Start::Seat(s) => self.set_starting(s, None),
            _ if self.variant == Variant::Archenemy => {
                let archenemy = (0..self.seats.len())
                    .find(|&s| self.seats[s].archenemy)
                    .unwrap_or(0);
                self.set_starting(archenemy, None);
            }
            Start::Random => {
                let mut rng = ChaChaStream::new(
                    &self.seed,
                    StreamId::new(DOMAIN_STARTING_PLAYER, self.game_index, 0),
                );
                let chooser = rng.below(self.seats.len() as u64) as usize;
                self.emit(
                    Step::StartingPlayer,
                    EventKind::ChooseChooser {
                        chooser,
                        how: "random",
                    },
                );
                self.chooser = Some(chooser);
                self.phase = Phase::ChooseStarting { chooser };
            }
            Start::ChosenBy(chooser) => {
                self.emit(
                    Step::StartingPlayer,
                    EventKind::ChooseChooser {
                        chooser,
                        how: "previous_game",
                    },
                );
                self.chooser = Some(chooser);
                self.phase = Phase::ChooseStarting { chooser };
            }
        }
    }

    fn set_starting(&mut self, seat: usize, chosen_by: Option<usize>) {
        self.starting = Some(seat);
        let (step, team) = match self.variant {
            Variant::Archenemy => (Step::Archenemy, None),
            Variant::TwoHeadedGiant => (Step::StartingTeam, Some(self.teammates(seat))),
            _ => (Step::StartingPlayer, None),
        };
        self.emit(
            step,
            EventKind::StartingPlayer {
                seat,
                chosen_by,
                team,
            },
        );
        if !self.shuffled {
            self.set_up_and_shuffle();
        }
        self.set_life();
        let free = self.free_total();
        for s in self.turn_order() {
            let n = self
                .rule
                .hand_step(self.seats[s].hand_size, 0, 0, free)
                .draw;
            self.draw_opening(s, n);
        }
        let everyone: Vec<usize> = (0..self.seats.len()).collect();
        if self.rule == MulliganRule::Houston {
            // Houston: everyone puts three of the ten on the bottom first.
            return self.houston_bottom(&everyone);
        }
        self.begin_round(&everyone);
    }

    /// 103.1: the chooser names the starting player (in Two-Headed Giant, that seat's team).
    pub(super) fn answer_choose_starting_player(
        &mut self,
        chooser: usize,
        starting: usize,
    ) -> Result<()> {
        self.check_pending(chooser, DecisionKind::ChooseStartingPlayer)?;
        self.seat(starting)?;
        self.set_starting(starting, Some(chooser));
        Ok(())
    }
}
