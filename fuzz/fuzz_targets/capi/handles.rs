//! The handles an input holds (seeds, libraries, games, each shadowed by the core when made
//! from known input), picked live, freed, forged or of another kind.

use crate::status::{DECK, GAME_CONFIG, ILLEGAL, INVALID_HANDLE, LOG, OK, SEED};
use libfuzzer_sys::arbitrary::{Result, Unstructured};
use mulligan_core::{Event, Game, Library, Seed};
use serde_json::Value;

pub(crate) struct SeedH {
    pub(crate) handle: u64,
    pub(crate) seed: Seed,
}

pub(crate) struct LibH {
    pub(crate) handle: u64,
    pub(crate) shadow: Library,
    pub(crate) last_events: Vec<Event>,
}

pub(crate) struct GameH {
    pub(crate) handle: u64,
    /// The same game in the core, when the set-up came from a known spec.
    pub(crate) shadow: Option<Game>,
    pub(crate) deck_lens: Vec<usize>,
    pub(crate) gemstone: Vec<Vec<bool>>,
    /// Events already compared with the core's (later checks fetch only the new ones).
    pub(crate) events_seen: usize,
}

#[derive(Default)]
pub(crate) struct World {
    pub(crate) seeds: Vec<SeedH>,
    pub(crate) libs: Vec<LibH>,
    pub(crate) games: Vec<GameH>,
    /// Handles freed during this input (their use must be refused).
    pub(crate) freed: Vec<u64>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum HandleKind {
    Seed,
    Library,
    Game,
}

impl World {
    pub(crate) fn kind_of(&self, h: u64) -> Option<(HandleKind, usize)> {
        if let Some(i) = self.seeds.iter().position(|s| s.handle == h) {
            return Some((HandleKind::Seed, i));
        }
        if let Some(i) = self.libs.iter().position(|s| s.handle == h) {
            return Some((HandleKind::Library, i));
        }
        if let Some(i) = self.games.iter().position(|s| s.handle == h) {
            return Some((HandleKind::Game, i));
        }
        None
    }

    /// A handle to call a `want` function with: usually a live one of that kind, sometimes
    /// 0, a freed one, one of another kind, or a number never issued. Returns it and its index
    /// when it is a live handle of the kind wanted.
    pub(crate) fn pick(
        &self,
        u: &mut Unstructured,
        want: HandleKind,
    ) -> Result<(u64, Option<usize>)> {
        let live: Vec<u64> = match want {
            HandleKind::Seed => self.seeds.iter().map(|s| s.handle).collect(),
            HandleKind::Library => self.libs.iter().map(|s| s.handle).collect(),
            HandleKind::Game => self.games.iter().map(|s| s.handle).collect(),
        };
        let all: Vec<u64> = self
            .seeds
            .iter()
            .map(|s| s.handle)
            .chain(self.libs.iter().map(|s| s.handle))
            .chain(self.games.iter().map(|s| s.handle))
            .collect();
        let h = match u.int_in_range(0u8..=15)? {
            0 => 0,
            1 if !self.freed.is_empty() => *u.choose(&self.freed)?,
            2 if !all.is_empty() => *u.choose(&all)?,
            3 => u.arbitrary()?,
            4 => (1u64 << 61) | (want as u64 + 1),
            _ if !live.is_empty() => *u.choose(&live)?,
            _ => u.arbitrary()?,
        };
        Ok(match self.kind_of(h) {
            Some((k, i)) if k == want => (h, Some(i)),
            _ => (h, None),
        })
    }
}

/// The status a call with `handle` must return when its other arguments are fine.
pub(crate) fn handle_status(live: Option<usize>) -> i32 {
    if live.is_some() {
        OK
    } else {
        INVALID_HANDLE
    }
}

pub(crate) fn core_status(r: &mulligan_core::Result<impl Sized>) -> i32 {
    match r {
        Ok(_) => OK,
        Err(mulligan_core::Error::Seed(_)) => SEED,
        Err(mulligan_core::Error::Deck { .. }) => DECK,
        Err(mulligan_core::Error::IllegalAction(_)) => ILLEGAL,
        Err(mulligan_core::Error::Config(_)) => GAME_CONFIG,
        Err(mulligan_core::Error::Log(_)) => LOG,
    }
}

pub(crate) fn events_json(events: &[Event]) -> Value {
    Value::Array(events.iter().map(Event::to_json).collect())
}
