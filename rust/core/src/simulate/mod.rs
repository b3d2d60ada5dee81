//! The bulk engine: millions of mulligan processes (103.5) per second, rule-exact and seeded.
//!
//! Game `i` is seat 0 of `Game(seed, game_index=i)`: its shuffle `k` reads library stream
//! `i << 8`, sub-stream `k` (see [`crate::seed`]), so a game's randomness depends only on
//! `(seed, i)` and any split into threads or chunks gives the same counts. Each shuffle is the
//! one a [`crate::Game`] would do, computed only as far as the cards drawn (the top `k`
//! positions of a Fisher–Yates shuffle are final after `k` steps, [`crate::shuffle`]).
//!
//! Speed: games are processed in blocks whose first ChaCha blocks are computed eight lanes at
//! a time ([`crate::rng::chacha_blocks`]); mulligans of a block are batched the same way, round
//! after round; only the top cards are shuffled, with a sparse Fisher–Yates; the batched
//! bounded integers draw a whole opening hand from one 64-bit word.
//!
//! Not simulated here: 103.5b and 103.6 actions (Serum Powder, Leylines, Gemstone Caverns):
//! such cards count as ordinary cards of the hand.

pub mod keep_rule;

pub use keep_rule::{Abort, Bottom, CompiledRule, KeepRule, Policy, MAX_HAND};

use crate::card::CardId;
use crate::error::{Error, Result};
use crate::rng::{
    batch_from_words, chacha_rows, key_words, lane_block, row_word, FirstBlock, Words, LANES,
    MAX_BATCH,
};
use crate::rules::MulliganRule;
use crate::seed::{Seed, StreamId, DOMAIN_LIBRARY};
use crate::shuffle::{batch_at, fisher_yates_prefix};

/// What is being simulated: one player's mulligans with this deck size and rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Config {
    pub rule: MulliganRule,
    /// 103.5c: the first mulligan is free (multiplayer, Brawl).
    pub free_first: bool,
    pub hand_size: usize,
    pub deck_size: usize,
}

impl Config {
    pub fn validate(&self) -> Result<()> {
        if self.hand_size > MAX_HAND {
            return Err(Error::config(format!(
                "the bulk engine handles hands of at most {MAX_HAND} cards"
            )));
        }
        if self.deck_size > u32::MAX as usize / 2 {
            return Err(Error::config("the deck is too large"));
        }
        Ok(())
    }

    /// The most mulligans one game can take (the index range of the mulligan histogram).
    pub fn max_mulligans(&self) -> usize {
        self.hand_size + usize::from(self.free_first)
    }
}

/// One simulated game: the kept hand's size and lands, mulligans taken (free ones included),
/// and whether Vancouver's look put the top card on the bottom.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Outcome {
    pub hand_size: u8,
    pub lands: u8,
    pub mulligans: u8,
    pub vancouver_bottom: bool,
}

/// Streaming counts: memory independent of the number of games.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counts {
    pub games: u64,
    /// `(hand_size + 1) x (hand_size + 1)`, row-major: `[size][lands]`.
    pub hand_lands: Vec<u64>,
    /// Index: mulligans taken.
    pub mulligans: Vec<u64>,
    pub vancouver_bottomed: u64,
    pub hand_size: usize,
}

impl Counts {
    pub fn new(cfg: &Config) -> Self {
        let h = cfg.hand_size + 1;
        Counts {
            games: 0,
            hand_lands: vec![0; h * h],
            mulligans: vec![0; cfg.max_mulligans() + 1],
            vancouver_bottomed: 0,
            hand_size: cfg.hand_size,
        }
    }

    fn add(&mut self, o: &Outcome) {
        self.games += 1;
        self.hand_lands[usize::from(o.hand_size) * (self.hand_size + 1) + usize::from(o.lands)] +=
            1;
        self.mulligans[usize::from(o.mulligans)] += 1;
        self.vancouver_bottomed += u64::from(o.vancouver_bottom);
    }

    /// Adds another run's counts (of other games of the same configuration).
    pub fn merge(&mut self, other: &Counts) -> Result<()> {
        if other.hand_size != self.hand_size || other.mulligans.len() != self.mulligans.len() {
            return Err(Error::config(
                "cannot merge the counts of different configurations",
            ));
        }
        self.games += other.games;
        for (a, b) in self.hand_lands.iter_mut().zip(&other.hand_lands) {
            *a += b;
        }
        for (a, b) in self.mulligans.iter_mut().zip(&other.mulligans) {
            *a += b;
        }
        self.vancouver_bottomed += other.vancouver_bottomed;
        Ok(())
    }

