//! The count kernels on each kind of hardware, in the shape of the `chacha20` crate's
//! `backends/`: [`portable`] for any CPU, [`avx2`] beside it for x86-64 CPUs with AVX2 and BMI2
//! (and [`avx2_classes`], its compact class kernels), `avx512` for the class kernels and the
//! counter verdicts on CPUs with AVX-512 (built by compilers that have its intrinsics, Rust 1.89
//! on: `build.rs`). The engine picks one per round ([`super::engine`]); the results are the
//! same.

#[cfg(target_arch = "x86_64")]
pub(crate) mod avx2;
#[cfg(target_arch = "x86_64")]
pub(crate) mod avx2_classes;
#[cfg(target_arch = "x86_64")]
pub(crate) mod avx2_traced;
#[cfg(target_arch = "x86_64")]
pub(crate) mod avx2_verdicts;
#[cfg(all(target_arch = "x86_64", avx512_kernels))]
#[clippy::msrv = "1.89"]
pub(crate) mod avx512;
pub(crate) mod portable;
