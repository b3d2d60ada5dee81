use mulligan_core::rng::ChaChaStream;
use mulligan_core::seed::{Seed, StreamId};
use mulligan_core::shuffle::{fisher_yates_prefix, shuffle_set};
use std::time::Instant;
fn main() {
    let seed = Seed::from_bytes([1; 32]);
    let n: u32 = std::env::args()
        .nth(1)
        .map(|a| a.parse().unwrap())
        .unwrap_or(1_000_000);
    let mut cards: Vec<u32> = (0..60).collect();
    let t = Instant::now();
    for i in 0..n {
        let mut r = ChaChaStream::new(&seed, StreamId::new(1, 0, i));
        shuffle_set(&mut cards, &mut r);
    }
    println!("shuffle_set 60: {:?}/iter", t.elapsed() / n);
    let t = Instant::now();
    for i in 0..n {
        let mut r = ChaChaStream::new(&seed, StreamId::new(1, 0, i));
        fisher_yates_prefix(&mut cards, 60, &mut r);
    }
    println!("fy 60 no sort: {:?}/iter", t.elapsed() / n);
    let t = Instant::now();
    let mut acc = 0u64;
    for i in 0..n {
        let mut r = ChaChaStream::new(&seed, StreamId::new(1, 0, i));
        acc ^= r.next_u64();
    }
    println!("one block: {:?}/iter {acc}", t.elapsed() / n);
    let t = Instant::now();
    for _ in 0..n {
        mulligan_core::shuffle::sort_distinct(&mut cards);
        cards.swap(3, 40);
        cards.swap(7, 59);
    }
    println!("sort: {:?}/iter", t.elapsed() / n);
}
#[allow(dead_code)]
fn unused() {}
