//! Games per second of `simulate` for the mulligan variants and table options (issue 13, hand
//! smoothing included) on the
//! bulk engine, against the same games played as a `Game` (`GamePath`, the reference, which
//! ran them all before), with LONDON as the yardstick of the same process:
//! `cargo run --release -p mulligan-core --example variants -- [games] [threads]`
//! (medians of five runs; a 60-card deck with 24 lands, the default keep rule).

use mulligan_core::house::{HouseRules, Smoothing};
use mulligan_core::simulate::{self, Config, Exile, GamePath, KeepRule, Policy, Span};
use mulligan_core::{MulliganRule, Seed};
use std::time::Instant;

fn median_rate<P: Policy + Clone + Send>(
    cfg: Config,
    lands: &[bool],
    policy: &P,
    games: u64,
    threads: usize,
) -> f64 {
    let seed = Seed::from_bytes([1; 32]);
    let mut rates: Vec<f64> = (0..5)
        .map(|_| {
            let t = Instant::now();
            simulate::simulate(&seed, cfg, lands, policy, Span::new(0, games), threads)
                .unwrap()
                .unwrap();
            games as f64 / t.elapsed().as_secs_f64()
        })
        .collect();
    rates.sort_by(f64::total_cmp);
    rates[2]
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap())
        .collect();
    let games = args.first().copied().unwrap_or(4_000_000);
    let threads = args.get(1).copied().unwrap_or(2) as usize;
    let deck_size = 60;
    let lands: Vec<bool> = (0..deck_size).map(|i| i < 24).collect();
    let compile = |exile| {
        KeepRule {
            exile,
            ..KeepRule::default()
        }
        .compile(&lands, &vec![vec![]; deck_size])
        .unwrap()
    };
    let plain = |name, rule, land_mulligan, exile| (name, rule, land_mulligan, exile, None);
    let smoothed = |name, smoothing, candidates| {
        let (rule, exile) = (MulliganRule::London, Exile::Hand);
        (name, rule, false, exile, Some((smoothing, candidates)))
    };
    let cases = [
        plain("LONDON", MulliganRule::London, false, Exile::Hand),
        plain(
            "CANADIAN_HIGHLANDER",
            MulliganRule::CanadianHighlander,
            false,
            Exile::Hand,
        ),
        plain("HOUSTON", MulliganRule::Houston, false, Exile::Hand),
        plain(
            "PARTIAL_PARIS (exile hand)",
            MulliganRule::PartialParis,
            false,
            Exile::Hand,
        ),
        plain(
            "PARTIAL_PARIS (exile excess)",
            MulliganRule::PartialParis,
            false,
            Exile::Excess,
        ),
        plain(
            "LONDON, land_mulligan",
            MulliganRule::London,
            true,
            Exile::Hand,
        ),
        smoothed("LONDON, smoothing=arena2", Smoothing::Arena2, None),
        smoothed("LONDON, smoothing=weighted3", Smoothing::Weighted3, None),
        smoothed(
            "LONDON, smoothing=arena2, 8 candidates",
            Smoothing::Arena2,
            Some(8),
        ),
        smoothed(
            "LONDON, smoothing=smoothed_london",
            Smoothing::SmoothedLondon,
            None,
        ),
    ];
    println!("| variant | engine games/s | as a Game games/s | speed-up | engine vs LONDON |");
    println!("| --- | ---: | ---: | ---: | ---: |");
    let mut london = 0.0;
    for (name, rule, land_mulligan, exile, smoothing) in cases {
        let cfg = Config {
            house: HouseRules {
                land_mulligan,
                smoothing: smoothing.map(|s| s.0),
                smoothing_candidates: smoothing.and_then(|s| s.1),
                ..HouseRules::default()
            },
            rule,
            free_first: false,
            hand_size: 7,
            deck_size,
        };
        let policy = compile(exile);
        let fast = median_rate(cfg, &lands, &policy, games, threads);
        let slow = median_rate(cfg, &lands, &GamePath(policy), games / 100, threads);
        if rule == MulliganRule::London && !land_mulligan && smoothing.is_none() {
            london = fast;
        }
        println!(
            "| {name} | {:.2} M | {:.1} k | {:.0}× | {:.2} |",
            fast / 1e6,
            slow / 1e3,
            fast / slow,
            fast / london
        );
    }
}
