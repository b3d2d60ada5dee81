//! Regression tests for the set-up checks (Vanguard modifiers, deck size) and for 103.6a with a
//! card that carries more than one opening-hand tag. The rule 103 scenarios, shared with the
//! Python and C tests, are replayed by `tests/scenarios.rs` (tests/scenarios/*.json); the
//! detailed rule checks are also in tests/test_game_start.py, test_mulligans.py,
//! test_opening_actions.py and test_game_errors.py.

use super::*;
use crate::card::CardId;
use crate::deck::{DeckList, MAX_DECK_CARDS};
use crate::error::Error;
use crate::event::{Event, EventKind};
use crate::house::HouseRules;
use crate::rules::{MulliganRule, Variant};
use crate::seed::Seed;

mod records;
mod smoothing;
mod variants;

fn deck(text: &str) -> DeckList {
    DeckList::parse(text).unwrap()
}

fn setup(variant: Variant, decks: Vec<DeckList>) -> GameSetup {
    GameSetup {
        house: Default::default(),
        players: decks
            .into_iter()
            .enumerate()
            .map(|(i, d)| PlayerSetup::new(format!("P{i}"), d))
            .collect(),
        variant,
        rule: MulliganRule::London,
        seed: Seed::from_bytes([7; 32]),
        game_index: 0,
        start: Start::Seat(0),
    }
}

fn two_player() -> GameSetup {
    setup(
        Variant::Vanguard,
        vec![deck("60 Forest"), deck("60 Island")],
    )
}

fn config_error(setup: GameSetup) -> String {
    match Game::new(setup) {
        Err(Error::Config(message)) => message,
        Err(e) => panic!("not a Config error: {e:?}"),
        Ok(_) => panic!("the set-up was accepted"),
    }
}

/// Plays every pending decision with the patient answer (keep, bottom the first cards, pass).
fn finish(game: &mut Game) -> Vec<SeatResult> {
    while let Some(d) = game.pending().first().cloned() {
        match d.kind {
            DecisionKind::ChooseStartingPlayer => game.choose_starting_player(d.seat, d.seat),
            DecisionKind::KeepOrMulligan => game.keep(d.seat),
            DecisionKind::Bottom => game.bottom(d.seat, &d.hand_ids()[..d.count.unwrap()]),
            DecisionKind::Vancouver => game.vancouver(d.seat, false),
            DecisionKind::OpeningHandAction => game.pass_actions(d.seat),
        }
        .unwrap();
    }
    game.result().unwrap()
}

#[test]
fn hand_modifiers_beyond_the_bound_are_config_errors_naming_the_player() {
    // i32::MAX used to overflow `7 + modifier`: a panic with overflow checks, a 60-card hand
    // without them.
    for m in [i32::MAX, i32::MAX - 6, MAX_MODIFIER + 1, i32::MIN] {
        let mut s = two_player();
        s.players[1].hand_modifier = m;
        let message = config_error(s);
        assert!(message.contains("seat 1 (\"P1\")"), "{message}");
        assert!(message.contains(&format!("hand_modifier {m}")), "{message}");
    }
}

#[test]
fn life_modifiers_beyond_the_bound_are_config_errors_naming_the_player() {
    // i32::MAX used to overflow `20 + modifier` when the life totals were set.
    for m in [i32::MAX, i32::MAX - 19, -MAX_MODIFIER - 1, i32::MIN] {
        let mut s = two_player();
        s.players[0].life_modifier = m;
        let message = config_error(s);
        assert!(message.contains("seat 0 (\"P0\")"), "{message}");
        assert!(message.contains(&format!("life_modifier {m}")), "{message}");
    }
}

#[test]
fn modifiers_at_the_bound_are_accepted() {
    let mut s = two_player();
    s.players[0].hand_modifier = MAX_MODIFIER;
    s.players[0].life_modifier = MAX_MODIFIER;
    s.players[1].life_modifier = -MAX_MODIFIER;
    let mut game = Game::new(s).unwrap();
    // A hand size above the library draws the whole library.
    assert_eq!(game.hand_size(0).unwrap(), 7 + MAX_MODIFIER as usize);
    assert_eq!(game.hand(0).unwrap().len(), 60);
    let results = finish(&mut game);
    assert_eq!(results[0].life, 20 + MAX_MODIFIER);
    assert_eq!(results[1].life, 20 - MAX_MODIFIER);
}

