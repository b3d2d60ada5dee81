//! The counter verdicts of eight hands with AVX-512 (x86-64 CPUs with AVX-512 F, DQ and CD;
//! built by compilers that have the intrinsics, Rust 1.89 on: `build.rs`; 103.5: London's
//! bottom and a keep rule's card conditions, [`super::super::counter_verdicts`]): the twin of
//! [`CounterVerdicts::get`], eight lanes a register, beside the AVX2 twin with four
//! ([`super::avx2_verdicts`]). Same results.

use super::super::classes::{ClassHands, NIBBLES};
use super::super::counter_verdicts::CounterVerdicts;
use crate::rng::LANES;
use std::arch::x86_64::*;

/// `vpternlogq`'s truth table of `a & b & c` (inputs `a`, `b`, `c` as 0xF0, 0xCC, 0xAA).
const AND3: i32 = 0x80;

impl CounterVerdicts {
    /// [`CounterVerdicts::get`] of eight lanes' hands at once, each for its next card: the same
    /// steps on eight words (two each with `TWO`, a deck of more than 16 classes), the tables
    /// read with two-register permutes (sixteen words each).
    #[target_feature(enable = "avx512f,avx512dq,avx512cd")]
    pub(crate) unsafe fn lanes_avx512<const TWO: bool>(&self, hands: &ClassHands) -> [u32; LANES] {
        let splat = |w: u64| _mm512_set1_epi64(w as i64);
        // A table of sixteen words, as the two registers a permute reads.
        let table = |t: &[u64; 16]| {
            // SAFETY: unaligned loads of eight u64 each from a [u64; 16].
            unsafe {
                (
                    _mm512_loadu_si512(t.as_ptr().cast()),
                    _mm512_loadu_si512(t[8..].as_ptr().cast()),
                )
            }
        };
        let look =
            |(lo, hi): (__m512i, __m512i), at: __m512i| _mm512_permutex2var_epi64(lo, at, hi);
        // SAFETY: unaligned loads of eight u64 from a [u64; 8] each.
        let (mut counters, mut high) = unsafe {
            (
                _mm512_loadu_si512(hands.counters.as_ptr().cast()),
                _mm512_loadu_si512(hands.high.as_ptr().cast()),
            )
        };
        let nibbles = splat(NIBBLES);
        // The sum of a word's counters, both words' when `TWO` (no counter carries: a hand
        // holds at most 15 cards).
        let sum = |word: u128| {
            let mut masked = _mm512_and_si512(counters, splat(word as u64));
            if TWO {
                let above = _mm512_and_si512(high, splat((word >> 64) as u64));
                masked = _mm512_add_epi64(masked, above);
            }
            _mm512_srli_epi64::<60>(_mm512_mullo_epi64(masked, nibbles))
        };
        let sums = self.classes.sums;
        let lands = sum(sums[0]);
        let mut counts = splat(self.rows.bias);
        for (i, &word) in sums[1..].iter().enumerate() {
            counts = _mm512_add_epi64(counts, _mm512_sllv_epi64(sum(word), splat(8 * i as u64)));
        }
        let all = splat(0x1010_1010);
        let mut refused = _mm512_cmpneq_epi64_mask(_mm512_and_si512(counts, all), all);
        let mut spare_counts = _mm512_and_si512(counts, splat(0x0f0f_0f0f));
        let lands_gone = look(table(&self.rows.lands_gone), lands);
        let kinds = self.kinds.map(|kind| splat(kind as u64));
        let kinds_high = self.kinds.map(|kind| splat((kind >> 64) as u64));
        let spare = self.spare[0].each_ref().map(table);
        let spare_high = self.spare[1].each_ref().map(table);
        let masks = table(self.masks[..16].try_into().expect("sixteen words"));
        let masks_high = table(self.masks[16..].try_into().expect("sixteen words"));
        for step in 0..u64::from(self.rows.bottom) {
            let land = _mm512_cmpgt_epu64_mask(lands_gone, splat(step));
            let x = _mm512_or_si512(counters, _mm512_srli_epi64::<1>(counters));
            let x = _mm512_or_si512(x, _mm512_srli_epi64::<2>(x));
            let kind = _mm512_mask_blend_epi64(land, kinds[0], kinds[1]);
            let present = _mm512_ternarylogic_epi64::<AND3>(x, nibbles, kind);
            let nonzero = _mm512_or_si512(spare_counts, _mm512_srli_epi64::<1>(spare_counts));
            let nonzero = _mm512_or_si512(nonzero, _mm512_srli_epi64::<2>(nonzero));
            let nonzero = _mm512_and_si512(nonzero, splat(0x0101_0101));
            let bits = _mm512_mul_epu32(nonzero, splat(0x0102_0408));
            let sets = _mm512_and_si512(_mm512_srli_epi64::<24>(bits), splat(15));
            let allowed = _mm512_mask_blend_epi64(land, look(spare[0], sets), look(spare[1], sets));
            let free = _mm512_and_si512(present, allowed);
            let (mut any, some_free) = (
                _mm512_test_epi64_mask(present, present),
                _mm512_test_epi64_mask(free, free),
            );
            let lowest = _mm512_and_si512(free, _mm512_sub_epi64(_mm512_setzero_si512(), free));
            counters = _mm512_sub_epi64(counters, lowest);
            // The class's number: its counter's bit is 4n, 63 less its leading zeros.
            let number = |bit: __m512i| {
                _mm512_srli_epi64::<2>(_mm512_sub_epi64(splat(63), _mm512_lzcnt_epi64(bit)))
            };
            let n = number(lowest);
            let mut mask = _mm512_maskz_permutex2var_epi64(some_free, masks.0, n, masks.1);
            let mut some = some_free;
            if TWO {
                // The second word's classes come after the first's: a lane takes one of them
                // when the first word has no free class (of this kind, its sets all spare).
                let x = _mm512_or_si512(high, _mm512_srli_epi64::<1>(high));
                let x = _mm512_or_si512(x, _mm512_srli_epi64::<2>(x));
                let kind = _mm512_mask_blend_epi64(land, kinds_high[0], kinds_high[1]);
                let present = _mm512_ternarylogic_epi64::<AND3>(x, nibbles, kind);
                let allowed = _mm512_mask_blend_epi64(
                    land,
                    look(spare_high[0], sets),
                    look(spare_high[1], sets),
                );
                let free = _mm512_and_si512(present, allowed);
                let free_high = _mm512_test_epi64_mask(free, free);
                let take = free_high & !some_free;
                let neg = _mm512_sub_epi64(_mm512_setzero_si512(), free);
                let lowest = _mm512_maskz_and_epi64(take, free, neg);
                high = _mm512_sub_epi64(high, lowest);
                let (at, above) = (number(lowest), masks_high);
                mask = _mm512_or_si512(
                    mask,
                    _mm512_maskz_permutex2var_epi64(take, above.0, at, above.1),
                );
                any |= _mm512_test_epi64_mask(present, present);
                some |= free_high;
            }
            // A class present of this kind and none free breaks a condition.
            refused |= any & !some;
            spare_counts = _mm512_sub_epi64(spare_counts, mask);
        }
        let pair = _mm512_mask_blend_epi64(
            refused,
            look(table(&self.rows.kept), lands),
            look(table(&self.rows.refused), lands),
        );
        // SAFETY: an unaligned load of eight u32 from a [u32; 8].
        let tops = unsafe { _mm256_loadu_si256(hands.tops.as_ptr().cast()) };
        let shift = _mm512_slli_epi64::<5>(_mm512_cvtepu32_epi64(tops));
        let verdicts = _mm512_cvtepi64_epi32(_mm512_srlv_epi64(pair, shift));
        let mut out = [0u32; LANES];
        // SAFETY: an unaligned store of eight u32 into a [u32; 8].
        unsafe { _mm256_storeu_si256(out.as_mut_ptr().cast(), verdicts) };
        out
    }
}
