//! Game logs: `mulligan_verify_log`, the core's verification (`mulligan_core::log`) for a C
//! host, so a log written by Python (or by a service) can be checked anywhere.

use crate::error::guard;
use crate::ffi;
use std::ffi::c_char;

/// Verifies a game log (docs/EVENT_LOG.md): `log` holds `len` bytes of JSON Lines (a header,
/// the events, the reveal). `commitment` and `setup_digest`, each NULL or a NUL-terminated
/// string: the seed commitment and set-up digest published before the game, if kept.
///
/// Returns `MULLIGAN_OK` when the log verifies. `MULLIGAN_ERR_LOG` when it does not, whatever
/// the bytes (not UTF-8, not JSON, a record of the wrong shape, a changed card, seed byte or
/// event): `mulligan_last_error` then names the first problem (for a replay mismatch, "event
/// N differs from the replay: …"). `MULLIGAN_ERR_NULL_POINTER` for a NULL `log` with a
/// non-zero `len`; `MULLIGAN_ERR_INVALID_ARGUMENT` for a `commitment` or `setup_digest` that
/// is not UTF-8.
///
/// # Safety
/// `log` must be NULL (with `len` 0) or valid for `len` reads; `commitment` and
/// `setup_digest` NULL or NUL-terminated strings.
#[no_mangle]
pub unsafe extern "C" fn mulligan_verify_log(
    log: *const u8,
    len: usize,
    commitment: *const c_char,
    setup_digest: *const c_char,
) -> i32 {
    guard(|| {
        let bytes = unsafe { ffi::slice(log, len, "log") }?;
        let optional = |ptr: *const c_char, what: &str| {
            if ptr.is_null() {
                Ok(None)
            } else {
                unsafe { ffi::text(ptr, what) }.map(Some)
            }
        };
        let commitment = optional(commitment, "commitment")?;
        let setup = optional(setup_digest, "setup_digest")?;
        Ok(mulligan_core::log::verify(bytes, commitment, setup)?)
    })
}
