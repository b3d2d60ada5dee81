//! The bulk engine's paths against the game path, game by game (docs/VARIANTS.md): every era
//! and variant on the rounds and on the general path, partial Paris dealt from one shuffle, and
//! short libraries, against [`GamePath`] (games played as a `Game`, the reference of every
//! other path), which is itself checked against the game.

use super::variants::{config, deck, seed};
use super::*;
use crate::house::HouseRules;
use crate::rules::MulliganRule;

/// Games `start .. start + games` by the bulk paths (two threads) and by the reference
/// [`GamePath`] (every game a `Game`): asserts they agree game by game and in their counts.
pub(super) fn equals_the_games<P: Policy + Clone + Send>(
    cfg: Config,
    lands: &[bool],
    policy: &P,
    (start, games): (u64, u64),
    what: &str,
) -> Vec<Outcome> {
    let reference = GamePath(policy.clone());
    let range = (start, games, 2);
    super::paths_agree(&seed(), (cfg, lands), policy, &reference, range, what)
}

/// Case `k`'s configuration of `rule` for a deck of `deck_size`: a spread of options without
/// the whole product, each case its own mix of free mulligans, the free first mulligan and
/// hand size.
fn mixed_case(rule: MulliganRule, deck_size: usize, land_mulligan: bool, k: u64) -> Config {
    Config {
        rule,
        free_first: k % 4 == 1,
        hand_size: [7, 6, 9, 7, 5][(k % 5) as usize],
        deck_size,
        house: HouseRules {
            free_mulligans: (k % 3) as u32,
            land_mulligan,
            ..HouseRules::default()
        },
    }
}

/// A deck of `n` cards, `lands` of them lands, every third card tagged `ramp`.
fn tagged(n: usize) -> Vec<Vec<String>> {
    (0..n)
        .map(|i| match i % 3 {
            0 => vec!["ramp".to_string()],
            _ => vec![],
        })
        .collect()
}

/// A keep rule that mulligans a short deck's hands down to one card (exact land counts for
/// each size), for the tests where the library runs out during the mulligans.
pub(super) fn short_deck_rule(lands: &[bool]) -> CompiledRule {
    land_rule(
        lands,
        vec![(7, 3, 3), (6, 3, 3), (5, 2, 2), (4, 2, 2), (3, 1, 1)],
        Some(1),
        Bottom::Balance,
    )
}

/// The keep rules of the differential tests: count rules (land ranges, each bottom strategy,
/// each partial Paris exile policy), a rule with one tag requirement (the tag kernels on AVX2),
/// and one with two (no count tables: every hand by the general path).
pub(super) fn rules(lands: &[bool]) -> Vec<(&'static str, CompiledRule)> {
    let tags = tagged(lands.len());
    let make = |bottom, requires: Vec<(&str, u32)>, exile| {
        KeepRule {
            ranges: vec![(9, 3, 6), (8, 2, 5), (7, 2, 5), (6, 2, 4), (5, 1, 4)],
            keep_at: Some(3),
            bottom,
            requires: requires
                .into_iter()
                .map(|(t, n)| (t.to_string(), n))
                .collect(),
            exile,
            min_sources: vec![],
            requires_cards: vec![],
        }
        .compile(lands, &tags)
        .unwrap()
    };
    vec![
        ("balance", make(Bottom::Balance, vec![], Exile::Hand)),
        ("lands first", make(Bottom::LandsFirst, vec![], Exile::Hand)),
        (
            "spells first",
            make(Bottom::SpellsFirst, vec![], Exile::Excess),
        ),
        (
            "one tag",
            make(Bottom::Balance, vec![("ramp", 1)], Exile::Excess),
        ),
        (
            "two tags",
            make(
                Bottom::SpellsFirst,
                vec![("ramp", 1), ("x", 0)],
                Exile::Hand,
            ),
        ),
        ("excess", make(Bottom::Balance, vec![], Exile::Excess)),
        (
            "four conditions",
            conditions_rule(lands, Bottom::SpellsFirst, Exile::Excess, false),
        ),
        (
            "five conditions",
            conditions_rule(lands, Bottom::Balance, Exile::Hand, true),
        ),
    ]
}

