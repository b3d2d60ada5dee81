//! A whole game's table phase over the C ABI (docs/C_ABI.md, "The whole game"): one action
//! record on a seat's zones, the host's end, and whether the game has ended. Converts only:
//! every rule and check is the core's (`mulligan_core::table`).

use crate::error::{guard, Failure};
use crate::ffi::{self, Out};
use crate::game::with_game;
use crate::MulliganGame;
use mulligan_core::Answer;
use std::ffi::c_char;

/// Applies one action record (`{"action": "draw", "count": 1}`, docs/schema.json `Action`) on
/// `seat`'s zones of a whole game, by that seat (`host` 0) or by the host (`host` 1);
/// `looker` the seat that looks for the host's search or look of another seat's library, or
/// -1 for none. Checked in full first: an error changes nothing.
///
/// Errors: `MULLIGAN_ERR_NULL_POINTER`, `MULLIGAN_ERR_INVALID_ARGUMENT` (not UTF-8, not an
/// action record, a looker below -1), `MULLIGAN_ERR_ILLEGAL_ACTION` (not a whole game, the
/// game start not done, ended, or an action the table does not allow now).
///
/// # Safety
/// `action_json` must be NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn mulligan_game_act_json(
    game: MulliganGame,
    seat: u32,
    host: i32,
    looker: i64,
    action_json: *const c_char,
) -> i32 {
    guard(|| {
        let text = unsafe { ffi::text(action_json, "action_json") }?;
        let action = serde_json::from_str(text)
            .map_err(|e| Failure::invalid(format!("action_json: not an action record: {e}")))?;
        let looker = match looker {
            -1 => None,
            l if l >= 0 => Some(usize::try_from(l).unwrap_or(usize::MAX)),
            l => return Err(Failure::invalid(format!("looker is -1 or a seat, got {l}"))),
        };
        let record = Answer::Act {
            seat: seat as usize,
            host: host != 0,
            looker,
            action,
        };
        with_game(game, |g| Ok(g.core.apply(record)?))
    })
}

/// The host ends a whole game: no more actions, and its seed may be revealed.
///
/// Errors: `MULLIGAN_ERR_ILLEGAL_ACTION` (not a whole game, its start not done, or already
/// ended).
#[no_mangle]
pub extern "C" fn mulligan_game_end(game: MulliganGame) -> i32 {
    guard(|| with_game(game, |g| Ok(g.core.apply(Answer::End {})?)))
}

/// Sets `*ended` to whether the game is over and its seed may be revealed: a whole game once
/// the host ended it, any other game once its start is done.
///
/// # Safety
/// `ended` must be NULL or valid for one write.
#[no_mangle]
pub unsafe extern "C" fn mulligan_game_ended(game: MulliganGame, ended: *mut bool) -> i32 {
    guard(|| {
        let ended = Out::new(ended, "ended")?;
        ended.set(with_game(game, |g| Ok(g.core.ended()))?);
        Ok(())
    })
}
