//! The game-start state machine (rule 103) through the core `Game` API: the input chooses a
//! set-up (2 to 4 players, variant, mulligan era, decks from a small pool with every ability
//! tag, seed, start) and then a sequence of answers, legal, slightly wrong and arbitrary.
//!
//! Checked after every call: no panic; every seat's hand + library + battlefield + exile is a
//! permutation of its deck's card ids; the pending decisions describe the state (hands, counts,
//! usable cards); a legal answer is accepted and only appends events; an answer that returns
//! `Err` is an `IllegalAction` and leaves `pending()`, `events()` and every seat's `zones()`
//! exactly as they were. Once the input is spent the game is played to its end with always-legal
//! answers, `result()` must agree with the zones, and replaying the accepted answers on a fresh
//! game from the same set-up must give the same events (determinism).

#![no_main]

use libfuzzer_sys::arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;
use mulligan_core::card::tags;
use mulligan_core::event::EventKind;
use mulligan_core::game::Zones;
use mulligan_core::{Decision, DecisionKind, Error, Event, Game, Variant};
use mulligan_fuzz::{default_answer, next_answer, Answer, Mode, SetupSpec, Table, MAX_FUZZ_COPIES};

/// Answers per input at most (an input is a few hundred bytes; this bounds the worst case).
const MAX_ANSWERS: usize = 400;
/// A game start answered always legally ends within this many answers: the decks here hold at
/// most 72 + 12 cards per seat, so mulligans, Serum Powders and opening-hand actions run out.
const MAX_FINISH: usize = 5_000;

/// Applies an answer record; it also survives its JSON form unchanged (the service stores it).
fn apply(game: &mut Game, answer: &Answer) -> mulligan_core::Result<()> {
    let json = serde_json::to_value(answer).expect("an answer serialises");
    let back: Answer = serde_json::from_value(json).expect("an answer reads back");
    assert_eq!(&back, answer);
    game.apply(back)
}

/// Everything an illegal answer must leave alone, but the events: those are compared with a
/// copy kept up to date as they are appended (`Log`).
#[derive(Debug, PartialEq, Eq)]
struct Snapshot {
    pending: Vec<Decision>,
    event_count: usize,
    last_event: Option<Event>,
    zones: Vec<Zones>,
    done: bool,
    starting: Option<usize>,
    chooser: Option<usize>,
}

fn snapshot(game: &Game) -> Snapshot {
    Snapshot {
        pending: game.pending(),
        event_count: game.events().len(),
        last_event: game.events().last().cloned(),
        zones: (0..game.players())
            .map(|s| game.zones(s).expect("a seat of the game"))
            .collect(),
        done: game.done(),
        starting: game.starting_player(),
        chooser: game.chooser(),
    }
}

fn sorted(mut v: Vec<u32>) -> Vec<u32> {
    v.sort_unstable();
    v
}

/// The events seen so far, as they were when they were appended: a rewrite of an earlier
/// event shows at the end of the input, when all of them are compared.
struct Log(Vec<Event>);

impl Log {
    /// After an accepted answer: events were appended, the last one known is still there.
    fn accepted(&mut self, game: &Game, answer: &Answer) {
        let (old, new) = (self.0.len(), game.events());
        assert!(
            new.len() > old && (old == 0 || new[old - 1] == self.0[old - 1]),
            "{answer:?} rewrote or added no events"
        );
        self.0.extend_from_slice(&new[old..]);
    }

    fn all_unchanged(&self, game: &Game) {
        assert!(
            game.events() == &self.0[..],
            "an event was rewritten after it was appended"
        );
    }
}

