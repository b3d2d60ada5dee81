//! Queries of a game: its view, decisions, events, zones, result and log.

use crate::buffers::{json_of, read, read_text};
use crate::handles::{handle_status, HandleKind, SeedH, World};
use crate::status::{checked, ILLEGAL, INVALID_ARGUMENT, NULL_POINTER, OK};
use libfuzzer_sys::arbitrary::{Result, Unstructured};
use mulligan::*;
use mulligan_core::Seed;
use std::ptr::null_mut;

pub(crate) fn game_query(u: &mut Unstructured, w: &mut World) -> Result<()> {
    let (h, live) = w.pick(u, HandleKind::Game)?;
    let hs = handle_status(live);
    let g = live.map(|i| &w.games[i]);
    let players = g.map_or(0, |g| g.deck_lens.len() as u32);
    let seat: u32 = if u.ratio(1u8, 16)? {
        u.arbitrary()?
    } else {
        u.int_in_range(0..=players)?
    };
    let seat_status = if hs == OK && seat >= players {
        ILLEGAL
    } else {
        hs
    };
    match u.int_in_range(0u8..=9)? {
        0 => {
            let (s, t) = read_text(u, "mulligan_game_pending_json", &|b, l, n| unsafe {
                mulligan_game_pending_json(h, b, l, n)
            })?;
            if hs != OK {
                assert_ne!(s, OK);
            }
            if let Some(t) = t {
                json_of("pending", &t);
            }
        }
        1 => {
            let mut count = 0usize;
            let s = checked("mulligan_game_event_count", unsafe {
                mulligan_game_event_count(h, &mut count)
            });
            assert_eq!(s, hs);
            let first: usize = if u.ratio(1u8, 16)? {
                u.arbitrary()?
            } else {
                u.int_in_range(0..=count + 1)?
            };
            let (s, t) = read_text(u, "mulligan_game_events_json", &|b, l, n| unsafe {
                mulligan_game_events_json(h, first, b, l, n)
            })?;
            if hs == OK && first > count {
                assert_eq!(s, INVALID_ARGUMENT, "events from {first} of {count}");
            }
            if let Some(t) = t {
                let v = json_of("events", &t);
                assert_eq!(v.as_array().expect("an array").len(), count - first);
            }
        }
        2 => {
            let (s, t) = read_text(u, "mulligan_game_result_json", &|b, l, n| unsafe {
                mulligan_game_result_json(h, b, l, n)
            })?;
            if let (Some(g), true) = (g, hs == OK) {
                if let Some(core) = &g.shadow {
                    assert_eq!(s == ILLEGAL, !core.done(), "result before done: {s}");
                }
            }
            if let Some(t) = t {
                let v = json_of("result", &t);
                assert_eq!(v.as_array().expect("an array").len(), players as usize);
            }
        }
        3 => {
            let (s, hand) = read(u, "mulligan_game_hand", 0xA5A5_A5A5u32, &|b, l, n| unsafe {
                mulligan_game_hand(h, seat, b, l, n)
            })?;
            if seat_status != OK {
                assert_ne!(s, OK);
            }
            if let (Some(hand), Some(core)) = (hand, g.and_then(|g| g.shadow.as_ref())) {
                assert_eq!(hand, core.hand(seat as usize).expect("a seat"));
            }
        }
        4 => {
            let (s, t) = read_text(u, "mulligan_game_zones_json", &|b, l, n| unsafe {
                mulligan_game_zones_json(h, seat, b, l, n)
            })?;
            if seat_status != OK {
                assert_ne!(s, OK);
            }
            if let Some(t) = t {
                json_of("zones", &t);
            }
        }
        5 => {
            let (s, t) = read_text(u, "mulligan_game_cards_json", &|b, l, n| unsafe {
                mulligan_game_cards_json(h, seat, b, l, n)
            })?;
            if seat_status != OK {
                assert_ne!(s, OK);
            }
            if let Some(t) = t {
                json_of("cards", &t);
            }
        }
        6 => {
            let (s, t) = read_text(u, "mulligan_game_info_json", &|b, l, n| unsafe {
                mulligan_game_info_json(h, b, l, n)
            })?;
            if hs != OK {
                assert_ne!(s, OK);
            }
            if let Some(t) = t {
                let v = json_of("info", &t);
                assert_eq!(v["players"].as_u64(), Some(u64::from(players)));
                if let Some(core) = g.and_then(|g| g.shadow.as_ref()) {
                    assert!(
                        !t.contains(&core.seed().hex()),
                        "the info shows the secret seed"
                    );
                    assert_eq!(
                        v["commitment"].as_str(),
                        Some(core.seed().commitment().as_str())
                    );
                }
            }
        }
        7 => {
            let null_out = u.ratio(1u8, 8)?;
            let mut out = 7u64;
            let out_ptr: *mut u64 = if null_out { null_mut() } else { &mut out };
            let s = checked("mulligan_game_seed", unsafe {
                mulligan_game_seed(h, out_ptr)
            });
            assert_eq!(s, if null_out { NULL_POINTER } else { hs });
            if s == OK {
                let mut b = [0u8; 32];
                let mut needed = 0;
                let r = unsafe { mulligan_seed_bytes(out, b.as_mut_ptr(), 32, &mut needed) };
                assert_eq!((r, needed), (OK, 32));
                if let Some(core) = g.and_then(|g| g.shadow.as_ref()) {
                    assert_eq!(&b, core.seed().as_bytes());
                }
                w.seeds.push(SeedH {
                    handle: out,
                    seed: Seed::from_bytes(b),
                });
            } else if !null_out {
                assert_eq!(out, 0);
            }
        }
        8 => {
            let s = checked("mulligan_game_done", unsafe {
                mulligan_game_done(h, null_mut())
            });
            assert_eq!(s, NULL_POINTER);
            let s = checked("mulligan_game_event_count", unsafe {
                mulligan_game_event_count(h, null_mut())
            });
            assert_eq!(s, NULL_POINTER);
        }
        _ => {
            let mut done = false;
            let s = checked("mulligan_game_done", unsafe {
                mulligan_game_done(h, &mut done)
            });
            assert_eq!(s, hs);
        }
    }
    Ok(())
}