    /// Games kept at each hand size.
    pub fn kept_by_size(&self) -> Vec<u64> {
        self.hand_lands
            .chunks(self.hand_size + 1)
            .map(|row| row.iter().sum())
            .collect()
    }

    pub fn mean_hand_size(&self) -> f64 {
        if self.games == 0 {
            return 0.0;
        }
        let total: u64 = self
            .kept_by_size()
            .iter()
            .enumerate()
            .map(|(s, n)| s as u64 * n)
            .sum();
        total as f64 / self.games as f64
    }
}

/// The batches of a shuffle of `n` cards that cover its first `steps` steps.
#[derive(Debug, Clone)]
struct Plan {
    n: usize,
    batches: Vec<(usize, usize, u64, [u64; MAX_BATCH])>,
}

impl Plan {
    fn new(n: usize, steps: usize) -> Plan {
        let mut batches = vec![];
        let mut step = 0;
        while step < steps.min(n.saturating_sub(1)) {
            let mut bounds = [0u64; MAX_BATCH];
            let (m, product) = batch_at(n, step, &mut bounds);
            batches.push((step, m, product, bounds));
            step += m;
        }
        Plan { n, batches }
    }

    /// The digits of the first `steps` steps of eight shuffles at once, from their first
    /// blocks (word-major `rows`), interleaved across lanes so the multiply chains overlap.
    /// `digits[l * stride + i]` is step `i` of lane `l`. A lane is `false` when its words ran
    /// out (a rejected word, probability below 2^-16, or more than eight batches): the caller
    /// then takes the general path for it.
    #[inline]
    fn lane_digits(
        &self,
        rows: &[[u32; LANES]; 16],
        steps: usize,
        stride: usize,
        digits: &mut [u32],
    ) -> [bool; LANES] {
        let mut ok = [true; LANES];
        for (b, (start, m, product, bounds)) in self.batches.iter().enumerate() {
            if *start >= steps {
                break;
            }
            if b >= 8 || start + m > stride {
                return [false; LANES];
            }
            let mut x: [u64; LANES] = core::array::from_fn(|l| row_word(rows, b, l));
            for (k, &bound) in bounds[..*m].iter().enumerate() {
                for (l, xl) in x.iter_mut().enumerate() {
                    let wide = u128::from(*xl) * u128::from(bound);
                    digits[l * stride + start + k] = (wide >> 64) as u32;
                    *xl = wide as u64;
                }
            }
            for (l, &xl) in x.iter().enumerate() {
                if xl < *product && xl < product.wrapping_neg() % product {
                    ok[l] = false;
                }
            }
        }
        ok
    }

    /// The top `need` cards of the shuffle of cards `0..n`. `scratch` holds `0..n` on entry
    /// and on return: the steps are applied to it, read, then undone in reverse.
    #[inline]
    fn top_cards<W: Words>(
        &self,
        need: usize,
        rng: &mut W,
        scratch: &mut [CardId],
        out: &mut [CardId],
    ) {
        let need = need.min(self.n);
        let mut swaps = [0u32; MAX_HAND + MAX_BATCH + 1];
        let mut done = 0;
        let mut digits = [0u64; MAX_BATCH];
        for (start, m, product, bounds) in &self.batches {
            if *start >= need {
                break;
            }
            batch_from_words(
                || rng.next_u64(),
                &bounds[..*m],
                *product,
                &mut digits[..*m],
            );
            for (k, &d) in digits[..*m].iter().enumerate() {
                let i = start + k;
                if i >= need {
                    break;
                }
                let j = i + d as usize;
                out[i] = scratch[j];
                scratch[j] = scratch[i];
                swaps[i] = j as u32;
                done = i + 1;
            }
        }
        // Past the last step (a deck of `need` cards), the last position holds its card.
        out[done..need].copy_from_slice(&scratch[done..need]);
        for (i, &j) in swaps[..done].iter().enumerate() {
            scratch[i] = i as CardId;
            scratch[j as usize] = j;
        }
    }
}

/// The per-game state between shuffles.
#[derive(Debug, Clone, Copy)]
struct State {
    slot: u32,
    mulligans: u32,
    counted: u32,
}

enum Step {
    Kept(Outcome),
    Again(State),
}

struct Engine<'a> {
    key: [u32; 8],
    cfg: Config,
    plan: Plan,
    lands: &'a [bool],
}

