//! Scenario tests of the mulligan variants and table options (docs/VARIANTS.md), each written
//! from the text it cites, and the log of a game under each verifies.

use super::*;
use crate::house::{Smoothing, HOUSE_RULE, NOT_THE_RULES};
use serde::Deserialize;
use serde_json::{json, Value};

fn deck(text: &str) -> DeckList {
    DeckList::parse(text).unwrap()
}

const MIXED: &str = "24 Forest\n36 Grizzly Bears";

fn setup(rule: MulliganRule, house: HouseRules, players: usize) -> GameSetup {
    GameSetup {
        house,
        players: (0..players)
            .map(|i| PlayerSetup::new(format!("P{i}"), deck(MIXED)))
            .collect(),
        variant: if players == 2 {
            Variant::TwoPlayer
        } else {
            Variant::FreeForAll
        },
        rule,
        seed: Seed::from_bytes([9; 32]),
        game_index: 3,
        start: Start::Seat(0),
    }
}

fn game(rule: MulliganRule, house: HouseRules) -> Game {
    Game::new(setup(rule, house, 2)).unwrap()
}

fn pending(g: &Game, seat: usize) -> Decision {
    g.pending()
        .into_iter()
        .find(|d| d.seat == seat)
        .unwrap_or_else(|| panic!("nothing pending for seat {seat}: {:?}", g.pending()))
}

/// Keeps, bottoms the first cards, leaves Vancouver's card, passes: to the end.
fn finish(g: &mut Game) {
    while let Some(d) = g.pending().first().cloned() {
        match d.kind {
            DecisionKind::ChooseStartingPlayer => g.choose_starting_player(d.seat, d.seat),
            DecisionKind::KeepOrMulligan => g.keep(d.seat),
            DecisionKind::Bottom => g.bottom(d.seat, &d.hand_ids()[..d.count.unwrap()]),
            DecisionKind::Vancouver => g.vancouver(d.seat, true),
            DecisionKind::OpeningHandAction => g.pass_actions(d.seat),
        }
        .unwrap();
    }
}

/// The game's log verifies (crate::log), and a changed event does not.
fn log_verifies(g: &Game) {
    let seed = g.seed().clone();
    let mut records = vec![crate::log::header(
        g.setup_record(),
        &seed.commitment(),
        &[],
    )];
    records.extend(g.events().iter().map(|e| e.to_json()));
    records.push(json!({"type": "reveal", "seed": seed.hex(), "contributions": []}));
    crate::log::verify_records(&records, None, None).unwrap();
    // Dropping the table options from the header changes what the replay does.
    let mut plain = records.clone();
    if let Value::Object(head) = &mut plain[0] {
        for k in [
            "free_mulligans",
            "land_mulligan",
            "smoothing",
            "smoothing_candidates",
        ] {
            head.remove(k);
        }
        let digest = crate::log::setup_digest(head);
        head.insert("setup_digest".into(), digest.into());
    }
    if plain != records {
        assert!(crate::log::verify_records(&plain, None, None).is_err());
    }
}

fn events_of(g: &Game, name: &str) -> Vec<Value> {
    g.events()
        .iter()
        .map(|e| e.to_json())
        .filter(|e| e["type"] == name)
        .collect()
}

#[test]
fn houston_draws_ten_bottoms_three_and_keeps() {
    let mut g = game(MulliganRule::Houston, HouseRules::default());
    for seat in 0..2 {
        let d = pending(&g, seat);
        assert_eq!(d.kind, DecisionKind::Bottom);
        assert_eq!((d.hand.len(), d.count), (10, Some(3)));
    }
    let d = pending(&g, 0);
    g.bottom(0, &d.hand_ids()[..3]).unwrap();
    assert!(g.bottom(0, &d.hand_ids()[..3]).is_err());
    let d = pending(&g, 1);
    assert!(g.bottom(1, &d.hand_ids()[..2]).is_err(), "exactly three");
    g.bottom(1, &d.hand_ids()[7..]).unwrap();
    // Then each keeps: there is no mulligan to take.
    for seat in 0..2 {
        assert!(!pending(&g, seat).can_mulligan);
        assert!(g.mulligan(seat).is_err());
        g.keep(seat).unwrap();
    }
    assert!(g.done());
    let zones = g.zones(1).unwrap();
    assert_eq!((zones.hand.len(), zones.library.len()), (7, 53));
    let bottom: Vec<u32> = zones.library[50..].iter().map(|c| c.id).collect();
    assert_eq!(bottom, d.hand_ids()[7..].to_vec(), "seat 1's order kept");
    assert_eq!(
        events_of(&g, "bottom")[0]["rule"],
        "Houston mulligan",
        "cites the variant"
    );
    log_verifies(&g);
}

