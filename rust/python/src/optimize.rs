//! `analyze(..., optimize=...)`: the best keep rule's search (`mulligan_core::analysis::optimize`).
//! Conversion only: an objective's text or dict becomes the core's `Objective`; a callable
//! `score(hand, draws) -> float` becomes a core `Score` (called with the GIL, remembered per
//! game by the cards seen, on one thread); `progress(done, total)` is called between blocks of
//! games, and Ctrl-C stops the search.

use crate::args::type_name;
use crate::card::Card;
use crate::convert::py_to_json;
use crate::errors::{config_error, guard, type_error};
use mulligan_core::analysis::objective::{Objective, Score};
use mulligan_core::analysis::optimize::{self, OptimizeReport};
use mulligan_core::card::CardId;
use mulligan_core::simulate::Abort;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use std::sync::{Arc, Mutex};

/// The `optimize=` argument.
pub enum Asked {
    /// A built-in objective (text or dict).
    Objective(Objective),
    /// A scoring function of the kept hand and the draws.
    Callable(Py<PyAny>),
}

impl Asked {
    /// Reads `optimize=`: `"on-curve:NAME"`, `"lands:N"`, `"lands:N@T"`, a dict as the JSON
    /// request's `optimize`, or a callable.
    pub fn read(obj: &Bound<'_, PyAny>) -> PyResult<Asked> {
        if obj.is_instance_of::<PyString>() {
            let text: String = obj.extract()?;
            return guard(|| Objective::parse(&text)).map(Asked::Objective);
        }
        if obj.is_instance_of::<PyDict>() {
            let value = py_to_json(obj, "optimize")?;
            return serde_json::from_value(value)
                .map(Asked::Objective)
                .map_err(|e| config_error(format!("optimize: {e}")));
        }
        if obj.is_callable() {
            return Ok(Asked::Callable(obj.clone().unbind()));
        }
        Err(type_error(format!(
            "optimize must be an objective's text (\"lands:4\", \"on-curve:NAME\"), its dict \
             or a callable score(hand, draws), got {}",
            type_name(obj)
        )))
    }
}

/// A Python scoring function as the core's [`Score`]: `score(hand, draws)` with lists of the
/// deck's `Card` objects; its first error is kept and stops the search.
#[derive(Clone)]
struct PyScore {
    callable: Arc<Py<PyAny>>,
    cards: Arc<Vec<Py<Card>>>,
    error: Arc<Mutex<Option<PyErr>>>,
}

impl Score for PyScore {
    fn score(&mut self, seen: &[CardId], hand: usize) -> Result<f64, Abort> {
        Python::attach(|py| {
            let list = |ids: &[CardId]| {
                PyList::new(
                    py,
                    ids.iter().map(|&c| self.cards[c as usize].clone_ref(py)),
                )
            };
            let result = list(&seen[..hand])
                .and_then(|h| Ok((h, list(&seen[hand..])?)))
                .and_then(|(h, d)| self.callable.call1(py, (h, d)))
                .and_then(|r| r.extract::<f64>(py))
                .and_then(|x| match x.is_finite() {
                    true => Ok(x),
                    false => Err(config_error(format!(
                        "optimize: the scoring function returned {x}, not a finite number"
                    ))),
                });
            result.map_err(|e| {
                if let Ok(mut slot) = self.error.lock() {
                    slot.get_or_insert(e);
                }
                Abort
            })
        })
    }

    fn remember(&self) -> bool {
        true
    }
}

/// What `optimize=` and `progress=` ask for.
pub struct Ask {
    /// The objective or scoring function.
    pub asked: Asked,
    /// `progress(done, total)`, or None.
    pub progress: Option<Py<PyAny>>,
}

/// The search `ask` names for the deck (its cards as Python objects and in the core), the
/// request and the seed.
pub fn search(
    py: Python<'_>,
    ask: Ask,
    cards: &[Py<Card>],
    deck: &mulligan_core::analysis::Resolved,
    table: Option<&mulligan_core::card_data::CardTable>,
    seed: &mulligan_core::Seed,
) -> PyResult<OptimizeReport> {
    let Ask { asked, progress } = ask;
    let mut stop: Option<PyErr> = None;
    let mut report = |done: u64, total: u64| {
        Python::attach(|py| {
            let r = py.check_signals().and_then(|()| match &progress {
                Some(f) => f.call1(py, (done, total)).map(drop),
                None => Ok(()),
            });
            r.map_err(|e| stop = Some(e)).is_ok()
        })
    };
    let result = match asked {
        Asked::Objective(objective) => {
            let mut deck = deck.clone();
            deck.request.optimize = Some(objective);
            py.detach(|| optimize::search_resolved(&deck, table, seed, &mut report))
        }
        Asked::Callable(callable) => {
            let name = callable
                .bind(py)
                .getattr("__name__")
                .and_then(|n| n.extract::<String>())
                .unwrap_or_else(|_| "score".into());
            let scorer = PyScore {
                callable: Arc::new(callable),
                cards: Arc::new(cards.iter().map(|c| c.clone_ref(py)).collect()),
                error: Arc::new(Mutex::new(None)),
            };
            let mut deck = deck.clone();
            deck.request.threads = Some(1);
            let words = format!("the mean of {name}(hand, draws)");
            let out =
                py.detach(|| optimize::search_scored(&deck, seed, &scorer, words, &mut report));
            if let Some(e) = scorer.error.lock().ok().and_then(|mut e| e.take()) {
                return Err(e);
            }
            out
        }
    };
    if let Some(e) = stop {
        return Err(e);
    }
    guard(|| result)
}
