//! The analysis simulated, mulligans included: game `i` is seat 0 of `Game(seed,
//! game_index=i)` (library stream `i << 8`, shuffle `k` after `k` mulligans), each shuffle the
//! engine's own Fisher–Yates computed only as far as the cards this game sees
//! ([`crate::shuffle::fisher_yates_prefix`]), the decisions the keep rule's ([`Policy`]).
//! After the keep the library's order is known: the draws are the cards after the hand (after
//! the top card, when Vancouver's look put it on the bottom; London's bottomed cards are below
//! every draw). Counts are tallied per game and added over threads, so results do not depend
//! on the thread count.

use super::castable::Question;
use super::curve_counter::Counter;
use super::curve_hist::CurveHistograms;
use super::round_deals::{RoundDeals, BLOCK};
use super::sources::Profile;
use crate::card::CardId;
use crate::error::{Error, Result};
use crate::rng::{ShuffleWords, MAX_BATCH};
use crate::rules::HandStep;
use crate::seed::Seed;
use crate::shuffle::fisher_yates_prefix;
use crate::simulate::{Abort, Config, Policy};

/// What one simulated game keeps: the kept hand, then the library's cards from the top.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Kept {
    /// Mulligans taken (free ones included).
    pub mulligans: u32,
    /// The kept hand's size.
    pub hand: usize,
    /// The kept hand, then the draws in order (as many as the analysis needs).
    pub seen: Vec<CardId>,
    /// Vancouver's look put the top card on the bottom.
    pub vancouver_bottom: bool,
    /// The cards the last round put on the bottom (London; a buffer reused from game to game).
    pub bottomed: Vec<CardId>,
}

/// One game's shuffles, round by round (game `i`'s library stream `i << 8`, shuffle `k`
/// after `k` mulligans, as [`crate::game::Game`] shuffles): each round's cards from the top,
/// as many as the run looks at, computed the first time a round is asked for and kept until
/// the next game. Common random numbers: every keep rule played on these deals sees the same
/// shuffles.
#[derive(Debug)]
pub struct Deals<'a> {
    seed: &'a Seed,
    index: u64,
    /// The identity (`0..n`) between shuffles.
    deck: &'a mut [CardId],
    rounds: Vec<Vec<CardId>>,
    ready: Vec<bool>,
}

impl<'a> Deals<'a> {
    /// The deals of `seed` over `deck` (the identity, `0..n`; so again when dropped).
    pub fn new(seed: &'a Seed, deck: &'a mut [CardId]) -> Deals<'a> {
        Deals {
            seed,
            index: 0,
            deck,
            rounds: vec![],
            ready: vec![],
        }
    }

    /// Moves to game `index` (its rounds shuffled when first asked for).
    pub fn game(&mut self, index: u64) {
        self.index = index;
        self.ready.iter_mut().for_each(|r| *r = false);
    }

    /// Round `mulligans`'s top `need` cards (the same `need` for a round every time).
    pub(crate) fn round(&mut self, mulligans: u32, need: usize) -> &[CardId] {
        let m = mulligans as usize;
        if self.rounds.len() <= m {
            self.rounds.resize(m + 1, vec![]);
            self.ready.resize(m + 1, false);
        }
        if !self.ready[m] {
            let mut rng = ShuffleWords::new(self.seed, self.index << 8, mulligans);
            fisher_yates_prefix(self.deck, need, &mut rng);
            self.rounds[m].clear();
            self.rounds[m].extend_from_slice(&self.deck[..need]);
            restore(self.deck, need);
            self.ready[m] = true;
        }
        &self.rounds[m]
    }
}

/// The shape of the run: the deck, the era, who skips the first draw, the turns.
#[derive(Debug, Clone)]
pub struct Plan<'a> {
    /// The deck.
    pub profile: &'a Profile,
    /// The era, the hand size, the free mulligans.
    pub cfg: Config,
    /// This player skips the draw of their first turn (103.8).
    pub skips_first_draw: bool,
    /// Turns tallied (1..=turns).
    pub turns: usize,
    /// Tags tallied, by name.
    pub tags: Vec<String>,
    /// Colours tallied ([`super::mana`] bits).
    pub colours: Vec<u8>,
    /// The on-curve questions.
    pub questions: Vec<Question>,
}

