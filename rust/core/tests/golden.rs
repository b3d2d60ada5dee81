//! Golden vectors: the seed-to-output derivation of FORMAT_VERSION 2, pinned. If one of these
//! changes, the format changed: bump `FORMAT_VERSION`, update docs/DETERMINISM.md, and update
//! the same vectors in tests/test_golden.py. Never change them silently.

use mulligan_core::rng::{ChaChaStream, ShuffleWords, Words};
use mulligan_core::seed::{lead_address, StreamId, DOMAIN_LEAD, DOMAIN_LIBRARY};
use mulligan_core::{
    Card, DeckList, Game, GameSetup, Library, MulliganRule, PlayerSetup, Seed, Start, Variant,
    FORMAT_VERSION,
};

fn seed() -> Seed {
    Seed::from_bytes(core::array::from_fn(|i| i as u8))
}

const SHUFFLE_60_FIRST: [u32; 60] = [
    25, 12, 4, 8, 38, 19, 32, 42, 47, 13, 37, 0, 33, 17, 40, 2, 54, 24, 56, 46, 57, 1, 22, 20, 35,
    49, 44, 7, 58, 6, 59, 30, 9, 21, 26, 27, 15, 36, 16, 34, 23, 45, 18, 11, 53, 3, 51, 39, 48, 10,
    55, 28, 31, 5, 14, 52, 50, 41, 43, 29,
];
const SHUFFLE_60_SECOND: [u32; 60] = [
    20, 26, 41, 0, 28, 9, 15, 35, 18, 46, 1, 50, 31, 13, 29, 53, 19, 7, 56, 47, 59, 44, 2, 4, 12,
    5, 38, 3, 24, 58, 11, 21, 32, 16, 42, 17, 40, 52, 14, 10, 33, 6, 34, 48, 39, 37, 23, 57, 43,
    49, 27, 25, 45, 36, 55, 51, 54, 8, 30, 22,
];

#[test]
fn format_version_is_two() {
    assert_eq!(FORMAT_VERSION, 2);
}

#[test]
fn lead_words() {
    // The lead block of library streams 0, 1 << 8, …, 7 << 8 (seat 0 of games 0–7), shuffle 0.
    let (id, word) = lead_address(0, 0);
    assert_eq!((id, word), (StreamId::new(DOMAIN_LEAD, 0, 0), 0));
    let mut s = ChaChaStream::new(&seed(), id);
    let words: Vec<u64> = (0..8).map(|_| s.next_u64()).collect();
    assert_eq!(words, LEAD_BLOCK_0_0);
    for game in 0..8u64 {
        assert_eq!(lead_address(game << 8, 0), (id, game as usize));
    }
    // A shuffle reads its lead word, then its own stream.
    let mut w = ShuffleWords::new(&seed(), 0, 0);
    assert_eq!(w.next_u64(), LEAD_BLOCK_0_0[0]);
    assert_eq!(w.next_u64(), KEYSTREAM_LIBRARY_0_0[0]);
}

const LEAD_BLOCK_0_0: [u64; 8] = [
    7743652288424198592,
    11687107007807884876,
    1564248469410166658,
    8651557084339624151,
    2827363840521752234,
    12075138515560641023,
    5447921909562818351,
    13912297432908376950,
];

#[test]
fn commitments() {
    assert_eq!(
        Seed::from_bytes([0; 32]).commitment(),
        "447d7d05ae3225f8beb1efa51aa38712de1898dac1a6b9e9936002a942e748df"
    );
    assert_eq!(
        seed().commitment(),
        "346ff16f08299135ee8f3af8db5337a576953ccdd44a07ad0edc089e399407b8"
    );
}

#[test]
fn library_shuffles() {
    let mut lib = Library::new((0..60).collect(), seed(), 0).unwrap();
    lib.shuffle().unwrap();
    assert_eq!(lib.cards(), &SHUFFLE_60_FIRST);
    lib.shuffle().unwrap();
    assert_eq!(lib.cards(), &SHUFFLE_60_SECOND);

    let mut lib = Library::new((0..10).collect(), seed(), 7).unwrap();
    let expect = [
        [3, 5, 9, 1, 6, 2, 4, 8, 7, 0],
        [5, 0, 3, 9, 6, 8, 7, 1, 4, 2],
        [9, 4, 1, 2, 7, 8, 5, 6, 3, 0],
    ];
    for e in expect {
        lib.shuffle().unwrap();
        assert_eq!(lib.cards(), &e);
    }
}

#[test]
fn keystream_words() {
    let mut s = ChaChaStream::new(&seed(), StreamId::new(DOMAIN_LIBRARY, 0, 0));
    let words: Vec<u64> = (0..3).map(|_| s.next_u64()).collect();
    assert_eq!(words, KEYSTREAM_LIBRARY_0_0);
}

const KEYSTREAM_LIBRARY_0_0: [u64; 3] = [
    13866678318252218053,
    16008507485444683553,
    12935710714114496310,
];

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
    Game::new(GameSetup {
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
    let g = game(2, Variant::TwoPlayer, Start::Seat(0), 0);
    assert_eq!(g.hand(0).unwrap(), &SHUFFLE_60_FIRST[..7]);
    assert_eq!(g.hand(1).unwrap(), &[3, 51, 32, 22, 44, 35, 37]);
}

#[test]
fn starting_player_choosers() {
    assert_eq!(
        game(2, Variant::TwoPlayer, Start::Random, 0).pending()[0].seat,
        0
    );
    let choosers: Vec<usize> = (0..12)
        .map(|k| game(3, Variant::FreeForAll, Start::Random, k).pending()[0].seat)
        .collect();
    assert_eq!(choosers, [0, 2, 1, 2, 2, 2, 1, 1, 2, 1, 0, 2]);
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

/// 103.2 after 103.1, each step for every player in turn order: the same digest as
/// `SET_UP_LOG_SHA256` in tests/test_golden.py (and tests/test_capi.py).
#[test]
fn whole_event_log_with_set_up() {
    use sha2::{Digest, Sha256};
    let deck = DeckList::parse(
        "Deck\n59 Forest\nSideboard\n2 Naturalize\nCommander\nOmnath\nCompanion\nLurrus",
    )
    .unwrap();
    let setup = GameSetup {
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
    let events: Vec<serde_json::Value> = game.events().iter().map(|e| e.to_json()).collect();
    let log = canonical(&serde_json::Value::Array(events));
    let digest: String = Sha256::digest(log.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    assert_eq!(
        digest,
        "5060ff83beb2ed29110d918788c6e8f1f83d161d9840f676e7ab6f6d273f3d6f"
    );
}
