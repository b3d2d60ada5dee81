//! The table phase's actions, one by one: what each moves, that an illegal one changes nothing,
//! who may act, and what each seat sees. The rules of 701.24 a–g are in `rules.rs`.

use super::*;
use crate::card::CardId;
use crate::deck::DeckList;
use crate::game::{DecisionKind, Game, GameSetup, PlayerSetup, Start, Zones};
use crate::rules::{MulliganRule, Variant};
use crate::seed::Seed;

mod commander;
mod counters;
mod permanents;
mod public_view;
mod rules;
mod turns;

pub(super) fn whole_game(seed: u8) -> Game {
    let deck = |t: &str| DeckList::parse(t).unwrap();
    let setup = GameSetup {
        house: Default::default(),
        players: vec![
            PlayerSetup::new(
                "Ann",
                deck("20 Forest\n20 Grizzly Bears\nSideboard\n2 Naturalize"),
            ),
            PlayerSetup::new("Ben", deck("20 Island\n20 Merfolk Looter")),
        ],
        variant: Variant::TwoPlayer,
        rule: MulliganRule::London,
        seed: Seed::from_bytes([seed; 32]),
        game_index: 0,
        start: Start::Seat(0),
    };
    let mut game = Game::with_whole_game(setup, true).unwrap();
    while let Some(d) = game.pending().first().cloned() {
        match d.kind {
            DecisionKind::KeepOrMulligan => game.keep(d.seat),
            _ => game.pass_actions(d.seat),
        }
        .unwrap();
    }
    assert!(game.table().is_some() && !game.ended());
    game
}

pub(super) fn act(game: &mut Game, seat: usize, action: serde_json::Value) -> crate::Result<()> {
    let action: Action = serde_json::from_value(action).unwrap();
    game.act(seat, action)
}

pub(super) fn ids(cards: &[crate::CardRef]) -> Vec<CardId> {
    cards.iter().map(|c| c.id).collect()
}

pub(super) fn zones(game: &Game, seat: usize) -> Zones {
    game.zones(seat).unwrap()
}

/// Every card of a seat is in exactly one zone, whatever happened.
pub(super) fn conserved(game: &Game, seat: usize, total: usize) {
    let z = zones(game, seat);
    let mut all: Vec<CardId> = [
        &z.hand,
        &z.library,
        &z.battlefield,
        &z.exile,
        &z.graveyard,
        &z.command,
        &z.stack,
        &z.face_down_exile,
        &z.outside,
    ]
    .into_iter()
    .flat_map(|v| ids(v))
    .collect();
    all.sort_unstable();
    assert_eq!(all, (0..total as CardId).collect::<Vec<_>>());
}

#[test]
fn a_game_without_whole_game_ends_at_103_8_and_refuses_actions() {
    let mut game = whole_game(1);
    let setup = game.setup_record().clone();
    assert!(setup.whole_game);
    let mut plain = setup.clone();
    plain.whole_game = false;
    let mut start = plain.game(Seed::from_bytes([1; 32])).unwrap();
    for a in game.answers().to_vec() {
        start.apply(a).unwrap();
    }
    assert!(start.done() && start.ended() && start.table().is_none());
    let e = act(
        &mut start,
        0,
        serde_json::json!({"action": "draw", "count": 1}),
    )
    .unwrap_err();
    assert!(e.to_string().contains("whole_game"), "{e}");
    assert!(start.end().is_err());
    // The start's events are the same either way: whole_game only adds what follows 103.8.
    assert_eq!(start.events(), game.events());
    game.end().unwrap();
    assert!(game.ended());
    assert!(game.end().is_err());
}

