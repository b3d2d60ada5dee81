//! `analyze`, `dealt_hands`, `land_luck`: the core's deck analysis (`mulligan_core::analysis`)
//! and its land-luck test over game logs. Conversion only: the request is the core's
//! `analysis::Request` (era and variant spelt as `simulate` takes them), the answers its
//! records as dicts.

use crate::card_data::CardTable;
use crate::convert::record_to_py;
use crate::deck::Deck;
use crate::errors::{config_error, guard, type_error};
use crate::keep_rule::KeepRule;
use crate::rules::{MulliganRule, Variant};
use crate::seed::seed_or_new;
use crate::seed::SeedArg;
use mulligan_core::analysis::{self, luck, Request};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes};

/// An era: a `MulliganRule`, or its name in any case with `-` or `_` (`"none"`, `"london"`).
fn era(obj: &Bound<'_, PyAny>) -> PyResult<mulligan_core::MulliganRule> {
    if let Ok(r) = obj.extract::<MulliganRule>() {
        return Ok(r.core());
    }
    let name: String = obj
        .extract()
        .map_err(|_| type_error("mulligan must be a MulliganRule or its name"))?;
    let wanted = name.trim().to_ascii_uppercase().replace('-', "_");
    mulligan_core::MulliganRule::ALL
        .into_iter()
        .find(|r| r.name() == wanted)
        .ok_or_else(|| config_error(format!("unknown mulligan rule {name:?}")))
}

/// A variant: a `Variant`, or its name in any case with `-` or `_`.
fn variant(obj: &Bound<'_, PyAny>) -> PyResult<mulligan_core::Variant> {
    if let Ok(v) = obj.extract::<Variant>() {
        return Ok(v.core());
    }
    let name: String = obj
        .extract()
        .map_err(|_| type_error("variant must be a Variant or its name"))?;
    let wanted = name.trim().to_ascii_uppercase().replace('-', "_");
    mulligan_core::Variant::ALL
        .into_iter()
        .find(|v| v.name() == wanted)
        .ok_or_else(|| config_error(format!("unknown variant {name:?}")))
}

/// The card table: the one given, none for `False`, else `mulligan.carddata`'s default.
fn table(
    py: Python<'_>,
    obj: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<std::sync::Arc<mulligan_core::card_data::CardTable>>> {
    let obj = match obj {
        Some(o) if o.is_instance_of::<PyBool>() && !o.is_truthy()? => return Ok(None),
        Some(o) => o.clone(),
        None => py
            .import("mulligan.carddata")?
            .getattr("default_table")?
            .call0()?,
    };
    if obj.is_none() {
        return Ok(None);
    }
    let t = obj
        .cast::<CardTable>()
        .map_err(|_| type_error("table must be a CardTable, None (the default) or False"))?;
    Ok(Some(t.get().inner.clone()))
}

/// The analysis of `deck` (docs/ANALYSIS.md): a dict of the core's `Report`.
#[pyfunction]
#[pyo3(signature = (deck, *, turns, on_the_draw = false, mulligan = None, variant = None, players = None, cards = None, exact = false, games = None, keep = None, seed = None, table = None, threads = None),
       text_signature = "(deck, *, turns, on_the_draw=False, mulligan=None, variant=None, players=None, cards=None, exact=False, games=None, keep=None, seed=None, table=None, threads=None)")]
#[allow(clippy::too_many_arguments)]
pub fn analyze<'py>(
    py: Python<'py>,
    deck: PyRef<'py, Deck>,
    turns: usize,
    on_the_draw: bool,
    mulligan: Option<Bound<'py, PyAny>>,
    variant: Option<Bound<'py, PyAny>>,
    players: Option<usize>,
    cards: Option<Vec<String>>,
    exact: bool,
    games: Option<u64>,
    keep: Option<PyRef<'py, KeepRule>>,
    seed: Option<SeedArg>,
    table: Option<Bound<'py, PyAny>>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let request = Request {
        turns,
        on_the_draw,
        variant: variant
            .as_ref()
            .map(self::variant)
            .transpose()?
            .unwrap_or_default(),
        players,
        mulligan: mulligan.as_ref().map(era).transpose()?.unwrap_or_default(),
        cards: cards.unwrap_or_default(),
        exact,
        games: games.unwrap_or(analysis::DEFAULT_GAMES),
    };
    let keep = keep.map(|k| k.inner.clone()).unwrap_or_default();
    let seed = seed_or_new(seed)?;
    let table = self::table(py, table.as_ref())?;
    let main = deck.to_core(py).main;
    let threads = threads.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    });
    if threads == 0 {
        return Err(config_error("threads must be at least 1"));
    }
    let report = py.detach(|| {
        guard(|| analysis::analyze(&main, table.as_deref(), &request, &keep, &seed, threads))
    })?;
    record_to_py(py, &report)
}

