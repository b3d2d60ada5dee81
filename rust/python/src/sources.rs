//! `sources`: Frank Karsten's sources tables and past them (the core's `source_tables`).
//! Conversion only: the keywords fill the core's `source_tables::Request`, the table comes
//! back as a dict of its record.

use crate::analysis::table;
use crate::args::{Count, Flag, Keywords, Of, Real};
use crate::convert::record_to_py;
use crate::deck::Deck;
use crate::errors::{guard, type_error};
use crate::play::play;
use crate::seed::SeedArg;
use mulligan_core::source_tables::{self, Request};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The keywords `sources` takes, in its signature's order.
const KEYWORDS: &[&str] = &[
    "cards",
    "lands",
    "karsten",
    "exact",
    "on_the_draw",
    "target",
    "turns",
    "mulligan",
    "variant",
    "players",
    "keep",
    "games",
    "seed",
    "threads",
    "table",
];

/// The sources table for a deck size and land count, or for `deck` (docs/ANALYSIS.md,
/// "Sources tables"): a dict of the core's `source_tables::Table`.
#[pyfunction]
#[pyo3(signature = (deck=None, **keywords),
       text_signature = "(deck=None, *, cards=None, lands=None, karsten=False, exact=False, on_the_draw=False, target=None, turns=7, mulligan=None, variant=None, players=None, keep=None, games=None, seed=None, threads=None, table=None)")]
pub fn sources<'py>(
    py: Python<'py>,
    deck: Option<Of<'py, Deck>>,
    keywords: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let keywords = Keywords::new("sources", keywords, KEYWORDS)?;
    let cards = keywords.get::<Count>("cards")?.map(|c| c.size());
    let lands = keywords.get::<Count>("lands")?.map(|c| c.size());
    let mut request = match (&deck, cards, lands) {
        (Some(_), None, None) => Request::new(0, 0),
        (Some(_), _, _) => {
            return Err(type_error(
                "sources takes a deck or cards and lands, not both",
            ))
        }
        (None, Some(c), Some(l)) => Request::new(c, l),
        (None, _, _) => return Err(type_error("sources needs a deck, or both cards and lands")),
    };
    request.karsten = keywords.get::<Flag>("karsten")?.is_some_and(|f| f.0);
    request.exact = keywords.get::<Flag>("exact")?.is_some_and(|f| f.0);
    if let Some(Real(target)) = keywords.get("target")? {
        request.target = Some(target);
    }
    if let Some(turns) = keywords.get::<Count>("turns")? {
        request.turns = turns.size();
    }
    request.play = play(&keywords)?;
    if let Some(games) = keywords.get::<Count>("games")? {
        request.games = games.get();
    }
    request.threads = keywords.get::<Count>("threads")?.map(|t| t.size());
    let seed = match keywords.get::<SeedArg>("seed")? {
        Some(s) => s.0,
        None => guard(mulligan_core::Seed::generate)?,
    };
    let out = match deck {
        Some(deck) => {
            let card_table = table(py, keywords.object("table"))?;
            let list = deck.0.get().to_core(py);
            let cards = mulligan_core::analysis::sources::DeckCards {
                main: &list.main,
                commanders: &list.commanders,
            };
            py.detach(|| {
                guard(|| source_tables::deck_table(cards, card_table.as_deref(), &request, &seed))
            })?
        }
        None => py.detach(|| guard(|| source_tables::table(&request, &seed)))?,
    };
    record_to_py(py, &out)
}

/// Adds `sources` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(sources, m)?)
}
