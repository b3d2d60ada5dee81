//! The exported functions called from Rust, as C would call them: a smoke test of the ABI that
//! needs no C compiler or Python (tests/test_capi.py is the full suite, through the real
//! shared library).

use mulligan::*;
use std::ptr::{null, null_mut};

const SHUFFLE_60_FIRST: [u32; 60] = [
    25, 12, 4, 8, 38, 19, 32, 42, 47, 13, 37, 0, 33, 17, 40, 2, 54, 24, 56, 46, 57, 1, 22, 20, 35,
    49, 44, 7, 58, 6, 59, 30, 9, 21, 26, 27, 15, 36, 16, 34, 23, 45, 18, 11, 53, 3, 51, 39, 48, 10,
    55, 28, 31, 5, 14, 52, 50, 41, 43, 29,
];

const OK: i32 = MulliganStatus::MULLIGAN_OK as i32;

fn last_error() -> String {
    let mut buf = vec![0u8; 1024];
    let mut needed = 0usize;
    let status = unsafe { mulligan_last_error(buf.as_mut_ptr().cast(), buf.len(), &mut needed) };
    assert_eq!(status, OK);
    buf.truncate(needed - 1);
    String::from_utf8(buf).unwrap()
}

fn golden_seed() -> MulliganSeed {
    let bytes: Vec<u8> = (0..32).collect();
    let mut seed = 0;
    assert_eq!(
        unsafe { mulligan_seed_from_bytes(bytes.as_ptr(), 32, &mut seed) },
        OK
    );
    seed
}

#[test]
fn golden_shuffle_and_commitment() {
    let seed = golden_seed();
    let mut text = [0u8; 65];
    let mut needed = 0;
    let status =
        unsafe { mulligan_seed_commitment(seed, text.as_mut_ptr().cast(), 65, &mut needed) };
    assert_eq!((status, needed), (OK, 65));
    assert_eq!(
        &text[..64],
        b"346ff16f08299135ee8f3af8db5337a576953ccdd44a07ad0edc089e399407b8"
    );
    let mut lib = 0;
    assert_eq!(unsafe { mulligan_library_new(seed, 0, 60, &mut lib) }, OK);
    assert_eq!(mulligan_seed_free(seed), OK);
    assert_eq!(mulligan_library_shuffle(lib), OK);
    let mut cards = [0u32; 60];
    let status = unsafe { mulligan_library_cards(lib, cards.as_mut_ptr(), 60, &mut needed) };
    assert_eq!((status, needed), (OK, 60));
    assert_eq!(cards, SHUFFLE_60_FIRST);
    assert_eq!(mulligan_library_free(lib), OK);
}

#[test]
fn errors_are_codes_with_messages() {
    let mut seed = 7;
    let status = unsafe { mulligan_seed_from_hex(c"abc".as_ptr(), &mut seed) };
    assert_eq!(status, MulliganStatus::MULLIGAN_ERR_SEED as i32);
    assert_eq!(seed, 0);
    assert!(last_error().contains("64 hex digits"));

    let status = unsafe { mulligan_seed_from_hex(null(), &mut seed) };
    assert_eq!(status, MulliganStatus::MULLIGAN_ERR_NULL_POINTER as i32);
    assert_eq!(last_error(), "hex is NULL");

    let seed = golden_seed();
    assert_eq!(mulligan_seed_free(seed), OK);
    assert_eq!(last_error(), "");
    assert_eq!(
        mulligan_seed_free(seed),
        MulliganStatus::MULLIGAN_ERR_INVALID_HANDLE as i32
    );
    assert!(last_error().contains("already freed"));

    let status = unsafe { mulligan_game_new(c"{\"players\": []}".as_ptr(), null_mut()) };
    assert_eq!(status, MulliganStatus::MULLIGAN_ERR_NULL_POINTER as i32);
    let mut game = 0;
    let status = unsafe { mulligan_game_new(c"{\"players\": []}".as_ptr(), &mut game) };
    assert_eq!(status, MulliganStatus::MULLIGAN_ERR_GAME_CONFIG as i32);
}

#[test]
fn a_panic_is_caught() {
    assert_eq!(
        mulligan_debug_panic(0),
        MulliganStatus::MULLIGAN_ERR_INTERNAL as i32
    );
    assert!(last_error().contains("mulligan_debug_panic"));
}
