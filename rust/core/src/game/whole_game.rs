//! After 103.8: a `whole_game` goes on into the table phase ([`crate::table`]) until the host
//! ends it; any other game ends at 103.8 as before. The table starts from the zones the game
//! start left: library, hand, battlefield (103.6a), exile (103.5b, 103.6a), the commanders in
//! the command zone (103.2c), and the sideboard and companions outside the game (103.2a, b).

use super::setup::{GameSetup, SetupRecord};
use super::state::Game;
use crate::card::CardId;
use crate::error::{Error, Result};
use crate::event::Event;
use crate::seed::Seed;
use crate::table::{Action, Authority, Looking, Place, Table, TableSeat, Turns};

impl SetupRecord {
    /// The game this record sets up with this seed (the game seed), `whole_game` included
    /// (here, beside [`Game::with_whole_game`], so that the set-up does not import the game).
    pub fn game(self, seed: Seed) -> Result<Game> {
        let whole = self.whole_game;
        Game::with_whole_game(self.with_seed(seed)?, whole)
    }
}

impl Game {
    /// Sets the game up as [`Game::new`]; with `whole_game` it goes on after 103.8 (the table
    /// phase) until the host's [`Game::end`], and its seed stays secret until then.
    pub fn with_whole_game(setup: GameSetup, whole_game: bool) -> Result<Game> {
        let mut game = Game::new(setup)?;
        if whole_game {
            game.set_whole_game()?;
        }
        Ok(game)
    }

    /// Makes a game just set up (no answer given yet) a whole game, as
    /// [`Game::with_whole_game`] does.
    pub fn set_whole_game(&mut self) -> Result<()> {
        if !self.answers.is_empty() {
            return Err(Error::illegal(
                "whole_game is part of the set-up: set it before the first answer",
            ));
        }
        self.setup.whole_game = true;
        self.open_table();
        Ok(())
    }

    /// Whether this game goes on after 103.8 (`whole_game`).
    pub fn whole_game(&self) -> bool {
        self.setup.whole_game
    }

    /// The game is over and its seed may be revealed: a whole game once the host ended it,
    /// any other game once its start is done (103.8).
    pub fn ended(&self) -> bool {
        match &self.table {
            Some(t) => t.ended(),
            None => !self.setup.whole_game && self.done(),
        }
    }

    /// The table phase, once a whole game's start is done.
    pub fn table(&self) -> Option<&Table> {
        self.table.as_ref()
    }

    /// What `viewer` may see now of open searches, looks and reveals.
    pub fn looking(&self, viewer: usize) -> Vec<Looking> {
        self.table
            .as_ref()
            .map_or_else(Vec::new, |t| t.looking(viewer))
    }

    /// Opens the table once a whole game's start is done.
    pub(super) fn open_table(&mut self) {
        if !self.setup.whole_game || !self.done() || self.table.is_some() {
            return;
        }
        let seats = self
            .seats
            .iter()
            .map(|s| {
                let mut names: Vec<String> = s.cards.iter().map(|c| c.name.clone()).collect();
                let aside = &s.set_aside;
                let mut ids = |refs: &[crate::card::CardRef]| -> Vec<CardId> {
                    refs.iter()
                        .map(|r| {
                            names.push(r.name.clone());
                            r.id
                        })
                        .collect()
                };
                // Ids follow the main deck's: sideboard, commanders, companions (CardId).
                let sideboard = ids(&aside.sideboard);
                let commanders = ids(&aside.commanders);
                let companions = ids(&aside.companions);
                let mut outside = sideboard;
                outside.extend(companions);
                let placed = [
                    (Place::Battlefield, s.battlefield.clone()),
                    (Place::Exile, s.exile.clone()),
                    (Place::Command, commanders.clone()),
                    (Place::Outside, outside),
                ];
                TableSeat::new(names, s.library.clone(), s.hand.clone(), &placed)
                    .with_commanders(&commanders)
            })
            .collect();
        let life: Vec<i32> = self.seats.iter().map(|s| s.life).collect();
        let two_headed = self.variant == crate::rules::Variant::TwoHeadedGiant;
        let shared = (0..self.seats.len())
            .map(|s| {
                if two_headed {
                    self.teammates(s)
                } else {
                    vec![]
                }
            })
            .collect();
        let everyone: Vec<usize> = (0..self.seats.len()).collect();
        let turns = Turns::new(
            self.slots(&everyone),
            self.variant.shared_team_turns(),
            self.seats.iter().map(|s| s.team).collect(),
        );
        self.table = Some(Table::new(seats).with_life(&life, shared).with_turns(turns));
    }

    pub(super) fn answer_act(
        &mut self,
        seat: usize,
        host: bool,
        looker: Option<usize>,
        action: &Action,
    ) -> Result<()> {
        let events = self
            .table_mut()?
            .act(seat, Authority { host, looker }, action)?;
        self.events.extend(events);
        Ok(())
    }

    pub(super) fn answer_end(&mut self) -> Result<()> {
        let events: Vec<Event> = self.table_mut()?.end()?;
        self.events.extend(events);
        Ok(())
    }

    fn table_mut(&mut self) -> Result<&mut Table> {
        if !self.setup.whole_game {
            return Err(Error::illegal(
                "this game ends at 103.8: actions and end need a game set up with whole_game",
            ));
        }
        let pending = super::pending::describe_pending(&self.pending());
        self.table.as_mut().ok_or_else(|| {
            Error::illegal(format!(
                "the game start is not done yet ({pending}): actions begin after 103.8"
            ))
        })
    }

    /// One action on `seat`'s zones by that seat (`Answer::Act`).
    pub fn act(&mut self, seat: usize, action: Action) -> Result<()> {
        self.apply(super::Answer::Act {
            seat,
            host: false,
            looker: None,
            action,
        })
    }

    /// One action on `seat`'s zones by the host; `looker` the seat that looks, for a search or
    /// look of another seat's library.
    pub fn act_as_host(
        &mut self,
        seat: usize,
        looker: Option<usize>,
        action: Action,
    ) -> Result<()> {
        self.apply(super::Answer::Act {
            seat,
            host: true,
            looker,
            action,
        })
    }

    /// The host ends a whole game (`Answer::End`): the seed may then be revealed.
    pub fn end(&mut self) -> Result<()> {
        self.apply(super::Answer::End {})
    }
}
