//! Commander casts and tax (903.8), commander damage (903.10a) and the notices (704.5a,
//! 704.5c, 704.6a, 704.6b, 704.6c).

use super::turns::table_of;
use super::*;
use serde_json::json;

const COMMANDER: &str = "Commander\n1 Ezuri, Renegade Leader\nDeck\n50 Forest\n49 Llanowar Elves";

fn seat_view(game: &Game, seat: usize) -> serde_json::Value {
    serde_json::to_value(game.public_view()).unwrap()["seats"][seat].clone()
}

#[test]
fn a_move_from_the_command_zone_to_the_stack_or_battlefield_is_a_cast_and_raises_the_tax() {
    let mut game = table_of(Variant::Commander, 2, 0, COMMANDER, 31);
    let ezuri = ids(&zones(&game, 0).command)[0];
    assert_eq!(ezuri, 99);
    let record = |g: &Game| seat_view(g, 0)["commanders"].clone();
    assert_eq!(
        record(&game),
        json!([{"id": 99, "name": "Ezuri, Renegade Leader", "casts": 0, "tax": 0}])
    );
    let there_and_back = [
        json!({"action": "move", "cards": [99], "from": "command", "to": "stack"}),
        json!({"action": "move", "cards": [99], "from": "stack", "to": "battlefield"}),
        json!({"action": "move", "cards": [99], "from": "battlefield", "to": "command"}),
        json!({"action": "move", "cards": [99], "from": "command", "to": "battlefield"}),
        json!({"action": "move", "cards": [99], "from": "battlefield", "to": "graveyard"}),
        json!({"action": "move", "cards": [99], "from": "graveyard", "to": "command"}),
    ];
    for a in there_and_back {
        act(&mut game, 0, a).unwrap();
    }
    // Two casts from the command zone (the move to the battlefield from the stack is not one).
    assert_eq!(record(&game)[0]["casts"], json!(2));
    assert_eq!(record(&game)[0]["tax"], json!(4));
    let casts: Vec<u32> = game
        .events()
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::Cast {
                seat: 0,
                card,
                casts,
            } if card.id == 99 => Some(*casts),
            _ => None,
        })
        .collect();
    assert_eq!(casts, [1, 2]);
    // The other seat's commander is its own; another seat's card is not a commander.
    assert_eq!(seat_view(&game, 1)["commanders"][0]["casts"], json!(0));
}

#[test]
fn commander_damage_is_kept_per_commander_and_is_life_lost() {
    let mut game = table_of(Variant::Commander, 3, 0, COMMANDER, 32);
    let hit = |g: &mut Game, seat: usize, owner: usize, k: i64| {
        act(
            g,
            seat,
            json!({"action": "commander_damage", "owner": owner, "commander": 99, "delta": k}),
        )
    };
    hit(&mut game, 1, 0, 5).unwrap();
    hit(&mut game, 1, 2, 7).unwrap();
    let s1 = seat_view(&game, 1);
    assert_eq!(s1["counters"]["life"], json!(40 - 12));
    assert_eq!(
        s1["commander_damage"],
        json!([
            {"seat": 0, "id": 99, "name": "Ezuri, Renegade Leader", "damage": 5},
            {"seat": 2, "id": 99, "name": "Ezuri, Renegade Leader", "damage": 7},
        ])
    );
    // A mistake taken back: the life comes back; never below 0 damage.
    hit(&mut game, 1, 2, -7).unwrap();
    assert_eq!(seat_view(&game, 1)["counters"]["life"], json!(35));
    assert_eq!(
        seat_view(&game, 1)["commander_damage"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    let events = game.events().len();
    for (owner, commander, k, needle) in [
        (0, 99, -6, "cannot take back 6"),
        (0, 3, 1, "not a commander"),
        (7, 99, 1, "no seat 7"),
    ] {
        let e = act(
            &mut game,
            1,
            json!({"action": "commander_damage", "owner": owner, "commander": commander, "delta": k}),
        )
        .unwrap_err();
        assert!(e.to_string().contains(needle), "{e}");
    }
    assert_eq!(game.events().len(), events);
    // 21 from one commander: the notice (704.6c); 20 from one and 5 from another: none.
    hit(&mut game, 1, 2, 20).unwrap();
    assert!(seat_view(&game, 1).get("notices").is_none());
    hit(&mut game, 1, 0, 16).unwrap();
    // 35 - 20 - 16: life -1 as well (704.5a).
    let notices = seat_view(&game, 1)["notices"].clone();
    assert_eq!(notices.as_array().unwrap().len(), 2, "{notices}");
    assert_eq!(notices[1]["rule"], json!("704.6c"));
    assert_eq!(notices[1]["kind"], json!("commander_damage"));
    assert_eq!(notices[0]["rule"], json!("704.5a"));
    // Nothing is enforced: the seat still acts.
    act(&mut game, 1, json!({"action": "draw", "count": 1})).unwrap();
}

#[test]
fn life_and_poison_notices_follow_the_counters() {
    let mut game = table_of(Variant::TwoPlayer, 2, 0, DECK_40, 33);
    let counter = |g: &mut Game, seat: usize, name: &str, set: i64| {
        act(
            g,
            seat,
            json!({"action": "counter", "counter": name, "set": set}),
        )
        .unwrap()
    };
    counter(&mut game, 0, "life", 1);
    assert!(seat_view(&game, 0).get("notices").is_none());
    counter(&mut game, 0, "life", 0);
    counter(&mut game, 1, "poison", 10);
    let rules = |g: &Game, s: usize| -> Vec<String> {
        seat_view(g, s)["notices"]
            .as_array()
            .map(|a| {
                a.iter()
                    .map(|n| n["rule"].as_str().unwrap().to_string())
                    .collect()
            })
            .unwrap_or_default()
    };
    assert_eq!(rules(&game, 0), ["704.5a"]);
    assert_eq!(rules(&game, 1), ["704.5c"]);
    // Every view shows them.
    let seen = serde_json::to_value(game.view(1).unwrap()).unwrap();
    assert_eq!(seen["seats"][0]["notices"][0]["kind"], json!("life"));
    counter(&mut game, 0, "life", 3);
    assert!(rules(&game, 0).is_empty());
}

/// 704.6a, 704.6b: a Two-Headed Giant team loses at 0 shared life or 15 poison counters in all.
#[test]
fn a_two_headed_giant_team_has_team_notices() {
    let mut game = table_of(Variant::TwoHeadedGiant, 4, 0, DECK_40, 34);
    let counter = |g: &mut Game, seat: usize, name: &str, set: i64| {
        act(
            g,
            seat,
            json!({"action": "counter", "counter": name, "set": set}),
        )
        .unwrap()
    };
    counter(&mut game, 0, "poison", 10);
    let rules = |g: &Game, s: usize| -> Vec<String> {
        seat_view(g, s)["notices"]
            .as_array()
            .map(|a| {
                a.iter()
                    .map(|n| n["rule"].as_str().unwrap().to_string())
                    .collect()
            })
            .unwrap_or_default()
    };
    assert!(rules(&game, 0).is_empty(), "10 is not 15 for a team");
    counter(&mut game, 1, "poison", 5);
    assert_eq!(rules(&game, 0), ["704.6b"]);
    assert_eq!(rules(&game, 1), ["704.6b"]);
    assert!(rules(&game, 2).is_empty());
    counter(&mut game, 3, "life", 0);
    assert_eq!(rules(&game, 2), ["704.6a"]);
    assert_eq!(rules(&game, 3), ["704.6a"]);
}

const DECK_40: &str = "20 Forest\n20 Grizzly Bears";
