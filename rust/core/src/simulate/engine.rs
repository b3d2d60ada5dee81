//! The engine's state for one run (the key, the shuffle plan, the deck's land flags) and one
//! game's step: a shuffle and the decisions on the hand it gives (103.5), by the general path
//! ([`Engine::step`]). Everything else is an `impl Engine` that builds on this module: the rounds
//! ([`super::rounds`]), the count kernels' verdict tables (`verdicts`) and backends, partial
//! Paris (`partial`) and hand smoothing (`smoothing`); this module depends on none of them.

use super::classes::MemoPool;
use super::config::{Config, Outcome};
use super::land_mask::LandMask;
use super::plan::Plan;
use super::policy::{Abort, Policy, MAX_HAND};
use crate::card::CardId;
use crate::error::{Error, Result};
use crate::house::land_redraw_allowed;
use crate::rng::{key_words, Words};
use crate::rules::{HandStep, MulliganRule, HOUSTON_BOTTOM};
use crate::seed::Seed;

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

/// One run's engine: the key of its seed, the shuffle plan, the deck's land flags in every form
/// the kernels read.
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
    /// The verdicts the compact set kernels remember, kept between a thread's chunks.
    pub(crate) memos: MemoPool,
    /// The CPU has AVX-512 ([`crate::cpu::has_avx512`]): the counter verdicts take their
    /// AVX-512 twin (tests turn it off to run the AVX2 one). Always false when the compiler
    /// built no AVX-512 kernel.
    pub(crate) avx512: bool,
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
            memos: MemoPool::default(),
            avx512: crate::cpu::has_avx512(),
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
}
