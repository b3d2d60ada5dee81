//! Libraries: made from a seed, and every 701.24 operation on them, compared with the core's
//! `Library` call for call.

use crate::buffers::{json_of, must_text, pick_buf, read, read_text, Buf};
use crate::handles::{core_status, events_json, handle_status, HandleKind, LibH, World};
use crate::input::{any_ids, pick_input};
use crate::status::{checked, INVALID_ARGUMENT, INVALID_HANDLE, NULL_POINTER, OK, TOO_SMALL};
use libfuzzer_sys::arbitrary::{Result, Unstructured};
use mulligan::*;
use mulligan_core::{Destination, Library};
use std::ptr::null_mut;

pub(crate) fn library_new(u: &mut Unstructured, w: &mut World) -> Result<()> {
    let (seed_h, live) = w.pick(u, HandleKind::Seed)?;
    let stream: u64 = if u.ratio(1u8, 16)? {
        u.arbitrary()?
    } else {
        u.int_in_range(0..=3)?
    };
    let n_cards: u32 = match u.int_in_range(0u8..=31)? {
        0 => MULLIGAN_MAX_LIBRARY_CARDS + 1,
        1 => u32::MAX,
        _ => u.int_in_range(0..=70)?,
    };
    let null_out = u.ratio(1u8, 32)?;
    let mut out: u64 = 7;
    let out_ptr: *mut u64 = if null_out { null_mut() } else { &mut out };
    let s = checked("mulligan_library_new", unsafe {
        mulligan_library_new(seed_h, stream, n_cards, out_ptr)
    });
    let shadow = live
        .filter(|_| n_cards <= MULLIGAN_MAX_LIBRARY_CARDS)
        .map(|i| Library::new((0..n_cards).collect(), w.seeds[i].seed.clone(), stream));
    let want = if null_out {
        NULL_POINTER
    } else if n_cards > MULLIGAN_MAX_LIBRARY_CARDS {
        INVALID_ARGUMENT
    } else {
        match &shadow {
            None => INVALID_HANDLE,
            Some(r) => core_status(r),
        }
    };
    assert_eq!(
        s, want,
        "library_new(seed {seed_h}, stream {stream}, {n_cards})"
    );
    if !null_out {
        if s == OK {
            assert!(out != 0 && w.kind_of(out).is_none());
            w.libs.push(LibH {
                handle: out,
                shadow: shadow.expect("a live seed").expect("a library"),
                last_events: vec![],
            });
        } else {
            assert_eq!(out, 0);
        }
    }
    Ok(())
}

/// The library's cards, shuffle count and last events agree with its shadow.
pub(crate) fn compare_library(l: &LibH) {
    let h = l.handle;
    let mut needed = 0usize;
    let mut cards = vec![0u32; l.shadow.len()];
    let ptr = if cards.is_empty() {
        null_mut()
    } else {
        cards.as_mut_ptr()
    };
    let s = checked("mulligan_library_cards", unsafe {
        mulligan_library_cards(h, ptr, cards.len(), &mut needed)
    });
    assert_eq!((s, needed), (OK, l.shadow.len()));
    assert_eq!(
        cards,
        l.shadow.cards(),
        "library {h} differs from the core's"
    );
    let mut len = 0usize;
    assert_eq!(
        checked("len", unsafe { mulligan_library_len(h, &mut len) }),
        OK
    );
    assert_eq!(len, l.shadow.len());
    let mut count = 0u32;
    assert_eq!(
        checked("count", unsafe {
            mulligan_library_shuffle_count(h, &mut count)
        }),
        OK
    );
    assert_eq!(count, l.shadow.shuffle_count());
    let text = must_text("mulligan_library_last_events_json", &|b, n, nd| unsafe {
        mulligan_library_last_events_json(h, b, n, nd)
    });
    assert_eq!(json_of("last events", &text), events_json(&l.last_events));
}

