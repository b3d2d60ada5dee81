//! Hidden information over whole games (issue 21; 401.2, 402.3, 406.3, 701.23): random games of
//! 500 actions from fixed seeds, for every variant the game takes (two players, free-for-all,
//! Commander, Brawl, Two-Headed Giant, Archenemy, Vanguard) and every mulligan era. After each
//! action, for every seat and for the host's public stream (`Event::public`):
//!
//! - each new event that names a card of another seat names only a card that was public before
//!   or after the action (it left or entered a public zone), or one the action revealed, or
//!   one this seat looked at itself (the host let it search or look at that library);
//! - the view's hand, face-down exile and cards outside the game are the seat's own, and the
//!   other seats' hands only as counts;
//! - an open search or look shows its cards to the seat that looks only; a reveal to all.
//!
//! Which cards are hidden is read from the god view (`Game::zones`), not from the filter under
//! test, so a filter that let a hidden card through fails here.

use mulligan_core::game::{DecisionKind, Zones};
use mulligan_core::table::Action;
use mulligan_core::{
    CardId, DeckList, Event, Game, GameSetup, MulliganRule, PlayerSetup, Seed, Start, Variant,
};
use serde_json::{json, Value};
use std::collections::HashSet;

/// Actions applied per game.
const ACTIONS: usize = 500;

/// SplitMix64: the test's own small generator (fixed seeds, no dependency).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
    /// Up to `max` distinct cards of `from`, in a random order.
    fn some(&mut self, from: &[CardId], max: usize) -> Vec<CardId> {
        let mut pool = from.to_vec();
        let k = self.below(max.min(pool.len()) + 1);
        (0..k)
            .map(|_| pool.swap_remove(self.below(pool.len())))
            .collect()
    }
}

const DECK: &str = "24 Forest\n4 Serum Powder\n4 Leyline of Sanctity\n28 Grizzly Bears\n\
                    Sideboard\n3 Naturalize\nCompanion\n1 Lurrus of the Dream-Den";
const COMMANDER_DECK: &str =
    "Commander\n1 Omnath, Locus of Mana\nDeck\n40 Forest\n59 Llanowar Elves";
const BRAWL_DECK: &str = "Commander\n1 Omnath, Locus of Mana\nDeck\n24 Forest\n35 Llanowar Elves";

fn setup(variant: Variant, rule: MulliganRule, players: usize, seed: u8) -> GameSetup {
    let text = match variant {
        Variant::Commander => COMMANDER_DECK,
        Variant::Brawl => BRAWL_DECK,
        _ => DECK,
    };
    let deck = DeckList::parse(text).unwrap();
    GameSetup {
        house: Default::default(),
        players: (0..players)
            .map(|i| {
                let mut p = PlayerSetup::new(format!("P{i}"), deck.clone());
                if variant == Variant::TwoHeadedGiant {
                    p.team = Some(mulligan_core::game::Team::Number((i / 2) as i64));
                }
                p.archenemy = variant == Variant::Archenemy && i == 0;
                p
            })
            .collect(),
        variant,
        rule,
        seed: Seed::from_bytes([seed; 32]),
        game_index: u64::from(seed),
        start: Start::Random,
    }
}

/// Plays the game start with varied answers (some mulligans, actions used or passed).
fn start(game: &mut Game, rng: &mut Rng) {
    let mut steps = 0;
    while let Some(d) = game.pending().first().cloned() {
        let seat = d.seat;
        let r = match d.kind {
            DecisionKind::ChooseStartingPlayer => {
                let options = if d.options.is_empty() {
                    (0..game.players()).collect()
                } else {
                    d.options.clone()
                };
                game.choose_starting_player(seat, options[rng.below(options.len())])
            }
            DecisionKind::KeepOrMulligan if d.can_mulligan && rng.chance(30) => game.mulligan(seat),
            DecisionKind::KeepOrMulligan => game.keep(seat),
            DecisionKind::Bottom => {
                let hand = d.hand_ids();
                game.bottom(seat, &hand[..d.count.unwrap()])
            }
            DecisionKind::Vancouver => game.vancouver(seat, rng.chance(50)),
            DecisionKind::OpeningHandAction => game.pass_actions(seat),
        };
        r.unwrap();
        steps += 1;
        assert!(steps < 500, "the game start does not end");
    }
}

fn ids(cards: &[mulligan_core::CardRef]) -> Vec<CardId> {
    cards.iter().map(|c| c.id).collect()
}

