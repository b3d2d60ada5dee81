//! Keep rules: the decisions a simulated player makes (keep or mulligan, which cards to put
//! on the bottom under London, Vancouver's look), as a [`Policy`]. [`KeepRule`] is compiled
//! against a deck so the hot loop never leaves Rust; the Python bindings implement [`Policy`]
//! for a Python callable (the slow path) with the same decisions for the same hands.

use super::conditions::{add_mask, bottom_key, colour_bit, Conditions, MAX_CONDITIONS};
pub use super::conditions::{CardsRequirement, RuleCards};
pub use super::policy::{Abort, CardSets, CountRule, Policy, MAX_HAND, MAX_SETS};
pub use super::strategies::{Bottom, Exile};
use crate::card::CardId;
use crate::error::{Error, Result};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A keep rule as the user states it (tags, colours and cards by name; compile it against a
/// deck to use it). As JSON (a simulation request's `keep`), every key may be left out: no
/// ranges (any land count), no `keep_at`, `balance`, no card condition, `hand`. Its card
/// conditions (`requires`, `min_sources`, `requires_cards`, in that order) are each "at least
/// k cards of a set" ([`super::conditions`]); a kept hand above `keep_at` meets them all.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct KeepRule {
    /// Inclusive land range to keep, by hand size; sizes not listed keep any land count. As
    /// JSON: hand size -> `[min lands, max lands]`, e.g. `{"7": [2, 5]}`.
    #[serde(default, with = "super::keep_rule_json::ranges_map")]
    #[schemars(with = "BTreeMap<usize, [u32; 2]>")]
    pub ranges: Vec<(usize, u32, u32)>,
    /// At this hand size or smaller, keep anything.
    #[serde(default)]
    pub keep_at: Option<usize>,
    /// Which cards a London mulligan puts on the bottom.
    #[serde(default)]
    pub bottom: Bottom,
    /// Keep only with at least `min` cards carrying `tag` (hands at or below `keep_at` excepted).
    /// As JSON: tag -> at least this many.
    #[serde(default, with = "super::keep_rule_json::requires_map")]
    #[schemars(with = "BTreeMap<String, u32>")]
    pub requires: Vec<(String, u32)>,
    /// Keep only with at least this many lands that add mana of a colour (hands at or below
    /// `keep_at` excepted); a fetch land counts as the colours of the lands of the deck it
    /// can fetch. As JSON: colour letter (`W`, `U`, `B`, `R`, `G`, `C`) -> at least this many.
    #[serde(default, with = "super::keep_rule_json::requires_map")]
    #[schemars(with = "BTreeMap<String, u32>")]
    pub min_sources: Vec<(String, u32)>,
    /// Keep only with at least `min` of these cards, for each entry (hands at or below
    /// `keep_at` excepted). As JSON: `[{"cards": ["Lightning Bolt", "Chain Lightning"],
    /// "min": 1}]`.
    #[serde(default)]
    pub requires_cards: Vec<CardsRequirement>,
    /// Which cards a PARTIAL_PARIS mulligan exiles.
    #[serde(default)]
    pub exile: Exile,
}

impl Default for KeepRule {
    /// The default keep rule (`simulate(keep=None)`): 2–5 lands in a 7-card hand, 2–4 in 6,
    /// 1–4 in 5, anything at 4 cards or fewer; London bottoms by [`Bottom::Balance`].
    fn default() -> Self {
        KeepRule {
            ranges: vec![(5, 1, 4), (6, 2, 4), (7, 2, 5)],
            keep_at: Some(4),
            bottom: Bottom::Balance,
            requires: vec![],
            min_sources: vec![],
            requires_cards: vec![],
            exile: Exile::Hand,
        }
    }
}

impl KeepRule {
    /// What is degenerate about simulating this rule on a deck with these land flags and tags
    /// (index = card id): [`KeepRule::warnings_for`] with no names and no colours known.
    pub fn warnings(&self, lands: &[bool], tags: &[Vec<String>]) -> Vec<String> {
        self.warnings_for(&RuleCards::new(lands, tags))
    }

