//! `tournament.play_draw`: who chooses to play first at every table of a round (103.1).

use crate::args::Count;
use crate::arrays::numpy_zeros;
use crate::errors::guard;
use crate::seed::SeedArg;
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;

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
