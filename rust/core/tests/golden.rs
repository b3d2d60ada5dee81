//! Golden vectors: the seed-to-output derivation of FORMAT_VERSION 1, pinned. If one of these
//! changes, the format changed: bump `FORMAT_VERSION`, update docs/DETERMINISM.md, and update
//! the same vectors in tests/test_golden.py. Never change them silently.

use mulligan_core::rng::ChaChaStream;
use mulligan_core::seed::{StreamId, DOMAIN_LIBRARY};
use mulligan_core::{
    Card, DeckList, Game, GameSetup, Library, MulliganRule, PlayerSetup, Seed, Start, Variant,
    FORMAT_VERSION,
};

fn seed() -> Seed {
    Seed::from_bytes(core::array::from_fn(|i| i as u8))
}

const SHUFFLE_60_FIRST: [u32; 60] = [
    45, 7, 5, 56, 58, 13, 46, 1, 53, 15, 33, 26, 0, 48, 3, 10, 6, 8, 49, 17, 28, 51, 52, 37, 43,
    38, 54, 2, 59, 39, 31, 20, 44, 55, 27, 57, 25, 12, 50, 16, 19, 18, 11, 14, 40, 9, 36, 21, 22,
    30, 34, 4, 24, 47, 23, 32, 29, 41, 42, 35,
];
const SHUFFLE_60_SECOND: [u32; 60] = [
    12, 23, 37, 14, 42, 43, 40, 7, 0, 8, 27, 9, 13, 33, 29, 32, 4, 54, 52, 48, 16, 10, 57, 5, 3,
    35, 18, 1, 56, 45, 17, 22, 21, 58, 31, 50, 6, 15, 51, 11, 20, 30, 38, 19, 25, 41, 24, 28, 46,
    55, 59, 26, 44, 34, 47, 39, 49, 53, 36, 2,
];

#[test]
fn format_version_is_one() {
    assert_eq!(FORMAT_VERSION, 1);
}

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
        [7, 1, 0, 9, 4, 3, 6, 2, 8, 5],
        [0, 1, 3, 5, 9, 7, 8, 4, 6, 2],
        [8, 9, 0, 2, 5, 3, 7, 1, 6, 4],
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
    assert_eq!(g.hand(1).unwrap(), &[52, 16, 56, 51, 25, 9, 47]);
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
