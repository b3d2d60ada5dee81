//! Libraries and every 701.24 operation: `mulligan_library_*`.
//!
//! A card is a `uint32_t` id, which is also its identity for the shuffle (the cards are sorted
//! by id before Fisher–Yates, docs/DETERMINISM.md §4): `mulligan_library_new` makes the cards
//! `0..n_cards`, the same identities a Python `Library` gives `n` cards, so both agree card
//! for card. Every operation either succeeds completely or changes nothing; the events of the
//! last successful one are kept for `mulligan_library_last_events_json`.

use crate::error::{guard, Failure, Outcome};
use crate::ffi::{self, Buffer, Out, TextBuffer};
use crate::registry::{self, Kind, LibraryState};
use crate::seed::MulliganSeed;
use mulligan_core::{CardId, Destination, Event, Library, Seed};
use std::ffi::c_char;

/// A library handle. 0 is never a valid handle.
pub type MulliganLibrary = u64;

/// Where `mulligan_library_search_and_shuffle` puts the found cards (701.24b). Passed as an
/// `int32_t`; any other value is `MULLIGAN_ERR_INVALID_ARGUMENT`.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(non_camel_case_types)]
pub enum MulliganDestination {
    /// Out of the library (to a hand, the battlefield, …): the caller already has their ids.
    MULLIGAN_DESTINATION_OUT = 0,
    /// On top, the first id topmost.
    MULLIGAN_DESTINATION_TOP = 1,
    /// On the bottom, the last id bottom-most.
    MULLIGAN_DESTINATION_BOTTOM = 2,
}

/// The most cards `mulligan_library_new` makes (a bound on memory, not a rule).
pub const MULLIGAN_MAX_LIBRARY_CARDS: u32 = 1 << 24;

fn with_library<R>(
    lib: MulliganLibrary,
    f: impl FnOnce(&mut LibraryState) -> Outcome<R>,
) -> Outcome<R> {
    registry::with(lib, f)
}

/// Runs a mutating operation; on success its events become the library's last events.
fn operate(
    lib: MulliganLibrary,
    f: impl FnOnce(&mut Library) -> mulligan_core::Result<Vec<Event>>,
) -> Outcome {
    with_library(lib, |state| {
        state.last_events = f(&mut state.core)?;
        Ok(())
    })
}

/// Creates a library of the cards `0, 1, …, n_cards - 1`, top first (no shuffle happens at
/// creation), drawing its shuffles from library stream `stream` of the seed (the library keeps
/// its own copy of the seed: the seed handle may be freed afterwards).
///
/// Errors: `MULLIGAN_ERR_NULL_POINTER`, `MULLIGAN_ERR_INVALID_HANDLE` (`seed`),
/// `MULLIGAN_ERR_INVALID_ARGUMENT` (`n_cards` above 2^24),
/// `MULLIGAN_ERR_ILLEGAL_ACTION` (`stream` above 2^56 - 1). On failure `*out` is set to 0.
///
/// # Safety
/// `out` must be NULL or valid for one write.
#[no_mangle]
pub unsafe extern "C" fn mulligan_library_new(
    seed: MulliganSeed,
    stream: u64,
    n_cards: u32,
    out: *mut MulliganLibrary,
) -> i32 {
    guard(|| {
        let out = Out::new(out, "out")?;
        out.set(0);
        if n_cards > MULLIGAN_MAX_LIBRARY_CARDS {
            return Err(Failure::invalid(format!(
                "n_cards is at most 2^24 ({MULLIGAN_MAX_LIBRARY_CARDS}), got {n_cards}"
            )));
        }
        let seed = registry::with(seed, |s: &mut Seed| Ok(s.clone()))?;
        let core = Library::new((0..n_cards).collect(), seed, stream)?;
        out.set(registry::insert(LibraryState {
            core,
            last_events: vec![],
        })?);
        Ok(())
    })
}

/// Shuffles the library (701.24a; a library of 0 or 1 cards still shuffles and reports it,
/// 701.24e).
#[no_mangle]
pub extern "C" fn mulligan_library_shuffle(lib: MulliganLibrary) -> i32 {
    guard(|| operate(lib, |l| l.shuffle()))
}