#[test]
fn draw_mill_put_and_move_go_where_they_say() {
    let mut game = whole_game(2);
    let before = zones(&game, 0);
    act(
        &mut game,
        0,
        serde_json::json!({"action": "draw", "count": 2}),
    )
    .unwrap();
    let z = zones(&game, 0);
    assert_eq!(ids(&z.hand)[7..], ids(&before.library)[..2]);
    assert_eq!(ids(&z.library), ids(&before.library)[2..]);
    act(
        &mut game,
        0,
        serde_json::json!({"action": "mill", "count": 3}),
    )
    .unwrap();
    let z2 = zones(&game, 0);
    assert_eq!(ids(&z2.graveyard), ids(&z.library)[..3]);
    // Brainstorm: two cards from hand on top, in the order given.
    let two = [ids(&z2.hand)[0], ids(&z2.hand)[4]];
    act(
        &mut game,
        0,
        serde_json::json!({"action": "put", "cards": two, "from": "hand", "to": "top"}),
    )
    .unwrap();
    assert_eq!(ids(&zones(&game, 0).library)[..2], two);
    // Gravebane Zombie: from the graveyard to the bottom.
    let zombie = ids(&z2.graveyard)[1];
    act(
        &mut game,
        0,
        serde_json::json!({"action": "put", "cards": [zombie], "from": "graveyard", "to": "bottom"}),
    )
    .unwrap();
    assert_eq!(*ids(&zones(&game, 0).library).last().unwrap(), zombie);
    // Cast, then to the graveyard; a wish from outside the game.
    let card = ids(&zones(&game, 0).hand)[0];
    act(
        &mut game,
        0,
        serde_json::json!({"action": "move", "cards": [card], "from": "hand", "to": "stack"}),
    )
    .unwrap();
    act(
        &mut game,
        0,
        serde_json::json!({"action": "move", "cards": [card], "from": "stack", "to": "graveyard"}),
    )
    .unwrap();
    act(
        &mut game,
        0,
        serde_json::json!({"action": "move", "cards": [40], "from": "outside", "to": "hand"}),
    )
    .unwrap();
    assert!(ids(&zones(&game, 0).hand).contains(&40));
    conserved(&game, 0, 42);
    conserved(&game, 1, 40);
}

#[test]
fn an_illegal_action_changes_nothing() {
    let mut game = whole_game(3);
    let hand = ids(&zones(&game, 0).hand);
    let bad = [
        serde_json::json!({"action": "put", "cards": [hand[0], hand[0]], "from": "hand", "to": "top"}),
        serde_json::json!({"action": "put", "cards": [hand[0]], "from": "hand", "to": "graveyard"}),
        serde_json::json!({"action": "move", "cards": [999], "from": "hand", "to": "graveyard"}),
        serde_json::json!({"action": "move", "cards": [hand[0]], "from": "graveyard", "to": "exile"}),
        serde_json::json!({"action": "move", "cards": [hand[0]], "from": "hand", "to": "top"}),
        serde_json::json!({"action": "found", "cards": [], "to": "hand"}),
        serde_json::json!({"action": "arrange"}),
        serde_json::json!({"action": "shuffle", "times": 0}),
        serde_json::json!({"action": "shuffle_in", "cards": [hand[0]], "from": "hand",
            "place": {"card": hand[0], "from": "hand", "position": 0}}),
        serde_json::json!({"action": "shuffle_in", "cards": [], "from": "hand",
            "place": {"card": hand[1], "from": "hand", "position": 99}}),
    ];
    let events = game.events().len();
    let (z0, z1) = (zones(&game, 0), zones(&game, 1));
    for action in bad {
        assert!(act(&mut game, 0, action.clone()).is_err(), "{action}");
        assert_eq!(
            (zones(&game, 0), zones(&game, 1)),
            (z0.clone(), z1.clone()),
            "{action}"
        );
        assert_eq!(game.events().len(), events);
    }
    // A search open: only `found` acts on that library, and only for the seat that looks.
    act(&mut game, 0, serde_json::json!({"action": "search"})).unwrap();
    let answers = game.answers().len();
    assert!(act(
        &mut game,
        0,
        serde_json::json!({"action": "draw", "count": 1})
    )
    .is_err());
    let found: Action =
        serde_json::from_value(serde_json::json!({"action": "found", "cards": [], "to": "hand"}))
            .unwrap();
    assert!(game.act_as_host(0, Some(1), found.clone()).is_err());
    assert_eq!(game.answers().len(), answers);
    game.act(0, found).unwrap();
}

