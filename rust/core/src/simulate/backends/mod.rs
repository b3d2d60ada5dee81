//! The count kernels on each kind of hardware, in the shape of the `chacha20` crate's
//! `backends/`: [`portable`] for any CPU, [`avx2`] beside it for x86-64 CPUs with AVX2 and BMI2.
//! The engine picks one per round ([`super::engine`]); the results are the same.

#[cfg(target_arch = "x86_64")]
pub(crate) mod avx2;
pub(crate) mod portable;