impl Engine<'_> {
    fn new<'a>(seed: &Seed, cfg: Config, lands: &'a [bool]) -> Result<Engine<'a>> {
        cfg.validate()?;
        if lands.len() != cfg.deck_size {
            return Err(Error::config("the land flags must cover the whole deck"));
        }
        Ok(Engine {
            key: key_words(seed),
            cfg,
            plan: Plan::new(cfg.deck_size, cfg.hand_size + 1),
            lands,
        })
    }

    fn stream_id(game: u64, sub: u32) -> StreamId {
        StreamId::new(DOMAIN_LIBRARY, game << 8, sub)
    }

    /// One shuffle and the decisions on the hand it gives (103.5).
    #[inline]
    fn step<P: Policy, W: Words>(
        &self,
        st: State,
        rng: &mut W,
        policy: &mut P,
        scratch: &mut [CardId],
    ) -> std::result::Result<Step, Abort> {
        let cfg = &self.cfg;
        let london = cfg.rule == MulliganRule::London;
        let draw = if london {
            cfg.hand_size
        } else {
            cfg.hand_size.saturating_sub(st.counted as usize)
        };
        let vancouver = cfg.rule == MulliganRule::Vancouver;
        let mut cards = [0 as CardId; MAX_HAND + 1];
        let need = draw + usize::from(vancouver);
        self.plan.top_cards(need, rng, scratch, &mut cards);
        let drawn = draw.min(cfg.deck_size);
        let mut hand_buf = [0 as CardId; MAX_HAND + 1];
        let mut hand: &[CardId] = &cards[..drawn];
        if london && st.counted > 0 {
            let count = (st.counted as usize).min(drawn);
            let bottom = policy.bottom(hand, count)?;
            let mut k = 0;
            for &c in hand {
                if !bottom.contains(&c) {
                    hand_buf[k] = c;
                    k += 1;
                }
            }
            hand = &hand_buf[..k];
        }
        let can_mulligan = cfg.hand_size > st.counted as usize;
        let lands: u32 = hand
            .iter()
            .map(|&c| u32::from(self.lands[c as usize]))
            .sum();
        if policy.keep(hand, lands, st.mulligans, can_mulligan)? || !can_mulligan {
            let vancouver_bottom = vancouver
                && hand.len() < cfg.hand_size
                && drawn < cfg.deck_size
                && policy.vancouver(hand, cards[drawn])?;
            return Ok(Step::Kept(Outcome {
                hand_size: hand.len() as u8,
                lands: lands as u8,
                mulligans: st.mulligans as u8,
                vancouver_bottom,
            }));
        }
        let free = cfg.free_first && st.mulligans == 0;
        Ok(Step::Again(State {
            slot: st.slot,
            mulligans: st.mulligans + 1,
            counted: st.counted + u32::from(!free),
        }))
    }

    /// The first hands of up to eight games at once, when the policy decides a full hand by
    /// its land count alone (`table`): most games end here. The same shuffle and decision as
    /// [`Engine::step`], interleaved across lanes so independent games overlap in the CPU; a
    /// lane whose batch draws a rejected word (probability below 2^-16) takes the general path.
    #[allow(clippy::too_many_arguments)]
    fn first_hands_fast(
        &self,
        table: &[bool],
        rows: &[[u32; LANES]; 16],
        group: &[State],
        ids: &[StreamId; LANES],
        scratch: &mut [CardId],
        counts: &mut Counts,
        per_game: &mut Option<&mut [Outcome]>,
        next: &mut Vec<State>,
    ) {
        let n = self.cfg.deck_size;
        let need = self.cfg.hand_size.min(n);
        const STRIDE: usize = MAX_HAND + MAX_BATCH;
        let mut digits = [0u32; STRIDE * LANES];
        let ok = self.plan.lane_digits(rows, need, STRIDE, &mut digits);
        for (l, st) in group.iter().enumerate() {
            let lands: usize = if ok[l] {
                // Step i fixes position i: take the card at i + d[i] (counting lands), leave
                // position i's card there; then put back the identity at every touched position.
                let s = &mut scratch[l * n..(l + 1) * n];
                let d = &digits[l * STRIDE..(l + 1) * STRIDE];
                let mut lands = 0;
                for i in 0..need {
                    let j = i + d[i] as usize;
                    lands += usize::from(self.lands[s[j] as usize]);
                    s[j] = s[i];
                }
                for i in 0..need {
                    let j = i + d[i] as usize;
                    s[i] = i as CardId;
                    s[j] = j as CardId;
                }
                lands
            } else {
                let mut hand = [0 as CardId; MAX_HAND + 1];
                let block = lane_block(rows, l);
                let mut rng = FirstBlock::new(&self.key, ids[l], &block);
                self.plan
                    .top_cards(need, &mut rng, &mut scratch[l * n..(l + 1) * n], &mut hand);
                hand[..need]
                    .iter()
                    .map(|&c| usize::from(self.lands[c as usize]))
                    .sum()
            };
            if table[lands] || self.cfg.hand_size == 0 {
                let o = Outcome {
                    hand_size: need as u8,
                    lands: lands as u8,
                    mulligans: 0,
                    vancouver_bottom: false,
                };
                counts.add(&o);
                if let Some(out) = per_game.as_deref_mut() {
                    out[st.slot as usize] = o;
                }
            } else {
                next.push(State {
                    slot: st.slot,
                    mulligans: 1,
                    counted: u32::from(!self.cfg.free_first),
                });
            }
        }
    }

    /// Games `first .. first + len`, in blocks; mulligans batched round by round.
    fn run<P: Policy>(
        &self,
        first: u64,
        len: usize,
        policy: &mut P,
        counts: &mut Counts,
        mut per_game: Option<&mut [Outcome]>,
    ) -> std::result::Result<(), Abort> {
        const BLOCK: usize = 512;
        let n = self.cfg.deck_size;
        let mut scratch: Vec<CardId> = (0..n as CardId).collect();
        let mut lanes_scratch: Vec<CardId> = (0..LANES).flat_map(|_| 0..n as CardId).collect();
        let table = policy
            .keep_table(self.cfg.hand_size.min(n))
            .map(|t| t.to_vec());
        let mut base = 0;
        while base < len {
            let m = BLOCK.min(len - base);
            let mut active: Vec<State> = (0..m as u32)
                .map(|slot| State {
                    slot: base as u32 + slot,
                    mulligans: 0,
                    counted: 0,
                })
                .collect();
            while !active.is_empty() {
                let mut next = Vec::with_capacity(active.len() / 4);
                for group in active.chunks(LANES) {
                    let ids: [StreamId; LANES] = core::array::from_fn(|l| {
                        let st = group[l.min(group.len() - 1)];
                        Self::stream_id(first + u64::from(st.slot), st.mulligans)
                    });
                    let rows = chacha_rows(
                        &self.key,
                        &ids.map(|id| id.first_block()),
                        &ids.map(|id| id.nonce),
                    );
                    if let (Some(table), 0) = (&table, group[0].mulligans) {
                        self.first_hands_fast(
                            table,
                            &rows,
                            group,
                            &ids,
                            &mut lanes_scratch,
                            counts,
                            &mut per_game,
                            &mut next,
                        );
                        continue;
                    }
                    for (l, st) in group.iter().enumerate() {
                        let block = lane_block(&rows, l);
                        let mut rng = FirstBlock::new(&self.key, ids[l], &block);
                        match self.step(*st, &mut rng, policy, &mut scratch)? {
                            Step::Kept(o) => {
                                counts.add(&o);
                                if let Some(out) = per_game.as_deref_mut() {
                                    out[st.slot as usize] = o;
                                }
                            }
                            Step::Again(s) => next.push(s),
                        }
                    }
                }
                active = next;
            }
            base += m;
        }
        Ok(())
    }
}

