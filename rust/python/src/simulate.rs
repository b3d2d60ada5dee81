//! `simulate` and `SimulationResult`: the bulk engine's runs, with the GIL released between
//! the checks for Ctrl-C and the progress reports; per-game records come back as numpy arrays.

use crate::args::{type_name, Count, Flag, Of, SeedArg, Text};
use crate::bulk::numpy_zeros;
use crate::card::Card;
use crate::deck::Deck;
use crate::errors::{config_error, guard, illegal, type_error};
use crate::game::{MulliganRule, Variant};
use crate::keep_rule::{KeepRule, PyPolicy};
use mulligan_core::house::HouseRules;
use mulligan_core::simulate::{self as sim, Config, Counts, Outcome};
use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The hand size `simulate` and `bulk.hands` deal when none is given: 103.5's seven.
pub(crate) const BASE_HAND: usize = mulligan_core::rules::BASE_HAND_SIZE as usize;

/// The result of `simulate`: streaming counts (and, if asked, one record per game).
#[pyclass(frozen, module = "mulligan")]
pub struct SimulationResult {
    counts: Counts,
    #[pyo3(get)]
    start: u64,
    #[pyo3(get)]
    mulligan_rule: MulliganRule,
    #[pyo3(get)]
    variant: Variant,
    #[pyo3(get)]
    on_the_play: bool,
    #[pyo3(get)]
    free_mulligan: bool,
    /// The table options of the run (docs/VARIANTS.md).
    house: HouseRules,
    #[pyo3(get)]
    per_game: Option<Py<PyDict>>,
}

#[pymethods]
impl SimulationResult {
    #[getter]
    fn games(&self) -> u64 {
        self.counts.games
    }

    /// The table's extra free mulligans of the run.
    #[getter]
    fn free_mulligans(&self) -> u32 {
        self.house.free_mulligans
    }

    /// Whether the run took the no-land/all-land redraw when allowed.
    #[getter]
    fn land_mulligan(&self) -> bool {
        self.house.land_mulligan
    }

