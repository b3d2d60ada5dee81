//! `simulate`: the Python keywords converted into the core's simulation request
//! (`mulligan_core::simulate::Request`, docs/schema.json `SimulateRequest`), which owns the
//! defaults, the engine's configuration and the checks; the games run with the GIL released
//! between the checks for Ctrl-C and the progress reports, and per-game records come back as
//! numpy arrays.

use crate::args::{type_name, Count, Flag, Keywords, Of, Text};
use crate::arrays::numpy_zeros;
use crate::deck::Deck;
use crate::errors::{guard, illegal, type_error};
use crate::keep_rule::{KeepRule, PyPolicy};
use crate::rules::{MulliganRule, Named, Variant};
use crate::seed::SeedArg;
use crate::simulation_result::SimulationResult;
use mulligan_core::simulate::{self as sim, Outcome, Request};
use numpy::PyArrayMethods;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The keywords `simulate` takes, in its signature's order.
const KEYWORDS: &[&str] = &[
    "games",
    "mulligan",
    "variant",
    "keep",
    "seed",
    "threads",
    "on_the_play",
    "hand_size",
    "players",
    "start",
    "per_game",
    "progress",
    "executor",
    "free_mulligans",
    "land_mulligan",
    "smoothing",
    "smoothing_candidates",
    "exile",
];

/// What `simulate`'s keywords ask for: the core's request, and what only Python has (a keep
/// rule that is a callable, the progress callback, a cluster's executor).
struct Asked<'py> {
    request: Request<()>,
    seed: mulligan_core::Seed,
    keep: Keep<'py>,
    progress: Option<Py<PyAny>>,
    executor: Option<Bound<'py, PyAny>>,
}