/// Games `start .. start + games` on one thread, with any policy (e.g. a Python callable).
pub fn simulate_serial<P: Policy>(
    seed: &Seed,
    cfg: Config,
    lands: &[bool],
    policy: &mut P,
    start: u64,
    games: u64,
    per_game: Option<&mut [Outcome]>,
) -> Result<std::result::Result<Counts, Abort>> {
    check_range(start, games, per_game.as_deref())?;
    let engine = Engine::new(seed, cfg, lands)?;
    let mut counts = Counts::new(&cfg);
    Ok(engine
        .run(start, games as usize, policy, &mut counts, per_game)
        .map(|_| counts))
}

fn check_range(start: u64, games: u64, per_game: Option<&[Outcome]>) -> Result<()> {
    let end = start
        .checked_add(games)
        .ok_or_else(|| Error::config("start + games overflows"))?;
    if end > crate::game::MAX_GAME_INDEX + 1 {
        return Err(Error::config("game indices stop at 2^48 - 1"));
    }
    if let Some(p) = per_game {
        if p.len() as u64 != games {
            return Err(Error::config(
                "the per-game buffer must hold one outcome per game",
            ));
        }
    }
    if usize::try_from(games).is_err() {
        return Err(Error::config("too many games for this platform"));
    }
    Ok(())
}

