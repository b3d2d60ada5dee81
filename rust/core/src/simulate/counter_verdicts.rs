//! A round's verdicts read from a hand's class counters without a table (103.5: London puts
//! cards on the bottom, and a keep rule with card conditions decides the hand left): how the set
//! kernels decide a hand, and how a memo of a deck of few classes fills an entry.
//!
//! The London bottom of [`CountRule::after_bottom`] takes, one card at a time, the card of the
//! kind it bottoms (lands first, then spells) with the smallest [`bottom_key`]: first the
//! conditions it counts for that the hand holds no card to spare of, then how many conditions
//! it counts for, then its mask. A hand that meets every condition keeps meeting them as long
//! as each card bottomed has a card to spare in each of its conditions; the first card that has
//! not breaks one for good. So the verdict needs only: does the hand meet every condition, and
//! does each bottoming step find a card of its kind whose conditions all have a card to spare.
//! Classes are numbered in the bottom's order within a kind ([`DeckClasses::new`]), so that
//! step takes the lowest-numbered class present among those whose conditions are all spare:
//! a few word operations ([`CounterVerdicts::get`]).

use super::classes::{ClassHands, DeckClasses, MAX_CLASSES, NIBBLES, WORD_CLASSES};

/// The low bit of each four-bit counter of both words.
pub(crate) const LOW_BITS: u128 = NIBBLES as u128 | (NIBBLES as u128) << 64;
use super::engine::Engine;
use super::policy::{CountRule, MAX_SETS};
use super::verdicts::MAX_SET_DRAW;
use crate::cpu::Level;
use crate::rng::LANES;
use crate::rules::HandStep;

#[cfg(doc)]
use super::conditions::bottom_key;

/// The most lands a hand drawn for the set kernels may hold, plus one: the rows of a
/// [`CounterVerdicts`] ([`MAX_SET_DRAW`] cards).
pub(crate) const ROWS: usize = MAX_SET_DRAW + 1;

/// What a round's hand comes to by the lands it drew, and the card conditions' minimums. The
/// tables are words, sixteen to a table, as the AVX-512 twin (`backends/avx512_verdicts.rs`)
/// reads them.
#[derive(Debug, Clone)]
pub(crate) struct Rows {
    /// Each set's 16 less its minimum, one byte each: added to the hand's set counts, bit 4 of
    /// a byte is set when the set has its minimum, and the low four bits are the cards to spare.
    pub(crate) bias: u64,
    /// By lands drawn: how many of them the round bottoms (the rest of its bottom is spells).
    pub(crate) lands_gone: [u64; ROWS],
    /// By lands drawn: the verdicts when every condition holds after the bottom, for the next
    /// card not a land (low half) and a land (high half).
    pub(crate) kept: [u64; ROWS],
    /// By lands drawn: the verdicts when one does not. A hand the lands decide (a redraw, a
    /// land count the rule refuses, a hand kept whatever it holds) has the same either way.
    pub(crate) refused: [u64; ROWS],
    /// How many cards go to the bottom.
    pub(crate) bottom: u32,
}

impl Rows {
    /// The verdicts of a hand of `lands` lands, refused by its card conditions or not.
    #[inline(always)]
    fn pair(&self, lands: usize, refused: bool) -> [u32; 2] {
        let pair = match refused {
            true => self.refused[lands],
            false => self.kept[lands],
        };
        [pair as u32, (pair >> 32) as u32]
    }
}

/// The sets with a card to spare, one bit each: the bytes of `spare_counts` not zero.
#[inline(always)]
fn spare_sets(spare_counts: u64) -> usize {
    let nonzero = spare_counts | spare_counts >> 1;
    let nonzero = (nonzero | nonzero >> 2) & 0x0101_0101;
    (nonzero.wrapping_mul(0x0102_0408) >> 24) as usize & 15
}

/// A set mask as one byte a set (to subtract from the packed counts).
const fn set_bytes(mask: u32) -> u64 {
    let mut bytes = 0;
    let mut i = 0;
    while i < MAX_SETS {
        bytes |= ((mask >> i & 1) as u64) << (8 * i);
        i += 1;
    }
    bytes
}

