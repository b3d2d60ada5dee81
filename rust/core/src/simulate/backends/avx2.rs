//! The count kernels with AVX2 and BMI2 (x86-64), beside their portable twins
//! ([`super::portable`]): eight lanes' land (and tag) flags move through the steps in two
//! vectors of four, with per-lane variable shifts. Entered only from the engine's AVX2 build
//! ([`crate::cpu::has_avx2_bmi2`]). Same results.

use super::super::engine::Engine;
use super::super::policy::MAX_SETS;
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
        let Some(ok) = self.first_batch_digits(leads, digits) else {
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

    /// [`Engine::lane_lands_avx2`] with card sets ([`CountRule::sets`], `S` of them): the land
    /// flags and each set's flags move together through the steps. Without `CLASSES`, each
    /// lane's lands and cards of each set drawn (`counts[0]` lands, `counts[1 + i]` set `i`);
    /// with `CLASSES`, each lane's hand by class ([`Classes`]: `land << 4 | set mask`, four
    /// bits a class), for a London bottom. And the flag at position `draw` (Vancouver's look).
    ///
    /// [`CountRule::sets`]: super::super::policy::CountRule::sets
    /// [`Classes`]: super::super::policy::Classes
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi2")]
    pub(crate) unsafe fn lane_sets_avx2<const WIDE: bool, const S: usize, const CLASSES: bool>(
        &self,
        flags: &SetFlags,
        leads: &[u64; LANES],
        (draw, need): (usize, usize),
        digits: &mut [[u64; LANES]; MAX_BATCH],
        out: &mut SetHands,
    ) -> [bool; LANES] {
        use std::arch::x86_64::*;
        let Some(ok) = self.first_batch_digits(leads, digits) else {
            *out = SetHands::default();
            return [true; LANES];
        };
        let mut lands = [Masks4::<WIDE>::new(flags.lands); 2];
        let mut sets: [[Masks4<WIDE>; 2]; S] =
            core::array::from_fn(|i| [Masks4::<WIDE>::new(flags.sets[i]); 2]);
        let zero = _mm256_setzero_si256();
        let mut counts = [[zero; 2]; MAX_SETS + 1];
        let (mut lo, mut hi) = ([zero; 2], [zero; 2]);
        let one = _mm256_set1_epi64x(1);
        let sixty_four = _mm256_set1_epi64x(64);
        for d in &digits[..draw] {
            for h in 0..2 {
                // SAFETY: an unaligned load of four u64 from a [u64; 8].
                let dv = unsafe { _mm256_loadu_si256(d[4 * h..].as_ptr().cast()) };
                let fl = lands[h].step(dv);
                if CLASSES {
                    // The class: the land flag at bit 4, set `i`'s at bit `i`; its counter at
                    // four times that (the high word for lands).
                    let mut class = _mm256_slli_epi64(fl, 4);
                    for (i, set) in sets.iter_mut().enumerate() {
                        let f = set[h].step(dv);
                        class = _mm256_or_si256(
                            class,
                            _mm256_sllv_epi64(f, _mm256_set1_epi64x(i as i64)),
                        );
                    }
                    let shift = _mm256_slli_epi64(class, 2);
                    lo[h] = _mm256_add_epi64(lo[h], _mm256_sllv_epi64(one, shift));
                    let high = _mm256_sub_epi64(shift, sixty_four);
                    hi[h] = _mm256_add_epi64(hi[h], _mm256_sllv_epi64(one, high));
                } else {
                    counts[0][h] = _mm256_add_epi64(counts[0][h], fl);
                    for (i, set) in sets.iter_mut().enumerate() {
                        let f = set[h].step(dv);
                        counts[1 + i][h] = _mm256_add_epi64(counts[1 + i][h], f);
                    }
                }
            }
        }
        let mut tops = [[0u64; 4]; 2];
        let mut words = [[[0u64; 4]; 2]; MAX_SETS + 1];
        let (mut los, mut his) = ([[0u64; 4]; 2], [[0u64; 4]; 2]);
        for h in 0..2 {
            // SAFETY: unaligned stores of four u64 into [u64; 4].
            unsafe {
                if CLASSES {
                    _mm256_storeu_si256(los[h].as_mut_ptr().cast(), lo[h]);
                    _mm256_storeu_si256(his[h].as_mut_ptr().cast(), hi[h]);
                } else {
                    for (w, c) in words.iter_mut().zip(&counts).take(S + 1) {
                        _mm256_storeu_si256(w[h].as_mut_ptr().cast(), c[h]);
                    }
                }
            }
            if need > draw {
                // SAFETY: an unaligned load of four u64 from a [u64; 8] (`4 * h + 4 <= 8`).
                let dv = unsafe { _mm256_loadu_si256(digits[draw][4 * h..].as_ptr().cast()) };
                let f = lands[h].bit(dv);
                // SAFETY: an unaligned store of four u64 into a [u64; 4].
                unsafe { _mm256_storeu_si256(tops[h].as_mut_ptr().cast(), f) };
            }
        }
        for l in 0..LANES {
            let (h, q) = (l / 4, l % 4);
            out.tops[l] = tops[h][q] as u32;
            if CLASSES {
                out.classes[l] = u128::from(los[h][q]) | (u128::from(his[h][q]) << 64);
            } else {
                for (c, w) in out.counts.iter_mut().zip(&words).take(S + 1) {
                    c[l] = w[h][q] as u32;
                }
            }
        }
        ok
    }
}

