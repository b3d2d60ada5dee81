//! Times the bulk engine on one thread: `cargo run --release --example simulate_timing [games]`.
use mulligan_core::simulate::{simulate, Bottom, Config, KeepRule};
use mulligan_core::{MulliganRule, Seed};
use std::time::Instant;

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(10_000_000);
    let lands: Vec<bool> = (0..60).map(|i| i < 24).collect();
    let tags: Vec<Vec<String>> = vec![vec![]; 60];
    let rule = KeepRule {
        ranges: vec![(7, 2, 5), (6, 2, 4), (5, 1, 4)],
        keep_at: Some(4),
        bottom: Bottom::Balance,
        requires: vec![],
    };
    let compiled = rule.compile(&lands, &tags).unwrap();
    let cfg = Config {
        rule: MulliganRule::London,
        free_first: false,
        hand_size: 7,
        deck_size: 60,
    };
    let t = Instant::now();
    let counts = simulate(
        &Seed::from_bytes([0; 32]),
        cfg,
        &lands,
        &compiled,
        0,
        games,
        1,
        None,
    )
    .unwrap()
    .unwrap();
    let dt = t.elapsed().as_secs_f64();
    println!(
        "{games} games in {dt:.3}s: {:.2} M games/s, mean hand {:.4}",
        games as f64 / dt / 1e6,
        counts.mean_hand_size()
    );
}
