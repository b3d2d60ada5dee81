//! Games: set up from a known spec (shadowed by the core's `Game`) or raw JSON, and the
//! comparison of a game's decisions, events and zones with the core's.

use crate::buffers::{json_of, must_text};
use crate::handles::{core_status, events_json, GameH, World};
use crate::status::{
    checked, last_error, DECK, GAME_CONFIG, ILLEGAL, INVALID_ARGUMENT, NULL_POINTER, OK, SEED,
};
use libfuzzer_sys::arbitrary::{Result, Unstructured};
use mulligan::*;
use mulligan_core::Game;
use mulligan_fuzz::{copies_estimate, Decision, SetupSpec, MAX_FUZZ_COPIES};
use serde_json::Value;
use std::ffi::c_char;
use std::ptr::{null, null_mut};

/// A decision as the C ABI writes it: the core's record, read back with serde.
pub(crate) fn view_of(v: &Value) -> Decision {
    serde_json::from_value(v.clone()).unwrap_or_else(|e| panic!("a decision record: {e}: {v}"))
}

/// Everything an illegal answer must leave alone, as the C ABI shows it. Events are fetched
/// from `first` on (`mulligan_game_events_json` with a start index), the ones not yet compared.
#[derive(Debug, PartialEq)]
pub(crate) struct GameState {
    pub(crate) pending: Value,
    pub(crate) event_count: usize,
    pub(crate) first: usize,
    pub(crate) new_events: Value,
    pub(crate) zones: Vec<Value>,
    pub(crate) done: bool,
}

pub(crate) fn game_state(g: &GameH, first: usize) -> GameState {
    let h = g.handle;
    let pending = must_text("mulligan_game_pending_json", &|b, n, nd| unsafe {
        mulligan_game_pending_json(h, b, n, nd)
    });
    let mut event_count = 0usize;
    let s = checked("mulligan_game_event_count", unsafe {
        mulligan_game_event_count(h, &mut event_count)
    });
    assert_eq!(s, OK);
    assert!(
        event_count >= first,
        "events were removed: {event_count} < {first}"
    );
    let events = must_text("mulligan_game_events_json", &|b, n, nd| unsafe {
        mulligan_game_events_json(h, first, b, n, nd)
    });
    let zones = (0..g.deck_lens.len() as u32)
        .map(|s| {
            let text = must_text("mulligan_game_zones_json", &|b, n, nd| unsafe {
                mulligan_game_zones_json(h, s, b, n, nd)
            });
            json_of("zones", &text)
        })
        .collect();
    let mut done = false;
    let s = checked("mulligan_game_done", unsafe {
        mulligan_game_done(h, &mut done)
    });
    assert_eq!(s, OK);
    let new_events = json_of("events", &events);
    assert_eq!(
        new_events.as_array().map(Vec::len),
        Some(event_count - first)
    );
    GameState {
        pending: json_of("pending", &pending),
        event_count,
        first,
        new_events,
        zones,
        done,
    }
}

pub(crate) fn zone_ids(z: &Value, key: &str) -> Vec<u32> {
    z[key]
        .as_array()
        .unwrap_or_else(|| panic!("zones without {key}: {z}"))
        .iter()
        .map(|c| c["id"].as_u64().expect("a card id") as u32)
        .collect()
}

/// No card lost or duplicated, and the C view equals the core's (when shadowed): decisions,
/// the events not compared before, every zone.
pub(crate) fn check_game(g: &mut GameH, state: &GameState) {
    for (s, z) in state.zones.iter().enumerate() {
        let mut all: Vec<u32> = ["hand", "library", "battlefield", "exile"]
            .iter()
            .flat_map(|k| zone_ids(z, k))
            .collect();
        all.sort_unstable();
        let expect: Vec<u32> = (0..g.deck_lens[s] as u32).collect();
        assert_eq!(all, expect, "seat {s}: cards lost or duplicated: {z}");
    }
    let pending = state.pending.as_array().expect("pending is an array");
    assert_eq!(pending.is_empty(), state.done);
    if let Some(core) = &g.shadow {
        let views: Vec<Decision> = pending.iter().map(view_of).collect();
        let core_views: Vec<Decision> = core.pending();
        assert_eq!(views, core_views, "pending differs from the core's");
        assert_eq!(
            state.event_count,
            core.events().len(),
            "event counts differ"
        );
        assert_eq!(
            state.new_events,
            events_json(&core.events()[state.first..]),
            "events differ from the core's"
        );
        for (s, z) in state.zones.iter().enumerate() {
            let cz = core.zones(s).expect("a seat");
            assert_eq!(
                *z,
                serde_json::to_value(&cz).expect("zones serialise"),
                "seat {s}: zones differ from the core's"
            );
        }
        assert_eq!(state.done, core.done());
    }
    g.events_seen = state.event_count;
}