/// The `keep=` argument.
enum Keep<'py> {
    /// None: the core's default rule.
    Default,
    /// A `KeepRule`: compiled in the core.
    Rule(Bound<'py, PyAny>),
    /// Any callable `keep(hand, mulligans) -> bool`: the slow path.
    Callable(Bound<'py, PyAny>),
}

impl<'py> Asked<'py> {
    fn read(keywords: &Keywords<'py>) -> PyResult<Asked<'py>> {
        // A count beyond 32 bits is out of range like any other: the core names the range.
        let small = |c: Count| u32::try_from(c.get()).unwrap_or(u32::MAX);
        let mut request = Request::new((), keywords.required::<Count>("games")?.get());
        if let Some(Named(rule)) = keywords.get("mulligan")? {
            request.mulligan = rule;
        }
        if let Some(Named(variant)) = keywords.get("variant")? {
            request.variant = variant;
        }
        let keep = match keywords.object("keep") {
            None => Keep::Default,
            Some(k) => match k.cast::<KeepRule>() {
                Ok(rule) => {
                    request.keep = Some(rule.get().inner.clone());
                    Keep::Rule(k.clone())
                }
                Err(_) if k.is_callable() => Keep::Callable(k.clone()),
                Err(_) => {
                    return Err(type_error(format!(
                        "keep must be a KeepRule or a callable, got {}",
                        type_name(k)
                    )))
                }
            },
        };
        let seed = keywords.get::<SeedArg>("seed")?;
        request.threads = keywords.get::<Count>("threads")?.map(|t| t.size());
        if let Some(Flag(f)) = keywords.get("on_the_play")? {
            request.on_the_play = f;
        }
        if let Some(h) = keywords.get::<Count>("hand_size")? {
            request.hand_size = h.size();
        }
        request.players = keywords.get::<Count>("players")?.map(|p| p.size());
        request.start = keywords.get::<Count>("start")?.map_or(0, |s| s.get());
        request.per_game = keywords.get::<Flag>("per_game")?.is_some_and(|f| f.0);
        let progress = keywords.callable("progress", "(done, total)")?;
        let executor = keywords.object("executor").cloned();
        request.house.free_mulligans = keywords.get::<Count>("free_mulligans")?.map_or(0, small);
        request.house.land_mulligan = keywords.get::<Flag>("land_mulligan")?.is_some_and(|f| f.0);
        if let Some(name) = keywords.get::<Text>("smoothing")? {
            request.house.smoothing = Some(guard(|| mulligan_core::Smoothing::parse(&name.0))?);
        }
        request.house.smoothing_candidates =
            keywords.get::<Count>("smoothing_candidates")?.map(small);
        if let Some(name) = keywords.get::<Text>("exile")? {
            request.exile = Some(guard(|| sim::Exile::parse(&name.0))?);
        }
        let seed = match seed {
            Some(s) => s.0,
            None => guard(mulligan_core::Seed::generate)?,
        };
        Ok(Asked {
            request,
            seed,
            keep,
            progress,
            executor,
        })
    }

    /// The keywords of `mulligan._cluster.simulate`: this request, every default resolved
    /// (the seed drawn, the table counted), so that every share runs the same games.
    fn cluster_keywords(&self, py: Python<'py>, players: usize) -> PyResult<Bound<'py, PyDict>> {
        let r = &self.request;
        let kwargs = PyDict::new(py);
        kwargs.set_item("games", r.games)?;
        kwargs.set_item("mulligan", MulliganRule::of(r.mulligan))?;
        kwargs.set_item("variant", Variant::of(r.variant))?;
        let keep = match &self.keep {
            Keep::Default => None,
            Keep::Rule(k) | Keep::Callable(k) => Some(k),
        };
        kwargs.set_item("keep", keep)?;
        kwargs.set_item(
            "seed",
            crate::seed::Seed {
                inner: self.seed.clone(),
            },
        )?;
        kwargs.set_item("threads", r.threads)?;
        kwargs.set_item("on_the_play", r.on_the_play)?;
        kwargs.set_item("hand_size", r.hand_size)?;
        kwargs.set_item("players", players)?;
        kwargs.set_item("start", r.start)?;
        kwargs.set_item("per_game", r.per_game)?;
        kwargs.set_item("progress", &self.progress)?;
        kwargs.set_item("free_mulligans", r.house.free_mulligans)?;
        kwargs.set_item("land_mulligan", r.house.land_mulligan)?;
        kwargs.set_item("smoothing", r.house.smoothing.map(|m| m.name()))?;
        kwargs.set_item("smoothing_candidates", r.house.smoothing_candidates)?;
        kwargs.set_item("exile", r.exile.map(|e| e.name()))?;
        Ok(kwargs)
    }
}

/// Calls `progress(done, total)` and checks for Ctrl-C, from the thread that called
/// `simulate` while the engine runs (the GIL is taken only for that): the core's
/// [`sim::Monitor`]. The first error (KeyboardInterrupt, or one the callback raised) stops the
/// run and is kept here.
struct Watch {
    progress: Option<Py<PyAny>>,
    total: u64,
    error: Option<PyErr>,
}

impl Watch {
    fn report(&mut self, done: u64) -> bool {
        Python::attach(|py| {
            let result = py.check_signals().and_then(|()| match &self.progress {
                Some(f) => f.call1(py, (done, self.total)).map(drop),
                None => Ok(()),
            });
            result.map_err(|e| self.error = Some(e)).is_ok()
        })
    }
}

/// The per-game records as numpy arrays (`per_game=True`).
fn per_game_arrays<'py>(py: Python<'py>, outcomes: &[Outcome]) -> PyResult<Bound<'py, PyDict>> {
    let n = outcomes.len();
    let d = PyDict::new(py);
    type Field = fn(&Outcome) -> u8;
    let fields: [(&str, Field); 3] = [
        ("hand_size", |o| o.hand_size),
        ("lands", |o| o.lands),
        ("mulligans", |o| o.mulligans),
    ];
    for (name, field) in fields {
        let array = numpy_zeros::<u8, numpy::Ix1>(py, n, "uint8", "games")?;
        // SAFETY: the array was just created here: no other view of it exists.
        let cells = unsafe { array.as_slice_mut()? };
        for (cell, o) in cells.iter_mut().zip(outcomes) {
            *cell = field(o);
        }
        d.set_item(name, array)?;
    }
    let array = numpy_zeros::<bool, numpy::Ix1>(py, n, "bool", "games")?;
    // SAFETY: as above.
    let cells = unsafe { array.as_slice_mut()? };
    for (cell, o) in cells.iter_mut().zip(outcomes) {
        *cell = o.vancouver_bottom;
    }
    d.set_item("vancouver_bottom", array)?;
    Ok(d)
}

/// Resolves `games` complete mulligan processes of one player in Rust (103.5): see the docs.
/// `progress(done, total)` is called between chunks (about 20 times a second, first with 0 and
/// last with `total`); Ctrl-C stops the run with KeyboardInterrupt. `executor` (a
/// `dask.distributed.Client` or a `concurrent.futures.Executor`) splits the games over its
/// workers (`mulligan._cluster`): the result equals a one-machine run.
#[pyfunction]
#[pyo3(signature = (deck, **keywords),
       text_signature = "(deck, *, games, mulligan=..., variant=..., keep=None, seed=None, threads=None, on_the_play=True, hand_size=7, players=None, start=0, per_game=False, progress=None, executor=None, free_mulligans=0, land_mulligan=False, smoothing=None, smoothing_candidates=None, exile=None)")]