/// Every card of a seat in a hidden zone (library, hand, face-down exile, outside the game).
fn hidden(z: &Zones) -> HashSet<CardId> {
    [&z.library, &z.hand, &z.face_down_exile, &z.outside]
        .into_iter()
        .flat_map(|cards| ids(cards))
        .collect()
}

/// An open search, look or reveal, as the test tracks it from the actions it gave.
#[derive(Clone, Copy, PartialEq)]
enum Open {
    Search { looker: usize, host: bool },
    Look { looker: usize, host: bool },
    Reveal { host: bool },
}

struct Play {
    game: Game,
    rng: Rng,
    open: Vec<Option<Open>>,
}

impl Play {
    fn seats(&self) -> usize {
        self.game.players()
    }
    fn zones(&self, seat: usize) -> Zones {
        self.game.zones(seat).unwrap()
    }

    /// A random action for `seat` (ending or extending what is open on it first), with who
    /// gives it: `(host, looker)`.
    fn pick(&mut self, seat: usize) -> (Action, bool, Option<usize>) {
        let z = self.zones(seat);
        let n = self.seats();
        let rng = &mut self.rng;
        let (hand, library, graveyard) = (ids(&z.hand), ids(&z.library), ids(&z.graveyard));
        let value = match self.open[seat] {
            Some(Open::Search { looker, host }) => {
                let to = ["hand", "battlefield", "graveyard", "top", "bottom", "exile"];
                let a = json!({"action": "found", "cards": rng.some(&library, 2),
                    "to": to[rng.below(to.len())], "reveal": rng.chance(20),
                    "shuffle": rng.chance(90)});
                return (parse(a), host, (looker != seat).then_some(looker));
            }
            Some(Open::Look { looker, host }) if rng.chance(80) => {
                let seen = self.game.looking(looker);
                let cards = seen
                    .iter()
                    .find(|l| l.seat == seat)
                    .map_or(vec![], |l| ids(&l.cards));
                return (
                    arrange(rng, cards),
                    host,
                    (looker != seat).then_some(looker),
                );
            }
            Some(Open::Look { looker, host }) => {
                let a = json!({"action": "look", "count": 1});
                return (parse(a), host, (looker != seat).then_some(looker));
            }
            Some(Open::Reveal { host }) if rng.chance(70) => {
                let seen = self.game.looking(seat);
                let cards = seen
                    .iter()
                    .find(|l| l.seat == seat)
                    .map_or(vec![], |l| ids(&l.cards));
                return (arrange(rng, cards), host, None);
            }
            Some(Open::Reveal { host }) => {
                return (parse(json!({"action": "reveal", "count": 1})), host, None)
            }
            None => match rng.below(14) {
                0 | 1 => json!({"action": "draw", "count": rng.below(3)}),
                2 => json!({"action": "shuffle", "times": 1 + rng.below(3)}),
                3 => json!({"action": "mill", "count": rng.below(4)}),
                4 => {
                    let from = if rng.chance(50) { "graveyard" } else { "hand" };
                    let pool = if from == "hand" { &hand } else { &graveyard };
                    let cards = rng.some(pool, 3);
                    let mut a = json!({"action": "shuffle_in", "cards": cards, "from": from});
                    let rest: Vec<CardId> = hand
                        .iter()
                        .filter(|c| !cards.contains(c))
                        .copied()
                        .collect();
                    if from == "graveyard" && !rest.is_empty() && rng.chance(40) {
                        a["place"] = json!({"card": rest[rng.below(rest.len())], "from": "hand",
                            "position": rng.below(3) as i64 - 1});
                    }
                    a
                }
                5 | 6 => json!({"action": "search"}),
                7 => json!({"action": "look", "count": 1 + rng.below(3)}),
                8 => json!({"action": "reveal", "count": 1 + rng.below(2)}),
                9 => {
                    let to = if rng.chance(50) { "top" } else { "bottom" };
                    json!({"action": "put", "cards": rng.some(&hand, 2), "from": "hand", "to": to})
                }
                10 | 11 => {
                    let (from, to) = [
                        ("hand", "battlefield"),
                        ("hand", "graveyard"),
                        ("hand", "face_down_exile"),
                        ("hand", "exile"),
                        ("battlefield", "graveyard"),
                        ("graveyard", "hand"),
                        ("outside", "hand"),
                        ("face_down_exile", "hand"),
                        ("command", "stack"),
                    ][rng.below(9)];
                    let pool = match from {
                        "hand" => hand.clone(),
                        "battlefield" => ids(&z.battlefield),
                        "graveyard" => graveyard.clone(),
                        "outside" => ids(&z.outside),
                        "command" => ids(&z.command),
                        _ => ids(&z.face_down_exile),
                    };
                    json!({"action": "move", "cards": rng.some(&pool, 2), "from": from, "to": to})
                }
                12 if rng.chance(30) => {
                    let seats: Vec<usize> = (0..n).filter(|_| rng.chance(50)).collect();
                    let host = seats.iter().any(|&s| s != seat);
                    let a = json!({"action": "timetwister", "seats": seats, "draw": rng.below(8)});
                    return (parse(a), host, None);
                }
                _ => json!({"action": "draw", "count": 1}),
            },
        };
        let action = parse(value);
        // Searches and looks: sometimes another seat looks, through the host (701.23).
        if matches!(action, Action::Search {} | Action::Look { .. }) && rng.chance(40) {
            let looker = rng.below(n);
            return (action, true, Some(looker));
        }
        let host = rng.chance(15);
        (action, host, None)
    }

