//! The on-curve questions ([`super::castable`]) counted by histograms: per game, one pass over
//! the cards seen keeps one index of the land classes' counts (one addition a card when every
//! count the game can reach has its index; otherwise each count capped at the largest mana
//! value asked or more, which changes no answer: a cost uses no more lands than its mana value)
//! and the questions whose card was seen; each question then adds one to its histogram cell
//! (that index at its turn, its card seen or not). The answers (enough lands, castable,
//! castable and a copy seen) are looked up once per cell when the run ends, not per game: the
//! same tallies as [`super::curve_counter::Counter`] (tested game by game).

use super::castable::Question;
use super::sources::Profile;
use crate::card::CardId;

/// The most cells of all the histograms of a run (a larger run counts with the
/// [`super::curve_counter::Counter`]).
const MAX_CELLS: usize = 1 << 18;

/// The questions of a run, compiled into histograms.
#[derive(Debug, Clone)]
pub struct CurveHistograms {
    /// By card id: its land class, or the last slot (a nonland: capped at 0).
    slot_of: Vec<u8>,
    /// By card id: the bit of the question asking about it (the last question naming it, as
    /// the `Counter` reads it) in a two-word mask, or none.
    target_bit: Vec<[u64; 2]>,
    /// By slot: the count past which the index stops growing.
    caps: Vec<u8>,
    /// By slot: the index's stride.
    strides: Vec<u32>,
    /// By card id: its slot's stride (0 for a nonland).
    step_of: Vec<u32>,
    /// A game seeing at most this many cards cannot pass a cap: one addition a card.
    uncapped: usize,
    /// Index values: the product of `caps[s] + 1`.
    size: usize,
    /// The distinct draws of the questions, ascending.
    checkpoints: Vec<usize>,
    /// By question: its checkpoint.
    checkpoint_of: Vec<usize>,
    /// By question: `[enough lands, castable]` for every index.
    answers: Vec<Vec<[bool; 2]>>,
    /// `[question][index * 2 + seen]`: games since the last spill into `totals` (16 bits: the
    /// cells of a typical run stay in the first-level cache).
    cells: Vec<u16>,
    totals: Vec<u64>,
    /// Games in `cells`.
    pending: u16,
    /// One game's scratch: counts by slot, then the index and seen questions by checkpoint.
    counts: Vec<u8>,
    at_index: Vec<u32>,
    at_seen: Vec<[u64; 2]>,
}

impl CurveHistograms {
    /// The questions for this deck, `draws(turn)` cards drawn by each question's turn, a game
    /// seeing at most `most_seen` cards (more costs a cap per card, the same counts); `None`
    /// when they need more than `MAX_CELLS` cells or 128 questions.
    pub fn new(
        profile: &Profile,
        questions: &[Question],
        draws: impl Fn(usize) -> usize,
        most_seen: usize,
    ) -> Option<CurveHistograms> {
        if questions.len() > 128 {
            return None;
        }
        // Land classes: colours and whether the land enters tapped.
        let (classes, class_of) = profile.land_classes();
        let nonland = classes.len();
        if nonland >= usize::from(u8::MAX) {
            return None;
        }
        let mut totals = vec![0usize; nonland + 1];
        for c in class_of.iter().flatten() {
            totals[*c] += 1;
        }
        let top = questions
            .iter()
            .map(|q| (q.cost.mana_value as usize).max(1))
            .max()
            .unwrap_or(1);
        // Caps at `top` or more answer the same; caps at `most_seen` or more are never
        // passed by a game seeing at most `most_seen` cards. Those if the cells allow.
        let layout = |cap: usize| -> Option<(Vec<usize>, Vec<u32>, usize)> {
            let caps: Vec<usize> = (0..=nonland)
                .map(|s| if s == nonland { 0 } else { totals[s].min(cap) })
                .collect();
            let mut strides = Vec::with_capacity(caps.len());
            let mut size = 1usize;
            for &c in &caps {
                strides.push(u32::try_from(size).ok()?);
                size = size.checked_mul(c + 1)?;
            }
            (size.checked_mul(2 * questions.len().max(1))? <= MAX_CELLS)
                .then_some((caps, strides, size))
        };
        let (uncapped, (caps, strides, size)) = match layout(top.max(most_seen)) {
            Some(l) => (most_seen, l),
            None => (0, layout(top)?),
        };
        let mut checkpoints: Vec<usize> = questions.iter().map(|q| draws(q.turn())).collect();
        checkpoints.sort_unstable();
        checkpoints.dedup();
        let checkpoint_of = questions
            .iter()
            .map(|q| checkpoints.iter().position(|&d| d == draws(q.turn())))
            .collect::<Option<Vec<_>>>()?;
        let mut target_bit = vec![[0u64; 2]; profile.len()];
        for (j, q) in questions.iter().enumerate() {
            for (card, &t) in q.is_target.iter().enumerate() {
                if t {
                    target_bit[card] = [0; 2];
                    target_bit[card][j / 64] = 1 << (j % 64);
                }
            }
        }
        let mut answers = vec![];
        for q in questions {
            let mv = q.cost.mana_value as usize;
            // By class: the question's land kind (every card of a class has the same one).
            let mut kind_of_class = vec![0u8; nonland];
            for (card, c) in class_of.iter().enumerate() {
                if let Some(c) = *c {
                    kind_of_class[c] = q.kind_of[card];
                }
            }
            let mut kinds = vec![0u8; q.kinds.len()];
            let mut table = Vec::with_capacity(size);
            for index in 0..size {
                kinds.iter_mut().for_each(|k| *k = 0);
                let (mut rest, mut lands) = (index, 0usize);
                for (s, &cap) in caps[..nonland].iter().enumerate() {
                    let n = rest % (cap + 1);
                    rest /= cap + 1;
                    lands += n;
                    let k = usize::from(kind_of_class[s]);
                    kinds[k] = kinds[k].saturating_add(n as u8);
                }
                // Capped at `top >= mv`, the sum reaches `mv` exactly when the lands seen do.
                table.push([lands >= mv, q.castable(&mut kinds)]);
            }
            answers.push(table);
        }
        let slot_of: Vec<u8> = class_of
            .iter()
            .map(|c| c.unwrap_or(nonland) as u8)
            .collect();
        Some(CurveHistograms {
            step_of: slot_of
                .iter()
                .map(|&s| strides[usize::from(s)] * u32::from(caps[usize::from(s)] > 0))
                .collect(),
            uncapped,
            slot_of,
            target_bit,
            caps: caps.iter().map(|&c| c as u8).collect(),
            strides,
            size,
            checkpoint_of,
            at_index: vec![0; checkpoints.len()],
            at_seen: vec![[0; 2]; checkpoints.len()],
            checkpoints,
            answers,
            cells: vec![0; size * 2 * questions.len()],
            totals: vec![0; size * 2 * questions.len()],
            pending: 0,
            counts: vec![0; totals.len()],
        })
    }

