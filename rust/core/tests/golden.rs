//! Golden vectors: the seed-to-output derivation of FORMAT_VERSION 2, pinned. The vectors live
//! in one place, tests/golden/vectors.json, read here, by tests/test_golden.py and by
//! tests/test_capi.py. If one of them changes, the format changed: bump `FORMAT_VERSION` and
//! update docs/DETERMINISM.md. Never change them silently.

use mulligan_core::rng::{ChaChaStream, ShuffleWords, Words};
use mulligan_core::seed::{lead_address, StreamId, DOMAIN_LEAD, DOMAIN_LIBRARY};
use mulligan_core::{
    Card, DeckList, Game, GameSetup, Library, MulliganRule, PlayerSetup, Seed, Start, Variant,
    FORMAT_VERSION,
};

/// tests/golden/vectors.json.
#[derive(serde::Deserialize)]
struct Vectors {
    format_version: u32,
    seed: String,
    commitments: std::collections::BTreeMap<String, String>,
    lead_block_0_0: Vec<u64>,
    keystream_library_0_0: Vec<u64>,
    shuffle_60: [Vec<u32>; 2],
    shuffle_10_stream_7: Vec<Vec<u32>>,
    hands_two_player_seat_0_starts: [Vec<u32>; 2],
    chooser_two_player: usize,
    choosers_free_for_all_3p_games_0_to_11: Vec<usize>,
    game_log_sha256: String,
    set_up_deck: String,
    set_up_log_sha256: String,
    smoothing: std::collections::BTreeMap<String, SmoothingVector>,
}

/// A smoothed game (`smoothing` in tests/golden/vectors.json): the script of
/// `game_log_sha256` (seat 0 mulligans once, bottoms its first card) under one model.
#[derive(serde::Deserialize)]
struct SmoothingVector {
    hands: [Vec<u32>; 2],
    log_sha256: String,
}

fn vectors() -> Vectors {
    let text = include_str!("../../../tests/golden/vectors.json");
    let mut v: serde_json::Value = serde_json::from_str(text).expect("tests/golden/vectors.json");
    if let Some(map) = v.as_object_mut() {
        map.remove("about");
        map.remove("deck");
        if let Some(serde_json::Value::Object(sm)) = map.get_mut("smoothing") {
            sm.remove("about");
        }
    }
    serde_json::from_value(v).expect("the vectors' fields")
}

fn seed() -> Seed {
    let s = Seed::from_bytes(core::array::from_fn(|i| i as u8));
    assert_eq!(s.hex(), vectors().seed);
    s
}

#[test]
fn format_version_is_two() {
    assert_eq!(FORMAT_VERSION, 2);
    assert_eq!(vectors().format_version, FORMAT_VERSION);
}

#[test]
fn lead_words() {
    // The lead block of library streams 0, 1 << 8, …, 7 << 8 (seat 0 of games 0–7), shuffle 0.
    let (id, word) = lead_address(0, 0);
    assert_eq!((id, word), (StreamId::new(DOMAIN_LEAD, 0, 0), 0));
    let mut s = ChaChaStream::new(&seed(), id);
    let words: Vec<u64> = (0..8).map(|_| s.next_u64()).collect();
    let v = vectors();
    assert_eq!(words, v.lead_block_0_0);
    for game in 0..8u64 {
        assert_eq!(lead_address(game << 8, 0), (id, game as usize));
    }
    // A shuffle reads its lead word, then its own stream.
    let mut w = ShuffleWords::new(&seed(), 0, 0);
    assert_eq!(w.next_u64(), v.lead_block_0_0[0]);
    assert_eq!(w.next_u64(), v.keystream_library_0_0[0]);
}

#[test]
fn commitments() {
    let v = vectors();
    assert_eq!(v.commitments.len(), 2);
    for (hex, commitment) in &v.commitments {
        assert_eq!(&Seed::from_hex(hex).unwrap().commitment(), commitment);
    }
    assert!(v.commitments.contains_key(&seed().hex()));
}

#[test]
fn library_shuffles() {
    let v = vectors();
    let mut lib = Library::new((0..60).collect(), seed(), 0).unwrap();
    for expect in &v.shuffle_60 {
        lib.shuffle().unwrap();
        assert_eq!(lib.cards(), &expect[..]);
    }
    let mut lib = Library::new((0..10).collect(), seed(), 7).unwrap();
    assert_eq!(v.shuffle_10_stream_7.len(), 3);
    for expect in &v.shuffle_10_stream_7 {
        lib.shuffle().unwrap();
        assert_eq!(lib.cards(), &expect[..]);
    }
}

