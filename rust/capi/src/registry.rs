//! The handle registry: every object a C caller holds lives here, and the caller holds only a
//! 64-bit number. A handle is `serial << 2 | kind` with a serial that is never reused in the
//! life of the process, so a freed, forged, or wrongly typed handle is always *detected*
//! (`MULLIGAN_ERR_INVALID_HANDLE`), never undefined behaviour.
//!
//! Locking: the registry map has one mutex, held only to look up, insert, or remove an entry.
//! Each object has its own mutex, held for the whole of one call on it, so calls on one handle
//! are serialised and calls on different handles run in parallel. A call that panics while it
//! holds an object's lock poisons that object: later calls on it fail with
//! `MULLIGAN_ERR_INTERNAL` (its state may be half-changed) and only its `free` works.

use crate::error::{Failure, Outcome};
use mulligan_core::{Event, Game, Library, Seed};
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, MutexGuard};

/// The kind of object a handle names; its low two bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Seed = 1,
    Library = 2,
    Game = 3,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Seed => "seed",
            Kind::Library => "library",
            Kind::Game => "game",
        }
    }
    fn of(handle: u64) -> Option<Kind> {
        match handle & 3 {
            1 => Some(Kind::Seed),
            2 => Some(Kind::Library),
            3 => Some(Kind::Game),
            _ => None,
        }
    }
}

/// A library and the events of its last operation.
pub struct LibraryState {
    pub core: Library,
    pub last_events: Vec<Event>,
}

/// A game start and its players' names (the core keeps names only for results).
pub struct GameState {
    pub core: Game,
    pub names: Vec<String>,
}

pub enum Object {
    Seed(Seed),
    Library(LibraryState),
    Game(Box<GameState>),
}

/// The Rust types a handle can name.
pub trait Handled: Sized {
    const KIND: Kind;
    fn get(object: &mut Object) -> Option<&mut Self>;
    fn wrap(self) -> Object;
}

impl Handled for Seed {
    const KIND: Kind = Kind::Seed;
    fn get(object: &mut Object) -> Option<&mut Self> {
        match object {
            Object::Seed(s) => Some(s),
            _ => None,
        }
    }
    fn wrap(self) -> Object {
        Object::Seed(self)
    }
}

impl Handled for LibraryState {
    const KIND: Kind = Kind::Library;
    fn get(object: &mut Object) -> Option<&mut Self> {
        match object {
            Object::Library(l) => Some(l),
            _ => None,
        }
    }
    fn wrap(self) -> Object {
        Object::Library(self)
    }
}

impl Handled for GameState {
    const KIND: Kind = Kind::Game;
    fn get(object: &mut Object) -> Option<&mut Self> {
        match object {
            Object::Game(g) => Some(g),
            _ => None,
        }
    }
    fn wrap(self) -> Object {
        Object::Game(Box::new(self))
    }
}

type Slot = Arc<Mutex<Object>>;

struct Registry {
    next_serial: u64,
    objects: BTreeMap<u64, Slot>,
}

static REGISTRY: Mutex<Registry> = Mutex::new(Registry {
    next_serial: 1,
    objects: BTreeMap::new(),
});

/// The registry map. Nothing panics while holding it, but a poisoned map is still consistent
/// (every operation on it is a single insert/remove/get), so poisoning is ignored.
fn registry() -> MutexGuard<'static, Registry> {
    REGISTRY
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Registers `value` and returns its new handle.
pub fn insert<T: Handled>(value: T) -> Outcome<u64> {
    let mut reg = registry();
    let serial = reg.next_serial;
    if serial >= 1 << 62 {
        return Err(Failure::internal("the handle space is exhausted"));
    }
    reg.next_serial += 1;
    let handle = (serial << 2) | T::KIND as u64;
    reg.objects
        .insert(handle, Arc::new(Mutex::new(value.wrap())));
    Ok(handle)
}

/// Why `handle` does not name a live object of kind `want`.
fn explain(reg: &Registry, handle: u64, want: Kind) -> Failure {
    let want = want.name();
    if handle == 0 {
        return Failure::handle(format!("{want} handle 0 is the null handle"));
    }
    match Kind::of(handle) {
        None => Failure::handle(format!(
            "handle {handle} was never issued by mulligan (expected a {want} handle)"
        )),
        Some(k) if k.name() != want => Failure::handle(format!(
            "handle {handle} is a {} handle, not a {want} handle",
            k.name()
        )),
        Some(_) if handle >> 2 >= reg.next_serial => Failure::handle(format!(
            "{want} handle {handle} was never issued by mulligan"
        )),
        Some(_) => Failure::handle(format!(
            "{want} handle {handle} was already freed (use after free or double free)"
        )),
    }
}

fn slot(handle: u64, kind: Kind) -> Outcome<Slot> {
    let reg = registry();
    match reg.objects.get(&handle) {
        Some(slot) if Kind::of(handle) == Some(kind) => Ok(Arc::clone(slot)),
        _ => Err(explain(&reg, handle, kind)),
    }
}

