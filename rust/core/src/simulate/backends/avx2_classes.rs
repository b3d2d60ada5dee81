//! The compact class kernels with AVX2 (x86-64; 103.5: a hand decided by the classes of its
//! cards, [`super::super::classes`]): eight lanes' class planes move through the steps in two
//! vectors of four, and each card drawn adds one to its class's four-bit counter. Entered only
//! from the engine's AVX2 build. Same results as the general path.

use super::super::classes::{ClassHands, ClassPlanes};
use super::super::engine::Engine;
use super::avx2::{narrow, Masks4};
use crate::rng::{LANES, MAX_BATCH};
use std::arch::x86_64::*;

impl Engine<'_> {
    /// [`Engine::lane_lands_avx2`] by compact class ([`ClassPlanes`], `P` planes of up to 128
    /// cards): the planes move together through the steps, and the class number drawn at each
    /// step adds one to its four-bit counter. Same results as the general path.
    #[target_feature(enable = "avx2,bmi2")]
    unsafe fn lane_classes_wide<const P: usize>(
        &self,
        classes: &ClassPlanes,
        (draw, need): (usize, usize),
        digits: &[[u64; LANES]; MAX_BATCH],
        out: &mut ClassHands,
    ) {
        let mut planes: [[Masks4<true>; 2]; P] =
            core::array::from_fn(|p| [Masks4::<true>::new(classes.planes[p]); 2]);
        let zero = _mm256_setzero_si256();
        let shifts: [__m256i; P] = core::array::from_fn(|p| _mm256_set1_epi64x(p as i64));
        let mut counters = Counters4::<P>::new();
        for d in &digits[..draw] {
            for h in 0..2 {
                // SAFETY: an unaligned load of four u64 from a [u64; 8].
                let dv = unsafe { _mm256_loadu_si256(d[4 * h..].as_ptr().cast()) };
                let mut number = planes[0][h].step(dv);
                for p in 1..P {
                    let f = planes[p][h].step(dv);
                    number = _mm256_or_si256(number, _mm256_sllv_epi64(f, shifts[p]));
                }
                counters.add(h, _mm256_slli_epi64(number, 2));
            }
        }
        let mut tops = [0u64; LANES];
        for h in 0..2 {
            if need > draw {
                // SAFETY: an unaligned load of four u64 from a [u64; 8] (`4 * h + 4 <= 8`).
                let dv = unsafe { _mm256_loadu_si256(digits[draw][4 * h..].as_ptr().cast()) };
                let mut number = zero;
                for p in 0..P {
                    let f = planes[p][h].bit(dv);
                    number = _mm256_or_si256(number, _mm256_sllv_epi64(f, shifts[p]));
                }
                // SAFETY: an unaligned store of four u64 into a [u64; 8] (`4 * h + 4 <= 8`).
                unsafe { _mm256_storeu_si256(tops[4 * h..].as_mut_ptr().cast(), number) };
            }
        }
        *out = ClassHands::new(counters.words(), (need > draw).then_some(tops), classes, 0);
    }

    /// The compact class kernel for a library of up to 64 cards: plane `p` holds card `j`'s
    /// flag at bit `j + SHIFT + p` ([`ClassPlanes::shift`]), so the flags a step draws, each
    /// masked where it lands, add up to the class number times `1 << SHIFT`: with `SHIFT` 2,
    /// four times it, the shift of its counter, with no shift of their own (one shift after
    /// with `SHIFT` 0, for the planes that fit in 64 bits only so). The last step moves no flag
    /// when no later step or look reads the library. Same results as
    /// [`Engine::lane_classes_wide`].
    #[target_feature(enable = "avx2,bmi2")]
    pub(crate) unsafe fn lane_classes_narrow<const P: usize, const SHIFT: u32>(
        &self,
        classes: &ClassPlanes,
        (draw, need): (usize, usize),
        digits: &[[u64; LANES]; MAX_BATCH],
        out: &mut ClassHands,
    ) {
        let marks: [__m256i; P] =
            core::array::from_fn(|p| _mm256_set1_epi64x(1 << (SHIFT + p as u32)));
        let plane = |p: usize| {
            _mm256_set1_epi64x(((classes.planes[p] as u64) << (SHIFT + p as u32)) as i64)
        };
        // The counter's shift: four times the class number.
        let nibble = |number: __m256i| match SHIFT {
            2 => number,
            _ => _mm256_slli_epi64::<2>(number),
        };
        let moved = ClassHands::moved_steps(draw, need);
        let mut planes: [[__m256i; P]; 2] = [core::array::from_fn(plane); 2];
        let mut counters = Counters4::<P>::new();
        let at = |d: &[u64; LANES], h: usize| {
            // SAFETY: an unaligned load of four u64 from a [u64; 8] (`4 * h + 4 <= 8`).
            let d = unsafe { _mm256_loadu_si256(d[4 * h..].as_ptr().cast()) };
            narrow::<false>(d)
        };
        // The two halves step by step together: each step's chains of the one beside the other's.
        for d in &digits[..moved] {
            for (h, half) in planes.iter_mut().enumerate() {
                counters.add(h, nibble(class_step::<P, true>(half, &marks, at(d, h))));
            }
        }
        for d in &digits[moved..draw] {
            for (h, half) in planes.iter_mut().enumerate() {
                counters.add(h, nibble(class_step::<P, false>(half, &marks, at(d, h))));
            }
        }
        let mut tops = [0u64; LANES];
        for h in 0..2 {
            if need > draw {
                let number = class_step::<P, false>(&mut planes[h], &marks, at(&digits[draw], h));
                // SAFETY: an unaligned store of four u64 into a [u64; 8] (`4 * h + 4 <= 8`).
                unsafe { _mm256_storeu_si256(tops[4 * h..].as_mut_ptr().cast(), number) };
            }
        }
        *out = ClassHands::new(
            counters.words(),
            (need > draw).then_some(tops),
            classes,
            SHIFT,
        );
    }

    /// The compact class kernel for the deck's number of planes: the narrow one
    /// ([`Engine::lane_classes_narrow`]) for a library whose shifted planes fit in 64 bits
    /// ([`ClassPlanes::shift`]), the wide one for any other; each one's AVX-512 twin on a CPU
    /// that has it.
    #[target_feature(enable = "avx2,bmi2")]
    #[inline]
    pub(crate) unsafe fn lane_classes_any(
        &self,
        classes: &ClassPlanes,
        leads: &[u64; LANES],
        shape: (usize, usize),
        digits: &mut [[u64; LANES]; MAX_BATCH],
        out: &mut ClassHands,
    ) -> [bool; LANES] {
        // Each lane's steps from its lead word (all eight rejected: the general path).
        let Some(ok) = self.first_batch_digits(leads, digits) else {
            *out = ClassHands::default();
            return [true; LANES];
        };
        let (c, d) = (classes, &*digits);
        #[cfg(avx512_kernels)]
        if self.avx512 {
            // SAFETY: `avx512` is true only on CPUs with AVX-512F ([`crate::cpu::has_avx512`]).
            unsafe {
                match (classes.shift(), classes.count) {
                    (None, 1) => self.lane_classes_wide_avx512::<1>(c, shape, d, out),
                    (None, 2) => self.lane_classes_wide_avx512::<2>(c, shape, d, out),
                    (None, 3) => self.lane_classes_wide_avx512::<3>(c, shape, d, out),
                    (None, 4) => self.lane_classes_wide_avx512::<4>(c, shape, d, out),
                    (None, _) => self.lane_classes_wide_avx512::<5>(c, shape, d, out),
                    (Some(2), 1) => self.lane_classes_avx512::<1, 2>(c, shape, d, out),
                    (Some(2), 2) => self.lane_classes_avx512::<2, 2>(c, shape, d, out),
                    (Some(2), 3) => self.lane_classes_avx512::<3, 2>(c, shape, d, out),
                    (Some(2), 4) => self.lane_classes_avx512::<4, 2>(c, shape, d, out),
                    (Some(2), _) => self.lane_classes_avx512::<5, 2>(c, shape, d, out),
                    (_, 1) => self.lane_classes_avx512::<1, 0>(c, shape, d, out),
                    (_, 2) => self.lane_classes_avx512::<2, 0>(c, shape, d, out),
                    (_, 3) => self.lane_classes_avx512::<3, 0>(c, shape, d, out),
                    (_, 4) => self.lane_classes_avx512::<4, 0>(c, shape, d, out),
                    _ => self.lane_classes_avx512::<5, 0>(c, shape, d, out),
                }
            };
            return ok;
        }
        // SAFETY: the CPU has AVX2 and BMI2 (this function's own requirement).
        unsafe {
            match (classes.shift(), classes.count) {
                (Some(2), 1) => self.lane_classes_narrow::<1, 2>(c, shape, d, out),
                (Some(2), 2) => self.lane_classes_narrow::<2, 2>(c, shape, d, out),
                (Some(2), 3) => self.lane_classes_narrow::<3, 2>(c, shape, d, out),
                (Some(2), 4) => self.lane_classes_narrow::<4, 2>(c, shape, d, out),
                (Some(2), _) => self.lane_classes_narrow::<5, 2>(c, shape, d, out),
                (Some(_), 1) => self.lane_classes_narrow::<1, 0>(c, shape, d, out),
                (Some(_), 2) => self.lane_classes_narrow::<2, 0>(c, shape, d, out),
                (Some(_), 3) => self.lane_classes_narrow::<3, 0>(c, shape, d, out),
                (Some(_), 4) => self.lane_classes_narrow::<4, 0>(c, shape, d, out),
                (Some(_), _) => self.lane_classes_narrow::<5, 0>(c, shape, d, out),
                (None, 1) => self.lane_classes_wide::<1>(c, shape, d, out),
                (None, 2) => self.lane_classes_wide::<2>(c, shape, d, out),
                (None, 3) => self.lane_classes_wide::<3>(c, shape, d, out),
                (None, 4) => self.lane_classes_wide::<4>(c, shape, d, out),
                (None, _) => self.lane_classes_wide::<5>(c, shape, d, out),
            }
        }
        ok
    }
}

