//! Policies: the decisions of one simulated player (keep or mulligan, which cards to put on the
//! bottom under London, Vancouver's look, partial Paris's exile), as the engine asks them
//! (103.5); a policy that looks only at counts (of lands, and of the cards of a few sets) also
//! gives them as tables ([`CountRule`]).
//! [`GeneralPath`] and [`GamePath`] wrap a policy to run it on the general path or as whole
//! `Game`s: the references every faster path is checked against.

use super::conditions::{add_mask, bottom_key};
use crate::card::CardId;

/// The largest hand size the bulk engine handles.
pub const MAX_HAND: usize = 32;

/// A policy asked to stop the simulation (the binding keeps the reason, e.g. a Python error).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Abort;

/// The decisions of one simulated player. Hands are card ids (indices into the deck).
pub trait Policy {
    /// Keep this hand (`lands` of its cards are lands)? With `can_mulligan` false the answer
    /// is ignored: the hand is kept.
    fn keep(
        &mut self,
        hand: &[CardId],
        lands: u32,
        mulligans: u32,
        can_mulligan: bool,
    ) -> std::result::Result<bool, Abort>;
    /// Which `count` cards of `hand` go to the bottom (London), in their top-to-bottom order.
    fn bottom(&mut self, hand: &[CardId], count: usize) -> std::result::Result<Vec<CardId>, Abort>;
    /// [`Policy::bottom`]'s cards written into `out` (replacing what it held), for a caller
    /// that reuses one buffer: a policy may then answer without allocating. The default asks
    /// `bottom`.
    fn bottom_into(
        &mut self,
        hand: &[CardId],
        count: usize,
        out: &mut Vec<CardId>,
    ) -> std::result::Result<(), Abort> {
        *out = self.bottom(hand, count)?;
        Ok(())
    }
    /// Vancouver: put the `top` card on the bottom?
    fn vancouver(&mut self, hand: &[CardId], top: CardId) -> std::result::Result<bool, Abort>;

    /// For a policy whose every decision depends only on land counts: those decisions as
    /// tables, for a player whose opening hand has `hand_size` cards. The engine then decides
    /// every hand it can draw from one word without building the hand (most hands). The
    /// default: none, every hand goes through the methods above.
    fn count_rule(&self, _hand_size: usize) -> Option<CountRule> {
        None
    }

    /// Commander partial Paris: which cards of `hand` (holding `lands` lands) a mulligan
    /// exiles, in any order; `None`: the whole hand (the default). At least one card, each
    /// from the hand once, or the run stops (as a `Game` refuses such an answer).
    fn exile(
        &mut self,
        _hand: &[CardId],
        _lands: u32,
    ) -> std::result::Result<Option<Vec<CardId>>, Abort> {
        Ok(None)
    }

    /// Play every game as a [`crate::Game`] (the reference the bulk paths are checked
    /// against: [`GamePath`]). The default: no, the bulk engine's paths.
    fn plays_games(&self) -> bool {
        false
    }
}

/// The most card conditions a [`CountRule`] holds ([`CardSets`]): the count kernels' limit.
pub const MAX_SETS: usize = 4;

/// The decisions of a [`Policy`] that looks only at counts (of lands, and of the cards of up to
/// [`MAX_SETS`] sets), as tables (`W = MAX_HAND + 1`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CountRule {
    /// `[size * W + lands]`: keep a hand of `size` cards holding `lands` lands?
    pub keep: Vec<bool>,
    /// London, `[count * W + lands]`: the lands left after putting `count` cards of the drawn
    /// hand (`hand_size` cards, `lands` lands) on the bottom.
    pub kept_lands: Vec<u8>,
    /// Vancouver, `[(size * W + lands) * 2 + top_is_land]`: put the top card on the bottom?
    pub vancouver: Vec<bool>,
    /// `[size]`: a hand of `size` cards is kept whatever it holds (`keep_at`).
    pub keep_any: Vec<bool>,
    /// A rule with card conditions (1 to [`MAX_SETS`]): which cards count for each and how
    /// many a kept hand needs. `keep` then holds the land condition only.
    pub sets: Option<CardSets>,
}

/// The card conditions of a [`CountRule`]: condition `i` is "at least `mins[i]` cards whose
/// mask has bit `i`".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardSets {
    /// By card id: bit `i` set when the card counts for condition `i`.
    pub masks: Vec<u8>,
    /// The cards each condition needs (hands at or below `keep_at` excepted).
    pub mins: Vec<u32>,
}

/// A hand's cards by class, four bits a class ([`CountRule::after_bottom`]): class
/// `land << 4 | mask` (a card's set mask, and whether it is a land) at bits `4 * class`.
pub type Classes = u128;

impl CountRule {
    /// The row width of the tables: one entry per land count `0..=MAX_HAND`.
    pub const W: usize = MAX_HAND + 1;

    /// Keep a hand of `size` cards holding `lands` lands (the land condition only)?
    #[inline]
    pub fn keeps(&self, size: usize, lands: usize) -> bool {
        self.keep[size * Self::W + lands]
    }

    /// London: the lands left after putting `count` cards of a drawn hand holding `lands`
    /// lands on the bottom.
    #[inline]
    pub fn kept_lands(&self, count: usize, lands: usize) -> usize {
        usize::from(self.kept_lands[count * Self::W + lands])
    }

