//! Permanents: tap and untap (701.26), counters on a permanent (122.1), tokens (111), and what
//! leaving the battlefield does (400.7, 122.2, 111.7, 111.8, 704.5d).

use super::*;
use serde_json::json;

/// Seat 0's battlefield as the host's view shows it.
fn field(game: &Game, seat: usize) -> Vec<Permanent> {
    game.public_view().seats[seat].battlefield.clone()
}

/// Puts the first `n` cards of `seat`'s hand onto the battlefield; their ids.
fn play(game: &mut Game, seat: usize, n: usize) -> Vec<CardId> {
    let cards = ids(&zones(game, seat).hand)[..n].to_vec();
    act(
        game,
        seat,
        json!({"action": "move", "cards": cards, "from": "hand", "to": "battlefield"}),
    )
    .unwrap();
    cards
}

/// Every refusal of `bad` names `needle` and changes nothing (events, zones, views).
fn refused(game: &mut Game, seat: usize, bad: serde_json::Value, needle: &str) {
    let before = (game.events().len(), game.public_view(), zones(game, seat));
    let e = act(game, seat, bad.clone()).unwrap_err();
    assert!(matches!(e, crate::Error::IllegalAction(_)), "{bad}: {e}");
    assert!(e.to_string().contains(needle), "{bad}: {e}");
    assert_eq!(
        (game.events().len(), game.public_view(), zones(game, seat)),
        before,
        "{bad}"
    );
}

#[test]
fn tap_and_untap_show_in_every_view_and_refuse_what_is_not_on_the_battlefield() {
    let mut game = whole_game(11);
    let on = play(&mut game, 0, 2);
    act(&mut game, 0, json!({"action": "tap", "cards": [on[1]]})).unwrap();
    for view in [
        serde_json::to_value(game.view(0).unwrap()).unwrap(),
        serde_json::to_value(game.view(1).unwrap()).unwrap(),
        serde_json::to_value(game.public_view()).unwrap(),
    ] {
        let bf = &view["seats"][0]["battlefield"];
        assert_eq!(bf[0].get("tapped"), None, "untapped: the field is left out");
        assert_eq!(bf[1]["tapped"], json!(true));
    }
    let hand = ids(&zones(&game, 0).hand);
    refused(
        &mut game,
        0,
        json!({"action": "tap", "cards": [hand[0]]}),
        &format!("card {} ", hand[0]),
    );
    refused(
        &mut game,
        0,
        json!({"action": "tap", "cards": [on[0], on[1]]}),
        &format!("card {} ", on[1]),
    );
    refused(
        &mut game,
        0,
        json!({"action": "untap", "cards": [on[0]]}),
        "already untapped",
    );
    refused(
        &mut game,
        0,
        json!({"action": "tap", "cards": []}),
        "at least one",
    );
    // Seat 1 cannot tap seat 0's permanents: they are not on its battlefield.
    refused(
        &mut game,
        1,
        json!({"action": "tap", "cards": [on[0]]}),
        "battlefield",
    );
    act(&mut game, 0, json!({"action": "untap", "cards": [on[1]]})).unwrap();
    assert!(field(&game, 0).iter().all(|p| !p.tapped));
    let last = game.events().last().unwrap();
    assert!(matches!(&last.kind, EventKind::Untap { seat: 0, cards } if cards[0].id == on[1]));
    assert_eq!(last.rule, "701.26b");
}

#[test]
fn counters_on_a_permanent_never_go_below_zero_and_only_on_the_battlefield() {
    let mut game = whole_game(12);
    let on = play(&mut game, 0, 1)[0];
    act(
        &mut game,
        0,
        json!({"action": "counter", "counter": "p1p1", "delta": 2, "card": on}),
    )
    .unwrap();
    let p = &field(&game, 0)[0];
    assert_eq!(p.counters, Counters::from([("p1p1".to_string(), 2)]));
    // The player's own counters are untouched.
    assert!(!game.public_view().seats[0].counters.contains_key("p1p1"));
    let e = game.events().last().unwrap().to_json();
    assert_eq!(e["card"], json!(on));
    assert_eq!(
        (e["value"].clone(), e["delta"].clone()),
        (json!(2), json!(2))
    );
    refused(
        &mut game,
        0,
        json!({"action": "counter", "counter": "p1p1", "delta": -3, "card": on}),
        "cannot have -1",
    );
    let hand = ids(&zones(&game, 0).hand)[0];
    refused(
        &mut game,
        0,
        json!({"action": "counter", "counter": "p1p1", "delta": 1, "card": hand}),
        &format!("card {hand} "),
    );
    refused(
        &mut game,
        0,
        json!({"action": "counter", "counter": "P1P1", "delta": 1, "card": on}),
        "a-z",
    );
    act(
        &mut game,
        0,
        json!({"action": "counter", "counter": "p1p1", "set": 0, "card": on}),
    )
    .unwrap();
    assert!(field(&game, 0)[0].counters.is_empty());
    let v = serde_json::to_value(game.public_view()).unwrap();
    assert_eq!(v["seats"][0]["battlefield"][0].get("counters"), None);
}