/// A round's verdicts (`Engine::class_verdicts`, the tests' reference) from a hand's class
/// counters.
#[derive(Debug, Clone)]
pub(crate) struct CounterVerdicts {
    /// The deck's classes (a hand's lands and set counts: [`DeckClasses::set_counts`]).
    pub(crate) classes: DeckClasses,
    /// By kind (spells `[0]`, lands `[1]`): the low bits of that kind's classes' counters
    /// (the two words as one).
    pub(crate) kinds: [u128; 2],
    /// By counter word (the first, then numbers 16 and up), kind, and the sets that have a card
    /// to spare (bit `i`): the low bits of the counters of that kind's classes whose every set
    /// does. One word an entry, as the AVX-512 twin reads them.
    pub(crate) spare: [[[u64; 1 << MAX_SETS]; 2]; 2],
    /// By class number: its sets, one byte each ([`set_bytes`]).
    pub(crate) masks: [u64; MAX_CLASSES],
    /// What the lands drawn decide.
    pub(crate) rows: Rows,
    /// [`Rows::kept`] (`[0]`) and [`Rows::refused`] (`[1]`) by lands, each pair of verdicts in
    /// sixteen bits a verdict (the AVX2 twin reads them from registers).
    pub(crate) short_pairs: [[u32; ROWS]; 2],
    /// [`Rows::lands_gone`] by lands, four bits each (at most 15).
    pub(crate) lands_gone_nibbles: u64,
}

impl Engine<'_> {
    /// The verdicts of a round of hands shaped `shape` under `rule`, for a deck of `classes`.
    pub(crate) fn counter_verdicts(
        &self,
        rule: &CountRule,
        shape: &HandStep,
        redraw: bool,
        classes: &DeckClasses,
    ) -> CounterVerdicts {
        let (mut kinds, mut spare) = ([0u128; 2], [[0u128; 1 << MAX_SETS]; 2]);
        let mut masks = [0u64; MAX_CLASSES];
        for (n, &class) in classes.classes[..classes.len].iter().enumerate() {
            let (kind, mask) = (usize::from(class >= 16), class & 15);
            kinds[kind] |= 1 << (4 * n);
            for (s, word) in spare[kind].iter_mut().enumerate() {
                *word |= u128::from(mask & !(s as u32) == 0) << (4 * n);
            }
            masks[n] = set_bytes(mask);
        }
        let word = |shift: u32| spare.map(|table| table.map(|both| (both >> shift) as u64));
        let rows = self.verdict_rows(rule, shape, redraw);
        let short = |pair: u64| {
            let [not_land, land] = [pair as u32, (pair >> 32) as u32];
            debug_assert!(not_land | land <= 0xffff, "a verdict fits in sixteen bits");
            not_land | land << 16
        };
        let short_pairs = [rows.kept.map(short), rows.refused.map(short)];
        let lands_gone_nibbles =
            (0..ROWS).fold(0, |n, i| n | rows.lands_gone[i].min(15) << (4 * i));
        CounterVerdicts {
            classes: *classes,
            kinds,
            spare: [word(0), word(64)],
            masks,
            rows,
            short_pairs,
            lands_gone_nibbles,
        }
    }

    /// What a round's hands come to by the lands drawn, under `rule`.
    pub(crate) fn verdict_rows(&self, rule: &CountRule, shape: &HandStep, redraw: bool) -> Rows {
        let mins: &[u32] = rule.sets.as_ref().map_or(&[], |s| &s.mins);
        // A minimum past a hand's most cards (15) is as unmet as 16.
        let bias = (0..MAX_SETS).fold(0, |b, i| {
            let min = mins.get(i).map_or(0, |&m| m.min(16));
            b | u64::from(16 - min) << (8 * i)
        });
        let pack = |[not_land, land]: [u32; 2]| u64::from(not_land) | u64::from(land) << 32;
        let (mut lands_gone, mut kept, mut refused) = ([0u64; ROWS], [0u64; ROWS], [0u64; ROWS]);
        for lands in 0..=shape.draw.min(MAX_SET_DRAW) {
            let row = if self.redraws(shape, redraw, lands) {
                let pair = pack(self.redraw_pair(rule, shape));
                (0, pair, pair)
            } else {
                let (size, left) = self.after_bottom(rule, shape, lands);
                let pair = |keeps| pack(self.verdict_pair(rule, shape, keeps, size, left));
                match (
                    !shape.can_mulligan || rule.keep_any[size],
                    rule.keeps(size, left),
                ) {
                    (true, _) => (0, pair(true), pair(true)),
                    (false, false) => (0, pair(false), pair(false)),
                    (false, true) => (lands.saturating_sub(left), pair(true), pair(false)),
                }
            };
            (lands_gone[lands], kept[lands], refused[lands]) = (row.0 as u64, row.1, row.2);
        }
        Rows {
            bias,
            lands_gone,
            kept,
            refused,
            bottom: shape.bottom as u32,
        }
    }
}

