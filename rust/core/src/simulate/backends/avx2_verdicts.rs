//! The counter verdicts of eight hands with AVX2 (x86-64; 103.5: London's bottom and a keep
//! rule's card conditions, [`super::super::counter_verdicts`]): the AVX2 twin of
//! [`CounterVerdicts::get`], for CPUs without AVX-512 (whose twin is `avx512_verdicts`). The
//! same steps on four lanes a vector, with what AVX2 lacks done another way: a word's counters
//! summed by byte sums (`vpsadbw`) in place of a 64-bit multiply, the class a step bottoms told
//! by which sets its counter's bit falls in (no leading-zero count), and no table gathered
//! (gathers were about half its time, waiting): the classes a step may take from each set's
//! outsiders, the lands a round bottoms from a word of four-bit counts, the verdicts by dword
//! permutes from registers. Same results.

use super::super::classes::{ClassHands, NIBBLES};
use super::super::counter_verdicts::{CounterVerdicts, LOW_BITS, ROWS};
use super::super::policy::MAX_SETS;
use crate::rng::LANES;
use std::arch::x86_64::*;

/// What [`CounterVerdicts::lanes_avx2`] reads for each four lanes, found once for eight.
struct Tables {
    /// By set: the low bit of the counters of the classes in it (the low bits of
    /// [`super::super::classes::DeckClasses::sums`]), one word per counter word.
    set_bits: [[u64; 2]; MAX_SETS],
    /// By set: the low bits of the counters of the classes outside it.
    outside: [[u64; 2]; MAX_SETS],
    /// [`CounterVerdicts::short_pairs`] (kept, then refused), each as two registers.
    pairs: [[__m256i; 2]; 2],
}

impl CounterVerdicts {
    /// [`CounterVerdicts::get`] of eight lanes' hands at once, each for its next card (the
    /// counters in two words when `TWO`, a deck of more than 16 classes).
    ///
    /// # Safety
    /// The CPU must have AVX2.
    #[target_feature(enable = "avx2")]
    pub(crate) unsafe fn lanes_avx2<const TWO: bool>(&self, hands: &ClassHands) -> [u32; LANES] {
        let set_bits: [[u64; 2]; MAX_SETS] = core::array::from_fn(|i| {
            let bits = self.classes.sums[1 + i] & LOW_BITS;
            [bits as u64, (bits >> 64) as u64]
        });
        let all = [LOW_BITS as u64, (LOW_BITS >> 64) as u64];
        let registers = |table: &[u32; ROWS]| {
            // SAFETY: unaligned loads of eight u32 each from a [u32; 16] (`ROWS` is 16).
            unsafe {
                [
                    _mm256_loadu_si256(table.as_ptr().cast()),
                    _mm256_loadu_si256(table[8..].as_ptr().cast()),
                ]
            }
        };
        let tables = Tables {
            set_bits,
            outside: set_bits.map(|[low, high]| [all[0] & !low, all[1] & !high]),
            pairs: self.short_pairs.each_ref().map(registers),
        };
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
            let verdicts = self.four::<TWO>([counters, high], tops, &tables);
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
        tables: &Tables,
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
        // How many of the lands a round bottoms, from a word of sixteen four-bit counts.
        let lands_gone = _mm256_and_si256(
            _mm256_srlv_epi64(
                splat(self.lands_gone_nibbles),
                _mm256_slli_epi64::<2>(lands),
            ),
            splat(15),
        );
        // The sets a class is in, as the bytes a step takes from the cards to spare: by which
        // of each set's classes its counter's bit (`bit`, one or none) is.
        let set_bytes = |bit: __m256i, w: usize| {
            let mut mask = zero;
            for (i, bits) in tables.set_bits.iter().enumerate() {
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
            // The classes whose sets all have a card to spare: for each set with none, only
            // the classes outside it (both words' at once when `TWO`).
            let (mut allowed, mut allowed_high) = (ones, ones);
            for (i, outside) in tables.outside.iter().enumerate() {
                let byte = _mm256_and_si256(spare_counts, splat(0xff << (8 * i)));
                let spare = _mm256_xor_si256(_mm256_cmpeq_epi64(byte, zero), ones);
                allowed = _mm256_and_si256(allowed, _mm256_or_si256(spare, splat(outside[0])));
                if TWO {
                    let term = _mm256_or_si256(spare, splat(outside[1]));
                    allowed_high = _mm256_and_si256(allowed_high, term);
                }
            }
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
                let free = _mm256_and_si256(present, allowed_high);
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
        // The verdict, from the pair of the hand's lands (of the refused hands' when refused):
        // sixteen words of a table as two registers, a dword permute in each (a lane's count is
        // in its low dword), the one bit 3 of the count picks; then the next card's half.
        let at = |[low, high]: &[__m256i; 2]| {
            let pick = _mm256_castsi256_ps(_mm256_slli_epi32::<28>(lands));
            _mm256_castps_si256(_mm256_blendv_ps(
                _mm256_castsi256_ps(_mm256_permutevar8x32_epi32(*low, lands)),
                _mm256_castsi256_ps(_mm256_permutevar8x32_epi32(*high, lands)),
                pick,
            ))
        };
        let pair = _mm256_blendv_epi8(at(&tables.pairs[0]), at(&tables.pairs[1]), refused);
        let half = _mm256_slli_epi64::<4>(_mm256_cvtepu32_epi64(tops));
        let verdict = _mm256_and_si256(_mm256_srlv_epi64(pair, half), splat(0xffff));
        // The low dwords of the four lanes.
        let low_dwords = _mm256_setr_epi32(0, 2, 4, 6, 0, 0, 0, 0);
        _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(verdict, low_dwords))
    }
}
