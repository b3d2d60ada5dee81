//! The random source: a ChaCha12 keystream, and unbiased bounded integers drawn from it in
//! batches (701.24a asks for a shuffle no player can predict; every permutation must be
//! equally likely).
//!
//! # Why ChaCha12
//! ChaCha is a CSPRNG: without the key, the keystream cannot be told from random, so no one
//! who watches earlier shuffles can predict the next. Twelve rounds, as in `rand`'s `StdRng`:
//! the best published attacks reach 7 rounds, so 12 keeps a wide margin (Aumasson, "Too Much
//! Crypto", 2019) at 60% of ChaCha20's cost; shuffling is the hot path of the bulk engine.
//!
//! # Keystream layout
//! The original (djb) ChaCha: state words 4..12 the key (the seed, little-endian), 12..14 the
//! 64-bit block counter, 14..16 the 64-bit nonce. The keystream is read as little-endian u64
//! words in order (word k of a block = output words 2k and 2k+1). This is bit-for-bit the
//! output of `rand_chacha::ChaCha12Rng` with `set_stream(nonce)` and a word position of
//! `16 * first_block`; a test pins that.
//!
//! # Backends
//! The block function is written once (`backends`: the quarter-round and double round as
//! macros) and expanded for a portable backend and an AVX2 one; [`crate::cpu`] decides which
//! runs. All give the same words bit for bit.
//!
//! # Unbiased batched bounded integers
//! [`ChaChaStream::batch`] draws several integers `d_k` uniform in `[0, b_k)` from one 64-bit
//! word (Brackett-Rozinsky & Lemire, "Batched Ranged Random Integer Generation", 2024). Let
//! `P = b_1 ⋯ b_m ≤ 2^64`. Multiplying the word `x` by `b_1` gives `d_1` as the high half and
//! a new low half `x_1`; multiplying `x_1` by `b_2` gives `d_2`, and so on. By induction the
//! digits are the mixed-radix representation of `⌊x·P / 2^64⌋` and the final low half is
//! `x·P mod 2^64`. So this is exactly Lemire's method for one integer in `[0, P)`: accept when
//! the low half is at least `t = 2^64 mod P`, otherwise draw a fresh word. Among the accepted
//! words, each value `v` in `[0, P)` has exactly `⌊2^64 / P⌋` preimages (Lemire 2019, Theorem 1),
//! so the accepted value, and hence every digit tuple, is exactly uniform: no modulo bias, no
//! floating point. A test checks this exhaustively on a scaled-down word.

mod backends;

pub use backends::portable::{chacha_block, chacha_rows_portable};

use crate::seed::{Seed, StreamId};

pub use backends::LANES;
use backends::ROUNDS;

/// The most integers drawn from one word.
pub const MAX_BATCH: usize = 16;

/// Two ChaCha12 blocks, `(counter, nonce)` each: bit for bit two [`chacha_block`] calls, in one
/// pass with AVX2 when the CPU has it (each 256-bit register holds a row of both blocks).
pub fn chacha_block_pair(key: &[u32; 8], a: (u64, u64), b: (u64, u64)) -> ([u32; 16], [u32; 16]) {
    #[cfg(target_arch = "x86_64")]
    if crate::cpu::has_avx2() {
        // SAFETY: the CPU supports AVX2, checked just above.
        return unsafe { backends::avx2::chacha_pair_avx2(key, a, b) };
    }
    (
        chacha_block(key, a.0, a.1, ROUNDS),
        chacha_block(key, b.0, b.1, ROUNDS),
    )
}

/// A block's output words read as the keystream's u64 words (word k = output words 2k, 2k+1).
#[inline]
fn block_words(block: &[u32; 16]) -> [u64; 8] {
    core::array::from_fn(|k| u64::from(block[2 * k]) | (u64::from(block[2 * k + 1]) << 32))
}

/// The ChaCha key of a seed: its 32 bytes as eight little-endian words.
pub fn key_words(seed: &Seed) -> [u32; 8] {
    let mut key = [0u32; 8];
    for (k, chunk) in key.iter_mut().zip(seed.as_bytes().chunks_exact(4)) {
        *k = u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
    }
    key
}

