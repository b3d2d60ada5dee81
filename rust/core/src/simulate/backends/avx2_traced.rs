//! The compact class kernel (AVX2, x86-64; 103.5: a hand decided by the classes of its cards,
//! [`super::super::classes`]), traced through the swaps. Step `t` of a shuffle's draw swaps
//! position `t` with `t + d` (701.24, [`crate::shuffle`]) and draws the card that lands at `t`.
//! The kernel follows the positions: the card a step draws is the deck's card at `t + d`,
//! unless an earlier step swapped a card there, in which case it is the card that step moved.
//! Eight lanes' positions are 32-bit numbers in one vector; each step compares its position
//! with the earlier steps' and reads the class of the card found from a table of the deck's
//! cards (`vpermd`: eight four-bit numbers, or four bytes, a dword), so its work does not grow
//! with the number of classes. (Kernels that moved one flag plane a bit of the class number
//! through the steps, twice as wide on AVX-512, measured slower for every deck once this one
//! was unrolled.) Same results as the general path.

use super::super::classes::{ClassHands, DeckClasses};
use super::super::engine::Engine;
use crate::rng::{LANES, MAX_BATCH};
use std::arch::x86_64::*;

/// Which lane each of a step's vector's elements holds: the digits of eight lanes (four to a
/// 256-bit load) are packed by one in-lane shuffle, which leaves the middle pairs swapped.
const ORDER: [usize; LANES] = [0, 1, 4, 5, 2, 3, 6, 7];