#[test]
fn who_may_act_a_seat_on_its_own_zones_the_host_on_any() {
    let mut game = whole_game(4);
    let search: Action = serde_json::from_value(serde_json::json!({"action": "search"})).unwrap();
    // A seat names only itself as the looker; another seat's library through the host only.
    let e = game
        .apply(crate::Answer::Act {
            seat: 0,
            host: false,
            looker: Some(1),
            action: search.clone(),
        })
        .unwrap_err();
    assert!(e.to_string().contains("through the host"), "{e}");
    let twister: Action = serde_json::from_value(
        serde_json::json!({"action": "timetwister", "seats": [0, 1], "draw": 7}),
    )
    .unwrap();
    assert!(game.act(0, twister.clone()).is_err());
    // The host lets seat 1 search seat 0's library: seat 1 sees it, seat 0 does not.
    game.act_as_host(0, Some(1), search).unwrap();
    let library = ids(&zones(&game, 0).library);
    let seen = game.looking(1);
    assert_eq!(seen.len(), 1);
    let mut sorted = library.clone();
    sorted.sort_unstable();
    assert_eq!(ids(&seen[0].cards), sorted);
    assert!(game.looking(0).is_empty());
    let take: Action = serde_json::from_value(
        serde_json::json!({"action": "found", "cards": [library[5]], "to": "battlefield"}),
    )
    .unwrap();
    game.act_as_host(0, Some(1), take).unwrap();
    assert!(game.looking(1).is_empty());
    assert!(ids(&zones(&game, 0).battlefield).contains(&library[5]));
    game.act_as_host(0, None, twister).unwrap();
    assert_eq!(zones(&game, 0).hand.len(), 7);
    assert_eq!(zones(&game, 1).hand.len(), 7);
}

#[test]
fn scry_surveil_and_reveal_until_put_each_card_where_chosen() {
    let mut game = whole_game(5);
    let lib = ids(&zones(&game, 1).library);
    act(
        &mut game,
        1,
        serde_json::json!({"action": "look", "count": 3}),
    )
    .unwrap();
    assert_eq!(ids(&game.looking(1)[0].cards), lib[..3]);
    assert!(game.looking(0).is_empty());
    // Wrong set of cards: refused, the look stays open.
    assert!(act(
        &mut game,
        1,
        serde_json::json!({"action": "arrange", "top": [lib[0]], "bottom": [lib[1]]})
    )
    .is_err());
    act(
        &mut game,
        1,
        serde_json::json!({"action": "arrange", "top": [lib[2], lib[0]], "graveyard": [lib[1]]}),
    )
    .unwrap();
    let now = ids(&zones(&game, 1).library);
    assert_eq!(now[..2], [lib[2], lib[0]]);
    assert_eq!(now[2..], lib[3..]);
    assert_eq!(ids(&zones(&game, 1).graveyard), [lib[1]]);
    // Reveal until: one card at a time, every seat sees them.
    for k in 1..=3 {
        act(
            &mut game,
            1,
            serde_json::json!({"action": "reveal", "count": 1}),
        )
        .unwrap();
        assert_eq!(ids(&game.looking(0)[0].cards), now[..k]);
    }
    act(
        &mut game,
        1,
        serde_json::json!({"action": "arrange", "hand": [now[2]], "bottom": [now[1], now[0]]}),
    )
    .unwrap();
    let after = ids(&zones(&game, 1).library);
    assert_eq!(after[..after.len() - 2], now[3..]);
    assert_eq!(after[after.len() - 2..], [now[1], now[0]]);
    conserved(&game, 1, 40);
}

/// No card of a hidden zone appears in another seat's view: a hand's cards, a library's
/// order, what a seat looked at or searched.
#[test]
fn views_show_other_seats_only_counts_and_public_moves() {
    let mut game = whole_game(6);
    act(
        &mut game,
        0,
        serde_json::json!({"action": "draw", "count": 1}),
    )
    .unwrap();
    act(
        &mut game,
        0,
        serde_json::json!({"action": "look", "count": 2}),
    )
    .unwrap();
    let top = ids(&zones(&game, 0).library)[..2].to_vec();
    act(
        &mut game,
        0,
        serde_json::json!({"action": "arrange", "bottom": top}),
    )
    .unwrap();
    act(&mut game, 0, serde_json::json!({"action": "search"})).unwrap();
    let card = ids(&zones(&game, 0).library)[10];
    act(
        &mut game,
        0,
        serde_json::json!({"action": "found", "cards": [card], "to": "hand"}),
    )
    .unwrap();
    let hand = ids(&zones(&game, 0).hand);
    let other = serde_json::to_string(&game.view(1).unwrap()).unwrap();
    let mine = serde_json::to_string(&game.view(0).unwrap()).unwrap();
    for id in hand {
        assert!(mine.contains(&format!("{{\"id\":{id},")));
    }
    // The decks have no name in common: nothing of seat 0's shows to seat 1.
    for name in ["Grizzly Bears", "Forest", "Naturalize"] {
        assert!(!other.contains(name), "{name} shows to seat 1");
        assert!(mine.contains(name));
    }
}