#[test]
fn keystream_words() {
    let mut s = ChaChaStream::new(&seed(), StreamId::new(DOMAIN_LIBRARY, 0, 0));
    let words: Vec<u64> = (0..3).map(|_| s.next_u64()).collect();
    assert_eq!(words, vectors().keystream_library_0_0);
}

fn deck() -> DeckList {
    let mut main: Vec<Card> = (0..24)
        .map(|i| Card::new(format!("L{i}"), true, vec![]))
        .collect();
    main.extend((0..36).map(|i| Card::new(format!("S{i}"), false, vec![])));
    DeckList {
        main,
        ..DeckList::default()
    }
}

fn game(players: usize, variant: Variant, start: Start, game_index: u64) -> Game {
    smoothed_game(players, variant, start, game_index, Default::default())
}

fn smoothed_game(
    players: usize,
    variant: Variant,
    start: Start,
    game_index: u64,
    house: mulligan_core::HouseRules,
) -> Game {
    Game::new(GameSetup {
        house,
        players: (0..players)
            .map(|i| PlayerSetup::new(format!("P{i}"), deck()))
            .collect(),
        variant,
        rule: MulliganRule::London,
        seed: seed(),
        game_index,
        start,
    })
    .unwrap()
}

#[test]
fn game_opening_hands_are_library_stream_prefixes() {
    let v = vectors();
    let g = game(2, Variant::TwoPlayer, Start::Seat(0), 0);
    assert_eq!(v.hands_two_player_seat_0_starts[0], v.shuffle_60[0][..7]);
    for seat in 0..2 {
        assert_eq!(
            g.hand(seat).unwrap(),
            &v.hands_two_player_seat_0_starts[seat][..]
        );
    }
}

#[test]
fn starting_player_choosers() {
    let v = vectors();
    assert_eq!(
        game(2, Variant::TwoPlayer, Start::Random, 0).pending()[0].seat,
        v.chooser_two_player
    );
    let choosers: Vec<usize> = (0..12)
        .map(|k| game(3, Variant::FreeForAll, Start::Random, k).pending()[0].seat)
        .collect();
    assert_eq!(choosers, v.choosers_free_for_all_3p_games_0_to_11);
}

/// JSON with every object's keys sorted and no spaces: Python's
/// `json.dumps(x, sort_keys=True, separators=(",", ":"))` for ASCII text.
fn canonical(value: &serde_json::Value) -> String {
    match value {
        serde_json::Value::Array(items) => {
            let parts: Vec<String> = items.iter().map(canonical).collect();
            format!("[{}]", parts.join(","))
        }
        serde_json::Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            let parts: Vec<String> = keys
                .into_iter()
                .map(|k| {
                    format!(
                        "{}:{}",
                        serde_json::Value::from(k.as_str()),
                        canonical(&map[k])
                    )
                })
                .collect();
            format!("{{{}}}", parts.join(","))
        }
        other => other.to_string(),
    }
}

