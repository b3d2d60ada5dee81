//! The random words a round of the bulk engine reads (701.24a: each game's shuffles from its
//! own library streams): the lead words of a round's games, eight ChaCha blocks per call, the
//! streams' first blocks when a hand needs more words, and the buffers a thread reuses for them
//! from round to round. The engine ([`super::rounds`]) and the bulk rows ([`crate::bulk`]) read
//! them the same way.

use super::classes::{DeckClasses, Memos};
use crate::card::CardId;
use crate::rng::{chacha_rows, lane_block, lead_rows, row_word, ShuffleWords, LANES};
use crate::seed::{StreamId, DOMAIN_LIBRARY};

/// Buffers one thread reuses from round to round.
#[derive(Default)]
pub(crate) struct Buffers {
    pub(crate) groups: Vec<u64>,
    /// The lead blocks of a round, eight groups to an entry (word-major).
    pub(crate) lead_rows: Vec<[[u32; LANES]; 16]>,
    /// By group, counting from the round's first: its place in `lead_rows` (lane-major).
    pub(crate) lead_pos: Vec<u32>,
    pub(crate) scratch: Vec<CardId>,
    pub(crate) flags: Vec<u8>,
    /// Kept hands by cell of [`super::Counts::hand_lands`], plus a spare cell for mulligans: `LANES`
    /// counters a cell (cell-major), one for each lane of a round's groups.
    pub(crate) hist: Vec<u64>,
    /// A round's hands by verdict index, one run of counters per lane.
    pub(crate) tally: Vec<u32>,
    /// The verdicts the compact set kernels remember, by kind of round.
    pub(crate) memos: Memos,
    /// The deck's cards by compact class for the run's rule, when it has card sets and the deck
    /// at most 128 cards (found once a run, not once a round).
    pub(crate) deck_classes: Option<DeckClasses>,
}

/// The lead blocks of shuffle `sub` of seat 0 for the groups of eight games `groups`
/// (ascending, repeats allowed, none below `g0`): the lead word of a game `g` of those groups is
/// then [`Buffers::lead`]. Eight blocks per ChaCha call. Not inlined: a round calls it once, and
/// inside the engine's loop its own loop over every game lost its registers to the kernels'.
#[inline(never)]
pub(crate) fn lead_words(
    key: &[u32; 8],
    sub: u32,
    of_groups: impl Iterator<Item = u64>,
    g0: u64,
    bufs: &mut Buffers,
) {
    let Buffers {
        groups,
        lead_rows: rows,
        lead_pos: pos,
        ..
    } = bufs;
    // Each group written at the next place, which moves on only for a new group: no branch.
    groups.clear();
    groups.resize(of_groups.size_hint().1.unwrap_or(0), 0);
    let (mut k, mut last) = (0, u64::MAX);
    for g in of_groups {
        match groups.get_mut(k) {
            Some(place) => *place = g,
            None => groups.push(g),
        }
        k += usize::from(g != last);
        last = g;
    }
    groups.truncate(k);
    let span = groups.last().map_or(0, |&g| (g - g0) as usize + 1);
    if pos.len() < span {
        pos.resize(span, 0);
    }
    rows.clear();
    for (c, gs) in groups.chunks(LANES).enumerate() {
        rows.push(lead_rows(key, 0, sub, gs));
        for (l, &g) in gs.iter().enumerate() {
            pos[(g - g0) as usize] = (c * LANES + l) as u32;
        }
    }
}

impl Buffers {
    /// Game `g`'s lead word, after [`lead_words`] with this `g0`: word `g mod 8` of the block
    /// its group has, read where the vectorised ChaCha left it.
    #[inline(always)]
    pub(crate) fn lead(&self, g: u64, g0: u64) -> u64 {
        let k = self.lead_pos[((g >> 3) - g0) as usize] as usize;
        row_word(&self.lead_rows[k / LANES], (g & 7) as usize, k % LANES)
    }
}

/// The first blocks of the library streams of shuffle `sub` of seat 0 in eight games.
pub(crate) fn stream_rows(key: &[u32; 8], games: &[u64; LANES], sub: u32) -> [[u32; LANES]; 16] {
    stream_rows_at(key, games, sub, 0)
}

/// Block `j` (counting from the first) of those streams.
pub(crate) fn stream_rows_at(
    key: &[u32; 8],
    games: &[u64; LANES],
    sub: u32,
    j: u64,
) -> [[u32; LANES]; 16] {
    let ids = games.map(|g| StreamId::new(DOMAIN_LIBRARY, g << 8, sub));
    chacha_rows(
        key,
        &ids.map(|id| id.first_block() + j),
        &ids.map(|id| id.nonce),
    )
}

/// The words of shuffle `sub` of seat 0 in game `game`, from what is already computed.
pub(crate) fn shuffle_words(
    key: &[u32; 8],
    game: u64,
    sub: u32,
    lead: u64,
    rows: Option<&[[u32; LANES]; 16]>,
    lane: usize,
) -> ShuffleWords {
    match rows {
        Some(rows) => ShuffleWords::with_blocks(key, game << 8, sub, lead, lane_block(rows, lane)),
        None => ShuffleWords::with_lead(key, game << 8, sub, lead),
    }
}
