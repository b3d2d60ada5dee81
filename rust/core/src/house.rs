//! Table options that are not the Comprehensive Rules (docs/VARIANTS.md): a table's extra free
//! mulligans (beside 103.5c's), the old no-land/all-land redraw, and the opening-hand
//! smoothing some digital clients use in best-of-one play. Every one is off by default; a game
//! that uses one cites [`HOUSE_RULE`] or [`NOT_THE_RULES`] in its events instead of a rule
//! number, and records it in its set-up, so its log verifies like any other.

use crate::error::{Error, Result};
use crate::seed::Seed;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The `rule` of an event a table option causes (free mulligans, the land redraw).
pub const HOUSE_RULE: &str = "house rule";
/// The `rule` of an event hand smoothing causes: not a rule of the game at all.
pub const NOT_THE_RULES: &str = "smoothing (not the rules)";
/// The most free mulligans a table may add (issue 13: casual groups and other engines' hosts
/// offer up to five).
pub const MAX_FREE_MULLIGANS: u32 = 5;
/// The fewest and most candidate hands a smoothing model may draw.
pub const MIN_CANDIDATES: u32 = 2;
/// The most candidate hands a smoothing model may draw.
pub const MAX_CANDIDATES: u32 = 8;
/// Domain tag of the smoothing draw (a weighted choice among candidate hands): index = the
/// seat's library stream (`game_index << 8 | seat`), sub 0. Domain 3 is the tournament's.
pub const DOMAIN_SMOOTHING: u8 = 5;

/// An opening-hand smoothing model (docs/VARIANTS.md says where each comes from). Serialised
/// by [`Smoothing::name`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum Smoothing {
    /// MTG Arena's best-of-one shuffler as first described (2018-2019): two candidate hands,
    /// the one whose land count is closest to the deck's expected count is dealt (ties: the
    /// first).
    #[serde(rename = "arena2")]
    Arena2,
    /// The later reading of Arena's shuffler: three candidates, one chosen at random with
    /// weights that fall with the distance from the expected land count.
    #[serde(rename = "weighted3")]
    Weighted3,
    /// A milder model after XMage's `SmoothedLondonMulligan` (whose score ignores a distance
    /// of up to 0.15 of the hand, about one land, and adds a random `U(0, 0.3)`): the first
    /// candidate within one land of the expected count is dealt; when none is, the closest.
    /// A deterministic simplification, not XMage's model (docs/VARIANTS.md).
    #[serde(rename = "smoothed_london")]
    SmoothedLondon,
}

impl Smoothing {
    /// Every smoothing model.
    pub const ALL: [Smoothing; 3] = [
        Smoothing::Arena2,
        Smoothing::Weighted3,
        Smoothing::SmoothedLondon,
    ];

    /// The model's name as the bindings and the records spell it (`"arena2"`, …).
    pub fn name(self) -> &'static str {
        match self {
            Smoothing::Arena2 => "arena2",
            Smoothing::Weighted3 => "weighted3",
            Smoothing::SmoothedLondon => "smoothed_london",
        }
    }

    /// The model by name (`"arena2"`, …).
    pub fn parse(name: &str) -> Result<Smoothing> {
        Smoothing::ALL
            .into_iter()
            .find(|s| s.name() == name)
            .ok_or_else(|| {
                Error::config(format!(
                    "unknown smoothing model {name:?}: use \"arena2\", \"weighted3\" or \
                     \"smoothed_london\" (or None for the rules' own random hand)"
                ))
            })
    }

    /// The number of candidates when none is given.
    pub fn default_candidates(self) -> u32 {
        match self {
            Smoothing::Weighted3 => 3,
            Smoothing::Arena2 | Smoothing::SmoothedLondon => 2,
        }
    }

    /// Which candidate is dealt: `lands[i]` is candidate `i`'s land count, each of `hand`
    /// cards drawn from a library of `library` cards holding `library_lands` lands. The only
    /// randomness (weighted3) comes from [`DOMAIN_SMOOTHING`] of the seat's stream. All
    /// arithmetic is in integers, so the choice is the same on every platform.
    pub fn choose(
        self,
        lands: &[usize],
        hand: usize,
        library: usize,
        library_lands: usize,
        seed: &Seed,
        stream: u64,
    ) -> usize {
        // Distance from the expected count hand * library_lands / library, in units of
        // 1/library lands.
        let n = library.max(1) as u128;
        let expected = (hand as u128) * (library_lands as u128);
        let distance: Vec<u128> = lands
            .iter()
            .map(|&l| ((l as u128) * n).abs_diff(expected))
            .collect();
        let closest = || {
            (0..distance.len())
                .min_by_key(|&i| (distance[i], i))
                .unwrap_or(0)
        };
        match self {
            Smoothing::Arena2 => closest(),
            Smoothing::SmoothedLondon => (0..distance.len())
                .find(|&i| distance[i] <= n)
                .unwrap_or_else(closest),
            Smoothing::Weighted3 => {
                // Weight 1 / (1 + d^2) for a distance of d lands, as 2^32 n^2 / (n^2 + D^2).
                let weights: Vec<u64> = distance
                    .iter()
                    .map(|&d| {
                        let w = ((n * n) << 32) / (n * n + d * d);
                        (w as u64).max(1)
                    })
                    .collect();
                let total: u64 = weights.iter().sum();
                let mut rng = crate::rng::ChaChaStream::new(
                    seed,
                    crate::seed::StreamId::new(DOMAIN_SMOOTHING, stream, 0),
                );
                let mut x = rng.below(total);
                for (i, &w) in weights.iter().enumerate() {
                    if x < w {
                        return i;
                    }
                    x -= w;
                }
                weights.len() - 1
            }
        }
    }
}

