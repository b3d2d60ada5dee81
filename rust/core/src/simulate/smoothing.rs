//! Hand smoothing on the engine, without a `Game` (not the rules; docs/VARIANTS.md, "Hand
//! smoothing: not the rules"). Every model decides by land counts alone, so a game is played
//! from its shuffles' words as the `Game` reads them ([`crate::game`]'s smoothing), and the
//! choice is made by the same functions ([`crate::house`]):
//!
//! - `arena2`, `weighted3`: candidate `c` is the top of shuffle `c` of the whole deck (shuffle
//!   0 is 103.3's, each later one a reshuffle of the same cards, and a shuffle sorts before it
//!   shuffles, so candidate `c` is shuffle `c` of `0..n` whatever came before); the model picks
//!   one from their land counts (weighted3 with the smoothing stream's sub-stream 0), and the
//!   game goes on from the picked shuffle as from 103.3's: its hand, Vancouver's look, the
//!   land redraw, partial Paris's draws from the same shuffle. The `k` candidates used shuffles
//!   `0 .. k`, so the next shuffle (a mulligan's, the redraw's) is shuffle `k`.
//! - `smoothed_london`: each London draw of `h` cards from a library of at least `2h` (and
//!   `h > 1`) reads the top `2h` cards of its shuffle, picks the top `h` or the next `h` by
//!   XMage's score with the random word of the seat's next smoothing sub-stream, and takes one
//!   more shuffle after the draw (whose order no later hand sees). Other draws are plain.
//!
//! Game `i`'s results depend only on `(seed, i)`, as everywhere in the engine; the tests hold
//! them equal to [`super::GamePath`]'s, game by game.

use super::config::{Counts, Outcome};
use super::engine::{Engine, State, Step};
use super::partial::Dealer;
use super::policy::{Abort, Policy};
use crate::card::CardId;
use crate::house::{smoothed_london_choice, smoothed_london_random, smoothing_stream, Smoothing};
use crate::rng::ShuffleWords;
use crate::shuffle::fisher_yates_prefix;

/// What one thread reuses from game to game.
struct Scratch {
    /// `0..n` between uses.
    cards: Vec<CardId>,
    /// A copy shuffled as far as smoothed London's two hands, reset after each.
    london: Vec<CardId>,
    dealer: Dealer,
    /// The deck's lands (the library's, before the opening draw and at every later one).
    library_lands: usize,
}

