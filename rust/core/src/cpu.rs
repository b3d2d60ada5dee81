//! Which vector extensions this CPU has: the one place the keystream ([`crate::rng`]) and the
//! bulk engine ([`crate::simulate`], [`crate::bulk`]) ask before entering an AVX2 backend.
//! `std` caches the answer, so asking is cheap. Every backend gives the same results bit for
//! bit; only the speed differs.
//!
//! `MULLIGAN_SIMD` in the environment caps what is used, read once per process: `avx2` leaves
//! out AVX-512, `portable` every vector extension (any other value, or none, caps nothing).
//! It is for measuring and testing the backends one against another on one machine
//! (`MULLIGAN_SIMD=avx2 python benches/keep_rules.py`, `tests/test_simd.py`).

use std::sync::OnceLock;

/// The vector extensions a run may use, lowest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// No vector extension: the portable backends.
    Portable,
    /// AVX2 (with BMI2 for the bulk engine).
    Avx2,
    /// AVX-512 F, DQ and CD as well.
    Avx512,
}

/// The cap `MULLIGAN_SIMD` sets (see the module's doc), read once.
pub fn cap() -> Level {
    static CAP: OnceLock<Level> = OnceLock::new();
    *CAP.get_or_init(|| parse_cap(std::env::var("MULLIGAN_SIMD").ok().as_deref()))
}

/// `MULLIGAN_SIMD`'s value as a cap: `portable`, `avx2`, anything else none.
fn parse_cap(value: Option<&str>) -> Level {
    match value.map(|v| v.trim().to_ascii_lowercase()).as_deref() {
        Some("portable") => Level::Portable,
        Some("avx2") => Level::Avx2,
        _ => Level::Avx512,
    }
}

/// AVX2 (the ChaCha backends' 256-bit registers).
#[inline]
pub fn has_avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        cap() >= Level::Avx2 && std::arch::is_x86_feature_detected!("avx2")
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
/// that built the AVX-512 kernel (the verdicts read from eight hands' class counters, eight
/// lanes a register; Rust 1.89 on, `build.rs`).
#[inline]
pub fn has_avx512() -> bool {
    #[cfg(all(target_arch = "x86_64", avx512_kernels))]
    {
        cap() >= Level::Avx512
            && has_avx2_bmi2()
            && std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512dq")
            && std::arch::is_x86_feature_detected!("avx512cd")
    }
    #[cfg(not(all(target_arch = "x86_64", avx512_kernels)))]
    {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cap_reads_its_two_names_and_caps_nothing_else() {
        assert_eq!(parse_cap(Some("avx2")), Level::Avx2);
        assert_eq!(parse_cap(Some(" AVX2 ")), Level::Avx2);
        assert_eq!(parse_cap(Some("portable")), Level::Portable);
        assert_eq!(parse_cap(Some("avx512")), Level::Avx512);
        assert_eq!(parse_cap(Some("")), Level::Avx512);
        assert_eq!(parse_cap(None), Level::Avx512);
    }

    #[test]
    fn each_level_implies_the_ones_below() {
        if has_avx512() {
            assert!(has_avx2_bmi2());
        }
        if has_avx2_bmi2() {
            assert!(has_avx2());
        }
        if cap() < Level::Avx512 {
            assert!(!has_avx512());
        }
    }
}
