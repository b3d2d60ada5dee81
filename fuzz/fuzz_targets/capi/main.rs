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
//!
//! One module per concept: `status` (the status codes and the last error), `buffers` (output
//! buffers), `input` (input arrays), `handles` (the handles an input holds), then one per
//! family of calls: `seeds`, `libraries`, `games` (set-up and the comparison with the core),
//! `answers`, `game_query`, `free`, `misc` (the deliberate panic, calls without a handle).

#![no_main]

mod answers;
mod buffers;
mod free;
mod game_query;
mod games;
mod handles;
mod input;
mod libraries;
mod misc;
mod seeds;
mod status;

use crate::answers::game_answer;
use crate::free::{free, live_handles};
use crate::game_query::game_query;
use crate::games::{check_game, game_new, game_state};
use crate::handles::World;
use crate::libraries::{library_new, library_op};
use crate::misc::{debug_panic, misc};
use crate::seeds::{seed_new, seed_query};
use crate::status::{checked, OK};
use libfuzzer_sys::arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use mulligan::*;

/// Calls per input at most.
const MAX_CALLS: usize = 300;

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

mulligan_fuzz::replayable_randomness!();

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
