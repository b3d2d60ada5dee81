//! Output buffers as a C caller passes them (a size query, NULL, short, large, misaligned)
//! and the buffer contract checked on every read.

use crate::status::{checked, CANARY, INVALID_ARGUMENT, NULL_POINTER, OK, TOO_SMALL};
use libfuzzer_sys::arbitrary::{Result, Unstructured};
use serde_json::Value;
use std::ffi::c_char;
use std::ptr::null_mut;

/// How a caller passes an output buffer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Buf {
    /// NULL with length 0 (a size query).
    Query,
    /// NULL with a non-zero length.
    NullWithLen,
    /// Exactly the size needed.
    Exact,
    /// Too small by at least one element.
    Short,
    /// Larger than needed.
    Large,
    /// Larger than needed, and `needed` NULL.
    NoNeeded,
    /// A pointer off by one byte (only for types wider than a byte).
    Misaligned,
    /// A `needed` pointer off by one byte.
    MisalignedNeeded,
}

pub(crate) fn pick_buf(u: &mut Unstructured) -> Result<Buf> {
    Ok(match u.int_in_range(0u8..=15)? {
        0 => Buf::Query,
        1 => Buf::NullWithLen,
        2 => Buf::Short,
        3 => Buf::Large,
        4 => Buf::NoNeeded,
        5 => Buf::Misaligned,
        6 => Buf::MisalignedNeeded,
        _ => Buf::Exact,
    })
}

/// A function writing `T`s into `(buf, len, needed)`.
pub(crate) type Writer<'a, T> = &'a dyn Fn(*mut T, usize, *mut usize) -> i32;

/// Reads through `f` the way `mode` says and checks the buffer contract; returns the status
/// and, on success, the elements written. `f` must not change anything (it is called twice).
pub(crate) fn read<T: Copy + PartialEq + std::fmt::Debug>(
    u: &mut Unstructured,
    what: &str,
    canary: T,
    f: Writer<T>,
) -> Result<(i32, Option<Vec<T>>)> {
    let mode = pick_buf(u)?;
    // The size query first: `needed` is then the size every other mode is checked against.
    let mut needed = usize::MAX;
    let status = checked(what, f(null_mut(), 0, &mut needed));
    if status != OK && status != TOO_SMALL {
        assert_eq!(
            needed,
            usize::MAX,
            "{what}: failed with {status} but set needed"
        );
        // Another mode fails too (maybe earlier, on its own pointer problem).
        let mut b = vec![canary; 4];
        let again = checked(what, f(b.as_mut_ptr(), b.len(), &mut needed));
        assert_ne!(
            again, OK,
            "{what}: failed as a size query, succeeded with a buffer"
        );
        assert!(
            b.iter().all(|x| *x == canary),
            "{what}: wrote into the buffer of a failed call"
        );
        return Ok((again, None));
    }
    let n = needed;
    assert_eq!(
        status == OK,
        n == 0,
        "{what}: size query gave {status} with needed {n}"
    );
    let aligned = std::mem::align_of::<T>() > 1;
    Ok(match mode {
        Buf::Query => (status, (status == OK).then(Vec::new)),
        Buf::NullWithLen => {
            let len = u.int_in_range(1..=64)?;
            let s = checked(what, f(null_mut(), len, &mut needed));
            assert_eq!(s, NULL_POINTER, "{what}: NULL buffer with len {len}");
            (s, None)
        }
        Buf::Short if n > 0 => {
            let len = u.int_in_range(0..=n - 1)?;
            let mut b = vec![canary; len];
            let mut got = 0usize;
            let ptr = if len == 0 { null_mut() } else { b.as_mut_ptr() };
            let s = checked(what, f(ptr, len, &mut got));
            assert_eq!((s, got), (TOO_SMALL, n), "{what}: {len} of {n}");
            assert!(
                b.iter().all(|x| *x == canary),
                "{what}: wrote into a short buffer"
            );
            (s, None)
        }
        Buf::Misaligned if aligned => {
            let mut b = vec![canary; n + 2];
            let ptr = unsafe { b.as_mut_ptr().cast::<u8>().add(1).cast::<T>() };
            let mut got = usize::MAX;
            let s = checked(what, f(ptr, n, &mut got));
            assert_eq!(s, INVALID_ARGUMENT, "{what}: a misaligned buffer");
            assert_eq!(got, usize::MAX, "{what}: set needed on a misaligned buffer");
            assert!(
                b.iter().all(|x| *x == canary),
                "{what}: wrote through a misaligned buffer"
            );
            (s, None)
        }
        Buf::MisalignedNeeded => {
            let mut b = vec![canary; n];
            let mut slot = [0usize; 2];
            let needed_ptr = unsafe { slot.as_mut_ptr().cast::<u8>().add(1).cast::<usize>() };
            let ptr = if n == 0 { null_mut() } else { b.as_mut_ptr() };
            let s = checked(what, f(ptr, n, needed_ptr));
            assert_eq!(s, INVALID_ARGUMENT, "{what}: a misaligned needed");
            assert_eq!(slot, [0, 0], "{what}: wrote through a misaligned needed");
            assert!(
                b.iter().all(|x| *x == canary),
                "{what}: wrote with a misaligned needed"
            );
            (s, None)
        }
        Buf::Large | Buf::NoNeeded => {
            let extra = u.int_in_range(1..=16)?;
            let mut b = vec![canary; n + extra];
            let mut got = usize::MAX;
            let needed_ptr = if mode == Buf::NoNeeded {
                null_mut()
            } else {
                &mut got
            };
            let s = checked(what, f(b.as_mut_ptr(), b.len(), needed_ptr));
            assert_eq!(s, OK, "{what}: a buffer of {} for {n}", b.len());
            if mode == Buf::Large {
                assert_eq!(got, n, "{what}: needed");
            }
            assert!(
                b[n..].iter().all(|x| *x == canary),
                "{what}: wrote past needed"
            );
            b.truncate(n);
            (s, Some(b))
        }
        // Exact, and the modes that do not apply to this size or type.
        _ => {
            let mut b = vec![canary; n];
            let mut got = usize::MAX;
            let ptr = if n == 0 { null_mut() } else { b.as_mut_ptr() };
            let s = checked(what, f(ptr, n, &mut got));
            assert_eq!((s, got), (OK, n), "{what}: an exact buffer");
            (s, Some(b))
        }
    })
}

