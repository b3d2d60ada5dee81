//! The ChaCha block for any CPU: one block on `u32` words, and eight blocks at once with each
//! state word an array of eight lanes (written lane-wise so the compiler vectorises it, SSE2
//! on any x86-64).

use super::{CONSTANTS, LANES, ROUNDS};

/// One ChaCha block with `rounds` rounds (12 for every stream of this crate).
pub fn chacha_block(key: &[u32; 8], counter: u64, nonce: u64, rounds: usize) -> [u32; 16] {
    macro_rules! add {
        ($x:expr, $y:expr) => {
            $x.wrapping_add($y)
        };
    }
    macro_rules! xor {
        ($x:expr, $y:expr) => {
            $x ^ $y
        };
    }
    macro_rules! rotl {
        ($x:expr, $bits:literal) => {
            ($x).rotate_left($bits)
        };
    }
    let mut input = [0u32; 16];
    input[..4].copy_from_slice(&CONSTANTS);
    input[4..12].copy_from_slice(key);
    input[12] = counter as u32;
    input[13] = (counter >> 32) as u32;
    input[14] = nonce as u32;
    input[15] = (nonce >> 32) as u32;
    let mut s = input;
    for _ in 0..rounds / 2 {
        double_round!(add, xor, rotl; s);
    }
    for (o, i) in s.iter_mut().zip(input.iter()) {
        *o = o.wrapping_add(*i);
    }
    s
}

/// Eight lanes of one state word.
type Row = [u32; LANES];

#[inline(always)]
fn add_rows(a: Row, b: Row) -> Row {
    core::array::from_fn(|l| a[l].wrapping_add(b[l]))
}

#[inline(always)]
fn xor_rows(a: Row, b: Row) -> Row {
    core::array::from_fn(|l| a[l] ^ b[l])
}

#[inline(always)]
fn rotl_rows(a: Row, bits: u32) -> Row {
    core::array::from_fn(|l| a[l].rotate_left(bits))
}

/// [`crate::rng::chacha_rows`] without run-time feature detection: eight blocks, one per lane.
pub fn chacha_rows_portable(
    key: &[u32; 8],
    counters: &[u64; LANES],
    nonces: &[u64; LANES],
) -> [[u32; LANES]; 16] {
    macro_rules! add {
        ($x:expr, $y:expr) => {
            add_rows($x, $y)
        };
    }
    macro_rules! xor {
        ($x:expr, $y:expr) => {
            xor_rows($x, $y)
        };
    }
    macro_rules! rotl {
        ($x:expr, $bits:literal) => {
            rotl_rows($x, $bits)
        };
    }
    let mut input: [Row; 16] = [[0; LANES]; 16];
    for w in 0..4 {
        input[w] = [CONSTANTS[w]; LANES];
    }
    for w in 0..8 {
        input[4 + w] = [key[w]; LANES];
    }
    for l in 0..LANES {
        input[12][l] = counters[l] as u32;
        input[13][l] = (counters[l] >> 32) as u32;
        input[14][l] = nonces[l] as u32;
        input[15][l] = (nonces[l] >> 32) as u32;
    }
    let mut s = input;
    for _ in 0..ROUNDS / 2 {
        double_round!(add, xor, rotl; s);
    }
    for w in 0..16 {
        s[w] = add_rows(s[w], input[w]);
    }
    s
}
