//! The engine: games in blocks, round by round (round `k` holds the games about to shuffle for
//! the `k`-th time), each round's lead words computed eight blocks per ChaCha call and its hands
//! decided by a count kernel ([`super::backends`]) or one by one ([`Engine::step`]).

use super::backends::portable::LandMask;
use super::plan::Plan;
use super::verdicts::{CELL, KEEP, MAX_TAG_DRAW, REDRAW, VANCOUVER_BOTTOM};
use super::{Abort, Config, CountRule, Counts, Outcome, Policy, MAX_HAND};
use crate::card::CardId;
use crate::error::{Error, Result};
use crate::house::land_redraw_allowed;
use crate::rng::{
    chacha_rows, key_words, lane_block, lead_rows, row_word, ShuffleWords, Words, LANES, MAX_BATCH,
};
use crate::rules::{HandStep, MulliganRule, HOUSTON_BOTTOM};
use crate::seed::{Seed, StreamId, DOMAIN_LIBRARY};

/// A policy with its count tables hidden ([`Policy::count_rule`] is `None`): every hand goes
/// through its methods, by the general path. The results are the same, only slower: for
/// differential tests of the count kernels, and for measuring them.
#[derive(Debug, Clone)]
pub struct GeneralPath<P>(pub P);

impl<P: Policy> Policy for GeneralPath<P> {
    fn keep(
        &mut self,
        hand: &[CardId],
        lands: u32,
        mulligans: u32,
        can_mulligan: bool,
    ) -> std::result::Result<bool, Abort> {
        self.0.keep(hand, lands, mulligans, can_mulligan)
    }
    fn bottom(&mut self, hand: &[CardId], count: usize) -> std::result::Result<Vec<CardId>, Abort> {
        self.0.bottom(hand, count)
    }
    fn vancouver(&mut self, hand: &[CardId], top: CardId) -> std::result::Result<bool, Abort> {
        self.0.vancouver(hand, top)
    }
    fn exile(
        &mut self,
        hand: &[CardId],
        lands: u32,
    ) -> std::result::Result<Option<Vec<CardId>>, Abort> {
        self.0.exile(hand, lands)
    }
}

/// The most cards one hand draws: a hand of [`MAX_HAND`], Houston's three more, and
/// Vancouver's look at the next card.
pub(crate) const MAX_DRAW: usize = MAX_HAND + HOUSTON_BOTTOM + 1;

/// The games of a round: all about to shuffle for the `sub`-th time with the same mulligans
/// taken (`counted` of them toward the hand size). A game that took the no-land/all-land
/// redraw shuffles once more than its mulligans (`sub = mulligans + 1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Cohort {
    pub(crate) sub: u32,
    pub(crate) mulligans: u32,
    pub(crate) counted: u32,
    /// The no-land/all-land redraw may still be taken (the table has it, no mulligan and no
    /// redraw taken yet).
    pub(crate) redraw: bool,
}

/// A policy whose games are all played as a [`crate::Game`], seat 0 of `Game(seed,
/// game_index=i)` deciding by the policy: the reference implementation of every variant and
/// table option, for differential tests of the bulk paths (as [`GeneralPath`] is for the count
/// kernels) and for measuring them. The results are the same, far slower.
#[derive(Debug, Clone)]
pub struct GamePath<P>(pub P);

impl<P: Policy> Policy for GamePath<P> {
    fn keep(
        &mut self,
        hand: &[CardId],
        lands: u32,
        mulligans: u32,
        can_mulligan: bool,
    ) -> std::result::Result<bool, Abort> {
        self.0.keep(hand, lands, mulligans, can_mulligan)
    }
    fn bottom(&mut self, hand: &[CardId], count: usize) -> std::result::Result<Vec<CardId>, Abort> {
        self.0.bottom(hand, count)
    }
    fn vancouver(&mut self, hand: &[CardId], top: CardId) -> std::result::Result<bool, Abort> {
        self.0.vancouver(hand, top)
    }
    fn exile(
        &mut self,
        hand: &[CardId],
        lands: u32,
    ) -> std::result::Result<Option<Vec<CardId>>, Abort> {
        self.0.exile(hand, lands)
    }
    fn plays_games(&self) -> bool {
        true
    }
}