#[test]
fn houston_with_a_table_free_mulligan_redraws_ten() {
    let house = HouseRules {
        free_mulligans: 1,
        ..HouseRules::default()
    };
    let mut g = game(MulliganRule::Houston, house);
    for seat in 0..2 {
        let d = pending(&g, seat);
        g.bottom(seat, &d.hand_ids()[..3]).unwrap();
    }
    let d = pending(&g, 0);
    assert!(d.can_mulligan);
    g.mulligan(0).unwrap();
    g.keep(1).unwrap();
    let d = pending(&g, 0);
    assert_eq!(
        (d.kind, d.hand.len(), d.count),
        (DecisionKind::Bottom, 10, Some(3))
    );
    g.bottom(0, &d.hand_ids()[..3]).unwrap();
    assert!(!pending(&g, 0).can_mulligan, "the free mulligan spent");
    g.keep(0).unwrap();
    assert!(g.done());
    assert_eq!(g.hand(0).unwrap().len(), 7);
    let m = &events_of(&g, "mulligan")[0];
    assert_eq!(
        (m["free"].clone(), m["rule"].clone()),
        (json!(true), json!(HOUSE_RULE))
    );
    log_verifies(&g);
}

#[test]
fn canadian_highlander_hands_are_7_6_6_5_5_then_vancouvers_look() {
    let mut g = game(MulliganRule::CanadianHighlander, HouseRules::default());
    let mut sizes = vec![g.hand(0).unwrap().len()];
    g.keep(0).unwrap();
    for _ in 0..4 {
        g.mulligan(1).unwrap();
        sizes.push(g.hand(1).unwrap().len());
    }
    assert_eq!(sizes, [7, 6, 6, 5, 5]);
    g.keep(1).unwrap();
    let d = pending(&g, 1);
    assert_eq!(d.kind, DecisionKind::Vancouver);
    assert!(pending_count(&g) == 1, "seat 0 kept seven: no look");
    finish(&mut g);
    assert_eq!(events_of(&g, "vancouver").len(), 1);
    log_verifies(&g);
}

fn pending_count(g: &Game) -> usize {
    g.pending().len()
}

#[test]
fn canadian_highlander_stops_when_the_next_hand_would_be_empty() {
    let mut g = game(MulliganRule::CanadianHighlander, HouseRules::default());
    g.keep(0).unwrap();
    let mut sizes = vec![];
    while pending(&g, 1).can_mulligan {
        g.mulligan(1).unwrap();
        sizes.push(g.hand(1).unwrap().len());
    }
    assert_eq!(sizes, [6, 6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0]);
}

#[test]
fn partial_paris_exiles_face_down_draws_one_fewer_and_shuffles_back_after_keeping() {
    let mut g = game(MulliganRule::PartialParis, HouseRules::default());
    let hand = g.hand(0).unwrap().to_vec();
    let exiled = &hand[..3];
    assert!(g.partial_mulligan(0, &[]).is_err());
    assert!(g.partial_mulligan(0, &[hand[0], hand[0]]).is_err());
    assert!(g.partial_mulligan(0, &[999]).is_err());
    g.partial_mulligan(0, exiled).unwrap();
    // Seat 1 takes a plain mulligan: its whole hand is exiled, six drawn.
    g.mulligan(1).unwrap();
    assert_eq!(g.hand(0).unwrap().len(), 6, "four kept, two drawn");
    assert!(hand[3..].iter().all(|c| g.hand(0).unwrap().contains(c)));
    let z = g.zones(0).unwrap();
    assert_eq!(z.exile.iter().map(|c| c.id).collect::<Vec<_>>(), exiled);
    assert_eq!(z.library.len(), 60 - 7 - 2);
    assert_eq!(g.hand(1).unwrap().len(), 6);
    assert_eq!(g.zones(1).unwrap().exile.len(), 7);
    // Others see a count, not the cards.
    let seen: Vec<Value> = g
        .events()
        .iter()
        .map(|e| e.seen_by(1).to_json())
        .filter(|e| e["type"] == "declare_partial_mulligan")
        .collect();
    assert_eq!(seen[0]["count"], 3);
    assert!(seen[0].get("cards").is_none());
    g.keep(0).unwrap();
    let z = g.zones(0).unwrap();
    assert!(z.exile.is_empty());
    assert_eq!((z.hand.len(), z.library.len()), (6, 54));
    assert_eq!(events_of(&g, "return_exiled")[0]["count"], 3);
    // Seat 1 exiles one card more than once: one fewer each time.
    let h = g.hand(1).unwrap().to_vec();
    g.partial_mulligan(1, &h[..1]).unwrap();
    assert_eq!(g.hand(1).unwrap().len(), 5);
    finish(&mut g);
    assert_eq!(g.zones(1).unwrap().library.len(), 55);
    log_verifies(&g);
}