/// A rule with four card conditions (on the set kernels: a tag, a blue and a red source, a
/// named card) or five (one more tag: every hand by the general path), on a deck whose card
/// `i` is tagged as [`tagged`] says, named "Bolt" when `i % 5 == 2`, and whose lands add blue
/// when `i % 2 == 0` and red when `i % 3 != 1`.
fn conditions_rule(lands: &[bool], bottom: Bottom, exile: Exile, five: bool) -> CompiledRule {
    let n = lands.len();
    let cards = RuleCards {
        lands: lands.to_vec(),
        tags: tagged(n),
        names: (0..n)
            .map(|i| {
                if i % 5 == 2 {
                    "Bolt".into()
                } else {
                    String::new()
                }
            })
            .collect(),
        colours: (0..n)
            .map(|i| u8::from(lands[i]) * (u8::from(i % 2 == 0) * 2 + u8::from(i % 3 != 1) * 8))
            .collect(),
    };
    let mut requires = vec![("ramp".to_string(), 1)];
    if five {
        requires.push(("x".to_string(), 0));
    }
    let rule = KeepRule {
        ranges: vec![(9, 3, 6), (8, 2, 5), (7, 2, 5), (6, 2, 4), (5, 1, 4)],
        keep_at: Some(3),
        bottom,
        requires,
        min_sources: vec![("U".into(), 1), ("R".into(), 1)],
        requires_cards: vec![CardsRequirement {
            cards: vec!["bolt".into()],
            min: 1,
        }],
        exile,
    }
    .compile_for(&cards)
    .unwrap();
    assert_eq!(rule.count_rule(7).is_some(), !five);
    rule
}

/// The variants that run on the engine's rounds (Canadian Highlander, Houston, the land
/// redraw in every era that allows it) equal the games a `Game` plays, game by game: deck
/// sizes 40, 60, 100 and 250 (over 128: the byte-flag kernel), hand sizes 5 to 9, 0 to 2
/// table free mulligans, 103.5c's free first mulligan (Brawl), every keep rule of [`rules`].
#[test]
fn the_variants_on_rounds_equal_the_game_path() {
    let cases = [
        (MulliganRule::CanadianHighlander, false),
        (MulliganRule::Houston, false),
        (MulliganRule::NoMulligan, false),
        (MulliganRule::NoMulligan, true),
        (MulliganRule::London, true),
        (MulliganRule::Vancouver, true),
        (MulliganRule::Paris, true),
        (MulliganRule::ParisSequential, true),
        (MulliganRule::CanadianHighlander, true),
    ];
    let mut k = 0u64;
    for (rule, land_mulligan) in cases {
        for (n, l) in [(40usize, 16usize), (60, 24), (100, 38), (250, 100)] {
            let lands = deck(n, l);
            for (name, keep) in rules(&lands) {
                k += 1;
                let cfg = mixed_case(rule, n, land_mulligan, k);
                let (free_mulligans, free_first) = (cfg.house.free_mulligans, cfg.free_first);
                let hand_size = cfg.hand_size;
                let what = format!(
                    "{rule:?} land_mulligan={land_mulligan} deck {n} keep {name} hand \
                     {hand_size} free {free_mulligans} free_first {free_first}"
                );
                let out = equals_the_games(cfg, &lands, &keep, (1000 * k, 150), &what);
                if rule == MulliganRule::CanadianHighlander && free_mulligans == 0 && !free_first {
                    // Hands of h, h - 1, h - 1, h - 2, h - 2, …
                    for o in &out {
                        let m = usize::from(o.mulligans);
                        assert_eq!(usize::from(o.hand_size), hand_size - m.div_ceil(2), "{o:?}");
                    }
                }
                if matches!(rule, MulliganRule::Houston | MulliganRule::NoMulligan) {
                    // Only the free mulligans, each the full hand again.
                    let free = free_mulligans + u32::from(free_first);
                    assert!(out
                        .iter()
                        .all(|o| u32::from(o.mulligans) <= free
                            && usize::from(o.hand_size) == hand_size));
                }
            }
        }
    }
}