    /// What is degenerate about simulating this rule on these cards, one sentence each: an
    /// empty deck, a deck without lands, a required tag no card carries, a colour no land adds,
    /// cards the deck does not hold. Not errors (the results are well defined), but rarely what
    /// was meant.
    pub fn warnings_for(&self, cards: &RuleCards) -> Vec<String> {
        let (lands, tags) = (&cards.lands, &cards.tags);
        let mut out = vec![];
        if lands.is_empty() {
            out.push("the deck is empty: every hand is empty".to_string());
        } else if !lands.contains(&true) {
            out.push(format!(
                "the deck has no lands (none of its {} cards is marked as a land): \
                 every hand holds 0 lands",
                lands.len()
            ));
        }
        for (tag, _) in &self.requires {
            if !tags.iter().any(|t| t.contains(tag)) {
                out.push(format!(
                    "no card of the deck carries the tag {tag:?} the keep rule requires: \
                     no hand above keep_at is kept"
                ));
            }
        }
        let Ok(conditions) = self.conditions(cards) else {
            return out;
        };
        let skip = self.requires.len();
        for (i, name) in conditions.names.iter().enumerate().skip(skip) {
            let none = !conditions.masks.iter().any(|m| m & (1 << i) != 0);
            if none && conditions.mins[i] > 0 {
                out.push(format!("{name}: no hand above keep_at is kept"));
            }
        }
        out
    }

    /// The rule's card conditions resolved against `cards` (bit `i` of a card's mask for
    /// condition `i`: the tags of `requires`, then the colours of `min_sources`, then the
    /// lists of `requires_cards`).
    pub fn conditions(&self, cards: &RuleCards) -> Result<Conditions> {
        let mut out = Conditions {
            masks: vec![0; cards.lands.len()],
            ..Conditions::default()
        };
        for (tag, min) in &self.requires {
            let name = format!("the tag {tag:?}");
            out.add(cards, name, *min, |i| cards.tags[i].contains(tag));
        }
        for (letter, min) in &self.min_sources {
            let bit = colour_bit(letter, "min_sources")?;
            let letter = letter.trim().to_ascii_uppercase();
            let name = format!("no land of the deck adds {letter} mana (min_sources {letter})");
            let adds =
                |i: usize| cards.lands[i] && cards.colours.get(i).is_some_and(|c| c & bit != 0);
            out.add(cards, name, *min, adds);
        }
        for r in &self.requires_cards {
            let wanted: Vec<String> = r.cards.iter().map(|n| n.trim().to_lowercase()).collect();
            let name = format!(
                "no card of the deck is any of {:?} (requires_cards)",
                r.cards
            );
            let named = |i: usize| {
                let n = cards
                    .names
                    .get(i)
                    .map_or(String::new(), |n| n.trim().to_lowercase());
                !n.is_empty() && wanted.contains(&n)
            };
            out.add(cards, name, r.min, named);
        }
        Ok(out)
    }

    /// Whether the rule has card conditions (`requires`, `min_sources` or `requires_cards`):
    /// its keep then depends on more than the land count.
    pub fn has_card_conditions(&self) -> bool {
        !(self.requires.is_empty() && self.min_sources.is_empty() && self.requires_cards.is_empty())
    }

    /// The land ranges this rule gives for hand sizes no hand of a run dealing `hand_size`
    /// cards has (103.5: a mulligan only makes hands smaller), as a warning: ranges that are
    /// never used, rarely what was meant.
    pub fn unused_ranges(&self, hand_size: usize) -> Option<String> {
        let unused: Vec<String> = self
            .ranges
            .iter()
            .filter(|r| r.0 > hand_size)
            .map(|r| r.0.to_string())
            .collect();
        (!unused.is_empty()).then(|| {
            format!(
                "ranges: no hand here has {} cards (hands of {hand_size} at most), so the range \
                 for them is never used",
                unused.join(" or ")
            )
        })
    }