    /// The smoothing model of the run (not the rules), or None.
    #[getter]
    fn smoothing(&self) -> Option<&'static str> {
        self.house.smoothing.map(|m| m.name())
    }

    /// The smoothing model's candidate hands (None: no smoothing).
    #[getter]
    fn smoothing_candidates(&self) -> Option<u32> {
        self.house.candidates()
    }

    #[getter]
    fn hand_size(&self) -> usize {
        self.counts.hand_size
    }

    /// {final hand size: games kept at that size}.
    #[getter]
    fn kept_by_size<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (size, n) in self.counts.kept_by_size().into_iter().enumerate().rev() {
            if n > 0 {
                d.set_item(size, n)?;
            }
        }
        Ok(d)
    }

    #[getter]
    fn mean_hand_size(&self) -> f64 {
        self.counts.mean_hand_size()
    }

    /// Joint counts: `hand_lands[size, lands]` games kept at `size` cards with `lands` lands.
    #[getter]
    fn hand_lands<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<u64>>> {
        let h = self.counts.hand_size + 1;
        let flat = PyArray1::from_slice(py, &self.counts.hand_lands);
        flat.reshape([h, h])
    }

    /// {mulligans taken (free ones included): games}.
    #[getter]
    fn mulligans<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (m, &n) in self.counts.mulligans.iter().enumerate() {
            if n > 0 {
                d.set_item(m, n)?;
            }
        }
        Ok(d)
    }

    /// Vancouver: games whose top card went to the bottom.
    #[getter]
    fn vancouver_bottomed(&self) -> u64 {
        self.counts.vancouver_bottomed
    }

    /// The counts of this run and `other` (other games of the same configuration, e.g. another
    /// machine's share of a cluster run). The per-game records are kept when both runs have
    /// them and their game ranges follow each other (concatenated in game order).
    fn merge(&self, py: Python<'_>, other: Of<'_, SimulationResult>) -> PyResult<SimulationResult> {
        let o = other.0.get();
        if (o.mulligan_rule, o.variant, o.free_mulligan, o.house)
            != (
                self.mulligan_rule,
                self.variant,
                self.free_mulligan,
                self.house,
            )
        {
            return Err(config_error(
                "cannot merge results of different rules, variants or table options",
            ));
        }
        let mut counts = self.counts.clone();
        guard(|| counts.merge(&o.counts))?;
        let per_game = match (&self.per_game, &o.per_game) {
            (Some(a), Some(b)) if o.start == self.start + self.counts.games => {
                Some(concat_records(py, a.bind(py), b.bind(py))?)
            }
            (Some(a), Some(b)) if self.start == o.start + o.counts.games => {
                Some(concat_records(py, b.bind(py), a.bind(py))?)
            }
            _ => None,
        };
        Ok(SimulationResult {
            counts,
            start: self.start.min(o.start),
            mulligan_rule: self.mulligan_rule,
            variant: self.variant,
            on_the_play: self.on_the_play,
            free_mulligan: self.free_mulligan,
            house: self.house,
            per_game,
        })
    }

    /// Pickling (e.g. a cluster worker's share coming back): the counts, the configuration and
    /// the per-game records.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let c = &self.counts;
        let state = (
            (c.games, c.hand_lands.clone(), c.mulligans.clone()),
            (c.vancouver_bottomed, c.hand_size, self.start),
            (self.mulligan_rule.core().name(), self.variant.core().name()),
            (self.on_the_play, self.free_mulligan, self.per_game.as_ref()),
            (
                self.house.free_mulligans,
                self.house.land_mulligan,
                self.house.smoothing.map(|m| m.name()),
                self.house.smoothing_candidates,
            ),
        );
        let restore = py
            .import(intern!(py, "mulligan._core"))?
            .getattr(intern!(py, "_restore_simulation_result"))?;
        (restore, (state,)).into_pyobject(py).map(Bound::into_any)
    }

    /// A JSON-ready dict.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("games", self.counts.games)?;
        let kept = PyDict::new(py);
        for (size, n) in self.kept_by_size(py)?.iter() {
            kept.set_item(size.str()?, n)?;
        }
        d.set_item("kept_by_size", kept)?;
        d.set_item("mean_hand_size", self.counts.mean_hand_size())?;
        let mull = PyDict::new(py);
        for (m, n) in self.mulligans(py)?.iter() {
            mull.set_item(m.str()?, n)?;
        }
        d.set_item("mulligans", mull)?;
        let h = self.counts.hand_size + 1;
        let rows: Vec<Vec<u64>> = self
            .counts
            .hand_lands
            .chunks(h)
            .map(|r| r.to_vec())
            .collect();
        d.set_item("hand_lands", rows)?;
        d.set_item("hand_size", self.counts.hand_size)?;
        d.set_item("vancouver_bottomed", self.counts.vancouver_bottomed)?;
        d.set_item("start", self.start)?;
        d.set_item("free_mulligan", self.free_mulligan)?;
        d.set_item("free_mulligans", self.house.free_mulligans)?;
        d.set_item("land_mulligan", self.house.land_mulligan)?;
        d.set_item("smoothing", self.smoothing())?;
        d.set_item("smoothing_candidates", self.smoothing_candidates())?;
        d.set_item("on_the_play", self.on_the_play)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        format!(
            "SimulationResult(games={}, mean_hand_size={:.4}, kept_by_size={:?})",
            self.counts.games,
            self.counts.mean_hand_size(),
            self.counts.kept_by_size()
        )
    }
}