/// 701.24b: searches for the `n` cards `ids` (each must be in the library, none twice), shuffles
/// the rest without them, then puts them where `destination` (a `MulliganDestination`) says:
/// out of the library, on top (`ids[0]` topmost) or on the bottom (`ids[n-1]` bottom-most).
///
/// Errors: `MULLIGAN_ERR_INVALID_ARGUMENT` (unknown destination), `MULLIGAN_ERR_ILLEGAL_ACTION`
/// (a card not in the library, or listed twice); nothing changes.
///
/// # Safety
/// `ids` must be NULL (with `n` 0) or valid for `n` reads.
#[no_mangle]
pub unsafe extern "C" fn mulligan_library_search_and_shuffle(
    lib: MulliganLibrary,
    ids: *const u32,
    n: usize,
    destination: i32,
) -> i32 {
    guard(|| {
        let ids = unsafe { ffi::slice(ids, n, "ids") }?;
        let to = match destination {
            0 => Destination::Out,
            1 => Destination::Top,
            2 => Destination::Bottom,
            other => {
                return Err(Failure::invalid(format!(
                    "destination must be MULLIGAN_DESTINATION_OUT (0), _TOP (1) or _BOTTOM (2), got {other}"
                )))
            }
        };
        operate(lib, |l| {
            l.search_and_shuffle(ids, to).map(|(_, events)| events)
        })
    })
}

/// 701.24c–d: adds the `n` cards `ids` that are not already in the library, then shuffles (even
/// when none was added or `n` is 0). With `has_place` non-zero, card `place_id` (new or already
/// in the library) ends exactly at `position` (0 the top, -1 the bottom, negative counts from
/// the bottom) and the rest is shuffled (701.24g).
///
/// Errors: `MULLIGAN_ERR_ILLEGAL_ACTION` (an id listed twice, a position outside the
/// library); nothing changes.
///
/// # Safety
/// `ids` must be NULL (with `n` 0) or valid for `n` reads.
#[no_mangle]
pub unsafe extern "C" fn mulligan_library_shuffle_in(
    lib: MulliganLibrary,
    ids: *const u32,
    n: usize,
    has_place: i32,
    place_id: u32,
    position: i64,
) -> i32 {
    guard(|| {
        let ids = unsafe { ffi::slice(ids, n, "ids") }?;
        let place = (has_place != 0).then_some((place_id as CardId, position));
        operate(lib, |l| l.shuffle_in(ids, place))
    })
}

/// Draws up to `n` cards from the top (fewer when the library runs out, 121.4) into `buf`, top
/// first. `*count` (required, unlike `needed` elsewhere) receives the number drawn, or, with
/// `MULLIGAN_ERR_BUFFER_TOO_SMALL`, the buffer length needed (then nothing is drawn). Clears
/// the last events (a draw reports none).
///
/// # Safety
/// `buf` must be NULL (with `len` 0) or valid for `len` writes; `count` NULL (refused) or
/// valid for one write.
#[no_mangle]
pub unsafe extern "C" fn mulligan_library_draw(
    lib: MulliganLibrary,
    n: usize,
    buf: *mut u32,
    len: usize,
    count: *mut usize,
) -> i32 {
    guard(|| {
        let count = Out::new(count, "count")?;
        let buf = Buffer::new(buf, len, count.ptr())?;
        with_library(lib, |state| {
            buf.check_room(n.min(state.core.len()), "cards")?;
            let drawn = state.core.draw(n);
            state.last_events.clear();
            buf.write(&drawn, "cards")
        })
    })
}

/// Puts the `n` cards `ids` on top; the array is their final top-to-bottom order (401.4).
///
/// Errors: `MULLIGAN_ERR_ILLEGAL_ACTION` (a card already in the library, or listed twice).
///
/// # Safety
/// `ids` must be NULL (with `n` 0) or valid for `n` reads.
#[no_mangle]
pub unsafe extern "C" fn mulligan_library_put_on_top(
    lib: MulliganLibrary,
    ids: *const u32,
    n: usize,
) -> i32 {
    guard(|| {
        let ids = unsafe { ffi::slice(ids, n, "ids") }?;
        operate(lib, |l| l.put_on_top(ids))
    })
}

/// Puts the `n` cards `ids` on the bottom; the array is their final top-to-bottom order (401.4).
///
/// Errors: `MULLIGAN_ERR_ILLEGAL_ACTION` (a card already in the library, or listed twice).
///
/// # Safety
/// `ids` must be NULL (with `n` 0) or valid for `n` reads.
#[no_mangle]
pub unsafe extern "C" fn mulligan_library_put_on_bottom(
    lib: MulliganLibrary,
    ids: *const u32,
    n: usize,
) -> i32 {
    guard(|| {
        let ids = unsafe { ffi::slice(ids, n, "ids") }?;
        operate(lib, |l| l.put_on_bottom(ids))
    })
}

