//! Seeds and commitments (701.24a): `mulligan_seed_*`.

use crate::error::{guard, Failure, Outcome, MULLIGAN_ERR_INVALID_ARGUMENT, MULLIGAN_ERR_SEED};
use crate::ffi::{self, Buffer, Out, TextBuffer};
use crate::registry::{self, Kind};
use mulligan_core::Seed;
use std::ffi::c_char;

/// A seed handle: 32 secret bytes from which every random choice of a game is derived. 0 is
/// never a valid handle.
pub type MulliganSeed = u64;

/// A hex string argument: invalid UTF-8 is a malformed seed (`MULLIGAN_ERR_SEED`), like any
/// other text that is not 64 hex digits.
///
/// # Safety
/// As [`ffi::text`].
unsafe fn hex_text<'a>(ptr: *const c_char, what: &str) -> Outcome<&'a str> {
    unsafe { ffi::text(ptr, what) }.map_err(|f| match f.status {
        MULLIGAN_ERR_INVALID_ARGUMENT => Failure::new(MULLIGAN_ERR_SEED, f.message),
        _ => f,
    })
}

fn store(out: &Out<MulliganSeed>, seed: Seed) -> Outcome {
    out.set(registry::insert(seed)?);
    Ok(())
}

/// Creates a seed from exactly 64 hex digits (either case), NUL-terminated.
///
/// Errors: `MULLIGAN_ERR_NULL_POINTER` (`hex` or `out` NULL), `MULLIGAN_ERR_SEED` (not exactly
/// 64 hex digits, including invalid UTF-8). On failure `*out` is set to 0.
///
/// # Safety
/// `hex` must be NULL or a NUL-terminated string; `out` NULL or valid for one write.
#[no_mangle]
pub unsafe extern "C" fn mulligan_seed_from_hex(hex: *const c_char, out: *mut MulliganSeed) -> i32 {
    guard(|| {
        let out = Out::new(out, "out")?;
        out.set(0);
        let text = unsafe { hex_text(hex, "hex") }?;
        store(&out, Seed::from_hex(text)?)
    })
}

/// Creates a seed from exactly 32 bytes.
///
/// Errors: `MULLIGAN_ERR_NULL_POINTER` (`out` NULL, or `bytes` NULL with `len` > 0),
/// `MULLIGAN_ERR_SEED` (`len` is not 32). On failure `*out` is set to 0.
///
/// # Safety
/// `bytes` must be NULL or valid for `len` reads; `out` NULL or valid for one write.
#[no_mangle]
pub unsafe extern "C" fn mulligan_seed_from_bytes(
    bytes: *const u8,
    len: usize,
    out: *mut MulliganSeed,
) -> i32 {
    guard(|| {
        let out = Out::new(out, "out")?;
        out.set(0);
        let bytes = unsafe { ffi::slice(bytes, len, "bytes") }?;
        store(&out, Seed::from_slice(bytes)?)
    })
}

/// Creates a seed of 32 bytes from the operating system's CSPRNG.
///
/// Errors: `MULLIGAN_ERR_NULL_POINTER`, `MULLIGAN_ERR_SEED` (the CSPRNG failed). On failure
/// `*out` is set to 0.
///
/// # Safety
/// `out` must be NULL or valid for one write.
#[no_mangle]
pub unsafe extern "C" fn mulligan_seed_generate(out: *mut MulliganSeed) -> i32 {
    guard(|| {
        let out = Out::new(out, "out")?;
        out.set(0);
        store(&out, Seed::generate()?)
    })
}

/// Writes the seed as 64 lower-case hex digits and a NUL (65 bytes): the secret, to reveal
/// after the game.
///
/// # Safety
/// `buf` must be NULL or valid for `len` writes; `needed` NULL or valid for one write.
#[no_mangle]
pub unsafe extern "C" fn mulligan_seed_hex(
    seed: MulliganSeed,
    buf: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> i32 {
    guard(|| {
        let buf = TextBuffer::new(buf, len, needed)?;
        let hex = registry::with(seed, |s: &mut Seed| Ok(s.hex()))?;
        buf.write(&hex)
    })
}

/// Writes the seed's 32 bytes (no terminator); `*needed` gets 32.
///
/// # Safety
/// `buf` must be NULL or valid for `len` writes; `needed` NULL or valid for one write.
#[no_mangle]
pub unsafe extern "C" fn mulligan_seed_bytes(
    seed: MulliganSeed,
    buf: *mut u8,
    len: usize,
    needed: *mut usize,
) -> i32 {
    guard(|| {
        let buf = Buffer::new(buf, len, needed)?;
        let bytes = registry::with(seed, |s: &mut Seed| Ok(*s.as_bytes()))?;
        buf.write(&bytes, "bytes")
    })
}

/// Writes the seed's commitment: 64 lower-case hex digits of
/// SHA-256(b"mulligan/seed-commitment/v1\0" || seed), and a NUL (65 bytes). Publish it
/// before the game.
///
/// # Safety
/// `buf` must be NULL or valid for `len` writes; `needed` NULL or valid for one write.
#[no_mangle]
pub unsafe extern "C" fn mulligan_seed_commitment(
    seed: MulliganSeed,
    buf: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> i32 {
    guard(|| {
        let buf = TextBuffer::new(buf, len, needed)?;
        let commitment = registry::with(seed, |s: &mut Seed| Ok(s.commitment()))?;
        buf.write(&commitment)
    })
}

/// Sets `*matches` to true iff `commitment` (64 hex digits, either case, NUL-terminated)
/// commits to this seed (compared in constant time).
///
/// Errors: `MULLIGAN_ERR_SEED` when `commitment` is not 64 hex digits.
///
/// # Safety
/// `commitment` must be NULL or a NUL-terminated string; `matches` NULL or valid for one write.
#[no_mangle]
pub unsafe extern "C" fn mulligan_seed_verify_commitment(
    seed: MulliganSeed,
    commitment: *const c_char,
    matches: *mut bool,
) -> i32 {
    guard(|| {
        let matches = Out::new(matches, "matches")?;
        let text = unsafe { hex_text(commitment, "commitment") }?;
        let ok = registry::with(seed, |s: &mut Seed| Ok(s.verify_commitment(text)?))?;
        matches.set(ok);
        Ok(())
    })
}

/// Frees a seed handle. 0 is accepted and does nothing. Freeing a handle twice, or a handle
/// of another type, fails with `MULLIGAN_ERR_INVALID_HANDLE` and frees nothing. Objects made
/// from the seed (libraries, games) keep their own copy.
#[no_mangle]
pub extern "C" fn mulligan_seed_free(seed: MulliganSeed) -> i32 {
    guard(|| {
        if seed == 0 {
            return Ok(());
        }
        registry::remove(seed, Kind::Seed)
    })
}