/// The per-game records of two runs, `a`'s games first.
fn concat_records(
    py: Python<'_>,
    a: &Bound<'_, PyDict>,
    b: &Bound<'_, PyDict>,
) -> PyResult<Py<PyDict>> {
    let numpy = py.import(intern!(py, "numpy"))?;
    let out = PyDict::new(py);
    for (key, first) in a.iter() {
        let Some(second) = b.get_item(&key)? else {
            continue;
        };
        out.set_item(
            &key,
            numpy.call_method1(intern!(py, "concatenate"), ((first, second),))?,
        )?;
    }
    Ok(out.unbind())
}

type ResultState<'py> = (
    (u64, Vec<u64>, Vec<u64>),
    (u64, usize, u64),
    (String, String),
    (bool, bool, Option<Bound<'py, PyDict>>),
    (u32, bool, Option<String>, Option<u32>),
);

/// The inverse of `SimulationResult.__reduce__` (pickle calls it; not public API).
#[pyfunction]
pub fn _restore_simulation_result(
    py: Python<'_>,
    state: ResultState<'_>,
) -> PyResult<SimulationResult> {
    let (
        (games, hand_lands, mulligans),
        (vancouver_bottomed, hand_size, start),
        rule,
        flags,
        options,
    ) = state;
    // By name: the enums themselves do not pickle.
    let mulligan_rule: MulliganRule = py.get_type::<MulliganRule>().getattr(&rule.0)?.extract()?;
    let variant: Variant = py.get_type::<Variant>().getattr(&rule.1)?.extract()?;
    let (on_the_play, free_mulligan, per_game) = flags;
    let house = HouseRules {
        free_mulligans: options.0,
        land_mulligan: options.1,
        smoothing: match options.2 {
            Some(name) => Some(guard(|| mulligan_core::house::Smoothing::parse(&name))?),
            None => None,
        },
        smoothing_candidates: options.3,
    };
    let cfg = Config {
        rule: mulligan_rule.core(),
        free_first: free_mulligan,
        hand_size,
        deck_size: 0,
        house,
    };
    let cells = (hand_size + 1).checked_mul(hand_size + 1);
    if hand_size > sim::MAX_HAND
        || cells != Some(hand_lands.len())
        || cfg.validate().is_err()
        || mulligans.len() != cfg.max_mulligans() + 1
    {
        return Err(config_error("not the state of a SimulationResult"));
    }
    Ok(SimulationResult {
        counts: Counts {
            games,
            hand_lands,
            mulligans,
            vancouver_bottomed,
            hand_size,
        },
        start,
        mulligan_rule,
        variant,
        on_the_play,
        free_mulligan,
        house,
        per_game: per_game.map(Bound::unbind),
    })
}

pub(crate) fn threads_arg(threads: Option<Count>) -> PyResult<usize> {
    match threads {
        None => Ok(std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)),
        Some(t) => {
            let n = t.get();
            if n == 0 {
                return Err(config_error("threads must be at least 1"));
            }
            Ok(n.min(1024) as usize)
        }
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
#[pyo3(signature = (deck, *, games, mulligan = None, variant = None, keep = None,
                    seed = None, threads = None, on_the_play = None, hand_size = None, players = None, start = None,
                    per_game = None, progress = None, executor = None, free_mulligans = None,
                    land_mulligan = None, smoothing = None, smoothing_candidates = None, exile = None),
       text_signature = "(deck, *, games, mulligan=..., variant=..., keep=None, seed=None, threads=None, on_the_play=True, hand_size=7, players=None, start=0, per_game=False, progress=None, executor=None, free_mulligans=0, land_mulligan=False, smoothing=None, smoothing_candidates=None, exile=None)")]
