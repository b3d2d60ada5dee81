//! The table phase of a whole game (`mulligan_core::table`) for Python: `Game.act` and
//! `Game.end` after 103.8. Converts only: every rule and check is the core's. `Game` borrows
//! itself and hands its core game here, so this file needs nothing of `game.rs`.

use crate::args::Index;
use crate::convert::{events_to_py, py_to_record};
use crate::errors::guard;
use mulligan_core::table::Action;
use mulligan_core::Answer;
use pyo3::prelude::*;
use pyo3::types::PyList;

/// `game.act(seat, action, host=False, looker=None)`: one action record (a dict such as
/// `{"action": "draw", "count": 1}`) on `seat`'s zones; the events it added, as dicts.
pub fn act<'py>(
    py: Python<'py>,
    game: &mut mulligan_core::Game,
    seat: Index,
    action: &Bound<'py, PyAny>,
    host: bool,
    looker: Option<Index>,
) -> PyResult<Bound<'py, PyList>> {
    let action: Action = py_to_record(action, "action")?;
    let answer = Answer::Act {
        seat: seat.size(),
        host,
        looker: looker.map(|l| l.size()),
        action,
    };
    apply(py, game, answer)
}

/// `game.end()`: the host ends a whole game; the events it added.
pub fn end<'py>(py: Python<'py>, game: &mut mulligan_core::Game) -> PyResult<Bound<'py, PyList>> {
    apply(py, game, Answer::End {})
}

/// `game.public_events(events_after=k)`: the events after the first `k`, each as nobody at
/// the table sees it (`Event::public`).
pub fn public_events<'py>(
    py: Python<'py>,
    game: &mulligan_core::Game,
    after: usize,
) -> PyResult<Bound<'py, PyList>> {
    let events = game.events();
    let public: Vec<_> = events[after.min(events.len())..]
        .iter()
        .map(|e| e.public())
        .collect();
    events_to_py(py, &public)
}

fn apply<'py>(
    py: Python<'py>,
    game: &mut mulligan_core::Game,
    answer: Answer,
) -> PyResult<Bound<'py, PyList>> {
    let before = game.events().len();
    guard(|| game.apply(answer))?;
    events_to_py(py, &game.events()[before..])
}
