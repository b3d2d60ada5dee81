//! How a run is spread over threads: a thread per chunk of games at most, and the same
//! counts however many threads are asked for.

use super::*;
use crate::simulate::threads::CHUNK;
use std::collections::HashSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// A policy that counts its copies (the run makes one for each share of the games) and notes
/// every thread it decides a hand on.
struct Watched {
    inner: GeneralPath<CompiledRule>,
    copies: Arc<AtomicUsize>,
    threads: Arc<Mutex<HashSet<std::thread::ThreadId>>>,
}

impl Clone for Watched {
    fn clone(&self) -> Watched {
        self.copies.fetch_add(1, Ordering::Relaxed);
        Watched {
            inner: self.inner.clone(),
            copies: self.copies.clone(),
            threads: self.threads.clone(),
        }
    }
}

impl Policy for Watched {
    fn keep(
        &mut self,
        hand: &[crate::card::CardId],
        lands: u32,
        mulligans: u32,
        can_mulligan: bool,
    ) -> std::result::Result<bool, Abort> {
        self.threads
            .lock()
            .unwrap()
            .insert(std::thread::current().id());
        self.inner.keep(hand, lands, mulligans, can_mulligan)
    }

    fn bottom(
        &mut self,
        hand: &[crate::card::CardId],
        count: usize,
    ) -> std::result::Result<Vec<crate::card::CardId>, Abort> {
        self.inner.bottom(hand, count)
    }

    fn vancouver(
        &mut self,
        hand: &[crate::card::CardId],
        top: crate::card::CardId,
    ) -> std::result::Result<bool, Abort> {
        self.inner.vancouver(hand, top)
    }
}

/// The shares a run of `games` games on `threads` threads made (copies of the policy), the
/// threads it decided hands on, and its counts.
fn run(games: u64, threads: usize) -> (usize, usize, Counts) {
    let lands: Vec<bool> = (0..60).map(|i| i < 24).collect();
    let keep = land_rule(&lands, vec![(7, 2, 5)], Some(5), Bottom::Balance);
    let policy = Watched {
        inner: GeneralPath(keep),
        copies: Arc::default(),
        threads: Arc::default(),
    };
    let cfg = Config {
        house: Default::default(),
        rule: crate::rules::MulliganRule::London,
        free_first: false,
        hand_size: 7,
        deck_size: 60,
    };
    let counts = simulate(&seed(), cfg, &lands, &policy, Span::new(0, games), threads)
        .unwrap()
        .unwrap();
    let copies = policy.copies.load(Ordering::Relaxed);
    let used = policy.threads.lock().unwrap().len();
    (copies, used, counts)
}

/// A run of one chunk stays on the calling thread whatever the thread count: no thread is
/// spawned for a share without games (the fuzz target of the bulk engine relies on it: its
/// runs are single-threaded, so libFuzzer's coverage of one input is the same every time).
#[test]
fn a_thread_per_chunk_at_most() {
    let (_, _, counts) = run(200, 1);
    for threads in [1, 2, 3, 8] {
        assert_eq!(
            run(200, threads),
            (1, 1, counts.clone()),
            "{threads} threads, 200 games"
        );
    }
    let (_, _, counts) = run(CHUNK + 1, 1);
    assert_eq!(
        run(CHUNK + 1, 3),
        (2, 2, counts),
        "two chunks on three threads"
    );
}