    /// Adds one game: `seen` is the kept hand of `hand` cards, then the draws.
    #[inline]
    pub fn add(&mut self, hand: usize, seen: &[CardId]) {
        let (mut at, mut index, mut found) = (0usize, 0u32, [0u64; 2]);
        if seen.len() <= self.uncapped {
            for (k, &d) in self.checkpoints.iter().enumerate() {
                // Ascending checkpoints: `upto` never falls below `at`.
                let upto = (hand + d).min(seen.len());
                for &c in &seen[at..upto] {
                    index += self.step_of[c as usize];
                    let bits = self.target_bit[c as usize];
                    found = [found[0] | bits[0], found[1] | bits[1]];
                }
                at = upto;
                self.at_index[k] = index;
                self.at_seen[k] = found;
            }
        } else {
            self.counts.iter_mut().for_each(|c| *c = 0);
            for (k, &d) in self.checkpoints.iter().enumerate() {
                let upto = (hand + d).min(seen.len());
                for &c in &seen[at..upto] {
                    let c = c as usize;
                    let s = usize::from(self.slot_of[c]);
                    let grow = self.counts[s] < self.caps[s];
                    self.counts[s] += u8::from(grow);
                    index += u32::from(grow) * self.strides[s];
                    let bits = self.target_bit[c];
                    found = [found[0] | bits[0], found[1] | bits[1]];
                }
                at = upto;
                self.at_index[k] = index;
                self.at_seen[k] = found;
            }
        }
        let width = 2 * self.size;
        for (j, &k) in self.checkpoint_of.iter().enumerate() {
            let seen = (self.at_seen[k][j / 64] >> (j % 64)) & 1;
            let cell = self.at_index[k] as usize * 2 + seen as usize;
            self.cells[j * width + cell] += 1;
        }
        self.pending += 1;
        if self.pending == u16::MAX {
            self.spill();
        }
    }

    /// Moves the cells' games into the totals.
    fn spill(&mut self) {
        for (t, c) in self.totals.iter_mut().zip(self.cells.iter_mut()) {
            *t += u64::from(*c);
            *c = 0;
        }
        self.pending = 0;
    }

    /// Adds the games counted so far to `tally` (per question: enough lands, castable,
    /// castable and a copy seen) and clears them.
    pub fn drain_into(&mut self, tally: &mut [[u64; 3]]) {
        self.spill();
        let width = 2 * self.size;
        for (j, (out, answers)) in tally.iter_mut().zip(&self.answers).enumerate() {
            let cells = &mut self.totals[j * width..(j + 1) * width];
            for (index, &[enough, castable]) in answers.iter().enumerate() {
                let (unseen, seen) = (cells[2 * index], cells[2 * index + 1]);
                let games = unseen + seen;
                out[0] += u64::from(enough) * games;
                out[1] += u64::from(castable) * games;
                out[2] += u64::from(castable) * seen;
            }
            cells.iter_mut().for_each(|c| *c = 0);
        }
    }
}
