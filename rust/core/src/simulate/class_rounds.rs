//! A round of hands decided by the classes of their cards (103.5: a keep rule with card
//! conditions, London's bottom included): a class kernel (`backends/avx2_traced.rs`, or the
//! portable one beside the land kernels) counts each hand's cards by class
//! ([`super::classes`]), and its verdict comes from a memo of the
//! round's hands or from the counters themselves ([`super::counter_verdicts`]). Its own loop,
//! apart from the land rule's ([`super::rounds`]): each is compiled with only its own kernel's
//! values live, which measured faster for both than one loop choosing a kernel per group.

use super::classes::{hands, ClassHands, DeckClasses, MEMO_CLASSES, MEMO_HANDS};
use super::config::Sink;
use super::engine::{Cohort, Engine};
use super::policy::{Abort, CountRule, Policy};
use super::rounds::Round;
use super::verdicts::{kept_outcome, CELL, KEEP, REDRAW, VANCOUVER_BOTTOM};
use super::words::Buffers;
use crate::cpu::Level;
use crate::rng::{LANES, MAX_BATCH};

impl Engine<'_> {
    /// [`Engine::round`] on the class kernels: every game of `round` draws its hand (eight at
    /// a time, from their lead words), which is decided by its class counters under `rule`,
    /// remembered in the round kind's memo when the deck's classes make few enough hands
    /// ([`MEMO_HANDS`]), else read from the counters eight at a time. A game whose lead word the
    /// kernels cannot use takes [`Engine::step`]. Games that mulligan go to `next`. Compiled
    /// twice, as `run` is: with the AVX2 class kernel ([`Engine::lane_classes`]) and the
    /// counter verdicts' vector twins when `AVX2`, else the portable kernel
    /// ([`Engine::lane_classes_portable`]) and the verdicts one hand at a time. (The loop
    /// itself is scalar: compiled for AVX2 it measured within a few percent of this, faster or
    /// slower with its layout.)
    ///
    /// # Safety
    /// `AVX2` only on a CPU with AVX2 and BMI2.
    #[inline(never)]
    pub(crate) unsafe fn class_round<P: Policy, const AVX2: bool>(
        &self,
        round: Round<'_>,
        (rule, deck): (&CountRule, &DeckClasses),
        policy: &mut P,
        bufs: &mut Buffers,
        mut sink: Sink<'_, '_>,
        next: &mut Vec<u32>,
    ) -> std::result::Result<(), Abort> {
        let Round {
            first,
            cohort,
            active,
        } = round;
        let Cohort {
            mulligans,
            counted,
            redraw,
            ..
        } = cohort;
        let shape = self.hand_step(mulligans, counted);
        let (draw, look) = (shape.draw, shape.look);
        let need = draw + usize::from(look);
        let kind = (mulligans, counted, redraw);
        let few = deck.len <= MEMO_CLASSES && hands(deck.len, draw) <= MEMO_HANDS;
        let mut memo = few.then(|| bufs.memos.take(kind, deck.len, draw));
        let from_counters = self.counter_verdicts(rule, &shape, redraw, deck);
        // The lead blocks start at the first game's group (see `run`).
        let g0 = (first + u64::from(active[0])) >> 3;
        // Counts by lane: consecutive hands, most of them mulligans of one cell, would
        // otherwise each wait on the last one's add.
        let (mut kept, mut bottomed) = ([0u64; LANES], [0u64; LANES]);
        next.clear();
        next.resize(active.len(), 0);
        let mut k = 0;
        let mut digits = [[0u64; LANES]; MAX_BATCH];
        let mut hands = ClassHands::default();
        let level = match (AVX2, self.avx512) {
            (false, _) => Level::Portable,
            (true, false) => Level::Avx2,
            (true, true) => Level::Avx512,
        };
        let plain = !redraw && !look && sink.per_game.is_none();
        for group in active.chunks(LANES) {
            let last = group.len() - 1;
            let games: [u64; LANES] =
                core::array::from_fn(|l| first + u64::from(group[l.min(last)]));
            let leads: [u64; LANES] = core::array::from_fn(|l| bufs.lead(games[l], g0));
            let (shape, d, out) = ((draw, need), &mut digits, &mut hands);
            let ok = match AVX2 {
                #[cfg(target_arch = "x86_64")]
                // SAFETY: `AVX2` only on CPUs with AVX2 and BMI2 (this function's contract).
                true => unsafe { self.lane_classes(deck, &leads, shape, d, out) },
                _ => self.lane_classes_portable(deck, &leads, shape, d, out),
            };
            // Each hand's verdict: remembered, or from its counters, eight at once. Read for
            // the eight lanes before any is counted, so that their reads overlap.
            let verdicts = match &mut memo {
                None => from_counters.lanes(&hands, level),
                Some(memo) => core::array::from_fn(|l| {
                    memo.get(hands.counters[l], hands.tops[l], |c| {
                        from_counters.get(u128::from(c))
                    })
                }),
            };
            // Most groups: eight hands drawn, none taking the land redraw or the Vancouver
            // bottom, no outcome kept game by game.
            if plain && group.len() == LANES && ok == [true; LANES] {
                let before = k;
                for (l, &slot) in group.iter().enumerate() {
                    let v = verdicts[l];
                    bufs.hist[(v >> CELL) as usize * LANES + l] += 1;
                    next[k] = slot;
                    k += (1 - (v & KEEP)) as usize;
                }
                // The hands not kept went to `next` (one read of the verdicts as a vector,
                // just written one by one, would wait for the writes).
                kept[0] += (LANES - (k - before)) as u64;
                continue;
            }
            for (l, &slot) in group.iter().enumerate() {
                if !ok[l] {
                    let hand = (games[l], slot, leads[l], l);
                    let sink = sink.reborrow();
                    if let Some(again) =
                        self.hand_by_step(cohort, hand, None, policy, bufs, sink)?
                    {
                        next[k] = again;
                        k += 1;
                    }
                    continue;
                }
                // Branch-free: the game is written to `next` whether or not it stays there.
                let v = verdicts[l];
                let keep = v & KEEP;
                let again = 1 - keep - ((v & REDRAW) >> 2);
                bufs.hist[(v >> CELL) as usize * LANES + l] += 1;
                kept[l] += u64::from(keep);
                // Only a round that looks at the next card bottoms it (Vancouver).
                if look {
                    bottomed[l] += u64::from((v & VANCOUVER_BOTTOM) >> 1);
                }
                next[k] = slot;
                k += again as usize;
                if redraw && v & REDRAW != 0 {
                    sink.redraws.push(slot);
                }
                if let (Some(out), 1) = (sink.per_game.as_deref_mut(), keep) {
                    out[slot as usize] = kept_outcome(v, self.cfg.hand_size, mulligans);
                }
            }
        }
        next.truncate(k);
        if let Some(memo) = memo {
            bufs.memos.put(kind, memo);
        }
        let kept: u64 = kept.iter().sum();
        let counts = &mut *sink.counts;
        counts.games += kept;
        counts.mulligans[mulligans as usize] += kept;
        counts.vancouver_bottomed += bottomed.iter().sum::<u64>();
        Ok(())
    }
}
