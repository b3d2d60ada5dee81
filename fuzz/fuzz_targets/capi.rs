//! The C ABI (crate `mulligan-capi`, docs/C_ABI.md) called as C would call it, through its
//! exported functions, with everything a C caller can get wrong: freed, forged, null and
//! wrongly typed handles, double frees, NULL and misaligned pointers, short and size-query
//! buffers, lengths that overflow, illegal answers and malformed setup JSON.
//!
//! Checked after every call: it returns one of the documented status codes and never panics
//! (libFuzzer aborts on any panic, even one the boundary would catch); the thread's last error
//! is empty exactly after a success; a failed call writes nothing into the caller's buffer and
//! a successful one writes exactly `*needed` bytes (a NUL-terminated UTF-8 string, valid JSON
//! where documented). Seeds, libraries and games made from known input are shadowed by the
//! core (`mulligan_core::{Seed, Library, Game}`) and must agree with it call for call: same
//! outcome, same cards in the same order, same events, same decisions; so an answer the C ABI
//! refuses changes nothing, and every seat's hand + library + battlefield + exile stays a
//! permutation of its deck. At the end every handle is freed and `mulligan_live_handles`
//! must be 0 again.

#![no_main]

use libfuzzer_sys::arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use mulligan::*;
use mulligan_core::{Destination, Event, Game, Library, Seed};
use mulligan_fuzz::{
    copies_estimate, next_answer, Answer, Decision, DecisionKind, Mode, SetupSpec, Table,
    MAX_FUZZ_COPIES,
};
use serde_json::Value;
use std::ffi::c_char;
use std::ptr::{null, null_mut};

const OK: i32 = MulliganStatus::MULLIGAN_OK as i32;
const NULL_POINTER: i32 = MulliganStatus::MULLIGAN_ERR_NULL_POINTER as i32;
const INVALID_HANDLE: i32 = MulliganStatus::MULLIGAN_ERR_INVALID_HANDLE as i32;
const INVALID_ARGUMENT: i32 = MulliganStatus::MULLIGAN_ERR_INVALID_ARGUMENT as i32;
const SEED: i32 = MulliganStatus::MULLIGAN_ERR_SEED as i32;
const DECK: i32 = MulliganStatus::MULLIGAN_ERR_DECK as i32;
const ILLEGAL: i32 = MulliganStatus::MULLIGAN_ERR_ILLEGAL_ACTION as i32;
const GAME_CONFIG: i32 = MulliganStatus::MULLIGAN_ERR_GAME_CONFIG as i32;
const TOO_SMALL: i32 = MulliganStatus::MULLIGAN_ERR_BUFFER_TOO_SMALL as i32;
const INTERNAL: i32 = MulliganStatus::MULLIGAN_ERR_INTERNAL as i32;
const LOG: i32 = MulliganStatus::MULLIGAN_ERR_LOG as i32;

/// Calls per input at most.
const MAX_CALLS: usize = 300;
/// What an untouched byte of a caller's buffer holds.
const CANARY: u8 = 0xA5;

// ----- the status and the last error ----------------------------------------------------------