pub fn simulate<'py>(
    py: Python<'py>,
    deck: Of<'py, Deck>,
    keywords: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, SimulationResult>> {
    let asked = Asked::read(&Keywords::new("simulate", keywords, KEYWORDS)?)?;
    let deck = deck.0;
    let cards = deck.get().main_cards(py);
    let request = &asked.request;
    let colours = request
        .keep
        .as_ref()
        .is_some_and(|k| !k.min_sources.is_empty());
    let facts = crate::keep_rule::rule_cards(py, &cards, colours)?;
    let run = guard(|| request.prepare_for(&facts))?;
    for w in &run.warnings {
        crate::errors::warn(py, w)?;
    }
    if let Some(executor) = &asked.executor {
        let kwargs = asked.cluster_keywords(py, run.players)?;
        return py
            .import(intern!(py, "mulligan._cluster"))?
            .call_method(intern!(py, "simulate"), (executor, deck), Some(&kwargs))?
            .cast_into::<SimulationResult>()
            .map_err(PyErr::from);
    }
    let mut records = guard(|| run.records())?;
    let mut watch = Watch {
        progress: asked.progress,
        total: request.games,
        error: None,
    };
    if !watch.report(0) {
        return Err(watch.error.take().expect("a failed report keeps its error"));
    }
    let seed = &asked.seed;
    let counts = match &asked.keep {
        Keep::Default | Keep::Rule(_) => {
            let (run, records, watch) = (&run, &mut records, &mut watch);
            py.detach(|| {
                let mut report = |done| watch.report(done);
                guard(|| run.run(seed, records, Some(&mut report)))
            })?
        }
        Keep::Callable(k) => {
            // The callable decides; the run's rule (the default, with `exile`) answers the rest.
            let mut policy = PyPolicy {
                callable: k.clone(),
                cards: cards.iter().map(|c| c.clone().unbind()).collect(),
                fallback: run.compiled.clone(),
                error: None,
            };
            let mut report = |done| watch.report(done);
            let result =
                guard(|| run.run_with(seed, &mut policy, &mut records, Some(&mut report)))?;
            if let Some(e) = policy.error.take() {
                return Err(e);
            }
            result
        }
    };
    if let Some(e) = watch.error.take() {
        return Err(e);
    }
    let counts = counts.map_err(|_| illegal("the simulation was stopped by its keep rule"))?;
    if !watch.report(request.games) {
        return Err(watch.error.take().expect("a failed report keeps its error"));
    }
    let per_game = match request.per_game {
        true => Some(per_game_arrays(py, &records)?.unbind()),
        false => None,
    };
    Bound::new(
        py,
        SimulationResult {
            counts,
            start: request.start,
            mulligan_rule: MulliganRule::of(request.mulligan),
            variant: Variant::of(request.variant),
            on_the_play: request.on_the_play,
            free_mulligan: run.config.free_first,
            house: run.config.house,
            per_game,
        },
    )
}
