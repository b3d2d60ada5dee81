//! Status codes, the thread-local last error, and the guard every export runs its body in: it
//! clears the last error, catches panics, and turns a failure into a status code plus message.

use std::cell::RefCell;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// The status every function returns as an `int32_t`: `MULLIGAN_OK` (0) or a negative error
/// code. On an error the message is available from `mulligan_last_error` on the same thread.
/// The values are part of the ABI and never change.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(non_camel_case_types)]
pub enum MulliganStatus {
    /// Success.
    MULLIGAN_OK = 0,
    /// A required pointer argument was NULL (or a buffer was NULL with a non-zero length).
    MULLIGAN_ERR_NULL_POINTER = -1,
    /// A handle that is 0, was never issued, was already freed (use after free, double free),
    /// or is of another type (a seed handle where a library handle is expected).
    MULLIGAN_ERR_INVALID_HANDLE = -2,
    /// A malformed argument: invalid UTF-8, malformed setup JSON, an unknown name, a length or
    /// number out of range, a misaligned pointer.
    MULLIGAN_ERR_INVALID_ARGUMENT = -3,
    /// A malformed seed or commitment (not exactly 64 hex digits / 32 bytes).
    MULLIGAN_ERR_SEED = -4,
    /// A malformed deck list; the message names the player and the line.
    MULLIGAN_ERR_DECK = -5,
    /// An answer or library operation the rules do not allow now; nothing was changed.
    MULLIGAN_ERR_ILLEGAL_ACTION = -6,
    /// A game that cannot be set up as asked (player count, teams, archenemy, starting seat…).
    MULLIGAN_ERR_GAME_CONFIG = -7,
    /// The caller's buffer is too small; the size needed was written to `*needed`.
    MULLIGAN_ERR_BUFFER_TOO_SMALL = -8,
    /// A bug in mulligan: a Rust panic, caught at the boundary (or a handle poisoned by one).
    MULLIGAN_ERR_INTERNAL = -9,
    /// A game log that is malformed or does not verify (`mulligan_verify_log`); the message
    /// names the first problem.
    MULLIGAN_ERR_LOG = -10,
}

pub use MulliganStatus::*;

/// A failed call: its status and the message `mulligan_last_error` returns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    pub status: MulliganStatus,
    pub message: String,
}

impl Failure {
    pub fn new(status: MulliganStatus, message: impl Into<String>) -> Self {
        Failure {
            status,
            message: message.into(),
        }
    }
    pub fn null(what: &str) -> Self {
        Failure::new(MULLIGAN_ERR_NULL_POINTER, format!("{what} is NULL"))
    }
    pub fn invalid(message: impl Into<String>) -> Self {
        Failure::new(MULLIGAN_ERR_INVALID_ARGUMENT, message)
    }
    pub fn handle(message: impl Into<String>) -> Self {
        Failure::new(MULLIGAN_ERR_INVALID_HANDLE, message)
    }
    pub fn internal(message: impl Into<String>) -> Self {
        Failure::new(MULLIGAN_ERR_INTERNAL, message)
    }
}

impl From<mulligan_core::Error> for Failure {
    fn from(e: mulligan_core::Error) -> Self {
        use mulligan_core::Error as E;
        let status = match &e {
            E::Seed(_) => MULLIGAN_ERR_SEED,
            E::Deck { .. } => MULLIGAN_ERR_DECK,
            E::IllegalAction(_) => MULLIGAN_ERR_ILLEGAL_ACTION,
            E::Config(_) => MULLIGAN_ERR_GAME_CONFIG,
            E::Log(_) => MULLIGAN_ERR_LOG,
        };
        Failure::new(status, e.to_string())
    }
}

pub type Outcome<T = ()> = Result<T, Failure>;

thread_local! {
    static LAST_ERROR: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// The message of the last failed call on this thread (None after a successful one).
pub fn last_error() -> Option<String> {
    LAST_ERROR
        .try_with(|cell| cell.borrow().clone())
        .ok()
        .flatten()
}

fn set_last_error(message: Option<String>) {
    // `try_with`: during thread teardown the slot may be gone; the status code still tells.
    let _ = LAST_ERROR.try_with(|cell| *cell.borrow_mut() = message);
}

/// Runs the body of an export: clears this thread's last error, runs `body` catching any
/// panic, and returns its status as an `int32_t` (setting the last error on a failure). No
/// panic crosses the C boundary.
pub fn guard(body: impl FnOnce() -> Outcome) -> i32 {
    status(body) as i32
}

fn status(body: impl FnOnce() -> Outcome) -> MulliganStatus {
    set_last_error(None);
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => MULLIGAN_OK,
        Ok(Err(failure)) => {
            set_last_error(Some(failure.message));
            failure.status
        }
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic with a non-string payload".into());
            // Dropping a foreign payload could itself panic: keep that inside too.
            let _ = catch_unwind(AssertUnwindSafe(move || drop(payload)));
            set_last_error(Some(format!(
                "internal error in mulligan (a bug, please report it): {what}"
            )));
            MULLIGAN_ERR_INTERNAL
        }
    }
}

/// Like [`guard`] but leaves the last error alone (for the functions that read it).
pub fn guard_quiet(body: impl FnOnce() -> Outcome) -> i32 {
    let status = match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => MULLIGAN_OK,
        Ok(Err(failure)) => failure.status,
        Err(payload) => {
            let _ = catch_unwind(AssertUnwindSafe(move || drop(payload)));
            MULLIGAN_ERR_INTERNAL
        }
    };
    status as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guard_sets_and_clears_the_last_error() {
        assert_eq!(guard(|| Err(Failure::invalid("bad"))), -3);
        assert_eq!(last_error().as_deref(), Some("bad"));
        assert_eq!(guard(|| Ok(())), 0);
        assert_eq!(last_error(), None);
    }

    #[test]
    fn guard_catches_panics() {
        assert_eq!(guard(|| panic!("boom")), MULLIGAN_ERR_INTERNAL as i32);
        assert!(last_error().unwrap().contains("boom"));
        assert_eq!(guard(|| std::panic::panic_any(42u8)), -9);
        assert!(last_error().unwrap().contains("non-string"));
    }

    #[test]
    fn core_errors_map_to_their_codes() {
        use mulligan_core::Error as E;
        let cases = [
            (E::Seed("s".into()), MULLIGAN_ERR_SEED),
            (
                E::Deck {
                    line: 3,
                    message: "m".into(),
                },
                MULLIGAN_ERR_DECK,
            ),
            (E::IllegalAction("i".into()), MULLIGAN_ERR_ILLEGAL_ACTION),
            (E::Config("c".into()), MULLIGAN_ERR_GAME_CONFIG),
            (E::Log("l".into()), MULLIGAN_ERR_LOG),
        ];
        for (e, status) in cases {
            assert_eq!(Failure::from(e).status, status);
        }
        assert_eq!(
            Failure::from(E::Deck {
                line: 3,
                message: "m".into()
            })
            .message,
            "line 3: m"
        );
    }
}
