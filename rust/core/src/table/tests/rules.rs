//! 701.24 a–g from the rule text, one test each, on a whole game's table.

use super::{act, conserved, ids, whole_game, zones};
use crate::event::EventKind;
use crate::game::Game;
use serde_json::json;

/// The shuffle events of the last action: (size, times, rule).
fn shuffles(game: &Game, from: usize) -> Vec<(usize, u32, &'static str)> {
    game.events()[from..]
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::Shuffle { size, times, .. } => Some((*size, times.unwrap(), e.rule)),
            _ => None,
        })
        .collect()
}

/// 701.24a: shuffling randomises the library; the order changes, the cards do not.
#[test]
fn rule_701_24a_shuffle_randomises_the_library() {
    let mut game = whole_game(11);
    let before = ids(&zones(&game, 0).library);
    let n = game.events().len();
    act(&mut game, 0, json!({"action": "shuffle"})).unwrap();
    let after = ids(&zones(&game, 0).library);
    assert_ne!(before, after);
    let (mut a, mut b) = (before.clone(), after.clone());
    a.sort_unstable();
    b.sort_unstable();
    assert_eq!(a, b);
    assert_eq!(shuffles(&game, n), [(before.len(), 1, "701.24a")]);
}

/// 701.24b: the found cards are not part of the shuffle, even while still in the library:
/// the rest is exactly the shuffle of the library without them.
#[test]
fn rule_701_24b_found_cards_are_left_out_of_the_shuffle() {
    let mut game = whole_game(12);
    let lib = ids(&zones(&game, 0).library);
    act(&mut game, 0, json!({"action": "search"})).unwrap();
    let n = game.events().len();
    let found = [lib[7], lib[20]];
    act(
        &mut game,
        0,
        json!({"action": "found", "cards": found, "to": "top"}),
    )
    .unwrap();
    let after = ids(&zones(&game, 0).library);
    assert_eq!(after[..2], found);
    // The same shuffle, from the same stream, of the other cards.
    let mut rest: Vec<u32> = lib.iter().copied().filter(|c| !found.contains(c)).collect();
    let lib_stream = game.table().unwrap().seats()[0].library().stream();
    let sub = game.table().unwrap().seats()[0].library().shuffle_count() - 1;
    crate::shuffle::shuffle_set(
        &mut rest,
        &mut crate::rng::ShuffleWords::new(&crate::Seed::from_bytes([12; 32]), lib_stream, sub),
    );
    assert_eq!(after[2..], rest[..]);
    assert_eq!(shuffles(&game, n), [(lib.len() - 2, 1, "701.24b")]);
}

/// 701.24c: a card that is no longer where it was expected: the library is shuffled anyway,
/// and the card stays where it is (Guile exiled in response).
#[test]
fn rule_701_24c_shuffles_even_when_the_card_is_gone() {
    let mut game = whole_game(13);
    act(&mut game, 0, json!({"action": "mill", "count": 1})).unwrap();
    let guile = ids(&zones(&game, 0).graveyard)[0];
    act(
        &mut game,
        0,
        json!({"action": "move", "cards": [guile], "from": "graveyard", "to": "exile"}),
    )
    .unwrap();
    let n = game.events().len();
    let size = zones(&game, 0).library.len();
    act(
        &mut game,
        0,
        json!({"action": "shuffle_in", "cards": [guile], "from": "graveyard"}),
    )
    .unwrap();
    assert_eq!(ids(&zones(&game, 0).exile), [guile]);
    assert_eq!(shuffles(&game, n), [(size, 1, "701.24c")]);
    // And the card that is there goes in (Black Sun's Zenith from the graveyard).
    act(&mut game, 0, json!({"action": "mill", "count": 1})).unwrap();
    let zenith = ids(&zones(&game, 0).graveyard)[0];
    act(
        &mut game,
        0,
        json!({"action": "shuffle_in", "cards": [zenith], "from": "graveyard"}),
    )
    .unwrap();
    assert!(ids(&zones(&game, 0).library).contains(&zenith));
    conserved(&game, 0, 42);
}

