//! `KeepRule`, `simulate`, `SimulationResult` and the raw bulk primitives (`bulk.shuffles`,
//! `bulk.hands`). Long work runs with the GIL released; results come back as numpy arrays.

use crate::args::{texts, type_name, Cards, Count, Flag, Of, Real, SeedArg, SetUp, Text};
use crate::cards::{Card, Deck};
use crate::errors::{caught, config_error, guard, illegal, type_error};
use crate::game::{MulliganRule, Variant};
use mulligan_core::card::MAX_TAGS;
use mulligan_core::simulate::{
    self as sim, Abort, Bottom, CompiledRule, Config, Counts, Outcome, Policy,
};
use mulligan_core::CardId;
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyMapping, PyString, PyTuple};

/// How a simulated player decides: land ranges by hand size, a size at which anything is
/// kept, which cards London puts on the bottom, and required tags. Compiled into Rust.
#[pyclass(frozen, module = "mulligan")]
pub struct KeepRule {
    pub inner: sim::KeepRule,
}

fn parse_bottom(obj: Option<Text<SetUp>>) -> PyResult<Bottom> {
    let Some(s) = obj else {
        return Ok(Bottom::Balance);
    };
    match s.0.as_str() {
        "balance" => Ok(Bottom::Balance),
        "lands_first" | "lands" => Ok(Bottom::LandsFirst),
        "spells_first" | "spells" => Ok(Bottom::SpellsFirst),
        other => Err(config_error(format!(
            "bottom must be \"balance\", \"lands_first\" or \"spells_first\", got {other:?}"
        ))),
    }
}

fn parse_requires(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<(String, u32)>> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(vec![]);
    };
    if obj.is_instance_of::<PyString>() {
        return Ok(vec![(Text::<SetUp>::from_py(obj)?.0, 1)]);
    }
    let mut out = vec![];
    if let Ok(map) = obj.cast::<PyMapping>() {
        for item in map.items()?.iter() {
            let (k, v) = item.extract::<(Bound<'_, PyAny>, Bound<'_, PyAny>)>()?;
            let tag = Text::<SetUp>::from_py(&k)?.0;
            let min = Count::from_py(&v)?.get();
            out.push((
                tag,
                u32::try_from(min).map_err(|_| config_error("required count too large"))?,
            ));
        }
        return Ok(out);
    }
    for tag in texts::<SetUp>(obj, "requires", MAX_TAGS)? {
        out.push((tag, 1));
    }
    Ok(out)
}

/// A `(min, max)` land range of `ranges`: two ints of 0 or more.
fn land_range(size: u64, v: &Bound<'_, PyAny>) -> PyResult<(u32, u32)> {
    let pair = v
        .cast::<PyTuple>()
        .ok()
        .filter(|t| t.len() == 2)
        .ok_or_else(|| type_error(format!("ranges[{size}] must be a (min, max) pair of ints")))?;
    let lo = Count::from_py(&pair.get_item(0)?)?.get();
    let hi = Count::from_py(&pair.get_item(1)?)?.get();
    match (u32::try_from(lo), u32::try_from(hi)) {
        (Ok(lo), Ok(hi)) => Ok((lo, hi)),
        _ => Err(config_error(format!(
            "ranges[{size}] = ({lo}, {hi}): a land count beyond any deck"
        ))),
    }
}

