//! Game logs (`mulligan_core::log`): the header record, its set-up digest, and verification of
//! a log's bytes. `mulligan.log` wraps these.

use crate::convert::{json_to_py, py_to_json};
use crate::errors::{guard, log_error};
use crate::game::Game;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use serde_json::Value;

/// The header record of `game`'s log: commitments and the set-up, with its digest.
#[pyfunction]
pub fn log_header<'py>(py: Python<'py>, game: PyRef<'py, Game>) -> PyResult<Bound<'py, PyAny>> {
    let head = mulligan_core::log::header(
        game.core.setup_record(),
        &game.host_commitment(),
        &game.contribution_commitment_list(),
    );
    json_to_py(py, &head)
}

/// The set-up digest of a header record (its `setup_digest` field left out).
#[pyfunction]
pub fn setup_digest(header: &Bound<'_, PyAny>) -> PyResult<String> {
    match py_to_json(header, "header") {
        Ok(Value::Object(map)) => Ok(mulligan_core::log::setup_digest(&map)),
        Ok(_) => Err(log_error("a header record is a dict")),
        Err(e) => Err(log_error(format!("the header is not JSON data: {e}"))),
    }
}

/// Verifies a log given as its bytes (JSON Lines); raises `LogError` naming the first problem.
#[pyfunction]
#[pyo3(signature = (data, commitment = None, setup = None))]
pub fn verify_log_bytes(
    py: Python<'_>,
    data: &Bound<'_, PyBytes>,
    commitment: Option<&str>,
    setup: Option<&str>,
) -> PyResult<bool> {
    let bytes = data.as_bytes().to_vec();
    let commitment = commitment.map(str::to_owned);
    let setup = setup.map(str::to_owned);
    py.detach(|| {
        guard(|| mulligan_core::log::verify(&bytes, commitment.as_deref(), setup.as_deref()))
    })?;
    Ok(true)
}
