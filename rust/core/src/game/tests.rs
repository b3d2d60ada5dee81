//! Regression tests for the set-up checks (Vanguard modifiers, deck size) and for 103.6a with a
//! card that carries more than one opening-hand tag. The rule scenarios themselves are tested
//! from Python (tests/test_game_start.py) and pinned by the golden vectors.

use super::*;

fn deck(text: &str) -> DeckList {
    DeckList::parse(text).unwrap()
}

fn setup(variant: Variant, decks: Vec<DeckList>) -> GameSetup {
    GameSetup {
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
            DecisionKind::Bottom => game.bottom(d.seat, &d.hand[..d.count.unwrap()]),
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
    let (card, other) = (d.hand[0], d.hand[1]);
    assert!(d.actions.contains(&card));

    // An exile is refused (only Gemstone Caverns exiles) and changes nothing.
    let (events, zones) = (game.events().to_vec(), game.zones(0).unwrap());
    match game.opening_hand_action(0, card, Some(other)) {
        Err(Error::IllegalAction(m)) => assert!(m.contains("103.6a"), "{m}"),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        (game.events(), game.zones(0).unwrap()),
        (&events[..], zones)
    );

    game.opening_hand_action(0, card, None).unwrap();
    let z = game.zones(0).unwrap();
    assert_eq!(z.revealed, [card]);
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
    assert!(game.opening_hand_action(0, card, Some(other)).is_err());
    game.pass_actions(0).unwrap();

    // The other player may use the same card as Gemstone Caverns (battlefield first).
    let d = game.pending()[0].clone();
    assert_eq!((d.kind, d.seat), (DecisionKind::OpeningHandAction, 1));
    let (card, other) = (d.hand[0], d.hand[1]);
    assert!(game.opening_hand_action(1, card, None).is_err()); // needs exile=
    game.opening_hand_action(1, card, Some(other)).unwrap();
    let z = game.zones(1).unwrap();
    assert_eq!((z.battlefield, z.exile), (vec![card], vec![other]));
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
    assert_eq!((z.battlefield, z.exile.len()), (vec![hand[0]], 0));
    match &game.events().last().unwrap().kind {
        EventKind::OpeningHandAction { action, .. } => {
            assert_eq!(*action, "begin_on_battlefield")
        }
        e => panic!("{e:?}"),
    }
}
