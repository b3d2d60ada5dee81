//! Keep rules: the decisions a simulated player makes (keep or mulligan, which cards to put
//! on the bottom under London, Vancouver's look), as a [`Policy`]. [`KeepRule`] is compiled
//! against a deck so the hot loop never leaves Rust; the Python bindings implement [`Policy`]
//! for a Python callable (the slow path) with the same decisions for the same hands.

pub use super::policy::{Abort, CountRule, Policy, TagRequirement, MAX_HAND};
use crate::card::CardId;
use crate::error::{Error, Result};
use crate::spelling::{lenient_deserialize, lenient_schema_with, Named};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Which cards a London mulligan puts on the bottom. Serialised by [`Bottom::name`], read in
/// any case with `-` or `_`, and `lands`/`spells` for the last two ([`crate::spelling`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
#[schemars(transform = bottom_schema)]
pub enum Bottom {
    /// Keep the number of lands closest to the target for the kept hand size: the middle of
    /// its land range, or the deck's land share when it has none (ties: more lands).
    #[default]
    Balance,
    /// Bottom lands first.
    LandsFirst,
    /// Bottom spells first.
    SpellsFirst,
}

/// Which cards a Commander partial Paris mulligan exiles (docs/VARIANTS.md, "In simulate").
/// Serialised by [`Exile::name`], read in any case ([`crate::spelling`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
#[schemars(transform = crate::spelling::lenient_schema)]
pub enum Exile {
    /// The whole hand (a plain mulligan): the default.
    #[default]
    Hand,
    /// Every card of the over-represented kind: every land when the hand holds more lands than
    /// its target (the middle of the land range for its size; without a range, the deck's
    /// land share times the size), every non-land when it holds fewer; the whole hand when
    /// it holds exactly the target or no card of that kind.
    Excess,
}

impl Exile {
    /// Every policy.
    pub const ALL: [Exile; 2] = [Exile::Hand, Exile::Excess];

    /// The name the bindings, the CLI and keep files use (`"hand"`, `"excess"`).
    pub fn name(self) -> &'static str {
        match self {
            Exile::Hand => "hand",
            Exile::Excess => "excess",
        }
    }

    /// The policy by name, in any case (`"hand"`, `"EXCESS"`).
    pub fn parse(name: &str) -> Result<Exile> {
        crate::spelling::parse(name)
    }
}

impl Named for Exile {
    const WHAT: &'static str = "exile policy";
    fn all() -> &'static [Exile] {
        &Exile::ALL
    }
    fn spelling(self) -> &'static str {
        self.name()
    }
}
lenient_deserialize!(Exile);

impl Bottom {
    /// Every policy.
    pub const ALL: [Bottom; 3] = [Bottom::Balance, Bottom::LandsFirst, Bottom::SpellsFirst];

    /// The name the records use (`"balance"`, `"lands_first"`, `"spells_first"`).
    pub fn name(self) -> &'static str {
        match self {
            Bottom::Balance => "balance",
            Bottom::LandsFirst => "lands_first",
            Bottom::SpellsFirst => "spells_first",
        }
    }

    /// The policy by name, in any case with `-` or `_` (`"lands-first"`, `"LANDS_FIRST"`,
    /// and the short `"lands"`, `"spells"`).
    pub fn parse(name: &str) -> Result<Bottom> {
        crate::spelling::parse(name)
    }
}

impl Named for Bottom {
    const WHAT: &'static str = "bottom policy";
    fn all() -> &'static [Bottom] {
        &Bottom::ALL
    }
    fn spelling(self) -> &'static str {
        self.name()
    }
    fn aliases(self) -> &'static [&'static str] {
        match self {
            Bottom::Balance => &[],
            Bottom::LandsFirst => &["lands"],
            Bottom::SpellsFirst => &["spells"],
        }
    }
}
lenient_deserialize!(Bottom);

fn bottom_schema(schema: &mut schemars::Schema) {
    lenient_schema_with(schema, &["lands", "spells"]);
}

/// A keep rule as the user states it (tags by name; compile it against a deck to use it). As
/// JSON (a simulation request's `keep`), every key may be left out: no ranges (any land
/// count), no `keep_at`, `balance`, no required tag, `hand`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct KeepRule {
    /// Inclusive land range to keep, by hand size; sizes not listed keep any land count. As
    /// JSON: hand size -> `[min lands, max lands]`, e.g. `{"7": [2, 5]}`.
    #[serde(default, with = "ranges_map")]
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
    #[serde(default, with = "requires_map")]
    #[schemars(with = "BTreeMap<String, u32>")]
    pub requires: Vec<(String, u32)>,
    /// Which cards a PARTIAL_PARIS mulligan exiles.
    #[serde(default)]
    pub exile: Exile,
}

