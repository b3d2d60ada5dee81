//! Criterion benchmarks of the core's hot paths (`cargo bench -p mulligan-core`); the Python
//! benchmarks in benches/ compare against peers.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use mulligan_core::rng::ShuffleWords;
use mulligan_core::shuffle::shuffle_set;
use mulligan_core::simulate::{self, Config, KeepRule, Span};
use mulligan_core::{MulliganRule, Seed};
use std::hint::black_box;

fn shuffles(c: &mut Criterion) {
    let seed = Seed::from_bytes([1; 32]);
    let mut cards: Vec<u32> = (0..60).collect();
    let mut k = 0u32;
    c.bench_function("shuffle 60 cards (one library)", |b| {
        b.iter(|| {
            k = k.wrapping_add(1);
            let mut rng = ShuffleWords::new(&seed, 0, k);
            shuffle_set(black_box(&mut cards), &mut rng);
        })
    });
    let key = mulligan_core::rng::key_words(&seed);
    c.bench_function("ChaCha12 one block (scalar)", |b| {
        b.iter(|| {
            k = k.wrapping_add(1);
            mulligan_core::rng::chacha_block(&key, black_box(u64::from(k)), 5, 12)
        })
    });
    let mut group = c.benchmark_group("bulk");
    group.throughput(Throughput::Elements(10_000));
    let mut out = vec![0u32; 60 * 10_000];
    group.bench_function("bulk shuffles of 60 cards", |b| {
        b.iter(|| mulligan_core::bulk::shuffles(&seed, 60, 0, black_box(&mut out), 1).unwrap())
    });
    let lands: Vec<bool> = (0..60).map(|i| i < 24).collect();
    let rule = KeepRule::default()
        .compile(&lands, &vec![vec![]; 60])
        .unwrap();
    let cfg = Config::rules(MulliganRule::London, 60);
    group.bench_function("London game starts", |b| {
        b.iter(|| {
            simulate::simulate(&seed, cfg, &lands, &rule, Span::new(0, 10_000), 1)
                .unwrap()
                .unwrap()
        })
    });
    group.finish();
    let key = mulligan_core::rng::key_words(&seed);
    let mut n = 0u64;
    c.bench_function("ChaCha12 x8 lanes (one block each)", |b| {
        b.iter(|| {
            n = n.wrapping_add(1);
            let counters = core::array::from_fn(|l| n * 8 + l as u64);
            mulligan_core::rng::chacha_rows(&key, black_box(&counters), &[n; 8])
        })
    });
}

criterion_group!(benches, shuffles);
criterion_main!(benches);
