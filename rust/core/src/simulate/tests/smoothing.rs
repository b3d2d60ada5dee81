//! Hand smoothing on the engine (`simulate::smoothing`) equals the games a `Game` plays
//! ([`GamePath`]), game by game: every era each model allows, deck sizes 0 to 250, hand sizes
//! 5 to 9, 2 to 8 candidates, free mulligans (the table's and 103.5c's), the land redraw,
//! count keep rules (with and without tags) and the general path.

use super::game_path::{equals_the_games, rules, short_deck_rule};
use super::variants::deck;
use super::*;
use crate::house::{HouseRules, Smoothing};
use crate::rules::MulliganRule;

fn config(rule: MulliganRule, n: usize, hand_size: usize, house: HouseRules) -> Config {
    Config {
        rule,
        free_first: false,
        hand_size,
        deck_size: n,
        house,
    }
}

#[test]
fn arena2_and_weighted3_equal_the_game_path() {
    let mut k = 0u64;
    for model in [Smoothing::Arena2, Smoothing::Weighted3] {
        for rule in MulliganRule::ALL {
            for (n, l) in [(40usize, 12usize), (60, 24), (100, 38), (250, 100)] {
                let lands = deck(n, l);
                for (name, keep) in rules(&lands) {
                    k += 1;
                    let candidates = 2 + (k % 7) as u32;
                    let land_mulligan = rule != MulliganRule::Houston && k % 2 == 0;
                    let house = HouseRules {
                        free_mulligans: (k % 3) as u32,
                        land_mulligan,
                        smoothing: Some(model),
                        smoothing_candidates: Some(candidates),
                    };
                    let hand_size = [7, 6, 9, 7, 5][(k % 5) as usize];
                    let mut cfg = config(rule, n, hand_size, house);
                    cfg.free_first = k % 4 == 1;
                    let what = format!(
                        "{model:?} {rule:?} deck {n} keep {name} hand {hand_size} {house:?} \
                         free_first {}",
                        cfg.free_first
                    );
                    let a = equals_the_games(cfg, &lands, &keep, (300 * k, 60), &what);
                    let general = GeneralPath(keep.clone());
                    let b = equals_the_games(cfg, &lands, &general, (300 * k, 60), &what);
                    assert_eq!(a, b, "{what}");
                }
            }
        }
    }
}

/// Every candidate count, the model's default, and both models pick differently from the
/// rules' own hand (so the test above compares hands the smoothing changed).
#[test]
fn every_candidate_count_equals_the_game_path() {
    let lands = deck(60, 24);
    let keep = rules(&lands).remove(0).1;
    for model in [Smoothing::Arena2, Smoothing::Weighted3] {
        for candidates in [
            None,
            Some(2),
            Some(3),
            Some(4),
            Some(5),
            Some(6),
            Some(7),
            Some(8),
        ] {
            let house = HouseRules {
                smoothing: Some(model),
                smoothing_candidates: candidates,
                ..HouseRules::default()
            };
            let cfg = config(MulliganRule::London, 60, 7, house);
            let what = format!("{model:?} {candidates:?}");
            let a = equals_the_games(cfg, &lands, &keep, (0, 400), &what);
            let plain = config(MulliganRule::London, 60, 7, HouseRules::default());
            let b = equals_the_games(plain, &lands, &keep, (0, 400), "rules");
            assert_ne!(a, b, "{what}: smoothing changes some hands");
        }
    }
}

/// Short libraries (fewer cards than the hand, or than two hands for smoothed London).
#[test]
fn smoothing_with_a_short_library_equals_the_game_path() {
    for n in [0usize, 1, 2, 5, 9, 12, 13, 14, 15, 20] {
        let lands = deck(n, n / 3);
        let keep = short_deck_rule(&lands);
        for model in Smoothing::ALL {
            for rule in MulliganRule::ALL {
                if model == Smoothing::SmoothedLondon && rule != MulliganRule::London {
                    continue;
                }
                let house = HouseRules {
                    free_mulligans: 1,
                    land_mulligan: rule != MulliganRule::Houston,
                    smoothing: Some(model),
                    smoothing_candidates: None,
                };
                let mut cfg = config(rule, n, 7, house);
                cfg.free_first = true;
                let what = format!("{model:?} {rule:?} deck {n}");
                equals_the_games(cfg, &lands, &keep, (0, 80), &what);
            }
        }
    }
}

#[test]
fn smoothed_london_equals_the_game_path() {
    let (mut k, mut later) = (0u64, 0usize);
    for (n, l) in [
        (40usize, 12usize),
        (60, 24),
        (100, 38),
        (250, 100),
        (17, 0),
        (16, 16),
    ] {
        let lands = deck(n, l);
        for (name, keep) in rules(&lands) {
            for land_mulligan in [false, true] {
                k += 1;
                let house = HouseRules {
                    free_mulligans: (k % 3) as u32,
                    land_mulligan,
                    smoothing: Some(Smoothing::SmoothedLondon),
                    smoothing_candidates: (k % 2 == 0).then_some(2),
                };
                let hand_size = [7, 6, 9, 7, 5, 8][(k % 6) as usize];
                let mut cfg = config(MulliganRule::London, n, hand_size, house);
                cfg.free_first = k % 4 == 1;
                let what = format!(
                    "deck {n} keep {name} hand {hand_size} {house:?} free_first {}",
                    cfg.free_first
                );
                let a = equals_the_games(cfg, &lands, &keep, (300 * k, 100), &what);
                let general = GeneralPath(keep.clone());
                let b = equals_the_games(cfg, &lands, &general, (300 * k, 100), &what);
                assert_eq!(a, b, "{what}");
                later += a.iter().filter(|o| o.mulligans >= 2).count();
                let plain = Config {
                    house: HouseRules {
                        smoothing: None,
                        smoothing_candidates: None,
                        ..house
                    },
                    ..cfg
                };
                let rules = equals_the_games(plain, &lands, &keep, (300 * k, 100), "rules");
                if l > 0 && l < n {
                    assert_ne!(a, rules, "{what}: smoothing changes some hands");
                }
            }
        }
    }
    // The smoothed draws of later mulligans are reached, not only the opening hand's.
    assert!(later > 100, "{later} games took two mulligans or more");
}
