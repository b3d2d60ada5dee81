//! Commander partial Paris on the engine, without a `Game` (docs/VARIANTS.md): a mulligan
//! exiles cards face down and draws one fewer from the **same** shuffle (the exiled cards are
//! set aside until the player keeps, and only then shuffled back), so a game's every hand
//! comes from one shuffle of the whole deck: shuffle 0, or shuffle 1 after the
//! no-land/all-land redraw (a new shuffle that is not a mulligan). That shuffle is dealt a card
//! at a time ([`Deal`]: its Fisher–Yates steps as far as the cards drawn, the words read as
//! the `Game`'s library reads them), and the policy decides on the hand as in a `Game`.

use super::config::{Counts, Outcome, Sink};
use super::engine::Engine;
use super::plan::Plan;
use super::policy::{Abort, Policy, MAX_HAND};
use super::words::{lead_words, Buffers};
use crate::card::CardId;
use crate::house::land_redraw_allowed;
use crate::rng::{batch_from_words, ShuffleWords, Words, MAX_BATCH};

/// The cards of one shuffle of `0..n`, dealt from the top one at a time: step `i` of the
/// Fisher–Yates shuffle ([`crate::shuffle`]) is taken when card `i` is dealt, each batch's
/// word read when its first step is. `cards` holds `0..n` before and after ([`Deal::restore`]).
struct Deal<'a, W: Words> {
    plan: &'a Plan,
    rng: W,
    cards: &'a mut [CardId],
    swaps: &'a mut Vec<u32>,
    dealt: usize,
    batch: usize,
    digits: [u64; MAX_BATCH],
}

impl<'a, W: Words> Deal<'a, W> {
    /// The shuffle `rng` reads, of the cards `cards` (`0..n`), none dealt yet; `swaps` (empty)
    /// keeps the positions the steps touch, for [`Deal::restore`].
    fn new(plan: &'a Plan, rng: W, cards: &'a mut [CardId], swaps: &'a mut Vec<u32>) -> Self {
        Deal {
            plan,
            rng,
            cards,
            swaps,
            dealt: 0,
            batch: 0,
            digits: [0; MAX_BATCH],
        }
    }

    /// The next card from the top; None once the library is empty.
    #[inline]
    fn next(&mut self) -> Option<CardId> {
        let (i, n) = (self.dealt, self.cards.len());
        if i >= n {
            return None;
        }
        // The last card needs no step.
        if i + 1 < n {
            let (start, m, product, bounds) = &self.plan.batches[self.batch];
            let rng = &mut self.rng;
            if i == *start {
                batch_from_words(|| rng.next_u64(), &bounds[..*m], *product, &mut self.digits);
            }
            let j = i + self.digits[i - start] as usize;
            self.cards.swap(i, j);
            self.swaps.push(j as u32);
            if i + 1 == start + m {
                self.batch += 1;
            }
        }
        self.dealt += 1;
        Some(self.cards[i])
    }

    /// Deals up to `k` cards onto `hand` (fewer when the library runs out, as a draw).
    #[inline]
    fn draw(&mut self, k: usize, hand: &mut Vec<CardId>) {
        for _ in 0..k {
            match self.next() {
                Some(c) => hand.push(c),
                None => return,
            }
        }
    }

    /// Puts `cards` back to `0..n`: only the positions the steps touched.
    fn restore(self) {
        for (i, &j) in self.swaps.iter().enumerate() {
            self.cards[i] = i as CardId;
            self.cards[j as usize] = j;
        }
        self.swaps.clear();
    }
}

/// What one partial Paris game came to.
enum Played {
    Kept(Outcome),
    /// The first hand takes the no-land/all-land redraw: play again from shuffle 1.
    Redraw,
}

/// A pass over PARTIAL_PARIS games, each played from its start: the slots (ascending) of the
/// block of games from `first`, each dealt from its shuffle `sub` (1: after the land redraw);
/// with `redraw`, a first hand may still take the no-land/all-land redraw.
pub(crate) struct Pass<'a> {
    pub(crate) first: u64,
    pub(crate) slots: &'a [u32],
    pub(crate) sub: u32,
    pub(crate) redraw: bool,
}

/// What the partial Paris path reuses from game to game.
pub(crate) struct Dealer {
    swaps: Vec<u32>,
    hand: Vec<CardId>,
}

impl Dealer {
    pub(crate) fn new(deck_size: usize) -> Dealer {
        Dealer {
            swaps: Vec::with_capacity(deck_size),
            hand: Vec::with_capacity(MAX_HAND),
        }
    }
}

