//! The plan of one shuffle of `n` cards: its Fisher–Yates steps in batches, each batch drawn
//! from one word ([`crate::rng::batch_from_words`], [`crate::shuffle::batch_at`]); and the
//! shuffles it drives, as far as the cards drawn.

use super::policy::MAX_HAND;
use crate::card::CardId;
use crate::rng::{batch_from_words, row_word, Words, LANES, MAX_BATCH};
use crate::shuffle::batch_at;

/// The batches of a shuffle of `n` cards that cover its first `steps` steps.
#[derive(Debug, Clone)]
pub(crate) struct Plan {
    pub(crate) n: usize,
    pub(crate) batches: Vec<Batch>,
}

/// One batch of a [`Plan`]: its first step, its number of steps, the product of their bounds,
/// and the bounds.
pub(crate) type Batch = (usize, usize, u64, [u64; MAX_BATCH]);

impl Plan {
    pub(crate) fn new(n: usize, steps: usize) -> Plan {
        let mut batches = vec![];
        let mut step = 0;
        while step < steps.min(n.saturating_sub(1)) {
            let mut bounds = [0u64; MAX_BATCH];
            let (m, product) = batch_at(n, step, &mut bounds);
            batches.push((step, m, product, bounds));
            step += m;
        }
        Plan { n, batches }
    }

    /// How many words (without rejections) the first `steps` steps read.
    pub(crate) fn words_for(&self, steps: usize) -> usize {
        self.batches.iter().take_while(|b| b.0 < steps).count()
    }

    /// The digits of the first `steps` steps of eight shuffles at once, interleaved across
    /// lanes so the multiply chains overlap: batch 0 from each lane's lead word, batch `b` from
    /// word `b - 1` of its stream's first block (word-major `rows`). `digits[l * stride + i]`
    /// is step `i` of lane `l`. A lane is `false` when its words ran out (a rejected word,
    /// probability below 2^-16, or more batches than words): it then takes the general path.
    #[inline]
    pub(crate) fn lane_digits(
        &self,
        leads: &[u64; LANES],
        rows: Option<&[[u32; LANES]; 16]>,
        steps: usize,
        stride: usize,
        digits: &mut [u32],
    ) -> [bool; LANES] {
        let mut ok = [true; LANES];
        for (b, (start, m, product, bounds)) in self.batches.iter().enumerate() {
            if *start >= steps {
                break;
            }
            if start + m > stride {
                return [false; LANES];
            }
            let words: [u64; LANES] = match (b, rows) {
                (0, _) => *leads,
                (1..=8, Some(rows)) => core::array::from_fn(|l| row_word(rows, b - 1, l)),
                _ => return [false; LANES],
            };
            let mut x = words;
            for (k, &bound) in bounds[..*m].iter().enumerate() {
                for (l, xl) in x.iter_mut().enumerate() {
                    let wide = u128::from(*xl) * u128::from(bound);
                    digits[l * stride + start + k] = (wide >> 64) as u32;
                    *xl = wide as u64;
                }
            }
            for (l, &xl) in x.iter().enumerate() {
                if xl < *product && xl < product.wrapping_neg() % product {
                    ok[l] = false;
                }
            }
        }
        ok
    }

    /// Whole shuffles of rows `first .. first + R` of `group` (rows of `width = n` cards, each
    /// holding `0..n`), in place, the rows interleaved so the multiply chains overlap; batch
    /// `b` of row `l` reads `word(b, l)`. A row is `false` when a word was rejected (probability
    /// below 2^-16): the caller redoes it by the general path.
    #[inline(always)]
    pub(crate) fn rows_interleaved<const R: usize>(
        &self,
        group: &mut [u32],
        width: usize,
        first: usize,
        word: impl Fn(usize, usize) -> u64,
    ) -> [bool; R] {
        let mut ok = [true; R];
        assert!(width == self.n && group.len() >= (first + R) * width);
        let base: [usize; R] = core::array::from_fn(|q| (first + q) * width);
        let rows = group.as_mut_ptr();
        for (b, (start, m, product, bounds)) in self.batches.iter().enumerate() {
            let mut x: [u64; R] = core::array::from_fn(|q| word(b, first + q));
            for (k, &bound) in bounds[..*m].iter().enumerate() {
                let i = start + k;
                for q in 0..R {
                    let wide = u128::from(x[q]) * u128::from(bound);
                    x[q] = wide as u64;
                    // Step `i` has bound `n - i`, so the digit `d < n - i` and both positions
                    // `i` and `i + d` lie in row `first + q`, inside `group` (asserted above).
                    let (a, c) = (base[q] + i, base[q] + i + (wide >> 64) as usize);
                    debug_assert!(c < base[q] + width);
                    // SAFETY: `a` and `c` are in bounds of `group` (see above); `ptr::swap`
                    // allows `a == c`.
                    unsafe { core::ptr::swap(rows.add(a), rows.add(c)) };
                }
            }
            for q in 0..R {
                if x[q] < *product && x[q] < product.wrapping_neg() % product {
                    ok[q] = false;
                }
            }
        }
        ok
    }

    /// The top `need` cards of the shuffle of cards `0..n`. `scratch` holds `0..n` on entry
    /// and on return: the steps are applied to it, read, then undone in reverse.
    #[inline]
    pub(crate) fn top_cards<W: Words>(
        &self,
        need: usize,
        rng: &mut W,
        scratch: &mut [CardId],
        out: &mut [CardId],
    ) {
        let need = need.min(self.n);
        let mut swaps = [0u32; MAX_HAND + MAX_BATCH + 1];
        let mut done = 0;
        let mut digits = [0u64; MAX_BATCH];
        for (start, m, product, bounds) in &self.batches {
            if *start >= need {
                break;
            }
            batch_from_words(
                || rng.next_u64(),
                &bounds[..*m],
                *product,
                &mut digits[..*m],
            );
            for (k, &d) in digits[..*m].iter().enumerate() {
                let i = start + k;
                if i >= need {
                    break;
                }
                let j = i + d as usize;
                out[i] = scratch[j];
                scratch[j] = scratch[i];
                swaps[i] = j as u32;
                done = i + 1;
            }
        }
        // Past the last step (a deck of `need` cards), the last position holds its card.
        out[done..need].copy_from_slice(&scratch[done..need]);
        for (i, &j) in swaps[..done].iter().enumerate() {
            scratch[i] = i as CardId;
            scratch[j as usize] = j;
        }
    }
}
