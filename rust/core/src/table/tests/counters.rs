//! The `counter` action (119.3, 122.1): life starts at 103.4's total, changes are public, an
//! illegal change changes nothing, and a Two-Headed Giant team shares its life total.

use super::*;
use serde_json::json;

fn counters(game: &Game, seat: usize) -> Counters {
    game.public_view().seats[seat].counters.clone()
}

#[test]
fn life_starts_at_the_starting_total_and_every_view_sees_each_change() {
    let mut game = whole_game(3);
    let start = Counters::from([("life".to_string(), 20), ("poison".to_string(), 0)]);
    assert_eq!(counters(&game, 0), start);
    assert_eq!(game.view(1).unwrap().seats[0].counters, start);
    act(
        &mut game,
        0,
        json!({"action": "counter", "counter": "life", "delta": -3}),
    )
    .unwrap();
    act(
        &mut game,
        0,
        json!({"action": "counter", "counter": "poison", "set": 2}),
    )
    .unwrap();
    act(
        &mut game,
        1,
        json!({"action": "counter", "counter": "energy", "delta": 4}),
    )
    .unwrap();
    for viewer in [0, 1] {
        let v = game.view(viewer).unwrap();
        assert_eq!(v.seats[0].counters["life"], 17);
        assert_eq!(v.seats[0].life, Some(17));
        assert_eq!(v.seats[0].counters["poison"], 2);
        assert_eq!(v.seats[1].counters["energy"], 4);
        assert_eq!(v.seats[1].counters["life"], 20);
    }
    // The event is public: the other seat and the host see the change and the value.
    let last = |e: &Event| match &e.kind {
        EventKind::Counter {
            seat,
            counter,
            value,
            delta,
            ..
        } => Some((*seat, counter.clone(), *value, *delta)),
        _ => None,
    };
    let seen: Vec<_> = game
        .view(1)
        .unwrap()
        .events
        .iter()
        .filter_map(last)
        .collect();
    let public: Vec<_> = game.public_view().events.iter().filter_map(last).collect();
    let want = vec![
        (0, "life".to_string(), 17, -3),
        (0, "poison".to_string(), 2, 2),
        (1, "energy".to_string(), 4, 4),
    ];
    assert_eq!(seen, want);
    assert_eq!(public, want);
}

#[test]
fn an_illegal_counter_changes_nothing() {
    let mut game = whole_game(4);
    let before = counters(&game, 0);
    let events = game.events().len();
    for bad in [
        json!({"action": "counter", "counter": "life"}),
        json!({"action": "counter", "counter": "life", "delta": 1, "set": 3}),
        json!({"action": "counter", "counter": "", "delta": 1}),
        json!({"action": "counter", "counter": "Life", "delta": 1}),
        json!({"action": "counter", "counter": "<img>", "delta": 1}),
        json!({"action": "counter", "counter": "x".repeat(MAX_COUNTER_NAME + 1), "delta": 1}),
        json!({"action": "counter", "counter": "life", "delta": MAX_COUNTER_VALUE + 1}),
        json!({"action": "counter", "counter": "life", "set": -MAX_COUNTER_VALUE - 1}),
        json!({"action": "counter", "counter": "life", "delta": i64::MAX}),
    ] {
        let e = act(&mut game, 0, bad.clone()).unwrap_err();
        assert!(matches!(e, crate::Error::IllegalAction(_)), "{bad}: {e}");
        assert_eq!(counters(&game, 0), before, "{bad}");
        assert_eq!(game.events().len(), events, "{bad}");
    }
    act(
        &mut game,
        0,
        json!({"action": "counter", "counter": "life", "set": MAX_COUNTER_VALUE}),
    )
    .unwrap();
    let e = act(
        &mut game,
        0,
        json!({"action": "counter", "counter": "life", "delta": 1}),
    );
    assert!(e.is_err());
    assert_eq!(counters(&game, 0)["life"], MAX_COUNTER_VALUE);
    // At most MAX_COUNTERS names: life and poison, then the rest.
    for i in 0..MAX_COUNTERS - 2 {
        act(
            &mut game,
            1,
            json!({"action": "counter", "counter": format!("c{i}"), "set": 1}),
        )
        .unwrap();
    }
    let e = act(
        &mut game,
        1,
        json!({"action": "counter", "counter": "one_more", "set": 1}),
    );
    assert!(e.unwrap_err().to_string().contains("no room"));
    // An existing counter still changes.
    act(
        &mut game,
        1,
        json!({"action": "counter", "counter": "c0", "delta": 1}),
    )
    .unwrap();
    assert_eq!(counters(&game, 1)["c0"], 2);
}

#[test]
fn a_counter_goes_on_during_an_open_search_and_after_the_end_nothing_does() {
    let mut game = whole_game(5);
    act(&mut game, 0, json!({"action": "search"})).unwrap();
    act(
        &mut game,
        0,
        json!({"action": "counter", "counter": "life", "delta": -1}),
    )
    .unwrap();
    act(
        &mut game,
        0,
        json!({"action": "found", "cards": [], "to": "hand"}),
    )
    .unwrap();
    assert_eq!(counters(&game, 0)["life"], 19);
    game.end().unwrap();
    assert!(act(
        &mut game,
        0,
        json!({"action": "counter", "counter": "life", "delta": 1})
    )
    .is_err());
}

#[test]
fn counters_replay_from_the_answers() {
    let mut game = whole_game(6);
    act(
        &mut game,
        1,
        json!({"action": "counter", "counter": "life", "delta": -7}),
    )
    .unwrap();
    act(
        &mut game,
        1,
        json!({"action": "counter", "counter": "poison", "delta": 3}),
    )
    .unwrap();
    let replayed = game
        .setup_record()
        .clone()
        .game(game.seed().clone())
        .unwrap()
        .replay_answers(game.answers())
        .unwrap();
    assert_eq!(replayed.events(), game.events());
    assert_eq!(replayed.public_view(), game.public_view());
    assert_eq!(counters(&replayed, 1)["life"], 13);
}

#[test]
fn a_two_headed_giant_team_shares_its_life_total_not_its_other_counters() {
    let deck = |t: &str| DeckList::parse(t).unwrap();
    let mut players: Vec<PlayerSetup> = (0..4)
        .map(|i| PlayerSetup::new(&format!("P{i}"), deck("20 Forest\n20 Grizzly Bears")))
        .collect();
    for (i, p) in players.iter_mut().enumerate() {
        p.team = Some(crate::game::Team::Number(i as i64 / 2));
    }
    let setup = GameSetup {
        house: Default::default(),
        players,
        variant: Variant::TwoHeadedGiant,
        rule: MulliganRule::London,
        seed: Seed::from_bytes([7; 32]),
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
    assert_eq!(counters(&game, 0)["life"], 30);
    act(
        &mut game,
        0,
        json!({"action": "counter", "counter": "life", "delta": -5}),
    )
    .unwrap();
    act(
        &mut game,
        0,
        json!({"action": "counter", "counter": "poison", "delta": 1}),
    )
    .unwrap();
    let lives: Vec<i64> = (0..4).map(|s| counters(&game, s)["life"]).collect();
    assert_eq!(lives, vec![25, 25, 30, 30]);
    assert_eq!(counters(&game, 1)["poison"], 0);
    let shared = game.events().iter().rev().find_map(|e| match &e.kind {
        EventKind::Counter {
            counter,
            shared_with,
            ..
        } if counter == "life" => Some(shared_with.clone()),
        _ => None,
    });
    assert_eq!(shared, Some(vec![1]));
}