/// 701.24d: shuffling an empty set of cards in still shuffles (Loaming Shaman, no target).
#[test]
fn rule_701_24d_an_empty_set_still_shuffles() {
    let mut game = whole_game(14);
    let n = game.events().len();
    let size = zones(&game, 1).library.len();
    act(
        &mut game,
        1,
        json!({"action": "shuffle_in", "cards": [], "from": "graveyard"}),
    )
    .unwrap();
    assert_eq!(shuffles(&game, n), [(size, 1, "701.24d")]);
}

/// 701.24e: a library of 0 or 1 cards still shuffles, and says so.
#[test]
fn rule_701_24e_zero_or_one_card_still_shuffles() {
    let mut game = whole_game(15);
    let size = zones(&game, 0).library.len();
    act(&mut game, 0, json!({"action": "draw", "count": size - 1})).unwrap();
    for left in [1, 0] {
        let n = game.events().len();
        act(&mut game, 0, json!({"action": "shuffle"})).unwrap();
        assert_eq!(shuffles(&game, n), [(left, 1, "701.24e")]);
        act(&mut game, 0, json!({"action": "draw", "count": 1})).unwrap();
    }
}

/// 701.24f: several effects shuffling one library at the same time: one shuffle, counted as
/// many times (so a host fires its triggers that many times); also across libraries.
#[test]
fn rule_701_24f_simultaneous_shuffles_are_each_counted() {
    let mut game = whole_game(16);
    let n = game.events().len();
    let size = zones(&game, 0).library.len();
    act(&mut game, 0, json!({"action": "shuffle", "times": 3})).unwrap();
    assert_eq!(shuffles(&game, n), [(size, 3, "701.24f")]);
    let count = game.table().unwrap().seats()[0].library().shuffle_count();
    let n = game.events().len();
    game.act_as_host(
        0,
        None,
        serde_json::from_value(json!({"action": "timetwister", "seats": [0, 1, 0], "draw": 7}))
            .unwrap(),
    )
    .unwrap();
    let s = shuffles(&game, n);
    assert_eq!(s.len(), 2);
    assert_eq!((s[0].1, s[0].2), (2, "701.24f"));
    assert_eq!((s[1].1, s[1].2), (1, "701.24c"));
    // One shuffle of the library, not two.
    assert_eq!(
        game.table().unwrap().seats()[0].library().shuffle_count(),
        count + 1
    );
    conserved(&game, 0, 42);
    conserved(&game, 1, 40);
}

/// 701.24g: Darksteel Colossus shuffled in while Gravebane Zombie goes on top: the library is
/// random but for the Zombie, on top.
#[test]
fn rule_701_24g_a_placed_card_keeps_its_position() {
    let mut game = whole_game(17);
    act(&mut game, 0, json!({"action": "mill", "count": 2})).unwrap();
    let gy = ids(&zones(&game, 0).graveyard);
    let (colossus, zombie) = (gy[0], gy[1]);
    let n = game.events().len();
    act(
        &mut game,
        0,
        json!({"action": "shuffle_in", "cards": [colossus], "from": "graveyard",
               "place": {"card": zombie, "from": "graveyard", "position": 0}}),
    )
    .unwrap();
    let lib = ids(&zones(&game, 0).library);
    assert_eq!(lib[0], zombie);
    assert!(lib.contains(&colossus));
    assert_eq!(shuffles(&game, n), [(lib.len() - 1, 1, "701.24g")]);
    // And at a position counted from the bottom.
    let card = ids(&zones(&game, 0).hand)[0];
    act(
        &mut game,
        0,
        json!({"action": "shuffle_in", "cards": [], "from": "hand",
               "place": {"card": card, "from": "hand", "position": -2}}),
    )
    .unwrap();
    let lib = ids(&zones(&game, 0).library);
    assert_eq!(lib[lib.len() - 2], card);
}