#[test]
fn partial_mulligans_belong_to_partial_paris() {
    let mut g = game(MulliganRule::Paris, HouseRules::default());
    let h = g.hand(0).unwrap().to_vec();
    let e = g.partial_mulligan(0, &h[..1]).unwrap_err().to_string();
    assert!(e.contains("PARTIAL_PARIS"), "{e}");
}

#[test]
fn free_mulligans_come_after_103_5c_and_cost_nothing() {
    let house = HouseRules {
        free_mulligans: 2,
        ..HouseRules::default()
    };
    // Three players: 103.5c's free mulligan, then the table's two, then counted ones.
    let mut g = Game::new(setup(MulliganRule::London, house, 3)).unwrap();
    for (i, expected_bottom) in [0, 0, 0, 1, 2].into_iter().enumerate() {
        g.mulligan(0).unwrap();
        if i == 0 {
            g.keep(1).unwrap();
            g.keep(2).unwrap();
        }
        let d = pending(&g, 0);
        match expected_bottom {
            0 => assert_eq!(d.kind, DecisionKind::KeepOrMulligan),
            n => {
                assert_eq!(d.count, Some(n));
                g.bottom(0, &d.hand_ids()[..n]).unwrap();
            }
        }
    }
    let rules: Vec<Value> = events_of(&g, "mulligan")
        .iter()
        .map(|m| json!([m["rule"], m["free"], m["counted"]]))
        .collect();
    assert_eq!(
        rules,
        [
            json!(["103.5c", true, 0]),
            json!([HOUSE_RULE, true, 0]),
            json!([HOUSE_RULE, true, 0]),
            json!(["103.5", false, 1]),
            json!(["103.5", false, 2]),
        ]
    );
    finish(&mut g);
    log_verifies(&g);
}

#[test]
fn free_mulligans_in_paris_draw_as_many_again() {
    let house = HouseRules {
        free_mulligans: 1,
        ..HouseRules::default()
    };
    let mut g = game(MulliganRule::Paris, house);
    g.keep(0).unwrap();
    let mut sizes = vec![];
    for _ in 0..3 {
        g.mulligan(1).unwrap();
        sizes.push(g.hand(1).unwrap().len());
    }
    assert_eq!(sizes, [7, 6, 5]);
}

#[test]
fn out_of_range_options_are_refused() {
    let house = HouseRules {
        free_mulligans: 6,
        ..HouseRules::default()
    };
    assert!(matches!(
        Game::new(setup(MulliganRule::London, house, 2)),
        Err(Error::Config(_))
    ));
    let house = HouseRules {
        land_mulligan: true,
        ..HouseRules::default()
    };
    assert!(matches!(
        Game::new(setup(MulliganRule::Houston, house, 2)),
        Err(Error::Config(_))
    ));
}

fn land_game(text: &str, rule: MulliganRule) -> Game {
    let mut s = setup(
        rule,
        HouseRules {
            land_mulligan: true,
            ..HouseRules::default()
        },
        2,
    );
    s.players[0].deck = deck(text);
    Game::new(s).unwrap()
}

#[test]
fn land_mulligan_redraws_a_hand_of_no_lands_or_all_lands_once() {
    for text in ["60 Forest", "60 Grizzly Bears"] {
        let mut g = land_game(text, MulliganRule::London);
        assert!(pending(&g, 0).can_land_mulligan);
        let before = g.hand(0).unwrap().to_vec();
        g.land_mulligan(0).unwrap();
        assert_eq!(g.hand(0).unwrap().len(), 7);
        assert_ne!(g.hand(0).unwrap(), &before[..], "a new hand");
        let d = pending(&g, 0);
        assert!(!d.can_land_mulligan, "once per game");
        assert!(g.land_mulligan(0).unwrap_err().to_string().contains("once"));
        let ev = &events_of(&g, "land_mulligan")[0];
        assert_eq!(ev["cards"].as_array().unwrap().len(), 7, "revealed");
        assert_eq!(ev["rule"], HOUSE_RULE);
        assert!(events_of(&g, "mulligan").is_empty(), "not a mulligan");
        // Then the era's normal mulligan, which costs a card as ever.
        g.mulligan(0).unwrap();
        g.keep(1).unwrap();
        assert_eq!(pending(&g, 0).count, Some(1));
        finish(&mut g);
        log_verifies(&g);
    }
}

