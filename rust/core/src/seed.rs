//! The game seed (701.24a: shuffles no player can predict) and the stream derivation.
//!
//! A [`Seed`] is 32 secret bytes: the ChaCha12 key of every stream in a game. A stream is
//! addressed by a [`StreamId`]: a 64-bit ChaCha nonce (`domain << 56 | index`) and the high
//! 32 bits of the 64-bit block counter (`sub`), so every (domain, index, sub) triple owns a
//! disjoint run of 2^32 keystream blocks. The layout is part of [`crate::FORMAT_VERSION`].

use crate::error::{Error, Result};
use sha2::{Digest, Sha256};

/// Domain tag of the library streams: index = library stream, sub = shuffle number.
pub const DOMAIN_LIBRARY: u8 = 1;
/// Domain tag of the starting-player draw (103.1): index = game index.
pub const DOMAIN_STARTING_PLAYER: u8 = 2;
/// Domain tag of the lead blocks (format 2): the first word of every library shuffle, eight
/// libraries to a block (see [`lead_address`]). Domain 3 is the tournament's play/draw draw.
pub const DOMAIN_LEAD: u8 = 4;
/// Largest index a stream may have (56 bits).
pub const MAX_STREAM_INDEX: u64 = (1 << 56) - 1;

const COMMITMENT_DOMAIN: &[u8] = b"mulligan/seed-commitment/v1\x00";
const CONTRIBUTION_DOMAIN: &[u8] = b"mulligan/contribution-commitment/v1\x00";
const MIX_DOMAIN: &[u8] = b"mulligan/seed-mix/v1\x00";
/// The most bytes one player's contribution may have.
pub const MAX_CONTRIBUTION: usize = 1 << 16;

/// Bytes from hex digits (either case, an even number of them), as logs and set-ups carry
/// contributions; None for anything else.
pub fn decode_hex(text: &str) -> Option<Vec<u8>> {
    if text.len() % 2 != 0 || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).ok())
        .collect()
}

/// The commitment to a player's random contribution (published before the deal), as hex:
/// SHA-256 of `b"mulligan/contribution-commitment/v1\0"` followed by the bytes.
pub fn contribution_commitment(bytes: &[u8]) -> String {
    let mut h = Sha256::new();
    h.update(CONTRIBUTION_DOMAIN);
    h.update(bytes);
    to_hex(&<[u8; 32]>::from(h.finalize()))
}

/// 32 secret bytes from which every random choice of a game is derived.
#[derive(Clone, PartialEq, Eq)]
pub struct Seed([u8; 32]);

impl Seed {
    /// A seed with these bytes.
    pub const fn from_bytes(bytes: [u8; 32]) -> Self {
        Seed(bytes)
    }

    /// 32 bytes from the operating system's CSPRNG.
    pub fn generate() -> Result<Self> {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes)
            .map_err(|e| Error::Seed(format!("the operating system's CSPRNG failed: {e}")))?;
        Ok(Seed(bytes))
    }

    /// Exactly 64 hex digits, either case.
    pub fn from_hex(text: &str) -> Result<Self> {
        Ok(Seed(parse_hex32(text, "a seed")?))
    }

    /// A seed from exactly 32 bytes (otherwise an [`Error::Seed`]).
    pub fn from_slice(bytes: &[u8]) -> Result<Self> {
        let array: [u8; 32] = bytes
            .try_into()
            .map_err(|_| Error::Seed(format!("a seed is exactly 32 bytes, got {}", bytes.len())))?;
        Ok(Seed(array))
    }

    /// The 32 secret bytes.
    pub fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }

    /// Lower-case hex of the secret bytes.
    pub fn hex(&self) -> String {
        to_hex(&self.0)
    }

    /// SHA-256 of a domain-separated encoding of the seed, as lower-case hex. Publish it before
    /// the game; anyone can check afterwards that the revealed seed was fixed in advance.
    pub fn commitment(&self) -> String {
        to_hex(&self.commitment_bytes())
    }

    fn commitment_bytes(&self) -> [u8; 32] {
        let mut hasher = Sha256::new();
        hasher.update(COMMITMENT_DOMAIN);
        hasher.update(self.0);
        hasher.finalize().into()
    }

    /// The seed a game of `players` players uses: this (host's) seed as it is when nobody
    /// contributes, otherwise [`Seed::mix`] of exactly one contribution per player, in seat
    /// order (one missing would silently leave a player's randomness out).
    pub fn game_seed(&self, contributions: &[Vec<u8>], players: usize) -> Result<Seed> {
        if contributions.is_empty() {
            return Ok(self.clone());
        }
        if contributions.len() != players {
            return Err(Error::Seed(format!(
                "contributions must hold exactly one entry per player: {players} players, \
                 {} contributions",
                contributions.len()
            )));
        }
        self.mix(contributions)
    }

    /// The game seed when players add their own randomness: SHA-256 of
    /// `b"mulligan/seed-mix/v1\0"`, this seed, then for each contribution in seat order its
    /// length (4 bytes, little-endian) and its bytes. No single party (the host included)
    /// controls the result unless it knows every other contribution before committing.
    pub fn mix(&self, contributions: &[Vec<u8>]) -> Result<Seed> {
        let mut h = Sha256::new();
        h.update(MIX_DOMAIN);
        h.update(self.0);
        for (i, c) in contributions.iter().enumerate() {
            if c.len() > MAX_CONTRIBUTION {
                return Err(Error::Seed(format!(
                    "contribution {i} has {} bytes; at most {MAX_CONTRIBUTION}",
                    c.len()
                )));
            }
            h.update((c.len() as u32).to_le_bytes());
            h.update(c);
        }
        Ok(Seed(h.finalize().into()))
    }

    /// True iff `commitment` (64 hex digits, either case) commits to this seed. Compared in
    /// constant time.
    pub fn verify_commitment(&self, commitment: &str) -> Result<bool> {
        let claimed = parse_hex32(commitment, "a commitment")?;
        let actual = self.commitment_bytes();
        let diff = claimed
            .iter()
            .zip(actual.iter())
            .fold(0u8, |acc, (a, b)| acc | (a ^ b));
        Ok(diff == 0)
    }
}

