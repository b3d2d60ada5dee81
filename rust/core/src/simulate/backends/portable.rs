//! The count kernels for any CPU: a hand's land count from the digits of its shuffle, with the
//! land flags of the library in an integer ([`LandMask`], four lanes interleaved) or in bytes.

use super::super::classes::{ClassHands, DeckClasses, WORD_CLASSES};
use super::super::engine::Engine;
use super::super::land_mask::LandMask;
use crate::rng::{LANES, MAX_BATCH};

/// [`Engine::lane_lands`] for four lanes: one batch of digits drawn from each word `x`, each
/// used as soon as it is drawn. The mask is kept relative to the current step (shifted right
/// once a step), so step `k`'s digit `d` addresses bit `d`: the flag there is drawn, and the
/// flag of position `k` (bit 0) moves there. Returns the lands drawn in the first `draw` steps
/// and the flag step `draw` would draw when `need > draw` (no step past those is drawn: whether
/// a word is accepted is [`Engine::accepted`]).
#[inline(always)]
pub(crate) fn four_lanes<M: LandMask>(
    template: M,
    mut x: [u64; 4],
    bounds: &[u64],
    draw: usize,
    need: usize,
) -> ([u32; 4], [u32; 4]) {
    let mut mask = [template; 4];
    let mut lands = [0u32; 4];
    let mut tops = [0u32; 4];
    for &b in &bounds[..draw] {
        for l in 0..4 {
            let wide = u128::from(x[l]) * u128::from(b);
            x[l] = wide as u64;
            let d = (wide >> 64) as usize;
            let f = mask[l].bit(d);
            lands[l] += f;
            mask[l] = mask[l].flip(d, f ^ mask[l].bit(0)).next();
        }
    }
    if let Some(&b) = bounds.get(draw).filter(|_| need > draw) {
        for l in 0..4 {
            tops[l] = mask[l].bit(((u128::from(x[l]) * u128::from(b)) >> 64) as usize);
        }
    }
    (lands, tops)
}

