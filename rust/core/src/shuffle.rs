//! Fisher–Yates over card identities (701.24a): every order equally likely.
//!
//! The order a shuffle produces is a function of the seed, the stream, and the *set* of cards
//! shuffled, never of their order before the shuffle: the cards are first sorted by identity,
//! then shuffled by the forward Fisher–Yates algorithm (step `i` swaps position `i` with a
//! position uniform in `[i, n)`, so position 0, the top, is final first). Steps are drawn in
//! batches (see [`crate::rng`]): starting at step `i`, the batch takes the bounds
//! `n-i, n-i-1, …` while their product stays at most 2^48 (a rejection chance below 2^-16),
//! at most [`MAX_BATCH`] bounds, and never a bound below 2. Because position `i` is final after
//! step `i`, drawing the top `k` cards needs only the batches that cover steps `0..k`: the bulk
//! engine and the game agree card for card.

use crate::rng::{Words, MAX_BATCH};

const BATCH_PRODUCT_LIMIT: u64 = 1 << 48;

/// The bounds of the batch starting at step `step` of a shuffle of `n` cards, and their product.
/// Returns the number of bounds written (0 when the shuffle is complete).
#[inline]
pub fn batch_at(n: usize, step: usize, bounds: &mut [u64; MAX_BATCH]) -> (usize, u64) {
    let mut product = 1u64;
    let mut m = 0;
    while m < MAX_BATCH && step + m + 1 < n {
        let b = (n - step - m) as u64;
        match product.checked_mul(b) {
            Some(p) if p <= BATCH_PRODUCT_LIMIT => {
                product = p;
                bounds[m] = b;
                m += 1;
            }
            _ => break,
        }
    }
    (m, product)
}

/// Shuffles `cards` in place so that at least the first `prefix` positions are final (a full
/// shuffle when `prefix >= cards.len() - 1`). The caller sorts first (see the module docs).
///
/// Up to [`AHEAD`] batches at a time: their words are read ahead and their digits drawn as
/// independent multiply chains (the CPU overlaps them), then the swaps are made in order. A
/// rejected word (probability below 2^-16 a batch) stops the group there: the words read
/// ahead are kept, in order, for the retry and the batches after it, so every batch reads
/// exactly the words it would read one batch at a time.
pub fn fisher_yates_prefix<T, W: Words>(cards: &mut [T], prefix: usize, rng: &mut W) {
    let n = cards.len();
    let steps = prefix.min(n.saturating_sub(1));
    let mut queue = [0u64; AHEAD];
    let mut queued = 0;
    // (first step, steps, product of the bounds) of each batch of the group.
    let mut plans = [(0usize, 0usize, 0u64); AHEAD];
    let mut digits = [[0u32; MAX_BATCH]; AHEAD];
    let mut bounds = [0u64; MAX_BATCH];
    let mut step = 0;
    while step < steps {
        let mut count = 0;
        let mut s = step;
        while count < AHEAD && s < steps {
            let (m, product) = batch_at(n, s, &mut bounds);
            plans[count] = (s, m, product);
            s += m;
            count += 1;
        }
        while queued < count {
            queue[queued] = rng.next_u64();
            queued += 1;
        }
        let mut x = queue;
        #[allow(clippy::needless_range_loop)] // k indexes the steps of every batch at once
        for k in 0..MAX_BATCH {
            for b in 0..count {
                let (start, m, _) = plans[b];
                if k < m {
                    // Step `start + k` has the bound `n - start - k`.
                    let wide = u128::from(x[b]) * (n - start - k) as u128;
                    digits[b][k] = (wide >> 64) as u32;
                    x[b] = wide as u64;
                }
            }
        }
        let mut used = 0;
        for b in 0..count {
            let (start, m, product) = plans[b];
            used += 1;
            if x[b] < product && x[b] < product.wrapping_neg() % product {
                break; // rejected: redo from this batch with the next word
            }
            for (k, &d) in digits[b][..m].iter().enumerate() {
                let i = start + k;
                cards.swap(i, i + d as usize);
            }
            step = start + m;
        }
        queue.copy_within(used..queued, 0);
        queued -= used;
    }
}

/// Batches whose words [`fisher_yates_prefix`] reads ahead (a 60-card library has six).
pub const AHEAD: usize = 8;

/// Sorts by identity, then a full Fisher–Yates shuffle. Identities must be distinct.
pub fn shuffle_set<W: Words>(cards: &mut [u32], rng: &mut W) {
    sort_distinct(cards);
    fisher_yates_prefix(cards, usize::MAX, rng);
}

