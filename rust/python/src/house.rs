//! The table options of `Game` and `simulate` (`mulligan_core::house`): converted by the
//! argument types of `args` and checked by the core.

use crate::args::{Count, Flag, Text};
use crate::errors::guard;
use mulligan_core::house::{HouseRules, Smoothing};

/// `free_mulligans`, `land_mulligan`, `smoothing`, `smoothing_candidates` as the core's
/// [`HouseRules`], checked (out of range: `GameConfigError`, naming the option).
pub fn house_rules(
    free_mulligans: Option<Count>,
    land_mulligan: Option<Flag>,
    smoothing: Option<Text>,
    smoothing_candidates: Option<Count>,
) -> pyo3::PyResult<HouseRules> {
    // A count beyond 32 bits is out of range like any other: the core names the range.
    let small = |c: Count| u32::try_from(c.get()).unwrap_or(u32::MAX);
    let smoothing = match smoothing {
        Some(name) => Some(guard(|| Smoothing::parse(&name.0))?),
        None => None,
    };
    let house = HouseRules {
        free_mulligans: free_mulligans.map_or(0, small),
        land_mulligan: land_mulligan.is_some_and(|f| f.0),
        smoothing,
        smoothing_candidates: smoothing_candidates.map(small),
    };
    guard(|| house.validate())?;
    Ok(house)
}