#[allow(clippy::too_many_arguments)]
pub fn simulate<'py>(
    py: Python<'py>,
    deck: Of<'py, Deck>,
    games: Count,
    mulligan: Option<Of<'py, MulliganRule>>,
    variant: Option<Of<'py, Variant>>,
    keep: Option<&Bound<'py, PyAny>>,
    seed: Option<SeedArg>,
    threads: Option<Count>,
    on_the_play: Option<Flag>,
    hand_size: Option<Count>,
    players: Option<Count>,
    start: Option<Count>,
    per_game: Option<Flag>,
    progress: Option<&Bound<'py, PyAny>>,
    executor: Option<&Bound<'py, PyAny>>,
    free_mulligans: Option<Count>,
    land_mulligan: Option<Flag>,
    smoothing: Option<Text>,
    smoothing_candidates: Option<Count>,
    exile: Option<Text>,
) -> PyResult<Bound<'py, SimulationResult>> {
    // PARTIAL_PARIS: which cards a mulligan exiles; given, it replaces the keep rule's own.
    let exile = match exile {
        Some(e) => Some(crate::keep_rule::parse_exile(Some(e))?),
        None => None,
    };
    let house = crate::house::house_rules(
        free_mulligans,
        land_mulligan,
        smoothing,
        smoothing_candidates,
    )?;
    let deck = deck.0;
    let mulligan = mulligan.map_or(MulliganRule::LONDON, |m| m.value());
    let variant = variant.map_or(Variant::TWO_PLAYER, |v| v.value());
    let on_the_play = on_the_play.is_none_or(|f| f.0);
    let per_game = per_game.is_some_and(|f| f.0);
    let games = games.get();
    let start = start.map_or(0, |s| s.get());
    let hand_size = hand_size.map_or(BASE_HAND, |h| h.size());
    let players = match players {
        Some(p) => p.size(),
        None => variant.core().default_players(),
    };
    guard(|| variant.core().check_players(players))?;
    let threads_given = threads.as_ref().map(|t| t.get());
    let threads = threads_arg(threads)?;
    let seed = match seed {
        Some(s) => s.0,
        None => guard(mulligan_core::Seed::generate)?,
    };
    let progress = match progress.filter(|p| !p.is_none()) {
        Some(p) if p.is_callable() => Some(p.clone().unbind()),
        Some(p) => {
            return Err(type_error(format!(
                "progress must be a callable (done, total), got {}",
                type_name(p)
            )))
        }
        None => None,
    };
    let cards: Vec<Bound<'py, Card>> = deck
        .get()
        .cards
        .iter()
        .map(|c| c.bind(py).clone())
        .collect();
    let lands: Vec<bool> = cards.iter().map(|c| c.get().inner.land).collect();
    let tags: Vec<Vec<String>> = cards.iter().map(|c| c.get().inner.tags.clone()).collect();
    let free_first = mulligan_core::rules::free_first_mulligan(variant.core(), players);
    let cfg = Config {
        house,
        rule: mulligan.core(),
        free_first,
        hand_size,
        deck_size: cards.len(),
    };
    guard(|| cfg.validate())?;
    let keep = keep.filter(|k| !k.is_none());
    let with_exile = |mut rule: sim::KeepRule| {
        rule.exile = exile.unwrap_or(rule.exile);
        rule
    };
    let rule: Option<sim::KeepRule> = match keep {
        None => Some(with_exile(sim::KeepRule::default())),
        Some(k) => match k.cast::<KeepRule>() {
            Ok(rule) => Some(with_exile(rule.get().inner.clone())),
            Err(_) if k.is_callable() => None,
            Err(_) => {
                return Err(type_error(format!(
                    "keep must be a KeepRule or a callable, got {}",
                    type_name(k)
                )))
            }
        },
    };
    // One record per game: 4 bytes in Rust, 4 more in the numpy arrays.
    let record = std::mem::size_of::<Outcome>() as u64 + 4;
    if per_game {
        guard(|| mulligan_core::memory::check("games (with per_game=True)", games, record, 0))?;
    }
    let compiled = match &rule {
        Some(rule) => Some(guard(|| rule.compile(&lands, &tags))?),
        None => None,
    };
    let warnings = rule
        .as_ref()
        .unwrap_or(&sim::KeepRule::default())
        .warnings(&lands, &tags);
    for w in warnings {
        crate::errors::warn(py, &w)?;
    }

    if let Some(executor) = executor.filter(|e| !e.is_none()) {
        let kwargs = PyDict::new(py);
        kwargs.set_item("games", games)?;
        kwargs.set_item("mulligan", mulligan)?;
        kwargs.set_item("variant", variant)?;
        kwargs.set_item("keep", keep)?;
        kwargs.set_item("seed", crate::seed::Seed { inner: seed })?;
        kwargs.set_item("threads", threads_given)?;
        kwargs.set_item("on_the_play", on_the_play)?;
        kwargs.set_item("hand_size", hand_size)?;
        kwargs.set_item("players", players)?;
        kwargs.set_item("start", start)?;
        kwargs.set_item("per_game", per_game)?;
        kwargs.set_item("progress", progress)?;
        kwargs.set_item("free_mulligans", house.free_mulligans)?;
        kwargs.set_item("land_mulligan", house.land_mulligan)?;
        kwargs.set_item("smoothing", house.smoothing.map(|m| m.name()))?;
        kwargs.set_item("smoothing_candidates", house.smoothing_candidates)?;
        kwargs.set_item("exile", exile.map(|e| e.name()))?;
        return py
            .import(intern!(py, "mulligan._cluster"))?
            .call_method(intern!(py, "simulate"), (executor, deck), Some(&kwargs))?
            .cast_into::<SimulationResult>()
            .map_err(PyErr::from);
    }

    let mut outcomes = vec![];
    if per_game {
        let n = usize::try_from(games).map_err(|_| config_error("games: too many to record"))?;
        outcomes
            .try_reserve_exact(n)
            .map_err(|e| config_error(format!("games = {games} with per_game=True: {e}")))?;
        outcomes.resize(n, Outcome::default());
    }
    let out = per_game.then_some(outcomes.as_mut_slice());

    let mut watch = Watch {
        progress,
        total: games,
        error: None,
    };
    if !watch.report(0) {
        return Err(watch.error.take().expect("a failed report keeps its error"));
    }
    let counts = match (keep, compiled) {
        (_, Some(compiled)) => {
            let (seed_ref, watch_ref) = (&seed, &mut watch);
            py.detach(|| {
                let mut report = |done| watch_ref.report(done);
                guard(|| {
                    sim::simulate_watched(
                        seed_ref,
                        cfg,
                        &lands,
                        &compiled,
                        start,
                        games,
                        threads,
                        out,
                        Some(&mut report),
                    )
                })
            })?
        }
        (Some(k), None) => {
            let fallback = guard(|| with_exile(sim::KeepRule::default()).compile(&lands, &tags))?;
            let mut policy = PyPolicy {
                callable: k.clone(),
                cards: cards.iter().map(|c| c.clone().unbind()).collect(),
                fallback,
                error: None,
            };
            let mut report = |done| watch.report(done);
            let result = guard(|| {
                sim::simulate_serial(
                    &seed,
                    cfg,
                    &lands,
                    &mut policy,
                    start,
                    games,
                    out,
                    Some(&mut report),
                )
            })?;
            if let Some(e) = policy.error.take() {
                return Err(e);
            }
            result
        }
        (None, None) => unreachable!("no keep argument is the default rule"),
    };
    if let Some(e) = watch.error.take() {
        return Err(e);
    }
    let counts = counts.map_err(|_| illegal("the simulation was stopped by its keep rule"))?;
    if !watch.report(games) {
        return Err(watch.error.take().expect("a failed report keeps its error"));
    }
    let per_game = match per_game {
        true => Some(per_game_arrays(py, &outcomes)?.unbind()),
        false => None,
    };
    Bound::new(
        py,
        SimulationResult {
            counts,
            start,
            mulligan_rule: mulligan,
            variant,
            on_the_play,
            free_mulligan: free_first,
            house,
            per_game,
        },
    )
}
