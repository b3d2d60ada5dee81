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

use crate::rng::{batch_from_words, Words, MAX_BATCH};

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
pub fn fisher_yates_prefix<T, W: Words>(cards: &mut [T], prefix: usize, rng: &mut W) {
    let n = cards.len();
    let mut bounds = [0u64; MAX_BATCH];
    let mut digits = [0u64; MAX_BATCH];
    let mut step = 0;
    while step < prefix.min(n.saturating_sub(1)) {
        let (m, product) = batch_at(n, step, &mut bounds);
        batch_from_words(|| rng.next_u64(), &bounds[..m], product, &mut digits[..m]);
        for (k, &d) in digits[..m].iter().enumerate() {
            cards.swap(step + k, step + k + d as usize);
        }
        step += m;
    }
}

/// Sorts by identity, then a full Fisher–Yates shuffle. Identities must be distinct.
pub fn shuffle_set<W: Words>(cards: &mut [u32], rng: &mut W) {
    sort_distinct(cards);
    fisher_yates_prefix(cards, usize::MAX, rng);
}

/// Sorts distinct identities. Card ids are small and dense (indices into a deck), so a bitmap
/// pass beats a comparison sort; sparse ids fall back to `sort_unstable`.
pub fn sort_distinct(cards: &mut [u32]) {
    let Some(&max) = cards.iter().max() else {
        return;
    };
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