impl std::fmt::Debug for Seed {
    /// Never prints the secret: only the start of its commitment.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Seed(commitment={}…)", &self.commitment()[..16])
    }
}

/// The address of one keystream: see the module documentation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StreamId {
    /// The ChaCha nonce: `domain << 56 | index`.
    pub nonce: u64,
    /// The sub-stream (e.g. a library's shuffle number): the high half of the block counter.
    pub sub: u32,
}

impl StreamId {
    /// `index` must be at most [`MAX_STREAM_INDEX`] (the callers check it).
    pub fn new(domain: u8, index: u64, sub: u32) -> Self {
        debug_assert!(index <= MAX_STREAM_INDEX);
        StreamId {
            nonce: (u64::from(domain) << 56) | (index & MAX_STREAM_INDEX),
            sub,
        }
    }

    /// The first 64-bit block counter value of this stream.
    pub fn first_block(self) -> u64 {
        u64::from(self.sub) << 32
    }
}

/// Where shuffle `sub` of library stream `index` finds its **lead word**, the first word it
/// reads (format 2): word `(index >> 8) & 7` of the first block of the lead stream
/// `(DOMAIN_LEAD, (index >> 11) << 8 | (index & 0xff), sub)`. In a game, library stream
/// `g << 8 | s` is seat `s` of game `g`, so the lead block holds the lead words of seat `s` in
/// the eight games `8⌊g/8⌋ … 8⌊g/8⌋ + 7`. After its lead word a shuffle reads its own stream
/// `(DOMAIN_LIBRARY, index, sub)` from the start. A 60-card library draws its opening hand from
/// the lead word alone, so the bulk engine computes one ChaCha block per eight hands.
pub fn lead_address(index: u64, sub: u32) -> (StreamId, usize) {
    let group = ((index >> 11) << 8) | (index & 0xff);
    (
        StreamId::new(DOMAIN_LEAD, group, sub),
        ((index >> 8) & 7) as usize,
    )
}

fn to_hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        s.push(DIGITS[usize::from(b >> 4)] as char);
        s.push(DIGITS[usize::from(b & 15)] as char);
    }
    s
}

fn parse_hex32(text: &str, what: &str) -> Result<[u8; 32]> {
    let digits = text.as_bytes();
    if digits.len() != 64 {
        return Err(Error::Seed(format!(
            "{what} is exactly 64 hex digits, got {} characters",
            text.chars().count()
        )));
    }
    let mut out = [0u8; 32];
    for (i, pair) in digits.chunks_exact(2).enumerate() {
        let hi = hex_value(pair[0]);
        let lo = hex_value(pair[1]);
        match (hi, lo) {
            (Some(h), Some(l)) => out[i] = (h << 4) | l,
            _ => {
                let pos = if hi.is_none() { 2 * i } else { 2 * i + 1 };
                return Err(Error::Seed(format!(
                    "{what} is exactly 64 hex digits: character {} is not a hex digit",
                    pos + 1
                )));
            }
        }
    }
    Ok(out)
}

