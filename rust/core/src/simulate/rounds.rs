//! Games in blocks, round by round (round `k` holds the games about to shuffle for the `k`-th
//! time): each round's lead words computed eight blocks per ChaCha call ([`super::words`]) and
//! its hands decided by a count kernel (`backends`, from the verdict tables of `verdicts`) or one
//! by one ([`Engine::step`]). [`Engine::run`] is the entry: the game path, hand smoothing and
//! partial Paris branch off there.

use super::classes::DeckClasses;
use super::config::{Counts, Outcome, Sink};
use super::engine::{Cohort, Engine, State, Step, MAX_DRAW};
use super::partial::{Dealer, Pass};
use super::policy::{Abort, CountRule, Policy};
use super::variants::Games;
use super::verdicts::{kept_outcome, CELL, KEEP, MAX_SET_DRAW, REDRAW, VANCOUVER_BOTTOM};
use super::words::{lead_words, shuffle_words, stream_rows, Buffers};
use crate::card::CardId;
use crate::rng::{LANES, MAX_BATCH};

/// How a round decides its hands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kernel {
    /// Count policy, one word per hand, at most 64 cards: land flags in a `u64`.
    Mask64,
    /// The same with at most 128 cards: a `u128`.
    Mask128,
    /// Count policy, hands from at most nine words: land flags in bytes, then put back.
    Flags,
    /// Count policy with card sets, one word per hand, at most 128 cards: each hand's cards
    /// counted by class and its verdict read from the counts, or remembered by them
    /// ([`super::class_rounds`]).
    Classes,
    /// Every hand through [`Engine::step`].
    General,
}

/// A round's games: the slots `active` (ascending) of the block of games from `first`, all of
/// one [`Cohort`].
pub(crate) struct Round<'a> {
    pub(crate) first: u64,
    pub(crate) cohort: Cohort,
    pub(crate) active: &'a [u32],
}

