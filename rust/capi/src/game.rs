//! The start of a game (rule 103): `mulligan_game_*`. Every answer is checked in full by the
//! core before it changes anything, so an illegal one returns `MULLIGAN_ERR_ILLEGAL_ACTION` and
//! leaves the game exactly as it was. Seats and card ids are `uint32_t`; a card id is the
//! card's index in its owner's deck main cards (`mulligan_game_cards_json`).

use crate::error::Failure;
use crate::error::{guard, Outcome};
use crate::ffi::{self, Buffer, Out, TextBuffer};
use crate::registry::{self, GameState, Kind};
use crate::seed::MulliganSeed;
use crate::{json, setup};
use mulligan_core::{Answer, CardId, Game, Seed, SetupRecord};
use std::ffi::c_char;

/// A game handle. 0 is never a valid handle.
pub type MulliganGame = u64;

pub(crate) fn with_game<R>(
    game: MulliganGame,
    f: impl FnOnce(&mut GameState) -> Outcome<R>,
) -> Outcome<R> {
    registry::with(game, f)
}

fn answer(game: MulliganGame, f: impl FnOnce(&mut Game) -> mulligan_core::Result<()>) -> Outcome {
    with_game(game, |g| Ok(f(&mut g.core)?))
}

/// Sets a game up from its setup JSON (docs/C_ABI.md) and runs it to its first decision.
///
/// Errors: `MULLIGAN_ERR_NULL_POINTER`, `MULLIGAN_ERR_INVALID_ARGUMENT` (not UTF-8, malformed
/// JSON, an unknown key or name, a value of the wrong type), `MULLIGAN_ERR_SEED` (a malformed
/// `seed`), `MULLIGAN_ERR_DECK` (a malformed deck list: the message names the player and
/// line), `MULLIGAN_ERR_GAME_CONFIG` (player count, teams, archenemy, starting seat, game
/// index…). On failure `*out` is set to 0.
///
/// # Safety
/// `setup_json` must be NULL or a NUL-terminated string; `out` NULL or valid for one write.
#[no_mangle]
pub unsafe extern "C" fn mulligan_game_new(
    setup_json: *const c_char,
    out: *mut MulliganGame,
) -> i32 {
    guard(|| {
        let out = Out::new(out, "out")?;
        out.set(0);
        let text = unsafe { ffi::text(setup_json, "setup_json") }?;
        let (setup, names, whole_game) = setup::parse(text)?;
        let core = Game::with_whole_game(setup, whole_game)?;
        out.set(registry::insert(GameState { core, names })?);
        Ok(())
    })
}

/// Rebuilds a game from its set-up record (docs/schema.json `SetupRecord`: Python's
/// `game.setup()`, a log header's set-up; decks as card lists), the host's seed (64 hex
/// digits), the players' contributions (NULL, or a JSON array of hex strings, one per player)
/// and the answers given (NULL, or a JSON array of answer records, as
/// `mulligan_game_answers_json` writes them): the same events, zones and decision ids as the
/// original game.
///
/// Errors: `MULLIGAN_ERR_NULL_POINTER`, `MULLIGAN_ERR_INVALID_ARGUMENT` (not UTF-8 or JSON, a
/// record of the wrong shape), `MULLIGAN_ERR_SEED` (a malformed seed, the wrong number of
/// contributions), `MULLIGAN_ERR_GAME_CONFIG` (a set-up the rules refuse),
/// `MULLIGAN_ERR_ILLEGAL_ACTION` (an answer that does not apply: the message names its index).
/// On failure `*out` is set to 0.
///
/// # Safety
/// `setup_json` and `seed_hex` must be NULL or NUL-terminated strings, `contributions_json`
/// and `answers_json` NULL or NUL-terminated strings; `out` NULL or valid for one write.
#[no_mangle]
pub unsafe extern "C" fn mulligan_game_replay(
    setup_json: *const c_char,
    seed_hex: *const c_char,
    contributions_json: *const c_char,
    answers_json: *const c_char,
    out: *mut MulliganGame,
) -> i32 {
    guard(|| {
        let out = Out::new(out, "out")?;
        out.set(0);
        let record: SetupRecord = unsafe { parse(setup_json, "setup_json") }?;
        let seed = Seed::from_hex(unsafe { ffi::text(seed_hex, "seed_hex") }?)?;
        let contributions: Vec<String> = if contributions_json.is_null() {
            vec![]
        } else {
            unsafe { parse(contributions_json, "contributions_json") }?
        };
        let contributions = contributions
            .iter()
            .map(|c| {
                mulligan_core::seed::decode_hex(c).ok_or_else(|| {
                    Failure::invalid(format!("contributions_json: {c:?} is not hex"))
                })
            })
            .collect::<Outcome<Vec<_>>>()?;
        let answers: Vec<Answer> = if answers_json.is_null() {
            vec![]
        } else {
            unsafe { parse(answers_json, "answers_json") }?
        };
        let names = record.players.iter().map(|p| p.name.clone()).collect();
        let seed = seed.game_seed(&contributions, record.players.len())?;
        let core = record.game(seed)?.replay_answers(&answers)?;
        out.set(registry::insert(GameState { core, names })?);
        Ok(())
    })
}

