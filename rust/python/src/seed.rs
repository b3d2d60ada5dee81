//! `Seed` and `verify_commitment`.

use crate::args::{items, type_name, SeedText, Text};
use crate::errors::{guard, seed_error, type_error};
use mulligan_core::game::MAX_PLAYERS;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use pyo3::Borrowed;

/// 32 secret bytes from which every random choice of a game is derived (701.24a).
#[pyclass(frozen, module = "mulligan")]
pub struct Seed {
    pub inner: mulligan_core::Seed,
}

#[pymethods]
impl Seed {
    /// 32 bytes from the operating system's CSPRNG.
    #[staticmethod]
    fn generate() -> PyResult<Seed> {
        guard(mulligan_core::Seed::generate).map(|inner| Seed { inner })
    }

    /// Exactly 64 hex digits (either case).
    #[staticmethod]
    fn from_hex(text: &Bound<'_, PyAny>) -> PyResult<Seed> {
        let s = seed_text(text, "a seed's hex")?;
        guard(|| mulligan_core::Seed::from_hex(&s)).map(|inner| Seed { inner })
    }

    /// Exactly 32 bytes.
    #[staticmethod]
    fn from_bytes(data: &Bound<'_, PyAny>) -> PyResult<Seed> {
        let bytes = data.cast::<PyBytes>().map_err(|_| {
            seed_error(format!(
                "a seed's bytes must be bytes, got {}",
                type_name(data)
            ))
        })?;
        guard(|| mulligan_core::Seed::from_slice(bytes.as_bytes())).map(|inner| Seed { inner })
    }

    fn hex(&self) -> String {
        self.inner.hex()
    }

    /// Hex SHA-256 of b"mulligan/seed-commitment/v1\0" + the seed: publish it before the game.
    fn commitment(&self) -> String {
        self.inner.commitment()
    }

    fn __bytes__<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, self.inner.as_bytes())
    }

    fn __repr__(&self) -> String {
        format!("Seed(commitment='{}…')", &self.inner.commitment()[..16])
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<Seed>() {
            Ok(o) => self.inner == o.get().inner,
            Err(_) => false,
        }
    }

    #[classattr]
    const __hash__: Option<Py<PyAny>> = None;
}

/// A str of a seed or commitment: anything else raises `SeedError` (docs/API.md: "anything
/// else raises SeedError", a contract older than `MulliganTypeError`), as does a lone surrogate.
fn seed_text(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<String> {
    if !obj.is_instance_of::<PyString>() {
        return Err(seed_error(format!(
            "{what} must be a str, got {}",
            type_name(obj)
        )));
    }
    Text::<SeedText>::from_py(obj).map(Text::into_string)
}

/// A `Seed`, 32 `bytes`, or 64 hex digits as `str`.
pub fn extract_seed(obj: &Bound<'_, PyAny>) -> PyResult<mulligan_core::Seed> {
    if let Ok(s) = obj.cast::<Seed>() {
        return Ok(s.get().inner.clone());
    }
    if obj.is_instance_of::<PyBytes>() {
        return Seed::from_bytes(obj).map(|s| s.inner);
    }
    if obj.is_instance_of::<PyString>() {
        return Seed::from_hex(obj).map(|s| s.inner);
    }
    Err(seed_error(format!(
        "seed must be a Seed, 32 bytes or 64 hex digits, got {}",
        type_name(obj)
    )))
}

/// True iff `commitment` (64 hex digits, either case) commits to `seed`.
#[pyfunction]
pub fn verify_commitment(seed: SeedArg, commitment: &Bound<'_, PyAny>) -> PyResult<bool> {
    let c = seed_text(commitment, "a commitment")?;
    guard(|| seed.0.verify_commitment(&c))
}

/// The commitment to a player's random contribution (hex SHA-256, domain-separated).
#[pyfunction]
pub fn contribution_commitment(data: &Bound<'_, PyAny>) -> PyResult<String> {
    let bytes = data.cast::<PyBytes>().map_err(|_| {
        type_error(format!(
            "a contribution must be bytes, got {}",
            type_name(data)
        ))
    })?;
    Ok(mulligan_core::seed::contribution_commitment(
        bytes.as_bytes(),
    ))
}

/// The game seed made from the host's seed and the players' contributions (seat order).
#[pyfunction]
pub fn mix_seed(seed: SeedArg, contributions: Contributions) -> PyResult<Seed> {
    guard(|| seed.0.mix(&contributions.0)).map(|inner| Seed { inner })
}

/// A `seed=` argument: a `Seed`, 32 `bytes` or 64 hex digits; anything else raises
/// `SeedError` (docs/API.md).
pub struct SeedArg(pub mulligan_core::Seed);

impl<'a, 'py> FromPyObject<'a, 'py> for SeedArg {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        extract_seed(&obj.to_owned()).map(SeedArg)
    }
}

/// The players' random contributions: an iterable of `bytes`, at most one per seat of the
/// largest game ([`MAX_PLAYERS`]).
pub struct Contributions(pub Vec<Vec<u8>>);

impl<'a, 'py> FromPyObject<'a, 'py> for Contributions {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let obj = obj.to_owned();
        let parts = items::<SeedText>(&obj, "contributions", MAX_PLAYERS)?
            .iter()
            .map(|item| {
                item.cast::<PyBytes>()
                    .map(|b| b.as_bytes().to_vec())
                    .map_err(|_| {
                        type_error(format!(
                            "each contribution must be bytes, got {}",
                            type_name(item)
                        ))
                    })
            })
            .collect::<PyResult<_>>()?;
        Ok(Contributions(parts))
    }
}

/// The given seed, or a new one from the OS CSPRNG.
pub fn seed_or_new(seed: Option<SeedArg>) -> PyResult<mulligan_core::Seed> {
    match seed {
        Some(s) => Ok(s.0),
        None => guard(mulligan_core::Seed::generate),
    }
}
