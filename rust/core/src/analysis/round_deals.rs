//! One round's shuffles (701.24) of a block of the analysis's games, eight games at a time:
//! game `i`'s shuffle `k` (after `k` mulligans) of library stream `i << 8`, exactly as
//! [`super::simulation::Deals`] shuffles it, its top cards only. The lead words come 64 games
//! to a vectorised ChaCha call and the streams' first blocks eight to a call
//! (`simulate::words`, as the bulk engine reads them); the Fisher–Yates digits of
//! eight games are drawn interleaved from the deck's batch plan, computed once
//! (`simulate::plan`). A game whose words run out (a rejected word, below 2^-16 a
//! shuffle) is shuffled alone from the same words: the same cards.

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

/// One round's deals of a block of games.
pub struct RoundDeals {
    key: [u32; 8],
    plan: ShufflePlan,
    /// The most cards a deal takes from the top.
    most: usize,
    /// The cards of each deal of the round last dealt.
    need: usize,
    bufs: Buffers,
    /// Cards in the deck.
    n: usize,
    /// `0..n`, once per lane, between games.
    scratch: Vec<CardId>,
    digits: Vec<u32>,
    /// The round's deals, `need` cards each.
    cards: Vec<CardId>,
    /// Deals shuffled alone so far (their words ran out).
    alone: u64,
}

impl RoundDeals {
    /// The deals of `seed` for a deck of `n` cards, at most `most` cards from the top of each;
    /// `None` unless `0 < most < n` and `most <= MAX_NEED`.
    pub fn new(seed: &Seed, n: usize, most: usize) -> Option<RoundDeals> {
        if most == 0 || most >= n || most > MAX_NEED {
            return None;
        }
        Some(RoundDeals {
            key: key_words(seed),
            plan: ShufflePlan::new(n, most),
            most,
            need: 0,
            bufs: Buffers::default(),
            n,
            scratch: (0..LANES).flat_map(|_| 0..n as CardId).collect(),
            digits: vec![0; LANES * (most + MAX_BATCH)],
            cards: Vec::with_capacity(BLOCK * most),
            alone: 0,
        })
    }

    /// Deals shuffle `sub` of `games` (ascending, at most [`BLOCK`]), `need` cards from the top
    /// of each; `false` (nothing dealt) when `need` is more than this was made for.
    pub fn deal(&mut self, sub: u32, games: &[u64], need: usize) -> bool {
        if need == 0 || need > self.most || games.is_empty() {
            return false;
        }
        self.need = need;
        let stride = self.most + MAX_BATCH;
        let g0 = games[0] >> 3;
        lead_words(
            &self.key,
            sub,
            games.iter().map(|g| g >> 3),
            g0,
            &mut self.bufs,
        );
        let streams = self.plan.words_for(need) > 1;
        self.cards.clear();
        self.cards.resize(games.len() * need, 0);
        for (c, chunk) in games.chunks(LANES).enumerate() {
            let last = chunk.len() - 1;
            let lane_games: [u64; LANES] = core::array::from_fn(|l| chunk[l.min(last)]);
            let leads: [u64; LANES] = core::array::from_fn(|l| self.bufs.lead(lane_games[l], g0));
            let rows = streams.then(|| stream_rows(&self.key, &lane_games, sub));
            let ok = self
                .plan
                .lane_digits(&leads, rows.as_ref(), need, stride, &mut self.digits);
            let base = c * LANES * need;
            let lanes = &mut self.cards[base..base + chunk.len() * need];
            let all = ok[..chunk.len()].iter().all(|&x| x);
            if all && chunk.len() == LANES {
                top_from_lanes(&self.digits, stride, need, &mut self.scratch, lanes);
                continue;
            }
            for l in 0..chunk.len() {
                let out = &mut lanes[l * need..(l + 1) * need];
                if ok[l] {
                    let digits = &self.digits[l * stride..l * stride + need];
                    top_from_digits(digits, &mut self.scratch[..self.n], out);
                } else {
                    self.alone += 1;
                    let (g, lead) = (lane_games[l], leads[l]);
                    let mut rng = shuffle_words(&self.key, g, sub, lead, rows.as_ref(), l);
                    self.plan
                        .top_cards(need, &mut rng, &mut self.scratch[..self.n], out);
                }
            }
        }
        true
    }

    /// Deals shuffled alone so far, their words having run out (tests reach that path).
    pub fn alone(&self) -> u64 {
        self.alone
    }

    /// The top cards of the `k`-th game of the round last dealt.
    #[inline]
    pub fn cards(&self, k: usize) -> &[CardId] {
        &self.cards[k * self.need..(k + 1) * self.need]
    }
}

/// The top `digits.len()` cards of the shuffle whose first steps draw `digits` (step `i` swaps
/// positions `i` and `i + digits[i]`), applied to `scratch` (`0..n` on entry and on return).
#[inline]
fn top_from_digits(digits: &[u32], scratch: &mut [CardId], out: &mut [CardId]) {
    let mut swapped = [0u32; MAX_NEED];
    for (i, &d) in digits.iter().enumerate() {
        let j = i + d as usize;
        out[i] = scratch[j];
        scratch[j] = scratch[i];
        swapped[i] = j as u32;
    }
    for (i, &j) in swapped[..digits.len()].iter().enumerate() {
        scratch[i] = i as CardId;
        scratch[j as usize] = j;
    }
}

/// [`top_from_digits`] for eight shuffles at once, interleaved step by step so their memory
/// chains overlap: lane `l`'s digits at `digits[l * stride..]`, its deck `scratch[l * n..]`
/// (`n = scratch.len() / LANES`), its cards `out[l * need..]`.
#[inline]
fn top_from_lanes(
    digits: &[u32],
    stride: usize,
    need: usize,
    scratch: &mut [CardId],
    out: &mut [CardId],
) {
    let n = scratch.len() / LANES;
    let mut swapped = [[0u32; LANES]; MAX_NEED];
    for (i, row) in swapped[..need].iter_mut().enumerate() {
        for (l, slot) in row.iter_mut().enumerate() {
            let deck = &mut scratch[l * n..(l + 1) * n];
            let j = i + digits[l * stride + i] as usize;
            out[l * need + i] = deck[j];
            deck[j] = deck[i];
            *slot = j as u32;
        }
    }
    for (i, row) in swapped[..need].iter().enumerate() {
        for (l, &j) in row.iter().enumerate() {
            let deck = &mut scratch[l * n..(l + 1) * n];
            deck[i] = i as CardId;
            deck[j as usize] = j;
        }
    }
}