/// A record of the core from a JSON string argument; another shape is
/// `MULLIGAN_ERR_INVALID_ARGUMENT` naming the argument.
///
/// # Safety
/// `ptr` must be NULL or a NUL-terminated string.
unsafe fn parse<T: serde::de::DeserializeOwned>(ptr: *const c_char, what: &str) -> Outcome<T> {
    let text = unsafe { ffi::text(ptr, what) }?;
    serde_json::from_str(text).map_err(|e| Failure::invalid(format!("{what}: {e}")))
}

/// Writes the decisions outstanding now as a JSON array (`[]` once done); see docs/C_ABI.md.
///
/// # Safety
/// `buf` must be NULL (with `len` 0) or valid for `len` writes; `needed` NULL or valid for one
/// write.
#[no_mangle]
pub unsafe extern "C" fn mulligan_game_pending_json(
    game: MulliganGame,
    buf: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> i32 {
    guard(|| {
        let buf = TextBuffer::new(buf, len, needed)?;
        let text = with_game(game, |g| Ok(json::record(&g.core.pending())))?;
        buf.write(&text)
    })
}

/// Applies one answer given as an answer record (docs/schema.json, `Answer`; the same dicts as
/// Python's `game.apply`): `{"type": "bottom", "seat": 0, "cards": [3, 5]}`, cards by id. The
/// same as calling the function of that name.
///
/// Errors: `MULLIGAN_ERR_NULL_POINTER`, `MULLIGAN_ERR_INVALID_ARGUMENT` (not UTF-8, not JSON,
/// not an answer record: an unknown type or key, a value of the wrong type),
/// `MULLIGAN_ERR_ILLEGAL_ACTION` (not an answer the rules allow now; nothing changed).
///
/// # Safety
/// `answer_json` must be NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn mulligan_game_apply_json(
    game: MulliganGame,
    answer_json: *const c_char,
) -> i32 {
    guard(|| {
        let text = unsafe { ffi::text(answer_json, "answer_json") }?;
        let record: mulligan_core::Answer = serde_json::from_str(text).map_err(|e| {
            crate::error::Failure::invalid(format!("answer_json: not an answer record: {e}"))
        })?;
        answer(game, |g| g.apply(record))
    })
}

