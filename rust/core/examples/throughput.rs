//! Games per second of the bulk engine on one thread, for profiling (`perf record`):
//! `cargo run --release -p mulligan-core --example throughput -- [games] [deck_size] [shuffles]`
//! (best of five runs).

use mulligan_core::simulate::{self, Config, KeepRule, Span};
use mulligan_core::{MulliganRule, Seed};
use std::time::Instant;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap())
        .collect();
    let games = args.first().copied().unwrap_or(20_000_000);
    let deck_size = args.get(1).copied().unwrap_or(60) as usize;
    let seed = Seed::from_bytes([1; 32]);
    let lands: Vec<bool> = (0..deck_size).map(|i| i * 5 < deck_size * 2).collect();
    let rule = KeepRule::default()
        .compile(&lands, &vec![vec![]; deck_size])
        .unwrap();
    let cfg = Config::rules(MulliganRule::London, deck_size);
    // The best of five runs: the machines are shared and noisy.
    let mut dt = f64::MAX;
    let mut counts = None;
    for _ in 0..5 {
        let t = Instant::now();
        counts = simulate::simulate(&seed, cfg, &lands, &rule, Span::new(0, games), 1)
            .unwrap()
            .ok();
        dt = dt.min(t.elapsed().as_secs_f64());
    }
    let counts = counts.unwrap();
    println!(
        "simulate: {games} London games, {deck_size} cards: {:.2} ns/game, {:.1} M games/s (kept 7: {})",
        dt * 1e9 / games as f64,
        games as f64 / dt / 1e6,
        counts.kept_by_size()[7]
    );
    let shuffles = args.get(2).copied().unwrap_or(2_000_000) as usize;
    let mut out = vec![0u32; deck_size * shuffles];
    // Once to fault the pages in, then timed.
    mulligan_core::bulk::shuffles(&seed, deck_size, 0, &mut out, 1).unwrap();
    let mut dt = f64::MAX;
    for _ in 0..5 {
        let t = Instant::now();
        mulligan_core::bulk::shuffles(&seed, deck_size, 0, &mut out, 1).unwrap();
        dt = dt.min(t.elapsed().as_secs_f64());
    }
    println!(
        "shuffles: {shuffles} of {deck_size} cards: {:.2} ns each",
        dt * 1e9 / shuffles as f64
    );
}