fn last_error() -> String {
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
fn checked(what: &str, status: i32) -> i32 {
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

// ----- buffers --------------------------------------------------------------------------------

/// How a caller passes an output buffer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Buf {
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

fn pick_buf(u: &mut Unstructured) -> Result<Buf> {
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
type Writer<'a, T> = &'a dyn Fn(*mut T, usize, *mut usize) -> i32;

/// Reads through `f` the way `mode` says and checks the buffer contract; returns the status
/// and, on success, the elements written. `f` must not change anything (it is called twice).
fn read<T: Copy + PartialEq + std::fmt::Debug>(
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
fn read_text(u: &mut Unstructured, what: &str, f: Writer<c_char>) -> Result<(i32, Option<String>)> {
    let (status, bytes) = read(u, what, CANARY as c_char, f)?;
    Ok((status, bytes.map(|b| text_of(what, b))))
}

fn text_of(what: &str, b: Vec<c_char>) -> String {
    let mut b: Vec<u8> = b.into_iter().map(|c| c as u8).collect();
    assert_eq!(b.pop(), Some(0), "{what}: not NUL-terminated");
    assert!(!b.contains(&0), "{what}: a NUL inside the text");
    String::from_utf8(b).unwrap_or_else(|e| panic!("{what}: not UTF-8: {e}"))
}

fn json_of(what: &str, text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{what}: not JSON ({e}): {text:?}"))
}

/// Reads a text that must be there: into a roomy buffer, or, when that is too small, into
/// one of the size the call asked for (the buffer contract itself is checked by [`read`]).
fn must_text(what: &str, f: Writer<c_char>) -> String {
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

// ----- handles --------------------------------------------------------------------------------

struct SeedH {
    handle: u64,
    seed: Seed,
}

struct LibH {
    handle: u64,
    shadow: Library,
    last_events: Vec<Event>,
}

struct GameH {
    handle: u64,
    /// The same game in the core, when the set-up came from a known spec.
    shadow: Option<Game>,
    deck_lens: Vec<usize>,
    gemstone: Vec<Vec<bool>>,
    /// Events already compared with the core's (later checks fetch only the new ones).
    events_seen: usize,
}

#[derive(Default)]
struct World {
    seeds: Vec<SeedH>,
    libs: Vec<LibH>,
    games: Vec<GameH>,
    /// Handles freed during this input (their use must be refused).
    freed: Vec<u64>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum HandleKind {
    Seed,
    Library,
    Game,
}

impl World {
    fn kind_of(&self, h: u64) -> Option<(HandleKind, usize)> {
        if let Some(i) = self.seeds.iter().position(|s| s.handle == h) {
            return Some((HandleKind::Seed, i));
        }
        if let Some(i) = self.libs.iter().position(|s| s.handle == h) {
            return Some((HandleKind::Library, i));
        }
        if let Some(i) = self.games.iter().position(|s| s.handle == h) {
            return Some((HandleKind::Game, i));
        }
        None
    }

    /// A handle to call a `want` function with: usually a live one of that kind, sometimes
    /// 0, a freed one, one of another kind, or a number never issued. Returns it and its index
    /// when it is a live handle of the kind wanted.
    fn pick(&self, u: &mut Unstructured, want: HandleKind) -> Result<(u64, Option<usize>)> {
        let live: Vec<u64> = match want {
            HandleKind::Seed => self.seeds.iter().map(|s| s.handle).collect(),
            HandleKind::Library => self.libs.iter().map(|s| s.handle).collect(),
            HandleKind::Game => self.games.iter().map(|s| s.handle).collect(),
        };
        let all: Vec<u64> = self
            .seeds
            .iter()
            .map(|s| s.handle)
            .chain(self.libs.iter().map(|s| s.handle))
            .chain(self.games.iter().map(|s| s.handle))
            .collect();
        let h = match u.int_in_range(0u8..=15)? {
            0 => 0,
            1 if !self.freed.is_empty() => *u.choose(&self.freed)?,
            2 if !all.is_empty() => *u.choose(&all)?,
            3 => u.arbitrary()?,
            4 => (1u64 << 61) | (want as u64 + 1),
            _ if !live.is_empty() => *u.choose(&live)?,
            _ => u.arbitrary()?,
        };
        Ok(match self.kind_of(h) {
            Some((k, i)) if k == want => (h, Some(i)),
            _ => (h, None),
        })
    }
}

/// The status a call with `handle` must return when its other arguments are fine.
fn handle_status(live: Option<usize>) -> i32 {
    if live.is_some() {
        OK
    } else {
        INVALID_HANDLE
    }
}

fn core_status(r: &mulligan_core::Result<impl Sized>) -> i32 {
    match r {
        Ok(_) => OK,
        Err(mulligan_core::Error::Seed(_)) => SEED,
        Err(mulligan_core::Error::Deck { .. }) => DECK,
        Err(mulligan_core::Error::IllegalAction(_)) => ILLEGAL,
        Err(mulligan_core::Error::Config(_)) => GAME_CONFIG,
        Err(mulligan_core::Error::Log(_)) => LOG,
    }
}

fn events_json(events: &[Event]) -> Value {
    Value::Array(events.iter().map(Event::to_json).collect())
}

// ----- input arrays ---------------------------------------------------------------------------

/// How a caller passes an input array of `u8`, `u32` or `u64`.
enum Input<T> {
    /// A good pointer (for an empty array: NULL, or a dangling non-NULL one).
    Fine(Vec<T>, bool),
    /// NULL with a non-zero length: `MULLIGAN_ERR_NULL_POINTER`.
    Null(usize),
    /// Off by one byte: `MULLIGAN_ERR_INVALID_ARGUMENT` for types wider than a byte.
    Misaligned(Vec<T>),
    /// A length whose size in bytes is above `isize::MAX`: `MULLIGAN_ERR_INVALID_ARGUMENT`.
    Overflowing,
}

fn pick_input<T: Copy>(u: &mut Unstructured, items: Vec<T>) -> Result<Input<T>> {
    Ok(match u.int_in_range(0u8..=23)? {
        0 => Input::Null(u.int_in_range(1..=8)?),
        1 if !items.is_empty() => Input::Misaligned(items),
        2 => Input::Overflowing,
        _ => Input::Fine(items, u.arbitrary()?),
    })
}

impl<T: Copy + Default> Input<T> {
    /// Calls `f(ptr, n)` as this input says; returns its status and the status the pointer
    /// checks alone require (None when the pointer is fine).
    fn call(&self, f: &dyn Fn(*const T, usize) -> i32) -> (i32, Option<i32>) {
        match self {
            Input::Fine(items, null_if_empty) => {
                let ptr = if items.is_empty() && *null_if_empty {
                    null()
                } else {
                    items.as_ptr()
                };
                (f(ptr, items.len()), None)
            }
            Input::Null(n) => (f(null(), *n), Some(NULL_POINTER)),
            Input::Misaligned(items) => {
                let mut raw = vec![T::default(); items.len() + 1];
                let base = raw.as_mut_ptr().cast::<u8>();
                let wide = std::mem::align_of::<T>() > 1;
                // SAFETY: `raw` has room for the items one byte in.
                unsafe {
                    std::ptr::copy_nonoverlapping(
                        items.as_ptr().cast::<u8>(),
                        base.add(1),
                        std::mem::size_of_val(&items[..]),
                    );
                    let status = f(base.add(1).cast::<T>(), items.len());
                    (status, wide.then_some(INVALID_ARGUMENT))
                }
            }
            Input::Overflowing => {
                let one = [T::default()];
                let n = isize::MAX as usize / std::mem::size_of::<T>() + 1;
                (f(one.as_ptr(), n), Some(INVALID_ARGUMENT))
            }
        }
    }

    /// The elements the callee sees when the pointer is fine.
    fn items(&self) -> Vec<T> {
        match self {
            Input::Fine(v, _) | Input::Misaligned(v) => v.clone(),
            _ => vec![],
        }
    }
}

fn any_ids(u: &mut Unstructured, lib_len: usize) -> Result<Vec<u32>> {
    let n = u.int_in_range(0u8..=6)?;
    let mut ids = vec![];
    for _ in 0..n {
        ids.push(if u.ratio(1u8, 16)? {
            u.arbitrary()?
        } else {
            u.int_in_range(0..=lib_len as u32 + 3)?
        });
    }
    Ok(ids)
}

// ----- seeds ----------------------------------------------------------------------------------

fn seed_new(u: &mut Unstructured, w: &mut World) -> Result<()> {
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

fn seed_query(u: &mut Unstructured, w: &mut World) -> Result<()> {
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

// ----- libraries ------------------------------------------------------------------------------

fn library_new(u: &mut Unstructured, w: &mut World) -> Result<()> {
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
fn compare_library(l: &LibH) {
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

fn library_op(u: &mut Unstructured, w: &mut World) -> Result<()> {
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

// ----- games ----------------------------------------------------------------------------------

/// A decision as the C ABI writes it: the core's record, read back with serde.
fn view_of(v: &Value) -> Decision {
    serde_json::from_value(v.clone()).unwrap_or_else(|e| panic!("a decision record: {e}: {v}"))
}

/// Everything an illegal answer must leave alone, as the C ABI shows it. Events are fetched
/// from `first` on (`mulligan_game_events_json` with a start index), the ones not yet compared.
#[derive(Debug, PartialEq)]
struct GameState {
    pending: Value,
    event_count: usize,
    first: usize,
    new_events: Value,
    zones: Vec<Value>,
    done: bool,
}

fn game_state(g: &GameH, first: usize) -> GameState {
    let h = g.handle;
    let pending = must_text("mulligan_game_pending_json", &|b, n, nd| unsafe {
        mulligan_game_pending_json(h, b, n, nd)
    });
    let mut event_count = 0usize;
    let s = checked("mulligan_game_event_count", unsafe {
        mulligan_game_event_count(h, &mut event_count)
    });
    assert_eq!(s, OK);
    assert!(
        event_count >= first,
        "events were removed: {event_count} < {first}"
    );
    let events = must_text("mulligan_game_events_json", &|b, n, nd| unsafe {
        mulligan_game_events_json(h, first, b, n, nd)
    });
    let zones = (0..g.deck_lens.len() as u32)
        .map(|s| {
            let text = must_text("mulligan_game_zones_json", &|b, n, nd| unsafe {
                mulligan_game_zones_json(h, s, b, n, nd)
            });
            json_of("zones", &text)
        })
        .collect();
    let mut done = false;
    let s = checked("mulligan_game_done", unsafe {
        mulligan_game_done(h, &mut done)
    });
    assert_eq!(s, OK);
    let new_events = json_of("events", &events);
    assert_eq!(
        new_events.as_array().map(Vec::len),
        Some(event_count - first)
    );
    GameState {
        pending: json_of("pending", &pending),
        event_count,
        first,
        new_events,
        zones,
        done,
    }
}

fn zone_ids(z: &Value, key: &str) -> Vec<u32> {
    z[key]
        .as_array()
        .unwrap_or_else(|| panic!("zones without {key}: {z}"))
        .iter()
        .map(|c| c["id"].as_u64().expect("a card id") as u32)
        .collect()
}

/// No card lost or duplicated, and the C view equals the core's (when shadowed): decisions,
/// the events not compared before, every zone.
fn check_game(g: &mut GameH, state: &GameState) {
    for (s, z) in state.zones.iter().enumerate() {
        let mut all: Vec<u32> = ["hand", "library", "battlefield", "exile"]
            .iter()
            .flat_map(|k| zone_ids(z, k))
            .collect();
        all.sort_unstable();
        let expect: Vec<u32> = (0..g.deck_lens[s] as u32).collect();
        assert_eq!(all, expect, "seat {s}: cards lost or duplicated: {z}");
    }
    let pending = state.pending.as_array().expect("pending is an array");
    assert_eq!(pending.is_empty(), state.done);
    if let Some(core) = &g.shadow {
        let views: Vec<Decision> = pending.iter().map(view_of).collect();
        let core_views: Vec<Decision> = core.pending();
        assert_eq!(views, core_views, "pending differs from the core's");
        assert_eq!(
            state.event_count,
            core.events().len(),
            "event counts differ"
        );
        assert_eq!(
            state.new_events,
            events_json(&core.events()[state.first..]),
            "events differ from the core's"
        );
        for (s, z) in state.zones.iter().enumerate() {
            let cz = core.zones(s).expect("a seat");
            assert_eq!(
                *z,
                serde_json::to_value(&cz).expect("zones serialise"),
                "seat {s}: zones differ from the core's"
            );
        }
        assert_eq!(state.done, core.done());
    }
    g.events_seen = state.event_count;
}

/// The setup JSON: mostly a spec's (shadowed by the core), sometimes raw input text.
fn game_new(u: &mut Unstructured, w: &mut World) -> Result<()> {
    let (json, spec) = if u.ratio(1u8, 8)? {
        let len = u.int_in_range(0..=400)?;
        let raw: Vec<u8> = u
            .bytes(len.min(u.len()))?
            .iter()
            .copied()
            .take_while(|b| *b != 0)
            .collect();
        (raw, None)
    } else {
        let spec = SetupSpec::arbitrary(u)?;
        (spec.to_json().into_bytes(), Some(spec))
    };
    if !raw_setup_is_fine(&json) {
        return Ok(());
    }
    let mut c = json.clone();
    c.push(0);
    let null_json = u.ratio(1u8, 32)?;
    let null_out = u.ratio(1u8, 32)?;
    let mut out: u64 = 7;
    let out_ptr: *mut u64 = if null_out { null_mut() } else { &mut out };
    let json_ptr: *const c_char = if null_json { null() } else { c.as_ptr().cast() };
    let s = checked("mulligan_game_new", unsafe {
        mulligan_game_new(json_ptr, out_ptr)
    });
    if null_out || null_json {
        assert_eq!(s, NULL_POINTER);
        if !null_out {
            assert_eq!(out, 0);
        }
        return Ok(());
    }
    let shadow = spec.map(|spec| Game::new(spec.to_core()));
    if let Some(r) = &shadow {
        assert_eq!(
            s,
            core_status(r),
            "mulligan_game_new vs Game::new: {}",
            last_error()
        );
    } else {
        assert!(
            [OK, INVALID_ARGUMENT, SEED, DECK, GAME_CONFIG].contains(&s),
            "mulligan_game_new: {s}"
        );
    }
    if s != OK {
        assert_eq!(out, 0);
        return Ok(());
    }
    assert!(out != 0 && w.kind_of(out).is_none());
    // Learn the decks through mulligan_game_cards_json.
    let mut deck_lens = vec![];
    let mut gemstone = vec![];
    for seat in 0u32.. {
        let mut needed = 0;
        let st = checked("mulligan_game_cards_json", unsafe {
            mulligan_game_cards_json(out, seat, null_mut(), 0, &mut needed)
        });
        if st == ILLEGAL {
            break;
        }
        let text = must_text("mulligan_game_cards_json", &|b, n, nd| unsafe {
            mulligan_game_cards_json(out, seat, b, n, nd)
        });
        let cards = json_of("cards", &text);
        let cards = cards.as_array().expect("an array");
        for (i, c) in cards.iter().enumerate() {
            assert_eq!(c["id"].as_u64(), Some(i as u64));
        }
        deck_lens.push(cards.len());
        gemstone.push(
            cards
                .iter()
                .map(|c| {
                    c["tags"]
                        .as_array()
                        .expect("tags")
                        .iter()
                        .any(|t| t == "gemstone_caverns")
                })
                .collect(),
        );
    }
    let mut g = GameH {
        handle: out,
        shadow: shadow.map(|r| r.expect("the core accepted it too")),
        deck_lens,
        gemstone,
        events_seen: 0,
    };
    let state = game_state(&g, 0);
    check_game(&mut g, &state);
    w.games.push(g);
    Ok(())
}

/// Raw setup JSON that would only measure the allocator (huge decks) is skipped; anything that
/// is not even JSON goes through.
fn raw_setup_is_fine(json: &[u8]) -> bool {
    let Ok(Value::Object(setup)) = serde_json::from_slice::<Value>(json) else {
        return true;
    };
    let Some(Value::Array(players)) = setup.get("players") else {
        return true;
    };
    let copies: u64 = players
        .iter()
        .filter_map(|p| p.get("deck").and_then(Value::as_str))
        .map(copies_estimate)
        .sum();
    copies <= MAX_FUZZ_COPIES
}

fn game_answer(u: &mut Unstructured, w: &mut World) -> Result<()> {
    let (h, live) = w.pick(u, HandleKind::Game)?;
    let Some(i) = live else {
        // Any answer with a dead handle is refused.
        let s = checked("mulligan_game_keep", mulligan_game_keep(h, u.arbitrary()?));
        assert_eq!(s, INVALID_HANDLE);
        let s = checked(
            "mulligan_game_pass_actions",
            mulligan_game_pass_actions(h, 0),
        );
        assert_eq!(s, INVALID_HANDLE);
        return Ok(());
    };
    let g = &mut w.games[i];
    // The state before, to compare after a refusal; a game shadowed by the core is compared
    // with the core instead (which a refusal leaves alone, as the game target checks).
    let (before, pending): (Option<GameState>, Vec<Decision>) = match &g.shadow {
        Some(core) => (None, core.pending()),
        None => {
            let before = game_state(g, g.events_seen);
            let pending = before
                .pending
                .as_array()
                .expect("an array")
                .iter()
                .map(view_of)
                .collect();
            (Some(before), pending)
        }
    };
    let gem = g.gemstone.clone();
    let gemstone = move |s: usize, c: u32| {
        gem.get(s)
            .and_then(|v| v.get(c as usize))
            .copied()
            .unwrap_or(false)
    };
    let deck_lens = g.deck_lens.clone();
    // The starting player decides what a Caverns-tagged card does (103.6a); it only matters
    // once opening-hand actions are pending.
    let starting = match &g.shadow {
        Some(core) => core.starting_player(),
        None if pending
            .iter()
            .any(|d| d.kind == DecisionKind::OpeningHandAction) =>
        {
            let info = must_text("mulligan_game_info_json", &|b, n, nd| unsafe {
                mulligan_game_info_json(h, b, n, nd)
            });
            json_of("info", &info)["starting_player"]
                .as_u64()
                .map(|s| s as usize)
        }
        None => None,
    };
    let table = Table {
        players: deck_lens.len(),
        deck_lens: &deck_lens,
        gemstone: &gemstone,
        starting,
    };
    let (answer, mode) = next_answer(u, &pending, &table)?;
    // The variants' answers (docs/VARIANTS.md) have no C function yet: not sent here.
    if matches!(
        answer,
        Answer::PartialMulligan { .. } | Answer::LandMulligan { .. }
    ) {
        return Ok(());
    }
    let (s, ptr_status) = match &answer {
        Answer::ChooseStartingPlayer {
            chooser,
            starting_seat,
        } => (
            mulligan_game_choose_starting_player(h, *chooser as u32, *starting_seat as u32),
            None,
        ),
        Answer::Keep { seat } => (mulligan_game_keep(h, *seat as u32), None),
        Answer::Mulligan { seat } => (mulligan_game_mulligan(h, *seat as u32), None),
        Answer::MulliganAction { seat, card } => {
            (mulligan_game_mulligan_action(h, *seat as u32, *card), None)
        }
        Answer::Bottom { seat, cards } => {
            let input = pick_input(u, cards.clone())?;
            input.call(&|p, n| unsafe { mulligan_game_bottom(h, *seat as u32, p, n) })
        }
        Answer::Vancouver { seat, bottom } => {
            let flag: i32 = if *bottom {
                u.arbitrary::<i32>()? | 1
            } else {
                0
            };
            (mulligan_game_vancouver(h, *seat as u32, flag), None)
        }
        Answer::OpeningHandAction { seat, card, exile } => {
            let (has, x) = match exile {
                Some(x) => (u.arbitrary::<i32>()? | 4, *x),
                None => (0, u.arbitrary()?),
            };
            (
                mulligan_game_opening_hand_action(h, *seat as u32, *card, has, x),
                None,
            )
        }
        Answer::PassActions { seat } => (mulligan_game_pass_actions(h, *seat as u32), None),
        Answer::PartialMulligan { .. } | Answer::LandMulligan { .. } => return Ok(()),
    };
    let s = checked("a game answer", s);
    assert!(
        [OK, ILLEGAL, NULL_POINTER, INVALID_ARGUMENT].contains(&s),
        "{answer:?}: {s}"
    );
    if let Some(p) = ptr_status {
        assert_eq!(s, p, "{answer:?}");
    } else if mode == Mode::Legal {
        assert_eq!(
            s,
            OK,
            "the legal answer {answer:?} was refused: {}",
            last_error()
        );
    }
    if let (Some(core), None) = (&mut g.shadow, ptr_status) {
        let r = core.apply(answer.clone());
        assert_eq!(
            s,
            core_status(&r),
            "{answer:?}: the C ABI and the core disagree"
        );
    }
    // After a refusal of a game the core shadows, the full comparison (every zone as JSON)
    // is made one time in four: the cheap part, decisions and event count, every time.
    if s != OK && before.is_none() && !u.ratio(1u8, 4)? {
        let core = g.shadow.as_ref().expect("a shadowed game");
        let text = must_text("mulligan_game_pending_json", &|b, n, nd| unsafe {
            mulligan_game_pending_json(h, b, n, nd)
        });
        let views: Vec<Decision> = json_of("pending", &text)
            .as_array()
            .expect("an array")
            .iter()
            .map(view_of)
            .collect();
        let core_views: Vec<Decision> = core.pending();
        assert_eq!(views, core_views, "a refusal changed the decisions");
        let mut count = 0usize;
        let st = checked("mulligan_game_event_count", unsafe {
            mulligan_game_event_count(h, &mut count)
        });
        assert_eq!((st, count), (OK, g.events_seen), "a refusal added events");
        return Ok(());
    }
    let after = game_state(g, g.events_seen);
    if let (Some(before), true) = (&before, s != OK) {
        assert!(
            after == *before,
            "the refused answer {answer:?} ({s}) changed the game"
        );
    }
    check_game(g, &after);
    Ok(())
}

fn game_query(u: &mut Unstructured, w: &mut World) -> Result<()> {
    let (h, live) = w.pick(u, HandleKind::Game)?;
    let hs = handle_status(live);
    let g = live.map(|i| &w.games[i]);
    let players = g.map_or(0, |g| g.deck_lens.len() as u32);
    let seat: u32 = if u.ratio(1u8, 16)? {
        u.arbitrary()?
    } else {
        u.int_in_range(0..=players)?
    };
    let seat_status = if hs == OK && seat >= players {
        ILLEGAL
    } else {
        hs
    };
    match u.int_in_range(0u8..=9)? {
        0 => {
            let (s, t) = read_text(u, "mulligan_game_pending_json", &|b, l, n| unsafe {
                mulligan_game_pending_json(h, b, l, n)
            })?;
            if hs != OK {
                assert_ne!(s, OK);
            }
            if let Some(t) = t {
                json_of("pending", &t);
            }
        }
        1 => {
            let mut count = 0usize;
            let s = checked("mulligan_game_event_count", unsafe {
                mulligan_game_event_count(h, &mut count)
            });
            assert_eq!(s, hs);
            let first: usize = if u.ratio(1u8, 16)? {
                u.arbitrary()?
            } else {
                u.int_in_range(0..=count + 1)?
            };
            let (s, t) = read_text(u, "mulligan_game_events_json", &|b, l, n| unsafe {
                mulligan_game_events_json(h, first, b, l, n)
            })?;
            if hs == OK && first > count {
                assert_eq!(s, INVALID_ARGUMENT, "events from {first} of {count}");
            }
            if let Some(t) = t {
                let v = json_of("events", &t);
                assert_eq!(v.as_array().expect("an array").len(), count - first);
            }
        }
        2 => {
            let (s, t) = read_text(u, "mulligan_game_result_json", &|b, l, n| unsafe {
                mulligan_game_result_json(h, b, l, n)
            })?;
            if let (Some(g), true) = (g, hs == OK) {
                if let Some(core) = &g.shadow {
                    assert_eq!(s == ILLEGAL, !core.done(), "result before done: {s}");
                }
            }
            if let Some(t) = t {
                let v = json_of("result", &t);
                assert_eq!(v.as_array().expect("an array").len(), players as usize);
            }
        }
        3 => {
            let (s, hand) = read(u, "mulligan_game_hand", 0xA5A5_A5A5u32, &|b, l, n| unsafe {
                mulligan_game_hand(h, seat, b, l, n)
            })?;
            if seat_status != OK {
                assert_ne!(s, OK);
            }
            if let (Some(hand), Some(core)) = (hand, g.and_then(|g| g.shadow.as_ref())) {
                assert_eq!(hand, core.hand(seat as usize).expect("a seat"));
            }
        }
        4 => {
            let (s, t) = read_text(u, "mulligan_game_zones_json", &|b, l, n| unsafe {
                mulligan_game_zones_json(h, seat, b, l, n)
            })?;
            if seat_status != OK {
                assert_ne!(s, OK);
            }
            if let Some(t) = t {
                json_of("zones", &t);
            }
        }
        5 => {
            let (s, t) = read_text(u, "mulligan_game_cards_json", &|b, l, n| unsafe {
                mulligan_game_cards_json(h, seat, b, l, n)
            })?;
            if seat_status != OK {
                assert_ne!(s, OK);
            }
            if let Some(t) = t {
                json_of("cards", &t);
            }
        }
        6 => {
            let (s, t) = read_text(u, "mulligan_game_info_json", &|b, l, n| unsafe {
                mulligan_game_info_json(h, b, l, n)
            })?;
            if hs != OK {
                assert_ne!(s, OK);
            }
            if let Some(t) = t {
                let v = json_of("info", &t);
                assert_eq!(v["players"].as_u64(), Some(u64::from(players)));
                if let Some(core) = g.and_then(|g| g.shadow.as_ref()) {
                    assert!(
                        !t.contains(&core.seed().hex()),
                        "the info shows the secret seed"
                    );
                    assert_eq!(
                        v["commitment"].as_str(),
                        Some(core.seed().commitment().as_str())
                    );
                }
            }
        }
        7 => {
            let null_out = u.ratio(1u8, 8)?;
            let mut out = 7u64;
            let out_ptr: *mut u64 = if null_out { null_mut() } else { &mut out };
            let s = checked("mulligan_game_seed", unsafe {
                mulligan_game_seed(h, out_ptr)
            });
            assert_eq!(s, if null_out { NULL_POINTER } else { hs });
            if s == OK {
                let mut b = [0u8; 32];
                let mut needed = 0;
                let r = unsafe { mulligan_seed_bytes(out, b.as_mut_ptr(), 32, &mut needed) };
                assert_eq!((r, needed), (OK, 32));
                if let Some(core) = g.and_then(|g| g.shadow.as_ref()) {
                    assert_eq!(&b, core.seed().as_bytes());
                }
                w.seeds.push(SeedH {
                    handle: out,
                    seed: Seed::from_bytes(b),
                });
            } else if !null_out {
                assert_eq!(out, 0);
            }
        }
        8 => {
            let s = checked("mulligan_game_done", unsafe {
                mulligan_game_done(h, null_mut())
            });
            assert_eq!(s, NULL_POINTER);
            let s = checked("mulligan_game_event_count", unsafe {
                mulligan_game_event_count(h, null_mut())
            });
            assert_eq!(s, NULL_POINTER);
        }
        _ => {
            let mut done = false;
            let s = checked("mulligan_game_done", unsafe {
                mulligan_game_done(h, &mut done)
            });
            assert_eq!(s, hs);
        }
    }
    Ok(())
}

// ----- freeing, panics, the rest -------------------------------------------------------------

fn free_call(kind: HandleKind, h: u64) -> i32 {
    match kind {
        HandleKind::Seed => mulligan_seed_free(h),
        HandleKind::Library => mulligan_library_free(h),
        HandleKind::Game => mulligan_game_free(h),
    }
}

fn remove(w: &mut World, kind: HandleKind, i: usize) -> u64 {
    let h = match kind {
        HandleKind::Seed => w.seeds.remove(i).handle,
        HandleKind::Library => w.libs.remove(i).handle,
        HandleKind::Game => w.games.remove(i).handle,
    };
    w.freed.push(h);
    h
}

fn free(u: &mut Unstructured, w: &mut World) -> Result<()> {
    let kind = *u.choose(&[HandleKind::Seed, HandleKind::Library, HandleKind::Game])?;
    let (h, live) = w.pick(u, kind)?;
    let s = checked("a free", free_call(kind, h));
    match live {
        Some(i) => {
            assert_eq!(s, OK);
            remove(w, kind, i);
            // A second free is refused, and so is any use.
            assert_eq!(checked("a double free", free_call(kind, h)), INVALID_HANDLE);
        }
        None if h == 0 => assert_eq!(s, OK, "freeing 0"),
        None => assert_eq!(s, INVALID_HANDLE, "freeing {h}"),
    }
    Ok(())
}

/// `mulligan_debug_panic`: the panic is caught at the boundary, and a handle it poisoned
/// refuses every call but its free. libFuzzer's panic hook aborts on any panic, so a quiet
/// hook stands in for the length of this one deliberate panic.
fn debug_panic(u: &mut Unstructured, w: &mut World) -> Result<()> {
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

fn misc(u: &mut Unstructured) -> Result<()> {
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

fn live_handles() -> usize {
    let mut n = usize::MAX;
    assert_eq!(unsafe { mulligan_live_handles(&mut n) }, OK);
    n
}

fn run(u: &mut Unstructured, w: &mut World) -> Result<()> {
    for _ in 0..MAX_CALLS {
        if u.is_empty() {
            break;
        }
        match u.int_in_range(0u8..=31)? {
            0..=2 => seed_new(u, w)?,
            3..=4 => seed_query(u, w)?,
            5..=6 => library_new(u, w)?,
            7..=11 => library_op(u, w)?,
            12..=13 => game_new(u, w)?,
            14..=24 => game_answer(u, w)?,
            25..=27 => game_query(u, w)?,
            28..=29 => free(u, w)?,
            30 if u.ratio(1u8, 4)? => debug_panic(u, w)?,
            _ => misc(u)?,
        }
        let live = w.seeds.len() + w.libs.len() + w.games.len();
        assert_eq!(live_handles(), live, "mulligan_live_handles");
    }
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    assert_eq!(live_handles(), 0, "handles left from an earlier input");
    let mut u = Unstructured::new(data);
    let mut w = World::default();
    // A game first, so that most inputs get to answering.
    let _ = game_new(&mut u, &mut w);
    let _ = run(&mut u, &mut w);
    for s in std::mem::take(&mut w.seeds) {
        assert_eq!(
            checked("mulligan_seed_free", mulligan_seed_free(s.handle)),
            OK
        );
    }
    for l in std::mem::take(&mut w.libs) {
        assert_eq!(
            checked("mulligan_library_free", mulligan_library_free(l.handle)),
            OK
        );
    }
    for mut g in std::mem::take(&mut w.games) {
        // All the events once more, from the first.
        let state = game_state(&g, 0);
        check_game(&mut g, &state);
        assert_eq!(
            checked("mulligan_game_free", mulligan_game_free(g.handle)),
            OK
        );
    }
    assert_eq!(live_handles(), 0, "handles live after freeing everything");
});