/// The per-game state between shuffles.
#[derive(Debug, Clone, Copy)]
pub(crate) struct State {
    pub(crate) slot: u32,
    pub(crate) mulligans: u32,
    pub(crate) counted: u32,
}

pub(crate) enum Step {
    Kept(Outcome),
    Again(State),
    /// The no-land/all-land redraw: a new shuffle, not a mulligan.
    Redraw,
}

/// How a round decides its hands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kernel {
    /// Count policy, one word per hand, at most 64 cards: land flags in a `u64`.
    Mask64,
    /// The same with at most 128 cards: a `u128`.
    Mask128,
    /// Count policy, hands from at most nine words: land flags in bytes, then put back.
    Flags,
    /// Count policy with one tag requirement, one word per hand, at most 64 cards, AVX2:
    /// land and tag flags in two `u64`, three counts per hand.
    Tag64,
    /// The same with at most 128 cards (two 64-bit halves each).
    Tag128,
    /// Every hand through [`Engine::step`].
    General,
}

pub(crate) struct Engine<'a> {
    pub(crate) key: [u32; 8],
    pub(crate) cfg: Config,
    pub(crate) plan: Plan,
    pub(crate) lands: &'a [bool],
    /// `lands` as bytes: the template the byte-flag kernel's sparse shuffles start from.
    pub(crate) land_flags: Vec<u8>,
    /// `lands` as bits, for the mask kernels (decks of at most 128 cards; else 0).
    pub(crate) land_mask: u128,
    /// PARTIAL_PARIS: the plan of a whole shuffle, dealt a card at a time ([`super::partial`]).
    pub(crate) deal: Option<Plan>,
    /// The run's seed (the game path builds games from it; smoothing reads its streams).
    pub(crate) seed: Seed,
}

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
    /// Kept hands by cell of [`Counts::hand_lands`], plus a spare cell for mulligans.
    pub(crate) hist: Vec<u64>,
    /// A round's hands by verdict index, one run of counters per lane.
    pub(crate) tally: Vec<u32>,
}

/// The lead blocks of shuffle `sub` of seat 0 for the groups of eight games `groups`
/// (ascending, repeats allowed, none below `g0`): the lead word of a game `g` of those groups is
/// then [`Buffers::lead`]. Eight blocks per ChaCha call.
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
    groups.clear();
    let mut last = u64::MAX;
    for g in of_groups {
        if g != last {
            last = g;
            groups.push(g);
        }
    }
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

