//! Turns (103.1, 502.3, 805.2) and conceding (104.3a, 104.2a, 800.4a, 810.8a).

use super::*;
use serde_json::json;

/// A whole game of `n` seats of `variant` (Two-Headed Giant: teams of two in seat order),
/// seat `start` starting, every hand kept.
pub(super) fn table_of(variant: Variant, n: usize, start: usize, deck: &str, seed: u8) -> Game {
    let deck = DeckList::parse(deck).unwrap();
    let mut players: Vec<PlayerSetup> = (0..n)
        .map(|i| PlayerSetup::new(format!("P{i}"), deck.clone()))
        .collect();
    if variant == Variant::TwoHeadedGiant {
        for (i, p) in players.iter_mut().enumerate() {
            p.team = Some(crate::game::Team::Number(i as i64 / 2));
        }
    }
    let setup = GameSetup {
        house: Default::default(),
        players,
        variant,
        rule: MulliganRule::London,
        seed: Seed::from_bytes([seed; 32]),
        game_index: 0,
        start: Start::Seat(start),
    };
    let mut game = Game::with_whole_game(setup, true).unwrap();
    while let Some(d) = game.pending().first().cloned() {
        match d.kind {
            DecisionKind::KeepOrMulligan => game.keep(d.seat),
            _ => game.pass_actions(d.seat),
        }
        .unwrap();
    }
    game
}

const DECK: &str = "20 Forest\n20 Grizzly Bears";

fn turn(game: &Game) -> (u32, usize, Option<Vec<usize>>) {
    let t = game.public_view().turn.unwrap();
    assert_eq!(
        Some(t.clone()),
        game.view(0).unwrap().turn,
        "every view agrees"
    );
    (t.number, t.seat, t.team)
}

fn pass(game: &mut Game, seat: usize) -> crate::Result<()> {
    act(game, seat, json!({"action": "pass_turn"}))
}

#[test]
fn turn_one_is_the_starting_players_and_only_the_active_seat_passes() {
    let mut game = table_of(Variant::FreeForAll, 3, 1, DECK, 21);
    assert_eq!(turn(&game), (1, 1, None));
    // No view has a turn before the table opens; a whole game's views have one.
    let events = game.events().len();
    let e = pass(&mut game, 0).unwrap_err();
    assert!(e.to_string().contains("not seat 0's turn"), "{e}");
    assert!(e.to_string().contains("seat 1's"), "{e}");
    assert_eq!(game.events().len(), events);
    pass(&mut game, 1).unwrap();
    assert_eq!(turn(&game), (2, 2, None));
    pass(&mut game, 2).unwrap();
    assert_eq!(turn(&game), (3, 0, None));
    // The host passes for the active seat only.
    let pass_turn: Action = serde_json::from_value(json!({"action": "pass_turn"})).unwrap();
    assert!(game.act_as_host(2, None, pass_turn.clone()).is_err());
    game.act_as_host(0, None, pass_turn).unwrap();
    assert_eq!(turn(&game), (4, 1, None));
    let last = game.events().iter().rev().find_map(|e| match &e.kind {
        EventKind::Turn { number, seat, team } => Some((*number, *seat, team.clone())),
        _ => None,
    });
    assert_eq!(last, Some((4, 1, None)));
}

/// 502.3: the new active player untaps every permanent it controls; nobody else does.
#[test]
fn the_new_active_player_untaps_its_permanents() {
    let mut game = table_of(Variant::TwoPlayer, 2, 0, DECK, 22);
    let mine = ids(&zones(&game, 0).hand)[..2].to_vec();
    let theirs = ids(&zones(&game, 1).hand)[..1].to_vec();
    for (seat, cards) in [(0, &mine), (1, &theirs)] {
        act(
            &mut game,
            seat,
            json!({"action": "move", "cards": cards, "from": "hand", "to": "battlefield"}),
        )
        .unwrap();
        act(&mut game, seat, json!({"action": "tap", "cards": cards})).unwrap();
    }
    pass(&mut game, 0).unwrap();
    let tapped = |g: &Game, s: usize| -> Vec<CardId> {
        g.public_view().seats[s]
            .battlefield
            .iter()
            .filter(|p| p.tapped)
            .map(|p| p.id)
            .collect()
    };
    assert_eq!(
        tapped(&game, 1),
        Vec::<CardId>::new(),
        "seat 1's turn: it untaps"
    );
    assert_eq!(
        tapped(&game, 0),
        mine,
        "seat 0 stays tapped until its own turn"
    );
    let untap = game.events().last().unwrap();
    assert_eq!(untap.rule, "502.3");
    assert!(matches!(&untap.kind, EventKind::Untap { seat: 1, cards } if ids(cards) == theirs));
    // The player may tap again what an effect keeps tapped.
    act(&mut game, 1, json!({"action": "tap", "cards": theirs})).unwrap();
    pass(&mut game, 1).unwrap();
    assert!(tapped(&game, 0).is_empty());
    assert_eq!(tapped(&game, 1), theirs);
}

