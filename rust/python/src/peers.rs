//! Benchmark peers (feature `bench-peers`): `rand` 0.9's slice shuffle with `ChaCha12Rng`,
//! exposed through the same bindings so the benchmarks compare like with like. Not part of
//! the API; absent from normal builds.

use numpy::{PyArray2, PyArrayMethods};
use pyo3::prelude::*;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha12Rng;

/// `rand`'s shuffle of a fixed list of `n` card indices, one call per shuffle.
#[pyclass(module = "mulligan._core")]
pub struct RandShuffler {
    cards: Vec<u32>,
    rng: ChaCha12Rng,
}

#[pymethods]
impl RandShuffler {
    #[new]
    fn new(n: u32, seed: u64) -> Self {
        RandShuffler {
            cards: (0..n).collect(),
            rng: ChaCha12Rng::seed_from_u64(seed),
        }
    }

    fn shuffle(&mut self) {
        self.cards.shuffle(&mut self.rng);
    }
}

/// `(count, n)` permutations by `rand`'s shuffle, GIL released (one thread).
#[pyfunction]
pub fn rand_shuffles<'py>(
    py: Python<'py>,
    n: usize,
    count: usize,
    seed: u64,
) -> PyResult<Bound<'py, PyArray2<u32>>> {
    let array = PyArray2::<u32>::zeros(py, [count, n], false);
    // SAFETY: the array was just created here and is not shared.
    let out = unsafe { array.as_slice_mut()? };
    py.detach(|| {
        let mut rng = ChaCha12Rng::seed_from_u64(seed);
        let mut row: Vec<u32> = (0..n as u32).collect();
        for chunk in out.chunks_mut(n.max(1)) {
            row.shuffle(&mut rng);
            chunk.copy_from_slice(&row);
        }
    });
    Ok(array)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let peers = PyModule::new(m.py(), "_peers")?;
    peers.add_class::<RandShuffler>()?;
    peers.add_function(wrap_pyfunction!(rand_shuffles, &peers)?)?;
    peers.add_function(wrap_pyfunction!(
        crate::peers_landlord::mulligan_on_curve,
        &peers
    )?)?;
    peers.add_function(wrap_pyfunction!(
        crate::peers_landlord::landlord_on_curve,
        &peers
    )?)?;
    // setattr, not add: a test-only module stays out of `__all__` (and the stubs).
    m.setattr("_peers", peers)?;
    Ok(())
}