impl Engine<'_> {
    /// Games `first .. first + len` under the run's smoothing model (see the module docs).
    pub(crate) fn run_smoothed<P: Policy>(
        &self,
        model: Smoothing,
        first: u64,
        len: usize,
        policy: &mut P,
        counts: &mut Counts,
        mut per_game: Option<&mut [Outcome]>,
    ) -> std::result::Result<(), Abort> {
        let n = self.cfg.deck_size;
        let mut s = Scratch {
            cards: (0..n as CardId).collect(),
            london: (0..n as CardId).collect(),
            dealer: Dealer::new(n),
            library_lands: self.lands.iter().filter(|&&l| l).count(),
        };
        let k = self.cfg.house.candidates().unwrap_or(1) as usize;
        for i in 0..len {
            let g = first + i as u64;
            let outcome = match model {
                Smoothing::SmoothedLondon => self.smoothed_london_game(g, policy, &mut s)?,
                _ => self.candidates_game(model, k, g, policy, &mut s)?,
            };
            counts.add(&outcome);
            if let Some(out) = per_game.as_deref_mut() {
                out[i] = outcome;
            }
        }
        Ok(())
    }

    /// Shuffle `sub` of seat 0's library in game `g`.
    fn words(&self, g: u64, sub: u32) -> ShuffleWords {
        ShuffleWords::new(&self.seed, g << 8, sub)
    }

    /// An `arena2` or `weighted3` game of `k` candidates.
    fn candidates_game<P: Policy>(
        &self,
        model: Smoothing,
        k: usize,
        g: u64,
        policy: &mut P,
        s: &mut Scratch,
    ) -> std::result::Result<Outcome, Abort> {
        let cfg = &self.cfg;
        let n = cfg.deck_size;
        // The opening draw (103.5's hand, Houston's ten), as the `Game` deals it.
        let take = self.hand_step(0, 0).draw.min(n);
        let mut lands = [0usize; crate::house::MAX_CANDIDATES as usize];
        let mut top = [0 as CardId; super::engine::MAX_DRAW];
        for (c, l) in lands[..k].iter_mut().enumerate() {
            let mut rng = self.words(g, c as u32);
            self.plan.top_cards(take, &mut rng, &mut s.cards, &mut top);
            *l = self.count_lands(&top[..take]);
        }
        let draw = smoothing_stream(g << 8, 0);
        let chosen = model.choose(&lands[..k], take, n, s.library_lands, &self.seed, draw);
        let redraw = cfg.house.land_mulligan;
        if let Some(plan) = &self.deal {
            // PARTIAL_PARIS: every hand from the picked shuffle, or from shuffle `k` after
            // the redraw.
            let (cards, dealer) = (&mut s.cards, &mut s.dealer);
            let rng = self.words(g, chosen as u32);
            if let Some(o) = self.partial_from(plan, rng, redraw, policy, cards, dealer)? {
                return Ok(o);
            }
            let rng = self.words(g, k as u32);
            let o = self.partial_from(plan, rng, false, policy, cards, dealer)?;
            return o.ok_or(Abort);
        }
        let mut st = State {
            slot: 0,
            mulligans: 0,
            counted: 0,
        };
        let (mut sub, mut next, mut redraw) = (chosen as u32, k as u32, redraw);
        loop {
            match self.step(st, redraw, &mut self.words(g, sub), policy, &mut s.cards)? {
                Step::Kept(o) => return Ok(o),
                Step::Again(later) => st = later,
                Step::Redraw => {}
            }
            redraw = false;
            sub = next;
            next += 1;
        }
    }

    /// A `smoothed_london` game (LONDON only: every draw is the full hand).
    fn smoothed_london_game<P: Policy>(
        &self,
        g: u64,
        policy: &mut P,
        s: &mut Scratch,
    ) -> std::result::Result<Outcome, Abort> {
        let cfg = &self.cfg;
        let n = cfg.deck_size;
        let mut st = State {
            slot: 0,
            mulligans: 0,
            counted: 0,
        };
        let (mut sub, mut draws, mut redraw) = (0u32, 0u32, cfg.house.land_mulligan);
        loop {
            let mut rng = self.words(g, sub);
            sub += 1;
            let shape = self.hand_step(st.mulligans, st.counted);
            let step = if shape.draw > 1 && n >= 2 * shape.draw {
                let d = shape.draw;
                fisher_yates_prefix(&mut s.london, 2 * d, &mut rng);
                let two = &s.london[..2 * d];
                let lands = [self.count_lands(&two[..d]), self.count_lands(&two[d..])];
                let random = smoothed_london_random(&self.seed, smoothing_stream(g << 8, draws));
                draws += 1;
                let chosen = smoothed_london_choice(lands, d, n, s.library_lands, random);
                let mut hand = [0 as CardId; super::engine::MAX_DRAW];
                hand[..d].copy_from_slice(&two[chosen * d..(chosen + 1) * d]);
                for (i, c) in s.london.iter_mut().enumerate() {
                    *c = i as CardId;
                }
                // The library is shuffled after the draw.
                sub += 1;
                self.decide(st, &shape, redraw, &hand[..d], policy)?
            } else {
                self.step(st, redraw, &mut rng, policy, &mut s.cards)?
            };
            match step {
                Step::Kept(o) => return Ok(o),
                Step::Again(later) => st = later,
                Step::Redraw => {}
            }
            redraw = false;
        }
    }
}