/// 805.2: with shared team turns, the team takes the turn; each of its players may pass it;
/// the whole team untaps.
#[test]
fn two_headed_giant_teams_take_turns_and_untap_together() {
    let mut game = table_of(Variant::TwoHeadedGiant, 4, 2, DECK, 23);
    assert_eq!(turn(&game), (1, 2, Some(vec![2, 3])));
    let e = pass(&mut game, 0).unwrap_err();
    assert!(e.to_string().contains("not seat 0's turn"), "{e}");
    for s in [0, 1] {
        let c = ids(&zones(&game, s).hand)[0];
        act(
            &mut game,
            s,
            json!({"action": "move", "cards": [c], "from": "hand", "to": "battlefield"}),
        )
        .unwrap();
        act(&mut game, s, json!({"action": "tap", "cards": [c]})).unwrap();
    }
    pass(&mut game, 3).unwrap();
    assert_eq!(turn(&game), (2, 0, Some(vec![0, 1])));
    let untapped: Vec<usize> = game
        .events()
        .iter()
        .rev()
        .take(2)
        .filter_map(|e| match &e.kind {
            EventKind::Untap { seat, .. } => Some(*seat),
            _ => None,
        })
        .collect();
    assert_eq!(untapped, vec![1, 0]);
    assert!(game.public_view().seats[..2]
        .iter()
        .all(|s| s.battlefield.iter().all(|p| !p.tapped)));
    pass(&mut game, 1).unwrap();
    assert_eq!(turn(&game), (3, 2, Some(vec![2, 3])));
}

/// 104.3a, 800.4a: in multiplayer a seat that concedes leaves; the others play on, its turns
/// are skipped, its cards leave the game, it takes no more actions.
#[test]
fn a_conceded_seat_is_skipped_and_its_cards_leave_the_game() {
    let mut game = table_of(Variant::FreeForAll, 4, 0, DECK, 24);
    act(
        &mut game,
        2,
        json!({"action": "create_token", "name": "Ox"}),
    )
    .unwrap();
    let c = ids(&zones(&game, 2).hand)[0];
    act(
        &mut game,
        2,
        json!({"action": "move", "cards": [c], "from": "hand", "to": "battlefield"}),
    )
    .unwrap();
    act(&mut game, 2, json!({"action": "concede"})).unwrap();
    let p = &game.public_view().seats[2];
    assert!(p.conceded && p.battlefield.is_empty() && p.hand_size == 0 && p.library_size == 0);
    let z = zones(&game, 2);
    assert_eq!(z.outside.len(), 40, "its 40 cards, not the token");
    assert!(game.events().iter().any(
        |e| matches!(&e.kind, EventKind::CeaseToExist { seat: 2, cards } if cards[0].name == "Ox")
    ));
    assert!(!game.ended());
    let e = act(&mut game, 2, json!({"action": "draw", "count": 1})).unwrap_err();
    assert!(e.to_string().contains("conceded"), "{e}");
    pass(&mut game, 0).unwrap();
    pass(&mut game, 1).unwrap();
    assert_eq!(turn(&game), (3, 3, None), "seat 2 skipped");
    // The active seat concedes: the turn goes on to the next seat at once.
    act(&mut game, 3, json!({"action": "concede"})).unwrap();
    assert_eq!(turn(&game), (4, 0, None));
    assert!(!game.ended());
    // One player left: the game is over (104.2a).
    act(&mut game, 1, json!({"action": "concede"})).unwrap();
    assert!(game.ended());
    assert_eq!(game.events().last().unwrap().rule, "104.2a");
    assert!(game.end().is_err(), "already ended");
    assert!(pass(&mut game, 0).is_err());
}

/// 104.2a: in a two-player game a concession ends the game; 810.8a: a Two-Headed Giant player
/// concedes for the team.
#[test]
fn a_concession_that_leaves_one_side_ends_the_game() {
    let mut two = table_of(Variant::TwoPlayer, 2, 0, DECK, 25);
    act(&mut two, 1, json!({"action": "concede"})).unwrap();
    assert!(two.ended());
    let kinds: Vec<String> = two
        .events()
        .iter()
        .rev()
        .take(2)
        .map(|e| e.type_name())
        .collect();
    assert_eq!(kinds, ["game_over", "concede"]);
    let mut giant = table_of(Variant::TwoHeadedGiant, 4, 0, DECK, 26);
    act(&mut giant, 3, json!({"action": "concede"})).unwrap();
    assert!(giant.ended());
    // Replay gives the same ended game.
    let replayed = giant
        .setup_record()
        .clone()
        .game(giant.seed().clone())
        .unwrap()
        .replay_answers(giant.answers())
        .unwrap();
    assert!(replayed.ended());
    assert_eq!(replayed.events(), giant.events());
}
