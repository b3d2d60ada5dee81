//! Answers to a game's decisions, legal or not: a refused one changes nothing.

use crate::buffers::{json_of, must_text};
use crate::games::{check_game, game_state, view_of, GameState};
use crate::handles::{core_status, HandleKind, World};
use crate::input::pick_input;
use crate::status::{
    checked, last_error, ILLEGAL, INVALID_ARGUMENT, INVALID_HANDLE, NULL_POINTER, OK,
};
use libfuzzer_sys::arbitrary::{Result, Unstructured};
use mulligan::*;
use mulligan_fuzz::{next_answer, Answer, Decision, DecisionKind, Mode, Table};

pub(crate) fn game_answer(u: &mut Unstructured, w: &mut World) -> Result<()> {
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
    // The variants' answers (docs/VARIANTS.md) have no C function yet, and a whole game's
    // records (act, end) answer no decision, so `next_answer` never makes them: not sent here.
    if matches!(
        answer,
        Answer::PartialMulligan { .. }
            | Answer::LandMulligan { .. }
            | Answer::Act { .. }
            | Answer::End {}
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
        Answer::PartialMulligan { .. }
        | Answer::LandMulligan { .. }
        | Answer::Act { .. }
        | Answer::End {} => return Ok(()),
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
