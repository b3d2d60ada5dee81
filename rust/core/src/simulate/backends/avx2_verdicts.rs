//! The counter verdicts of eight hands with AVX2 (x86-64; 103.5: London's bottom and a keep
//! rule's card conditions, [`super::super::counter_verdicts`]): the AVX2 twin of
//! [`CounterVerdicts::get`], for CPUs without AVX-512 (whose twin is in `avx512`). The same
//! steps on four lanes a vector, with what AVX2 lacks done another way: a word's counters
//! summed by byte sums (`vpsadbw`) in place of a 64-bit multiply, the class a step bottoms
//! told by which sets its counter's bit falls in (no leading-zero count), and the tables read
//! by gathers. Same results.

use super::super::classes::{ClassHands, NIBBLES};
use super::super::counter_verdicts::{CounterVerdicts, LOW_BITS, ROWS};
use super::super::policy::MAX_SETS;
use crate::rng::LANES;
use std::arch::x86_64::*;

/// The low bit of each counter, by set: the classes of that set (the low bits of
/// [`super::super::classes::DeckClasses::sums`]), one word per counter word.
type SetBits = [[u64; 2]; MAX_SETS];

impl CounterVerdicts {
    /// [`CounterVerdicts::get`] of eight lanes' hands at once, each for its next card (the
    /// counters in two words when `TWO`, a deck of more than 16 classes).
    ///
    /// # Safety
    /// The CPU must have AVX2.
    #[target_feature(enable = "avx2")]
    pub(crate) unsafe fn lanes_avx2<const TWO: bool>(&self, hands: &ClassHands) -> [u32; LANES] {
        let set_bits: SetBits = core::array::from_fn(|i| {
            let bits = self.classes.sums[1 + i] & LOW_BITS;
            [bits as u64, (bits >> 64) as u64]
        });
        let mut out = [0u32; LANES];
        for h in 0..2 {
            // SAFETY: unaligned loads of four u64 from [u64; 8]s (`4 * h + 4 <= 8`) and of four
            // u32 from a [u32; 8].
            let (counters, high, tops) = unsafe {
                (
                    _mm256_loadu_si256(hands.counters[4 * h..].as_ptr().cast()),
                    _mm256_loadu_si256(hands.high[4 * h..].as_ptr().cast()),
                    _mm_loadu_si128(hands.tops[4 * h..].as_ptr().cast()),
                )
            };
            let verdicts = self.four::<TWO>([counters, high], tops, &set_bits);
            // SAFETY: an unaligned store of four u32 into a [u32; 8] (`4 * h + 4 <= 8`).
            unsafe { _mm_storeu_si128(out[4 * h..].as_mut_ptr().cast(), verdicts) };
        }
        out
    }

