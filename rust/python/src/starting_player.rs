//! `Match`: several games between the same players, each game's chooser the previous loser
//! (103.1; `mulligan_core::starting_player`).

use crate::args::Index;
use crate::errors::{busy, guard, illegal};
use crate::game::Game;
use crate::rules::{MulliganRule, Named, Variant};
use crate::seed::seed_or_new;
use crate::seed::{Seed, SeedArg};
use crate::setup::players_from;
use crate::setup::Player;
use mulligan_core::{MatchState, SetupRequest};
use pyo3::prelude::*;

/// Several games between the same players (103.1): the loser of each game chooses who starts
/// the next; after a draw, the previous chooser chooses again.
#[pyclass(module = "mulligan")]
pub struct Match {
    players: Vec<Py<Player>>,
    variant: Variant,
    rule: MulliganRule,
    seed: mulligan_core::Seed,
    state: MatchState,
    current: Option<Py<Game>>,
}

#[pymethods]
impl Match {
    #[new]
    #[pyo3(signature = (players, *, variant = None, mulligan = None, seed = None), text_signature = "(players, *, variant=..., mulligan=..., seed=None)")]
    fn new(
        players: &Bound<'_, PyAny>,
        variant: Option<Named<mulligan_core::Variant>>,
        mulligan: Option<Named<mulligan_core::MulliganRule>>,
        seed: Option<SeedArg>,
    ) -> PyResult<Match> {
        let players = players_from(players)?;
        let seed = seed_or_new(seed)?;
        let state = MatchState::new(players.len());
        Ok(Match {
            players,
            variant: variant.map_or(Variant::TWO_PLAYER, |v| Variant::of(v.0)),
            rule: mulligan.map_or(MulliganRule::LONDON, |m| MulliganRule::of(m.0)),
            seed,
            state,
            current: None,
        })
    }

    /// The next game (game k of the match uses `game_index=k`).
    fn new_game(&mut self, py: Python<'_>) -> PyResult<Py<Game>> {
        let mut state = self.state.clone();
        let (index, start) = guard(|| state.begin_game())?;
        let mut request = SetupRequest::new(self.players.iter().map(|p| p.clone_ref(py)).collect());
        request.variant = self.variant.core();
        request.mulligan = self.rule.core();
        request.starting_player = start.starting_player();
        request.chooser = start.chooser();
        request.game_index = index;
        let game = Game::build(py, request, self.seed.clone(), vec![])?;
        let game = Py::new(py, game)?;
        self.state = state;
        self.current = Some(game.clone_ref(py));
        Ok(game)
    }

    /// Ends the game in progress: `loser=seat`, or `loser=None` for a draw.
    #[pyo3(signature = (*, loser = None))]
    fn record_result(&mut self, py: Python<'_>, loser: Option<Index>) -> PyResult<()> {
        let Some(game) = &self.current else {
            return Err(illegal(
                "no game of this match is in progress: call new_game first",
            ));
        };
        let loser = loser.map(|l| l.size());
        let chooser = game
            .bind(py)
            .try_borrow()
            .map_err(|_| busy("Game"))?
            .core
            .match_chooser();
        let Some(chooser) = chooser else {
            return Err(illegal(
                "the starting player of this game has not been chosen yet",
            ));
        };
        let state = &mut self.state;
        guard(|| state.record_result(chooser, loser))?;
        self.current = None;
        Ok(())
    }

    #[getter]
    fn games_played(&self) -> u64 {
        self.state.games_played()
    }

    /// Who chooses the starting player of the next game (None before game 1: a random draw).
    #[getter]
    fn next_chooser(&self) -> Option<usize> {
        self.state.next_chooser()
    }

    #[getter]
    fn commitment(&self) -> String {
        self.seed.commitment()
    }

    #[getter]
    fn seed(&self) -> Seed {
        Seed {
            inner: self.seed.clone(),
        }
    }
}