/// Eight lanes' class counters in two vectors of four: one word each, and a second for the
/// numbers 16 and up when the deck has five planes (more than 16 classes).
struct Counters4<const P: usize> {
    low: [__m256i; 2],
    high: [__m256i; 2],
}

impl<const P: usize> Counters4<P> {
    #[target_feature(enable = "avx2")]
    #[inline]
    fn new() -> Self {
        let zero = _mm256_setzero_si256();
        Counters4 {
            low: [zero; 2],
            high: [zero; 2],
        }
    }

    /// Adds one to the counter at bit `nibble` (four times a class number) of each lane of
    /// half `h`: a shift by 64 or more gives 0, so each word takes its own numbers.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn add(&mut self, h: usize, nibble: __m256i) {
        let one = _mm256_set1_epi64x(1);
        self.low[h] = _mm256_add_epi64(self.low[h], _mm256_sllv_epi64(one, nibble));
        if P > 4 {
            let high = _mm256_sub_epi64(nibble, _mm256_set1_epi64x(64));
            self.high[h] = _mm256_add_epi64(self.high[h], _mm256_sllv_epi64(one, high));
        }
    }

    /// The two words of each lane.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn words(&self) -> ([u64; LANES], [u64; LANES]) {
        let (mut low, mut high) = ([0u64; LANES], [0u64; LANES]);
        for h in 0..2 {
            // SAFETY: unaligned stores of four u64 into a [u64; 8] (`4 * h + 4 <= 8`).
            unsafe {
                _mm256_storeu_si256(low[4 * h..].as_mut_ptr().cast(), self.low[h]);
                _mm256_storeu_si256(high[4 * h..].as_mut_ptr().cast(), self.high[h]);
            }
        }
        (low, high)
    }
}

