//! A round's verdicts read from a hand's class counters without a table (103.5: London puts
//! cards on the bottom, and a keep rule with card conditions decides the hand left), for the
//! compact kernels' decks of many classes, where a memo of the hands misses too often.
//!
//! The London bottom of [`CountRule::after_bottom`] takes, one card at a time, the card of the
//! kind it bottoms (lands first, then spells) with the smallest [`bottom_key`]: first the
//! conditions it counts for that the hand holds no card to spare of, then how many conditions
//! it counts for, then its mask. A hand that meets every condition keeps meeting them as long
//! as each card bottomed has a card to spare in each of its conditions; the first card that has
//! not breaks one for good. So the verdict needs only: does the hand meet every condition, and
//! does each bottoming step find a card of its kind whose conditions all have a card to spare.
//! Classes are numbered in the bottom's order within a kind ([`ClassPlanes::new`]), so that
//! step takes the lowest-numbered class present among those whose conditions are all spare:
//! a few word operations ([`CounterVerdicts::get`]).

use super::classes::{ClassPlanes, MAX_CLASSES, NIBBLES};
use super::engine::Engine;
use super::policy::{CountRule, MAX_SETS};
use super::verdicts::REDRAW;
use crate::rules::HandStep;

#[cfg(doc)]
use super::conditions::bottom_key;

/// What a round's hand with a given number of lands drawn comes to: `kept` when every card
/// condition holds after `lands_gone` lands and then the round's other cards go to the bottom,
/// else `refused` (each for the next card not a land, and a land). A hand the lands decide (a
/// redraw, a land count the rule refuses, a hand kept whatever it holds) has the same verdicts
/// either way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Row {
    lands_gone: u32,
    kept: [u32; 2],
    refused: [u32; 2],
}

/// A round's verdicts ([`Engine::class_verdicts`]) from a hand's class counters.
#[derive(Debug, Clone)]
pub(crate) struct CounterVerdicts {
    /// The deck's classes (a hand's lands and set counts: [`ClassPlanes::set_counts`]).
    classes: ClassPlanes,
    /// Each set's minimum (0 past the rule's sets).
    mins: [u32; MAX_SETS],
    /// By kind (spells `[0]`, lands `[1]`): the low bits of that kind's classes' counters.
    kinds: [u64; 2],
    /// By kind and by the sets that have a card to spare (bit `i`): the low bits of the
    /// counters of that kind's classes whose every set does.
    spare: [[u64; 1 << MAX_SETS]; 2],
    /// By class number: its sets, one byte each (to subtract from the packed counts).
    masks: [u32; MAX_CLASSES],
    /// By lands drawn.
    rows: Vec<Row>,
    /// How many cards go to the bottom.
    bottom: u32,
}

impl Engine<'_> {
    /// The verdicts of a round of hands shaped `shape` under `rule`, for a deck of `classes`.
    pub(crate) fn counter_verdicts(
        &self,
        rule: &CountRule,
        shape: &HandStep,
        redraw: bool,
        classes: &ClassPlanes,
    ) -> CounterVerdicts {
        let set_mins: &[u32] = rule.sets.as_ref().map_or(&[], |s| &s.mins);
        let mut mins = [0u32; MAX_SETS];
        // A minimum past a hand's most cards (15) is as unmet as 16.
        for (min, &set_min) in mins.iter_mut().zip(set_mins) {
            *min = set_min.min(16);
        }
        let (mut kinds, mut spare) = ([0u64; 2], [[0u64; 1 << MAX_SETS]; 2]);
        let mut masks = [0u32; MAX_CLASSES];
        for (n, &class) in classes.classes[..classes.len].iter().enumerate() {
            let (kind, mask) = (usize::from(class >= 16), class & 15);
            kinds[kind] |= 1 << (4 * n);
            for (s, word) in spare[kind].iter_mut().enumerate() {
                *word |= u64::from(mask & !(s as u32) == 0) << (4 * n);
            }
            masks[n] = (0..MAX_SETS).fold(0, |m, i| m | (mask >> i & 1) << (8 * i));
        }
        let size = shape.draw - shape.bottom;
        let rows = (0..=shape.draw)
            .map(|lands| {
                let same = |pair| Row {
                    lands_gone: 0,
                    kept: pair,
                    refused: pair,
                };
                if self.redraws(shape, redraw, lands) {
                    return same([REDRAW | self.verdict_pair(rule, shape, false, 0, 0)[0]; 2]);
                }
                let kept = match shape.bottom {
                    0 => lands,
                    bottom => rule.kept_lands(bottom, lands),
                };
                let pair = |keeps| self.verdict_pair(rule, shape, keeps, size, kept);
                match (
                    !shape.can_mulligan || rule.keep_any[size],
                    rule.keeps(size, kept),
                ) {
                    (true, _) => same(pair(true)),
                    (false, false) => same(pair(false)),
                    (false, true) => Row {
                        lands_gone: lands.saturating_sub(kept) as u32,
                        kept: pair(true),
                        refused: pair(false),
                    },
                }
            })
            .collect();
        CounterVerdicts {
            classes: *classes,
            mins,
            kinds,
            spare,
            masks,
            rows,
            bottom: shape.bottom as u32,
        }
    }
}

impl CounterVerdicts {
    /// The verdicts of the hand with `counters` (four bits a class number), for the next card
    /// not a land and a land: [`Engine::class_verdicts`] of the hand. Without a branch that
    /// depends on the hand (the kernels' hands are random: a branch on them mispredicts).
    #[inline]
    pub(crate) fn get(&self, counters: u64) -> [u32; 2] {
        let sums = self.classes.set_counts(counters);
        let row = self.rows[sums[0] as usize];
        // Each set's count less its minimum, plus 16, one byte each: bit 4 of every byte is
        // set when the hand meets every condition, and the low four bits are the cards to
        // spare then.
        let mut counts = 0u32;
        for i in 0..MAX_SETS {
            counts += (sums[1 + i] + 16 - self.mins[i]) << (8 * i);
        }
        let mut refused = counts & 0x1010_1010 != 0x1010_1010;
        let mut spare_counts = counts & 0x0f0f_0f0f;
        let mut counters = counters;
        for step in 0..self.bottom {
            let kind = usize::from(step < row.lands_gone);
            let x = counters | counters >> 1;
            let present = (x | x >> 2) & NIBBLES & self.kinds[kind];
            // The sets with a card to spare (the bytes not zero), one bit each.
            let nonzero = spare_counts | spare_counts >> 1;
            let nonzero = (nonzero | nonzero >> 2) & 0x0101_0101;
            let spare = (nonzero.wrapping_mul(0x0102_0408) >> 24) as usize & 15;
            // The class bottomed: the first present whose sets all have a card to spare; none
            // such while one is present breaks a condition; none present, the bottom takes
            // no card of this kind.
            let free = present & self.spare[kind][spare];
            refused |= present != 0 && free == 0;
            let n = (free | 1 << 63).trailing_zeros() / 4;
            let taken = u32::from(free != 0);
            counters -= u64::from(taken) << (4 * n);
            spare_counts -= taken * self.masks[n as usize];
        }
        match refused {
            true => row.refused,
            false => row.kept,
        }
    }
}