    /// Checks the rule on its own: hand sizes within [`MAX_HAND`], no empty land range, no
    /// hand size listed twice, colours by their letters, each card list with a name, at most
    /// 32 card conditions in all.
    pub fn validate(&self) -> Result<()> {
        for &(size, lo, hi) in &self.ranges {
            if size > MAX_HAND {
                return Err(Error::config(format!(
                    "hand size {size} in ranges is above the maximum of {MAX_HAND}"
                )));
            }
            if lo > hi {
                return Err(Error::config(format!(
                    "the land range for {size} cards is empty: ({lo}, {hi})"
                )));
            }
        }
        let mut sizes: Vec<usize> = self.ranges.iter().map(|r| r.0).collect();
        sizes.sort_unstable();
        if sizes.windows(2).any(|w| w[0] == w[1]) {
            return Err(Error::config("a hand size appears twice in ranges"));
        }
        for (letter, _) in &self.min_sources {
            colour_bit(letter, "min_sources")?;
        }
        for (i, r) in self.requires_cards.iter().enumerate() {
            if r.cards.iter().all(|n| n.trim().is_empty()) {
                return Err(Error::config(format!("requires_cards[{i}]: names no card")));
            }
        }
        let total = self.requires.len() + self.min_sources.len() + self.requires_cards.len();
        if total > MAX_CONDITIONS {
            return Err(Error::config(format!(
                "at most {MAX_CONDITIONS} card conditions (requires, min_sources and \
                 requires_cards together), got {total}"
            )));
        }
        Ok(())
    }

    /// Compiles the rule for cards with these land flags and tags (index = card id; no names
    /// and no colours known: [`KeepRule::compile_for`]).
    pub fn compile(&self, lands: &[bool], tags: &[Vec<String>]) -> Result<CompiledRule> {
        self.compile_for(&RuleCards::new(lands, tags))
    }

    /// Compiles the rule for these cards (index = card id).
    pub fn compile_for(&self, cards: &RuleCards) -> Result<CompiledRule> {
        self.validate()?;
        let lands = &cards.lands;
        let mut ranges = [None; MAX_HAND + 1];
        for &(size, lo, hi) in &self.ranges {
            ranges[size] = Some((lo, hi));
        }
        let conditions = self.conditions(cards)?;
        let land_count = lands.iter().filter(|&&l| l).count();
        Ok(CompiledRule {
            ranges,
            keep_at: self.keep_at,
            bottom: self.bottom,
            exile: self.exile,
            requires: conditions.mins,
            lands: lands.to_vec(),
            masks: conditions.masks,
            land_share: if lands.is_empty() {
                0.0
            } else {
                land_count as f64 / lands.len() as f64
            },
            table: vec![],
        }
        .with_table())
    }
}

/// A [`KeepRule`] compiled against one deck: land flags and card-condition masks by card id.
#[derive(Debug, Clone)]
pub struct CompiledRule {
    ranges: [Option<(u32, u32)>; MAX_HAND + 1],
    keep_at: Option<usize>,
    bottom: Bottom,
    exile: Exile,
    /// The minimum of each card condition.
    requires: Vec<u32>,
    lands: Vec<bool>,
    masks: Vec<u32>,
    land_share: f64,
    /// `[size][lands]`: keeps, for rules with no tag requirement.
    table: Vec<bool>,
}

impl CompiledRule {
    fn with_table(mut self) -> Self {
        const W: usize = MAX_HAND + 1;
        let mut table = vec![false; W * W];
        for size in 0..W {
            for lands in 0..=size {
                table[size * W + lands] = self.keep_at.is_some_and(|k| size <= k)
                    || self.ranges[size]
                        .is_none_or(|(lo, hi)| lo <= lands as u32 && lands as u32 <= hi);
            }
        }
        self.table = table;
        self
    }

    /// The same rule with another partial Paris exile policy.
    pub fn with_exile(mut self, exile: Exile) -> Self {
        self.exile = exile;
        self
    }

    /// The same rule with the deck's share of lands `share`: the land target of
    /// [`Bottom::Balance`] for kept sizes without a land range.
    pub fn with_land_share(mut self, share: f64) -> Self {
        self.land_share = share;
        self
    }

