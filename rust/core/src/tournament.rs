//! Tournament helpers: who chooses to play first (103.1) at every table of a round, from one
//! committed round seed. Table `t` reads the stream of domain [`DOMAIN_PLAY_DRAW`], index `t`,
//! and draws `U(2)` by the bounded-integer method of [`crate::rng`] (for a bound of 2 it never
//! rejects: the choice is the top bit of the first word): 0 means the first-listed player of
//! the pairing chooses, 1 the second. Anyone with the revealed round seed can recompute it.

use crate::error::{Error, Result};
use crate::rng::{chacha_rows, key_words, row_word, LANES};
use crate::seed::{Seed, StreamId, MAX_STREAM_INDEX};

/// Domain tag of the play/draw streams of a tournament round.
pub const DOMAIN_PLAY_DRAW: u8 = 3;

/// `out[k]` = which player of table `first + k` chooses (0 or 1).
pub fn play_draw(seed: &Seed, first: u64, out: &mut [u8]) -> Result<()> {
    let last = first
        .checked_add(out.len() as u64)
        .ok_or_else(|| Error::config("too many tables"))?;
    if last > MAX_STREAM_INDEX {
        return Err(Error::config("table numbers stop at 2^56 - 1"));
    }
    let key = key_words(seed);
    for (g, chunk) in out.chunks_mut(LANES).enumerate() {
        let base = first + (g * LANES) as u64;
        let ids: [StreamId; LANES] =
            core::array::from_fn(|l| StreamId::new(DOMAIN_PLAY_DRAW, base + l as u64, 0));
        let rows = chacha_rows(
            &key,
            &ids.map(|id| id.first_block()),
            &ids.map(|id| id.nonce),
        );
        for (l, slot) in chunk.iter_mut().enumerate() {
            *slot = (row_word(&rows, 0, l) >> 63) as u8;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::ChaChaStream;

    #[test]
    fn equals_the_scalar_bounded_draw() {
        let seed = Seed::from_bytes([5; 32]);
        let mut out = vec![0u8; 100];
        play_draw(&seed, 7, &mut out).unwrap();
        for (k, &v) in out.iter().enumerate() {
            let mut s = ChaChaStream::new(&seed, StreamId::new(DOMAIN_PLAY_DRAW, 7 + k as u64, 0));
            assert_eq!(u64::from(v), s.below(2));
        }
        let ones = out.iter().filter(|&&v| v == 1).count();
        assert!((30..=70).contains(&ones), "{ones}");
    }
}