fn digest(game: &Game) -> String {
    use sha2::{Digest, Sha256};
    let events: Vec<serde_json::Value> = game.events().iter().map(|e| e.to_json()).collect();
    let log = canonical(&serde_json::Value::Array(events));
    Sha256::digest(log.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A London game with a mulligan: the complete event log, as JSON, pinned by digest (the same
/// `GAME_LOG_SHA256` as in Python and through the C ABI).
#[test]
fn whole_event_log() {
    let mut g = game(2, Variant::TwoPlayer, Start::Seat(0), 0);
    g.mulligan(0).unwrap();
    g.keep(1).unwrap();
    let first = g.hand(0).unwrap()[0];
    g.bottom(0, &[first]).unwrap();
    g.keep(0).unwrap();
    assert!(g.done());
    assert_eq!(digest(&g), vectors().game_log_sha256);
}

/// Hand smoothing (not the rules, docs/VARIANTS.md): the `game_log_sha256` game under each
/// model, pinned by its hands and the digest of its whole event log (the same in
/// tests/test_golden.py). Smoothed outputs are pinned here since the release that made the
/// models the documented ones (docs/DETERMINISM.md, §7).
#[test]
fn smoothed_games() {
    let v = vectors();
    let models = mulligan_core::Smoothing::ALL;
    assert_eq!(v.smoothing.len(), models.len());
    let play = |model: mulligan_core::Smoothing| {
        let house = mulligan_core::HouseRules {
            smoothing: Some(model),
            ..Default::default()
        };
        let mut g = smoothed_game(2, Variant::TwoPlayer, Start::Seat(0), 0, house);
        g.mulligan(0).unwrap();
        g.keep(1).unwrap();
        let first = g.hand(0).unwrap()[0];
        g.bottom(0, &[first]).unwrap();
        g.keep(0).unwrap();
        assert!(g.done());
        let hands = [g.hand(0).unwrap().to_vec(), g.hand(1).unwrap().to_vec()];
        (model.name(), hands, digest(&g))
    };
    let got: Vec<_> = models.into_iter().map(play).collect();
    let want: Vec<_> = models
        .into_iter()
        .map(|m| {
            let w = &v.smoothing[m.name()];
            (m.name(), w.hands.clone(), w.log_sha256.clone())
        })
        .collect();
    assert_eq!(got, want);
}

/// 103.2 after 103.1, each step for every player in turn order: the same digest as
/// `SET_UP_LOG_SHA256` in tests/test_golden.py (and tests/test_capi.py).
#[test]
fn whole_event_log_with_set_up() {
    let v = vectors();
    let deck = DeckList::parse(&v.set_up_deck).unwrap();
    let setup = GameSetup {
        house: Default::default(),
        players: ["A", "B", "C"]
            .iter()
            .map(|n| PlayerSetup::new(*n, deck.clone()))
            .collect(),
        variant: Variant::Commander,
        rule: MulliganRule::London,
        seed: seed(),
        game_index: 0,
        start: Start::Seat(1),
    };
    let mut game = Game::new(setup).unwrap();
    for seat in [1, 2, 0] {
        game.keep(seat).unwrap();
    }
    assert!(game.done());
    assert_eq!(digest(&game), v.set_up_log_sha256);
}

/// `whole_game` in tests/golden/vectors.json: the table phase after 103.8.
#[derive(serde::Deserialize)]
struct WholeGameVector {
    answers: Vec<mulligan_core::Answer>,
    libraries: Vec<[Vec<u32>; 2]>,
    hands: [Vec<u32>; 2],
    log_sha256: String,
}

/// The whole game (docs/DETERMINISM.md §5, "A whole game"): after 103.8 every shuffle is the
/// library's next shuffle number of its own stream. A fixed sequence of actions (a shuffle
/// (701.24a), a search then a fetch (701.24b), a shuffle-in from the graveyard (701.24c), of
/// nothing (701.24d), with a card at a set position (701.24g), two simultaneous shuffles and a
/// Timetwister of both libraries (701.24f), a search of another seat's library through the
/// host) gives the same library orders after each action, the same hands, and the same event
/// log, in Rust, Python (tests/test_golden.py) and C (tests/test_capi.py).
#[test]
fn whole_game_shuffles() {
    let text = include_str!("../../../tests/golden/vectors.json");
    let v: serde_json::Value = serde_json::from_str(text).unwrap();
    let w: WholeGameVector = serde_json::from_value(v["whole_game"].clone()).unwrap();
    assert_eq!(w.answers.len(), w.libraries.len());
    let setup = GameSetup {
        house: Default::default(),
        players: ["A", "B"]
            .iter()
            .map(|n| PlayerSetup::new(*n, deck()))
            .collect(),
        variant: Variant::TwoPlayer,
        rule: MulliganRule::London,
        seed: seed(),
        game_index: 0,
        start: Start::Seat(0),
    };
    let mut g = Game::with_whole_game(setup, true).unwrap();
    g.keep(0).unwrap();
    g.keep(1).unwrap();
    assert!(g.done() && !g.ended());
    let library = |g: &Game, s: usize| -> Vec<u32> {
        g.zones(s).unwrap().library.iter().map(|c| c.id).collect()
    };
    for (k, (answer, want)) in w.answers.into_iter().zip(&w.libraries).enumerate() {
        g.apply(answer).unwrap();
        assert_eq!([library(&g, 0), library(&g, 1)], *want, "after answer {k}");
    }
    let hand = |s: usize| -> Vec<u32> { g.zones(s).unwrap().hand.iter().map(|c| c.id).collect() };
    assert_eq!([hand(0), hand(1)], w.hands);
    g.end().unwrap();
    assert_eq!(digest(&g), w.log_sha256);
}