#[test]
fn land_mulligan_is_not_for_a_mixed_hand_or_a_later_hand() {
    // Seat 1's 24/36 hand under this seed holds some of each (checked below).
    let mut g = land_game("60 Forest", MulliganRule::Paris);
    let lands = g
        .hand(1)
        .unwrap()
        .iter()
        .filter(|&&c| g.cards(1).unwrap()[c as usize].land)
        .count();
    assert!((1..7).contains(&lands));
    g.mulligan(0).unwrap();
    assert!(!pending(&g, 1).can_land_mulligan);
    assert!(g.land_mulligan(1).is_err());
    g.keep(1).unwrap();
    assert_eq!(g.hand(0).unwrap().len(), 6);
    assert!(!pending(&g, 0).can_land_mulligan, "first hand only");
    // Off by default.
    let mut g = Game::new({
        let mut s = setup(MulliganRule::London, HouseRules::default(), 2);
        s.players[0].deck = deck("60 Forest");
        s
    })
    .unwrap();
    assert!(!pending(&g, 0).can_land_mulligan);
    assert!(g.land_mulligan(0).is_err());
}

fn smoothed(model: Smoothing, candidates: Option<u32>, game_index: u64) -> Game {
    let mut s = setup(
        MulliganRule::London,
        HouseRules {
            smoothing: Some(model),
            smoothing_candidates: candidates,
            ..HouseRules::default()
        },
        2,
    );
    s.game_index = game_index;
    Game::new(s).unwrap()
}

#[test]
fn smoothing_deals_a_candidate_from_the_library_stream_and_says_it_is_not_the_rules() {
    for model in Smoothing::ALL {
        for game_index in 0..20 {
            let mut g = smoothed(model, None, game_index);
            let k = model.default_candidates() as usize;
            for seat in 0..2 {
                let sm: Vec<Value> = events_of(&g, "smoothing")
                    .into_iter()
                    .filter(|e| e["seat"] == seat)
                    .collect();
                assert_eq!(sm.len(), 1);
                let sm = &sm[0];
                assert_eq!(sm["rule"], NOT_THE_RULES);
                assert_eq!(sm["model"], model.name());
                let lands: Vec<usize> = serde_json::from_value(sm["lands"].clone()).unwrap();
                assert_eq!(lands.len(), k);
                let chosen = sm["chosen"].as_u64().unwrap() as usize;
                let hand = g.hand(seat).unwrap();
                let held = hand
                    .iter()
                    .filter(|&&c| g.cards(seat).unwrap()[c as usize].land)
                    .count();
                assert_eq!(held, lands[chosen], "the hand dealt is the chosen one");
                // 24 lands in 60: 2.8 expected.
                let d = |l: usize| (l as f64 - 2.8).abs();
                match model {
                    Smoothing::Arena2 => assert!(lands.iter().all(|&l| d(l) >= d(held))),
                    // Their choices are checked against their text in game/tests/smoothing.rs.
                    Smoothing::SmoothedLondon | Smoothing::Weighted3 => {}
                }
            }
            // Candidate hands beyond the first are the library stream's next shuffles.
            let shuffles = events_of(&g, "shuffle");
            assert_eq!(shuffles.len(), 2 * k);
            finish(&mut g);
            log_verifies(&g);
        }
    }
}

#[test]
fn smoothing_candidates_sets_the_count_and_the_hidden_view_hides_the_lands() {
    let g = smoothed(Smoothing::Arena2, Some(5), 1);
    let sm = &events_of(&g, "smoothing")[0];
    assert_eq!(sm["candidates"], 5);
    let seen = g
        .events()
        .iter()
        .find(|e| e.to_json()["type"] == "smoothing" && e.to_json()["seat"] == 0)
        .unwrap()
        .seen_by(1)
        .to_json();
    assert!(seen.get("lands").is_none() && seen.get("chosen").is_none());
    assert_eq!(seen["candidates"], 5);
}

#[test]
fn options_off_change_nothing() {
    // The default options give the very game the rules alone give (the golden vectors pin
    // that game; here: the same events as a set-up that never heard of the options).
    let a = game(MulliganRule::London, HouseRules::default());
    let record = serde_json::to_value(a.setup_record()).unwrap();
    for k in [
        "free_mulligans",
        "land_mulligan",
        "smoothing",
        "smoothing_candidates",
    ] {
        assert!(record.get(k).is_none(), "{k} left out when off");
    }
    let b = Game::new(
        SetupRecord::deserialize(record)
            .unwrap()
            .with_seed(Seed::from_bytes([9; 32]))
            .unwrap(),
    )
    .unwrap();
    assert_eq!(a.events(), b.events());
}