/// Writes every answer applied so far, in order, as a JSON array of answer records: with the
/// set-up and the seed, what rebuilds the game (`mulligan_game_apply_json` on a new game).
///
/// # Safety
/// `buf` must be NULL (with `len` 0) or valid for `len` writes; `needed` NULL or valid for one
/// write.
#[no_mangle]
pub unsafe extern "C" fn mulligan_game_answers_json(
    game: MulliganGame,
    buf: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> i32 {
    guard(|| {
        let buf = TextBuffer::new(buf, len, needed)?;
        let text = with_game(game, |g| Ok(json::record(g.core.answers())))?;
        buf.write(&text)
    })
}

/// 103.1: `chooser` names the seat that starts (in Two-Headed Giant, that seat's team).
#[no_mangle]
pub extern "C" fn mulligan_game_choose_starting_player(
    game: MulliganGame,
    chooser: u32,
    starting_seat: u32,
) -> i32 {
    guard(|| {
        answer(game, |g| {
            g.choose_starting_player(ffi::seat(chooser), ffi::seat(starting_seat))
        })
    })
}

/// 103.5: `seat` keeps their hand.
#[no_mangle]
pub extern "C" fn mulligan_game_keep(game: MulliganGame, seat: u32) -> i32 {
    guard(|| answer(game, |g| g.keep(ffi::seat(seat))))
}

/// 103.5: `seat` declares a mulligan (taken once everyone in the round has declared).
#[no_mangle]
pub extern "C" fn mulligan_game_mulligan(game: MulliganGame, seat: u32) -> i32 {
    guard(|| answer(game, |g| g.mulligan(ffi::seat(seat))))
}

/// 103.5b: `seat` uses `card` (e.g. Serum Powder) during a keep-or-mulligan decision; the same
/// decision then stays pending.
#[no_mangle]
pub extern "C" fn mulligan_game_mulligan_action(game: MulliganGame, seat: u32, card: u32) -> i32 {
    guard(|| answer(game, |g| g.mulligan_action(ffi::seat(seat), card as CardId)))
}

/// 103.5 (London): `seat` puts exactly the asked `n` cards `ids` from hand on the bottom; the
/// array is their top-to-bottom order.
///
/// # Safety
/// `ids` must be NULL (with `n` 0) or valid for `n` reads.
#[no_mangle]
pub unsafe extern "C" fn mulligan_game_bottom(
    game: MulliganGame,
    seat: u32,
    ids: *const u32,
    n: usize,
) -> i32 {
    guard(|| {
        let ids = unsafe { ffi::slice(ids, n, "ids") }?;
        answer(game, |g| g.bottom(ffi::seat(seat), ids))
    })
}

/// Vancouver: `seat` leaves the top card of their library on top (`to_bottom` 0) or puts it on
/// the bottom (non-zero).
#[no_mangle]
pub extern "C" fn mulligan_game_vancouver(game: MulliganGame, seat: u32, to_bottom: i32) -> i32 {
    guard(|| answer(game, |g| g.vancouver(ffi::seat(seat), to_bottom != 0)))
}

/// 103.6: `seat` uses the opening-hand card `card`. Gemstone Caverns also exiles another card
/// from hand: pass `has_exile` non-zero and its id as `exile_card` (otherwise `has_exile` 0).
#[no_mangle]
pub extern "C" fn mulligan_game_opening_hand_action(
    game: MulliganGame,
    seat: u32,
    card: u32,
    has_exile: i32,
    exile_card: u32,
) -> i32 {
    let exile = (has_exile != 0).then_some(exile_card as CardId);
    guard(|| {
        answer(game, |g| {
            g.opening_hand_action(ffi::seat(seat), card as CardId, exile)
        })
    })
}

/// 103.6: `seat` takes no more opening-hand actions.
#[no_mangle]
pub extern "C" fn mulligan_game_pass_actions(game: MulliganGame, seat: u32) -> i32 {
    guard(|| answer(game, |g| g.pass_actions(ffi::seat(seat))))
}

/// Sets `*done` to whether the game start is over (no decision pending).
///
/// # Safety
/// `done` must be NULL or valid for one write.
#[no_mangle]
pub unsafe extern "C" fn mulligan_game_done(game: MulliganGame, done: *mut bool) -> i32 {
    guard(|| {
        let done = Out::new(done, "done")?;
        done.set(with_game(game, |g| Ok(g.core.done()))?);
        Ok(())
    })
}

/// Writes the game's events from index `first` on (0 for all) as a JSON array of the core's
/// event records (`{"type": …, "rule": …}`); `first` equal to the event count gives `[]`.
///
/// Errors: `MULLIGAN_ERR_INVALID_ARGUMENT` when `first` is above the event count.
///
/// # Safety
/// `buf` must be NULL (with `len` 0) or valid for `len` writes; `needed` NULL or valid for one
/// write.
#[no_mangle]
pub unsafe extern "C" fn mulligan_game_events_json(
    game: MulliganGame,
    first: usize,
    buf: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> i32 {
    guard(|| {
        let buf = TextBuffer::new(buf, len, needed)?;
        let text = with_game(game, |g| {
            let events = g.core.events();
            if first > events.len() {
                return Err(crate::error::Failure::invalid(format!(
                    "first is {first}, but the game has only {} events",
                    events.len()
                )));
            }
            Ok(json::record(&events[first..]))
        })?;
        buf.write(&text)
    })
}

/// Sets `*count` to the number of events so far.
///
/// # Safety
/// `count` must be NULL or valid for one write.
#[no_mangle]
pub unsafe extern "C" fn mulligan_game_event_count(game: MulliganGame, count: *mut usize) -> i32 {
    guard(|| {
        let count = Out::new(count, "count")?;
        count.set(with_game(game, |g| Ok(g.core.events().len()))?);
        Ok(())
    })
}

/// Writes each seat's outcome as a JSON array (docs/C_ABI.md).
///
/// Errors: `MULLIGAN_ERR_ILLEGAL_ACTION` before the game start is done.
///
/// # Safety
/// `buf` must be NULL (with `len` 0) or valid for `len` writes; `needed` NULL or valid for one
/// write.
#[no_mangle]
pub unsafe extern "C" fn mulligan_game_result_json(
    game: MulliganGame,
    buf: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> i32 {
    guard(|| {
        let buf = TextBuffer::new(buf, len, needed)?;
        let text = with_game(game, |g| Ok(json::record(&g.core.result()?)))?;
        buf.write(&text)
    })
}

/// Writes `seat`'s hand as card ids (in hand order); `*needed` gets their number.
///
/// Errors: `MULLIGAN_ERR_ILLEGAL_ACTION` when there is no such seat.
///
/// # Safety
/// `buf` must be NULL (with `len` 0) or valid for `len` writes; `needed` NULL or valid for one
/// write.
#[no_mangle]
pub unsafe extern "C" fn mulligan_game_hand(
    game: MulliganGame,
    seat: u32,
    buf: *mut u32,
    len: usize,
    needed: *mut usize,
) -> i32 {
    guard(|| {
        let buf = Buffer::new(buf, len, needed)?;
        with_game(game, |g| buf.write(g.core.hand(ffi::seat(seat))?, "cards"))
    })
}

/// Writes all of `seat`'s zones as a JSON object `{"hand", "library" (top first),
/// "battlefield", "exile", "revealed"}` of card lists. A god view, for hosts and tests.
///
/// # Safety
/// `buf` must be NULL (with `len` 0) or valid for `len` writes; `needed` NULL or valid for one
/// write.
#[no_mangle]
pub unsafe extern "C" fn mulligan_game_zones_json(
    game: MulliganGame,
    seat: u32,
    buf: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> i32 {
    guard(|| {
        let buf = TextBuffer::new(buf, len, needed)?;
        let seat = ffi::seat(seat);
        let text = with_game(game, |g| Ok(json::record(&g.core.zones(seat)?)))?;
        buf.write(&text)
    })
}

/// Writes exactly what `seat` may know now as a JSON object (hidden information: its own hand
/// and decisions, every seat's public facts, every event as that seat may see it): the `View`
/// record of docs/schema.json, the same dict as Python's `game.view(seat)`.
///
/// Errors: `MULLIGAN_ERR_ILLEGAL_ACTION` when there is no such seat.
///
/// # Safety
/// `buf` must be NULL (with `len` 0) or valid for `len` writes; `needed` NULL or valid for one
/// write.
#[no_mangle]
pub unsafe extern "C" fn mulligan_game_view_json(
    game: MulliganGame,
    seat: u32,
    buf: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> i32 {
    guard(|| {
        let buf = TextBuffer::new(buf, len, needed)?;
        let text = with_game(game, |g| Ok(json::record(&g.core.view(ffi::seat(seat))?)))?;
        buf.write(&text)
    })
}

/// Writes `seat`'s deck main cards as a JSON array `[{"id", "name", "land", "tags"}]`, id `i`
/// at index `i`: what every card id of that seat means.
///
/// # Safety
/// `buf` must be NULL (with `len` 0) or valid for `len` writes; `needed` NULL or valid for one
/// write.
#[no_mangle]
pub unsafe extern "C" fn mulligan_game_cards_json(
    game: MulliganGame,
    seat: u32,
    buf: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> i32 {
    guard(|| {
        let buf = TextBuffer::new(buf, len, needed)?;
        let text = with_game(game, |g| Ok(json::deck_cards(&g.core, ffi::seat(seat))?))?;
        buf.write(&text)
    })
}

/// Writes public facts about the game as a JSON object: `players`, `names`, `variant`,
/// `mulligan`, `game_index`, `starting_player` and `chooser` (a seat or null), `turn_order`,
/// `done`, `commitment` (of the game's seed), `format_version`.
///
/// # Safety
/// `buf` must be NULL (with `len` 0) or valid for `len` writes; `needed` NULL or valid for one
/// write.
#[no_mangle]
pub unsafe extern "C" fn mulligan_game_info_json(
    game: MulliganGame,
    buf: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> i32 {
    guard(|| {
        let buf = TextBuffer::new(buf, len, needed)?;
        let text = with_game(game, |g| Ok(json::info(&g.core, &g.names)))?;
        buf.write(&text)
    })
}

/// Creates a new seed handle holding the game's seed (to reveal it after the game with
/// `mulligan_seed_hex`, or to check a commitment). Free it with `mulligan_seed_free`.
///
/// # Safety
/// `out` must be NULL or valid for one write.
#[no_mangle]
pub unsafe extern "C" fn mulligan_game_seed(game: MulliganGame, out: *mut MulliganSeed) -> i32 {
    guard(|| {
        let out = Out::new(out, "out")?;
        out.set(0);
        let seed = with_game(game, |g| Ok(g.core.seed().clone()))?;
        out.set(registry::insert(seed)?);
        Ok(())
    })
}

/// Frees a game handle. 0 is accepted and does nothing; a second free, or a handle of another
/// type, fails with `MULLIGAN_ERR_INVALID_HANDLE` and frees nothing.
#[no_mangle]
pub extern "C" fn mulligan_game_free(game: MulliganGame) -> i32 {
    guard(|| {
        if game == 0 {
            return Ok(());
        }
        registry::remove(game, Kind::Game)
    })
}
