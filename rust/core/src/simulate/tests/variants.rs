//! The variants and table options in the bulk engine (docs/VARIANTS.md): free mulligans on the
//! count kernels against the general path, and the exact distributions that have a closed
//! form. Statistical tests: fixed seeds; thresholds by Bonferroni over a family-wise alpha of
//! 1e-4 for the whole file (26 cells in all: 8 Houston cells, and for each of LONDON and NONE
//! 8 redraw cells and 1 redraw share),
//! each cell a two-sided normal test on a binomial count.

use super::*;
use crate::house::HouseRules;
use crate::rules::MulliganRule;
use crate::seed::Seed;

pub(super) fn seed() -> Seed {
    Seed::from_bytes([11; 32])
}

/// z for a two-sided per-cell alpha of 1e-4 / 26 = 3.8e-6 (the normal quantile 1 - 1.9e-6).
const Z: f64 = 4.62;

fn choose(n: u64, k: u64) -> f64 {
    if k > n {
        return 0.0;
    }
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

/// P(k lands among `draw` cards of a deck of `n` holding `lands`).
fn hypergeometric(n: u64, lands: u64, draw: u64, k: u64) -> f64 {
    choose(lands, k) * choose(n - lands, draw - k) / choose(n, draw)
}

fn within(observed: u64, games: u64, p: f64, what: &str) {
    let expected = games as f64 * p;
    let sd = (games as f64 * p * (1.0 - p)).sqrt().max(1e-9);
    let z = (observed as f64 - expected) / sd;
    assert!(
        z.abs() < Z,
        "{what}: observed {observed}, expected {expected:.1} (z = {z:.2})"
    );
}

pub(super) fn deck(n: usize, lands: usize) -> Vec<bool> {
    (0..n).map(|i| i < lands).collect()
}

fn keep_all(lands: &[bool], bottom: Bottom) -> CompiledRule {
    land_rule(lands, vec![], Some(MAX_HAND), bottom)
}

pub(super) fn config(rule: MulliganRule, deck_size: usize, house: HouseRules) -> Config {
    Config {
        rule,
        free_first: false,
        hand_size: 7,
        deck_size,
        house,
    }
}

#[test]
fn free_mulligans_run_on_the_kernels_and_equal_the_general_path() {
    for rule in [
        MulliganRule::London,
        MulliganRule::Vancouver,
        MulliganRule::Paris,
        MulliganRule::ParisSequential,
    ] {
        for (free_first, free_mulligans) in [(false, 2), (true, 1), (false, 5)] {
            let lands = deck(40, 15);
            let keep = land_rule(
                &lands,
                vec![(7, 3, 4), (6, 3, 4), (5, 2, 3)],
                Some(3),
                Bottom::Balance,
            );
            let mut cfg = config(
                rule,
                40,
                HouseRules {
                    free_mulligans,
                    ..HouseRules::default()
                },
            );
            cfg.free_first = free_first;
            let games = 3000;
            let mut fast = vec![Outcome::default(); games];
            let mut slow = vec![Outcome::default(); games];
            let a = simulate(
                &seed(),
                cfg,
                &lands,
                &keep,
                Span::new(5, games as u64).recording(&mut fast),
                2,
            );
            let general = GeneralPath(keep.clone());
            let b = simulate(
                &seed(),
                cfg,
                &lands,
                &general,
                Span::new(5, games as u64).recording(&mut slow),
                1,
            );
            assert_eq!(fast, slow, "{rule:?} {free_first} {free_mulligans}");
            assert_eq!(a.unwrap().unwrap(), b.unwrap().unwrap());
            // The free ones cost no card: a hand after m mulligans, of which the first
            // `free` are free, has 7 - (m - free) cards (London: after bottoming).
            let free = u32::from(free_first) + free_mulligans;
            for o in &fast {
                let paid = u32::from(o.mulligans).saturating_sub(free) as usize;
                assert_eq!(usize::from(o.hand_size), 7 - paid.min(7), "{o:?}");
            }
            assert!(fast.iter().any(|o| u32::from(o.mulligans) > free));
        }
    }
}

/// Houston with a fixed policy, lands to the bottom first: the kept hand holds
/// max(0, L - 3) lands, L ~ Hypergeometric(60, 24, 10).
#[test]
fn houston_land_distribution_after_bottoming_lands_first() {
    let lands = deck(60, 24);
    let cfg = config(MulliganRule::Houston, 60, HouseRules::default());
    let games = 20_000u64;
    let counts = simulate(
        &seed(),
        cfg,
        &lands,
        &keep_all(&lands, Bottom::LandsFirst),
        Span::new(0, games),
        2,
    )
    .unwrap()
    .unwrap();
    assert_eq!(counts.games, games);
    assert_eq!(counts.mulligans[0], games, "Houston keeps");
    let row = &counts.hand_lands[7 * 8..8 * 8];
    assert_eq!(row.iter().sum::<u64>(), games, "every hand has seven cards");
    for kept in 0..=7u64 {
        let p = if kept == 0 {
            (0..=3).map(|l| hypergeometric(60, 24, 10, l)).sum()
        } else {
            hypergeometric(60, 24, 10, kept + 3)
        };
        within(
            row[kept as usize],
            games,
            p,
            &format!("Houston, {kept} lands kept"),
        );
    }
}

/// The no-land/all-land redraw, always taken, then keep: with p_k the chance of k lands in a
/// seven-card hand, the kept hand holds k lands with chance p_k (1 + p_0 + p_7) for 0 < k < 7
/// and p_k (p_0 + p_7) for k = 0 or 7. London with a rule that keeps every hand, and NONE
/// (the original rule: the redraw, then keep) with the default keep rule, which would
/// mulligan many of these hands in any other era: NONE offers no mulligan.
#[test]
fn land_redraw_distribution_is_the_closed_form() {
    let (n, l) = (40u64, 8u64);
    let lands = deck(n as usize, l as usize);
    let eras = [
        (MulliganRule::London, keep_all(&lands, Bottom::Balance)),
        (
            MulliganRule::NoMulligan,
            KeepRule::default()
                .compile(&lands, &vec![vec![]; lands.len()])
                .unwrap(),
        ),
    ];
    for (rule, keep) in eras {
        let cfg = config(
            rule,
            n as usize,
            HouseRules {
                land_mulligan: true,
                ..HouseRules::default()
            },
        );
        let games = 20_000u64;
        let counts = simulate(&seed(), cfg, &lands, &keep, Span::new(100, games), 2)
            .unwrap()
            .unwrap();
        assert_eq!(counts.mulligans[0], games, "{rule:?}: no mulligan taken");
        let p: Vec<f64> = (0..=7).map(|k| hypergeometric(n, l, 7, k)).collect();
        let redraw = p[0] + p[7];
        let row = &counts.hand_lands[7 * 8..8 * 8];
        for k in 0..=7usize {
            let q = if k == 0 || k == 7 {
                p[k] * redraw
            } else {
                p[k] * (1.0 + redraw)
            };
            within(
                row[k],
                games,
                q,
                &format!("{rule:?} redraw, {k} lands kept"),
            );
        }
        // The redraw share itself, from the games: their first hand.
        let mut taken = 0u64;
        for i in 0..games.min(4000) {
            let g = crate::game::Game::new(crate::game::GameSetup {
                players: vec![
                    crate::game::PlayerSetup::new(
                        "a",
                        crate::deck::DeckList {
                            main: lands
                                .iter()
                                .map(|&x| crate::card::Card::new("c", x, vec![]))
                                .collect(),
                            ..Default::default()
                        },
                    ),
                    crate::game::PlayerSetup::new("b", Default::default()),
                ],
                variant: crate::rules::Variant::Vanguard,
                rule,
                seed: seed(),
                game_index: i,
                start: crate::game::Start::Seat(0),
                house: cfg.house,
            })
            .unwrap();
            taken += u64::from(g.pending()[0].can_land_mulligan);
        }
        within(
            taken,
            games.min(4000),
            redraw,
            &format!("{rule:?}: the redraw is offered"),
        );
    }
}