/// Games handed to each thread at a time; any split gives the same counts.
const CHUNK: u64 = 1 << 14;

/// A thread's share: (offset, length, its slice of the per-game records).
type Job<'a, T> = (u64, u64, Option<&'a mut [T]>);

/// Splits `0..games` into chunks dealt round-robin to `threads` threads.
fn deal<T>(games: u64, threads: usize, mut per_game: Option<&mut [T]>) -> Vec<Vec<Job<'_, T>>> {
    let mut work: Vec<Vec<Job<'_, T>>> = (0..threads).map(|_| vec![]).collect();
    let mut offset = 0;
    let mut c = 0;
    while offset < games {
        let len = CHUNK.min(games - offset);
        let slice = match per_game.take() {
            Some(rest) => {
                let (head, tail) = rest.split_at_mut(len as usize);
                per_game = Some(tail);
                Some(head)
            }
            None => None,
        };
        work[c % threads].push((offset, len, slice));
        offset += len;
        c += 1;
    }
    work
}

/// Games `start .. start + games` on `threads` threads (compiled policies). The counts do not
/// depend on `threads`.
#[allow(clippy::too_many_arguments)]
pub fn simulate<P: Policy + Clone + Send>(
    seed: &Seed,
    cfg: Config,
    lands: &[bool],
    policy: &P,
    start: u64,
    games: u64,
    threads: usize,
    per_game: Option<&mut [Outcome]>,
) -> Result<std::result::Result<Counts, Abort>> {
    check_range(start, games, per_game.as_deref())?;
    let engine = Engine::new(seed, cfg, lands)?;
    let work = deal(games, threads.max(1), per_game);
    let results: Vec<std::result::Result<Counts, Abort>> = std::thread::scope(|s| {
        let handles: Vec<_> = work
            .into_iter()
            .map(|jobs| {
                let engine = &engine;
                let mut policy = policy.clone();
                s.spawn(move || {
                    let mut counts = Counts::new(&cfg);
                    for (offset, len, out) in jobs {
                        engine.run(start + offset, len as usize, &mut policy, &mut counts, out)?;
                    }
                    Ok(counts)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or(Err(Abort)))
            .collect()
    });
    let mut total = Counts::new(&cfg);
    for r in results {
        match r {
            Ok(c) => total.merge(&c)?,
            Err(a) => return Ok(Err(a)),
        }
    }
    Ok(Ok(total))
}

/// Row `r` of `out` (`count` rows of `n_cards`): the order of the opening shuffle of seat 0 in
/// game `start + r` (library stream `(start + r) << 8`, shuffle 0) of cards `0..n_cards`.
pub fn shuffles(
    seed: &Seed,
    n_cards: usize,
    start: u64,
    out: &mut [u32],
    threads: usize,
) -> Result<()> {
    rows(seed, n_cards, n_cards, start, out, threads)
}

/// Row `r` of `out`: the first `hand_size` cards of that same shuffle of a deck of
/// `deck_size` cards: seat 0's opening hand in `Game(seed, game_index=start + r)`.
pub fn hands(
    seed: &Seed,
    deck_size: usize,
    hand_size: usize,
    start: u64,
    out: &mut [u32],
    threads: usize,
) -> Result<()> {
    if hand_size > deck_size {
        return Err(Error::config(format!(
            "a hand of {hand_size} cards from a deck of {deck_size}"
        )));
    }
    rows(seed, deck_size, hand_size, start, out, threads)
}

fn rows(
    seed: &Seed,
    n: usize,
    width: usize,
    start: u64,
    out: &mut [u32],
    threads: usize,
) -> Result<()> {
    if n > u32::MAX as usize {
        return Err(Error::config("too many cards"));
    }
    if width == 0 {
        return Ok(());
    }
    if out.len() % width != 0 {
        return Err(Error::config("the output is not a whole number of rows"));
    }
    let count = (out.len() / width) as u64;
    check_range(start, count, None)?;
    let key = key_words(seed);
    let sparse = width <= MAX_HAND;
    let plan = Plan::new(n, width);
    // Rows are independent: each thread takes a contiguous run of whole rows.
    let per_thread = count.div_ceil(threads.max(1) as u64).max(1) as usize;
    std::thread::scope(|s| {
        for (t, chunk) in out.chunks_mut(per_thread * width).enumerate() {
            let (key, plan) = (&key, &plan);
            let first = start + (t * per_thread) as u64;
            s.spawn(move || {
                let mut full: Vec<u32> = (0..n as u32).collect();
                let mut blocks = [[0u64; 8]; LANES];
                let steps = width.min(n.saturating_sub(1));
                let stride = 8 * MAX_BATCH;
                let mut digits = vec![0u32; stride * LANES];
                for (g, group) in chunk.chunks_mut(width * LANES).enumerate() {
                    let rows_here = group.len() / width;
                    let ids: [StreamId; LANES] = core::array::from_fn(|l| {
                        Engine::stream_id(first + (g * LANES + l.min(rows_here - 1)) as u64, 0)
                    });
                    let rows = chacha_rows(
                        key,
                        &ids.map(|id| id.first_block()),
                        &ids.map(|id| id.nonce),
                    );
                    let ok = plan.lane_digits(&rows, steps, stride, &mut digits);
                    for (l, row) in group.chunks_mut(width).enumerate() {
                        if ok[l] {
                            // The shuffle written straight into the row (step i fixes position i).
                            let d = &digits[l * stride..];
                            if width == n {
                                for (i, c) in row.iter_mut().enumerate() {
                                    *c = i as u32;
                                }
                                for (i, &di) in d[..steps].iter().enumerate() {
                                    row.swap(i, i + di as usize);
                                }
                            } else {
                                for i in 0..steps {
                                    let j = i + d[i] as usize;
                                    row[i] = full[j];
                                    full[j] = full[i];
                                }
                                row[steps..].copy_from_slice(&full[steps..width]);
                                for i in 0..steps {
                                    let j = i + d[i] as usize;
                                    full[i] = i as u32;
                                    full[j] = j as u32;
                                }
                            }
                            continue;
                        }
                        blocks[l] = lane_block(&rows, l);
                        let mut rng = FirstBlock::new(key, ids[l], &blocks[l]);
                        if sparse {
                            plan.top_cards(width, &mut rng, &mut full, row);
                        } else {
                            for (i, c) in full.iter_mut().enumerate() {
                                *c = i as u32;
                            }
                            fisher_yates_prefix(&mut full, width, &mut rng);
                            row.copy_from_slice(&full[..width]);
                        }
                    }
                }
            });
        }
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::library::Library;
    use crate::rng::ChaChaStream;

    fn seed() -> Seed {
        Seed::from_bytes([7; 32])
    }

    #[test]
    fn top_cards_equal_the_full_shuffle() {
        for n in [1usize, 2, 7, 8, 9, 40, 60, 250] {
            let plan = Plan::new(n, 12);
            for sub in 0..20 {
                let id = StreamId::new(DOMAIN_LIBRARY, 5 << 8, sub);
                let mut lib = Library::new((0..n as u32).collect(), seed(), 5 << 8).unwrap();
                for _ in 0..sub {
                    lib.shuffle().unwrap();
                }
                lib.shuffle().unwrap();
                let mut out = [0u32; MAX_HAND + 1];
                let mut scratch: Vec<u32> = (0..n as u32).collect();
                plan.top_cards(
                    12,
                    &mut ChaChaStream::new(&seed(), id),
                    &mut scratch,
                    &mut out,
                );
                assert!(
                    scratch.iter().enumerate().all(|(i, &c)| c == i as u32),
                    "scratch restored"
                );
                let k = 12.min(n);
                assert_eq!(&out[..k], &lib.cards()[..k], "n={n} sub={sub}");
            }
        }
    }

    #[test]
    fn rows_match_libraries() {
        let mut out = vec![0u32; 60 * 20];
        shuffles(&seed(), 60, 3, &mut out, 2).unwrap();
        let mut hands_out = vec![0u32; 7 * 20];
        hands(&seed(), 60, 7, 3, &mut hands_out, 3).unwrap();
        for r in 0..20 {
            let mut lib = Library::new((0..60).collect(), seed(), (3 + r as u64) << 8).unwrap();
            lib.shuffle().unwrap();
            assert_eq!(&out[r * 60..(r + 1) * 60], lib.cards());
            assert_eq!(&hands_out[r * 7..(r + 1) * 7], &lib.cards()[..7]);
        }
    }
}
