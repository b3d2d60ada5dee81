//! The choice of compact class kernel (x86-64; 103.5: a hand decided by the classes of its
//! cards, [`super::super::classes`]): the AVX-512 plane kernels on a CPU that has them, the
//! traced kernel ([`super::avx2_traced`]) on any other with AVX2. Entered only from the
//! engine's AVX2 build. Same results as the general path.

use super::super::classes::{ClassHands, ClassPlanes, MAX_PLANES, WORD_CLASSES};
use super::super::engine::Engine;
use crate::rng::{LANES, MAX_BATCH};

impl Engine<'_> {
    /// The compact class kernel for the deck: on a CPU with AVX-512 the plane kernels
    /// ([`super::avx512`]: the narrow one for a library whose shifted planes fit in 64 bits,
    /// [`ClassPlanes::shift`], the wide one for any other), on any other the traced kernel
    /// ([`super::avx2_traced`]), whose work per step does not grow with the planes.
    #[target_feature(enable = "avx2,bmi2")]
    #[inline(never)]
    pub(crate) unsafe fn lane_classes_any(
        &self,
        classes: &ClassPlanes,
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
        #[cfg(avx512_kernels)]
        if self.avx512 && classes.len > WORD_CLASSES {
            // SAFETY: `avx512` is true only on CPUs with AVX-512F ([`crate::cpu::has_avx512`]).
            unsafe {
                match classes.shift() {
                    None => self.lane_classes_wide_avx512::<MAX_PLANES>(c, shape, d, out),
                    Some(2) => self.lane_classes_avx512::<MAX_PLANES, 2>(c, shape, d, out),
                    Some(_) => self.lane_classes_avx512::<MAX_PLANES, 0>(c, shape, d, out),
                }
            };
            return ok;
        }
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
}
