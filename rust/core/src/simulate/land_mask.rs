//! A deck's land flags in one integer, bit `j` for position `j` of the library (decks of at most
//! 64 or 128 cards): the form the count kernels shuffle in registers, and the engine keeps.

/// The land flags of a whole library in one integer, bit `j` for position `j`: the count
/// kernel's sparse shuffles then run in registers (decks of at most 64 or 128 cards).
pub(crate) trait LandMask: Copy {
    fn from_flags(flags: &[bool]) -> Self;
    fn bit(self, j: usize) -> u32;
    /// Flips bit `j` when `flip` is 1.
    fn flip(self, j: usize, flip: u32) -> Self;
    /// Shifted right by one (the next step's view).
    fn next(self) -> Self;
}

/// The same for `u64` and `u128`.
macro_rules! land_mask {
    ($t:ty) => {
        impl LandMask for $t {
            fn from_flags(flags: &[bool]) -> Self {
                flags.iter().rev().fold(0, |m, &f| (m << 1) | <$t>::from(f))
            }
            #[inline(always)]
            fn bit(self, j: usize) -> u32 {
                ((self >> j) & 1) as u32
            }
            #[inline(always)]
            fn flip(self, j: usize, flip: u32) -> Self {
                self ^ (<$t>::from(flip) << j)
            }
            #[inline(always)]
            fn next(self) -> Self {
                self >> 1
            }
        }
    };
}

land_mask!(u64);
land_mask!(u128);