/// `ranges` as a JSON object: hand size -> `[min, max]` (sorted by size, as the rule is).
mod ranges_map {
    use super::BTreeMap;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(ranges: &[(usize, u32, u32)], s: S) -> Result<S::Ok, S::Error> {
        let map: BTreeMap<usize, [u32; 2]> =
            ranges.iter().map(|&(k, lo, hi)| (k, [lo, hi])).collect();
        map.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Vec<(usize, u32, u32)>, D::Error> {
        let map = BTreeMap::<usize, [u32; 2]>::deserialize(d)?;
        Ok(map.into_iter().map(|(k, [lo, hi])| (k, lo, hi)).collect())
    }
}

/// `requires` as a JSON object: tag -> at least this many (in the rule's order).
mod requires_map {
    use serde::ser::SerializeMap;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(requires: &[(String, u32)], s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(requires.len()))?;
        for (tag, min) in requires {
            map.serialize_entry(tag, min)?;
        }
        map.end()
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<(String, u32)>, D::Error> {
        let map = serde_json::Map::deserialize(d)?;
        map.into_iter()
            .map(|(tag, min)| {
                u32::deserialize(min)
                    .map(|min| (tag, min))
                    .map_err(serde::de::Error::custom)
            })
            .collect()
    }
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
            exile: Exile::Hand,
        }
    }
}

impl KeepRule {
    /// What is degenerate about simulating this rule on a deck with these land flags and tags
    /// (index = card id), one sentence each: an empty deck, a deck without lands, a required
    /// tag no card carries. Not errors (the results are well defined), but rarely what was meant.
    pub fn warnings(&self, lands: &[bool], tags: &[Vec<String>]) -> Vec<String> {
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
        out
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
    /// hand size listed twice, at most 32 required tags.
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
        if self.requires.len() > 32 {
            return Err(Error::config("at most 32 required tags"));
        }
        Ok(())
    }

    /// Compiles the rule for cards with these land flags and tags (index = card id).
    pub fn compile(&self, lands: &[bool], tags: &[Vec<String>]) -> Result<CompiledRule> {
        self.validate()?;
        let mut ranges = [None; MAX_HAND + 1];
        for &(size, lo, hi) in &self.ranges {
            ranges[size] = Some((lo, hi));
        }
        let masks = tags
            .iter()
            .map(|card_tags| {
                self.requires
                    .iter()
                    .enumerate()
                    .filter(|(_, (t, _))| card_tags.contains(t))
                    .fold(0u32, |m, (bit, _)| m | (1 << bit))
            })
            .collect();
        let land_count = lands.iter().filter(|&&l| l).count();
        Ok(CompiledRule {
            ranges,
            keep_at: self.keep_at,
            bottom: self.bottom,
            exile: self.exile,
            requires: self.requires.iter().map(|(_, min)| *min).collect(),
            lands: lands.to_vec(),
            masks,
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

/// A [`KeepRule`] compiled against one deck: land flags and required-tag masks by card id.
#[derive(Debug, Clone)]
pub struct CompiledRule {
    ranges: [Option<(u32, u32)>; MAX_HAND + 1],
    keep_at: Option<usize>,
    bottom: Bottom,
    exile: Exile,
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
        range_ok
            && self.requires.iter().enumerate().all(|(bit, &min)| {
                hand.iter()
                    .filter(|&&c| self.masks[c as usize] & (1 << bit) != 0)
                    .count() as u32
                    >= min
            })
    }

    /// The cards to bottom: how many lands by the strategy, then, among lands (or spells),
    /// cards that meet no requirement first, later-drawn first.
    pub fn choose_bottom(&self, hand: &[CardId], count: usize) -> Vec<CardId> {
        let count = count.min(hand.len());
        let lands = self.land_count(hand) as usize;
        let lands_to_bottom = self.lands_to_bottom(hand.len(), lands, count);
        let mut out = Vec::with_capacity(count);
        self.pick(hand, true, lands_to_bottom, &mut out);
        self.pick(hand, false, count - lands_to_bottom, &mut out);
        out
    }

    /// How many of the `count` cards put on the bottom are lands, for a hand of `size` cards
    /// holding `lands` lands (`count <= size`).
    fn lands_to_bottom(&self, size: usize, lands: usize, count: usize) -> usize {
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

    fn pick(&self, hand: &[CardId], land: bool, n: usize, out: &mut Vec<CardId>) {
        let mut taken = 0;
        for pass_useful in [false, true] {
            for &c in hand.iter().rev() {
                if taken == n {
                    return;
                }
                if self.is_land(c) == land && (self.masks[c as usize] != 0) == pass_useful {
                    out.push(c);
                    taken += 1;
                }
            }
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
        if self.requires.len() > 1 || hand_size >= W {
            return None;
        }
        let tag = self.requires.first().map(|&min| TagRequirement {
            cards: self.masks.iter().map(|&m| m != 0).collect(),
            min,
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
            tag,
        })
    }
}
