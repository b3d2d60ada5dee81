//! The count kernels with AVX2 and BMI2 (x86-64), beside their portable twins
//! ([`super::portable`]): eight lanes' land (and tag) flags move through the steps in two
//! vectors of four, with per-lane variable shifts. Entered only from the engine's AVX2 build
//! ([`crate::cpu::has_avx2_bmi2`]). Same results.

use super::super::engine::Engine;
use crate::rng::{LANES, MAX_BATCH};

/// The flags of four lanes' libraries of up to 128 cards (64 unless `WIDE`) as 64-bit halves
/// in AVX2 vectors, kept relative to the current step as [`LandMask`](super::super::land_mask::LandMask) is. A variable shift by
/// 64 or more gives 0, so `d - 64` (wrapping below 64) addresses the high half and nothing in
/// the low one.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
pub(crate) struct Masks4<const WIDE: bool> {
    pub(crate) lo: std::arch::x86_64::__m256i,
    pub(crate) hi: std::arch::x86_64::__m256i,
}

#[cfg(target_arch = "x86_64")]
impl<const WIDE: bool> Masks4<WIDE> {
    /// The same library in all four lanes.
    #[target_feature(enable = "avx2")]
    pub(crate) unsafe fn new(flags: u128) -> Self {
        use std::arch::x86_64::_mm256_set1_epi64x;
        Masks4 {
            lo: _mm256_set1_epi64x(flags as u64 as i64),
            hi: _mm256_set1_epi64x((flags >> 64) as u64 as i64),
        }
    }

    /// The flag (0 or 1) at position `d` of each lane.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) unsafe fn bit(&self, d: std::arch::x86_64::__m256i) -> std::arch::x86_64::__m256i {
        use std::arch::x86_64::*;
        let d = narrow::<WIDE>(d);
        let one = _mm256_set1_epi64x(1);
        let low = _mm256_srlv_epi64(self.lo, d);
        if WIDE {
            let high = _mm256_srlv_epi64(self.hi, _mm256_sub_epi64(d, _mm256_set1_epi64x(64)));
            _mm256_and_si256(_mm256_or_si256(low, high), one)
        } else {
            _mm256_and_si256(low, one)
        }
    }

    /// One step: returns the flag drawn (at `d`), moves the current position's flag (bit 0)
    /// there, and shifts to the next step.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) unsafe fn step(
        &mut self,
        d: std::arch::x86_64::__m256i,
    ) -> std::arch::x86_64::__m256i {
        use std::arch::x86_64::*;
        let d = narrow::<WIDE>(d);
        let f = self.bit(d);
        let flip = _mm256_xor_si256(f, _mm256_and_si256(self.lo, _mm256_set1_epi64x(1)));
        let lo = _mm256_xor_si256(self.lo, _mm256_sllv_epi64(flip, d));
        if WIDE {
            let d_hi = _mm256_sub_epi64(d, _mm256_set1_epi64x(64));
            let hi = _mm256_xor_si256(self.hi, _mm256_sllv_epi64(flip, d_hi));
            self.lo = _mm256_or_si256(_mm256_srli_epi64(lo, 1), _mm256_slli_epi64(hi, 63));
            self.hi = _mm256_srli_epi64(hi, 1);
        } else {
            self.lo = _mm256_srli_epi64(lo, 1);
        }
        f
    }
}

/// A step's positions as the shifts read them: below 64 in a library of at most 64 cards, which
/// the compiler is told with a mask. The intrinsics give 0 for a shift by 64 or more, which the
/// compiler otherwise checks with a compare and a mask of its own on every step (two operations
/// more than this one); a wide library's positions are left as they are, since its high half
/// needs them.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) unsafe fn narrow<const WIDE: bool>(
    d: std::arch::x86_64::__m256i,
) -> std::arch::x86_64::__m256i {
    use std::arch::x86_64::*;
    match WIDE {
        true => d,
        false => _mm256_and_si256(d, _mm256_set1_epi64x(63)),
    }
}

impl Engine<'_> {
    /// [`Engine::lane_lands`] with AVX2 (masks of up to 64 cards, or 128 when `WIDE`): the digits are drawn first (scalar
    /// wide multiplies, eight independent chains), then the eight masks move through the steps
    /// in two vectors of four, with per-lane variable shifts. Same results.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi2")]
    pub(crate) unsafe fn lane_lands_avx2<const WIDE: bool>(
        &self,
        template: u128,
        leads: &[u64; LANES],
        draw: usize,
        need: usize,
        digits: &mut [[u64; LANES]; MAX_BATCH],
    ) -> ([u32; LANES], [u32; LANES], [bool; LANES]) {
        use std::arch::x86_64::*;
        let mut lands = [0u32; LANES];
        let mut tops = [0u32; LANES];
        let Some(ok) = self.first_batch_digits(leads, need, digits) else {
            return (lands, tops, [true; LANES]);
        };
        let mut masks = [Masks4::<WIDE>::new(template); 2];
        let mut count = [_mm256_setzero_si256(); 2];
        for d in &digits[..draw] {
            for h in 0..2 {
                // SAFETY: an unaligned load of four u64 from a [u64; 8].
                let dv = unsafe { _mm256_loadu_si256(d[4 * h..].as_ptr().cast()) };
                let f = masks[h].step(dv);
                count[h] = _mm256_add_epi64(count[h], f);
            }
        }
        let mut out = [[0u64; 4]; 4];
        for h in 0..2 {
            // SAFETY: unaligned stores of four u64 into [u64; 4].
            unsafe { _mm256_storeu_si256(out[h].as_mut_ptr().cast(), count[h]) };
            if need > draw {
                // SAFETY: an unaligned load of four u64 from a [u64; 8] (`4 * h + 4 <= 8`).
                let dv = unsafe { _mm256_loadu_si256(digits[draw][4 * h..].as_ptr().cast()) };
                let f = masks[h].bit(dv);
                // SAFETY: an unaligned store of four u64 into a [u64; 4].
                unsafe { _mm256_storeu_si256(out[2 + h].as_mut_ptr().cast(), f) };
            }
        }
        for l in 0..LANES {
            lands[l] = out[l / 4][l % 4] as u32;
            tops[l] = out[2 + l / 4][l % 4] as u32;
        }
        (lands, tops, ok)
    }
}