impl Engine<'_> {
    /// One round: every game of a [`Round`] (all about to shuffle for the `sub`-th time with
    /// the same mulligans taken) shuffles, draws and decides. Eight games at a time: their lead
    /// words (in `bufs`, from `8 * g0` on) and, when the hand needs more words, their streams'
    /// first blocks are at hand; a count policy decides each hand drawn from those words by its
    /// land count alone (a rule with card conditions by its classes: [`Engine::class_round`]),
    /// any other hand takes [`Engine::step`]. Games that mulligan go to `next`, the others to
    /// `sink` (kept, or taking the land redraw).
    #[inline(always)]
    pub(crate) fn round<P: Policy, const AVX2: bool>(
        &self,
        round: Round<'_>,
        rule: Option<&CountRule>,
        policy: &mut P,
        bufs: &mut Buffers,
        mut sink: Sink<'_, '_>,
        next: &mut Vec<u32>,
    ) -> std::result::Result<(), Abort> {
        const STRIDE: usize = MAX_DRAW + MAX_BATCH;
        let Round {
            first,
            cohort,
            active,
        } = round;
        let n = self.cfg.deck_size;
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
        let kernel = match rule.map(|r| r.sets.as_ref()) {
            Some(None) if one_word && n <= 64 => Kernel::Mask64,
            Some(None) if one_word && n <= 128 => Kernel::Mask128,
            Some(None) if need < n && words <= 9 => Kernel::Flags,
            // Card conditions: a deck of at most 128 cards has its classes numbered.
            Some(Some(_)) if one_word && draw <= MAX_SET_DRAW && bufs.deck_classes.is_some() => {
                Kernel::Classes
            }
            _ => Kernel::General,
        };
        if let (Kernel::Classes, Some(rule), Some(deck)) = (kernel, rule, bufs.deck_classes) {
            let round = Round {
                first,
                cohort,
                active,
            };
            let rule = (rule, &deck);
            // SAFETY: `AVX2` is true only in `run_avx2`, entered after checking the CPU.
            return unsafe { self.class_round::<P, AVX2>(round, rule, policy, bufs, sink, next) };
        }
        let (mask64, mask128) = (self.land_mask as u64, self.land_mask);
        let verdicts = match (kernel, rule) {
            (Kernel::General | Kernel::Classes, _) | (_, None) => None,
            (_, Some(rule)) => Some(self.verdicts(rule, &shape, redraw)),
        };
        let width = verdicts.as_ref().map_or(0, Vec::len);
        bufs.tally.clear();
        bufs.tally.resize(width * LANES, 0);
        // The lead blocks start at the first game's group (see `run`).
        let g0 = (first + u64::from(active[0])) >> 3;
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
            for (l, &slot) in group.iter().enumerate() {
                if let (true, Some(verdicts)) = (ok[l], &verdicts) {
                    // Branch-free: the hand is tallied by its verdict's index (lands * 2 +
                    // top), and the game is written to `next` whether or not it stays there.
                    let index = (lands[l] * 2 + tops[l]) as usize;
                    let v = verdicts[index];
                    let again = 1 - (v & KEEP) - ((v & REDRAW) >> 2);
                    // One tally per lane: consecutive games rarely wait on the same counter.
                    bufs.tally[l * width + index] += 1;
                    next[k] = slot;
                    k += again as usize;
                    if redraw && v & REDRAW != 0 {
                        sink.redraws.push(slot);
                    }
                    if let (Some(out), true) = (sink.per_game.as_deref_mut(), v & KEEP != 0) {
                        out[slot as usize] = kept_outcome(v, self.cfg.hand_size, mulligans);
                    }
                    continue;
                }
                let hand = (games[l], slot, leads[l], l);
                let sink = sink.reborrow();
                if let Some(again) =
                    self.hand_by_step(cohort, hand, rows.as_ref(), policy, bufs, sink)?
                {
                    next[k] = again;
                    k += 1;
                }
            }
        }
        next.truncate(k);
        let (mut kept, mut bottomed) = (0u64, 0u64);
        if let Some(verdicts) = &verdicts {
            for (index, &v) in verdicts.iter().enumerate() {
                let n: u64 = (0..LANES)
                    .map(|l| u64::from(bufs.tally[l * width + index]))
                    .sum();
                bufs.hist[(v >> CELL) as usize * LANES] += n;
                if v & KEEP != 0 {
                    kept += n;
                    bottomed += n * u64::from((v & VANCOUVER_BOTTOM) >> 1);
                }
            }
        }
        let counts = &mut *sink.counts;
        counts.games += kept;
        counts.mulligans[mulligans as usize] += kept;
        counts.vancouver_bottomed += bottomed;
        Ok(())
    }

    /// A hand no kernel draws (its lead word rejected, or no kernel for the round): through
    /// [`Engine::step`], from its game's own stream. `hand` is the game, its slot, its lead word
    /// and its lane in the group, whose streams' first blocks are `rows` when the round's hands
    /// need more words than the lead. The game's slot when it mulligans.
    #[inline(never)]
    pub(crate) fn hand_by_step<P: Policy>(
        &self,
        cohort: Cohort,
        (game, slot, lead, lane): (u64, u32, u64, usize),
        rows: Option<&[[u32; LANES]; 16]>,
        policy: &mut P,
        bufs: &mut Buffers,
        mut sink: Sink<'_, '_>,
    ) -> std::result::Result<Option<u32>, Abort> {
        let mut rng = shuffle_words(&self.key, game, cohort.sub, lead, rows, lane);
        let st = State {
            slot,
            mulligans: cohort.mulligans,
            counted: cohort.counted,
        };
        Ok(
            match self.step(st, cohort.redraw, &mut rng, policy, &mut bufs.scratch)? {
                Step::Redraw => {
                    sink.redraws.push(slot);
                    None
                }
                Step::Kept(o) => {
                    sink.kept(slot, o);
                    None
                }
                Step::Again(s) => {
                    debug_assert_eq!(s.mulligans, cohort.mulligans + 1);
                    Some(s.slot)
                }
            },
        )
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
            let path = Games::new(&self.seed, &self.cfg, self.lands);
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
            hist: vec![0; (counts.hand_lands.len() + 1) * LANES],
            memos: match rule.as_ref() {
                Some(rule) if rule.sets.is_some() => self.memos.take(rule),
                _ => Default::default(),
            },
            deck_classes: rule
                .as_ref()
                .and_then(|r| r.sets.as_ref())
                .and_then(|sets| DeckClasses::new(self.lands, sets)),
            ..Buffers::default()
        };
        let mut active = Vec::with_capacity(BLOCK);
        // Games that took the no-land/all-land redraw: one shuffle ahead of their mulligans.
        let mut redrawn = Vec::new();
        let mut next = Vec::with_capacity(BLOCK);
        let mut spare = Vec::new();
        let land_mulligan = self.cfg.house.land_mulligan;
        let mut dealer = Dealer::new(self.cfg.deck_size);
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
                    } else if games.len() * 4 >= m {
                        // A quarter of the block's games or more: about nine groups of eight
                        // in ten hold one, and the ChaCha blocks of every group from the first
                        // to the last cost less than finding the groups game by game.
                        let last = (first + u64::from(games[games.len() - 1])) >> 3;
                        lead_words(&self.key, cohort.sub, g0..=last, g0, &mut bufs);
                    } else {
                        let groups = games
                            .iter()
                            .map(move |&slot| (first + u64::from(slot)) >> 3);
                        lead_words(&self.key, cohort.sub, groups, g0, &mut bufs);
                    }
                    next.clear();
                    // Only the first round redraws, into the (then empty) list of redrawn games.
                    spare.clear();
                    let round = Round {
                        first,
                        cohort,
                        active: games,
                    };
                    let sink = Sink {
                        counts: &mut *counts,
                        per_game: &mut per_game,
                        redraws: &mut spare,
                    };
                    self.round::<P, AVX2>(
                        round,
                        rule.as_ref(),
                        policy,
                        &mut bufs,
                        sink,
                        &mut next,
                    )?;
                    std::mem::swap(games, &mut next);
                    if cohort.redraw {
                        std::mem::swap(&mut redrawn, &mut spare);
                    }
                }
                if let Some(plan) = &self.deal {
                    // PARTIAL_PARIS: the first hands were decided on the kernels; a game that
                    // mulligans is played from its start, dealt from its one shuffle.
                    for (slots, sub) in [(&active, 0), (&redrawn, 1)] {
                        spare.clear();
                        let pass = Pass {
                            first,
                            slots,
                            sub,
                            redraw: false,
                        };
                        let sink = Sink {
                            counts: &mut *counts,
                            per_game: &mut per_game,
                            redraws: &mut spare,
                        };
                        self.partial_games(plan, pass, policy, &mut bufs, &mut dealer, sink)?;
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
        for (cell, n) in counts.hand_lands.iter_mut().zip(bufs.hist.chunks(LANES)) {
            *cell += n.iter().sum::<u64>();
        }
        if let Some(rule) = rule.filter(|r| r.sets.is_some()) {
            self.memos.give(rule, bufs.memos);
        }
        Ok(())
    }
}