/// 400.7, 122.2: a permanent that leaves the battlefield is a new object: untapped, without
/// counters, when it comes back.
#[test]
fn a_card_that_leaves_the_battlefield_loses_its_counters_and_is_untapped() {
    let mut game = whole_game(13);
    let on = play(&mut game, 0, 1)[0];
    act(&mut game, 0, json!({"action": "tap", "cards": [on]})).unwrap();
    act(
        &mut game,
        0,
        json!({"action": "counter", "counter": "loyalty", "set": 4, "card": on}),
    )
    .unwrap();
    for to in ["graveyard", "hand", "exile"] {
        act(
            &mut game,
            0,
            json!({"action": "move", "cards": [on], "from": "battlefield", "to": to}),
        )
        .unwrap();
        act(
            &mut game,
            0,
            json!({"action": "move", "cards": [on], "from": to, "to": "battlefield"}),
        )
        .unwrap();
        let p = field(&game, 0).into_iter().find(|p| p.id == on).unwrap();
        assert!(!p.tapped && p.counters.is_empty(), "back from {to}: {p:?}");
        act(&mut game, 0, json!({"action": "tap", "cards": [on]})).unwrap();
        act(
            &mut game,
            0,
            json!({"action": "counter", "counter": "loyalty", "set": 4, "card": on}),
        )
        .unwrap();
    }
    // Through the library too (put on top, then drawn and played again).
    act(
        &mut game,
        0,
        json!({"action": "put", "cards": [on], "from": "battlefield", "to": "top"}),
    )
    .unwrap();
    act(&mut game, 0, json!({"action": "draw", "count": 1})).unwrap();
    act(
        &mut game,
        0,
        json!({"action": "move", "cards": [on], "from": "hand", "to": "battlefield"}),
    )
    .unwrap();
    let p = field(&game, 0).into_iter().find(|p| p.id == on).unwrap();
    assert!(!p.tapped && p.counters.is_empty());
    conserved(&game, 0, 42);
}

#[test]
fn tokens_get_new_ids_after_every_deck_and_are_shown_as_tokens() {
    let mut game = whole_game(14);
    // Seat 0 has 42 cards (40 and a sideboard of 2), seat 1 has 40: tokens start at 42.
    act(
        &mut game,
        1,
        json!({"action": "create_token", "name": "  Goblin  ", "count": 3}),
    )
    .unwrap();
    act(
        &mut game,
        0,
        json!({"action": "create_token", "name": "Treasure"}),
    )
    .unwrap();
    let f1 = field(&game, 1);
    assert_eq!(
        f1.iter()
            .map(|p| (p.id, p.name.as_str(), p.token))
            .collect::<Vec<_>>(),
        [
            (42, "Goblin", true),
            (43, "Goblin", true),
            (44, "Goblin", true)
        ]
    );
    assert_eq!(field(&game, 0)[0].id, 45);
    let v = serde_json::to_value(game.public_view()).unwrap();
    assert_eq!(v["seats"][1]["battlefield"][0]["token"], json!(true));
    let e = game.events().last().unwrap();
    assert!(matches!(&e.kind, EventKind::Token { seat: 0, cards } if cards[0].id == 45));
    // A token taps and takes counters like any permanent.
    act(&mut game, 1, json!({"action": "tap", "cards": [43]})).unwrap();
    act(
        &mut game,
        1,
        json!({"action": "counter", "counter": "p1p1", "delta": 1, "card": 44}),
    )
    .unwrap();
    let long = "x".repeat(MAX_TOKEN_NAME + 1);
    for (bad, needle) in [
        (json!({"action": "create_token", "name": ""}), "1 to 64"),
        (json!({"action": "create_token", "name": "   "}), "1 to 64"),
        (json!({"action": "create_token", "name": long}), "1 to 64"),
        (
            json!({"action": "create_token", "name": "Go\u{7}blin"}),
            "control",
        ),
        (
            json!({"action": "create_token", "name": "Go\nblin"}),
            "control",
        ),
        (
            json!({"action": "create_token", "name": "Goblin", "count": 0}),
            "1 to 100",
        ),
        (
            json!({"action": "create_token", "name": "Goblin", "count": 101}),
            "1 to 100",
        ),
    ] {
        refused(&mut game, 1, bad, needle);
    }
    // 64 characters (not bytes) is fine.
    act(
        &mut game,
        1,
        json!({"action": "create_token", "name": "é".repeat(MAX_TOKEN_NAME)}),
    )
    .unwrap();
    assert_eq!(field(&game, 1).last().unwrap().id, 46);
}