impl KeepRule {
    /// Compiles against Card objects (their own land flags and tags).
    fn compile_for(
        &self,
        cards: &[Bound<'_, Card>],
        land_share: Option<f64>,
    ) -> PyResult<CompiledRule> {
        let lands: Vec<bool> = cards.iter().map(|c| c.get().inner.land).collect();
        let tags: Vec<Vec<String>> = cards.iter().map(|c| c.get().inner.tags.clone()).collect();
        let rule = guard(|| self.inner.compile(&lands, &tags))?;
        Ok(match land_share {
            Some(s) => rule.with_land_share(s),
            None => rule,
        })
    }
}

#[pymethods]
impl KeepRule {
    #[new]
    #[pyo3(signature = (ranges = None, *, keep_at = None, bottom = None, requires = None),
           text_signature = "(ranges=None, *, keep_at=None, bottom='balance', requires=None)")]
    fn new(
        ranges: Option<&Bound<'_, PyAny>>,
        keep_at: Option<Count>,
        bottom: Option<Text<SetUp>>,
        requires: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<KeepRule> {
        let mut parsed = vec![];
        if let Some(r) = ranges.filter(|r| !r.is_none()) {
            let map = r.cast::<PyMapping>().map_err(|_| {
                type_error(format!(
                    "ranges must map hand size to (min, max), got {}",
                    type_name(r)
                ))
            })?;
            for item in map.items()?.iter() {
                let (k, v) = item.extract::<(Bound<'_, PyAny>, Bound<'_, PyAny>)>()?;
                let size = Count::from_py(&k)?.get();
                let (lo, hi) = land_range(size, &v)?;
                parsed.push((usize::try_from(size).unwrap_or(usize::MAX), lo, hi));
            }
        }
        parsed.sort_unstable();
        let keep_at = keep_at.map(|k| k.size());
        let inner = sim::KeepRule {
            ranges: parsed,
            keep_at,
            bottom: parse_bottom(bottom)?,
            requires: parse_requires(requires)?,
        };
        guard(|| inner.validate())?;
        Ok(KeepRule { inner })
    }

    /// {hand size: (min lands, max lands)}.
    #[getter]
    fn ranges<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for &(size, lo, hi) in &self.inner.ranges {
            d.set_item(size, (lo, hi))?;
        }
        Ok(d)
    }

    #[getter]
    fn keep_at(&self) -> Option<usize> {
        self.inner.keep_at
    }

    #[getter]
    fn bottom(&self) -> &'static str {
        match self.inner.bottom {
            Bottom::Balance => "balance",
            Bottom::LandsFirst => "lands_first",
            Bottom::SpellsFirst => "spells_first",
        }
    }

    #[getter]
    fn requires(&self) -> Vec<(String, u32)> {
        self.inner.requires.clone()
    }

    /// Whether this rule keeps `hand` (the cards after any put on the bottom).
    #[pyo3(signature = (hand, *, can_mulligan = None), text_signature = "($self, hand, *, can_mulligan=True)")]
    fn keeps(&self, hand: Cards<'_, SetUp>, can_mulligan: Option<Flag>) -> PyResult<bool> {
        let cards = hand.0;
        let rule = self.compile_for(&cards, None)?;
        let ids: Vec<CardId> = (0..cards.len() as CardId).collect();
        guard(|| Ok(rule.keeps(&ids, can_mulligan.is_none_or(|c| c.0))))
    }

    /// The `count` cards of `hand` this rule puts on the bottom (London), in order.
    /// `land_share`: the deck's share of lands, the target when no range covers the kept size.
    #[pyo3(signature = (hand, count, *, land_share = None))]
    fn choose_bottom<'py>(
        &self,
        py: Python<'py>,
        hand: Cards<'py, SetUp>,
        count: Count,
        land_share: Option<Real>,
    ) -> PyResult<Bound<'py, PyList>> {
        let cards = hand.0;
        let count = count.size();
        if count > cards.len() {
            return Err(illegal(format!(
                "cannot put {count} cards of a {}-card hand on the bottom",
                cards.len()
            )));
        }
        let rule = self.compile_for(&cards, land_share.map(|s| s.0))?;
        let ids: Vec<CardId> = (0..cards.len() as CardId).collect();
        caught(|| {
            let chosen = rule.choose_bottom(&ids, count);
            PyList::new(py, chosen.iter().map(|&i| cards[i as usize].clone()))
        })
    }

    /// Vancouver: whether this rule puts the `card` seen on top on the bottom.
    #[pyo3(signature = (hand, card, *, land_share = None))]
    fn vancouver_bottom(
        &self,
        hand: Cards<'_, SetUp>,
        card: Of<'_, Card>,
        land_share: Option<Real>,
    ) -> PyResult<bool> {
        let mut cards = hand.0;
        cards.push(card.0);
        let rule = self.compile_for(&cards, land_share.map(|s| s.0))?;
        let ids: Vec<CardId> = (0..cards.len() as CardId - 1).collect();
        guard(|| Ok(rule.vancouver_bottom(&ids, cards.len() as CardId - 1)))
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "KeepRule({}, keep_at={:?}, bottom={:?}, requires={:?})",
            self.ranges(py)?.repr()?,
            self.inner.keep_at,
            self.bottom(),
            self.inner.requires
        ))
    }
}

