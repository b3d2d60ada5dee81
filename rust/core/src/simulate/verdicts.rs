//! The verdict tables of a count policy: for every land (and card set) count a round's hands can
//! hold, whether the hand is kept, Vancouver's choice, and the kept hand's cell of
//! [`super::Counts::hand_lands`], so a round decides a hand by one table look-up.

#[cfg(test)]
use super::classes::NIBBLES;
use super::config::Outcome;
use super::engine::Engine;
#[cfg(any(test, doc))]
use super::policy::Classes;
use super::policy::CountRule;
use crate::house::land_redraw_allowed;
use crate::rules::HandStep;

/// The most cards a round may draw for the set kernels (a hand's classes count in four bits).
pub(crate) const MAX_SET_DRAW: usize = 15;

/// A verdict bit ([`Engine::verdicts`]): the hand is kept.
pub(crate) const KEEP: u32 = 1;
/// A verdict bit: Vancouver's look puts the top card on the bottom.
pub(crate) const VANCOUVER_BOTTOM: u32 = 2;
/// A verdict bit: the no-land/all-land redraw is taken (a table option).
pub(crate) const REDRAW: u32 = 4;
/// Where a verdict's cell of [`super::Counts::hand_lands`] starts (bits above the flags).
pub(crate) const CELL: u32 = 3;

/// The outcome of a game kept with verdict `v` after `mulligans`, for hands of at most
/// `hand_size` cards (the cell is `size * (hand_size + 1) + lands`).
#[inline(always)]
pub(crate) fn kept_outcome(v: u32, hand_size: usize, mulligans: u32) -> Outcome {
    let (cell, w) = ((v >> CELL) as usize, hand_size + 1);
    Outcome {
        hand_size: (cell / w) as u8,
        lands: (cell % w) as u8,
        mulligans: mulligans as u8,
        vancouver_bottom: v & VANCOUVER_BOTTOM != 0,
    }
}

impl Engine<'_> {
    /// The hand's size and lands once its cards are on the bottom: `lands` drawn, of `shape`.
    pub(crate) fn after_bottom(
        &self,
        rule: &CountRule,
        shape: &HandStep,
        lands: usize,
    ) -> (usize, usize) {
        match shape.bottom {
            0 => (shape.draw, lands),
            bottom => (shape.draw - bottom, rule.kept_lands(bottom, lands)),
        }
    }

    /// Whether a round's hand of `lands` lands takes the no-land/all-land redraw (the round
    /// may, `redraw`: the game's first hand).
    pub(crate) fn redraws(&self, shape: &HandStep, redraw: bool, lands: usize) -> bool {
        redraw && shape.draw == self.cfg.hand_size && land_redraw_allowed(shape.draw, lands)
    }

    /// [`Engine::step`]'s decisions for a count policy, for a round whose hands have this
    /// `shape`: indexed by `lands drawn * 2 + next card is a land`, a [`KEEP`] bit, a
    /// [`VANCOUVER_BOTTOM`] bit, a [`REDRAW`] bit, and the kept hand's cell of
    /// [`super::Counts::hand_lands`] shifted left by [`CELL`].
    pub(crate) fn verdicts(&self, rule: &CountRule, shape: &HandStep, redraw: bool) -> Vec<u32> {
        let draw = shape.draw;
        let mut out = vec![0u32; (draw + 1) * 2];
        for lands in 0..=draw {
            let (size, kept) = self.after_bottom(rule, shape, lands);
            let keeps = !shape.can_mulligan || rule.keeps(size, kept);
            let pair = match self.redraws(shape, redraw, lands) {
                true => self.redraw_pair(rule, shape),
                false => self.verdict_pair(rule, shape, keeps, size, kept),
            };
            out[lands * 2..lands * 2 + 2].copy_from_slice(&pair);
        }
        out
    }

    /// The verdicts of a hand that takes the no-land/all-land redraw: not kept, [`REDRAW`].
    pub(crate) fn redraw_pair(&self, rule: &CountRule, shape: &HandStep) -> [u32; 2] {
        [REDRAW | self.verdict_pair(rule, shape, false, 0, 0)[0]; 2]
    }

    /// The verdicts of a hand of `size` cards holding `kept` lands, kept or not, for the next
    /// card not a land and a land: see [`Engine::verdicts`].
    pub(crate) fn verdict_pair(
        &self,
        rule: &CountRule,
        shape: &HandStep,
        keeps: bool,
        size: usize,
        kept: usize,
    ) -> [u32; 2] {
        let cfg = &self.cfg;
        let w = cfg.hand_size + 1;
        if !keeps {
            return [((w * w) as u32) << CELL; 2];
        }
        let vancouver = shape.look && size < cfg.hand_size;
        [false, true].map(|top| {
            let bottom = vancouver && rule.vancouver(size, kept, top);
            KEEP | if bottom { VANCOUVER_BOTTOM } else { 0 } | ((size * w + kept) as u32) << CELL
        })
    }

    /// [`Engine::step`]'s verdicts for a count rule with card sets, the hand drawn by class
    /// ([`Classes`]), for the next card not a land and a land (a round that bottoms cards or
    /// not: bottoming none leaves the hand as drawn), by [`CountRule::after_bottom`]: the
    /// reference the kernels' verdicts read from class counters are tested against, hand by
    /// hand ([`super::counter_verdicts`]).
    #[cfg(test)]
    pub(crate) fn class_verdicts(
        &self,
        rule: &CountRule,
        shape: &HandStep,
        redraw: bool,
        classes: Classes,
    ) -> [u32; 2] {
        // The lands' classes are the high word's counters: their sum.
        let lands = (((classes >> 64) as u64).wrapping_mul(NIBBLES) >> 60) as usize;
        if self.redraws(shape, redraw, lands) {
            return self.redraw_pair(rule, shape);
        }
        let (kept, counts) = rule.after_bottom(shape.bottom, classes);
        let size = shape.draw - shape.bottom;
        let keeps = !shape.can_mulligan || rule.keeps_with(size, kept, &counts);
        self.verdict_pair(rule, shape, keeps, size, kept)
    }
}
