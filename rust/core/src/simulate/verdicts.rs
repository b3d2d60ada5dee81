//! The verdict tables of a count policy: for every land (and tag) count a round's hands can
//! hold, whether the hand is kept, Vancouver's choice, and the kept hand's cell of
//! [`super::Counts::hand_lands`], so a round decides a hand by one table look-up.

use super::engine::Engine;
use super::CountRule;
use crate::rules::MulliganRule;

/// The most cards a round may draw for the tag kernel (its verdict table has
/// `2 (draw + 1)^3` entries).
pub(crate) const MAX_TAG_DRAW: usize = 9;

/// A verdict bit ([`Engine::verdicts`]): the hand is kept.
pub(crate) const KEEP: u32 = 1;
/// A verdict bit: Vancouver's look puts the top card on the bottom.
pub(crate) const VANCOUVER_BOTTOM: u32 = 2;

impl Engine<'_> {
    /// [`Engine::step`]'s decisions for a count policy, for a round whose games have `counted`
    /// mulligans to pay and draw `draw` cards: indexed by `lands drawn * 2 + next card is a
    /// land`, a [`KEEP`] bit, a [`VANCOUVER_BOTTOM`] bit, and the kept hand's cell of
    /// [`Counts::hand_lands`] shifted left by two.
    pub(crate) fn verdicts(&self, rule: &CountRule, counted: usize, draw: usize) -> Vec<u32> {
        let cfg = &self.cfg;
        let can_mulligan = cfg.hand_size > counted;
        let mut out = vec![0u32; (draw + 1) * 2];
        for lands in 0..=draw {
            let (size, kept) = match cfg.rule {
                MulliganRule::London => (draw - counted, rule.kept_lands(counted, lands)),
                _ => (draw, lands),
            };
            let keeps = !can_mulligan || rule.keeps(size, kept);
            out[lands * 2..lands * 2 + 2]
                .copy_from_slice(&self.verdict_pair(rule, keeps, size, kept));
        }
        out
    }

    /// The verdicts of a hand of `size` cards holding `kept` lands, kept or not, for the next
    /// card not a land and a land: see [`Engine::verdicts`].
    pub(crate) fn verdict_pair(
        &self,
        rule: &CountRule,
        keeps: bool,
        size: usize,
        kept: usize,
    ) -> [u32; 2] {
        let cfg = &self.cfg;
        let w = cfg.hand_size + 1;
        if !keeps {
            return [((w * w) as u32) << 2; 2];
        }
        let vancouver = cfg.rule == MulliganRule::Vancouver && size < cfg.hand_size;
        [false, true].map(|top| {
            let bottom = vancouver && rule.vancouver(size, kept, top);
            KEEP | if bottom { VANCOUVER_BOTTOM } else { 0 } | ((size * w + kept) as u32) << 2
        })
    }

    /// [`Engine::verdicts`] for a rule with one tag requirement: indexed by
    /// `((lands * W + tagged lands) * W + tagged spells) * 2 + next card is a land`, with
    /// `W = draw + 1`.
    pub(crate) fn tag_verdicts(&self, rule: &CountRule, counted: usize, draw: usize) -> Vec<u32> {
        let cfg = &self.cfg;
        let can_mulligan = cfg.hand_size > counted;
        let w = draw + 1;
        // Entries no hand reaches (more tagged cards than cards) stay "not kept".
        let mut out = vec![self.verdict_pair(rule, false, 0, 0)[0]; w * w * w * 2];
        for lands in 0..=draw {
            for tagged_lands in 0..=lands {
                for tagged_spells in 0..=draw - lands {
                    let (size, kept, tagged) = match cfg.rule {
                        MulliganRule::London => {
                            let (kept, tagged) = rule.after_bottom(
                                draw,
                                counted,
                                lands,
                                tagged_lands,
                                tagged_spells,
                            );
                            (draw - counted, kept, tagged)
                        }
                        _ => (draw, lands, tagged_lands + tagged_spells),
                    };
                    let keeps = !can_mulligan || rule.keeps_tagged(size, kept, tagged);
                    let index = ((lands * w + tagged_lands) * w + tagged_spells) * 2;
                    out[index..index + 2]
                        .copy_from_slice(&self.verdict_pair(rule, keeps, size, kept));
                }
            }
        }
        out
    }
}