/// The library's flags the set kernels move: lands, and each set's cards (bit `j` for card
/// `j`, as [`LandMask`](super::super::land_mask::LandMask)).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct SetFlags {
    pub(crate) lands: u128,
    pub(crate) sets: [u128; MAX_SETS],
}

/// What [`Engine::lane_sets_avx2`] finds of eight lanes' hands.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct SetHands {
    /// `[0]`: lands drawn; `[1 + i]`: cards of set `i` drawn (without classes).
    pub(crate) counts: [[u32; LANES]; MAX_SETS + 1],
    /// The hands by class (with classes).
    pub(crate) classes: [u128; LANES],
    /// The flag at position `draw` (Vancouver's look).
    pub(crate) tops: [u32; LANES],
}

impl Engine<'_> {
    /// [`Engine::lane_sets_avx2`] for `sets` sets (1 to [`MAX_SETS`]), with or without classes.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi2")]
    pub(crate) unsafe fn lane_sets_any<const WIDE: bool>(
        &self,
        (sets, classes): (usize, bool),
        flags: &SetFlags,
        leads: &[u64; LANES],
        shape: (usize, usize),
        digits: &mut [[u64; LANES]; MAX_BATCH],
        out: &mut SetHands,
    ) -> [bool; LANES] {
        let (f, l, d) = (flags, leads, digits);
        // SAFETY: the CPU has AVX2 and BMI2 (this function's own requirement).
        unsafe {
            match (sets, classes) {
                (1, false) => self.lane_sets_avx2::<WIDE, 1, false>(f, l, shape, d, out),
                (2, false) => self.lane_sets_avx2::<WIDE, 2, false>(f, l, shape, d, out),
                (3, false) => self.lane_sets_avx2::<WIDE, 3, false>(f, l, shape, d, out),
                (4, false) => self.lane_sets_avx2::<WIDE, 4, false>(f, l, shape, d, out),
                (1, true) => self.lane_sets_avx2::<WIDE, 1, true>(f, l, shape, d, out),
                (2, true) => self.lane_sets_avx2::<WIDE, 2, true>(f, l, shape, d, out),
                (3, true) => self.lane_sets_avx2::<WIDE, 3, true>(f, l, shape, d, out),
                _ => self.lane_sets_avx2::<WIDE, 4, true>(f, l, shape, d, out),
            }
        }
    }
}