/// The invariants that hold after every call, legal or not. `from`: the first event not
/// checked before.
fn check(game: &Game, deck_lens: &[usize], from: usize) {
    let n = game.players();
    assert_eq!(n, deck_lens.len());
    let zones: Vec<Zones> = (0..n).map(|s| game.zones(s).unwrap()).collect();
    for (s, z) in zones.iter().enumerate() {
        let ids = |v: &[mulligan_core::CardRef]| v.iter().map(|c| c.id).collect::<Vec<u32>>();
        let (hand, library, battlefield, exile, revealed) = (
            ids(&z.hand),
            ids(&z.library),
            ids(&z.battlefield),
            ids(&z.exile),
            ids(&z.revealed),
        );
        // No card lost or duplicated: the four zones hold each card id of the deck once.
        let all: Vec<u32> = [&hand, &library, &battlefield, &exile]
            .into_iter()
            .flatten()
            .copied()
            .collect();
        let expect: Vec<u32> = (0..deck_lens[s] as u32).collect();
        assert_eq!(
            sorted(all),
            expect,
            "seat {s}: cards lost or duplicated: {z:?}"
        );
        assert_eq!(game.hand(s).unwrap(), &hand[..]);
        let revealed = sorted(revealed);
        assert!(
            revealed.windows(2).all(|w| w[0] < w[1])
                && revealed.iter().all(|&c| (c as usize) < deck_lens[s]),
            "seat {s}: revealed cards {:?}",
            z.revealed
        );
        let cards = game.cards(s).unwrap();
        assert_eq!(cards.len(), deck_lens[s]);
        for &c in &battlefield {
            let card = &cards[c as usize];
            assert!(
                card.has_tag(tags::BEGIN_ON_BATTLEFIELD) || card.has_tag(tags::GEMSTONE_CAVERNS),
                "seat {s}: {card:?} is on the battlefield"
            );
        }
    }
    assert!(game.zones(n).is_err() && game.hand(n).is_err() && game.cards(n).is_err());

    let pending = game.pending();
    assert_eq!(pending.is_empty(), game.done(), "pending {pending:?}");
    let mut seats: Vec<usize> = pending.iter().map(|d| d.seat).collect();
    seats.sort_unstable();
    seats.dedup();
    assert_eq!(
        seats.len(),
        pending.len(),
        "two decisions for one seat: {pending:?}"
    );
    for d in &pending {
        let z = &zones[d.seat];
        assert_eq!(d.hand, z.hand, "decision {d:?} shows another hand");
        let in_hand = |c: &mulligan_core::CardRef| z.hand.contains(c);
        assert!(d.actions.iter().all(in_hand), "{d:?}: actions not in hand");
        match d.kind {
            DecisionKind::ChooseStartingPlayer => {
                assert_eq!(d.options, (0..n).collect::<Vec<_>>());
                assert!(game.starting_player().is_none());
            }
            DecisionKind::KeepOrMulligan => {
                let cards = game.cards(d.seat).unwrap();
                for c in &z.hand {
                    let usable = cards[c.id as usize].has_tag(tags::MULLIGAN_ACTION);
                    assert_eq!(d.actions.contains(c), usable, "{d:?}: card {c:?}");
                }
            }
            DecisionKind::Bottom => {
                let count = d.count.expect("a bottom decision has a count");
                assert!(count >= 1 && count <= z.hand.len(), "{d:?}");
            }
            DecisionKind::Vancouver => {
                assert!(
                    d.card.is_some() && d.card.as_ref() == z.library.first(),
                    "{d:?}"
                );
            }
            DecisionKind::OpeningHandAction => {
                assert!(!d.actions.is_empty(), "{d:?}: nothing to use, yet asked");
                assert!(game.starting_player().is_some());
            }
        }
    }

    // 103.6a: Gemstone Caverns only for a player who is not the starting player.
    for e in &game.events()[from.min(game.events().len())..] {
        if let EventKind::OpeningHandAction { seat, action, .. } = &e.kind {
            assert!(
                !(*action == "gemstone_caverns" && game.starting_player() == Some(*seat)),
                "the starting player (seat {seat}) used a Gemstone Caverns action: {e:?}"
            );
        }
    }

    match game.result() {
        Ok(results) => {
            assert!(game.done());
            assert_eq!(results.len(), n);
            let start = game
                .starting_player()
                .expect("a done game has a starting player");
            for (s, r) in results.iter().enumerate() {
                let z = &zones[s];
                assert_eq!(r.seat, s);
                assert_eq!(
                    (
                        &r.hand,
                        r.library_size,
                        &r.battlefield,
                        &r.exile,
                        &r.revealed
                    ),
                    (
                        &z.hand,
                        z.library.len(),
                        &z.battlefield,
                        &z.exile,
                        &z.revealed
                    )
                );
                if n == 2 {
                    assert_eq!(r.skips_first_draw, s == start, "103.8a");
                }
            }
        }
        Err(e) => {
            assert!(!game.done());
            assert!(matches!(e, Error::IllegalAction(_)), "{e:?}");
        }
    }
}