/// Puts a deck shuffled from the identity by [`fisher_yates_prefix`] with prefix `need` back to
/// the identity in `O(need)`. That shuffle's steps are a prefix `0..s` of the full shuffle, its
/// last batch starting before `need`, so `s <= need + MAX_BATCH =: m`. Step `i` swaps position
/// `i` with some `j >= i` and no later step touches position `i`: so the original value of every
/// position at or past `m` that a swap reached now sits in the first `m` positions.
pub(crate) fn restore(deck: &mut [CardId], need: usize) {
    let m = (need + MAX_BATCH).min(deck.len());
    for i in 0..m {
        let v = deck[i] as usize;
        if v >= m {
            deck[v] = v as CardId;
        }
        deck[i] = i as CardId;
    }
}

/// Tallies of a run: every count is a number of games.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games played.
    pub games: u64,
    /// Index: kept hand size.
    pub kept_by_size: Vec<u64>,
    /// `[turn - 1][lands seen]`.
    pub lands: Vec<Vec<u64>>,
    /// `[colour][turn - 1][sources seen]`.
    pub sources: Vec<Vec<Vec<u64>>>,
    /// `[tag][turn - 1][tagged cards seen]`.
    pub tags: Vec<Vec<Vec<u64>>>,
    /// Per question: (enough lands, castable, castable and a copy seen).
    pub cards: Vec<[u64; 3]>,
}

