//! `KeepRule`: how a simulated player decides, compiled into the core's rule; and a Python
//! callable as a keep rule (the slow path).

use crate::args::{texts, type_name, Count, Flag, Of, Real, SetUp, Text};
use crate::card::{Card, Cards};
use crate::errors::{caught, config_error, guard, illegal, type_error};
use mulligan_core::card::MAX_TAGS;
use mulligan_core::simulate::{self as sim, Abort, Bottom, CompiledRule, Exile, Policy};
use mulligan_core::CardId;
use pyo3::prelude::*;
use pyo3::types::{IntoPyDict, PyDict, PyList, PyMapping, PyString, PyTuple};

/// How a simulated player decides: land ranges by hand size, a size at which anything is
/// kept, which cards London puts on the bottom, and card conditions (tags, colour sources,
/// named cards). Compiled into Rust.
#[pyclass(frozen, module = "mulligan")]
pub struct KeepRule {
    pub inner: sim::KeepRule,
}

/// `bottom=`: which cards London puts on the bottom, in any case with `-` or `_` (the core
/// names them).
fn parse_bottom(obj: Option<Text<SetUp>>) -> PyResult<Bottom> {
    match obj {
        None => Ok(Bottom::Balance),
        Some(s) => guard(|| Bottom::parse(&s.0)),
    }
}

/// `exile=`: which cards a PARTIAL_PARIS mulligan exiles, in any case (the core names them).
pub(crate) fn parse_exile(obj: Option<Text<SetUp>>) -> PyResult<Exile> {
    match obj {
        None => Ok(Exile::Hand),
        Some(s) => guard(|| Exile::parse(&s.0)),
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

/// A count of a condition as the core keeps it, or an error naming `what`.
fn at_least(v: &Bound<'_, PyAny>, what: &str) -> PyResult<u32> {
    let min = Count::from_py(v)?.get();
    u32::try_from(min).map_err(|_| config_error(format!("{what}: count {min} too large")))
}

/// `min_sources=`: colour letter -> at least this many sources (`{"U": 2, "R": 1}`).
fn parse_min_sources(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<(String, u32)>> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(vec![]);
    };
    let map = obj.cast::<PyMapping>().map_err(|_| {
        type_error(format!(
            "min_sources must map a colour letter to a count ({{\"U\": 2}}), got {}",
            type_name(obj)
        ))
    })?;
    let mut out = vec![];
    for item in map.items()?.iter() {
        let (k, v) = item.extract::<(Bound<'_, PyAny>, Bound<'_, PyAny>)>()?;
        out.push((Text::<SetUp>::from_py(&k)?.0, at_least(&v, "min_sources")?));
    }
    Ok(out)
}

/// `requires_cards=`: `(cards, min)` pairs, `cards` a name or names (`[("Lightning Bolt", 1),
/// (["Chain Lightning", "Lava Dart"], 2)]`), or a mapping of the same.
fn parse_requires_cards(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<sim::CardsRequirement>> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(vec![]);
    };
    let pairs: Vec<Bound<'_, PyAny>> = match obj.cast::<PyMapping>() {
        Ok(map) => map.items()?.iter().collect(),
        Err(_) if obj.is_instance_of::<PyString>() => {
            return Err(type_error(
                "requires_cards must be (cards, min) pairs, e.g. [(\"Lightning Bolt\", 1)]",
            ))
        }
        Err(_) => obj.try_iter()?.collect::<PyResult<_>>()?,
    };
    let mut out = vec![];
    for (i, pair) in pairs.iter().enumerate() {
        let what = format!("requires_cards[{i}]");
        let (cards, min) = pair
            .extract::<(Bound<'_, PyAny>, Bound<'_, PyAny>)>()
            .map_err(|_| type_error(format!("{what} must be a (cards, min) pair")))?;
        let cards = match cards.is_instance_of::<PyString>() {
            true => vec![Text::<SetUp>::from_py(&cards)?.0],
            false => texts::<SetUp>(&cards, &what, MAX_TAGS)?,
        };
        out.push(sim::CardsRequirement {
            cards,
            min: at_least(&min, &what)?,
        });
    }
    Ok(out)
}

