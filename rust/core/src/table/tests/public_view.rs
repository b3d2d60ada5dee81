//! The host's view ([`Game::public_view`]): the public table, never a card of a hand, a
//! library or an open search or look; reveals are public.

use super::*;
use serde_json::{json, Value};

/// Every card a JSON value names, with its owner (the nearest enclosing `seat`).
fn cards(v: &Value, owner: Option<u64>, out: &mut Vec<(Option<u64>, u64)>) {
    match v {
        Value::Object(m) => {
            let owner = m.get("seat").and_then(Value::as_u64).or(owner);
            if let (Some(id), Some(_)) = (m.get("id").and_then(Value::as_u64), m.get("name")) {
                out.push((owner, id));
            }
            for x in m.values() {
                cards(x, owner, out);
            }
        }
        Value::Array(a) => a.iter().for_each(|x| cards(x, owner, out)),
        _ => {}
    }
}

/// No card of a hidden zone of its owner in the public view's table (its events are checked
/// by the event tests: `Event::public`).
fn no_hidden_card(game: &Game) {
    let mut v = serde_json::to_value(game.public_view()).unwrap();
    v.as_object_mut().unwrap().remove("events");
    let mut named = vec![];
    cards(&v, None, &mut named);
    for (owner, id) in named {
        let seat = owner.expect("every card has its owner") as usize;
        let z = zones(game, seat);
        let hidden: Vec<CardId> = [&z.hand, &z.library, &z.face_down_exile, &z.outside]
            .into_iter()
            .flat_map(|c| ids(c))
            .collect();
        let revealed = game.public_view().looking.iter().any(|l| l.seat == seat);
        assert!(
            revealed || !hidden.contains(&(id as CardId)),
            "card {id} of seat {seat}: {v}"
        );
    }
}

#[test]
fn the_public_view_shows_counts_and_public_piles_never_a_hand_or_a_search() {
    let mut game = whole_game(9);
    no_hidden_card(&game);
    let hand = zones(&game, 0).hand.clone();
    act(
        &mut game,
        0,
        json!({"action": "move", "cards": [hand[0].id], "from": "hand", "to": "battlefield"}),
    )
    .unwrap();
    let p = game.public_view();
    let on: Vec<CardId> = p.seats[0].battlefield.iter().map(|c| c.id).collect();
    assert_eq!(on, vec![hand[0].id]);
    assert_eq!(p.seats[0].hand_size, hand.len() - 1);
    no_hidden_card(&game);
    // The host lets seat 1 search seat 0's library: seat 1 sees it, the public view does not.
    game.act_as_host(
        0,
        Some(1),
        serde_json::from_value(json!({"action": "search"})).unwrap(),
    )
    .unwrap();
    assert!(game.public_view().looking.is_empty());
    assert_eq!(game.view(1).unwrap().looking.len(), 1);
    no_hidden_card(&game);
    game.act_as_host(
        0,
        Some(1),
        serde_json::from_value(json!({"action": "found", "cards": [], "to": "hand"})).unwrap(),
    )
    .unwrap();
    // A look is the looker's; a reveal is everyone's, the host's view included.
    act(&mut game, 1, json!({"action": "look", "count": 2})).unwrap();
    assert!(game.public_view().looking.is_empty());
    no_hidden_card(&game);
    let looked = ids(&game.view(1).unwrap().looking[0].cards);
    act(&mut game, 1, json!({"action": "arrange", "top": looked})).unwrap();
    act(&mut game, 1, json!({"action": "reveal", "count": 2})).unwrap();
    let p = game.public_view();
    assert_eq!(p.looking.len(), 1);
    assert_eq!(p.looking[0].kind, "reveal");
    assert_eq!(ids(&p.looking[0].cards), ids(&zones(&game, 1).library[..2]));
    // Every pending decision by id, seat and kind: none in the table phase.
    assert!(p.waiting_for.is_empty());
}

#[test]
fn the_public_view_lists_every_pending_decision_with_its_id() {
    let deck = |t: &str| DeckList::parse(t).unwrap();
    let setup = GameSetup {
        house: Default::default(),
        players: vec![
            PlayerSetup::new("Ann", deck("20 Forest\n20 Grizzly Bears")),
            PlayerSetup::new("Ben", deck("20 Island\n20 Merfolk Looter")),
        ],
        variant: Variant::TwoPlayer,
        rule: MulliganRule::London,
        seed: Seed::from_bytes([10; 32]),
        game_index: 0,
        start: Start::Seat(0),
    };
    let game = Game::with_whole_game(setup, true).unwrap();
    let p = game.public_view();
    let want: Vec<_> = game
        .pending()
        .iter()
        .map(|d| (d.id, d.seat, d.kind))
        .collect();
    let got: Vec<_> = p
        .waiting_for
        .iter()
        .map(|w| (w.id, w.seat, w.kind))
        .collect();
    assert_eq!(got, want);
    assert!(!got.is_empty());
    no_hidden_card(&game);
}