/// The same through the general path (a policy without count tables) and with a policy that
/// mulligans more, so that late rounds and the redraw's rounds are reached.
#[test]
fn the_general_path_of_the_variants_equals_the_game_path() {
    let lands = deck(60, 9);
    let keep = land_rule(
        &lands,
        vec![(7, 3, 4), (6, 3, 3), (5, 2, 3), (4, 2, 2)],
        Some(2),
        Bottom::Balance,
    );
    for rule in [
        MulliganRule::CanadianHighlander,
        MulliganRule::Houston,
        MulliganRule::NoMulligan,
        MulliganRule::London,
        MulliganRule::Vancouver,
    ] {
        for (free_mulligans, land_mulligan) in [(0, false), (2, false), (1, true)] {
            if rule == MulliganRule::Houston && land_mulligan {
                continue;
            }
            let cfg = Config {
                rule,
                free_first: free_mulligans == 1,
                hand_size: 7,
                deck_size: 60,
                house: HouseRules {
                    free_mulligans,
                    land_mulligan,
                    ..HouseRules::default()
                },
            };
            let what = format!("{rule:?} free {free_mulligans} land {land_mulligan}");
            let a = equals_the_games(cfg, &lands, &keep, (3, 400), &what);
            let b = equals_the_games(cfg, &lands, &GeneralPath(keep.clone()), (3, 400), &what);
            assert_eq!(a, b, "{what}");
            if cfg.max_mulligans() >= 2 {
                assert!(
                    a.iter().any(|o| o.mulligans >= 2),
                    "{what}: late rounds reached"
                );
            }
        }
    }
}

#[test]
fn the_game_path_is_the_game() {
    // Seat 0 of Game(seed, game_index = i), driven by the same policy, for each option that
    // plays games (tests/test_variants.py checks the same against a 2- and 3-player table
    // driven from Python).
    let lands = deck(40, 16);
    let keep = KeepRule::default()
        .compile(&lands, &vec![vec![]; 40])
        .unwrap();
    let houses = [
        (
            MulliganRule::PartialParis,
            HouseRules {
                smoothing: Some(crate::house::Smoothing::Arena2),
                ..HouseRules::default()
            },
        ),
        (
            MulliganRule::Vancouver,
            HouseRules {
                smoothing: Some(crate::house::Smoothing::Weighted3),
                ..HouseRules::default()
            },
        ),
    ];
    for (rule, house) in houses {
        let cfg = config(rule, 40, house);
        let keep = GamePath(keep.clone());
        let mut a = vec![Outcome::default(); 200];
        let mut b = vec![Outcome::default(); 200];
        let ca = simulate(
            &seed(),
            cfg,
            &lands,
            &keep,
            Span::new(7, 200).recording(&mut a),
            2,
        )
        .unwrap()
        .unwrap();
        let cb = simulate_serial(
            &seed(),
            cfg,
            &lands,
            &mut keep.clone(),
            Span::new(7, 200).recording(&mut b),
            None,
        )
        .unwrap()
        .unwrap();
        assert_eq!(a, b, "threads do not change a game");
        assert_eq!(ca, cb);
        assert_eq!(ca.mulligans.len(), cfg.max_mulligans() + 1);
    }
}

