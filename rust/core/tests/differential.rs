//! The bulk engine's count kernels against its general path, game by game, over many random
//! configurations: deck sizes from 1 to 300, land and tag layouts, hand sizes from 0 to 12,
//! every era, free mulligans, every bottom strategy, zero or one tag requirement, and start
//! indices that are not multiples of eight. The configurations come from a fixed seed, so a
//! failure replays exactly (its index is in the message).
//!
//! Beside the edge cases pinned in `simulate`'s unit tests, this is the net for the ones no
//! one thought of.

use mulligan_core::simulate::{self, Bottom, Config, Exile, GeneralPath, KeepRule, Outcome, Span};
use mulligan_core::{MulliganRule, Seed};

/// xorshift64*: test data only.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }
}

#[test]
fn count_kernels_equal_the_general_path_on_random_configurations() {
    let mut rng = Rng(0x6d75_6c6c_6967_616e);
    let cases = 1000;
    for case in 0..cases {
        let deck_size = match rng.below(4) {
            0 => 1 + rng.below(20) as usize,
            1 => 40 + rng.below(30) as usize,
            2 => 95 + rng.below(40) as usize,
            _ => 1 + rng.below(300) as usize,
        };
        let hand_size = match rng.below(3) {
            0 => 7,
            1 => rng.below(13) as usize,
            _ => 6 + rng.below(3) as usize,
        };
        let land_share = rng.below(101);
        let lands: Vec<bool> = (0..deck_size)
            .map(|_| rng.below(100) < land_share)
            .collect();
        let tag_share = rng.below(40);
        let tags: Vec<Vec<String>> = (0..deck_size)
            .map(|_| match rng.below(100) {
                x if x < tag_share => vec!["ramp".to_string()],
                x if x < tag_share + 10 => vec!["other".to_string()],
                _ => vec![],
            })
            .collect();
        let mut ranges = vec![];
        for size in 1..=hand_size.min(12) {
            if rng.below(3) > 0 {
                let lo = rng.below(size as u64 + 1) as u32;
                let hi = lo + rng.below(size as u64 + 1 - u64::from(lo)) as u32;
                ranges.push((size, lo, hi));
            }
        }
        let keep = KeepRule {
            ranges,
            keep_at: match rng.below(3) {
                0 => None,
                _ => Some(rng.below(hand_size as u64 + 1) as usize),
            },
            bottom: rng.pick(&[Bottom::Balance, Bottom::LandsFirst, Bottom::SpellsFirst]),
            requires: match rng.below(3) {
                0 => vec![("ramp".to_string(), 1 + rng.below(2) as u32)],
                _ => vec![],
            },
            min_sources: vec![],
            requires_cards: vec![],
            exile: Exile::Hand,
        }
        .compile(&lands, &tags)
        .unwrap();
        let cfg = Config {
            house: Default::default(),
            rule: rng.pick(&[
                MulliganRule::London,
                MulliganRule::Vancouver,
                MulliganRule::Paris,
                MulliganRule::ParisSequential,
            ]),
            free_first: rng.below(2) == 0,
            hand_size,
            deck_size,
        };
        let seed = Seed::from_bytes([case as u8; 32]);
        let start = rng.below(1 << 20);
        let games = 300;
        let mut fast = vec![Outcome::default(); games as usize];
        let mut slow = vec![Outcome::default(); games as usize];
        let threads = 1 + rng.below(3) as usize;
        let a = simulate::simulate(
            &seed,
            cfg,
            &lands,
            &keep,
            Span::new(start, games).recording(&mut fast),
            threads,
        )
        .unwrap()
        .unwrap();
        let general = GeneralPath(keep.clone());
        let b = simulate::simulate(
            &seed,
            cfg,
            &lands,
            &general,
            Span::new(start, games).recording(&mut slow),
            1,
        )
        .unwrap()
        .unwrap();
        assert_eq!(fast, slow, "case {case}: {cfg:?} {keep:?}");
        assert_eq!(a, b, "case {case}");
        assert_eq!(a.games, games);
        // Game by game in runs of one: the lead-word bookkeeping of a one-game run shares
        // nothing with that of a 300-game run starting elsewhere.
        for _ in 0..3 {
            let i = rng.below(games);
            let mut one = [Outcome::default()];
            simulate::simulate(
                &seed,
                cfg,
                &lands,
                &keep,
                Span::new(start + i, 1).recording(&mut one),
                1,
            )
            .unwrap()
            .unwrap();
            assert_eq!(one[0], fast[i as usize], "case {case}, game {i} alone");
        }
    }
}

/// Runs longer than a chunk (16,384 games), so that other threads really take shares: the
/// outcomes do not depend on the thread count, nor on where a run is cut.
#[test]
fn results_do_not_depend_on_threads_or_cuts() {
    let lands: Vec<bool> = (0..60).map(|i| i % 5 < 2).collect();
    let tags: Vec<Vec<String>> = (0..60)
        .map(|i| match i % 7 {
            0 => vec!["ramp".to_string()],
            _ => vec![],
        })
        .collect();
    for requires in [vec![], vec![("ramp".to_string(), 1)]] {
        let keep = KeepRule {
            ranges: vec![(7, 3, 4), (6, 2, 4)],
            keep_at: Some(5),
            bottom: Bottom::Balance,
            requires,
            min_sources: vec![],
            requires_cards: vec![],
            exile: Exile::Hand,
        }
        .compile(&lands, &tags)
        .unwrap();
        let cfg = Config {
            house: Default::default(),
            rule: MulliganRule::London,
            free_first: true,
            hand_size: 7,
            deck_size: 60,
        };
        let seed = Seed::from_bytes([3; 32]);
        let (start, games) = (1_000_005u64, 50_000u64);
        let run = |first: u64, count: u64, threads: usize, out: &mut [Outcome]| {
            simulate::simulate(
                &seed,
                cfg,
                &lands,
                &keep,
                Span::new(first, count).recording(out),
                threads,
            )
            .unwrap()
            .unwrap()
        };
        let mut one = vec![Outcome::default(); games as usize];
        let c1 = run(start, games, 1, &mut one);
        let mut three = vec![Outcome::default(); games as usize];
        let c3 = run(start, games, 3, &mut three);
        assert_eq!(one, three);
        assert_eq!(c1, c3);
        let cut = 20_001usize;
        let mut pieces = vec![Outcome::default(); games as usize];
        let (head, tail) = pieces.split_at_mut(cut);
        let mut total = run(start, cut as u64, 2, head);
        total
            .merge(&run(start + cut as u64, games - cut as u64, 2, tail))
            .unwrap();
        assert_eq!(pieces, one);
        assert_eq!(total, c1);
    }
}
