//! The table phase of a whole game (`mulligan_core::table`) for Python: `Game.act`,
//! `Game.end` and the zones after 103.8. Converts only: every rule and check is the core's.

use crate::args::Index;
use crate::convert::{events_to_py, py_to_record};
use crate::errors::{busy, guard};
use crate::game::Game;
use mulligan_core::table::Action;
use mulligan_core::Answer;
use pyo3::prelude::*;
use pyo3::types::PyList;

/// `game.act(seat, action, host=False, looker=None)`: one action record (a dict such as
/// `{"action": "draw", "count": 1}`) on `seat`'s zones; the events it added, as dicts.
pub fn act<'py>(
    slf: &Bound<'py, Game>,
    seat: Index,
    action: &Bound<'py, PyAny>,
    host: bool,
    looker: Option<Index>,
) -> PyResult<Bound<'py, PyList>> {
    let py = slf.py();
    let action: Action = py_to_record(action, "action")?;
    let mut game = slf.try_borrow_mut().map_err(|_| busy("Game"))?;
    let answer = Answer::Act {
        seat: seat.size(),
        host,
        looker: looker.map(|l| l.size()),
        action,
    };
    apply(py, &mut game, answer)
}

/// `game.end()`: the host ends a whole game; the events it added.
pub fn end<'py>(slf: &Bound<'py, Game>) -> PyResult<Bound<'py, PyList>> {
    let py = slf.py();
    let mut game = slf.try_borrow_mut().map_err(|_| busy("Game"))?;
    apply(py, &mut game, Answer::End {})
}

fn apply<'py>(py: Python<'py>, game: &mut Game, answer: Answer) -> PyResult<Bound<'py, PyList>> {
    let before = game.core.events().len();
    let core = &mut game.core;
    guard(|| core.apply(answer))?;
    events_to_py(py, &game.core.events()[before..])
}