    /// Four lanes of [`CounterVerdicts::lanes_avx2`]: `words` their counters (the second word
    /// read only when `TWO`), `tops` their next cards (a land or not, four u32); their
    /// verdicts, four u32.
    #[target_feature(enable = "avx2")]
    #[inline]
    unsafe fn four<const TWO: bool>(
        &self,
        [mut counters, mut high]: [__m256i; 2],
        tops: __m128i,
        set_bits: &SetBits,
    ) -> __m128i {
        let splat = |w: u64| _mm256_set1_epi64x(w as i64);
        let zero = _mm256_setzero_si256();
        let (fifteen, low_bits) = (splat(0x0f0f_0f0f_0f0f_0f0f), splat(NIBBLES));
        // The sum of a word's counters (both words' when `TWO`): the nibbles as bytes, then the
        // bytes of each u64 summed (a hand holds at most 15 cards).
        let sum = |word: u128| {
            let nibble_sum = |w: __m256i, mask: u64| {
                let masked = _mm256_and_si256(w, splat(mask));
                let bytes = _mm256_add_epi64(
                    _mm256_and_si256(masked, fifteen),
                    _mm256_and_si256(_mm256_srli_epi64::<4>(masked), fifteen),
                );
                _mm256_sad_epu8(bytes, zero)
            };
            let mut total = nibble_sum(counters, word as u64);
            if TWO {
                total = _mm256_add_epi64(total, nibble_sum(high, (word >> 64) as u64));
            }
            total
        };
        // A table of sixteen words (or 32: `spare`'s two kinds) read at each lane's index.
        let look = |table: &[u64], at: __m256i| {
            debug_assert!(table.len() >= 16);
            // SAFETY: every index read is below 16 (a count of at most 15 cards, or four set
            // bits), or below 32 in a table of two kinds.
            unsafe { _mm256_i64gather_epi64::<8>(table.as_ptr().cast(), at) }
        };
        let sums = self.classes.sums;
        let lands = sum(sums[0]);
        let mut counts = splat(self.rows.bias);
        for (i, &word) in sums[1..].iter().enumerate() {
            let shift = _mm_cvtsi32_si128(8 * i as i32);
            counts = _mm256_add_epi64(counts, _mm256_sll_epi64(sum(word), shift));
        }
        let all = splat(0x1010_1010);
        // All ones in a lane whose conditions do not all hold.
        let mut refused = _mm256_xor_si256(
            _mm256_cmpeq_epi64(_mm256_and_si256(counts, all), all),
            splat(u64::MAX),
        );
        let mut spare_counts = _mm256_and_si256(counts, splat(0x0f0f_0f0f));
        let lands_gone = match self.rows.bottom {
            0 => zero,
            _ => look(&self.rows.lands_gone, lands),
        };
        // The sets a class is in, as the bytes a step takes from the cards to spare: by which
        // of each set's classes its counter's bit (`bit`, one or none) is.
        let set_bytes = |bit: __m256i, w: usize| {
            let mut mask = zero;
            for (i, bits) in set_bits.iter().enumerate() {
                let outside = _mm256_cmpeq_epi64(_mm256_and_si256(bit, splat(bits[w])), zero);
                mask = _mm256_or_si256(mask, _mm256_andnot_si256(outside, splat(1 << (8 * i))));
            }
            mask
        };
        let present_of = |word: __m256i, kind: __m256i| {
            let x = _mm256_or_si256(word, _mm256_srli_epi64::<1>(word));
            let x = _mm256_or_si256(x, _mm256_srli_epi64::<2>(x));
            _mm256_and_si256(_mm256_and_si256(x, low_bits), kind)
        };
        let ones = splat(u64::MAX);
        let not_zero = |v: __m256i| _mm256_xor_si256(_mm256_cmpeq_epi64(v, zero), ones);
        for step in 0..u64::from(self.rows.bottom) {
            // All ones in a lane whose step bottoms a land.
            let land = _mm256_cmpgt_epi64(lands_gone, splat(step));
            let pick =
                |spells: u64, lands: u64| _mm256_blendv_epi8(splat(spells), splat(lands), land);
            let kind = pick(self.kinds[0] as u64, self.kinds[1] as u64);
            let present = present_of(counters, kind);
            let nonzero = _mm256_or_si256(spare_counts, _mm256_srli_epi64::<1>(spare_counts));
            let nonzero = _mm256_or_si256(nonzero, _mm256_srli_epi64::<2>(nonzero));
            let nonzero = _mm256_and_si256(nonzero, splat(0x0101_0101));
            let bits = _mm256_mul_epu32(nonzero, splat(0x0102_0408));
            let sets = _mm256_and_si256(_mm256_srli_epi64::<24>(bits), splat(15));
            // The table of the step's kind: the second sixteen words for lands.
            let at = _mm256_or_si256(sets, _mm256_and_si256(land, splat(16)));
            let allowed = look(self.spare[0].as_flattened(), at);
            let free = _mm256_and_si256(present, allowed);
            let lowest = _mm256_and_si256(free, _mm256_sub_epi64(zero, free));
            counters = _mm256_sub_epi64(counters, lowest);
            let mut mask = set_bytes(lowest, 0);
            // All ones in a lane with a class of this kind present, and with one free.
            let (mut any, mut some) = (not_zero(present), not_zero(free));
            if TWO {
                // The second word's classes come after the first's: a lane takes one of them
                // when the first word has no free class (of this kind, its sets all spare).
                let kind = pick((self.kinds[0] >> 64) as u64, (self.kinds[1] >> 64) as u64);
                let present = present_of(high, kind);
                let allowed = look(self.spare[1].as_flattened(), at);
                let free = _mm256_and_si256(present, allowed);
                // Taken only where the first word had none free.
                let free = _mm256_andnot_si256(some, free);
                let lowest = _mm256_and_si256(free, _mm256_sub_epi64(zero, free));
                high = _mm256_sub_epi64(high, lowest);
                mask = _mm256_or_si256(mask, set_bytes(lowest, 1));
                any = _mm256_or_si256(any, not_zero(present));
                some = _mm256_or_si256(some, not_zero(free));
            }
            // A class present of this kind and none free breaks a condition.
            refused = _mm256_or_si256(refused, _mm256_andnot_si256(some, any));
            spare_counts = _mm256_sub_epi64(spare_counts, mask);
        }
        // The verdict, from the pairs of the hand's lands (of its row of refused hands when
        // refused), the next card's half.
        let row = _mm256_add_epi64(lands, _mm256_and_si256(refused, splat(ROWS as u64)));
        let at = _mm256_add_epi64(_mm256_slli_epi64::<1>(row), _mm256_cvtepu32_epi64(tops));
        // SAFETY: every index is below `4 * ROWS`, the pairs' length in u32s.
        unsafe { _mm256_i64gather_epi32::<4>(self.pairs.as_ptr().cast(), at) }
    }
}
