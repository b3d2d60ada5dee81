//! The status every call returns and the thread's last error: each status a documented
//! code, the last error empty exactly after a success.

use mulligan::*;
use std::ptr::null_mut;

pub(crate) const OK: i32 = MulliganStatus::MULLIGAN_OK as i32;
pub(crate) const NULL_POINTER: i32 = MulliganStatus::MULLIGAN_ERR_NULL_POINTER as i32;
pub(crate) const INVALID_HANDLE: i32 = MulliganStatus::MULLIGAN_ERR_INVALID_HANDLE as i32;
pub(crate) const INVALID_ARGUMENT: i32 = MulliganStatus::MULLIGAN_ERR_INVALID_ARGUMENT as i32;
pub(crate) const SEED: i32 = MulliganStatus::MULLIGAN_ERR_SEED as i32;
pub(crate) const DECK: i32 = MulliganStatus::MULLIGAN_ERR_DECK as i32;
pub(crate) const ILLEGAL: i32 = MulliganStatus::MULLIGAN_ERR_ILLEGAL_ACTION as i32;
pub(crate) const GAME_CONFIG: i32 = MulliganStatus::MULLIGAN_ERR_GAME_CONFIG as i32;
pub(crate) const TOO_SMALL: i32 = MulliganStatus::MULLIGAN_ERR_BUFFER_TOO_SMALL as i32;
pub(crate) const INTERNAL: i32 = MulliganStatus::MULLIGAN_ERR_INTERNAL as i32;
pub(crate) const LOG: i32 = MulliganStatus::MULLIGAN_ERR_LOG as i32;

/// What an untouched byte of a caller's buffer holds.
pub(crate) const CANARY: u8 = 0xA5;

pub(crate) fn last_error() -> String {
    let mut needed = 0usize;
    let status = unsafe { mulligan_last_error(null_mut(), 0, &mut needed) };
    assert!(
        status == TOO_SMALL || status == OK,
        "mulligan_last_error size query: {status}"
    );
    let mut buf = vec![CANARY; needed];
    let status = unsafe { mulligan_last_error(buf.as_mut_ptr().cast(), buf.len(), &mut needed) };
    assert_eq!(status, OK, "mulligan_last_error");
    assert_eq!(needed, buf.len());
    assert_eq!(buf.pop(), Some(0));
    String::from_utf8(buf).expect("the last error is UTF-8")
}

/// Every call's status is a documented code, and the last error says so.
pub(crate) fn checked(what: &str, status: i32) -> i32 {
    assert!(
        (-9..=0).contains(&status),
        "{what}: undocumented status {status}"
    );
    assert_ne!(
        status,
        INTERNAL,
        "{what}: MULLIGAN_ERR_INTERNAL ({})",
        last_error()
    );
    let message = last_error();
    if status == OK {
        assert!(
            message.is_empty(),
            "{what}: succeeded but left the last error {message:?}"
        );
    } else {
        assert!(
            !message.is_empty(),
            "{what}: failed with {status} and no message"
        );
    }
    status
}