/// A Python callable as a keep rule (the slow path): `keep(hand: list[Card], mulligans: int)
/// -> bool`. Cards to bottom and Vancouver's look follow `fallback` (a compiled rule).
struct PyPolicy<'py> {
    callable: Bound<'py, PyAny>,
    cards: Vec<Py<Card>>,
    fallback: CompiledRule,
    error: Option<PyErr>,
}

impl Policy for PyPolicy<'_> {
    fn keep(
        &mut self,
        hand: &[CardId],
        _lands: u32,
        mulligans: u32,
        can_mulligan: bool,
    ) -> Result<bool, Abort> {
        if !can_mulligan {
            return Ok(true);
        }
        let py = self.callable.py();
        let result = PyList::new(
            py,
            hand.iter().map(|&c| self.cards[c as usize].clone_ref(py)),
        )
        .and_then(|list| self.callable.call1((list, mulligans)))
        .and_then(|r| r.is_truthy());
        result.map_err(|e| {
            self.error = Some(e);
            Abort
        })
    }
    fn bottom(&mut self, hand: &[CardId], count: usize) -> Result<Vec<CardId>, Abort> {
        Ok(self.fallback.choose_bottom(hand, count))
    }
    fn vancouver(&mut self, hand: &[CardId], top: CardId) -> Result<bool, Abort> {
        Ok(self.fallback.vancouver_bottom(hand, top))
    }
}

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
    #[pyo3(get)]
    per_game: Option<Py<PyDict>>,
}

#[pymethods]
impl SimulationResult {
    #[getter]
    fn games(&self) -> u64 {
        self.counts.games
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
        if (o.mulligan_rule, o.variant, o.free_mulligan)
            != (self.mulligan_rule, self.variant, self.free_mulligan)
        {
            return Err(config_error(
                "cannot merge results of different rules or variants",
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
);

/// The inverse of `SimulationResult.__reduce__` (pickle calls it; not public API).
#[pyfunction]
pub fn _restore_simulation_result(
    py: Python<'_>,
    state: ResultState<'_>,
) -> PyResult<SimulationResult> {
    let ((games, hand_lands, mulligans), (vancouver_bottomed, hand_size, start), rule, flags) =
        state;
    // By name: the enums themselves do not pickle.
    let mulligan_rule: MulliganRule = py.get_type::<MulliganRule>().getattr(&rule.0)?.extract()?;
    let variant: Variant = py.get_type::<Variant>().getattr(&rule.1)?.extract()?;
    let (on_the_play, free_mulligan, per_game) = flags;
    let cells = (hand_size + 1).checked_mul(hand_size + 1);
    if hand_size > sim::MAX_HAND
        || cells != Some(hand_lands.len())
        || mulligans.len() != hand_size + usize::from(free_mulligan) + 1
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
        per_game: per_game.map(Bound::unbind),
    })
}

fn threads_arg(threads: Option<Count>) -> PyResult<usize> {
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

fn default_players(variant: Variant) -> usize {
    match variant {
        Variant::TWO_PLAYER | Variant::VANGUARD | Variant::BRAWL => 2,
        _ => 4,
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

/// A new zeroed numpy array, allocated by numpy itself: a failure is an error naming
/// `argument` (never a panic).
fn numpy_zeros<'py, T: numpy::Element, D: numpy::ndarray::Dimension>(
    py: Python<'py>,
    shape: impl IntoPyObject<'py>,
    dtype: &str,
    argument: &str,
) -> PyResult<Bound<'py, numpy::PyArray<T, D>>> {
    let array = py
        .import(intern!(py, "numpy"))?
        .call_method1(intern!(py, "zeros"), (shape, dtype))
        .map_err(|e| {
            if e.is_instance_of::<pyo3::exceptions::PyMemoryError>(py) {
                config_error(format!(
                    "{argument}: the output could not be allocated ({e})"
                ))
            } else {
                e
            }
        })?;
    Ok(array.cast_into::<numpy::PyArray<T, D>>()?)
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
                    per_game = None, progress = None, executor = None),
       text_signature = "(deck, *, games, mulligan=..., variant=..., keep=None, seed=None, threads=None, on_the_play=True, hand_size=7, players=None, start=0, per_game=False, progress=None, executor=None)")]
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
) -> PyResult<Bound<'py, SimulationResult>> {
    let deck = deck.0;
    let mulligan = mulligan.map_or(MulliganRule::LONDON, |m| m.value());
    let variant = variant.map_or(Variant::TWO_PLAYER, |v| v.value());
    let on_the_play = on_the_play.is_none_or(|f| f.0);
    let per_game = per_game.is_some_and(|f| f.0);
    let games = games.get();
    let start = start.map_or(0, |s| s.get());
    let hand_size = hand_size.map_or(7, |h| h.size());
    let players = match players {
        Some(p) => p.size(),
        None => default_players(variant),
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
        rule: mulligan.core(),
        free_first,
        hand_size,
        deck_size: cards.len(),
    };
    guard(|| cfg.validate())?;
    let keep = keep.filter(|k| !k.is_none());
    let rule: Option<sim::KeepRule> = match keep {
        None => Some(sim::KeepRule::default()),
        Some(k) => match k.cast::<KeepRule>() {
            Ok(rule) => Some(rule.get().inner.clone()),
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
            let fallback = guard(|| sim::KeepRule::default().compile(&lands, &tags))?;
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
            per_game,
        },
    )
}