impl CounterVerdicts {
    /// The verdicts of the hand with `counters` (four bits a class number, the two words as
    /// one), for the next card not a land and a land: `Engine::class_verdicts` of the hand.
    /// Without a branch that depends on the hand (the kernels' hands are random: a branch on
    /// them mispredicts).
    #[inline]
    pub(crate) fn get(&self, counters: u128) -> [u32; 2] {
        match self.classes.len > WORD_CLASSES {
            false => self.get_in::<false>(counters),
            true => self.get_in::<true>(counters),
        }
    }

    /// [`CounterVerdicts::get`] for counters in one word (at most 16 classes), or two when
    /// `TWO`: with one, every operand's high half is known to be zero, and the compiler keeps
    /// to 64-bit operations.
    #[inline(always)]
    fn get_in<const TWO: bool>(&self, counters: u128) -> [u32; 2] {
        let word = |x: u128| match TWO {
            true => x,
            false => x & u128::from(u64::MAX),
        };
        let counters = word(counters);
        let (rows, sums) = (&self.rows, self.classes.set_counts(counters));
        let lands = sums[0] as usize;
        // The set counts biased ([`Rows::bias`]), one byte each.
        let counts = (0..MAX_SETS).fold(rows.bias, |c, i| c + (u64::from(sums[1 + i]) << (8 * i)));
        let mut refused = counts & 0x1010_1010 != 0x1010_1010;
        let mut spare_counts = counts & 0x0f0f_0f0f;
        let mut counters = counters;
        for step in 0..u64::from(rows.bottom) {
            let kind = usize::from(step < rows.lands_gone[lands]);
            let x = counters | counters >> 1;
            let present = (x | x >> 2) & word(LOW_BITS & self.kinds[kind]);
            // The class bottomed: the first present whose sets all have a card to spare (the
            // lowest bit: its counter's); none such while one is present breaks a condition;
            // none present, the bottom takes no card of this kind (as `after_bottom`).
            let sets = spare_sets(spare_counts);
            let low = u128::from(self.spare[0][kind][sets]);
            let high = match TWO {
                true => u128::from(self.spare[1][kind][sets]) << 64,
                false => 0,
            };
            let free = present & (low | high);
            refused |= present != 0 && free == 0;
            let lowest = free & free.wrapping_neg();
            counters = word(counters - lowest);
            // The class's number (when none is free, any: its sets are taken zero times).
            let n = match TWO {
                true => (lowest | 1 << 127).trailing_zeros() / 4,
                false => (lowest as u64 | 1 << 63).trailing_zeros() / 4,
            };
            spare_counts -= u64::from(free != 0) * self.masks[n as usize];
        }
        rows.pair(lands, refused)
    }

    /// The verdicts of eight lanes' hands, each for its next card: [`CounterVerdicts::get`],
    /// with the vector extensions of `level` (at most the CPU's: [`crate::cpu`]), eight hands
    /// a register with AVX-512, four with AVX2.
    #[inline]
    pub(crate) fn lanes(&self, hands: &ClassHands, level: Level) -> [u32; LANES] {
        // A deck of more than 16 classes counts in two words.
        let two = self.classes.len > WORD_CLASSES;
        #[cfg(all(target_arch = "x86_64", avx512_kernels))]
        if level == Level::Avx512 {
            debug_assert!(crate::cpu::has_avx512());
            // SAFETY: the caller's level is at most the CPU's.
            return unsafe {
                match two {
                    false => self.lanes_avx512::<false>(hands),
                    true => self.lanes_avx512::<true>(hands),
                }
            };
        }
        #[cfg(target_arch = "x86_64")]
        if level >= Level::Avx2 {
            debug_assert!(crate::cpu::has_avx2());
            // SAFETY: the caller's level is at most the CPU's.
            return unsafe {
                match two {
                    false => self.lanes_avx2::<false>(hands),
                    true => self.lanes_avx2::<true>(hands),
                }
            };
        }
        let _ = (level, two);
        core::array::from_fn(|l| self.get(hands.both(l))[hands.tops[l] as usize & 1])
    }
}