    /// Tracks what the action opened or closed.
    fn track(&mut self, seat: usize, action: &Action, host: bool, looker: Option<usize>) {
        let looker = looker.unwrap_or(seat);
        self.open[seat] = match action {
            Action::Search {} => Some(Open::Search { looker, host }),
            Action::Look { .. } => Some(Open::Look { looker, host }),
            Action::Reveal { .. } => Some(Open::Reveal { host }),
            Action::Found { .. } | Action::Arrange { .. } => None,
            _ => self.open[seat],
        };
    }
}

fn parse(value: Value) -> Action {
    serde_json::from_value(value.clone()).unwrap_or_else(|e| panic!("{value}: {e}"))
}

/// An `arrange` putting each of `cards` somewhere at random.
fn arrange(rng: &mut Rng, cards: Vec<CardId>) -> Action {
    let mut piles: [Vec<CardId>; 4] = Default::default();
    for c in cards {
        piles[rng.below(4)].push(c);
    }
    let [top, bottom, hand, graveyard] = piles;
    parse(
        json!({"action": "arrange", "top": top, "bottom": bottom, "hand": hand,
        "graveyard": graveyard}),
    )
}

/// Every card an event names, with its owner (the event's `seat`).
fn named_cards(event: &Value) -> Vec<(usize, CardId)> {
    let Some(seat) = event.get("seat").and_then(Value::as_u64) else {
        return vec![];
    };
    let mut out = vec![];
    for (key, v) in event.as_object().into_iter().flatten() {
        if key == "action" {
            continue;
        }
        let refs: Vec<&Value> = match v {
            Value::Array(items) => items.iter().collect(),
            Value::Object(_) => vec![v],
            _ => continue,
        };
        for r in refs {
            if let (Some(id), Some(_)) = (r.get("id").and_then(Value::as_u64), r.get("name")) {
                out.push((seat as usize, id as CardId));
            }
        }
    }
    out
}

/// What may be seen of one action's events: the cards public before or after it, those it
/// revealed, and (for the seat that looked) those it looked at.
struct Allowed<'a> {
    before: &'a [HashSet<CardId>],
    after: &'a [HashSet<CardId>],
    revealed: bool,
    looker: Option<usize>,
}

impl Allowed<'_> {
    fn check(&self, viewer: Option<usize>, events: &[Event], context: &str) {
        for e in events {
            let value = e.to_json();
            for (owner, card) in named_cards(&value) {
                if Some(owner) == viewer {
                    continue;
                }
                let public =
                    !self.before[owner].contains(&card) || !self.after[owner].contains(&card);
                let looked = viewer.is_some() && viewer == self.looker;
                assert!(
                    public || self.revealed || looked,
                    "{context}: {} sees hidden card {card} of seat {owner} in {value}",
                    viewer.map_or("the host".to_string(), |v| format!("seat {v}"))
                );
            }
        }
    }
}

fn check_views(p: &Play, context: &str) {
    let n = p.seats();
    for v in 0..n {
        let view = p.game.view(v).unwrap();
        let z = p.zones(v);
        assert_eq!(ids(&view.hand), ids(&z.hand), "{context}");
        assert_eq!(
            ids(&view.face_down_exile),
            ids(&z.face_down_exile),
            "{context}"
        );
        assert_eq!(ids(&view.outside), ids(&z.outside), "{context}");
        for (s, seat) in view.seats.iter().enumerate() {
            let other = p.zones(s);
            assert_eq!(seat.hand_size, other.hand.len(), "{context}");
            assert_eq!(seat.library_size, other.library.len(), "{context}");
        }
        for l in &view.looking {
            let allowed = match p.open[l.seat] {
                Some(Open::Search { looker, .. }) => l.kind == "search" && looker == v,
                Some(Open::Look { looker, .. }) => l.kind == "look" && looker == v,
                Some(Open::Reveal { .. }) => l.kind == "reveal",
                None => false,
            };
            assert!(
                allowed,
                "{context}: seat {v} sees {} of seat {}",
                l.kind, l.seat
            );
        }
    }
}