/// Once the game start is done: what the rules say of its outcome (docs/API.md, "Procedure").
fn check_outcome(game: &Game, spec: &SetupSpec) {
    let results = game.result().expect("a done game has results");
    let n = results.len();
    let start = game.starting_player().expect("a starting player");
    let team = |s: usize| spec.players[s].team.clone();
    let count =
        |f: &dyn Fn(&EventKind) -> bool| game.events().iter().filter(|e| f(&e.kind)).count();
    for (s, r) in results.iter().enumerate() {
        // Every player keeps exactly once, and `mulligans` counts the mulligans taken.
        let keeps = count(&|k| matches!(k, EventKind::Keep { seat, .. } if *seat == s));
        assert_eq!(keeps, 1, "seat {s} kept {keeps} times");
        let taken = count(&|k| matches!(k, EventKind::Mulligan { seat, .. } if *seat == s));
        assert_eq!(r.mulligans as usize, taken, "seat {s}: mulligans");
        // 103.8: who skips the first draw.
        let skips = if n == 2 {
            s == start
        } else if spec.variant == Variant::TwoHeadedGiant {
            team(s) == team(start)
        } else {
            false
        };
        assert_eq!(r.skips_first_draw, skips, "seat {s}: 103.8 (start {start})");
        // 103.4: a Two-Headed Giant team shares its life total, Vanguard life modifiers
        // included (the sum of the team's modifiers applies to it).
        if spec.variant == Variant::TwoHeadedGiant {
            let modifiers: i32 = (0..n)
                .filter(|&t| team(t) == team(s))
                .map(|t| spec.players[t].life_modifier)
                .sum();
            let mates = (0..n).filter(|&t| team(t) == team(s)).count() as i32;
            assert_eq!(
                r.life,
                30 + 15 * (mates - 2) + modifiers,
                "seat {s}: team life"
            );
            for (t, other) in results.iter().enumerate() {
                if team(t) == team(s) {
                    assert_eq!(r.life, other.life, "seats {s} and {t}: one team, two lives");
                }
            }
        }
    }
    // 103.1b: the archenemy starts.
    if spec.variant == Variant::Archenemy {
        assert!(
            spec.players[start].archenemy,
            "seat {start} started, not the archenemy"
        );
    }
    assert_eq!(count(&|k| matches!(k, EventKind::FirstDraw { .. })), 1);
    assert!(matches!(
        game.events().last().map(|e| &e.kind),
        Some(EventKind::FirstDraw { .. })
    ));
}

mulligan_fuzz::replayable_randomness!();

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(spec) = SetupSpec::arbitrary(&mut u) else {
        return;
    };
    if spec
        .players
        .iter()
        .map(|p| mulligan_fuzz::copies_estimate(&p.deck))
        .sum::<u64>()
        > MAX_FUZZ_COPIES
    {
        return;
    }
    let setup = spec.to_core();
    let deck_lens: Vec<usize> = setup.players.iter().map(|p| p.deck.main.len()).collect();
    let mut game = match Game::new(setup.clone()) {
        Ok(game) => game,
        Err(e) => {
            assert!(matches!(e, Error::Config(_)), "Game::new: {e:?}");
            return;
        }
    };
    check(&game, &deck_lens, 0);
    let mut log = Log(game.events().to_vec());

    let gemstone_cards: Vec<Vec<bool>> = (0..game.players())
        .map(|s| {
            let cards = game.cards(s).unwrap();
            cards
                .iter()
                .map(|c| c.has_tag(tags::GEMSTONE_CAVERNS))
                .collect()
        })
        .collect();
    let gemstone = |s: usize, c: u32| {
        gemstone_cards
            .get(s)
            .and_then(|v| v.get(c as usize))
            .copied()
            .unwrap_or(false)
    };
    let mut accepted: Vec<Answer> = vec![];
    let mut answers = 0;
    while !u.is_empty() && answers < MAX_ANSWERS {
        answers += 1;
        let table = Table {
            players: game.players(),
            deck_lens: &deck_lens,
            gemstone: &gemstone,
            starting: game.starting_player(),
        };
        let pending: Vec<Decision> = game.pending();
        let Ok((answer, mode)) = next_answer(&mut u, &pending, &table) else {
            break;
        };
        let before = snapshot(&game);
        match apply(&mut game, &answer) {
            Ok(()) => {
                log.accepted(&game, &answer);
                accepted.push(answer);
            }
            Err(e) => {
                assert!(
                    mode != Mode::Legal,
                    "the legal answer {answer:?} was refused: {e}\npending: {:?}",
                    before.pending
                );
                assert!(matches!(e, Error::IllegalAction(_)), "{answer:?}: {e:?}");
                let after = snapshot(&game);
                assert!(
                    after == before,
                    "the illegal answer {answer:?} ({e}) changed the game:\nbefore {before:?}\nafter {after:?}"
                );
            }
        }
        check(&game, &deck_lens, before.event_count);
    }
    log.all_unchanged(&game);

    // Play on to the end with answers that are always legal.
    let mut steps = 0;
    while let Some(d) = game.pending().first() {
        steps += 1;
        assert!(steps <= MAX_FINISH, "the game start does not end: {d:?}");
        let answer = default_answer(d);
        let from = game.events().len();
        if let Err(e) = apply(&mut game, &answer) {
            panic!("the legal answer {answer:?} was refused: {e}\npending: {d:?}");
        }
        accepted.push(answer);
        check(&game, &deck_lens, from);
    }
    assert!(game.done());
    check_outcome(&game, &spec);

    // The same set-up and the same answers give the same game (determinism), and the game
    // kept exactly the answers it accepted.
    assert_eq!(game.answers(), &accepted[..]);
    let replay = Game::replay(setup, &accepted).expect("answers accepted before");
    assert_eq!(replay.events(), game.events(), "replay differs");
    for s in 0..game.players() {
        assert_eq!(replay.zones(s).unwrap(), game.zones(s).unwrap());
        // What another player sees of each event: no panic.
        for e in game.events() {
            let _ = e.seen_by(s);
        }
    }
});
