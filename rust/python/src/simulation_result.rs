//! `SimulationResult`: the counts of a `simulate` run (and its per-game records as numpy
//! arrays), merged across a cluster's shares and pickled by its configuration.

use crate::args::Of;
use crate::errors::{config_error, guard};
use crate::rules::{MulliganRule, Variant};
use mulligan_core::analysis::wilson::wilson;
use mulligan_core::house::HouseRules;
use mulligan_core::simulate::{self as sim, Config, Counts};
use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The result of `simulate`: streaming counts (and, if asked, one record per game).
#[pyclass(frozen, module = "mulligan")]
pub struct SimulationResult {
    pub(crate) counts: Counts,
    #[pyo3(get)]
    pub(crate) start: u64,
    #[pyo3(get)]
    pub(crate) mulligan_rule: MulliganRule,
    #[pyo3(get)]
    pub(crate) variant: Variant,
    #[pyo3(get)]
    pub(crate) on_the_play: bool,
    #[pyo3(get)]
    pub(crate) free_mulligan: bool,
    /// The table options of the run (docs/VARIANTS.md).
    pub(crate) house: HouseRules,
    #[pyo3(get)]
    pub(crate) per_game: Option<Py<PyDict>>,
}

#[pymethods]
impl SimulationResult {
    #[getter]
    fn games(&self) -> u64 {
        self.counts.games
    }

    /// The table's extra free mulligans of the run.
    #[getter]
    fn free_mulligans(&self) -> u32 {
        self.house.free_mulligans
    }

    /// Whether the run took the no-land/all-land redraw when allowed.
    #[getter]
    fn land_mulligan(&self) -> bool {
        self.house.land_mulligan
    }

    /// The smoothing model of the run (not the rules), or None.
    #[getter]
    fn smoothing(&self) -> Option<&'static str> {
        self.house.smoothing.map(|m| m.name())
    }

    /// The smoothing model's candidate hands (None: no smoothing).
    #[getter]
    fn smoothing_candidates(&self) -> Option<u32> {
        self.house.candidates()
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

    /// {final hand size: (low, high)}: the 95% Wilson interval of the share of games kept at
    /// that size (the core's `analysis::wilson`), for every size `kept_by_size` has.
    #[getter]
    fn keep_rate_intervals<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        let games = self.counts.games;
        for (size, n) in self.counts.kept_by_size().into_iter().enumerate().rev() {
            if n > 0 {
                let i = wilson(n, games);
                d.set_item(size, (i.low, i.high))?;
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
        if (o.mulligan_rule, o.variant, o.free_mulligan, o.house)
            != (
                self.mulligan_rule,
                self.variant,
                self.free_mulligan,
                self.house,
            )
        {
            return Err(config_error(
                "cannot merge results of different rules, variants or table options",
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
            house: self.house,
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
            (
                self.house.free_mulligans,
                self.house.land_mulligan,
                self.house.smoothing.map(|m| m.name()),
                self.house.smoothing_candidates,
            ),
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
        d.set_item("free_mulligans", self.house.free_mulligans)?;
        d.set_item("land_mulligan", self.house.land_mulligan)?;
        d.set_item("smoothing", self.smoothing())?;
        d.set_item("smoothing_candidates", self.smoothing_candidates())?;
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
    (u32, bool, Option<String>, Option<u32>),
);

/// The inverse of `SimulationResult.__reduce__` (pickle calls it; not public API).
#[pyfunction]
pub fn _restore_simulation_result(
    py: Python<'_>,
    state: ResultState<'_>,
) -> PyResult<SimulationResult> {
    let (
        (games, hand_lands, mulligans),
        (vancouver_bottomed, hand_size, start),
        rule,
        flags,
        options,
    ) = state;
    // By name: the enums themselves do not pickle.
    let mulligan_rule: MulliganRule = py.get_type::<MulliganRule>().getattr(&rule.0)?.extract()?;
    let variant: Variant = py.get_type::<Variant>().getattr(&rule.1)?.extract()?;
    let (on_the_play, free_mulligan, per_game) = flags;
    let house = HouseRules {
        free_mulligans: options.0,
        land_mulligan: options.1,
        smoothing: match options.2 {
            Some(name) => Some(guard(|| mulligan_core::house::Smoothing::parse(&name))?),
            None => None,
        },
        smoothing_candidates: options.3,
    };
    let cfg = Config {
        rule: mulligan_rule.core(),
        free_first: free_mulligan,
        hand_size,
        deck_size: 0,
        house,
    };
    let cells = (hand_size + 1).checked_mul(hand_size + 1);
    if hand_size > sim::MAX_HAND
        || cells != Some(hand_lands.len())
        || cfg.validate().is_err()
        || mulligans.len() != cfg.max_mulligans() + 1
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
        house,
        per_game: per_game.map(Bound::unbind),
    })
}
