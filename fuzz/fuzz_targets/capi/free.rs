//! Freeing handles: once, twice, forged; and the count of live handles.

use crate::handles::{HandleKind, World};
use crate::status::{checked, INVALID_HANDLE, OK};
use libfuzzer_sys::arbitrary::{Result, Unstructured};
use mulligan::*;

pub(crate) fn free_call(kind: HandleKind, h: u64) -> i32 {
    match kind {
        HandleKind::Seed => mulligan_seed_free(h),
        HandleKind::Library => mulligan_library_free(h),
        HandleKind::Game => mulligan_game_free(h),
    }
}

pub(crate) fn remove(w: &mut World, kind: HandleKind, i: usize) -> u64 {
    let h = match kind {
        HandleKind::Seed => w.seeds.remove(i).handle,
        HandleKind::Library => w.libs.remove(i).handle,
        HandleKind::Game => w.games.remove(i).handle,
    };
    w.freed.push(h);
    h
}

pub(crate) fn free(u: &mut Unstructured, w: &mut World) -> Result<()> {
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

pub(crate) fn live_handles() -> usize {
    let mut n = usize::MAX;
    assert_eq!(unsafe { mulligan_live_handles(&mut n) }, OK);
    n
}
