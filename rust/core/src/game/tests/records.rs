//! Decision ids, answers as records, replay, and the serialised shapes of the game's records.

use super::*;
use crate::seed::Seed;

fn deck(text: &str) -> DeckList {
    DeckList::parse(text).unwrap()
}

fn four_player(rule: MulliganRule, start: Start) -> GameSetup {
    GameSetup {
        house: Default::default(),
        players: (0..4)
            .map(|i| {
                PlayerSetup::new(
                    format!("P{i}"),
                    deck("20 Forest\n3 Serum Powder\n3 Leyline of Sanctity\n34 Grizzly Bears\nSideboard\n2 Naturalize\nCompanion\n1 Lurrus of the Dream-Den"),
                )
            })
            .collect(),
        variant: Variant::FreeForAll,
        rule,
        seed: Seed::from_bytes([9; 32]),
        game_index: 3,
        start,
    }
}

/// A deterministic but varied answer to the first pending decision: mulligans early, uses
/// actions sometimes, bottoms the last cards.
fn some_answer(game: &Game, step: usize) -> Answer {
    let pending = game.pending();
    let d = &pending[step % pending.len()];
    let seat = d.seat;
    match d.kind {
        DecisionKind::ChooseStartingPlayer => Answer::ChooseStartingPlayer {
            chooser: seat,
            starting_seat: (seat + 1) % 4,
        },
        DecisionKind::KeepOrMulligan if step % 5 == 1 && !d.actions.is_empty() => {
            Answer::MulliganAction {
                seat,
                card: d.actions[0].id,
            }
        }
        DecisionKind::KeepOrMulligan if step % 3 == 0 && d.can_mulligan => {
            Answer::Mulligan { seat }
        }
        DecisionKind::KeepOrMulligan => Answer::Keep { seat },
        DecisionKind::Bottom => Answer::Bottom {
            seat,
            cards: d.hand_ids()[d.hand.len() - d.count.unwrap()..].to_vec(),
        },
        DecisionKind::Vancouver => Answer::Vancouver {
            seat,
            bottom: step % 2 == 0,
        },
        DecisionKind::OpeningHandAction if step % 2 == 0 => Answer::OpeningHandAction {
            seat,
            card: d.actions[0].id,
            exile: None,
        },
        DecisionKind::OpeningHandAction => Answer::PassActions { seat },
    }
}

fn play(setup: GameSetup) -> Game {
    let mut game = Game::new(setup).unwrap();
    let mut step = 0;
    while !game.done() {
        let answer = some_answer(&game, step);
        game.apply(answer).unwrap();
        step += 1;
        assert!(step < 1000, "the game does not end");
    }
    game
}

#[test]
fn decision_ids_stay_while_pending_and_are_never_reused() {
    for rule in MulliganRule::ALL {
        let mut game = Game::new(four_player(rule, Start::Random)).unwrap();
        let mut retired: Vec<u64> = vec![];
        let mut step = 0;
        while !game.done() {
            let before = game.pending();
            let ids: Vec<u64> = before.iter().map(|d| d.id).collect();
            let mut unique = ids.clone();
            unique.sort_unstable();
            unique.dedup();
            assert_eq!(unique.len(), ids.len(), "ids unique among pending: {ids:?}");
            for id in &ids {
                assert!(*id > 0 && !retired.contains(id), "{id} was reused");
            }
            let answer = some_answer(&game, step);
            let seat = answer.seat();
            game.apply(answer).unwrap();
            let after = game.pending();
            for d in &before {
                let still = after.iter().find(|a| a.seat == d.seat && a.kind == d.kind);
                match still {
                    Some(a) if d.seat != seat => assert_eq!(a.id, d.id, "{rule:?}"),
                    Some(a) => assert_ne!(a.id, d.id, "answered, yet the same id"),
                    None => {}
                }
                if d.seat == seat || still.is_none() {
                    retired.push(d.id);
                }
            }
            step += 1;
        }
    }
}

#[test]
fn replay_rebuilds_the_exact_game() {
    for rule in MulliganRule::ALL {
        for start in [Start::Random, Start::Seat(2), Start::ChosenBy(1)] {
            let game = play(four_player(rule, start));
            assert!(game.answers().len() > 4);
            let setup = game.setup_record().clone().with_seed(game.seed().clone());
            let again = Game::replay(setup.unwrap(), game.answers()).unwrap();
            assert_eq!(again.events(), game.events());
            assert_eq!(again.answers(), game.answers());
            assert_eq!(again.result().unwrap(), game.result().unwrap());
            for s in 0..4 {
                assert_eq!(again.zones(s).unwrap(), game.zones(s).unwrap());
            }
            // Halfway through: the same pending decisions, ids included.
            let half = &game.answers()[..game.answers().len() / 2];
            let a = Game::replay(four_player(rule, start), half).unwrap();
            let b = Game::replay(four_player(rule, start), half).unwrap();
            assert_eq!(a.pending(), b.pending());
            assert!(!a.pending().is_empty());
        }
    }
}

