//! `mulligan-capi`: the C ABI of `mulligan-core` (header `include/mulligan.h`, guide
//! `docs/C_ABI.md`). This crate only converts types and errors and guards the boundary; every
//! rule lives in the core.
//!
//! Every export is `extern "C"`, returns a [`MulliganStatus`] (an `int32_t`: 0 or a negative
//! error code), writes its results through out-pointers or caller-provided buffers, runs its
//! body inside `catch_unwind` (no panic crosses the boundary) and sets a thread-local last
//! error message on failure. Objects are opaque 64-bit handles into a registry
//! (`registry`), never pointers, so a freed or forged handle is detected, never undefined
//! behaviour.

#![deny(unsafe_op_in_unsafe_fn)]

mod error;
mod ffi;
mod json;
mod registry;
mod setup;

// The exports, in the order cbindgen writes them to the header: seeds, libraries, games
// (blank lines keep rustfmt from sorting these three).
mod seed;

mod library;

mod game;
mod table;

mod log;

pub use error::MulliganStatus;
pub use game::*;
pub use library::*;
pub use log::*;
pub use seed::*;

use error::{guard, guard_quiet};
use ffi::{Out, TextBuffer};
use std::ffi::c_char;

/// Sets `*out` to the version of the seed-to-output derivation (`FORMAT_VERSION`; its value and
/// history: docs/DETERMINISM.md): the same seed gives the same shuffles and games under the
/// same format version.
///
/// # Safety
/// `out` must be NULL or valid for one write.
#[no_mangle]
pub unsafe extern "C" fn mulligan_format_version(out: *mut u32) -> i32 {
    guard(|| {
        Out::new(out, "out")?.set(mulligan_core::FORMAT_VERSION);
        Ok(())
    })
}

/// Writes the library's version (e.g. "0.2.0") and a NUL.
///
/// # Safety
/// `buf` must be NULL (with `len` 0) or valid for `len` writes; `needed` NULL or valid for one
/// write.
#[no_mangle]
pub unsafe extern "C" fn mulligan_version(buf: *mut c_char, len: usize, needed: *mut usize) -> i32 {
    guard(|| TextBuffer::new(buf, len, needed)?.write(env!("CARGO_PKG_VERSION")))
}

/// Writes the message of the last failed call on this thread and a NUL; an empty string when
/// the last call succeeded (every other function clears it on entry). It does not change the
/// stored message, so it can be called again with a larger buffer after
/// `MULLIGAN_ERR_BUFFER_TOO_SMALL` (then `*needed` holds the size, NUL included).
///
/// # Safety
/// `buf` must be NULL (with `len` 0) or valid for `len` writes; `needed` NULL or valid for one
/// write.
#[no_mangle]
pub unsafe extern "C" fn mulligan_last_error(
    buf: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> i32 {
    guard_quiet(|| {
        let message = error::last_error().unwrap_or_default();
        TextBuffer::new(buf, len, needed)?.write(&message)
    })
}

/// TEST ONLY: panics inside the library, to show that no panic crosses the C boundary. It
/// always returns `MULLIGAN_ERR_INTERNAL` with a last error containing "mulligan_debug_panic".
/// With `handle` 0 it touches nothing. With a live handle of any type it panics while holding
/// that object's lock, which *poisons* the object: every later call with that handle returns
/// `MULLIGAN_ERR_INTERNAL`, except its `free`. Never call it in production code.
#[no_mangle]
pub extern "C" fn mulligan_debug_panic(handle: u64) -> i32 {
    guard(|| {
        let message = "mulligan_debug_panic: a deliberate panic (test only)";
        if handle == 0 {
            panic!("{message}");
        }
        registry::panic_holding(handle, message)
    })
}

/// Sets `*out` to the number of live handles (objects created and not yet freed), of every
/// type, in the whole process: a leak check for hosts and tests.
///
/// # Safety
/// `out` must be NULL or valid for one write.
#[no_mangle]
pub unsafe extern "C" fn mulligan_live_handles(out: *mut usize) -> i32 {
    guard(|| {
        Out::new(out, "out")?.set(registry::live());
        Ok(())
    })
}