fn play_one(variant: Variant, rule: MulliganRule, players: usize, seed: u8) {
    let mut rng = Rng(u64::from(seed) << 32 | players as u64);
    let mut game = Game::with_whole_game(setup(variant, rule, players, seed), true).unwrap();
    start(&mut game, &mut rng);
    assert!(
        game.table().is_some(),
        "{variant:?} {rule:?}: the table opened"
    );
    let n = game.players();
    let mut p = Play {
        game,
        rng,
        open: vec![None; n],
    };
    let (mut applied, mut tries) = (0, 0);
    let mut kinds = std::collections::BTreeMap::new();
    let mut seen: Vec<usize> = (0..n)
        .map(|v| p.game.view(v).unwrap().events.len())
        .collect();
    while applied < ACTIONS {
        tries += 1;
        assert!(
            tries < 4 * ACTIONS,
            "{variant:?} {rule:?}: too many refused actions"
        );
        let seat = p.rng.below(n);
        let (action, host, looker) = p.pick(seat);
        let revealed = match &action {
            Action::Reveal { .. } => true,
            Action::Found { reveal, .. } => *reveal,
            Action::Arrange { .. } => matches!(p.open[seat], Some(Open::Reveal { .. })),
            _ => false,
        };
        let before: Vec<_> = (0..n).map(|s| hidden(&p.zones(s))).collect();
        let count = p.game.events().len();
        let done = if host {
            p.game.act_as_host(seat, looker, action.clone())
        } else {
            p.game.act(seat, action.clone())
        };
        if done.is_err() {
            assert_eq!(
                p.game.events().len(),
                count,
                "a refused action added events"
            );
            continue;
        }
        applied += 1;
        *kinds.entry(action.name()).or_insert(0) += 1;
        if looker.is_some_and(|l| l != seat) {
            *kinds.entry("another seat looks").or_insert(0) += 1;
        }
        p.track(seat, &action, host, looker);
        let after: Vec<_> = (0..n).map(|s| hidden(&p.zones(s))).collect();
        let allowed = Allowed {
            before: &before,
            after: &after,
            revealed,
            looker: Some(looker.unwrap_or(seat)),
        };
        let context = format!("{variant:?} {rule:?} seed {seed}, action {applied} {action:?}");
        for (v, k) in seen.iter_mut().enumerate() {
            let events = p.game.view(v).unwrap().events;
            allowed.check(Some(v), &events[*k..], &context);
            *k = events.len();
        }
        let public: Vec<Event> = p.game.events()[count..].iter().map(Event::public).collect();
        allowed.check(None, &public, &context);
        check_views(&p, &context);
    }
    p.game.end().unwrap();
    // Every kind of action was given, and another seat looked through the host.
    for kind in [
        "draw",
        "shuffle",
        "mill",
        "shuffle_in",
        "search",
        "found",
        "look",
        "reveal",
        "arrange",
        "put",
        "move",
        "timetwister",
        "another seat looks",
    ] {
        assert!(
            kinds.get(kind).copied().unwrap_or(0) > 0,
            "{variant:?} {rule:?}: no {kind} in {kinds:?}"
        );
    }
}

#[test]
fn no_hidden_card_reaches_another_seat_in_any_variant() {
    for (i, variant) in Variant::ALL.into_iter().enumerate() {
        let players = match variant {
            Variant::TwoPlayer | Variant::Vanguard | Variant::Brawl => 2,
            Variant::TwoHeadedGiant => 4,
            _ => 3 + i % 2,
        };
        play_one(variant, MulliganRule::London, players, 10 + i as u8);
    }
}

#[test]
fn no_hidden_card_reaches_another_seat_in_any_mulligan_era() {
    for (i, rule) in MulliganRule::ALL.into_iter().enumerate() {
        let (variant, players) = match rule {
            MulliganRule::PartialParis | MulliganRule::CanadianHighlander => {
                (Variant::Commander, 4)
            }
            _ => (Variant::TwoPlayer, 2),
        };
        play_one(variant, rule, players, 40 + i as u8);
    }
}