/// 701.24f: the `n` libraries are shuffled at the same time. Each distinct library is shuffled
/// once; each library's last events get one shuffle event (rule 701.24f) for every time it is
/// named. Either every library is shuffled or none is.
///
/// Errors: `MULLIGAN_ERR_INVALID_HANDLE` (any handle; nothing is shuffled),
/// `MULLIGAN_ERR_ILLEGAL_ACTION` (a library has used all its shuffles; nothing is shuffled).
///
/// # Safety
/// `libs` must be NULL (with `n` 0) or valid for `n` reads.
#[no_mangle]
pub unsafe extern "C" fn mulligan_library_shuffle_simultaneously(
    libs: *const MulliganLibrary,
    n: usize,
) -> i32 {
    guard(|| {
        let handles = unsafe { ffi::slice(libs, n, "libs") }?;
        registry::with_libraries(handles, |states| {
            let index = |h: u64| states.iter().position(|(x, _)| *x == h).unwrap_or(0);
            let named: Vec<usize> = handles.iter().map(|&h| index(h)).collect();
            let mut libs: Vec<&mut mulligan_core::Library> =
                states.iter_mut().map(|(_, s)| &mut s.core).collect();
            let events = mulligan_core::Library::shuffle_simultaneously(&mut libs, &named)
                .map_err(|e| match e {
                    mulligan_core::Error::IllegalAction(m) => Failure::from(
                        mulligan_core::Error::IllegalAction(handle_message(&m, handles, &named)),
                    ),
                    other => Failure::from(other),
                })?;
            for (k, (_, state)) in states.iter_mut().enumerate() {
                state.last_events = named
                    .iter()
                    .zip(&events)
                    .filter(|(&i, _)| i == k)
                    .map(|(_, e)| e.clone())
                    .collect();
            }
            Ok(())
        })
    })
}

/// The core's message names the library by its index among the distinct ones: name the handle.
fn handle_message(message: &str, handles: &[u64], named: &[usize]) -> String {
    for (h, k) in handles.iter().zip(named) {
        let prefix = format!("library {k} ");
        if let Some(rest) = message.strip_prefix(&prefix) {
            return format!("library handle {h} {rest}");
        }
    }
    message.to_string()
}

/// Writes the library's cards, top first; `*needed` gets their number.
///
/// # Safety
/// `buf` must be NULL (with `len` 0) or valid for `len` writes; `needed` NULL or valid for one
/// write.
#[no_mangle]
pub unsafe extern "C" fn mulligan_library_cards(
    lib: MulliganLibrary,
    buf: *mut u32,
    len: usize,
    needed: *mut usize,
) -> i32 {
    guard(|| {
        let buf = Buffer::new(buf, len, needed)?;
        with_library(lib, |state| buf.write(state.core.cards(), "cards"))
    })
}

/// Sets `*out` to the number of cards in the library.
///
/// # Safety
/// `out` must be NULL or valid for one write.
#[no_mangle]
pub unsafe extern "C" fn mulligan_library_len(lib: MulliganLibrary, out: *mut usize) -> i32 {
    guard(|| {
        let out = Out::new(out, "out")?;
        out.set(with_library(lib, |state| Ok(state.core.len()))?);
        Ok(())
    })
}

/// Sets `*out` to the number of shuffles the library has done (its next shuffle's sub-stream).
///
/// # Safety
/// `out` must be NULL or valid for one write.
#[no_mangle]
pub unsafe extern "C" fn mulligan_library_shuffle_count(
    lib: MulliganLibrary,
    out: *mut u32,
) -> i32 {
    guard(|| {
        let out = Out::new(out, "out")?;
        out.set(with_library(lib, |state| Ok(state.core.shuffle_count()))?);
        Ok(())
    })
}

/// Writes the events of the library's last successful operation as a JSON array, e.g.
/// `[{"type":"shuffle","size":60,"stream":0,"shuffle":0,"rule":"701.24a"}]` (`[]` before any).
///
/// # Safety
/// `buf` must be NULL (with `len` 0) or valid for `len` writes; `needed` NULL or valid for one
/// write.
#[no_mangle]
pub unsafe extern "C" fn mulligan_library_last_events_json(
    lib: MulliganLibrary,
    buf: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> i32 {
    guard(|| {
        let buf = TextBuffer::new(buf, len, needed)?;
        let json = with_library(lib, |state| Ok(crate::json::record(&state.last_events)))?;
        buf.write(&json)
    })
}

/// Frees a library handle. 0 is accepted and does nothing; a second free, or a handle of
/// another type, fails with `MULLIGAN_ERR_INVALID_HANDLE` and frees nothing.
#[no_mangle]
pub extern "C" fn mulligan_library_free(lib: MulliganLibrary) -> i32 {
    guard(|| {
        if lib == 0 {
            return Ok(());
        }
        registry::remove(lib, Kind::Library)
    })
}