impl Engine<'_> {
    /// PARTIAL_PARIS games `first .. first + len` (see the module docs) for a policy without
    /// count tables: each game dealt from its shuffle. (With count tables, the first hands go
    /// through the rounds' kernels first, and only the games that mulligan come here:
    /// [`Engine::partial_games`].)
    pub(crate) fn run_partial<P: Policy>(
        &self,
        plan: &Plan,
        first: u64,
        len: usize,
        policy: &mut P,
        counts: &mut Counts,
        mut per_game: Option<&mut [Outcome]>,
    ) -> std::result::Result<(), Abort> {
        const BLOCK: usize = 4096;
        let mut bufs = Buffers {
            scratch: (0..self.cfg.deck_size as CardId).collect(),
            ..Buffers::default()
        };
        let mut dealer = Dealer::new(self.cfg.deck_size);
        let (mut slots, mut redrawn) = (vec![], vec![]);
        let mut base = 0;
        while base < len {
            let m = BLOCK.min(len - base);
            slots.clear();
            slots.extend(base as u32..(base + m) as u32);
            redrawn.clear();
            let redraw = self.cfg.house.land_mulligan;
            let mut run = |slots: &[u32], sub, redraw, redraws: &mut Vec<u32>| {
                let pass = Pass {
                    first,
                    slots,
                    sub,
                    redraw,
                };
                let sink = Sink {
                    counts: &mut *counts,
                    per_game: &mut per_game,
                    redraws,
                };
                self.partial_games(plan, pass, policy, &mut bufs, &mut dealer, sink)
            };
            run(&slots, 0, redraw, &mut redrawn)?;
            let again = std::mem::take(&mut redrawn);
            run(&again, 1, false, &mut redrawn)?;
            debug_assert!(redrawn.is_empty(), "the redraw is once per game");
            redrawn = again;
            base += m;
        }
        Ok(())
    }

    /// The games of a [`Pass`], into `sink` (a first hand that takes the redraw to its
    /// `redraws`). Their lead words eight games to a ChaCha block, as in the rounds.
    pub(crate) fn partial_games<P: Policy>(
        &self,
        plan: &Plan,
        pass: Pass<'_>,
        policy: &mut P,
        bufs: &mut Buffers,
        dealer: &mut Dealer,
        mut sink: Sink<'_, '_>,
    ) -> std::result::Result<(), Abort> {
        let Pass {
            first,
            slots,
            sub,
            redraw,
        } = pass;
        let Some(&s0) = slots.first() else {
            return Ok(());
        };
        let g0 = (first + u64::from(s0)) >> 3;
        let groups = slots.iter().map(|&s| (first + u64::from(s)) >> 3);
        lead_words(&self.key, sub, groups, g0, bufs);
        for &slot in slots {
            let g = first + u64::from(slot);
            let rng = ShuffleWords::with_lead(&self.key, g << 8, sub, bufs.lead(g, g0));
            let Dealer { swaps, hand } = &mut *dealer;
            let deal = Deal::new(plan, rng, &mut bufs.scratch, swaps);
            match self.partial_game(deal, redraw, policy, hand)? {
                Played::Kept(o) => sink.kept(slot, o),
                Played::Redraw => sink.redraws.push(slot),
            }
        }
        Ok(())
    }

    /// One game dealt from the shuffle `rng` reads (see [`Engine::partial_game`]); None when
    /// its first hand takes the no-land/all-land redraw (allowed by `redraw`).
    pub(crate) fn partial_from<P: Policy, W: Words>(
        &self,
        plan: &Plan,
        rng: W,
        redraw: bool,
        policy: &mut P,
        cards: &mut [CardId],
        dealer: &mut Dealer,
    ) -> std::result::Result<Option<Outcome>, Abort> {
        let Dealer { swaps, hand } = dealer;
        let deal = Deal::new(plan, rng, cards, swaps);
        Ok(match self.partial_game(deal, redraw, policy, hand)? {
            Played::Kept(o) => Some(o),
            Played::Redraw => None,
        })
    }

    /// One game from its shuffle, dealt by `deal`: the opening hand, the redraw when `redraw`
    /// allows it, then keep or a mulligan that exiles what the policy names (the whole hand by
    /// default) and draws one fewer (as many after a free mulligan) from the same shuffle.
    fn partial_game<P: Policy, W: Words>(
        &self,
        mut deal: Deal<'_, W>,
        redraw: bool,
        policy: &mut P,
        hand: &mut Vec<CardId>,
    ) -> std::result::Result<Played, Abort> {
        hand.clear();
        deal.draw(self.cfg.hand_size, hand);
        let played = self.partial_hands(&mut deal, redraw, policy, hand);
        deal.restore();
        played
    }

    fn partial_hands<P: Policy, W: Words>(
        &self,
        deal: &mut Deal<'_, W>,
        redraw: bool,
        policy: &mut P,
        hand: &mut Vec<CardId>,
    ) -> std::result::Result<Played, Abort> {
        let cfg = &self.cfg;
        let mut lands = self.count_lands(hand);
        if redraw && hand.len() == cfg.hand_size && land_redraw_allowed(hand.len(), lands) {
            return Ok(Played::Redraw);
        }
        let (mut mulligans, mut counted) = (0u32, 0u32);
        loop {
            let can_mulligan = self.hand_step(mulligans, counted).can_mulligan && !hand.is_empty();
            if policy.keep(hand, lands as u32, mulligans, can_mulligan)? || !can_mulligan {
                return Ok(Played::Kept(Outcome {
                    hand_size: hand.len() as u8,
                    lands: lands as u8,
                    mulligans: mulligans as u8,
                    vancouver_bottom: false,
                }));
            }
            let free = mulligans < cfg.free_total();
            mulligans += 1;
            counted += u32::from(!free);
            let exiled = match policy.exile(hand, lands as u32)? {
                None => std::mem::take(hand).len(),
                Some(cards) => {
                    let valid = !cards.is_empty()
                        && cards
                            .iter()
                            .enumerate()
                            .all(|(i, c)| hand.contains(c) && !cards[..i].contains(c));
                    if !valid {
                        return Err(Abort);
                    }
                    hand.retain(|c| !cards.contains(c));
                    cards.len()
                }
            };
            deal.draw(exiled - usize::from(!free), hand);
            lands = self.count_lands(hand);
        }
    }
}