/// PARTIAL_PARIS, dealt from one shuffle without a `Game`, equals the games a `Game` plays:
/// deck sizes 40, 60, 100 and 250, hand sizes 5 to 9, 0 to 2 table free mulligans, 103.5c's
/// free first mulligan, the land redraw, every keep rule of [`rules`] (count rules, one tag,
/// two tags) and the general path.
#[test]
fn partial_paris_equals_the_game_path() {
    let mut k = 0u64;
    for land_mulligan in [false, true] {
        for (n, l) in [(40usize, 12usize), (60, 24), (100, 38), (250, 100)] {
            let lands = deck(n, l);
            for (name, keep) in rules(&lands) {
                k += 1;
                let cfg = mixed_case(MulliganRule::PartialParis, n, land_mulligan, k);
                let (free_mulligans, free_first) = (cfg.house.free_mulligans, cfg.free_first);
                let hand_size = cfg.hand_size;
                let what = format!(
                    "land_mulligan={land_mulligan} deck {n} keep {name} hand {hand_size} \
                     free {free_mulligans} free_first {free_first}"
                );
                let a = equals_the_games(cfg, &lands, &keep, (500 * k, 150), &what);
                let b = equals_the_games(
                    cfg,
                    &lands,
                    &GeneralPath(keep.clone()),
                    (500 * k, 150),
                    &what,
                );
                assert_eq!(a, b);
                // A hand of 4 has no land range: kept. So 5-card hands mulligan once at most
                // (but for free ones).
                if hand_size > 5 {
                    let many = a.iter().any(|o| o.mulligans >= 2);
                    assert!(many, "{what}: mulligans reached");
                }
                if free_mulligans == 0 && !free_first {
                    for o in &a {
                        let m = usize::from(o.mulligans);
                        assert_eq!(usize::from(o.hand_size), hand_size - m.min(hand_size));
                    }
                }
            }
        }
    }
}

/// A small deck: the library runs out during the mulligans (draws give fewer cards).
#[test]
fn partial_paris_with_a_short_library_equals_the_game_path() {
    for n in [0usize, 1, 5, 9, 12, 20] {
        let lands = deck(n, n / 3);
        let keep = short_deck_rule(&lands);
        let cfg = Config {
            rule: MulliganRule::PartialParis,
            free_first: true,
            hand_size: 7,
            deck_size: n,
            house: HouseRules {
                free_mulligans: 1,
                land_mulligan: true,
                ..HouseRules::default()
            },
        };
        equals_the_games(cfg, &lands, &keep, (0, 200), &format!("deck {n}"));
        let excess = keep.clone().with_exile(Exile::Excess);
        equals_the_games(cfg, &lands, &excess, (0, 200), &format!("deck {n}, excess"));
    }
}

/// Decks smaller than the hand: in the eras that draw fewer, each hand is one card fewer than
/// the hand shuffled away (so a short library shortens the later hands), and an empty hand
/// cannot mulligan, as in the `Game`.
#[test]
fn decks_smaller_than_the_hand_equal_the_game_path() {
    let rules = [
        MulliganRule::Paris,
        MulliganRule::ParisSequential,
        MulliganRule::Vancouver,
        MulliganRule::CanadianHighlander,
        MulliganRule::London,
        MulliganRule::Houston,
        MulliganRule::NoMulligan,
    ];
    for rule in rules {
        for n in [0usize, 1, 2, 3, 5, 6, 8, 9, 12] {
            let lands = deck(n, n / 2);
            let keep = land_rule(
                &lands,
                (1..=7).map(|s| (s, 1, 1)).collect(),
                None,
                Bottom::Balance,
            );
            for free_first in [false, true] {
                let cfg = Config {
                    rule,
                    free_first,
                    hand_size: 7,
                    deck_size: n,
                    house: HouseRules {
                        free_mulligans: u32::from(matches!(
                            rule,
                            MulliganRule::Houston | MulliganRule::NoMulligan
                        )),
                        ..HouseRules::default()
                    },
                };
                let what = format!("{rule:?} deck {n} free_first {free_first}");
                equals_the_games(cfg, &lands, &keep, (0, 100), &what);
            }
        }
    }
}
