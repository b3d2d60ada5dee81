//! The first shuffle (701.24) of a block of the analysis's games, eight games at a time: game
//! `i`'s shuffle 0 of library stream `i << 8`, exactly as [`super::simulation::Deals`] shuffles
//! it, its top cards only. The lead words come 64 games to a vectorised ChaCha call and the
//! streams' first blocks eight to a call ([`crate::simulate::words`], as the bulk engine reads
//! them); the Fisher–Yates digits of eight games are drawn interleaved from the deck's batch
//! plan, computed once ([`crate::simulate::plan`]). A game whose words run out (a rejected
//! word, below 2^-16 a shuffle) is shuffled alone from the same words: the same cards.

use crate::card::CardId;
use crate::rng::{key_words, LANES, MAX_BATCH};
use crate::seed::Seed;
use crate::simulate::plan::Plan as ShufflePlan;
use crate::simulate::words::{lead_words, shuffle_words, stream_rows, Buffers};
use crate::simulate::MAX_HAND;

/// Games a block deals at once.
pub const BLOCK: usize = 512;

/// The most cards dealt from the top of a shuffle here (the general shuffle's limit).
pub const MAX_NEED: usize = MAX_HAND + MAX_BATCH;

/// The first deals of a block of games: `need` cards from the top of each.
pub struct FirstDeals {
    key: [u32; 8],
    plan: ShufflePlan,
    need: usize,
    /// More than the lead word per shuffle.
    streams: bool,
    bufs: Buffers,
    /// `0..n` between games.
    scratch: Vec<CardId>,
    digits: Vec<u32>,
    /// The block's deals, `need` cards each.
    cards: Vec<CardId>,
    first: u64,
}

impl FirstDeals {
    /// The deals of `seed` for a deck of `n` cards, the top `need` cards of each; `None` unless
    /// `0 < need < n` and `need <= MAX_NEED`.
    pub fn new(seed: &Seed, n: usize, need: usize) -> Option<FirstDeals> {
        if need == 0 || need >= n || need > MAX_NEED {
            return None;
        }
        let plan = ShufflePlan::new(n, need);
        Some(FirstDeals {
            key: key_words(seed),
            streams: plan.words_for(need) > 1,
            plan,
            need,
            bufs: Buffers::default(),
            scratch: (0..n as CardId).collect(),
            digits: vec![0; LANES * (need + MAX_BATCH)],
            cards: vec![0; BLOCK * need],
            first: 0,
        })
    }

    /// Deals games `first .. first + len` (`len <= BLOCK`).
    pub fn deal(&mut self, first: u64, len: usize) {
        debug_assert!(len > 0 && len <= BLOCK);
        self.first = first;
        let need = self.need;
        let stride = need + MAX_BATCH;
        let g0 = first >> 3;
        let last = (first + len as u64 - 1) >> 3;
        lead_words(&self.key, 0, g0..=last, g0, &mut self.bufs);
        for start in (0..len).step_by(LANES) {
            let count = LANES.min(len - start);
            let games: [u64; LANES] =
                core::array::from_fn(|l| first + (start + l.min(count - 1)) as u64);
            let leads: [u64; LANES] = core::array::from_fn(|l| self.bufs.lead(games[l], g0));
            let rows = self.streams.then(|| stream_rows(&self.key, &games, 0));
            let ok = self
                .plan
                .lane_digits(&leads, rows.as_ref(), need, stride, &mut self.digits);
            for l in 0..count {
                let out = &mut self.cards[(start + l) * need..(start + l + 1) * need];
                if ok[l] {
                    let digits = &self.digits[l * stride..l * stride + need];
                    top_from_digits(digits, &mut self.scratch, out);
                } else {
                    let mut rng = shuffle_words(&self.key, games[l], 0, leads[l], rows.as_ref(), l);
                    self.plan.top_cards(need, &mut rng, &mut self.scratch, out);
                }
            }
        }
    }

    /// Game `game`'s top cards (a game of the block last dealt).
    #[inline]
    pub fn cards(&self, game: u64) -> &[CardId] {
        let i = (game - self.first) as usize;
        &self.cards[i * self.need..(i + 1) * self.need]
    }
}

/// The top `digits.len()` cards of the shuffle whose first steps draw `digits` (step `i` swaps
/// positions `i` and `i + digits[i]`), applied to `scratch` (`0..n` on entry and on return).
#[inline]
fn top_from_digits(digits: &[u32], scratch: &mut [CardId], out: &mut [CardId]) {
    let mut swapped = [0u32; MAX_NEED];
    let steps = digits.len();
    for (i, &d) in digits.iter().enumerate() {
        let j = i + d as usize;
        out[i] = scratch[j];
        scratch[j] = scratch[i];
        swapped[i] = j as u32;
    }
    for (i, &j) in swapped[..steps].iter().enumerate() {
        scratch[i] = i as CardId;
        scratch[j as usize] = j;
    }
}
