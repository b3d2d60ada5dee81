//! `analyze`, `dealt_hands`, `land_luck`: the core's deck analysis (`mulligan_core::analysis`)
//! and its land-luck test over game logs. Conversion only: the request is the core's
//! `analysis::Request` (era and variant spelt as `simulate` takes them), the answers its
//! records as dicts.

use crate::args::{texts, Count, Flag, Keywords, Of, SetUp};
use crate::card_data::CardTable;
use crate::convert::record_to_py;
use crate::deck::Deck;
use crate::errors::{guard, type_error};
use crate::optimize;
use crate::play::play;
use crate::seed::SeedArg;
use mulligan_core::analysis::{self, luck, Request};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyDict};

/// The card table: the one given, none for `False`, else `mulligan.carddata`'s default.
pub(crate) fn table(
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

/// The keywords `analyze` takes, in its signature's order.
const KEYWORDS: &[&str] = &[
    "turns",
    "on_the_draw",
    "mulligan",
    "variant",
    "players",
    "cards",
    "exact",
    "games",
    "keep",
    "seed",
    "table",
    "threads",
    "optimize",
    "optimize_colours",
    "progress",
    "nonland_sources",
];

/// The core's request from `analyze`'s keywords (the deck is the binding's own), and the seed.
fn request(keywords: &Keywords<'_>) -> PyResult<(Request<()>, mulligan_core::Seed)> {
    let mut request = Request::new((), keywords.required::<Count>("turns")?.size());
    request.play = play(keywords)?;
    if let Some(cards) = keywords.object("cards") {
        request.cards = texts::<SetUp>(cards, "cards", analysis::MAX_QUESTIONS + 1)?;
    }
    request.exact = keywords.get::<Flag>("exact")?.is_some_and(|f| f.0);
    if let Some(games) = keywords.get::<Count>("games")? {
        request.games = games.get();
    }
    request.threads = keywords.get::<Count>("threads")?.map(|t| t.size());
    request.optimize_colours = keywords
        .get::<Flag>("optimize_colours")?
        .is_some_and(|f| f.0);
    request.nonland_sources = keywords
        .get::<Flag>("nonland_sources")?
        .is_some_and(|f| f.0);
    let seed = match keywords.get::<SeedArg>("seed")? {
        Some(s) => s.0,
        None => guard(mulligan_core::Seed::generate)?,
    };
    Ok((request, seed))
}

/// The analysis of `deck` (docs/ANALYSIS.md): a dict of the core's `Report`.
#[pyfunction]
#[pyo3(signature = (deck, **keywords),
       text_signature = "(deck, *, turns, on_the_draw=False, mulligan=None, variant=None, players=None, cards=None, exact=False, games=None, keep=None, seed=None, table=None, threads=None, optimize=None, optimize_colours=False, progress=None, nonland_sources=False)")]
pub fn analyze<'py>(
    py: Python<'py>,
    deck: Of<'py, Deck>,
    keywords: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let keywords = Keywords::new("analyze", keywords, KEYWORDS)?;
    let (request, seed) = self::request(&keywords)?;
    let table = self::table(py, keywords.object("table"))?;
    let ask = match keywords.object("optimize") {
        Some(o) => Some(optimize::Ask {
            asked: optimize::Asked::read(o)?,
            progress: keywords.callable("progress", "(done, total)")?,
        }),
        None => None,
    };
    let deck = deck.0.get();
    let list = deck.to_core(py);
    let cards = analysis::sources::DeckCards {
        main: &list.main,
        commanders: &list.commanders,
    };
    // The deck resolved once for the analysis and the search (docs/ANALYSIS.md).
    let resolved = analysis::Resolved::new(cards, table.as_deref(), &request);
    let mut report =
        py.detach(|| guard(|| analysis::analyze_resolved(&resolved, table.as_deref(), &seed)))?;
    if let Some(ask) = ask {
        let (t, py_cards) = (table.as_deref(), &deck.cards);
        report.optimize = Some(optimize::search(py, ask, py_cards, &resolved, t, &seed)?);
    }
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

/// The keywords `exact_keep_odds` takes, in its signature's order.
const KEEP_ODDS_KEYWORDS: &[&str] = &[
    "mulligan",
    "variant",
    "players",
    "keep",
    "hand_size",
    "free_mulligans",
];

/// The exact chance of keeping at each hand size (index: size) under `keep` (a land-count
/// rule), for a deck like `deck` under `mulligan` (London, Vancouver, Paris, Canadian
/// Highlander, NONE): the core's `analysis::keep_odds`.
#[pyfunction]
#[pyo3(signature = (deck, **keywords),
       text_signature = "(deck, *, mulligan=None, variant=None, players=None, keep=None, hand_size=7, free_mulligans=0)")]
pub fn exact_keep_odds(
    py: Python<'_>,
    deck: Of<'_, Deck>,
    keywords: Option<&Bound<'_, PyDict>>,
) -> PyResult<Vec<f64>> {
    let keywords = Keywords::new("exact_keep_odds", keywords, KEEP_ODDS_KEYWORDS)?;
    // The keywords both functions take are read as `analyze` reads them.
    let request = Request {
        play: play(&keywords)?,
        ..Request::new((), 1)
    };
    let keep = request.keep_rule();
    let hand_size = keywords.get::<Count>("hand_size")?.map_or(7, |h| h.size());
    let free_mulligans = keywords
        .get::<Count>("free_mulligans")?
        .map_or(0, |f| u32::try_from(f.get()).unwrap_or(u32::MAX));
    let list = deck.0.get().to_core(py);
    // A deck with a commander is a Commander deck unless `variant` says otherwise.
    let (request, _) = request.for_deck(!list.commanders.is_empty());
    let main = list.main;
    guard(|| {
        let players = request.players();
        request.variant().check_players(players)?;
        let lands: Vec<bool> = main.iter().map(|c| c.land).collect();
        let tags: Vec<Vec<String>> = main.iter().map(|c| c.tags.clone()).collect();
        let cfg = mulligan_core::simulate::Config {
            rule: request.play.mulligan,
            free_first: mulligan_core::rules::free_first_mulligan(request.variant(), players),
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