/// The array the rows go to: `out` when given (a writeable, C-contiguous uint32 array of
/// exactly `(count, width)`, checked before anything is written), else a new one.
fn rows_out<'py>(
    py: Python<'py>,
    out: Option<&Bound<'py, PyAny>>,
    count: u64,
    width: usize,
) -> PyResult<Bound<'py, PyArray2<u32>>> {
    let Some(out) = out else {
        return rows_array(py, count, width);
    };
    let array = out.cast::<PyArray2<u32>>().map_err(|_| {
        type_error(format!(
            "out must be a 2-D numpy array of uint32, got {}",
            describe_array(out)
        ))
    })?;
    let expect = (usize::try_from(count).unwrap_or(usize::MAX), width);
    let shape = (array.shape()[0], array.shape()[1]);
    if shape != expect {
        return Err(config_error(format!(
            "out has shape {shape:?}; it must be ({}, {})",
            count, width
        )));
    }
    let aligned = array
        .getattr(intern!(py, "flags"))?
        .getattr(intern!(py, "aligned"))?
        .is_truthy()?;
    if !array.is_c_contiguous() || !aligned {
        return Err(config_error("out must be C-contiguous and aligned"));
    }
    Ok(array.clone())
}

fn describe_array(obj: &Bound<'_, PyAny>) -> String {
    match (obj.getattr("dtype"), obj.getattr("ndim")) {
        (Ok(dtype), Ok(ndim)) => format!("a {ndim}-D array of {dtype}"),
        _ => type_name(obj),
    }
}

/// A new `(count, width)` array of rows (sizes checked first by `bulk::check`).
fn rows_array<'py>(
    py: Python<'py>,
    count: u64,
    width: usize,
) -> PyResult<Bound<'py, PyArray2<u32>>> {
    numpy_zeros(py, (count, width), "uint32", "count")
}

/// `(count, n_cards)` permutations: row `r` is the opening shuffle of seat 0 in game
/// `start + r` (the same order `Game(seed, game_index=start + r)` gives).
#[pyfunction]
#[pyo3(signature = (n_cards, count, seed, *, start = None, threads = None, out = None),
       text_signature = "(n_cards, count, seed, *, start=0, threads=None, out=None)")]