/// The setup JSON: mostly a spec's (shadowed by the core), sometimes raw input text.
pub(crate) fn game_new(u: &mut Unstructured, w: &mut World) -> Result<()> {
    let (json, spec) = if u.ratio(1u8, 8)? {
        let len = u.int_in_range(0..=400)?;
        let raw: Vec<u8> = u
            .bytes(len.min(u.len()))?
            .iter()
            .copied()
            .take_while(|b| *b != 0)
            .collect();
        (raw, None)
    } else {
        let spec = SetupSpec::arbitrary(u)?;
        (spec.to_json().into_bytes(), Some(spec))
    };
    if !raw_setup_is_fine(&json) {
        return Ok(());
    }
    let mut c = json.clone();
    c.push(0);
    let null_json = u.ratio(1u8, 32)?;
    let null_out = u.ratio(1u8, 32)?;
    let mut out: u64 = 7;
    let out_ptr: *mut u64 = if null_out { null_mut() } else { &mut out };
    let json_ptr: *const c_char = if null_json { null() } else { c.as_ptr().cast() };
    let s = checked("mulligan_game_new", unsafe {
        mulligan_game_new(json_ptr, out_ptr)
    });
    if null_out || null_json {
        assert_eq!(s, NULL_POINTER);
        if !null_out {
            assert_eq!(out, 0);
        }
        return Ok(());
    }
    let shadow = spec.map(|spec| Game::new(spec.to_core()));
    if let Some(r) = &shadow {
        assert_eq!(
            s,
            core_status(r),
            "mulligan_game_new vs Game::new: {}",
            last_error()
        );
    } else {
        assert!(
            [OK, INVALID_ARGUMENT, SEED, DECK, GAME_CONFIG].contains(&s),
            "mulligan_game_new: {s}"
        );
    }
    if s != OK {
        assert_eq!(out, 0);
        return Ok(());
    }
    assert!(out != 0 && w.kind_of(out).is_none());
    // Learn the decks through mulligan_game_cards_json.
    let mut deck_lens = vec![];
    let mut gemstone = vec![];
    for seat in 0u32.. {
        let mut needed = 0;
        let st = checked("mulligan_game_cards_json", unsafe {
            mulligan_game_cards_json(out, seat, null_mut(), 0, &mut needed)
        });
        if st == ILLEGAL {
            break;
        }
        let text = must_text("mulligan_game_cards_json", &|b, n, nd| unsafe {
            mulligan_game_cards_json(out, seat, b, n, nd)
        });
        let cards = json_of("cards", &text);
        let cards = cards.as_array().expect("an array");
        for (i, c) in cards.iter().enumerate() {
            assert_eq!(c["id"].as_u64(), Some(i as u64));
        }
        deck_lens.push(cards.len());
        gemstone.push(
            cards
                .iter()
                .map(|c| {
                    c["tags"]
                        .as_array()
                        .expect("tags")
                        .iter()
                        .any(|t| t == "gemstone_caverns")
                })
                .collect(),
        );
    }
    let mut g = GameH {
        handle: out,
        shadow: shadow.map(|r| r.expect("the core accepted it too")),
        deck_lens,
        gemstone,
        events_seen: 0,
    };
    let state = game_state(&g, 0);
    check_game(&mut g, &state);
    w.games.push(g);
    Ok(())
}

/// Raw setup JSON that would only measure the allocator (huge decks) is skipped; anything that
/// is not even JSON goes through.
pub(crate) fn raw_setup_is_fine(json: &[u8]) -> bool {
    let Ok(Value::Object(setup)) = serde_json::from_slice::<Value>(json) else {
        return true;
    };
    let Some(Value::Array(players)) = setup.get("players") else {
        return true;
    };
    let copies: u64 = players
        .iter()
        .filter_map(|p| p.get("deck").and_then(Value::as_str))
        .map(copies_estimate)
        .sum();
    copies <= MAX_FUZZ_COPIES
}
