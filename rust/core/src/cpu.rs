//! Which vector extensions this CPU has: the one place the keystream ([`crate::rng`]) and the
//! bulk engine ([`crate::simulate`], [`crate::bulk`]) ask before entering an AVX2 backend.
//! `std` caches the answer, so asking is cheap. Every backend gives the same results bit for
//! bit; only the speed differs.

/// AVX2 (the ChaCha backends' 256-bit registers).
#[inline]
pub fn has_avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// AVX2 and BMI2 (the bulk engine's kernels: variable shifts and wide multiplies).
#[inline]
pub fn has_avx2_bmi2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        has_avx2() && std::arch::is_x86_feature_detected!("bmi2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// AVX2, BMI2 and AVX-512 F, DQ and CD (every AVX-512 CPU but the Xeon Phi), with a compiler
/// that built the AVX-512 kernels (the compact class kernel's twin with eight lanes a
/// register, and the verdicts read from eight hands' class counters; Rust 1.89 on, `build.rs`).
#[inline]
pub fn has_avx512() -> bool {
    #[cfg(all(target_arch = "x86_64", avx512_kernels))]
    {
        has_avx2_bmi2()
            && std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512dq")
            && std::arch::is_x86_feature_detected!("avx512cd")
    }
    #[cfg(not(all(target_arch = "x86_64", avx512_kernels)))]
    {
        false
    }
}