/// A NUL-terminated UTF-8 string written by `f`.
pub(crate) fn read_text(
    u: &mut Unstructured,
    what: &str,
    f: Writer<c_char>,
) -> Result<(i32, Option<String>)> {
    let (status, bytes) = read(u, what, CANARY as c_char, f)?;
    Ok((status, bytes.map(|b| text_of(what, b))))
}

pub(crate) fn text_of(what: &str, b: Vec<c_char>) -> String {
    let mut b: Vec<u8> = b.into_iter().map(|c| c as u8).collect();
    assert_eq!(b.pop(), Some(0), "{what}: not NUL-terminated");
    assert!(!b.contains(&0), "{what}: a NUL inside the text");
    String::from_utf8(b).unwrap_or_else(|e| panic!("{what}: not UTF-8: {e}"))
}

pub(crate) fn json_of(what: &str, text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{what}: not JSON ({e}): {text:?}"))
}

/// Reads a text that must be there: into a roomy buffer, or, when that is too small, into
/// one of the size the call asked for (the buffer contract itself is checked by [`read`]).
pub(crate) fn must_text(what: &str, f: Writer<c_char>) -> String {
    let mut b = vec![CANARY as c_char; 1 << 15];
    let mut needed = 0usize;
    let mut s = checked(what, f(b.as_mut_ptr(), b.len(), &mut needed));
    if s == TOO_SMALL {
        b = vec![CANARY as c_char; needed];
        s = checked(what, f(b.as_mut_ptr(), b.len(), &mut needed));
    }
    assert_eq!(s, OK, "{what}");
    b.truncate(needed);
    text_of(what, b)
}