#[test]
fn no_mulligan_keeps_the_first_hand_shuffled_before_the_starting_player() {
    let mut g = game(MulliganRule::NoMulligan, HouseRules::default());
    // The earliest era shuffles first, then the starting player (as PARIS).
    let kinds: Vec<String> = g
        .events()
        .iter()
        .map(|e| e.to_json()["type"].as_str().unwrap().to_string())
        .collect();
    let shuffle = kinds.iter().position(|k| k == "shuffle").unwrap();
    let start = kinds.iter().position(|k| k == "starting_player").unwrap();
    assert!(shuffle < start, "{kinds:?}");
    let first: Vec<Vec<u32>> = (0..2).map(|s| g.hand(s).unwrap().to_vec()).collect();
    for seat in 0..2 {
        let d = pending(&g, seat);
        assert_eq!((d.kind, d.hand.len()), (DecisionKind::KeepOrMulligan, 7));
        assert!(!d.can_mulligan && !d.can_land_mulligan);
        assert!(g.mulligan(seat).is_err(), "no mulligan is offered");
        assert!(g.land_mulligan(seat).is_err());
        g.keep(seat).unwrap();
    }
    finish(&mut g);
    assert!(g.done());
    for (seat, hand) in first.iter().enumerate() {
        assert_eq!(g.hand(seat).unwrap(), &hand[..], "the first hand kept");
    }
    assert!(events_of(&g, "mulligan").is_empty());
    log_verifies(&g);
}

#[test]
fn no_mulligan_with_the_land_redraw_is_the_original_rule() {
    // A hand of no lands and a hand of only lands: redrawn as seven once, then kept, even
    // when the second hand has no land again.
    for text in ["60 Grizzly Bears", "60 Forest"] {
        let mut g = land_game(text, MulliganRule::NoMulligan);
        let d = pending(&g, 0);
        assert!(d.can_land_mulligan && !d.can_mulligan);
        let before = g.hand(0).unwrap().to_vec();
        g.land_mulligan(0).unwrap();
        assert_eq!(g.hand(0).unwrap().len(), 7);
        assert_ne!(g.hand(0).unwrap(), &before[..], "a new hand");
        let d = pending(&g, 0);
        assert!(!d.can_land_mulligan && !d.can_mulligan, "then keep");
        assert!(g.land_mulligan(0).unwrap_err().to_string().contains("once"));
        assert!(g.mulligan(0).is_err());
        g.keep(0).unwrap();
        // Seat 1's mixed hand has no redraw.
        assert!(!pending(&g, 1).can_land_mulligan);
        finish(&mut g);
        assert_eq!(g.hand(0).unwrap().len(), 7);
        assert_eq!(events_of(&g, "land_mulligan").len(), 1);
        assert!(events_of(&g, "mulligan").is_empty());
        log_verifies(&g);
    }
}

#[test]
fn no_mulligan_offers_only_free_mulligans_each_the_full_hand() {
    // 103.5c's free mulligan with three players: seven again, then keep.
    let mut g = Game::new(setup(MulliganRule::NoMulligan, HouseRules::default(), 3)).unwrap();
    assert!(pending(&g, 0).can_mulligan);
    g.mulligan(0).unwrap();
    g.keep(1).unwrap();
    g.keep(2).unwrap();
    let d = pending(&g, 0);
    assert_eq!(d.hand.len(), 7);
    assert!(!d.can_mulligan, "103.5c's one free mulligan spent");
    finish(&mut g);
    let m = &events_of(&g, "mulligan")[0];
    assert_eq!(
        (m["free"].clone(), m["rule"].clone()),
        (json!(true), json!("103.5c"))
    );
    log_verifies(&g);
    // A table's two free mulligans with two players.
    let house = HouseRules {
        free_mulligans: 2,
        ..HouseRules::default()
    };
    let mut g = game(MulliganRule::NoMulligan, house);
    for _ in 0..2 {
        assert!(pending(&g, 0).can_mulligan);
        g.mulligan(0).unwrap();
        if g.pending()[0].seat == 1 {
            g.keep(1).unwrap();
        }
        assert_eq!(g.hand(0).unwrap().len(), 7);
    }
    assert!(!pending(&g, 0).can_mulligan);
    assert!(g.mulligan(0).is_err());
    finish(&mut g);
    log_verifies(&g);
}
