//! The narrow compact class kernel with AVX-512 (x86-64 CPUs with AVX-512F, beside its AVX2
//! twin in [`super::avx2_classes`]): the eight lanes in one register, and each step's masked
//! moves in one three-input logic operation (`vpternlogq`) where AVX2 takes two or three. The
//! class kernel is bound by how many operations it issues, three planes' worth a step, where
//! the one-plane land kernel waits on its chain, so only it has this twin. Same results. Built
//! by compilers that have the AVX-512 intrinsics (Rust 1.89 on; `build.rs`).

use super::super::classes::{ClassHands, ClassPlanes};
use super::super::engine::Engine;
use crate::rng::{LANES, MAX_BATCH};
use std::arch::x86_64::*;

/// `vpternlogq`'s truth table of `a | (b & c)` (inputs `a`, `b`, `c` as 0xF0, 0xCC, 0xAA).
const A_OR_B_AND_C: i32 = 0xF8;
/// `vpternlogq`'s truth table of `(a ^ b) & c`.
const A_XOR_B_AND_C: i32 = 0x28;

impl Engine<'_> {
    /// [`Engine::lane_classes_narrow`](super::avx2_classes) with AVX-512: the same planes (card
    /// `j`'s flag of plane `p` at bit `j + SHIFT + p`), steps and counters, eight lanes at once.
    #[target_feature(enable = "avx512f,avx2,bmi2")]
    pub(crate) unsafe fn lane_classes_avx512<const P: usize, const SHIFT: u32>(
        &self,
        classes: &ClassPlanes,
        (draw, need): (usize, usize),
        digits: &[[u64; LANES]; MAX_BATCH],
        out: &mut ClassHands,
    ) {
        let one = _mm512_set1_epi64(1);
        let below_64 = _mm512_set1_epi64(63);
        let marks: [__m512i; P] =
            core::array::from_fn(|p| _mm512_set1_epi64(1 << (SHIFT + p as u32)));
        let mut planes: [__m512i; P] = core::array::from_fn(|p| {
            _mm512_set1_epi64(((classes.planes[p] as u64) << (SHIFT + p as u32)) as i64)
        });
        // The counter's shift: four times the class number.
        let nibble = |number: __m512i| match SHIFT {
            2 => number,
            _ => _mm512_slli_epi64::<2>(number),
        };
        let at = |d: &[u64; LANES]| {
            // SAFETY: an unaligned load of eight u64 from a [u64; 8].
            let d = unsafe { _mm512_loadu_si512(d.as_ptr().cast()) };
            _mm512_and_si512(d, below_64)
        };
        let mut counters = _mm512_setzero_si512();
        let moved = ClassHands::moved_steps(draw, need);
        for d in &digits[..moved] {
            let number = nibble(step::<P, true>(&mut planes, &marks, at(d)));
            counters = _mm512_add_epi64(counters, _mm512_sllv_epi64(one, number));
        }
        for d in &digits[moved..draw] {
            let number = nibble(step::<P, false>(&mut planes, &marks, at(d)));
            counters = _mm512_add_epi64(counters, _mm512_sllv_epi64(one, number));
        }
        let (mut words, mut tops) = ([0u64; LANES], [0u64; LANES]);
        // SAFETY: an unaligned store of eight u64 into a [u64; 8].
        unsafe { _mm512_storeu_si512(words.as_mut_ptr().cast(), counters) };
        if need > draw {
            let number = step::<P, false>(&mut planes, &marks, at(&digits[draw]));
            // SAFETY: an unaligned store of eight u64 into a [u64; 8].
            unsafe { _mm512_storeu_si512(tops.as_mut_ptr().cast(), number) };
        }
        *out = ClassHands::new(words, (need > draw).then_some(tops), classes, SHIFT);
    }
}

/// One step of eight lanes: the drawn card's flags masked in place (its class number times
/// `1 << SHIFT`); with `MOVE`, the current card's flags moved to `d` and the planes shifted on.
#[target_feature(enable = "avx512f")]
#[inline]
unsafe fn step<const P: usize, const MOVE: bool>(
    planes: &mut [__m512i; P],
    marks: &[__m512i; P],
    d: __m512i,
) -> __m512i {
    let mut number = _mm512_setzero_si512();
    for (plane, &mark) in planes.iter_mut().zip(marks) {
        let drawn = _mm512_srlv_epi64(*plane, d);
        number = _mm512_ternarylogic_epi64::<A_OR_B_AND_C>(number, drawn, mark);
        if MOVE {
            let flip = _mm512_ternarylogic_epi64::<A_XOR_B_AND_C>(drawn, *plane, mark);
            let moved = _mm512_xor_si512(*plane, _mm512_sllv_epi64(flip, d));
            *plane = _mm512_srli_epi64::<1>(moved);
        }
    }
    number
}