pub(crate) fn library_op(u: &mut Unstructured, w: &mut World) -> Result<()> {
    let (h, live) = w.pick(u, HandleKind::Library)?;
    let len = live.map_or(0, |i| w.libs[i].shadow.len());
    let hs = handle_status(live);
    match u.int_in_range(0u8..=10)? {
        0 => {
            let s = checked("mulligan_library_shuffle", mulligan_library_shuffle(h));
            match live {
                Some(i) => {
                    let l = &mut w.libs[i];
                    let r = l.shadow.shuffle();
                    assert_eq!(s, core_status(&r));
                    if let Ok(e) = r {
                        l.last_events = e;
                    }
                }
                None => assert_eq!(s, hs),
            }
        }
        1 => {
            let ids = any_ids(u, len)?;
            let input = pick_input(u, ids)?;
            let destination: i32 = if u.ratio(1u8, 16)? {
                u.arbitrary()?
            } else {
                u.int_in_range(0..=2)?
            };
            let (s, ptr_status) = input
                .call(&|p, n| unsafe { mulligan_library_search_and_shuffle(h, p, n, destination) });
            let s = checked("mulligan_library_search_and_shuffle", s);
            let to = match destination {
                0 => Some(Destination::Out),
                1 => Some(Destination::Top),
                2 => Some(Destination::Bottom),
                _ => None,
            };
            match (ptr_status, to, live) {
                (Some(p), _, _) => assert_eq!(s, p),
                (None, None, _) => assert_eq!(s, INVALID_ARGUMENT),
                (None, Some(to), Some(i)) => {
                    let l = &mut w.libs[i];
                    let r = l.shadow.search_and_shuffle(&input.items(), to);
                    assert_eq!(s, core_status(&r), "search {:?}", input.items());
                    if let Ok((_, e)) = r {
                        l.last_events = e;
                    }
                }
                (None, Some(_), None) => assert_eq!(s, hs),
            }
        }
        2 => {
            let ids = any_ids(u, len)?;
            let input = pick_input(u, ids)?;
            let has_place: i32 = if u.ratio(1u8, 2)? {
                0
            } else {
                u.arbitrary::<i32>()? | 1
            };
            let place_id: u32 = u.int_in_range(0..=len as u32 + 3)?;
            let position: i64 = if u.ratio(1u8, 16)? {
                u.arbitrary()?
            } else {
                u.int_in_range(-(len as i64) - 3..=len as i64 + 3)?
            };
            let (s, ptr_status) = input.call(&|p, n| unsafe {
                mulligan_library_shuffle_in(h, p, n, has_place, place_id, position)
            });
            let s = checked("mulligan_library_shuffle_in", s);
            if let Some(p) = ptr_status {
                assert_eq!(s, p);
            } else if let Some(i) = live {
                let l = &mut w.libs[i];
                let place = (has_place != 0).then_some((place_id, position));
                let r = l.shadow.shuffle_in(&input.items(), place);
                assert_eq!(s, core_status(&r));
                if let Ok(e) = r {
                    l.last_events = e;
                }
            } else {
                assert_eq!(s, hs);
            }
        }
        3 => {
            // Draw: mutating, so one call with the chosen buffer.
            let n: usize = if u.ratio(1u8, 16)? {
                u.arbitrary()?
            } else {
                u.int_in_range(0..=len + 2)?
            };
            let k = n.min(len);
            let mode = pick_buf(u)?;
            let buf_len = match mode {
                Buf::Query => 0,
                Buf::Short => k.saturating_sub(1),
                Buf::Large | Buf::NoNeeded => k + 3,
                _ => k,
            };
            let mut b = vec![0xA5A5_A5A5u32; buf_len + 1];
            let mut count = usize::MAX;
            let (ptr, count_ptr): (*mut u32, *mut usize) = match mode {
                Buf::Query => (null_mut(), &mut count),
                Buf::NullWithLen => (null_mut(), &mut count),
                Buf::NoNeeded => (b.as_mut_ptr(), null_mut()),
                Buf::Misaligned => (
                    unsafe { b.as_mut_ptr().cast::<u8>().add(1).cast() },
                    &mut count,
                ),
                _ => (b.as_mut_ptr(), &mut count),
            };
            let pass_len = if mode == Buf::NullWithLen {
                buf_len + 1
            } else {
                buf_len
            };
            let s = checked("mulligan_library_draw", unsafe {
                mulligan_library_draw(h, n, ptr, pass_len, count_ptr)
            });
            let want = match mode {
                Buf::NoNeeded | Buf::NullWithLen => NULL_POINTER,
                Buf::Misaligned => INVALID_ARGUMENT,
                _ if live.is_none() => INVALID_HANDLE,
                _ if k > buf_len => TOO_SMALL,
                _ => OK,
            };
            assert_eq!(s, want, "draw {n} of {len} into {buf_len} ({mode:?})");
            if s == TOO_SMALL {
                assert_eq!(count, k);
                assert!(b.iter().all(|&x| x == 0xA5A5_A5A5), "a refused draw wrote");
            }
            if s == OK {
                let l = &mut w.libs[live.unwrap()];
                let drawn = l.shadow.draw(n);
                assert_eq!(count, drawn.len());
                assert_eq!(&b[..count], &drawn[..], "drawn cards");
                assert!(
                    b[count..].iter().all(|&x| x == 0xA5A5_A5A5),
                    "wrote past the drawn cards"
                );
                l.last_events.clear();
            }
        }
        4 | 5 => {
            let top = u.ratio(1u8, 2)?;
            let ids = any_ids(u, len)?;
            let input = pick_input(u, ids)?;
            let (s, ptr_status) = input.call(&|p, n| unsafe {
                if top {
                    mulligan_library_put_on_top(h, p, n)
                } else {
                    mulligan_library_put_on_bottom(h, p, n)
                }
            });
            let s = checked("mulligan_library_put_on_…", s);
            if let Some(p) = ptr_status {
                assert_eq!(s, p);
            } else if let Some(i) = live {
                let l = &mut w.libs[i];
                let r = if top {
                    l.shadow.put_on_top(&input.items())
                } else {
                    l.shadow.put_on_bottom(&input.items())
                };
                assert_eq!(s, core_status(&r));
                if let Ok(e) = r {
                    l.last_events = e;
                }
            } else {
                assert_eq!(s, hs);
            }
        }
        6 => {
            let mut handles = vec![];
            for _ in 0..u.int_in_range(0u8..=4)? {
                handles.push(w.pick(u, HandleKind::Library)?);
            }
            let input = pick_input(u, handles.iter().map(|(h, _)| *h).collect::<Vec<u64>>())?;
            let (s, ptr_status) =
                input.call(&|p, n| unsafe { mulligan_library_shuffle_simultaneously(p, n) });
            let s = checked("mulligan_library_shuffle_simultaneously", s);
            if let Some(p) = ptr_status {
                assert_eq!(s, p);
            } else if handles.iter().any(|(_, l)| l.is_none()) {
                assert_eq!(s, INVALID_HANDLE);
            } else {
                assert_eq!(s, OK);
                let mut done: Vec<usize> = vec![];
                for &(h, i) in &handles {
                    let i = i.unwrap();
                    if done.contains(&i) {
                        continue;
                    }
                    done.push(i);
                    let l = &mut w.libs[i];
                    let mut e = l.shadow.shuffle().expect("a shuffle").remove(0);
                    e.rule = "701.24f";
                    let times = handles.iter().filter(|(x, _)| *x == h).count();
                    l.last_events = vec![e; times];
                }
            }
        }
        7 => {
            let (s, cards) = read(
                u,
                "mulligan_library_cards",
                0xA5A5_A5A5u32,
                &|b, l, n| unsafe { mulligan_library_cards(h, b, l, n) },
            )?;
            match live {
                Some(i) => {
                    if let Some(c) = cards {
                        assert_eq!(c, w.libs[i].shadow.cards());
                    }
                }
                None => assert_ne!(s, OK),
            }
        }
        8 => {
            let (s, text) = read_text(u, "mulligan_library_last_events_json", &|b, l, n| unsafe {
                mulligan_library_last_events_json(h, b, l, n)
            })?;
            match live {
                Some(i) => {
                    if let Some(t) = text {
                        assert_eq!(
                            json_of("last events", &t),
                            events_json(&w.libs[i].last_events)
                        );
                    }
                }
                None => assert_ne!(s, OK),
            }
        }
        9 => {
            let s = checked("mulligan_library_len", unsafe {
                mulligan_library_len(h, null_mut())
            });
            assert_eq!(s, NULL_POINTER);
            let mut out = 0usize;
            let s = checked("mulligan_library_len", unsafe {
                mulligan_library_len(h, &mut out)
            });
            assert_eq!(s, hs);
        }
        _ => {
            let mut out = 0u32;
            let s = checked("mulligan_library_shuffle_count", unsafe {
                mulligan_library_shuffle_count(h, &mut out)
            });
            assert_eq!(s, hs);
        }
    }
    for l in &w.libs {
        compare_library(l);
    }
    Ok(())
}