#[test]
fn a_negative_starting_hand_size_is_a_config_error() {
    let mut s = two_player();
    s.players[0].hand_modifier = -7;
    assert_eq!(Game::new(s).unwrap().hand(0).unwrap().len(), 0);
    let mut s = two_player();
    s.players[0].hand_modifier = -8;
    let message = config_error(s);
    assert!(message.contains("seat 0 (\"P0\")"), "{message}");
    assert!(message.contains("hand size -1"), "{message}");
}

#[test]
fn a_deck_above_the_card_cap_is_a_config_error() {
    // DeckList::parse refuses such a list; a DeckList built by hand is refused here.
    let mut big = deck("60 Forest");
    let forest = big.main[0].clone();
    big.sideboard = vec![forest; MAX_DECK_CARDS - 59];
    let mut s = two_player();
    s.players[1].deck = big;
    let message = config_error(s);
    assert!(message.contains("seat 1"), "{message}");
    assert!(message.contains("1000001 cards"), "{message}");
}

#[test]
fn two_headed_giant_teams_share_one_life_total_with_life_modifiers() {
    let mut s = setup(
        Variant::TwoHeadedGiant,
        (0..4).map(|_| deck("60 Forest")).collect(),
    );
    for (i, (team, m)) in [("A", 3), ("A", -1), ("B", 0), ("B", 5)]
        .into_iter()
        .enumerate()
    {
        s.players[i].team = Some(team.into());
        s.players[i].life_modifier = m;
    }
    let mut game = Game::new(s).unwrap();
    let life_events: Vec<(usize, i32)> = game
        .events()
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::Life { seat, life, .. } => Some((*seat, *life)),
            _ => None,
        })
        .collect();
    assert_eq!(life_events, [(0, 32), (1, 32), (2, 35), (3, 35)]);
    let lives: Vec<i32> = finish(&mut game).iter().map(|r| r.life).collect();
    assert_eq!(lives, [32, 32, 35, 35]);
}

#[test]
fn two_headed_giant_life_at_the_modifier_bound_does_not_overflow() {
    let n = 8;
    let mut s = setup(
        Variant::TwoHeadedGiant,
        (0..n).map(|_| deck("60 Forest")).collect(),
    );
    for (i, p) in s.players.iter_mut().enumerate() {
        p.team = Some(if i < n / 2 { "A" } else { "B" }.into());
        p.life_modifier = if i < n / 2 {
            MAX_MODIFIER
        } else {
            -MAX_MODIFIER
        };
    }
    let mut game = Game::new(s).unwrap();
    let lives: Vec<i32> = finish(&mut game).iter().map(|r| r.life).collect();
    // 30 + 15 for each of the two players beyond two, plus four modifiers.
    let a = 60 + 4 * MAX_MODIFIER;
    let b = 60 - 4 * MAX_MODIFIER;
    assert_eq!(lives, [a, a, a, a, b, b, b, b]);
}

fn odd_caves() -> GameSetup {
    let caves = "60 Odd Cave [gemstone_caverns, reveal]";
    setup(Variant::TwoPlayer, vec![deck(caves), deck(caves)])
}

/// 103.6a: Gemstone Caverns' ability is only for a player who is not the starting player. A
/// card that can also be revealed (103.6b) is usable by the starting player, and using it must
/// reveal it, not put it onto the battlefield exiling a card.
#[test]
fn the_starting_player_reveals_a_card_tagged_gemstone_caverns_and_reveal() {
    let mut game = Game::new(odd_caves()).unwrap();
    game.keep(0).unwrap();
    game.keep(1).unwrap();
    let d = game.pending()[0].clone();
    assert_eq!((d.kind, d.seat), (DecisionKind::OpeningHandAction, 0));
    let (card, other) = (d.hand[0].clone(), d.hand[1].clone());
    assert!(d.actions.contains(&card));

    // An exile is refused (only Gemstone Caverns exiles) and changes nothing.
    let (events, zones) = (game.events().to_vec(), game.zones(0).unwrap());
    match game.opening_hand_action(0, card.id, Some(other.id)) {
        Err(Error::IllegalAction(m)) => assert!(m.contains("103.6a"), "{m}"),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        (game.events(), game.zones(0).unwrap()),
        (&events[..], zones)
    );

    game.opening_hand_action(0, card.id, None).unwrap();
    let z = game.zones(0).unwrap();
    assert_eq!(z.revealed, std::slice::from_ref(&card));
    assert!(z.battlefield.is_empty() && z.exile.is_empty());
    assert!(z.hand.contains(&card) && z.hand.contains(&other) && z.hand.len() == 7);
    match &game.events().last().unwrap().kind {
        EventKind::OpeningHandAction {
            seat: 0,
            action,
            exiled: None,
            ..
        } => assert_eq!(*action, "reveal"),
        e => panic!("{e:?}"),
    }
    // Revealed once: no longer usable, and the Gemstone Caverns path stays closed.
    assert!(!game.pending()[0].actions.contains(&card));
    assert!(game
        .opening_hand_action(0, card.id, Some(other.id))
        .is_err());
    game.pass_actions(0).unwrap();

    // The other player may use the same card as Gemstone Caverns (battlefield first).
    let d = game.pending()[0].clone();
    assert_eq!((d.kind, d.seat), (DecisionKind::OpeningHandAction, 1));
    let (card, other) = (d.hand[0].clone(), d.hand[1].clone());
    assert!(game.opening_hand_action(1, card.id, None).is_err()); // needs exile=
    game.opening_hand_action(1, card.id, Some(other.id))
        .unwrap();
    let z = game.zones(1).unwrap();
    assert_eq!((z.battlefield, z.exile), (vec![card.clone()], vec![other]));
    assert!(z.revealed.is_empty());
    let results = finish(&mut game);
    assert!(results[0].battlefield.is_empty() && results[0].exile.is_empty());
    assert_eq!(results[1].battlefield, [card]);
}