    /// Vancouver: put the top card (a land or not) on the bottom, keeping a hand of `size`
    /// cards holding `lands` lands?
    #[inline]
    pub fn vancouver(&self, size: usize, lands: usize, top_is_land: bool) -> bool {
        self.vancouver[(size * Self::W + lands) * 2 + usize::from(top_is_land)]
    }

    /// Keep a hand of `size` cards holding `lands` lands and `counts[i]` cards of set `i`
    /// (ignored without card conditions)?
    pub fn keeps_with(&self, size: usize, lands: usize, counts: &[u32]) -> bool {
        match &self.sets {
            None => self.keeps(size, lands),
            Some(s) => {
                self.keep_any[size]
                    || (self.keeps(size, lands) && s.mins.iter().zip(counts).all(|(m, n)| n >= m))
            }
        }
    }

    /// London, a drawn hand of `size` (the opening hand size) cards holding `classes`: after
    /// `count` cards go to the bottom, the lands and the cards of each set left. How many
    /// lands go is the strategy's (`kept_lands`); which ones (and which spells), one at a time
    /// by [`bottom_key`] as [`CompiledRule::choose_bottom`] picks them, so counts decide it.
    ///
    /// [`CompiledRule::choose_bottom`]: super::keep_rule::CompiledRule::choose_bottom
    pub fn after_bottom(&self, count: usize, classes: Classes) -> (usize, [u32; MAX_SETS]) {
        let mins: &[u32] = self.sets.as_ref().map_or(&[], |s| &s.mins);
        // The classes the hand holds (at most one per card) and their counts.
        let mut held = [(0u32, 0u32); MAX_HAND];
        let (mut k, mut lands) = (0, 0usize);
        let mut counts = [0u32; MAX_SETS];
        let mut rest = classes;
        while rest != 0 && k < MAX_HAND {
            let c = rest.trailing_zeros() / 4;
            let n = ((rest >> (4 * c)) & 15) as u32;
            rest &= !(15u128 << (4 * c));
            held[k] = (c, n);
            k += 1;
            lands += if c >= 16 { n as usize } else { 0 };
            add_mask(&mut counts, c & 15, n);
        }
        let kept = self.kept_lands(count, lands);
        let lands_gone = lands - kept;
        for (land, gone) in [(true, lands_gone), (false, count - lands_gone)] {
            for _ in 0..gone {
                let mut best: Option<(usize, (u32, u32, u32))> = None;
                for (i, &(c, n)) in held[..k].iter().enumerate() {
                    if n == 0 || (c >= 16) != land {
                        continue;
                    }
                    let key = bottom_key(c & 15, &counts, mins);
                    if best.is_none_or(|(_, b)| key < b) {
                        best = Some((i, key));
                    }
                }
                let Some((i, _)) = best else { break };
                held[i].1 -= 1;
                add_mask(&mut counts, held[i].0 & 15, u32::MAX);
            }
        }
        (kept, counts)
    }
}

/// The [`Policy`] methods of a wrapper that passes every decision to the policy it wraps,
/// leaving out the count tables ([`Policy::count_rule`] stays `None`): [`GeneralPath`] and
/// [`GamePath`] differ only in `plays_games`.
macro_rules! delegate_policy {
    ($path:ident, plays_games: $plays_games:expr) => {
        impl<P: Policy> Policy for $path<P> {
            fn keep(
                &mut self,
                hand: &[CardId],
                lands: u32,
                mulligans: u32,
                can_mulligan: bool,
            ) -> std::result::Result<bool, Abort> {
                self.0.keep(hand, lands, mulligans, can_mulligan)
            }
            fn bottom(
                &mut self,
                hand: &[CardId],
                count: usize,
            ) -> std::result::Result<Vec<CardId>, Abort> {
                self.0.bottom(hand, count)
            }
            fn bottom_into(
                &mut self,
                hand: &[CardId],
                count: usize,
                out: &mut Vec<CardId>,
            ) -> std::result::Result<(), Abort> {
                self.0.bottom_into(hand, count, out)
            }
            fn vancouver(
                &mut self,
                hand: &[CardId],
                top: CardId,
            ) -> std::result::Result<bool, Abort> {
                self.0.vancouver(hand, top)
            }
            fn exile(
                &mut self,
                hand: &[CardId],
                lands: u32,
            ) -> std::result::Result<Option<Vec<CardId>>, Abort> {
                self.0.exile(hand, lands)
            }
            fn plays_games(&self) -> bool {
                $plays_games
            }
        }
    };
}

/// A policy with its count tables hidden ([`Policy::count_rule`] is `None`): every hand goes
/// through its methods, by the general path. The results are the same, only slower: for
/// differential tests of the count kernels, and for measuring them.
#[derive(Debug, Clone)]
pub struct GeneralPath<P>(pub P);

delegate_policy!(GeneralPath, plays_games: false);

/// A policy whose games are all played as a [`crate::Game`], seat 0 of `Game(seed,
/// game_index=i)` deciding by the policy: the reference implementation of every variant and
/// table option, for differential tests of the bulk paths (as [`GeneralPath`] is for the count
/// kernels) and for measuring them. The results are the same, far slower.
#[derive(Debug, Clone)]
pub struct GamePath<P>(pub P);

delegate_policy!(GamePath, plays_games: true);