fn hex_value(c: u8) -> Option<u8> {
    match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        b'A'..=b'F' => Some(c - b'A' + 10),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_round_trip_and_errors() {
        let s = Seed::from_hex(&"aB".repeat(32)).unwrap();
        assert_eq!(s.hex(), "ab".repeat(32));
        assert!(Seed::from_hex(&"a".repeat(63)).is_err());
        assert!(Seed::from_hex(&"a".repeat(65)).is_err());
        let err = Seed::from_hex(&format!("{}g", "a".repeat(63))).unwrap_err();
        assert!(err.to_string().contains("character 64"), "{err}");
        assert!(Seed::from_hex(&"é".repeat(32)).is_err());
    }

    #[test]
    fn commitment_is_domain_separated_sha256() {
        let s = Seed::from_bytes([0u8; 32]);
        let mut h = Sha256::new();
        h.update(b"mulligan/seed-commitment/v1\x00");
        h.update([0u8; 32]);
        let expect: [u8; 32] = h.finalize().into();
        assert_eq!(s.commitment(), to_hex(&expect));
        assert!(s.verify_commitment(&s.commitment().to_uppercase()).unwrap());
        assert!(!Seed::from_bytes([1u8; 32])
            .verify_commitment(&s.commitment())
            .unwrap());
        assert!(s.verify_commitment("xyz").is_err());
    }

    #[test]
    fn a_game_seed_takes_one_contribution_per_player_or_none() {
        let s = Seed::from_bytes([3; 32]);
        assert_eq!(s.game_seed(&[], 2).unwrap(), s);
        let two = [b"a".to_vec(), b"b".to_vec()];
        assert_eq!(s.game_seed(&two, 2).unwrap(), s.mix(&two).unwrap());
        for wrong in [
            &two[..1],
            &[b"a".to_vec(), b"b".to_vec(), b"c".to_vec()][..],
        ] {
            match s.game_seed(wrong, 2) {
                Err(Error::Seed(m)) => assert!(m.contains("one entry per player"), "{m}"),
                Err(e) => panic!("not a seed error: {e:?}"),
                Ok(_) => panic!("accepted {} contributions for 2 players", wrong.len()),
            }
        }
    }

    #[test]
    fn mixing_is_pinned_and_order_sensitive() {
        let s = Seed::from_bytes([0; 32]);
        let a = s.mix(&[b"alice".to_vec(), b"bob".to_vec()]).unwrap();
        let b = s.mix(&[b"bob".to_vec(), b"alice".to_vec()]).unwrap();
        assert_ne!(a, b);
        assert_ne!(
            s.mix(&[b"ab".to_vec(), b"c".to_vec()]).unwrap(),
            s.mix(&[b"a".to_vec(), b"bc".to_vec()]).unwrap()
        );
        let mut h = Sha256::new();
        h.update(b"mulligan/seed-mix/v1\x00");
        h.update([0u8; 32]);
        h.update(5u32.to_le_bytes());
        h.update(b"alice");
        h.update(3u32.to_le_bytes());
        h.update(b"bob");
        assert_eq!(a.as_bytes(), &<[u8; 32]>::from(h.finalize()));
        assert_eq!(contribution_commitment(b"").len(), 64);
        assert!(s.mix(&[vec![0; MAX_CONTRIBUTION + 1]]).is_err());
    }

    #[test]
    fn lead_addresses_are_a_bijection_sharing_blocks_by_eight_games() {
        let mut seen = std::collections::HashSet::new();
        for game in 0..64u64 {
            for seat in [0u64, 1, 255] {
                let (id, word) = lead_address(game << 8 | seat, 3);
                assert_eq!(word, (game % 8) as usize);
                assert_eq!(id, StreamId::new(DOMAIN_LEAD, (game / 8) << 8 | seat, 3));
                assert!(seen.insert((id.nonce, word)));
            }
        }
        let (id, word) = lead_address(MAX_STREAM_INDEX, u32::MAX);
        assert_eq!(word, 7);
        assert_eq!(id.nonce >> 56, u64::from(DOMAIN_LEAD));
    }

    #[test]
    fn debug_never_prints_the_secret() {
        let s = Seed::from_bytes([0xab; 32]);
        assert!(!format!("{s:?}").contains("abab"));
    }

    #[test]
    fn generate_differs() {
        assert_ne!(Seed::generate().unwrap(), Seed::generate().unwrap());
    }
}