/// The same for a card tagged `gemstone_caverns` and `begin_on_battlefield`: the starting
/// player may begin with it on the battlefield (a Leyline), exiling nothing.
#[test]
fn the_starting_player_uses_gemstone_and_battlefield_cards_as_battlefield_cards() {
    let cards = "60 Odd Leyline [gemstone_caverns, begin_on_battlefield]";
    let mut game = Game::new(setup(Variant::TwoPlayer, vec![deck(cards), deck(cards)])).unwrap();
    game.keep(0).unwrap();
    game.keep(1).unwrap();
    let hand = game.hand(0).unwrap().to_vec();
    assert!(game.opening_hand_action(0, hand[0], Some(hand[1])).is_err());
    game.opening_hand_action(0, hand[0], None).unwrap();
    let z = game.zones(0).unwrap();
    assert_eq!(
        (z.battlefield.iter().map(|c| c.id).collect(), z.exile.len()),
        (vec![hand[0]], 0)
    );
    match &game.events().last().unwrap().kind {
        EventKind::OpeningHandAction { action, .. } => {
            assert_eq!(*action, "begin_on_battlefield")
        }
        e => panic!("{e:?}"),
    }
}

#[test]
fn a_set_up_beyond_the_game_card_cap_is_refused_before_dealing() {
    // 300 players sharing one 100,000-card deck used to be copied in full before the
    // 256-player check; the size checks come first and name the bound.
    assert!(check_size(MAX_PLAYERS, MAX_GAME_CARDS).is_ok());
    // One action may name as many cards as a game holds (table/mod.rs writes the bound apart).
    assert_eq!(crate::table::MAX_ACTION_CARDS, MAX_GAME_CARDS);
    match check_size(MAX_PLAYERS + 1, 0) {
        Err(Error::Config(m)) => assert!(m.contains("at most 256 players"), "{m}"),
        other => panic!("{other:?}"),
    }
    match check_size(2, MAX_GAME_CARDS + 1) {
        Err(Error::Config(m)) => assert!(m.contains(&MAX_GAME_CARDS.to_string()), "{m}"),
        other => panic!("{other:?}"),
    }
    let s = setup(
        Variant::FreeForAll,
        vec![DeckList::default(); MAX_PLAYERS + 1],
    );
    assert!(config_error(s).contains("at most 256 players"));
}

#[test]
fn vanguard_may_be_multiplayer_902_2() {
    let mut s = setup(
        Variant::Vanguard,
        (0..3).map(|_| deck("60 Forest")).collect(),
    );
    s.players[2].life_modifier = 4;
    s.players[1].hand_modifier = -1;
    let mut game = Game::new(s).unwrap();
    let results = finish(&mut game);
    assert_eq!(
        results.iter().map(|r| r.life).collect::<Vec<_>>(),
        [20, 20, 24]
    );
    assert_eq!(results[1].hand.len(), 6);
    // A multiplayer game: nobody skips the first draw (103.8c).
    assert!(results.iter().all(|r| !r.skips_first_draw));
    let one = setup(Variant::Vanguard, vec![deck("60 Forest")]);
    assert!(config_error(one).contains("2 or more"));
}