/// A ChaCha12 keystream read as u64 words.
#[derive(Clone)]
pub struct ChaChaStream {
    key: [u32; 8],
    nonce: u64,
    counter: u64,
    buf: [u64; 8],
    next: usize,
}

impl ChaChaStream {
    /// Stream `id` of `seed`, from its first word.
    pub fn new(seed: &Seed, id: StreamId) -> Self {
        ChaChaStream {
            key: key_words(seed),
            nonce: id.nonce,
            counter: id.first_block(),
            buf: [0; 8],
            next: 8,
        }
    }

    /// The next keystream word.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        if self.next == 8 {
            let block = chacha_block(&self.key, self.counter, self.nonce, ROUNDS);
            self.counter = self.counter.wrapping_add(1);
            self.buf = block_words(&block);
            self.next = 0;
        }
        let w = self.buf[self.next];
        self.next += 1;
        w
    }

    /// Fills `out[k]` with an integer uniform in `[0, bounds[k])`, all from one accepted word.
    /// `product` must be the product of `bounds` (at most 2^64 - 1, every bound at least 1).
    #[inline]
    pub fn batch(&mut self, bounds: &[u64], product: u64, out: &mut [u64]) {
        batch_from_words(|| self.next_u64(), bounds, product, out)
    }

    /// One integer uniform in `[0, bound)`, `bound >= 1`.
    pub fn below(&mut self, bound: u64) -> u64 {
        let mut out = [0u64; 1];
        self.batch(&[bound], bound, &mut out);
        out[0]
    }
}

/// The batched method on any word source: see the module documentation for the proof.
#[inline]
pub fn batch_from_words(
    mut word: impl FnMut() -> u64,
    bounds: &[u64],
    product: u64,
    out: &mut [u64],
) {
    debug_assert!(bounds.len() <= out.len() && !bounds.is_empty());
    let mut low = digits(word(), bounds, out);
    if low < product {
        let threshold = product.wrapping_neg() % product;
        while low < threshold {
            low = digits(word(), bounds, out);
        }
    }
}