impl Plan<'_> {
    /// Cards drawn by turn `t` after the opening hand (103.8: the first draw skipped or not).
    pub fn draws(&self, t: usize) -> usize {
        t - usize::from(self.skips_first_draw)
    }

    /// The most draws the run looks at.
    fn max_draws(&self) -> usize {
        let last = self
            .questions
            .iter()
            .map(Question::turn)
            .chain(std::iter::once(self.turns))
            .max()
            .unwrap_or(1);
        self.draws(last)
    }

    /// An empty tally of this plan's shape.
    pub fn tally(&self) -> Tally {
        let h = self.cfg.hand_size;
        let width = |t: usize| h + self.draws(t) + 1;
        let per_turn = || {
            (1..=self.turns)
                .map(|t| vec![0; width(t)])
                .collect::<Vec<_>>()
        };
        Tally {
            games: 0,
            kept_by_size: vec![0; h + 1],
            lands: per_turn(),
            sources: self.colours.iter().map(|_| per_turn()).collect(),
            tags: self.tags.iter().map(|_| per_turn()).collect(),
            cards: vec![[0; 3]; self.questions.len()],
        }
    }

    /// Game `index`'s mulligans and kept hand, the draws after it in `out.seen`. `deck` holds
    /// the identity (`0..n`) on entry, and again on return.
    pub fn play<P: Policy>(
        &self,
        seed: &Seed,
        index: u64,
        policy: &mut P,
        deck: &mut [CardId],
        out: &mut Kept,
    ) -> std::result::Result<(), Abort> {
        let mut deals = Deals::new(seed, deck);
        deals.game(index);
        self.play_from(&mut deals, 0, policy, out)
    }

    /// The game of `deals` from round `first` on (`first` mulligans already taken, as if every
    /// earlier hand was refused): its mulligans and kept hand, the draws after it in `out.seen`.
    /// Each round's cards come from `deals`, shuffled once whatever the policy.
    pub fn play_from<P: Policy>(
        &self,
        deals: &mut Deals<'_>,
        first: u32,
        policy: &mut P,
        out: &mut Kept,
    ) -> std::result::Result<(), Abort> {
        let (cfg, n) = (&self.cfg, self.profile.len());
        let free = cfg.free_total();
        let (mut mulligans, mut counted) = (first, first.saturating_sub(free));
        let max_draws = self.max_draws();
        loop {
            let step = cfg.rule.hand_step(cfg.hand_size, mulligans, counted, free);
            let need = (step.draw.min(n) + usize::from(step.look) + max_draws).min(n);
            let cards = deals.round(mulligans, need);
            if self.take_round(cards, (step, mulligans), max_draws, policy, out)? {
                return Ok(());
            }
            counted += u32::from(mulligans >= free);
            mulligans += 1;
        }
    }

    /// One round of a game: `cards` the round's top cards (`need` of them, [`Plan::play_from`]),
    /// `step` its hand's shape after `mulligans` mulligans. `Ok(true)` when the hand is kept:
    /// `out` then holds the kept hand and the draws after it (`max_draws` of them).
    #[inline]
    fn take_round<P: Policy>(
        &self,
        cards: &[CardId],
        (step, mulligans): (HandStep, u32),
        max_draws: usize,
        policy: &mut P,
        out: &mut Kept,
    ) -> std::result::Result<bool, Abort> {
        let (cfg, n) = (&self.cfg, self.profile.len());
        // `out.seen` holds the round's hand, then the library's top cards (no allocation a
        // game once it has grown).
        let (seen, bottom) = (&mut out.seen, &mut out.bottomed);
        let drawn = step.draw.min(n);
        seen.clear();
        seen.extend_from_slice(cards);
        let mut hand = drawn;
        if step.bottom > 0 {
            policy.bottom_into(&seen[..drawn], step.bottom.min(drawn), bottom)?;
            let mut kept = 0;
            for i in 0..drawn {
                let c = seen[i];
                if !bottom.contains(&c) {
                    seen[kept] = c;
                    kept += 1;
                }
            }
            seen.drain(kept..drawn);
            hand = kept;
        }
        let lands = seen[..hand]
            .iter()
            .filter(|&&c| self.profile.lands[c as usize].is_some())
            .count() as u32;
        if policy.keep(&seen[..hand], lands, mulligans, step.can_mulligan)? || !step.can_mulligan {
            let look = step.look && hand < cfg.hand_size && drawn < n;
            let vancouver_bottom = look && policy.vancouver(&seen[..hand], seen[hand])?;
            if vancouver_bottom {
                seen.remove(hand);
            }
            seen.truncate(hand + max_draws);
            out.mulligans = mulligans;
            out.hand = hand;
            out.vancouver_bottom = vancouver_bottom;
            return Ok(true);
        }
        Ok(false)
    }

    /// Adds one game to the tally.
    pub fn count(&self, kept: &Kept, tally: &mut Tally, counter: &mut Counter) {
        tally.games += 1;
        tally.kept_by_size[kept.hand] += 1;
        let p = self.profile;
        let mut at = 0;
        let (mut lands, mut sources, mut tags) = (
            0usize,
            vec![0usize; self.colours.len()],
            vec![0usize; self.tags.len()],
        );
        for t in 1..=self.turns {
            let upto = (kept.hand + self.draws(t)).min(kept.seen.len());
            for &c in &kept.seen[at..upto] {
                let c = c as usize;
                if let Some(land) = p.lands[c] {
                    lands += 1;
                    for (i, &bit) in self.colours.iter().enumerate() {
                        sources[i] += usize::from(land.colours & bit != 0);
                    }
                }
                for (i, tag) in self.tags.iter().enumerate() {
                    tags[i] += usize::from(p.tags[c].contains(tag));
                }
            }
            at = upto;
            tally.lands[t - 1][lands] += 1;
            for (i, &s) in sources.iter().enumerate() {
                tally.sources[i][t - 1][s] += 1;
            }
            for (i, &k) in tags.iter().enumerate() {
                tally.tags[i][t - 1][k] += 1;
            }
        }
        counter.count(&self.questions, kept.hand, &kept.seen, &mut tally.cards);
    }

    /// Games `0..games` on `threads` threads, deciding by clones of `policy`.
    pub fn run<P: Policy + Clone + Send>(
        &self,
        seed: &Seed,
        policy: &P,
        games: u64,
        threads: usize,
    ) -> Result<Tally> {
        let counter = Counter::new(self.profile, &self.questions, |t| self.draws(t))?;
        let threads = threads.clamp(1, 64) as u64;
        let per = games.div_ceil(threads).max(1);
        let results: Vec<std::result::Result<Tally, Abort>> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads)
                .map(|t| (t * per, ((t + 1) * per).min(games)))
                .filter(|(a, b)| a < b)
                .map(|(a, b)| {
                    let mut policy = policy.clone();
                    let counter = &counter;
                    s.spawn(move || self.run_range(seed, &mut policy, counter, a..b))
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or(Err(Abort)))
                .collect()
        });
        let mut total = self.tally();
        for r in results {
            let r = r.map_err(|_| Error::config("the keep rule stopped the analysis"))?;
            total.merge(&r);
        }
        Ok(total)
    }

    fn run_range<P: Policy>(
        &self,
        seed: &Seed,
        policy: &mut P,
        counter: &Counter,
        range: std::ops::Range<u64>,
    ) -> std::result::Result<Tally, Abort> {
        let (from, to) = (range.start, range.end);
        let (cfg, n) = (&self.cfg, self.profile.len());
        let free = cfg.free_total();
        let max_draws = self.max_draws();
        let mut tally = self.tally();
        let mut deck: Vec<CardId> = (0..n as CardId).collect();
        let mut deals = Deals::new(seed, &mut deck);
        let mut kept = Kept::default();
        let mut counter = counter.clone();
        let mut turns = TurnScratch::new(self);
        let mut hist = turns.as_ref().and_then(|_| {
            let most_seen = cfg.hand_size + max_draws;
            CurveHistograms::new(self.profile, &self.questions, |t| self.draws(t), most_seen)
        });
        let mut lanes = RoundDeals::new(seed, n, self.first_need());
        let (mut active, mut next) = (Vec::with_capacity(BLOCK), Vec::with_capacity(BLOCK));
        let mut block = from;
        while block < to {
            let len = (to - block).min(BLOCK as u64);
            active.clear();
            active.extend(block..block + len);
            // Round by round: the games of a round have taken the same mulligans.
            let (mut mulligans, mut counted) = (0u32, 0u32);
            while !active.is_empty() {
                let step = cfg.rule.hand_step(cfg.hand_size, mulligans, counted, free);
                let need = (step.draw.min(n) + usize::from(step.look) + max_draws).min(n);
                let dealt = match &mut lanes {
                    Some(lanes) => lanes.deal(mulligans, &active, need),
                    None => false,
                };
                next.clear();
                for (k, &i) in active.iter().enumerate() {
                    let cards = match (&lanes, dealt) {
                        (Some(lanes), true) => lanes.cards(k),
                        _ => {
                            deals.game(i);
                            deals.round(mulligans, need)
                        }
                    };
                    if !self.take_round(cards, (step, mulligans), max_draws, policy, &mut kept)? {
                        next.push(i);
                        continue;
                    }
                    let Some(turns) = &mut turns else {
                        self.count(&kept, &mut tally, &mut counter);
                        continue;
                    };
                    self.count_turns(&kept, &mut tally, turns);
                    match &mut hist {
                        Some(hist) => hist.add(kept.hand, &kept.seen),
                        None => {
                            counter.count(&self.questions, kept.hand, &kept.seen, &mut tally.cards)
                        }
                    }
                }
                std::mem::swap(&mut active, &mut next);
                counted += u32::from(mulligans >= free);
                mulligans += 1;
            }
            block += len;
        }
        if let Some(hist) = &mut hist {
            hist.drain_into(&mut tally.cards);
        }
        Ok(tally)
    }

    /// The cards the first round deals from the top (the hand drawn, the look, the draws), as
    /// [`Plan::play_from`] asks them.
    fn first_need(&self) -> usize {
        let (cfg, n) = (&self.cfg, self.profile.len());
        let step = cfg.rule.hand_step(cfg.hand_size, 0, 0, cfg.free_total());
        (step.draw.min(n) + usize::from(step.look) + self.max_draws()).min(n)
    }

    /// [`Plan::count`] without the on-curve questions and without allocating: adds one game's
    /// per-turn tallies (the same counts).
    fn count_turns(&self, kept: &Kept, tally: &mut Tally, s: &mut TurnScratch) {
        tally.games += 1;
        tally.kept_by_size[kept.hand] += 1;
        let (mut at, mut lands) = (0, 0usize);
        if s.sources.is_empty() && s.tags.is_empty() {
            for (t, row) in tally.lands.iter_mut().enumerate() {
                let upto = (kept.hand + self.draws(t + 1)).min(kept.seen.len());
                for &c in &kept.seen[at..upto] {
                    lands += usize::from(s.is_land[c as usize]);
                }
                at = upto;
                row[lands] += 1;
            }
            return;
        }
        s.sources.iter_mut().for_each(|x| *x = 0);
        s.tags.iter_mut().for_each(|x| *x = 0);
        for t in 1..=self.turns {
            let upto = (kept.hand + self.draws(t)).min(kept.seen.len());
            for &c in &kept.seen[at..upto] {
                let c = c as usize;
                lands += usize::from(s.is_land[c]);
                for (i, n) in s.sources.iter_mut().enumerate() {
                    *n += usize::from(s.colour_bits[c] >> i & 1 == 1);
                }
                for (i, n) in s.tags.iter_mut().enumerate() {
                    *n += usize::from(s.tag_bits[c] >> i & 1 == 1);
                }
            }
            at = upto;
            tally.lands[t - 1][lands] += 1;
            for (i, &n) in s.sources.iter().enumerate() {
                tally.sources[i][t - 1][n] += 1;
            }
            for (i, &n) in s.tags.iter().enumerate() {
                tally.tags[i][t - 1][n] += 1;
            }
        }
    }
}

