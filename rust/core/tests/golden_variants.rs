//! Golden vectors of the mulligan variants and table options (docs/VARIANTS.md, and
//! docs/DETERMINISM.md §5): for each, a game played by a fixed script under a fixed seed, pinned
//! by its opening hands and the SHA-256 of its whole event log. The options read the library
//! streams in the order DETERMINISM.md gives and the smoothing stream (domain 5); a change to
//! any of these vectors is a format change. Never change them silently.

use mulligan_core::house::{HouseRules, Smoothing};
use mulligan_core::{
    Card, DecisionKind, DeckList, Game, GameSetup, MulliganRule, PlayerSetup, Seed, Start, Variant,
};
use sha2::{Digest, Sha256};

fn seed() -> Seed {
    Seed::from_bytes(core::array::from_fn(|i| i as u8))
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

fn lands() -> DeckList {
    DeckList {
        main: (0..60)
            .map(|i| Card::new(format!("L{i}"), true, vec![]))
            .collect(),
        ..DeckList::default()
    }
}

/// Seat 0 (all lands when the redraw is on, so that it is taken) mulligans twice (a partial mulligan of its first two cards under PARTIAL_PARIS, the
/// redraw first when it may), everyone else keeps; bottoms the first cards; Vancouver to the
/// bottom.
fn play(rule: MulliganRule, house: HouseRules) -> Game {
    let mut g = Game::new(GameSetup {
        house,
        players: (0..3)
            .map(|i| {
                let d = if i == 0 && house.land_mulligan {
                    lands()
                } else {
                    deck()
                };
                PlayerSetup::new(format!("P{i}"), d)
            })
            .collect(),
        variant: Variant::FreeForAll,
        rule,
        seed: seed(),
        game_index: 5,
        start: Start::Seat(0),
    })
    .unwrap();
    let mut mulligans = 0;
    while let Some(d) = g.pending().first().cloned() {
        match d.kind {
            DecisionKind::KeepOrMulligan if d.seat == 0 && d.can_land_mulligan => {
                g.land_mulligan(0)
            }
            DecisionKind::KeepOrMulligan if d.seat == 0 && mulligans < 2 && d.can_mulligan => {
                mulligans += 1;
                if rule == MulliganRule::PartialParis {
                    g.partial_mulligan(0, &d.hand_ids()[..2])
                } else {
                    g.mulligan(0)
                }
            }
            DecisionKind::KeepOrMulligan => g.keep(d.seat),
            DecisionKind::Bottom => g.bottom(d.seat, &d.hand_ids()[..d.count.unwrap()]),
            DecisionKind::Vancouver => g.vancouver(d.seat, true),
            DecisionKind::OpeningHandAction => g.pass_actions(d.seat),
            DecisionKind::ChooseStartingPlayer => g.choose_starting_player(d.seat, 0),
        }
        .unwrap();
    }
    g
}

fn digest(g: &Game) -> String {
    let mut h = Sha256::new();
    for e in g.events() {
        h.update(e.to_json().to_string());
        h.update(b"\n");
    }
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

fn house(f: impl FnOnce(&mut HouseRules)) -> HouseRules {
    let mut h = HouseRules::default();
    f(&mut h);
    h
}

#[test]
fn variant_games_are_pinned() {
    let cases: Vec<(&str, MulliganRule, HouseRules)> = vec![
        ("partial_paris", MulliganRule::PartialParis, house(|_| {})),
        (
            "canadian_highlander",
            MulliganRule::CanadianHighlander,
            house(|_| {}),
        ),
        (
            "houston",
            MulliganRule::Houston,
            house(|h| h.free_mulligans = 1),
        ),
        (
            "free_mulligans",
            MulliganRule::London,
            house(|h| h.free_mulligans = 2),
        ),
        (
            "land_mulligan",
            MulliganRule::Paris,
            house(|h| h.land_mulligan = true),
        ),
        (
            "arena2",
            MulliganRule::London,
            house(|h| h.smoothing = Some(Smoothing::Arena2)),
        ),
        (
            "weighted3",
            MulliganRule::London,
            house(|h| h.smoothing = Some(Smoothing::Weighted3)),
        ),
        (
            "smoothed_london",
            MulliganRule::London,
            house(|h| h.smoothing = Some(Smoothing::SmoothedLondon)),
        ),
    ];
    let got: Vec<(&str, Vec<u32>, String)> = cases
        .into_iter()
        .map(|(name, rule, h)| {
            let g = play(rule, h);
            (name, g.hand(0).unwrap().to_vec(), digest(&g))
        })
        .collect();
    for ((name, hand, d), (wname, whand, wd)) in got.iter().zip(GOLDEN) {
        assert_eq!(
            (*name, hand.as_slice(), d.as_str()),
            (*wname, *whand, *wd),
            "golden vector {name}"
        );
    }
    assert_eq!(got.len(), GOLDEN.len());
}

const GOLDEN: &[(&str, &[u32], &str)] = &[
    (
        "partial_paris",
        &[24, 20, 0, 36, 28, 25],
        "f8dc9ddc8b86338d371ddaf0b0ce8b637a5ce8bb457ea9ea7767e55037383165",
    ),
    (
        "canadian_highlander",
        &[34, 24, 36, 1, 43, 45],
        "882e89c9eae61e67d27a1356c676a556547489efc251e33ecf563b39b6b8dce0",
    ),
    (
        "houston",
        &[1, 43, 45, 27, 4, 31, 41],
        "e2b5b4d1ef8ec3cc5afd7e0c6ca7981debb43291f9fdf475df0541526844d482",
    ),
    (
        "free_mulligans",
        &[34, 24, 36, 1, 43, 45, 27],
        "95df894c4dbc79a588240727d7e0affc8960b303cc8742c084b723935b92ba0b",
    ),
    (
        "land_mulligan",
        &[48, 55, 28, 14, 43, 2],
        "fc80ea4a25457de82137ccb935c628363bc9f2eee70aadbd1960cc38af7c1f8b",
    ),
    (
        "arena2",
        &[55, 28, 14, 43, 2, 18],
        "9204dbe67acf726eb1e9e9381c0da44e6012cd45421160673038dd2d0c2b8102",
    ),
    (
        "weighted3",
        &[0, 35, 41, 25, 9, 8],
        "0dd8c537a9f13d7ca0d0f8763cc133c48e9ce475f96737e7553dab7376dd274e",
    ),
    (
        "smoothed_london",
        &[0, 35, 41, 25, 9, 8],
        "be080564065ece62d13277a5c3a597e2509bd191bf8f6d5549cb41901b3991fe",
    ),
];
