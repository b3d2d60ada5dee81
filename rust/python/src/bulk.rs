//! The raw bulk primitives (`bulk.shuffles`, `bulk.hands`) over the core's [`mulligan_core::bulk`]:
//! sizes checked before anything is allocated, the GIL released, numpy arrays out.

use crate::args::{thread_count, type_name, Count};
use crate::arrays::numpy_zeros;
use crate::deck::Deck;
use crate::errors::{config_error, guard, type_error};
use crate::seed::SeedArg;
use mulligan_core::simulate::request::BASE_HAND;
use numpy::{PyArray2, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::intern;
use pyo3::prelude::*;

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
    let threads = thread_count(threads)?;
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
pub fn bulk_hands<'py>(
    deck: &Bound<'py, PyAny>,
    count: Count,
    seed: SeedArg,
    hand_size: Option<Count>,
    start: Option<Count>,
    threads: Option<Count>,
    out: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray2<u32>>> {
    let py = deck.py();
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
    let hand_size = hand_size.map_or(BASE_HAND, |h| h.size());
    let start = start.map_or(0, |s| s.get());
    let threads = thread_count(threads)?;
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