pub fn bulk_shuffles<'py>(
    py: Python<'py>,
    n_cards: Count,
    count: Count,
    seed: SeedArg,
    start: Option<Count>,
    threads: Option<Count>,
    out: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray2<u32>>> {
    let n = n_cards.size();
    let count = count.get();
    let start = start.map_or(0, |s| s.get());
    let threads = threads_arg(threads)?;
    let seed = seed.0;
    guard(|| mulligan_core::bulk::check(n, n, count, threads, out.is_none()))?;
    let array = rows_out(py, out, count, n)?;
    let mut rows = array
        .try_readwrite()
        .map_err(|e| config_error(format!("out must be writeable and not borrowed: {e}")))?;
    let rows = rows.as_slice_mut()?;
    py.detach(|| guard(|| mulligan_core::bulk::shuffles(&seed, n, start, rows, threads)))?;
    Ok(array)
}

/// `(count, hand_size)` card indices (into `deck.cards`): row `r` is seat 0's opening hand in
/// `Game(seed, game_index=start + r)`. `deck` is a Deck or a deck size.
#[pyfunction]
#[pyo3(signature = (deck, count, seed, hand_size = None, *, start = None, threads = None, out = None),
       text_signature = "(deck, count, seed, hand_size=7, *, start=0, threads=None, out=None)")]
#[allow(clippy::too_many_arguments)] // the Python signature
pub fn bulk_hands<'py>(
    py: Python<'py>,
    deck: &Bound<'py, PyAny>,
    count: Count,
    seed: SeedArg,
    hand_size: Option<Count>,
    start: Option<Count>,
    threads: Option<Count>,
    out: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray2<u32>>> {
    let deck_size = match deck.cast::<Deck>() {
        Ok(d) => d.get().cards.len(),
        Err(_) => Count::from_py(deck)
            .map_err(|e| {
                if e.is_instance_of::<pyo3::exceptions::PyTypeError>(py) {
                    type_error(format!(
                        "deck must be a Deck or a deck size, got {}",
                        type_name(deck)
                    ))
                } else {
                    e
                }
            })?
            .size(),
    };
    let count = count.get();
    let hand_size = hand_size.map_or(7, |h| h.size());
    let start = start.map_or(0, |s| s.get());
    let threads = threads_arg(threads)?;
    let seed = seed.0;
    if hand_size > deck_size {
        return Err(config_error(format!(
            "a hand of {hand_size} cards from a deck of {deck_size}"
        )));
    }
    guard(|| mulligan_core::bulk::check(deck_size, hand_size, count, threads, out.is_none()))?;
    let array = rows_out(py, out, count, hand_size)?;
    let mut rows = array
        .try_readwrite()
        .map_err(|e| config_error(format!("out must be writeable and not borrowed: {e}")))?;
    let rows = rows.as_slice_mut()?;
    py.detach(|| {
        guard(|| mulligan_core::bulk::hands(&seed, deck_size, hand_size, start, rows, threads))
    })?;
    Ok(array)
}

/// Who chooses to play first at tables `first .. first + tables` of a round (0: the first
/// player of the pairing, 1: the second), from the round seed.
#[pyfunction]
#[pyo3(signature = (seed, tables, *, first = None), text_signature = "(seed, tables, *, first=0)")]
pub fn tournament_play_draw<'py>(
    py: Python<'py>,
    seed: SeedArg,
    tables: Count,
    first: Option<Count>,
) -> PyResult<Bound<'py, PyArray1<u8>>> {
    let seed = seed.0;
    let tables = tables.get();
    let first = first.map_or(0, |f| f.get());
    guard(|| mulligan_core::memory::check("tables", tables, 1, 0))?;
    let array = numpy_zeros::<u8, numpy::Ix1>(py, tables, "uint8", "tables")?;
    {
        let mut out = array.try_readwrite()?;
        let out = out.as_slice_mut()?;
        py.detach(|| guard(|| mulligan_core::tournament::play_draw(&seed, first, out)))?;
    }
    Ok(array)
}