/// The table options of one game. The default is the rules alone.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct HouseRules {
    /// Extra free mulligans (0 to [`MAX_FREE_MULLIGANS`]), taken after 103.5c's own.
    pub free_mulligans: u32,
    /// The no-land/all-land redraw, once per game.
    pub land_mulligan: bool,
    /// Opening-hand smoothing, not the rules.
    pub smoothing: Option<Smoothing>,
    /// Candidate hands for the smoothing model (None: the model's default).
    pub smoothing_candidates: Option<u32>,
}

impl HouseRules {
    /// Refuses out-of-range options, naming the one at fault.
    pub fn validate(&self) -> Result<()> {
        if self.free_mulligans > MAX_FREE_MULLIGANS {
            return Err(Error::config(format!(
                "free_mulligans is 0 to {MAX_FREE_MULLIGANS}, got {}",
                self.free_mulligans
            )));
        }
        if let Some(k) = self.smoothing_candidates {
            if self.smoothing.is_none() {
                return Err(Error::config(
                    "smoothing_candidates needs a smoothing model (smoothing=\"arena2\", …)",
                ));
            }
            if !(MIN_CANDIDATES..=MAX_CANDIDATES).contains(&k) {
                return Err(Error::config(format!(
                    "smoothing_candidates is {MIN_CANDIDATES} to {MAX_CANDIDATES}, got {k}"
                )));
            }
        }
        Ok(())
    }

    /// The number of candidate hands (None: no smoothing).
    pub fn candidates(&self) -> Option<u32> {
        self.smoothing
            .map(|s| self.smoothing_candidates.unwrap_or(s.default_candidates()))
    }
}

/// The no-land/all-land redraw may be taken on a hand of `size` cards (the starting hand
/// size, not yet mulliganed) holding `lands` lands: none, or all.
pub fn land_redraw_allowed(size: usize, lands: usize) -> bool {
    size > 0 && (lands == 0 || lands == size)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seed() -> Seed {
        Seed::from_bytes([7; 32])
    }

    #[test]
    fn arena2_deals_the_closest_first_on_ties() {
        // 24 lands in 60, 7 cards: 2.8 expected. 3 lands is 0.2 away, 2 lands 0.8.
        assert_eq!(Smoothing::Arena2.choose(&[2, 3], 7, 60, 24, &seed(), 0), 1);
        assert_eq!(Smoothing::Arena2.choose(&[3, 2], 7, 60, 24, &seed(), 0), 0);
        assert_eq!(Smoothing::Arena2.choose(&[5, 5], 7, 60, 24, &seed(), 0), 0);
    }

    #[test]
    fn smoothed_london_keeps_the_first_within_one_land() {
        // 2 lands is 0.8 away: within one land, so it is dealt although 3 is closer.
        assert_eq!(
            Smoothing::SmoothedLondon.choose(&[2, 3], 7, 60, 24, &seed(), 0),
            0
        );
        assert_eq!(
            Smoothing::SmoothedLondon.choose(&[0, 6, 5], 7, 60, 24, &seed(), 0),
            2
        );
    }

    #[test]
    fn weighted3_favours_the_closer_hands() {
        // 0 lands (2.8 away) against 3 lands (0.2 away): weights 1/8.84 against 1/1.04.
        let mut picks = [0u32; 2];
        for stream in 0..4000u64 {
            picks[Smoothing::Weighted3.choose(&[0, 3], 7, 60, 24, &seed(), stream)] += 1;
        }
        // Expected share of the 0-land hand: 0.1052 (sd 0.0049 over 4000): a 6-sd band.
        let share = f64::from(picks[0]) / 4000.0;
        assert!((0.076..0.135).contains(&share), "{share}");
    }

    #[test]
    fn options_are_checked() {
        let mut h = HouseRules {
            free_mulligans: 6,
            ..HouseRules::default()
        };
        assert!(h.validate().unwrap_err().to_string().contains("0 to 5"));
        h.free_mulligans = 5;
        h.smoothing_candidates = Some(3);
        assert!(h.validate().is_err());
        h.smoothing = Some(Smoothing::Arena2);
        assert_eq!(h.candidates(), Some(3));
        h.smoothing_candidates = Some(9);
        assert!(h.validate().is_err());
        assert!(Smoothing::parse("arena3").is_err());
        assert_eq!(Smoothing::parse("weighted3").unwrap(), Smoothing::Weighted3);
        assert!(land_redraw_allowed(7, 0) && land_redraw_allowed(7, 7));
        assert!(!land_redraw_allowed(7, 1) && !land_redraw_allowed(0, 0));
    }
}