#[test]
fn an_illegal_answer_changes_nothing_and_replay_names_it() {
    let mut game = Game::new(four_player(MulliganRule::London, Start::Seat(0))).unwrap();
    let (events, pending) = (game.events().to_vec(), game.pending());
    let bad = Answer::Bottom {
        seat: 0,
        cards: vec![0],
    };
    assert!(matches!(
        game.apply(bad.clone()),
        Err(Error::IllegalAction(_))
    ));
    assert_eq!((game.events(), game.pending()), (&events[..], pending));
    assert!(game.answers().is_empty());
    let e = Game::replay(
        four_player(MulliganRule::London, Start::Seat(0)),
        &[Answer::Keep { seat: 0 }, bad],
    )
    .unwrap_err();
    assert!(e.to_string().starts_with("answer 1: "), "{e}");
}

#[test]
fn answers_serialise_with_the_python_names() {
    let json = serde_json::json!([
        {"type": "choose_starting_player", "chooser": 1, "starting_seat": 0},
        {"type": "keep", "seat": 0},
        {"type": "mulligan", "seat": 1},
        {"type": "mulligan_action", "seat": 1, "card": 4},
        {"type": "bottom", "seat": 0, "cards": [3, 2]},
        {"type": "vancouver", "seat": 0, "bottom": true},
        {"type": "opening_hand_action", "seat": 0, "card": 5, "exile": null},
        {"type": "pass_actions", "seat": 0},
    ]);
    let answers: Vec<Answer> = serde_json::from_value(json.clone()).unwrap();
    assert_eq!(serde_json::to_value(&answers).unwrap(), json);
    for bad in [
        serde_json::json!({"type": "keep"}),
        serde_json::json!({"type": "keep", "seat": 0, "card": 1}),
        serde_json::json!({"type": "keep", "seat": -1}),
        serde_json::json!({"type": "keep", "seat": 1.0}),
        serde_json::json!({"type": "vancouver", "seat": 0, "bottom": 0}),
        serde_json::json!({"type": "concede", "seat": 0}),
    ] {
        assert!(
            serde_json::from_value::<Answer>(bad.clone()).is_err(),
            "{bad}"
        );
    }
}

#[test]
fn set_aside_cards_are_cards_with_ids_after_the_main_deck() {
    let game = Game::new(four_player(MulliganRule::London, Start::Seat(0))).unwrap();
    let json: Vec<serde_json::Value> = game
        .events()
        .iter()
        .map(Event::to_json)
        .filter(|e| e["seat"] == 0 && (e["type"] == "set_aside" || e["type"] == "companion"))
        .collect();
    assert_eq!(
        json,
        [
            serde_json::json!({"type": "set_aside", "rule": "103.2a", "seat": 0, "cards": [
                {"id": 60, "name": "Naturalize"}, {"id": 61, "name": "Naturalize"}]}),
            serde_json::json!({"type": "companion", "rule": "103.2b", "seat": 0,
                "card": {"id": 62, "name": "Lurrus of the Dream-Den"}}),
        ]
    );
}

#[test]
fn the_view_before_the_deal_has_no_life_yet() {
    let game = Game::new(four_player(MulliganRule::Paris, Start::Random)).unwrap();
    let v = serde_json::to_value(game.view(0).unwrap()).unwrap();
    assert_eq!(v["seats"][1]["life"], serde_json::Value::Null);
    assert_eq!(v["seats"][1]["counters"], serde_json::json!({}));
    let v = serde_json::to_value(game.view(game.chooser().unwrap()).unwrap()).unwrap();
    assert_eq!(v["pending"][0]["kind"], "choose_starting_player");
    assert!(v["pending"][0]["id"].as_u64().unwrap() > 0);
    let game = Game::new(four_player(MulliganRule::London, Start::Seat(0))).unwrap();
    let v = serde_json::to_value(game.view(1).unwrap()).unwrap();
    assert_eq!(v["seats"][1]["life"], 20);
    assert_eq!(
        v["seats"][1]["counters"],
        serde_json::json!({"life": 20, "poison": 0})
    );
    // Another seat's decision: its id (a client resyncs by it), seat and kind, no cards.
    let id = game.pending()[0].id;
    assert_eq!(
        v["waiting_for"],
        serde_json::json!([{"id": id, "seat": 0, "kind": "keep_or_mulligan"}])
    );
}
