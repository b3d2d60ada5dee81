//! Who chooses who starts, across the games of a match (103.1): a fair random draw picks the
//! chooser of the first game; afterwards the loser of the previous game chooses, and after a
//! drawn game the player who chose in the previous game chooses again.

use crate::error::{Error, Result};
use crate::game::Start;

/// The state of a match between the games: who chooses next (103.1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchState {
    players: usize,
    games_played: u64,
    next_chooser: Option<usize>,
    in_progress: bool,
}

impl MatchState {
    /// A match of `players` players, before its first game.
    pub fn new(players: usize) -> Self {
        MatchState {
            players,
            games_played: 0,
            next_chooser: None,
            in_progress: false,
        }
    }

    /// The games finished so far.
    pub fn games_played(&self) -> u64 {
        self.games_played
    }

    /// The chooser of the next game, or `None` before game 1 (a random draw decides).
    pub fn next_chooser(&self) -> Option<usize> {
        self.next_chooser
    }

    /// A game has begun and not yet finished.
    pub fn in_progress(&self) -> bool {
        self.in_progress
    }

    /// Starts the next game: its game index and how its starting player is determined.
    pub fn begin_game(&mut self) -> Result<(u64, Start)> {
        if self.in_progress {
            return Err(Error::illegal(format!(
                "game {} of this match has no recorded result yet: call record_result first",
                self.games_played + 1
            )));
        }
        self.in_progress = true;
        let start = match self.next_chooser {
            None => Start::Random,
            Some(c) => Start::ChosenBy(c),
        };
        Ok((self.games_played, start))
    }

    /// Records the end of the game in progress: `chooser` chose its starting player; `loser`
    /// is the seat that lost, or `None` for a draw.
    pub fn record_result(&mut self, chooser: usize, loser: Option<usize>) -> Result<()> {
        if !self.in_progress {
            return Err(Error::illegal("no game of this match is in progress"));
        }
        if let Some(l) = loser {
            if l >= self.players {
                return Err(Error::illegal(format!(
                    "loser seat {l} is not a seat of this {}-player match",
                    self.players
                )));
            }
        }
        self.next_chooser = Some(loser.unwrap_or(chooser));
        self.games_played += 1;
        self.in_progress = false;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loser_chooses_and_draw_keeps_the_chooser() {
        let mut m = MatchState::new(2);
        assert_eq!(m.begin_game().unwrap(), (0, Start::Random));
        assert!(m.begin_game().is_err());
        m.record_result(1, Some(0)).unwrap();
        assert_eq!(m.begin_game().unwrap(), (1, Start::ChosenBy(0)));
        m.record_result(0, None).unwrap();
        assert_eq!(m.begin_game().unwrap(), (2, Start::ChosenBy(0)));
        assert!(m.record_result(0, Some(5)).is_err());
    }
}
