//! The ChaCha block with AVX2 (x86-64): two blocks in one pass (each 256-bit register a row of
//! both), and eight blocks at once (each register one state word of eight lanes). Callers check
//! [`crate::cpu::has_avx2`] first. Bit for bit the portable backend.

use super::{CONSTANTS, LANES, ROUNDS};
use std::arch::x86_64::*;

/// Byte shuffles that rotate every 32-bit lane left by 16 and by 8.
#[target_feature(enable = "avx2")]
unsafe fn rotations() -> (__m256i, __m256i) {
    (
        _mm256_setr_epi8(
            2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13, 2, 3, 0, 1, 6, 7, 4, 5, 10, 11,
            8, 9, 14, 15, 12, 13,
        ),
        _mm256_setr_epi8(
            3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14, 3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9,
            10, 15, 12, 13, 14,
        ),
    )
}

/// The AVX2 operations of [`quarter_round!`]: rotations by 16 and 8 are byte shuffles (`$rot16`,
/// `$rot8` from [`rotations`]), the others two shifts.
macro_rules! avx2_ops {
    ($rot16:ident, $rot8:ident) => {
        macro_rules! add {
            ($x:expr, $y:expr) => {
                _mm256_add_epi32($x, $y)
            };
        }
        macro_rules! xor {
            ($x:expr, $y:expr) => {
                _mm256_xor_si256($x, $y)
            };
        }
        macro_rules! rotl {
            ($x:expr, 16) => {
                _mm256_shuffle_epi8($x, $rot16)
            };
            ($x:expr, 8) => {
                _mm256_shuffle_epi8($x, $rot8)
            };
            ($x:expr, $bits:literal) => {{
                let t = $x;
                _mm256_or_si256(
                    _mm256_slli_epi32(t, $bits),
                    _mm256_srli_epi32(t, 32 - $bits),
                )
            }};
        }
    };
}

/// Two ChaCha12 blocks, `(counter, nonce)` each.
///
/// # Safety
/// The CPU must have AVX2.
#[target_feature(enable = "avx2")]
pub unsafe fn chacha_pair_avx2(
    key: &[u32; 8],
    a: (u64, u64),
    b: (u64, u64),
) -> ([u32; 16], [u32; 16]) {
    let row = |lo: [u32; 4], hi: [u32; 4]| {
        let w = [lo[0], lo[1], lo[2], lo[3], hi[0], hi[1], hi[2], hi[3]];
        // SAFETY: an unaligned load of 32 bytes from a [u32; 8].
        unsafe { _mm256_loadu_si256(w.as_ptr().cast()) }
    };
    let split = |x: u64| [x as u32, (x >> 32) as u32];
    let d_row = |(counter, nonce): (u64, u64)| {
        let (c, n) = (split(counter), split(nonce));
        [c[0], c[1], n[0], n[1]]
    };
    let k0 = [key[0], key[1], key[2], key[3]];
    let k1 = [key[4], key[5], key[6], key[7]];
    let input = [
        row(CONSTANTS, CONSTANTS),
        row(k0, k0),
        row(k1, k1),
        row(d_row(a), d_row(b)),
    ];
    let (rot16, rot8) = rotations();
    avx2_ops!(rot16, rot8);
    let [mut ra, mut rb, mut rc, mut rd] = input;
    for _ in 0..ROUNDS / 2 {
        quarter_round!(add, xor, rotl; ra, rb, rc, rd); // columns
        rb = _mm256_shuffle_epi32(rb, 0x39);
        rc = _mm256_shuffle_epi32(rc, 0x4e);
        rd = _mm256_shuffle_epi32(rd, 0x93);
        quarter_round!(add, xor, rotl; ra, rb, rc, rd); // diagonals
        rb = _mm256_shuffle_epi32(rb, 0x93);
        rc = _mm256_shuffle_epi32(rc, 0x4e);
        rd = _mm256_shuffle_epi32(rd, 0x39);
    }
    let mut rows = [[0u32; 8]; 4];
    for (out, (r, i)) in rows.iter_mut().zip([ra, rb, rc, rd].into_iter().zip(input)) {
        // SAFETY: an unaligned store of 32 bytes into a [u32; 8].
        unsafe { _mm256_storeu_si256(out.as_mut_ptr().cast(), _mm256_add_epi32(r, i)) };
    }
    let block =
        |half: usize| -> [u32; 16] { core::array::from_fn(|w| rows[w / 4][half * 4 + w % 4]) };
    (block(0), block(1))
}

/// The first ChaCha12 block of eight streams, one per lane, word-major (as
/// [`crate::rng::chacha_rows`]).
///
/// # Safety
/// The CPU must have AVX2.
#[target_feature(enable = "avx2")]
pub unsafe fn chacha_rows_avx2(
    key: &[u32; 8],
    counters: &[u64; LANES],
    nonces: &[u64; LANES],
) -> [[u32; LANES]; 16] {
    // One __m256i per state word, one lane per stream.
    let (rot16, rot8) = rotations();
    avx2_ops!(rot16, rot8);
    let lane_words = |f: &dyn Fn(usize) -> u32| -> __m256i {
        let w: [u32; LANES] = core::array::from_fn(f);
        // SAFETY: an unaligned load of 32 bytes from a [u32; 8].
        unsafe { _mm256_loadu_si256(w.as_ptr().cast()) }
    };
    let mut input = [_mm256_setzero_si256(); 16];
    for w in 0..4 {
        input[w] = _mm256_set1_epi32(CONSTANTS[w] as i32);
    }
    for w in 0..8 {
        input[4 + w] = _mm256_set1_epi32(key[w] as i32);
    }
    input[12] = lane_words(&|l| counters[l] as u32);
    input[13] = lane_words(&|l| (counters[l] >> 32) as u32);
    input[14] = lane_words(&|l| nonces[l] as u32);
    input[15] = lane_words(&|l| (nonces[l] >> 32) as u32);
    let mut s = input;
    for _ in 0..ROUNDS / 2 {
        double_round!(add, xor, rotl; s);
    }
    let mut words = [[0u32; LANES]; 16];
    for w in 0..16 {
        let v = _mm256_add_epi32(s[w], input[w]);
        // SAFETY: an unaligned store of 32 bytes into a [u32; 8].
        unsafe { _mm256_storeu_si256(words[w].as_mut_ptr().cast(), v) };
    }
    words
}
