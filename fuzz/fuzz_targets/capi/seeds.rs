//! Seeds: made from hex, bytes, contributions or the OS, and queried (hex, commitment).

use crate::buffers::{read, read_text};
use crate::handles::{HandleKind, SeedH, World};
use crate::input::pick_input;
use crate::status::{checked, CANARY, NULL_POINTER, OK, SEED};
use libfuzzer_sys::arbitrary::{Result, Unstructured};
use mulligan::*;
use mulligan_core::Seed;
use std::ffi::c_char;
use std::ptr::{null, null_mut};

pub(crate) fn seed_new(u: &mut Unstructured, w: &mut World) -> Result<()> {
    let null_out = u.ratio(1u8, 16)?;
    let mut out: u64 = 7;
    let out_ptr: *mut u64 = if null_out { null_mut() } else { &mut out };
    let (status, expect) = match u.int_in_range(0u8..=15)? {
        0..=6 => {
            // Hex: 64 digits of known bytes, or any text (a C string ends at its first NUL).
            let (text, expect) = if u.ratio(1u8, 2)? {
                let bytes: [u8; 32] = u.arbitrary()?;
                let mut hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
                if u.arbitrary()? {
                    hex = hex.to_uppercase();
                }
                (hex.into_bytes(), Some(Seed::from_bytes(bytes)))
            } else {
                let len = u.int_in_range(0..=70)?;
                let raw = u.bytes(len.min(u.len()))?.to_vec();
                let raw: Vec<u8> = raw.into_iter().take_while(|b| *b != 0).collect();
                let expect = std::str::from_utf8(&raw)
                    .ok()
                    .and_then(|t| Seed::from_hex(t).ok());
                (raw, expect)
            };
            let mut c = text.clone();
            c.push(0);
            let null_hex = u.ratio(1u8, 16)?;
            let hex_ptr: *const c_char = if null_hex { null() } else { c.as_ptr().cast() };
            let s = checked("mulligan_seed_from_hex", unsafe {
                mulligan_seed_from_hex(hex_ptr, out_ptr)
            });
            let want = match (null_out || null_hex, &expect) {
                (true, _) => NULL_POINTER,
                (false, Some(_)) => OK,
                (false, None) => SEED,
            };
            assert_eq!(s, want, "seed_from_hex({text:?})");
            (s, expect)
        }
        7..=14 => {
            let len = if u.ratio(3u8, 4)? {
                32
            } else {
                u.int_in_range(0..=40)?
            };
            let bytes = u.bytes(len.min(u.len()))?.to_vec();
            let input = pick_input(u, bytes)?;
            let (s, ptr_status) =
                input.call(&|p, n| unsafe { mulligan_seed_from_bytes(p, n, out_ptr) });
            let want = match ptr_status {
                _ if null_out => NULL_POINTER,
                Some(p) => p,
                None if input.items().len() != 32 => SEED,
                None => OK,
            };
            assert_eq!(s, want, "seed_from_bytes({} bytes)", input.items().len());
            let expect = (s == OK).then(|| Seed::from_slice(&input.items()).expect("32 bytes"));
            (checked("mulligan_seed_from_bytes", s), expect)
        }
        _ => {
            // The OS's randomness: rare, as it makes an input replay differently.
            let s = unsafe { mulligan_seed_generate(out_ptr) };
            assert_eq!(s, if null_out { NULL_POINTER } else { OK });
            let s = checked("mulligan_seed_generate", s);
            let expect = (s == OK).then(|| {
                let mut b = [0u8; 32];
                let mut needed = 0;
                let r = unsafe { mulligan_seed_bytes(out, b.as_mut_ptr(), 32, &mut needed) };
                assert_eq!((r, needed), (OK, 32));
                Seed::from_bytes(b)
            });
            (s, expect)
        }
    };
    if null_out {
        return Ok(());
    }
    if status == OK {
        let seed = expect.expect("a seed was expected");
        assert!(
            out != 0 && out != 7 && w.kind_of(out).is_none(),
            "a new handle {out}"
        );
        w.seeds.push(SeedH { handle: out, seed });
    } else {
        assert_eq!(out, 0, "*out after a failure");
    }
    Ok(())
}

pub(crate) fn seed_query(u: &mut Unstructured, w: &mut World) -> Result<()> {
    let (h, live) = w.pick(u, HandleKind::Seed)?;
    let seed = live.map(|i| w.seeds[i].seed.clone());
    match u.int_in_range(0u8..=3)? {
        0 => {
            let (s, text) = read_text(u, "mulligan_seed_hex", &|b, l, n| unsafe {
                mulligan_seed_hex(h, b, l, n)
            })?;
            match (&seed, text) {
                (Some(seed), Some(t)) => assert_eq!(t, seed.hex()),
                (None, _) => assert_ne!(s, OK),
                _ => {}
            }
        }
        1 => {
            let (s, bytes) = read(u, "mulligan_seed_bytes", CANARY, &|b, l, n| unsafe {
                mulligan_seed_bytes(h, b, l, n)
            })?;
            match (&seed, bytes) {
                (Some(seed), Some(b)) => assert_eq!(&b[..], seed.as_bytes()),
                (None, _) => assert_ne!(s, OK),
                _ => {}
            }
        }
        2 => {
            let (s, text) = read_text(u, "mulligan_seed_commitment", &|b, l, n| unsafe {
                mulligan_seed_commitment(h, b, l, n)
            })?;
            match (&seed, text) {
                (Some(seed), Some(t)) => assert_eq!(t, seed.commitment()),
                (None, _) => assert_ne!(s, OK),
                _ => {}
            }
        }
        _ => {
            let text: Vec<u8> = match (&seed, u.int_in_range(0u8..=3)?) {
                (Some(seed), 0) => seed.commitment().into_bytes(),
                (Some(seed), 1) => seed.commitment().to_uppercase().into_bytes(),
                _ => {
                    let len = u.int_in_range(0..=66)?;
                    u.bytes(len.min(u.len()))?
                        .iter()
                        .copied()
                        .take_while(|b| *b != 0)
                        .collect()
                }
            };
            let mut c = text.clone();
            c.push(0);
            let mut matches = true;
            let null_matches = u.ratio(1u8, 16)?;
            let m: *mut bool = if null_matches {
                null_mut()
            } else {
                &mut matches
            };
            let s = checked("mulligan_seed_verify_commitment", unsafe {
                mulligan_seed_verify_commitment(h, c.as_ptr().cast(), m)
            });
            if null_matches {
                assert_eq!(s, NULL_POINTER);
            } else if let Some(seed) = &seed {
                let expect = std::str::from_utf8(&text)
                    .map_err(|_| ())
                    .and_then(|t| seed.verify_commitment(t).map_err(|_| ()));
                match expect {
                    Ok(v) => assert_eq!((s, matches), (OK, v), "verify {text:?}"),
                    Err(()) => assert_eq!(s, SEED, "verify {text:?}"),
                }
            } else {
                assert_ne!(s, OK);
            }
        }
    }
    Ok(())
}