impl Engine<'_> {
    pub(crate) fn new<'a>(seed: &Seed, cfg: Config, lands: &'a [bool]) -> Result<Engine<'a>> {
        cfg.validate()?;
        if lands.len() != cfg.deck_size {
            return Err(Error::config("the land flags must cover the whole deck"));
        }
        Ok(Engine {
            key: key_words(seed),
            cfg,
            plan: Plan::new(cfg.deck_size, cfg.first_draw() + 1),
            lands,
            land_flags: lands.iter().map(|&l| u8::from(l)).collect(),
            land_mask: match lands.len() <= 128 {
                true => u128::from_flags(lands),
                false => 0,
            },
            deal: (cfg.rule == MulliganRule::PartialParis)
                .then(|| Plan::new(cfg.deck_size, cfg.deck_size)),
            seed: seed.clone(),
        })
    }

    /// The hand of a game with these mulligans taken ([`MulliganRule::hand_step`], the rule's
    /// one home, which the `Game` reads too).
    ///
    /// [`MulliganRule::hand_step`]: crate::rules::MulliganRule::hand_step
    ///
    /// In the eras that draw fewer, a library shorter than the hand shortens the later hands
    /// too, as in the `Game` ([`MulliganRule::redraw`]); and an empty hand cannot mulligan.
    /// Every game of a round has the same history (free mulligans first), so the same draw.
    ///
    /// [`MulliganRule::redraw`]: crate::rules::MulliganRule::redraw
    #[inline]
    pub(crate) fn hand_step(&self, mulligans: u32, counted: u32) -> HandStep {
        let cfg = &self.cfg;
        let (rule, h, n, free) = (cfg.rule, cfg.hand_size, cfg.deck_size, cfg.free_total());
        let mut step = rule.hand_step(h, mulligans, counted, free);
        if rule.draws_full_hand() || n >= h {
            return step;
        }
        let mut held = h.min(n);
        let mut before = 0;
        for k in 0..mulligans {
            let now = before + usize::from(k >= free);
            held = rule.redraw(h, before, now, held).min(n);
            before = now;
        }
        step.draw = held;
        step.can_mulligan &= held > 0;
        step
    }

    /// One shuffle and the decisions on the hand it gives (103.5). With `redraw`, a first hand
    /// of no land or only lands is redrawn instead (the table's no-land/all-land mulligan,
    /// always taken when allowed).
    #[inline]
    pub(crate) fn step<P: Policy, W: Words>(
        &self,
        st: State,
        redraw: bool,
        rng: &mut W,
        policy: &mut P,
        scratch: &mut [CardId],
    ) -> std::result::Result<Step, Abort> {
        let shape = self.hand_step(st.mulligans, st.counted);
        let mut cards = [0 as CardId; MAX_DRAW];
        let need = shape.draw + usize::from(shape.look);
        self.plan.top_cards(need, rng, scratch, &mut cards);
        self.decide(st, &shape, redraw, &cards, policy)
    }

    /// The decisions on a hand drawn: `cards` are the library's top cards after the draw's
    /// shuffle (the hand, then Vancouver's look at the next card when `shape` has it).
    #[inline]
    pub(crate) fn decide<P: Policy>(
        &self,
        st: State,
        shape: &HandStep,
        redraw: bool,
        cards: &[CardId],
        policy: &mut P,
    ) -> std::result::Result<Step, Abort> {
        let cfg = &self.cfg;
        let drawn = shape.draw.min(cfg.deck_size);
        let mut hand_buf = [0 as CardId; MAX_DRAW];
        let mut hand: &[CardId] = &cards[..drawn];
        if redraw && drawn == cfg.hand_size && land_redraw_allowed(drawn, self.count_lands(hand)) {
            return Ok(Step::Redraw);
        }
        if shape.bottom > 0 {
            let count = shape.bottom.min(drawn);
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
        let can_mulligan = shape.can_mulligan;
        let lands = self.count_lands(hand) as u32;
        if policy.keep(hand, lands, st.mulligans, can_mulligan)? || !can_mulligan {
            let vancouver_bottom = shape.look
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
        let free = st.mulligans < cfg.free_total();
        Ok(Step::Again(State {
            slot: st.slot,
            mulligans: st.mulligans + 1,
            counted: st.counted + u32::from(!free),
        }))
    }

    /// The lands among `cards`.
    #[inline]
    pub(crate) fn count_lands(&self, cards: &[CardId]) -> usize {
        cards.iter().filter(|&&c| self.lands[c as usize]).count()
    }

    /// One round: every game of `active` (all of one [`Cohort`]: about to shuffle for the
    /// `sub`-th time with the same mulligans taken) shuffles, draws and decides. Eight games at
    /// a time: their lead words (in `bufs`, from `8 * g0` on) and, when the hand needs more
    /// words, their streams' first blocks are at hand; a count policy decides each hand drawn
    /// from those words by its land count alone, any other hand takes [`Engine::step`]. Games
    /// that mulligan go to `next`, games that take the land redraw to `redraws`.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(crate) fn round<P: Policy, const AVX2: bool>(
        &self,
        first: u64,
        cohort: Cohort,
        active: &[u32],
        rule: Option<&CountRule>,
        policy: &mut P,
        bufs: &mut Buffers,
        counts: &mut Counts,
        per_game: &mut Option<&mut [Outcome]>,
        next: &mut Vec<u32>,
        redraws: &mut Vec<u32>,
    ) -> std::result::Result<(), Abort> {
        const STRIDE: usize = MAX_DRAW + MAX_BATCH;
        let cfg = &self.cfg;
        let n = cfg.deck_size;
        // Every game of a round has taken the same mulligans, of which `counted` count toward
        // the hand size, so draws the same number.
        let Cohort {
            sub,
            mulligans,
            counted: counted_mulligans,
            redraw,
        } = cohort;
        let shape = self.hand_step(mulligans, counted_mulligans);
        let draw = shape.draw;
        let need = draw + usize::from(shape.look);
        let words = self.plan.words_for(need);
        let one_word = need < n && words <= 1;
        let kernel = match rule.map(|r| r.tag.as_ref()) {
            Some(None) if one_word && n <= 64 => Kernel::Mask64,
            Some(None) if one_word && n <= 128 => Kernel::Mask128,
            Some(None) if need < n && words <= 9 => Kernel::Flags,
            Some(Some(_)) if AVX2 && one_word && n <= 64 && draw <= MAX_TAG_DRAW => Kernel::Tag64,
            Some(Some(_)) if AVX2 && one_word && n <= 128 && draw <= MAX_TAG_DRAW => Kernel::Tag128,
            _ => Kernel::General,
        };
        let (mask64, mask128) = (self.land_mask as u64, self.land_mask);
        let tag_mask = match rule.and_then(|r| r.tag.as_ref()) {
            Some(t) if matches!(kernel, Kernel::Tag64 | Kernel::Tag128) => {
                u128::from_flags(&t.cards)
            }
            _ => 0,
        };
        let verdicts = match kernel {
            Kernel::General => None,
            Kernel::Tag64 | Kernel::Tag128 => {
                rule.map(|rule| self.tag_verdicts(rule, &shape, redraw))
            }
            _ => rule.map(|rule| self.verdicts(rule, &shape, redraw)),
        };
        let width = verdicts.as_ref().map_or(0, Vec::len);
        bufs.tally.clear();
        bufs.tally.resize(width * LANES, 0);
        // The lead blocks start at the first game's group (see `run`).
        let g0 = (first + u64::from(active[0])) >> 3;
        let (mut kept, mut bottomed) = (0u64, 0u64);
        next.clear();
        next.resize(active.len(), 0);
        let mut k = 0;
        let mut wide_digits = [[0u64; LANES]; MAX_BATCH];
        let mut digits = [0u32; STRIDE * LANES];
        for group in active.chunks(LANES) {
            let last = group.len() - 1;
            let games: [u64; LANES] =
                core::array::from_fn(|l| first + u64::from(group[l.min(last)]));
            let leads: [u64; LANES] = core::array::from_fn(|l| bufs.lead(games[l], g0));
            let rows = (words > 1).then(|| stream_rows(&self.key, &games, sub));
            let (lands, tops, ok) = match kernel {
                #[cfg(target_arch = "x86_64")]
                Kernel::Mask64 if AVX2 => {
                    // SAFETY: `AVX2` is true only in `run_avx2`, entered after checking the CPU.
                    unsafe {
                        self.lane_lands_avx2::<false>(
                            u128::from(mask64),
                            &leads,
                            draw,
                            need,
                            &mut wide_digits,
                        )
                    }
                }
                #[cfg(target_arch = "x86_64")]
                Kernel::Mask128 if AVX2 => {
                    // SAFETY: as above.
                    unsafe {
                        self.lane_lands_avx2::<true>(mask128, &leads, draw, need, &mut wide_digits)
                    }
                }
                #[cfg(target_arch = "x86_64")]
                Kernel::Tag64 | Kernel::Tag128 => {
                    let d = &mut wide_digits;
                    // SAFETY: the tag kernels are chosen only when `AVX2` (see above).
                    let (keys, ok) = unsafe {
                        match kernel {
                            Kernel::Tag64 => self
                                .lane_tags_avx2::<false>(mask128, tag_mask, &leads, draw, need, d),
                            _ => self
                                .lane_tags_avx2::<true>(mask128, tag_mask, &leads, draw, need, d),
                        }
                    };
                    (keys, [0; LANES], ok)
                }
                Kernel::Mask64 => self.lane_lands(mask64, &leads, draw, need),
                Kernel::Mask128 => self.lane_lands(mask128, &leads, draw, need),
                Kernel::Flags => {
                    let ok =
                        self.plan
                            .lane_digits(&leads, rows.as_ref(), need, STRIDE, &mut digits);
                    let mut lands = [0u32; LANES];
                    let mut tops = [0u32; LANES];
                    for l in 0..group.len() {
                        if ok[l] {
                            let d = &digits[l * STRIDE..];
                            (lands[l], tops[l]) = self.count_flags(draw, need, d, &mut bufs.flags);
                        }
                    }
                    (lands, tops, ok)
                }
                _ => ([0; LANES], [0; LANES], [false; LANES]),
            };
            // The verdict index: lands * 2 + top, or already computed by the tag kernel.
            let keys: [u32; LANES] = match kernel {
                Kernel::Tag64 | Kernel::Tag128 => lands,
                _ => core::array::from_fn(|l| lands[l] * 2 + tops[l]),
            };
            for (l, &slot) in group.iter().enumerate() {
                if let (true, Some(verdicts)) = (ok[l], &verdicts) {
                    // Branch-free: the hand is tallied by its verdict's index, and the game is
                    // written to `next` whether or not it stays there.
                    let index = keys[l] as usize;
                    let v = verdicts[index];
                    let keep = v & KEEP;
                    let again = 1 - keep - ((v & REDRAW) >> 2);
                    // One tally per lane: consecutive games rarely wait on the same counter.
                    bufs.tally[l * width + index] += 1;
                    next[k] = slot;
                    k += again as usize;
                    if redraw && v & REDRAW != 0 {
                        redraws.push(slot);
                    }
                    if let (Some(out), 1) = (per_game.as_deref_mut(), keep) {
                        let (cell, w) = ((v >> CELL) as usize, cfg.hand_size + 1);
                        out[slot as usize] = Outcome {
                            hand_size: (cell / w) as u8,
                            lands: (cell % w) as u8,
                            mulligans: mulligans as u8,
                            vancouver_bottom: v & VANCOUVER_BOTTOM != 0,
                        };
                    }
                    continue;
                }
                let mut rng = shuffle_words(&self.key, games[l], sub, leads[l], rows.as_ref(), l);
                let st = State {
                    slot,
                    mulligans,
                    counted: counted_mulligans,
                };
                match self.step(st, redraw, &mut rng, policy, &mut bufs.scratch)? {
                    Step::Redraw => redraws.push(slot),
                    Step::Kept(o) => {
                        counts.add(&o);
                        if let Some(out) = per_game.as_deref_mut() {
                            out[slot as usize] = o;
                        }
                    }
                    Step::Again(s) => {
                        debug_assert_eq!(s.mulligans, mulligans + 1);
                        next[k] = s.slot;
                        k += 1;
                    }
                }
            }
        }
        next.truncate(k);
        if let Some(verdicts) = &verdicts {
            for (index, &v) in verdicts.iter().enumerate() {
                let n: u64 = (0..LANES)
                    .map(|l| u64::from(bufs.tally[l * width + index]))
                    .sum();
                bufs.hist[(v >> CELL) as usize] += n;
                if v & KEEP != 0 {
                    kept += n;
                    bottomed += n * u64::from((v & VANCOUVER_BOTTOM) >> 1);
                }
            }
        }
        counts.games += kept;
        counts.mulligans[mulligans as usize] += kept;
        counts.vancouver_bottomed += bottomed;
        Ok(())
    }

    /// Games `first .. first + len`, in blocks, round by round. Compiled twice: for CPUs with
    /// AVX2 and BMI2 (checked at run time; the count kernel's variable shifts and wide
    /// multiplies are cheaper there) and for any x86-64 or other CPU. Same results.
    pub(crate) fn run<P: Policy>(
        &self,
        first: u64,
        len: usize,
        policy: &mut P,
        counts: &mut Counts,
        mut per_game: Option<&mut [Outcome]>,
    ) -> std::result::Result<(), Abort> {
        if policy.plays_games() {
            let path = super::variants::Games::new(&self.seed, &self.cfg, self.lands);
            for i in 0..len {
                let outcome = path.play(&self.cfg, first + i as u64, policy)?;
                counts.add(&outcome);
                if let Some(out) = per_game.as_deref_mut() {
                    out[i] = outcome;
                }
            }
            return Ok(());
        }
        if let Some(model) = self.cfg.house.smoothing {
            return self.run_smoothed(model, first, len, policy, counts, per_game);
        }
        if let (Some(deal), true) = (&self.deal, policy.count_rule(1).is_none()) {
            return self.run_partial(deal, first, len, policy, counts, per_game);
        }
        #[cfg(target_arch = "x86_64")]
        if crate::cpu::has_avx2_bmi2() {
            // SAFETY: the CPU has AVX2 and BMI2, checked just above.
            return unsafe { self.run_avx2(first, len, policy, counts, per_game) };
        }
        self.run_any::<P, false>(first, len, policy, counts, per_game)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi2")]
    pub(crate) unsafe fn run_avx2<P: Policy>(
        &self,
        first: u64,
        len: usize,
        policy: &mut P,
        counts: &mut Counts,
        per_game: Option<&mut [Outcome]>,
    ) -> std::result::Result<(), Abort> {
        self.run_any::<P, true>(first, len, policy, counts, per_game)
    }

    #[inline(always)]
    pub(crate) fn run_any<P: Policy, const AVX2: bool>(
        &self,
        first: u64,
        len: usize,
        policy: &mut P,
        counts: &mut Counts,
        mut per_game: Option<&mut [Outcome]>,
    ) -> std::result::Result<(), Abort> {
        const BLOCK: usize = 4096;
        // London's (and Houston's) bottom tables are for the full hand drawn.
        let rule = policy.count_rule(self.cfg.first_draw());
        let mut bufs = Buffers {
            scratch: (0..self.cfg.deck_size as CardId).collect(),
            flags: self.land_flags.clone(),
            hist: vec![0; counts.hand_lands.len() + 1],
            ..Buffers::default()
        };
        let mut active = Vec::with_capacity(BLOCK);
        // Games that took the no-land/all-land redraw: one shuffle ahead of their mulligans.
        let mut redrawn = Vec::new();
        let mut next = Vec::with_capacity(BLOCK);
        let mut spare = Vec::new();
        let land_mulligan = self.cfg.house.land_mulligan;
        let mut dealer = super::partial::Dealer::new(self.cfg.deck_size);
        let mut base = 0;
        while base < len {
            let m = BLOCK.min(len - base);
            active.clear();
            active.extend((0..m as u32).map(|slot| base as u32 + slot));
            redrawn.clear();
            let (mut mulligans, mut counted) = (0, 0);
            while !active.is_empty() || !redrawn.is_empty() {
                for again in [false, true] {
                    let games = if again { &mut redrawn } else { &mut active };
                    if games.is_empty() {
                        continue;
                    }
                    let cohort = Cohort {
                        sub: mulligans + u32::from(again),
                        mulligans,
                        counted,
                        redraw: land_mulligan && mulligans == 0 && !again,
                    };
                    let g0 = (first + u64::from(games[0])) >> 3;
                    if cohort.sub == 0 {
                        // All the block's games: every group from the first to the last.
                        let last = (first + (base + m - 1) as u64) >> 3;
                        lead_words(&self.key, 0, g0..=last, g0, &mut bufs);
                    } else {
                        let groups = games.iter().map(|&slot| (first + u64::from(slot)) >> 3);
                        lead_words(&self.key, cohort.sub, groups, g0, &mut bufs);
                    }
                    next.clear();
                    // Only the first round redraws, into the (then empty) list of redrawn games.
                    spare.clear();
                    self.round::<P, AVX2>(
                        first,
                        cohort,
                        games,
                        rule.as_ref(),
                        policy,
                        &mut bufs,
                        counts,
                        &mut per_game,
                        &mut next,
                        &mut spare,
                    )?;
                    std::mem::swap(games, &mut next);
                    if cohort.redraw {
                        std::mem::swap(&mut redrawn, &mut spare);
                    }
                }
                if let Some(plan) = &self.deal {
                    // PARTIAL_PARIS: the first hands were decided on the kernels; a game that
                    // mulligans is played from its start, dealt from its one shuffle.
                    let (dealer, out) = (&mut dealer, &mut per_game);
                    for (games, sub) in [(&active, 0), (&redrawn, 1)] {
                        spare.clear();
                        self.partial_games(
                            plan, first, games, sub, false, policy, &mut bufs, dealer, counts, out,
                            &mut spare,
                        )?;
                        debug_assert!(spare.is_empty(), "these hands took no redraw");
                    }
                    active.clear();
                    redrawn.clear();
                    break;
                }
                // 103.5c and a table's free mulligans do not count toward the hand size.
                counted += u32::from(mulligans >= self.cfg.free_total());
                mulligans += 1;
            }
            base += m;
        }
        for (cell, n) in counts.hand_lands.iter_mut().zip(&bufs.hist) {
            *cell += n;
        }
        Ok(())
    }
}