/// What a keep rule reads of these cards: land flags, tags, names, and with `colours` the
/// colours each land adds by the default card table (`mulligan.carddata`; none: no colours).
pub(crate) fn rule_cards(
    py: Python<'_>,
    cards: &[Bound<'_, Card>],
    colours: bool,
) -> PyResult<sim::RuleCards> {
    let core: Vec<mulligan_core::card::Card> =
        cards.iter().map(|c| c.get().inner.clone()).collect();
    if !colours {
        let lands: Vec<bool> = core.iter().map(|c| c.land).collect();
        let tags: Vec<Vec<String>> = core.iter().map(|c| c.tags.clone()).collect();
        let mut out = sim::RuleCards::new(&lands, &tags);
        out.names = core.iter().map(|c| c.name.clone()).collect();
        return Ok(out);
    }
    let table = py
        .import("mulligan.carddata")?
        .getattr("default_table")?
        .call0()?;
    let table = match table.is_none() {
        true => None,
        false => Some(
            table
                .cast::<crate::card_data::CardTable>()?
                .get()
                .inner
                .clone(),
        ),
    };
    let profile = mulligan_core::analysis::sources::Profile::build(&core, table.as_deref());
    Ok(profile.rule_cards())
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
    /// `min_sources=..., requires_cards=..., ` when the rule has them (so a rule without them
    /// reads as before).
    fn condition_reprs(&self, py: Python<'_>) -> PyResult<String> {
        let mut out = String::new();
        if !self.inner.min_sources.is_empty() {
            let d = self.min_sources().into_py_dict(py)?;
            out += &format!("min_sources={}, ", d.repr()?);
        }
        if !self.inner.requires_cards.is_empty() {
            let l = PyList::new(py, self.requires_cards())?;
            out += &format!("requires_cards={}, ", l.repr()?);
        }
        Ok(out)
    }

    /// Compiles against Card objects (their own land flags and tags).
    fn compile_for(
        &self,
        cards: &[Bound<'_, Card>],
        land_share: Option<f64>,
    ) -> PyResult<CompiledRule> {
        let py = match cards.first() {
            Some(c) => c.py(),
            None => return guard(|| self.inner.compile(&[], &[])),
        };
        let facts = rule_cards(py, cards, !self.inner.min_sources.is_empty())?;
        let rule = guard(|| self.inner.compile_for(&facts))?;
        Ok(match land_share {
            Some(s) => rule.with_land_share(s),
            None => rule,
        })
    }
}

#[pymethods]
impl KeepRule {
    #[new]
    #[pyo3(signature = (ranges = None, *, keep_at = None, bottom = None, requires = None, min_sources = None, requires_cards = None, exile = None),
           text_signature = "(ranges=None, *, keep_at=None, bottom='balance', requires=None, min_sources=None, requires_cards=None, exile='hand')")]
    fn new(
        ranges: Option<&Bound<'_, PyAny>>,
        keep_at: Option<Count>,
        bottom: Option<Text<SetUp>>,
        requires: Option<&Bound<'_, PyAny>>,
        min_sources: Option<&Bound<'_, PyAny>>,
        requires_cards: Option<&Bound<'_, PyAny>>,
        exile: Option<Text<SetUp>>,
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
            min_sources: parse_min_sources(min_sources)?,
            requires_cards: parse_requires_cards(requires_cards)?,
            exile: parse_exile(exile)?,
        };
        guard(|| inner.validate())?;
        Ok(KeepRule { inner })
    }

    /// The core's default keep rule, the one `simulate(keep=None)` uses: 2-5 lands in a
    /// 7-card hand, 2-4 in 6, 1-4 in 5, anything at 4 cards or fewer, bottoms by "balance".
    #[staticmethod]
    fn default() -> KeepRule {
        KeepRule {
            inner: sim::KeepRule::default(),
        }
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
        self.inner.bottom.name()
    }

    #[getter]
    fn requires(&self) -> Vec<(String, u32)> {
        self.inner.requires.clone()
    }

    /// [(colour letter, at least this many sources)].
    #[getter]
    fn min_sources(&self) -> Vec<(String, u32)> {
        self.inner.min_sources.clone()
    }

    /// [(card names, at least this many of them)].
    #[getter]
    fn requires_cards(&self) -> Vec<(Vec<String>, u32)> {
        let r = &self.inner.requires_cards;
        r.iter().map(|c| (c.cards.clone(), c.min)).collect()
    }

    /// Which cards a PARTIAL_PARIS mulligan exiles: `"hand"` or `"excess"`.
    #[getter]
    fn exile(&self) -> &'static str {
        self.inner.exile.name()
    }

    /// What `simulate` warns of this rule on `deck`, one sentence each (the core's words): an
    /// empty deck, no lands, a tag no card carries, a colour no land adds, cards the deck does
    /// not hold.
    fn warnings(&self, py: Python<'_>, deck: Of<'_, crate::deck::Deck>) -> PyResult<Vec<String>> {
        let cards = deck.0.get().main_cards(py);
        let facts = rule_cards(py, &cards, !self.inner.min_sources.is_empty())?;
        Ok(self.inner.warnings_for(&facts))
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

    /// Commander partial Paris: the cards of `hand` a mulligan exiles by this rule's `exile`
    /// policy (the whole hand for `"hand"`). `land_share`: as for `choose_bottom`.
    #[pyo3(signature = (hand, *, land_share = None))]
    fn choose_exile<'py>(
        &self,
        py: Python<'py>,
        hand: Cards<'py, SetUp>,
        land_share: Option<Real>,
    ) -> PyResult<Bound<'py, PyList>> {
        let cards = hand.0;
        let rule = self.compile_for(&cards, land_share.map(|s| s.0))?;
        let ids: Vec<CardId> = (0..cards.len() as CardId).collect();
        caught(|| {
            let chosen = rule.choose_exile(&ids).unwrap_or(ids);
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
        // Python's own reprs, so the text is a call that builds the same rule.
        Ok(format!(
            "KeepRule({}, keep_at={}, bottom={}, requires={}, {}exile={})",
            self.ranges(py)?.repr()?,
            self.keep_at().into_pyobject(py)?.repr()?,
            self.bottom().into_pyobject(py)?.repr()?,
            self.requires().into_py_dict(py)?.repr()?,
            self.condition_reprs(py)?,
            self.exile().into_pyobject(py)?.repr()?,
        ))
    }
}

/// A Python callable as a keep rule (the slow path): `keep(hand: list[Card], mulligans: int)
/// -> bool`. Cards to bottom, Vancouver's look and partial Paris's exile follow `fallback` (a
/// compiled rule).
pub(crate) struct PyPolicy<'py> {
    pub(crate) callable: Bound<'py, PyAny>,
    pub(crate) cards: Vec<Py<Card>>,
    pub(crate) fallback: CompiledRule,
    pub(crate) error: Option<PyErr>,
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
    fn exile(&mut self, hand: &[CardId], _lands: u32) -> Result<Option<Vec<CardId>>, Abort> {
        Ok(self.fallback.choose_exile(hand))
    }
}
