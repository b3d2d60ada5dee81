//! The count kernels on each kind of hardware, in the shape of the `chacha20` crate's
//! `backends/`: [`portable`] for any CPU; for x86-64 CPUs with AVX2 and BMI2, [`avx2`] (the
//! land kernels), [`avx2_traced`] (the compact class kernel) and [`avx2_verdicts`] (the
//! verdicts read from eight hands' class counters), and `avx512_verdicts`, the same verdicts
//! on CPUs with AVX-512 (built by compilers that have its intrinsics, Rust 1.89 on:
//! `build.rs`). The engine picks one per round ([`super::rounds`], [`super::class_rounds`]);
//! the results are the same.

#[cfg(target_arch = "x86_64")]
pub(crate) mod avx2;
#[cfg(target_arch = "x86_64")]
pub(crate) mod avx2_traced;
#[cfg(target_arch = "x86_64")]
pub(crate) mod avx2_verdicts;
#[cfg(all(target_arch = "x86_64", avx512_kernels))]
#[clippy::msrv = "1.89"]
pub(crate) mod avx512_verdicts;
pub(crate) mod portable;