    fn is_land(&self, c: CardId) -> bool {
        self.lands[c as usize]
    }

    fn land_count(&self, hand: &[CardId]) -> u32 {
        hand.iter().filter(|&&c| self.is_land(c)).count() as u32
    }

    /// The number of lands a kept hand of `size` cards aims for.
    fn target(&self, size: usize) -> f64 {
        match self.ranges.get(size).copied().flatten() {
            Some((lo, hi)) => f64::from(lo + hi) / 2.0,
            None => self.land_share * size as f64,
        }
    }

    /// Keep `hand` (the cards after any put on the bottom)? Always, when `can_mulligan` is
    /// false.
    pub fn keeps(&self, hand: &[CardId], can_mulligan: bool) -> bool {
        !can_mulligan || self.keeps_counted(hand, self.land_count(hand))
    }

    /// [`CompiledRule::keeps`] for a hand known to hold `lands` lands.
    #[inline]
    pub fn keeps_counted(&self, hand: &[CardId], lands: u32) -> bool {
        let size = hand.len();
        if self.keep_at.is_some_and(|k| size <= k) {
            return true;
        }
        let range_ok = match self.ranges.get(size).copied().flatten() {
            Some((lo, hi)) => lo <= lands && lands <= hi,
            None => true,
        };
        range_ok && (self.requires.is_empty() || self.met(&self.counts(hand)))
    }

    /// How many cards of `hand` count for each card condition.
    fn counts(&self, hand: &[CardId]) -> [u32; MAX_CONDITIONS] {
        let mut out = [0u32; MAX_CONDITIONS];
        for &c in hand {
            add_mask(&mut out, self.masks[c as usize], 1);
        }
        out
    }

    fn met(&self, counts: &[u32]) -> bool {
        self.requires.iter().zip(counts).all(|(min, n)| n >= min)
    }

    /// The cards to bottom: how many lands by the strategy, then lands (then spells) one at a
    /// time by [`bottom_key`] (cards no condition counts first, then those whose conditions
    /// have cards to spare), ties later-drawn first.
    pub fn choose_bottom(&self, hand: &[CardId], count: usize) -> Vec<CardId> {
        let mut out = Vec::with_capacity(count);
        self.choose_bottom_into(hand, count, &mut out);
        out
    }

    /// [`CompiledRule::choose_bottom`] written into `out` (replacing what it held), for a
    /// caller that reuses one buffer.
    pub fn choose_bottom_into(&self, hand: &[CardId], count: usize, out: &mut Vec<CardId>) {
        let count = count.min(hand.len());
        let lands = self.land_count(hand) as usize;
        let lands_to_bottom = self.lands_to_bottom(hand.len(), lands, count);
        out.clear();
        let mut counts = self.counts(hand);
        self.pick(hand, true, lands_to_bottom, &mut counts, out);
        self.pick(hand, false, count - lands_to_bottom, &mut counts, out);
    }

    /// How many of the `count` cards put on the bottom are lands, for a hand of `size` cards
    /// holding `lands` lands (`count <= size`).
    pub(crate) fn lands_to_bottom(&self, size: usize, lands: usize, count: usize) -> usize {
        let keep = size - count;
        let spells = size - lands;
        match self.bottom {
            Bottom::LandsFirst => count.min(lands),
            Bottom::SpellsFirst => count - count.min(spells),
            Bottom::Balance => {
                let target = self.target(keep);
                let lowest = keep.saturating_sub(spells);
                let highest = lands.min(keep);
                let best = (lowest..=highest)
                    .min_by(|&a, &b| {
                        let (da, db) = ((a as f64 - target).abs(), (b as f64 - target).abs());
                        da.partial_cmp(&db)
                            .unwrap_or(std::cmp::Ordering::Equal)
                            .then(b.cmp(&a))
                    })
                    .unwrap_or(lowest);
                lands - best
            }
        }
    }