#[test]
fn two_headed_giant_teams_are_of_one_size_810_11() {
    let mut s = setup(
        Variant::TwoHeadedGiant,
        (0..5).map(|_| deck("60 Forest")).collect(),
    );
    for (i, team) in ["A", "A", "A", "B", "B"].into_iter().enumerate() {
        s.players[i].team = Some(team.into());
    }
    let message = config_error(s);
    assert!(message.contains("810.11"), "{message}");
    let mut s = setup(
        Variant::TwoHeadedGiant,
        (0..6).map(|_| deck("60 Forest")).collect(),
    );
    for (i, team) in ["A", "A", "A", "B", "B", "B"].into_iter().enumerate() {
        s.players[i].team = Some(team.into());
    }
    assert!(Game::new(s).is_ok());
}

/// Mulligans `seat` until it cannot, keeping everyone else; the hand sizes it held.
fn paris_hands(rule: MulliganRule, library: &str, players: usize) -> Vec<usize> {
    let mut s = setup(
        if players == 2 {
            Variant::TwoPlayer
        } else {
            Variant::FreeForAll
        },
        (0..players).map(|_| deck(library)).collect(),
    );
    s.rule = rule;
    let mut game = Game::new(s).unwrap();
    let mut sizes = vec![];
    while let Some(d) = game.pending().first().cloned() {
        match d.kind {
            DecisionKind::KeepOrMulligan if d.seat == 0 => {
                sizes.push(d.hand.len());
                if d.can_mulligan {
                    game.mulligan(0).unwrap();
                } else {
                    game.keep(0).unwrap();
                }
            }
            DecisionKind::KeepOrMulligan => game.keep(d.seat).unwrap(),
            DecisionKind::Vancouver => game.vancouver(d.seat, false).unwrap(),
            DecisionKind::OpeningHandAction => game.pass_actions(d.seat).unwrap(),
            other => panic!("{other:?}"),
        }
    }
    sizes
}

#[test]
fn paris_mulligans_with_a_short_library_draw_one_fewer_than_before() {
    // Seeds 002/003: "drawing one fewer card each time, until the hand size reaches zero".
    for rule in [
        MulliganRule::Paris,
        MulliganRule::ParisSequential,
        MulliganRule::Vancouver,
    ] {
        assert_eq!(
            paris_hands(rule, "5 Forest", 2),
            [5, 4, 3, 2, 1, 0],
            "{rule:?}"
        );
        assert_eq!(
            paris_hands(rule, "60 Forest", 2),
            [7, 6, 5, 4, 3, 2, 1, 0],
            "{rule:?}"
        );
        // Multiplayer: the first mulligan draws as many again (a new hand of seven, 101.4a).
        assert_eq!(
            paris_hands(rule, "5 Forest", 3),
            [5, 5, 4, 3, 2, 1, 0],
            "{rule:?}"
        );
    }
}

#[test]
fn set_up_103_2_follows_the_starting_player_each_step_for_everyone() {
    let mut a = deck("60 Forest\nSideboard\n2 Naturalize\nCompanion\n1 Lurrus");
    a.commanders = a.companions.clone();
    let mut s = setup(Variant::Commander, vec![a.clone(), a.clone(), a]);
    s.start = Start::Random;
    let game = Game::new(s.clone()).unwrap();
    // Nothing is set aside before the starting player is chosen (103.2 follows 103.1).
    assert!(game.events().iter().all(|e| !e.rule.starts_with("103.2")));
    let mut game = game;
    let chooser = game.pending()[0].seat;
    game.choose_starting_player(chooser, 1).unwrap();
    let steps: Vec<(&str, usize)> = game
        .events()
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::SetAside { seat, .. }
            | EventKind::Companion { seat, .. }
            | EventKind::Commander { seat, .. } => Some((e.rule, *seat)),
            _ => None,
        })
        .collect();
    assert_eq!(
        steps,
        [
            ("103.2a", 1),
            ("103.2a", 2),
            ("103.2a", 0),
            ("103.2b", 1),
            ("103.2b", 2),
            ("103.2b", 0),
            ("103.2c", 1),
            ("103.2c", 2),
            ("103.2c", 0),
        ]
    );
    let first_shuffle = game.events().iter().position(|e| e.rule == "103.3");
    let last_set_up = game.events().iter().rposition(|e| e.rule == "103.2c");
    assert!(last_set_up < first_shuffle);
    // The older eras set up and shuffle before the starting player (seed 002: 101.1, 101.2).
    s.rule = MulliganRule::Paris;
    let game = Game::new(s).unwrap();
    let rules: Vec<&str> = game.events().iter().map(|e| e.rule).collect();
    assert_eq!(&rules[..3], ["103.2a", "103.2a", "103.2a"]);
}