/// 111.7, 111.8, 704.5d: a token that leaves the battlefield ceases to exist, wherever it
/// went; its id is never used again.
#[test]
fn a_token_that_leaves_the_battlefield_ceases_to_exist() {
    let mut game = whole_game(15);
    act(
        &mut game,
        0,
        json!({"action": "create_token", "name": "Spirit", "count": 5}),
    )
    .unwrap();
    let tokens: Vec<CardId> = (42..47).collect();
    let library = zones(&game, 0).library.len();
    let moves = [
        json!({"action": "move", "cards": [42], "from": "battlefield", "to": "graveyard"}),
        json!({"action": "move", "cards": [43], "from": "battlefield", "to": "hand"}),
        json!({"action": "put", "cards": [44], "from": "battlefield", "to": "top"}),
        json!({"action": "shuffle_in", "cards": [45], "from": "battlefield"}),
        json!({"action": "move", "cards": [46], "from": "battlefield", "to": "exile"}),
    ];
    for (k, m) in moves.into_iter().enumerate() {
        act(&mut game, 0, m.clone()).unwrap();
        let gone = game.events().iter().rev().find_map(|e| match &e.kind {
            EventKind::CeaseToExist { seat: 0, cards } => Some(ids(cards)),
            _ => None,
        });
        assert_eq!(gone, Some(vec![tokens[k]]), "{m}");
        let z = zones(&game, 0);
        for zone in [&z.hand, &z.library, &z.graveyard, &z.exile, &z.battlefield] {
            assert!(!ids(zone).contains(&tokens[k]), "{m}");
        }
        assert_eq!(z.library.len(), library, "{m}: never in the library");
    }
    conserved(&game, 0, 42);
    // The shuffle of shuffle_in counted no token.
    let size = game.events().iter().rev().find_map(|e| match e.kind {
        EventKind::Shuffle { size, .. } => Some(size),
        _ => None,
    });
    assert_eq!(size, Some(library));
    // Gone, its id names nothing: no action may name it, and new tokens get new ids.
    refused(
        &mut game,
        0,
        json!({"action": "move", "cards": [42], "from": "graveyard", "to": "battlefield"}),
        "has no card 42",
    );
    act(
        &mut game,
        0,
        json!({"action": "create_token", "name": "Spirit"}),
    )
    .unwrap();
    assert_eq!(field(&game, 0)[0].id, 47);
}

#[test]
fn tokens_and_taps_replay_from_the_answers() {
    let mut game = whole_game(16);
    let on = play(&mut game, 1, 2);
    for a in [
        json!({"action": "tap", "cards": on}),
        json!({"action": "create_token", "name": "Clue", "count": 2}),
        json!({"action": "counter", "counter": "p1p1", "delta": 3, "card": 43}),
        json!({"action": "move", "cards": [42], "from": "battlefield", "to": "graveyard"}),
        json!({"action": "untap", "cards": [on[0]]}),
    ] {
        act(&mut game, 1, a).unwrap();
    }
    let replayed = game
        .setup_record()
        .clone()
        .game(game.seed().clone())
        .unwrap()
        .replay_answers(game.answers())
        .unwrap();
    assert_eq!(replayed.events(), game.events());
    assert_eq!(replayed.public_view(), game.public_view());
    assert_eq!(replayed.view(1).unwrap(), game.view(1).unwrap());
}