fn lock(handle: u64, kind: Kind, slot: &Slot) -> Outcome<MutexGuard<'_, Object>> {
    slot.lock().map_err(|_| {
        Failure::internal(format!(
            "{} handle {handle} was poisoned by an earlier internal error (a panic while it was in use); its state is unknown: free it",
            kind.name()
        ))
    })
}

/// Runs `f` on the object `handle` names, holding that object's lock (not the registry's).
pub fn with<T: Handled, R>(handle: u64, f: impl FnOnce(&mut T) -> Outcome<R>) -> Outcome<R> {
    let slot = slot(handle, T::KIND)?;
    let mut guard = lock(handle, T::KIND, &slot)?;
    match T::get(&mut guard) {
        Some(value) => f(value),
        None => Err(Failure::internal(format!(
            "handle {handle} names an object of the wrong kind"
        ))),
    }
}

/// Runs `f` on several libraries at once, each distinct handle locked once, in handle order
/// (so two threads locking overlapping sets cannot deadlock). `f` gets the distinct handles in
/// first-mention order with their states.
pub fn with_libraries<R>(
    handles: &[u64],
    f: impl FnOnce(&mut [(u64, &mut LibraryState)]) -> Outcome<R>,
) -> Outcome<R> {
    let mut distinct: Vec<u64> = vec![];
    for &h in handles {
        if !distinct.contains(&h) {
            distinct.push(h);
        }
    }
    let slots: Vec<(u64, Slot)> = distinct
        .iter()
        .map(|&h| slot(h, Kind::Library).map(|s| (h, s)))
        .collect::<Outcome<_>>()?;
    let mut order: Vec<usize> = (0..slots.len()).collect();
    order.sort_by_key(|&i| slots[i].0);
    let mut guards: Vec<Option<MutexGuard<'_, Object>>> = (0..slots.len()).map(|_| None).collect();
    for i in order {
        let (h, s) = &slots[i];
        guards[i] = Some(lock(*h, Kind::Library, s)?);
    }
    let mut states: Vec<(u64, &mut LibraryState)> = vec![];
    for ((h, _), guard) in slots.iter().zip(guards.iter_mut()) {
        let object = guard
            .as_mut()
            .ok_or_else(|| Failure::internal("a library lock was not taken"))?;
        let state = LibraryState::get(object)
            .ok_or_else(|| Failure::internal(format!("handle {h} is not a library")))?;
        states.push((*h, state));
    }
    f(&mut states)
}

/// Removes the object; it is dropped once no call is using it.
pub fn remove(handle: u64, kind: Kind) -> Outcome {
    let mut reg = registry();
    if Kind::of(handle) == Some(kind) && reg.objects.remove(&handle).is_some() {
        return Ok(());
    }
    Err(explain(&reg, handle, kind))
}

/// Poisons `handle`'s object by panicking while holding its lock (`mulligan_debug_panic`).
pub fn panic_holding(handle: u64, message: &str) -> Outcome {
    let kind = Kind::of(handle).unwrap_or(Kind::Seed);
    let slot = slot(handle, kind)?;
    let _guard = lock(handle, kind, &slot)?;
    panic!("{message}");
}

/// Number of live objects (for tests).
pub fn live() -> usize {
    registry().objects.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::{MULLIGAN_ERR_INTERNAL, MULLIGAN_ERR_INVALID_HANDLE};

    #[test]
    fn handles_are_typed_and_never_reused() {
        let a = insert(Seed::from_bytes([1; 32])).unwrap();
        let b = insert(Seed::from_bytes([2; 32])).unwrap();
        assert_ne!(a, b);
        assert_eq!(a & 3, 1);
        with::<Seed, _>(a, |s| {
            assert_eq!(s.as_bytes()[0], 1);
            Ok(())
        })
        .unwrap();
        let wrong = with::<LibraryState, ()>(a, |_| Ok(())).unwrap_err();
        assert_eq!(wrong.status, MULLIGAN_ERR_INVALID_HANDLE);
        assert!(wrong.message.contains("is a seed handle"), "{wrong:?}");
        remove(a, Kind::Seed).unwrap();
        let freed = remove(a, Kind::Seed).unwrap_err();
        assert!(freed.message.contains("already freed"), "{freed:?}");
        let never = with::<Seed, ()>(a + (1 << 40), |_| Ok(())).unwrap_err();
        assert!(never.message.contains("never issued"), "{never:?}");
        assert!(with::<Seed, ()>(0, |_| Ok(()))
            .unwrap_err()
            .message
            .contains("null handle"));
        assert!(with::<Seed, ()>(a & !3, |_| Ok(()))
            .unwrap_err()
            .message
            .contains("never issued"));
        remove(b, Kind::Seed).unwrap();
    }

    #[test]
    fn a_panic_holding_the_lock_poisons_only_that_handle() {
        let a = insert(Seed::from_bytes([1; 32])).unwrap();
        let r = std::panic::catch_unwind(|| panic_holding(a, "test"));
        assert!(r.is_err());
        let e = with::<Seed, ()>(a, |_| Ok(())).unwrap_err();
        assert_eq!(e.status, MULLIGAN_ERR_INTERNAL);
        remove(a, Kind::Seed).unwrap();
    }
}
