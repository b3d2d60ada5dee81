//! The deliberate panic at the boundary, and the calls that take no handle.

use crate::buffers::read_text;
use crate::free::{free_call, remove};
use crate::handles::{HandleKind, World};
use crate::status::{
    checked, last_error, CANARY, INTERNAL, INVALID_HANDLE, NULL_POINTER, OK, TOO_SMALL,
};
use libfuzzer_sys::arbitrary::{Result, Unstructured};
use mulligan::*;
use std::ffi::c_char;
use std::ptr::null_mut;

/// `mulligan_debug_panic`: the panic is caught at the boundary, and a handle it poisoned
/// refuses every call but its free. libFuzzer's panic hook aborts on any panic, so a quiet
/// hook stands in for the length of this one deliberate panic.
pub(crate) fn debug_panic(u: &mut Unstructured, w: &mut World) -> Result<()> {
    let kind = *u.choose(&[HandleKind::Seed, HandleKind::Library, HandleKind::Game])?;
    let (h, live) = if u.ratio(1u8, 4)? {
        (0, None)
    } else {
        w.pick(u, kind)?
    };
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let s = mulligan_debug_panic(h);
    std::panic::set_hook(hook);
    let message = last_error();
    match live {
        Some(i) => {
            assert_eq!(s, INTERNAL);
            assert!(message.contains("mulligan_debug_panic"), "{message}");
            let mut out = 0usize;
            let poisoned = match kind {
                HandleKind::Seed => unsafe { mulligan_seed_hex(h, null_mut(), 0, &mut out) },
                HandleKind::Library => unsafe { mulligan_library_len(h, &mut out) },
                HandleKind::Game => unsafe { mulligan_game_event_count(h, &mut out) },
            };
            assert_eq!(poisoned, INTERNAL, "a poisoned handle");
            assert_eq!(checked("freeing a poisoned handle", free_call(kind, h)), OK);
            remove(w, kind, i);
        }
        None if h == 0 => {
            assert_eq!(s, INTERNAL);
            assert!(message.contains("mulligan_debug_panic"), "{message}");
        }
        None => {
            // Another live handle (of another kind) is poisoned too; a dead one is refused.
            match w.kind_of(h) {
                Some((k, i)) => {
                    assert_eq!(s, INTERNAL);
                    assert_eq!(checked("freeing a poisoned handle", free_call(k, h)), OK);
                    remove(w, k, i);
                }
                None => assert_eq!(s, INVALID_HANDLE, "debug_panic({h}): {message}"),
            }
        }
    }
    Ok(())
}

pub(crate) fn misc(u: &mut Unstructured) -> Result<()> {
    match u.int_in_range(0u8..=3)? {
        0 => {
            let mut v = 0u32;
            assert_eq!(
                checked("format_version", unsafe { mulligan_format_version(&mut v) }),
                OK
            );
            assert_eq!(v, mulligan_core::FORMAT_VERSION);
            assert_eq!(
                checked("format_version", unsafe {
                    mulligan_format_version(null_mut())
                }),
                NULL_POINTER
            );
        }
        1 => {
            let (_, t) = read_text(u, "mulligan_version", &|b, l, n| unsafe {
                mulligan_version(b, l, n)
            })?;
            if let Some(t) = t {
                assert!(!t.is_empty());
            }
        }
        2 => {
            assert_eq!(
                checked("live_handles", unsafe { mulligan_live_handles(null_mut()) }),
                NULL_POINTER
            );
        }
        _ => {
            // The last error read with any buffer: it never changes the stored message.
            let s = checked("format_version", unsafe {
                mulligan_format_version(null_mut())
            });
            assert_eq!(s, NULL_POINTER);
            let message = last_error();
            let mut b = vec![CANARY as c_char; u.int_in_range(0..=message.len() + 2)?];
            let mut needed = 0;
            let ptr = if b.is_empty() {
                null_mut()
            } else {
                b.as_mut_ptr()
            };
            let s = unsafe { mulligan_last_error(ptr, b.len(), &mut needed) };
            assert_eq!(needed, message.len() + 1);
            assert_eq!(
                s,
                if b.len() > message.len() {
                    OK
                } else {
                    TOO_SMALL
                }
            );
            assert_eq!(last_error(), message, "reading the last error changed it");
        }
    }
    Ok(())
}