    fn pick(
        &self,
        hand: &[CardId],
        land: bool,
        n: usize,
        counts: &mut [u32; MAX_CONDITIONS],
        out: &mut Vec<CardId>,
    ) {
        for _ in 0..n {
            let best = hand
                .iter()
                .rev()
                .filter(|&&c| self.is_land(c) == land && !out.contains(&c))
                .min_by_key(|&&c| bottom_key(self.masks[c as usize], counts, &self.requires));
            let Some(&c) = best else { return };
            add_mask(counts, self.masks[c as usize], u32::MAX);
            out.push(c);
        }
    }

    /// Commander partial Paris: the cards a mulligan of `hand` exiles by [`Exile`], in hand
    /// order; `None` for the whole hand.
    pub fn choose_exile(&self, hand: &[CardId]) -> Option<Vec<CardId>> {
        if self.exile == Exile::Hand {
            return None;
        }
        let lands = self.land_count(hand) as f64;
        let target = self.target(hand.len());
        let land = if lands > target {
            true
        } else if lands < target {
            false
        } else {
            return None;
        };
        let out: Vec<CardId> = hand
            .iter()
            .copied()
            .filter(|&c| self.is_land(c) == land)
            .collect();
        (!out.is_empty() && out.len() < hand.len()).then_some(out)
    }

    /// Vancouver: bottom a land when the hand already has its target of lands, a spell when
    /// it has fewer.
    pub fn vancouver_bottom(&self, hand: &[CardId], top: CardId) -> bool {
        self.vancouver_counted(
            hand.len(),
            self.land_count(hand) as usize,
            self.is_land(top),
        )
    }

    fn vancouver_counted(&self, size: usize, lands: usize, top_is_land: bool) -> bool {
        let target = self.target(size);
        if top_is_land {
            lands as f64 >= target
        } else {
            (lands as f64) < target
        }
    }
}

impl Policy for CompiledRule {
    #[inline]
    fn keep(
        &mut self,
        hand: &[CardId],
        lands: u32,
        _mulligans: u32,
        can_mulligan: bool,
    ) -> std::result::Result<bool, Abort> {
        Ok(!can_mulligan || self.keeps_counted(hand, lands))
    }
    fn bottom(&mut self, hand: &[CardId], count: usize) -> std::result::Result<Vec<CardId>, Abort> {
        Ok(self.choose_bottom(hand, count))
    }
    fn bottom_into(
        &mut self,
        hand: &[CardId],
        count: usize,
        out: &mut Vec<CardId>,
    ) -> std::result::Result<(), Abort> {
        self.choose_bottom_into(hand, count, out);
        Ok(())
    }
    fn vancouver(&mut self, hand: &[CardId], top: CardId) -> std::result::Result<bool, Abort> {
        Ok(self.vancouver_bottom(hand, top))
    }
    fn exile(
        &mut self,
        hand: &[CardId],
        _lands: u32,
    ) -> std::result::Result<Option<Vec<CardId>>, Abort> {
        Ok(self.choose_exile(hand))
    }

    fn count_rule(&self, hand_size: usize) -> Option<CountRule> {
        const W: usize = CountRule::W;
        if self.requires.len() > MAX_SETS || hand_size >= W {
            return None;
        }
        let sets = (!self.requires.is_empty()).then(|| CardSets {
            masks: self.masks.iter().map(|&m| m as u8).collect(),
            mins: self.requires.clone(),
        });
        let mut kept_lands = vec![0u8; W * W];
        for count in 0..=hand_size {
            for lands in 0..=hand_size {
                let bottom = self.lands_to_bottom(hand_size, lands, count);
                kept_lands[count * W + lands] = (lands - bottom) as u8;
            }
        }
        let mut vancouver = vec![false; W * W * 2];
        for size in 0..W {
            for lands in 0..=size {
                for top in [false, true] {
                    vancouver[(size * W + lands) * 2 + usize::from(top)] =
                        self.vancouver_counted(size, lands, top);
                }
            }
        }
        Some(CountRule {
            keep: self.table.clone(),
            kept_lands,
            vancouver,
            keep_any: (0..W)
                .map(|s| self.keep_at.is_some_and(|k| s <= k))
                .collect(),
            sets,
        })
    }
}
