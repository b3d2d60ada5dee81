//! Public numbers of a seat that are not cards (119.3, 122.1): its life total, poison
//! counters and any other named counter, changed by the `counter` action and kept in the log
//! like every action, so a view shows them and the log's verification replays them.
//!
//! Every seat starts with `life` (103.4's starting total, its Vanguard modifier included) and
//! `poison` 0; another counter appears the first time an action names it. In Two-Headed Giant
//! the team has one life total (810.9, 101.3a): a change of one teammate's `life` is the
//! team's.

use super::Table;
use crate::error::{Error, Result};
use crate::event::{Event, EventKind};
use std::collections::BTreeMap;

/// One seat's counters by name.
pub type Counters = BTreeMap<String, i64>;

/// The life total's counter.
pub const LIFE: &str = "life";
/// Poison counters (122.1).
pub const POISON: &str = "poison";
/// The most counters a seat may have (a bound on a view's size, not a rule).
pub const MAX_COUNTERS: usize = 32;
/// The longest counter name.
pub const MAX_COUNTER_NAME: usize = 32;
/// The largest magnitude a counter may hold (no rule; keeps every sum far from overflow).
pub const MAX_COUNTER_VALUE: i64 = 1_000_000_000;

/// Each seat's counters at the start of the table phase: `life` from `life` (103.4), `poison` 0.
pub(super) fn starting(life: &[i32]) -> Vec<Counters> {
    life.iter()
        .map(|&l| Counters::from([(LIFE.to_string(), i64::from(l)), (POISON.to_string(), 0)]))
        .collect()
}

pub(super) fn check_name(name: &str) -> Result<()> {
    let ok = !name.is_empty()
        && name.len() <= MAX_COUNTER_NAME
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
    if ok {
        Ok(())
    } else {
        Err(Error::illegal(format!(
            "counter {name:?}: a name of 1 to {MAX_COUNTER_NAME} characters among a-z, 0-9 and _ \
             (\"life\", \"poison\", \"energy\")"
        )))
    }
}

impl Table {
    /// The counters of `seat` (empty for a seat that does not exist).
    pub fn counters(&self, seat: usize) -> Counters {
        self.counters.get(seat).cloned().unwrap_or_default()
    }

    /// The seats whose `counter` is `seat`'s: the Two-Headed Giant team for `life`, else
    /// `seat` alone.
    fn sharing(&self, seat: usize, counter: &str) -> Vec<usize> {
        match self.life_shared.get(seat) {
            Some(team) if counter == LIFE && !team.is_empty() => team.clone(),
            _ => vec![seat],
        }
    }

    /// Applies a `counter` action on `seat`'s own counters (checked in full first): its event.
    pub(super) fn counter(
        &mut self,
        seat: usize,
        counter: &str,
        delta: Option<i64>,
        set: Option<i64>,
    ) -> Result<Event> {
        check_name(counter)?;
        let old = self.counters[seat].get(counter).copied();
        if old.is_none() && self.counters[seat].len() >= MAX_COUNTERS {
            return Err(Error::illegal(format!(
                "seat {seat} has {MAX_COUNTERS} counters already: no room for {counter:?}"
            )));
        }
        let old = old.unwrap_or(0);
        let value = new_value(counter, old, delta, set)?;
        let seats = self.sharing(seat, counter);
        for &s in &seats {
            self.counters[s].insert(counter.to_string(), value);
        }
        Ok(Event::new(
            if counter == LIFE { "119.3" } else { "122.1" },
            EventKind::Counter {
                seat,
                counter: counter.to_string(),
                value,
                delta: value - old,
                shared_with: seats.into_iter().filter(|&s| s != seat).collect(),
                card: None,
            },
        ))
    }
}

/// A counter's value after exactly one of `delta` (added to `old`) and `set`, each within
/// ±[`MAX_COUNTER_VALUE`].
pub(super) fn new_value(
    counter: &str,
    old: i64,
    delta: Option<i64>,
    set: Option<i64>,
) -> Result<i64> {
    let bound = |v: i64, what: &str| -> Result<i64> {
        if v.unsigned_abs() > MAX_COUNTER_VALUE.unsigned_abs() {
            return Err(Error::illegal(format!(
                "counter {counter:?}: {what} {v} is beyond ±{MAX_COUNTER_VALUE}"
            )));
        }
        Ok(v)
    };
    match (delta, set) {
        (Some(d), None) => bound(old + bound(d, "delta")?, "the new value"),
        (None, Some(v)) => bound(v, "set"),
        _ => Err(Error::illegal(format!(
            "counter {counter:?}: give exactly one of delta and set"
        ))),
    }
}