impl Engine<'_> {
    /// The compact class kernel for eight games' hands: each lane's steps drawn from its lead
    /// word, then the hands traced ([`Engine::lane_classes_traced`], chosen by the deck's
    /// cards and classes), into `out`; whether each lane's word was accepted (a lane not
    /// accepted takes the general path). Kept out of line: inlined into the round's loop, it
    /// made every rule slower, the land rule's included.
    ///
    /// # Safety
    /// The CPU must have AVX2 and BMI2.
    #[target_feature(enable = "avx2,bmi2")]
    #[inline(never)]
    pub(crate) unsafe fn lane_classes(
        &self,
        classes: &DeckClasses,
        leads: &[u64; LANES],
        shape: (usize, usize),
        digits: &mut [[u64; LANES]; MAX_BATCH],
        out: &mut ClassHands,
    ) -> [bool; LANES] {
        // Each lane's steps from its lead word (no steps: every lane on the general path).
        let Some(ok) = self.first_batch_digits(leads, shape.1, digits) else {
            *out = ClassHands::default();
            return [true; LANES];
        };
        let (c, d) = (classes, &*digits);
        // SAFETY: the CPU has AVX2 and BMI2 (this function's own requirement).
        unsafe {
            match (classes.cards <= 64, classes.len.div_ceil(8)) {
                (true, 1) => self.lane_classes_traced::<2, 1>(c, shape, d, out),
                (true, 2) => self.lane_classes_traced::<2, 2>(c, shape, d, out),
                (true, _) => self.lane_classes_traced::<2, 4>(c, shape, d, out),
                (false, 1) => self.lane_classes_traced::<4, 1>(c, shape, d, out),
                (false, 2) => self.lane_classes_traced::<4, 2>(c, shape, d, out),
                (false, _) => self.lane_classes_traced::<4, 4>(c, shape, d, out),
            }
        }
        ok
    }

    /// The compact class kernel for a library of up to `32 * CHUNKS` cards whose class
    /// counters need `WORDS` 32-bit words (eight classes a word): the position each step draws
    /// traced through the earlier steps' swaps, its card's class read from
    /// [`DeckClasses::packed`] or [`DeckClasses::nibbles`], and one added to that class's
    /// counter.
    #[target_feature(enable = "avx2,bmi2")]
    #[inline(never)]
    // The last step unrolled writes `drawn` for no later step to read.
    #[allow(unused_assignments)]
    pub(crate) unsafe fn lane_classes_traced<const CHUNKS: usize, const WORDS: usize>(
        &self,
        classes: &DeckClasses,
        (draw, need): (usize, usize),
        digits: &[[u64; LANES]; MAX_BATCH],
        out: &mut ClassHands,
    ) {
        // The table of cards: by four bits (the class number) for at most 16 classes, 64 cards
        // a vector (dword `k` of vector `v`, cards `64 * v + 8 * k ..`); by bytes (four times
        // the number) for more, 32 cards a vector.
        let nibbles = WORDS <= 2;
        let (three, seven) = (_mm256_set1_epi32(3), _mm256_set1_epi32(7));
        let (fifteen, byte) = (_mm256_set1_epi32(15), _mm256_set1_epi32(0xff));
        let tables: [__m256i; 4] = core::array::from_fn(|v| {
            let table: &[u8; 128] = match nibbles {
                true => &classes.packed,
                false => &classes.nibbles,
            };
            // SAFETY: an unaligned load of 32 bytes from a [u8; 128] (`32 * v + 32 <= 128`).
            unsafe { _mm256_loadu_si256(table[32 * v..].as_ptr().cast()) }
        });
        let pick = |a: __m256i, b: __m256i, bit: __m256i| {
            _mm256_castps_si256(_mm256_blendv_ps(
                _mm256_castsi256_ps(a),
                _mm256_castsi256_ps(b),
                _mm256_castsi256_ps(bit),
            ))
        };
        // Four times the class number of the card at each lane's position: the dword holding
        // it from each vector (`vpermd` takes the low three bits of the dword's number), the
        // vector chosen by the next bits of the position (moved to the sign bit a blend
        // reads), then the card's bits of the dword.
        let class_at = |position: __m256i| match nibbles {
            true => {
                let dword = _mm256_srli_epi32::<3>(position);
                let mut found = _mm256_permutevar8x32_epi32(tables[0], dword);
                if CHUNKS > 2 {
                    let other = _mm256_permutevar8x32_epi32(tables[1], dword);
                    found = pick(found, other, _mm256_slli_epi32::<25>(position));
                }
                let shift = _mm256_slli_epi32::<2>(_mm256_and_si256(position, seven));
                let number = _mm256_and_si256(_mm256_srlv_epi32(found, shift), fifteen);
                _mm256_slli_epi32::<2>(number)
            }
            false => {
                let dword = _mm256_srli_epi32::<2>(position);
                let look = |v: usize| _mm256_permutevar8x32_epi32(tables[v], dword);
                let bit5 = _mm256_slli_epi32::<26>(position);
                let mut found = pick(look(0), look(1), bit5);
                if CHUNKS > 2 {
                    let bit6 = _mm256_slli_epi32::<25>(position);
                    found = pick(found, pick(look(2), look(3), bit5), bit6);
                }
                let shift = _mm256_slli_epi32::<3>(_mm256_and_si256(position, three));
                _mm256_and_si256(_mm256_srlv_epi32(found, shift), byte)
            }
        };
        let digits_at = |t: usize| {
            // SAFETY: unaligned loads of four u64 each from a [u64; 8].
            let (a, b) = unsafe {
                (
                    _mm256_loadu_si256(digits[t].as_ptr().cast()),
                    _mm256_loadu_si256(digits[t][4..].as_ptr().cast()),
                )
            };
            // The low halves (a digit is below 128): lanes 0, 1, 4, 5, 2, 3, 6, 7 ([`ORDER`]).
            _mm256_castps_si256(_mm256_shuffle_ps::<0b10_00_10_00>(
                _mm256_castsi256_ps(a),
                _mm256_castsi256_ps(b),
            ))
        };
        let one = _mm256_set1_epi32(1);
        let mut counters = [_mm256_setzero_si256(); WORDS];
        // `drawn[s]`: the position step `s` swapped with; `moved[s]`: the deck position of the
        // card it moved there (the card at position `s` then).
        let mut drawn = [_mm256_setzero_si256(); MAX_BATCH];
        let mut moved = [_mm256_setzero_si256(); MAX_BATCH];
        let mut top = _mm256_setzero_si256();
        // Step `t`, a constant: the steps are unrolled (a macro, not a closure, which the
        // compiler may leave out of line) so that the positions stay in registers.
        macro_rules! step {
            ($t:expr) => {{
                let t: usize = $t;
                // The card at position `t`: the deck's, or the one the last step that swapped
                // with `t` moved there.
                if t + 1 < need {
                    let here = _mm256_set1_epi32(t as i32);
                    let mut card = here;
                    for s in 0..t {
                        let same = _mm256_cmpeq_epi32(drawn[s], here);
                        card = _mm256_blendv_epi8(card, moved[s], same);
                    }
                    moved[t] = card;
                }
                let position = _mm256_add_epi32(digits_at(t), _mm256_set1_epi32(t as i32));
                let mut card = position;
                for s in 0..t {
                    let same = _mm256_cmpeq_epi32(drawn[s], position);
                    card = _mm256_blendv_epi8(card, moved[s], same);
                }
                drawn[t] = position;
                let nibble = class_at(card);
                if t == draw {
                    top = nibble;
                } else {
                    for (w, counter) in counters.iter_mut().enumerate() {
                        // Word `w` holds the counters of numbers `8 * w` on: a shift by 32 or
                        // more (a number below, wrapped) gives 0.
                        let shift = _mm256_sub_epi32(nibble, _mm256_set1_epi32(32 * w as i32));
                        *counter = _mm256_add_epi32(*counter, _mm256_sllv_epi32(one, shift));
                    }
                }
            }};
        }
        macro_rules! steps {
            ($($t:literal)*) => {$(
                if $t < need {
                    step!($t);
                }
            )*};
        }
        steps!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15);
        // Each lane's two counter words as one u64: the interleaving puts the lanes back in
        // order ([`ORDER`]: elements 0, 1, 4, 5 of the low half's pairs are lanes 0 to 3).
        let zero = _mm256_setzero_si256();
        let word = |w: usize| counters.get(w).copied().unwrap_or(zero);
        let words = [
            (&mut out.counters, (word(0), word(1))),
            (&mut out.high, (word(2), word(3))),
        ];
        for (out, (a, b)) in words {
            // SAFETY: unaligned stores of four u64 each into a [u64; 8].
            unsafe {
                _mm256_storeu_si256(out.as_mut_ptr().cast(), _mm256_unpacklo_epi32(a, b));
                _mm256_storeu_si256(out[4..].as_mut_ptr().cast(), _mm256_unpackhi_epi32(a, b));
            }
        }
        out.tops = [0; LANES];
        if need > draw {
            let mut tops = [0u32; LANES];
            // SAFETY: an unaligned store of eight u32 into a [u32; 8].
            unsafe { _mm256_storeu_si256(tops.as_mut_ptr().cast(), top) };
            for (e, &l) in ORDER.iter().enumerate() {
                out.tops[l] = classes.is_land(tops[e] >> 2);
            }
        }
    }
}