impl Engine<'_> {
    /// Eight games' hands from their lead words (the first batch covers the `need` steps), with
    /// the land flags in an integer. Returns the lands among the first `draw` positions, the flag
    /// at position `draw` (Vancouver's look; 0 unless `need > draw`), and whether each lane's
    /// word was accepted. Four lanes at a time, so each lane's state stays in registers.
    #[inline(always)]
    pub(crate) fn lane_lands<M: LandMask>(
        &self,
        template: M,
        leads: &[u64; LANES],
        draw: usize,
        need: usize,
    ) -> ([u32; LANES], [u32; LANES], [bool; LANES]) {
        let mut lands = [0u32; LANES];
        let mut tops = [0u32; LANES];
        let (Some(ok), Some((_, m, _, bounds))) = (self.accepted(leads), self.plan.batches.first())
        else {
            return (lands, tops, [true; LANES]);
        };
        for h in 0..LANES / 4 {
            let x: [u64; 4] = core::array::from_fn(|l| leads[4 * h + l]);
            let (l4, t4) = four_lanes(template, x, &bounds[..*m], draw, need);
            for l in 0..4 {
                lands[4 * h + l] = l4[l];
                tops[4 * h + l] = t4[l];
            }
        }
        (lands, tops, ok)
    }

    /// The digits of the first `steps` steps of eight shuffles (at most the first batch's),
    /// drawn from their lead words into `digits[step][lane]`, and whether each lane's word was
    /// accepted ([`Engine::accepted`]); `None` when the shuffle has no steps (decks of 0 or 1
    /// card).
    #[inline(always)]
    pub(crate) fn first_batch_digits(
        &self,
        leads: &[u64; LANES],
        steps: usize,
        digits: &mut [[u64; LANES]; MAX_BATCH],
    ) -> Option<[bool; LANES]> {
        let ok = self.accepted(leads)?;
        let (_, m, _, bounds) = self.plan.batches.first()?;
        let mut x = *leads;
        for (k, &b) in bounds[..steps.min(*m)].iter().enumerate() {
            for l in 0..LANES {
                let wide = u128::from(x[l]) * u128::from(b);
                x[l] = wide as u64;
                digits[k][l] = (wide >> 64) as u64;
            }
        }
        Some(ok)
    }

    /// Whether each of eight lead words is accepted for the first batch of its shuffle
    /// ([`crate::rng::batch_from_words`]); `None` when the shuffle has no steps. The test
    /// reads the word the batch's last step leaves: the lead times the product of the bounds
    /// (each step keeps the low word of its multiply), so it needs none of the steps.
    #[inline(always)]
    pub(crate) fn accepted(&self, leads: &[u64; LANES]) -> Option<[bool; LANES]> {
        let (_, _, product, _) = self.plan.batches.first()?;
        let last = leads.map(|lead| lead.wrapping_mul(*product));
        Some(last.map(|xl| !(xl < *product && xl < product.wrapping_neg() % product)))
    }

    /// The lands among the first `draw` positions and the flag at position `draw`, from the
    /// steps' digits `d`, with the land flags in bytes (put back before returning).
    #[inline]
    pub(crate) fn count_flags(
        &self,
        draw: usize,
        need: usize,
        d: &[u32],
        flags: &mut [u8],
    ) -> (u32, u32) {
        let mut lands = 0u32;
        for (i, &di) in d[..draw].iter().enumerate() {
            let j = i + di as usize;
            lands += u32::from(flags[j]);
            flags[j] = flags[i];
        }
        let top = if need > draw {
            u32::from(flags[draw + d[draw] as usize])
        } else {
            0
        };
        for (i, &di) in d[..draw].iter().enumerate() {
            let j = i + di as usize;
            flags[j] = self.land_flags[j];
        }
        (lands, top)
    }

    /// The class kernel for any CPU (AVX2's is `lane_classes`, `avx2_traced`): each lane's
    /// steps from its lead word, then its hand drawn lane by lane over a table of the deck's
    /// cards by class (four times the class number a byte, [`DeckClasses::nibbles`], a copy
    /// for each lane, each step's swap written into it), each card adding one to its class's
    /// counter; whether each lane's word was accepted.
    #[inline(never)]
    pub(crate) fn lane_classes_portable(
        &self,
        deck: &DeckClasses,
        leads: &[u64; LANES],
        (draw, need): (usize, usize),
        digits: &mut [[u64; LANES]; MAX_BATCH],
        out: &mut ClassHands,
    ) -> [bool; LANES] {
        let Some(ok) = self.first_batch_digits(leads, need, digits) else {
            *out = ClassHands::default();
            return [true; LANES];
        };
        let shape = (draw, need);
        // The table's copy as long as the deck needs (most decks: 64 cards).
        match (deck.len > WORD_CLASSES, deck.cards <= 64) {
            (false, true) => self.trace_lanes::<false, 64>(deck, shape, digits, out),
            (false, false) => self.trace_lanes::<false, 128>(deck, shape, digits, out),
            (true, true) => self.trace_lanes::<true, 64>(deck, shape, digits, out),
            (true, false) => self.trace_lanes::<true, 128>(deck, shape, digits, out),
        }
        ok
    }

    /// [`Engine::lane_classes_portable`]'s hands, lane by lane, their counters in one word (two
    /// when `TWO`: more than 16 classes), over the first `CARDS` bytes of the table (at least
    /// the deck's cards).
    #[inline(always)]
    fn trace_lanes<const TWO: bool, const CARDS: usize>(
        &self,
        deck: &DeckClasses,
        (draw, need): (usize, usize),
        digits: &[[u64; LANES]; MAX_BATCH],
        out: &mut ClassHands,
    ) {
        for l in 0..LANES {
            // A copy for each lane (cheaper than putting its swaps back).
            let mut table: [u8; CARDS] = core::array::from_fn(|j| deck.nibbles[j]);
            let (mut low, mut both) = (0u64, 0u128);
            for (t, d) in digits[..draw].iter().enumerate() {
                let j = t + d[l] as usize;
                match TWO {
                    true => both += 1 << table[j],
                    false => low += 1 << table[j],
                }
                table[j] = table[t];
            }
            if TWO {
                (low, out.high[l]) = (both as u64, (both >> 64) as u64);
            }
            out.counters[l] = low;
            out.tops[l] = match need > draw {
                true => deck.is_land(u32::from(table[draw + digits[draw][l] as usize] / 4)),
                false => 0,
            };
        }
    }
}