/// One step of the narrow class kernel for four lanes: the drawn card's flags (at `d` past the
/// current position) masked in place, which make its class number (times `1 << SHIFT`); with `MOVE`, the
/// current card's flags moved to `d` and every plane shifted to the next position.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn class_step<const P: usize, const MOVE: bool>(
    planes: &mut [__m256i; P],
    marks: &[__m256i; P],
    d: __m256i,
) -> __m256i {
    let mut number = _mm256_setzero_si256();
    for (plane, &mark) in planes.iter_mut().zip(marks) {
        let drawn = _mm256_srlv_epi64(*plane, d);
        number = _mm256_or_si256(number, _mm256_and_si256(drawn, mark));
        if MOVE {
            // The current card's flag written over the drawn one's. The chain from one step's
            // plane to the next is four operations long (and, shift, or, shift), where moving
            // the flip with two xors makes it six, for one operation more a plane; on this
            // project's machines both ran as fast (benches/RESULTS.md, 2026-12-04).
            let current = _mm256_sllv_epi64(_mm256_and_si256(*plane, mark), d);
            let rest = _mm256_andnot_si256(_mm256_sllv_epi64(mark, d), *plane);
            *plane = _mm256_srli_epi64(_mm256_or_si256(rest, current), 1);
        }
    }
    number
}