#[inline(always)]
fn digits(mut x: u64, bounds: &[u64], out: &mut [u64]) -> u64 {
    for (o, &b) in out.iter_mut().zip(bounds) {
        let wide = u128::from(x) * u128::from(b);
        *o = (wide >> 64) as u64;
        x = wide as u64;
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seed::DOMAIN_LIBRARY;
    use rand_chacha::ChaCha12Rng;
    use rand_core::{RngCore, SeedableRng};

    #[test]
    fn keystream_matches_rand_chacha() {
        let seed = Seed::from_bytes(core::array::from_fn(|i| (i * 7 + 3) as u8));
        for (index, sub) in [(0u64, 0u32), (5, 0), (3, 7), ((1 << 56) - 1, u32::MAX)] {
            let id = StreamId::new(DOMAIN_LIBRARY, index, sub);
            let mut ours = ChaChaStream::new(&seed, id);
            let mut theirs = ChaCha12Rng::from_seed(*seed.as_bytes());
            theirs.set_stream(id.nonce);
            theirs.set_word_pos(u128::from(id.first_block()) * 16);
            for _ in 0..100 {
                assert_eq!(ours.next_u64(), theirs.next_u64());
            }
        }
    }

    #[test]
    fn the_block_pair_is_two_scalar_blocks() {
        let key = key_words(&Seed::from_bytes(core::array::from_fn(|i| {
            (i * 11 + 5) as u8
        })));
        for (a, b) in [
            ((0u64, 0u64), (1u64, 0u64)),
            ((5 << 32, 1 << 56 | 77), (u64::MAX, u64::MAX)),
            ((123_456, 4 << 56), (7 << 32 | 3, 1 << 56 | 3 << 8)),
        ] {
            let (x, y) = chacha_block_pair(&key, a, b);
            assert_eq!(x, chacha_block(&key, a.0, a.1, ROUNDS));
            assert_eq!(y, chacha_block(&key, b.0, b.1, ROUNDS));
        }
    }

    #[test]
    fn chacha20_block_matches_rfc7539_layout_vector() {
        // Keystream of the original ChaCha20 with an all-zero key and nonce, block 0
        // (the first test vector of draft-agl-tls-chacha20poly1305 / RFC 7539 §A.1 #1).
        let block = chacha_block(&[0; 8], 0, 0, 20);
        let bytes: Vec<u8> = block.iter().flat_map(|w| w.to_le_bytes()).collect();
        assert_eq!(
            &bytes[..8],
            &[0x76, 0xb8, 0xe0, 0xad, 0xa0, 0xf1, 0x3d, 0x90]
        );
    }

    /// The batched method scaled down to 8-bit words: enumerate every word and check that each
    /// digit tuple is accepted exactly floor(2^8 / P) times. The 64-bit code is the same
    /// arithmetic with a wider word, so this is the proof of the module docs made concrete.
    #[test]
    fn batched_method_is_exactly_uniform_on_small_words() {
        fn digits8(mut x: u16, bounds: &[u16]) -> (Vec<u16>, u16) {
            let mut out = vec![];
            for &b in bounds {
                let wide = x * b;
                out.push(wide >> 8);
                x = wide & 0xff;
            }
            (out, x)
        }
        for bounds in [
            vec![3u16, 5],
            vec![7, 6, 5],
            vec![2, 3, 4, 5],
            vec![13],
            vec![16, 15],
        ] {
            let p: u16 = bounds.iter().product();
            let threshold = (256 % p as u32) as u16;
            let mut counts = std::collections::HashMap::new();
            for x in 0u16..256 {
                let (d, low) = digits8(x, &bounds);
                if low >= threshold {
                    *counts.entry(d).or_insert(0u32) += 1;
                }
            }
            assert_eq!(
                counts.len(),
                p as usize,
                "every tuple reachable for {bounds:?}"
            );
            assert!(
                counts.values().all(|&c| c == 256 / u32::from(p)),
                "{bounds:?}"
            );
        }
    }

    #[test]
    fn rejection_draws_a_fresh_word_exactly_below_the_threshold() {
        // P = 3: t = 2^64 mod 3 = 1. The word 0 gives low = 0 < 1: rejected.
        let words = [0u64, u64::MAX];
        let mut i = 0;
        let mut out = [0u64; 1];
        batch_from_words(
            || {
                i += 1;
                words[i - 1]
            },
            &[3],
            3,
            &mut out,
        );
        assert_eq!(i, 2);
        assert_eq!(out[0], 2);
    }
}

/// The first ChaCha12 block of eight streams at once, one per lane (same key, each lane its own
/// nonce and block counter), word-major: `rows[w][lane]` is output word `w` (u32) of that lane.
/// Bit for bit the scalar [`chacha_block`]: AVX2 when the CPU has it (checked at run time),
/// otherwise the same computation written lane-wise for the compiler to vectorise (SSE2).
pub fn chacha_rows(
    key: &[u32; 8],
    counters: &[u64; LANES],
    nonces: &[u64; LANES],
) -> [[u32; LANES]; 16] {
    #[cfg(target_arch = "x86_64")]
    if crate::cpu::has_avx2() {
        // SAFETY: the CPU supports AVX2, checked just above.
        return unsafe { backends::avx2::chacha_rows_avx2(key, counters, nonces) };
    }
    chacha_rows_portable(key, counters, nonces)
}

/// Word `k` (u64) of every lane's block, from [`chacha_rows`].
#[inline(always)]
pub fn row_word(rows: &[[u32; LANES]; 16], k: usize, lane: usize) -> u64 {
    u64::from(rows[2 * k][lane]) | (u64::from(rows[2 * k + 1][lane]) << 32)
}

/// One lane's block as u64 words.
pub fn lane_block(rows: &[[u32; LANES]; 16], lane: usize) -> [u64; 8] {
    core::array::from_fn(|k| row_word(rows, k, lane))
}

/// [`chacha_rows`], lane-major: `out[lane][word]` u64 words.
pub fn chacha_blocks(
    key: &[u32; 8],
    counters: &[u64; LANES],
    nonces: &[u64; LANES],
    out: &mut [[u64; 8]; LANES],
) {
    let rows = chacha_rows(key, counters, nonces);
    for (l, lane) in out.iter_mut().enumerate() {
        *lane = lane_block(&rows, l);
    }
}

/// [`chacha_blocks`] without run-time feature detection (tests compare both paths).
pub fn chacha_blocks_portable(
    key: &[u32; 8],
    counters: &[u64; LANES],
    nonces: &[u64; LANES],
    out: &mut [[u64; 8]; LANES],
) {
    let rows = chacha_rows_portable(key, counters, nonces);
    for (l, lane) in out.iter_mut().enumerate() {
        *lane = lane_block(&rows, l);
    }
}

/// A source of keystream words.
pub trait Words {
    /// The next word.
    fn next_u64(&mut self) -> u64;
}

impl Words for ChaChaStream {
    #[inline]
    fn next_u64(&mut self) -> u64 {
        ChaChaStream::next_u64(self)
    }
}

/// The words one library shuffle reads (format 2, [`crate::seed::lead_address`]): its lead
/// word, then its own stream from the start. The stream's first block may be given (computed
/// eight lanes at a time by [`chacha_rows`]); otherwise it is computed only if the shuffle needs
/// more than the lead word.
#[derive(Clone)]
pub struct ShuffleWords {
    lead: Option<u64>,
    key: [u32; 8],
    id: StreamId,
    first: Option<[u64; 8]>,
    rest: Option<ChaChaStream>,
}

impl ShuffleWords {
    /// Shuffle `sub` of library stream `index`: computes its lead block and its stream's first
    /// block (together, two blocks in one pass where the CPU has AVX2).
    pub fn new(seed: &Seed, index: u64, sub: u32) -> Self {
        let key = key_words(seed);
        let (lead_id, word) = crate::seed::lead_address(index, sub);
        let id = StreamId::new(crate::seed::DOMAIN_LIBRARY, index, sub);
        let (lead_block, first) = chacha_block_pair(
            &key,
            (lead_id.first_block(), lead_id.nonce),
            (id.first_block(), id.nonce),
        );
        let lead = block_words(&lead_block)[word];
        Self::with_blocks(&key, index, sub, lead, block_words(&first))
    }

    /// The same words, with the lead word already known.
    pub fn with_lead(key: &[u32; 8], index: u64, sub: u32, lead: u64) -> Self {
        ShuffleWords {
            lead: Some(lead),
            key: *key,
            id: StreamId::new(crate::seed::DOMAIN_LIBRARY, index, sub),
            first: None,
            rest: None,
        }
    }

    /// The same words, with the lead word and the stream's first block already known.
    pub fn with_blocks(key: &[u32; 8], index: u64, sub: u32, lead: u64, first: [u64; 8]) -> Self {
        ShuffleWords {
            first: Some(first),
            ..Self::with_lead(key, index, sub, lead)
        }
    }
}

impl Words for ShuffleWords {
    #[inline]
    fn next_u64(&mut self) -> u64 {
        if let Some(lead) = self.lead.take() {
            return lead;
        }
        let (key, id, first) = (&self.key, self.id, self.first);
        self.rest
            .get_or_insert_with(|| match first {
                Some(block) => ChaChaStream::with_first_block(key, id, block),
                None => ChaChaStream::from_key(key, id),
            })
            .next_u64()
    }
}

/// The lead blocks of seat `seat`'s shuffle `sub` in up to eight game groups, in one vectorised
/// ChaCha call, word-major as [`chacha_rows`] leaves them: word `w` of lane `l` is the lead
/// word of game `8 * groups[l] + w` ([`row_word`], [`crate::seed::lead_address`]).
pub fn lead_rows(key: &[u32; 8], seat: u8, sub: u32, groups: &[u64]) -> [[u32; LANES]; 16] {
    debug_assert!(!groups.is_empty() && groups.len() <= LANES);
    let ids: [StreamId; LANES] = core::array::from_fn(|l| {
        crate::seed::lead_address(groups[l.min(groups.len() - 1)] << 11 | u64::from(seat), sub).0
    });
    chacha_rows(
        key,
        &ids.map(|id| id.first_block()),
        &ids.map(|id| id.nonce),
    )
}

impl ChaChaStream {
    /// A stream from an expanded key.
    pub fn from_key(key: &[u32; 8], id: StreamId) -> Self {
        ChaChaStream {
            key: *key,
            nonce: id.nonce,
            counter: id.first_block(),
            buf: [0; 8],
            next: 8,
        }
    }

    /// A stream whose first block (already computed, e.g. by [`chacha_blocks`]) is `first`.
    pub fn with_first_block(seed_key: &[u32; 8], id: StreamId, first: [u64; 8]) -> Self {
        ChaChaStream {
            key: *seed_key,
            nonce: id.nonce,
            counter: id.first_block() + 1,
            buf: first,
            next: 0,
        }
    }
}

#[cfg(test)]
mod lane_tests {
    use super::*;
    use crate::seed::DOMAIN_LIBRARY;

    #[test]
    fn lanes_equal_the_scalar_block_on_both_paths() {
        let seed = Seed::from_bytes(core::array::from_fn(|i| (i * 13 + 1) as u8));
        let key = key_words(&seed);
        let ids: [StreamId; LANES] =
            core::array::from_fn(|l| StreamId::new(DOMAIN_LIBRARY, (l as u64) << 8, l as u32 % 3));
        let counters = ids.map(|id| id.first_block());
        let nonces = ids.map(|id| id.nonce);
        let mut fast = [[0u64; 8]; LANES];
        let mut portable = [[0u64; 8]; LANES];
        chacha_blocks(&key, &counters, &nonces, &mut fast);
        chacha_blocks_portable(&key, &counters, &nonces, &mut portable);
        assert_eq!(fast, portable);
        for l in 0..LANES {
            let mut s = ChaChaStream::new(&seed, ids[l]);
            let scalar: Vec<u64> = (0..8).map(|_| s.next_u64()).collect();
            assert_eq!(fast[l].to_vec(), scalar);
            let mut resumed = ChaChaStream::with_first_block(&key, ids[l], fast[l]);
            for w in scalar {
                assert_eq!(resumed.next_u64(), w);
            }
            let second = s.next_u64();
            assert_eq!(
                resumed.next_u64(),
                second,
                "continues into the second block"
            );
        }
    }

    #[test]
    fn shuffle_words_are_the_lead_word_then_the_stream() {
        use crate::seed::lead_address;
        let seed = Seed::from_bytes(core::array::from_fn(|i| (i * 5 + 2) as u8));
        let key = key_words(&seed);
        for (index, sub) in [(0u64, 0u32), (13 << 8 | 1, 2), (1 << 40 | 7 << 8, 9)] {
            let (lead_id, word) = lead_address(index, sub);
            let mut lead_stream = ChaChaStream::new(&seed, lead_id);
            let lead = (0..=word).map(|_| lead_stream.next_u64()).last().unwrap();
            let mut own = ChaChaStream::new(&seed, StreamId::new(DOMAIN_LIBRARY, index, sub));
            let expect: Vec<u64> = std::iter::once(lead)
                .chain((0..12).map(|_| own.next_u64()))
                .collect();
            let mut first = ChaChaStream::new(&seed, StreamId::new(DOMAIN_LIBRARY, index, sub));
            let block: [u64; 8] = core::array::from_fn(|_| first.next_u64());
            let sources = [
                ShuffleWords::new(&seed, index, sub),
                ShuffleWords::with_lead(&key, index, sub, lead),
                ShuffleWords::with_blocks(&key, index, sub, lead, block),
            ];
            for mut src in sources {
                let got: Vec<u64> = (0..13).map(|_| src.next_u64()).collect();
                assert_eq!(got, expect, "index {index} sub {sub}");
            }
            let groups: Vec<u64> = (0..8).map(|k| (index >> 11) + k * 3).collect();
            let rows = lead_rows(&key, (index & 0xff) as u8, sub, &groups);
            assert_eq!(row_word(&rows, word, 0), lead);
            for (l, &g) in groups.iter().enumerate() {
                let (id, _) = lead_address(g << 11 | (index & 0xff), sub);
                let mut s = ChaChaStream::new(&seed, id);
                let expect: [u64; 8] = core::array::from_fn(|_| s.next_u64());
                assert_eq!(lane_block(&rows, l), expect);
            }
            // Fewer than eight groups: the lanes past them repeat the last, harmlessly.
            let few = lead_rows(&key, (index & 0xff) as u8, sub, &groups[..3]);
            for l in 0..3 {
                assert_eq!(lane_block(&few, l), lane_block(&rows, l));
            }
        }
    }
}
