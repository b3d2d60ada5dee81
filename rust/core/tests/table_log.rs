//! The table state of a whole game in its verifiable log: taps, turns, tokens, counters on
//! permanents, commander casts and damage and concessions replay exactly, and a log whose
//! record of any of them was changed fails verification.

use mulligan_core::log::{header, verify};
use mulligan_core::table::Action;
use mulligan_core::{DecisionKind, Variant};
use mulligan_core::{DeckList, Error, Game, GameSetup, MulliganRule, PlayerSetup, Seed, Start};
use serde_json::{json, Value};

const HOST: [u8; 32] = [0x37; 32];
const DECK: &str = "Commander\n1 Ezuri, Renegade Leader\nDeck\n50 Forest\n49 Llanowar Elves";

fn act(game: &mut Game, seat: usize, action: Value) {
    let action: Action = serde_json::from_value(action).unwrap();
    game.act(seat, action).unwrap();
}

/// A three-player Commander game that uses every table action, ended by the host: its log.
fn records() -> Vec<Value> {
    let deck = DeckList::parse(DECK).unwrap();
    let setup = GameSetup {
        house: Default::default(),
        players: (0..3)
            .map(|i| PlayerSetup::new(format!("P{i}"), deck.clone()))
            .collect(),
        variant: Variant::Commander,
        rule: MulliganRule::London,
        seed: Seed::from_bytes(HOST).game_seed(&[], 3).unwrap(),
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
    let land = game.zones(0).unwrap().hand[0].id;
    act(
        &mut game,
        0,
        json!({"action": "move", "cards": [land], "from": "hand", "to": "battlefield"}),
    );
    act(&mut game, 0, json!({"action": "tap", "cards": [land]}));
    act(
        &mut game,
        0,
        json!({"action": "move", "cards": [99], "from": "command", "to": "stack"}),
    );
    act(
        &mut game,
        0,
        json!({"action": "move", "cards": [99], "from": "stack", "to": "battlefield"}),
    );
    act(
        &mut game,
        0,
        json!({"action": "create_token", "name": "Elf Warrior", "count": 2}),
    );
    act(
        &mut game,
        0,
        json!({"action": "counter", "counter": "p1p1", "delta": 1, "card": 100}),
    );
    act(&mut game, 0, json!({"action": "pass_turn"}));
    act(
        &mut game,
        1,
        json!({"action": "commander_damage", "owner": 0, "commander": 99, "delta": 6}),
    );
    act(&mut game, 1, json!({"action": "pass_turn"}));
    act(&mut game, 2, json!({"action": "concede"}));
    act(
        &mut game,
        0,
        json!({"action": "move", "cards": [101], "from": "battlefield", "to": "graveyard"}),
    );
    game.end().unwrap();
    let host = Seed::from_bytes(HOST);
    let mut out = vec![header(game.setup_record(), &host.commitment(), &[])];
    out.extend(game.events().iter().map(|e| e.to_json()));
    out.push(json!({"type": "reveal", "seed": host.hex(), "contributions": []}));
    out
}

fn bytes(records: &[Value]) -> Vec<u8> {
    records
        .iter()
        .map(|r| r.to_string() + "\n")
        .collect::<String>()
        .into_bytes()
}

/// The index of the first record of `kind` for which `pick` holds.
fn find(records: &[Value], kind: &str, pick: impl Fn(&Value) -> bool) -> usize {
    records
        .iter()
        .position(|r| r["type"] == kind && pick(r))
        .unwrap_or_else(|| panic!("no {kind} record"))
}

/// A change made to a log's records.
type Tamper = Box<dyn Fn(&mut Vec<Value>)>;

fn refused(records: &[Value]) -> String {
    match verify(&bytes(records), None, None) {
        Err(Error::Log(m)) => m,
        other => panic!("not refused as a log: {other:?}"),
    }
}

#[test]
fn a_log_with_every_table_action_verifies() {
    let r = records();
    verify(&bytes(&r), None, None).unwrap();
    for kind in [
        "tap",
        "untap",
        "turn",
        "token",
        "cease_to_exist",
        "cast",
        "commander_damage",
        "concede",
    ] {
        find(&r, kind, |_| true);
    }
}

#[test]
fn a_changed_tap_turn_token_or_table_record_fails_verification() {
    let r = records();
    let tampers: Vec<(&str, Tamper)> = vec![
        (
            "a tap event naming another card",
            Box::new(|r| {
                let i = find(r, "tap", |_| true);
                r[i]["cards"][0]["id"] = json!(5);
            }),
        ),
        (
            "the tap action naming a card not on the battlefield",
            Box::new(|r| {
                let i = find(r, "act", |a| a["action"]["action"] == "tap");
                r[i]["action"]["cards"] = json!([5]);
            }),
        ),
        (
            "a turn number",
            Box::new(|r| {
                let i = find(r, "turn", |_| true);
                r[i]["number"] = json!(3);
            }),
        ),
        (
            "a turn's seat",
            Box::new(|r| {
                let i = find(r, "turn", |_| true);
                r[i]["seat"] = json!(2);
            }),
        ),
        (
            "a pass_turn by the wrong seat",
            Box::new(|r| {
                let i = find(r, "act", |a| a["action"]["action"] == "pass_turn");
                r[i]["seat"] = json!(2);
            }),
        ),
        (
            "a token's id",
            Box::new(|r| {
                let i = find(r, "token", |_| true);
                r[i]["cards"][1]["id"] = json!(7);
            }),
        ),
        (
            "a token's name",
            Box::new(|r| {
                let i = find(r, "act", |a| a["action"]["action"] == "create_token");
                r[i]["action"]["name"] = json!("Dragon");
            }),
        ),
        (
            "a cast count",
            Box::new(|r| {
                let i = find(r, "cast", |_| true);
                r[i]["casts"] = json!(2);
            }),
        ),
        (
            "commander damage",
            Box::new(|r| {
                let i = find(r, "commander_damage", |_| true);
                r[i]["value"] = json!(16);
            }),
        ),
        (
            "a dropped untap",
            Box::new(|r| {
                let i = find(r, "untap", |_| true);
                r.remove(i);
            }),
        ),
        (
            "a dropped concession",
            Box::new(|r| {
                let i = find(r, "act", |a| a["action"]["action"] == "concede");
                r.remove(i);
            }),
        ),
    ];
    for (what, tamper) in tampers {
        let mut changed = r.clone();
        tamper(&mut changed);
        let m = refused(&changed);
        assert!(!m.is_empty(), "{what}");
    }
}