/// Sorts distinct identities. Card ids are small and dense (indices into a deck), so a bitmap
/// pass beats a comparison sort; sparse ids fall back to `sort_unstable`.
pub fn sort_distinct(cards: &mut [u32]) {
    if cards.is_empty() {
        return;
    }
    // Branch-free (a data-dependent branch per card mispredicts on a shuffled library).
    let max = cards.iter().fold(0, |m, &c| m.max(c));
    if max as usize + 1 == cards.len() {
        // Distinct ids below their count are exactly 0..n (a whole deck: the common case).
        for (i, c) in cards.iter_mut().enumerate() {
            *c = i as u32;
        }
        return;
    }
    let words = max as usize / 64 + 1;
    if words > cards.len() / 4 + 4 {
        cards.sort_unstable();
        return;
    }
    if words == 1 {
        let mut bits = 0u64;
        for &c in cards.iter() {
            bits |= 1 << c;
        }
        for slot in cards.iter_mut() {
            *slot = bits.trailing_zeros();
            bits &= bits.wrapping_sub(1);
        }
        return;
    }
    let mut bits = vec![0u64; words];
    for &c in cards.iter() {
        bits[c as usize / 64] |= 1 << (c % 64);
    }
    let mut k = 0;
    for (w, &word) in bits.iter().enumerate() {
        let mut word = word;
        while word != 0 && k < cards.len() {
            cards[k] = (w * 64) as u32 + word.trailing_zeros();
            k += 1;
            word &= word - 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::ChaChaStream;
    use crate::seed::{Seed, StreamId, DOMAIN_LIBRARY};

    fn rng(sub: u32) -> ChaChaStream {
        ChaChaStream::new(
            &Seed::from_bytes([9; 32]),
            StreamId::new(DOMAIN_LIBRARY, 0, sub),
        )
    }

    #[test]
    fn batches_cover_every_step_once() {
        for n in [0usize, 1, 2, 3, 7, 60, 100, 250, 100_000] {
            let mut bounds = [0u64; MAX_BATCH];
            let mut step = 0;
            while step + 1 < n {
                let (m, p) = batch_at(n, step, &mut bounds);
                assert!(m >= 1 && p <= BATCH_PRODUCT_LIMIT);
                assert_eq!(bounds[0], (n - step) as u64);
                assert!(bounds[..m].iter().all(|&b| b >= 2));
                step += m;
            }
            assert_eq!(step, n.saturating_sub(1));
        }
    }

    #[test]
    fn sixty_cards_batch_plan_is_pinned() {
        let mut bounds = [0u64; MAX_BATCH];
        let mut sizes = vec![];
        let mut step = 0;
        while step + 1 < 60 {
            let (m, _) = batch_at(60, step, &mut bounds);
            sizes.push(m);
            step += m;
        }
        assert_eq!(sizes[0], 8, "the opening hand of 7 comes from one word");
        assert_eq!(sizes.iter().sum::<usize>(), 59);
    }

    /// The one-batch-at-a-time definition, to check the read-ahead against.
    fn reference<W: Words>(cards: &mut [u32], prefix: usize, rng: &mut W) {
        let n = cards.len();
        let mut bounds = [0u64; MAX_BATCH];
        let mut digits = [0u64; MAX_BATCH];
        let mut step = 0;
        while step < prefix.min(n.saturating_sub(1)) {
            let (m, product) = batch_at(n, step, &mut bounds);
            crate::rng::batch_from_words(
                || rng.next_u64(),
                &bounds[..m],
                product,
                &mut digits[..m],
            );
            for (k, &d) in digits[..m].iter().enumerate() {
                cards.swap(step + k, step + k + d as usize);
            }
            step += m;
        }
    }

    /// Words from a list, then a stream: to force rejections where a test wants them.
    struct Scripted(Vec<u64>, ChaChaStream);

    impl Words for Scripted {
        fn next_u64(&mut self) -> u64 {
            if self.0.is_empty() {
                self.1.next_u64()
            } else {
                self.0.remove(0)
            }
        }
    }

    #[test]
    fn read_ahead_equals_one_batch_at_a_time_even_when_words_are_rejected() {
        // Word 0 is rejected by any batch whose product is not a power of two (low half 0).
        for script in [
            vec![],
            vec![0u64],
            vec![5, 0, 0, 9],
            vec![1, 2, 0, 3, 0, 0, 0, 0, 0, 7],
        ] {
            for n in [0usize, 1, 2, 7, 60, 61, 250] {
                for prefix in [usize::MAX, 7, 20] {
                    let mut a: Vec<u32> = (0..n as u32).collect();
                    let mut b = a.clone();
                    let mut ra = Scripted(script.clone(), rng(3));
                    let mut rb = Scripted(script.clone(), rng(3));
                    fisher_yates_prefix(&mut a, prefix, &mut ra);
                    reference(&mut b, prefix, &mut rb);
                    assert_eq!(a, b, "{script:?} n={n} prefix={prefix}");
                    assert_eq!(ra.next_u64(), rb.next_u64(), "the same words read");
                }
            }
        }
    }

    #[test]
    fn prefix_agrees_with_full_shuffle() {
        for sub in 0..50 {
            let mut full: Vec<u32> = (0..60).collect();
            fisher_yates_prefix(&mut full, usize::MAX, &mut rng(sub));
            for k in [1usize, 7, 8, 9, 20] {
                let mut part: Vec<u32> = (0..60).collect();
                fisher_yates_prefix(&mut part, k, &mut rng(sub));
                assert_eq!(part[..k], full[..k]);
            }
        }
    }

    #[test]
    fn sort_distinct_matches_sort_unstable() {
        for ids in [
            vec![],
            vec![0u32],
            vec![2, 0, 1],
            vec![5u32],
            (0..60).rev().collect(),
            vec![1000, 3, 70, 64, 63, 0],
            vec![u32::MAX, 0, 7],
        ] {
            let mut a = ids.clone();
            let mut b = ids.clone();
            sort_distinct(&mut a);
            b.sort_unstable();
            assert_eq!(a, b);
        }
        let mut big: Vec<u32> = (0..5000).rev().collect();
        sort_distinct(&mut big);
        assert!(big.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn result_depends_on_the_set_not_the_order() {
        let mut a: Vec<u32> = (0..60).collect();
        let mut b: Vec<u32> = (0..60).rev().collect();
        shuffle_set(&mut a, &mut rng(1));
        shuffle_set(&mut b, &mut rng(1));
        assert_eq!(a, b);
        let mut sorted = a.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..60).collect::<Vec<_>>());
    }
}