/// The hands dealt from a fresh shuffle in one game log (checked first, as `verify_log`).
#[pyfunction]
#[pyo3(text_signature = "(log)")]
pub fn dealt_hands<'py>(py: Python<'py>, log: &Bound<'py, PyBytes>) -> PyResult<Bound<'py, PyAny>> {
    let bytes = log.as_bytes().to_vec();
    let hands = py.detach(|| guard(|| luck::dealt_hands(&bytes)))?;
    record_to_py(py, &hands)
}

/// The land-luck tests over the hands dealt in these logs (each checked first).
#[pyfunction]
#[pyo3(signature = (logs, *, samples = 10_000), text_signature = "(logs, *, samples=10000)")]
pub fn land_luck<'py>(
    py: Python<'py>,
    logs: Vec<Vec<u8>>,
    samples: u64,
) -> PyResult<Bound<'py, PyAny>> {
    let report = py.detach(|| {
        guard(|| {
            let mut hands = vec![];
            for log in &logs {
                hands.extend(luck::dealt_hands(log)?);
            }
            luck::luck(&hands, samples)
        })
    })?;
    record_to_py(py, &report)
}

/// Adds the analysis functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(analyze, m)?)?;
    m.add_function(wrap_pyfunction!(dealt_hands, m)?)?;
    m.add_function(wrap_pyfunction!(land_luck, m)?)?;
    m.add_function(wrap_pyfunction!(exact_keep_odds, m)?)
}

/// The exact chance of keeping at each hand size (index: size) under `keep` (a land-count
/// rule), for a deck like `deck` under `mulligan` (London, Vancouver, Paris, Canadian
/// Highlander, NONE): the core's `analysis::keep_odds`.
#[pyfunction]
#[pyo3(signature = (deck, *, mulligan = None, variant = None, players = None, keep = None, hand_size = 7, free_mulligans = 0),
       text_signature = "(deck, *, mulligan=None, variant=None, players=None, keep=None, hand_size=7, free_mulligans=0)")]
#[allow(clippy::too_many_arguments)]
pub fn exact_keep_odds(
    py: Python<'_>,
    deck: PyRef<'_, Deck>,
    mulligan: Option<Bound<'_, PyAny>>,
    variant: Option<Bound<'_, PyAny>>,
    players: Option<usize>,
    keep: Option<PyRef<'_, KeepRule>>,
    hand_size: usize,
    free_mulligans: u32,
) -> PyResult<Vec<f64>> {
    let rule = mulligan.as_ref().map(era).transpose()?.unwrap_or_default();
    let v = variant
        .as_ref()
        .map(self::variant)
        .transpose()?
        .unwrap_or_default();
    let players = players.unwrap_or_else(|| v.default_players());
    let main = deck.to_core(py).main;
    let keep = keep.map(|k| k.inner.clone()).unwrap_or_default();
    guard(|| {
        v.check_players(players)?;
        let lands: Vec<bool> = main.iter().map(|c| c.land).collect();
        let tags: Vec<Vec<String>> = main.iter().map(|c| c.tags.clone()).collect();
        let cfg = mulligan_core::simulate::Config {
            rule,
            free_first: mulligan_core::rules::free_first_mulligan(v, players),
            hand_size,
            deck_size: main.len(),
            house: mulligan_core::HouseRules {
                free_mulligans,
                ..Default::default()
            },
        };
        analysis::keep_odds::exact_keep_odds(&cfg, &keep, &lands, &tags)
    })
}