/// What [`Plan::count_turns`] reads per card, compiled once, and its per-game counts (at most
/// 128 colours and tags: the analysis tallies at most 64 tags).
struct TurnScratch {
    is_land: Vec<bool>,
    /// Bit `i`: a land adding colour `i` of the plan.
    colour_bits: Vec<u128>,
    /// Bit `i`: the card carries tag `i` of the plan.
    tag_bits: Vec<u128>,
    sources: Vec<usize>,
    tags: Vec<usize>,
}

impl TurnScratch {
    fn new(plan: &Plan<'_>) -> Option<TurnScratch> {
        if plan.colours.len() > 128 || plan.tags.len() > 128 {
            return None;
        }
        let p = plan.profile;
        let bits = |flags: &mut dyn Iterator<Item = bool>| {
            flags
                .enumerate()
                .fold(0u128, |b, (i, f)| b | u128::from(f) << i)
        };
        Some(TurnScratch {
            is_land: p.lands.iter().map(Option::is_some).collect(),
            colour_bits: p
                .lands
                .iter()
                .map(|l| match l {
                    Some(l) => bits(&mut plan.colours.iter().map(|&b| l.colours & b != 0)),
                    None => 0,
                })
                .collect(),
            tag_bits: p
                .tags
                .iter()
                .map(|tags| bits(&mut plan.tags.iter().map(|t| tags.contains(t))))
                .collect(),
            sources: vec![0; plan.colours.len()],
            tags: vec![0; plan.tags.len()],
        })
    }
}

impl Tally {
    /// Adds another tally of the same plan.
    pub fn merge(&mut self, other: &Tally) {
        fn add(a: &mut [u64], b: &[u64]) {
            a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
        }
        self.games += other.games;
        add(&mut self.kept_by_size, &other.kept_by_size);
        for (a, b) in self.lands.iter_mut().zip(&other.lands) {
            add(a, b);
        }
        for (a, b) in self
            .sources
            .iter_mut()
            .chain(self.tags.iter_mut())
            .zip(other.sources.iter().chain(other.tags.iter()))
        {
            for (x, y) in a.iter_mut().zip(b) {
                add(x, y);
            }
        }
        for (a, b) in self.cards.iter_mut().zip(&other.cards) {
            add(a, b);
        }
    }
}
