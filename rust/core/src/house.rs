//! Table options that are not the Comprehensive Rules (docs/VARIANTS.md): a table's extra free
//! mulligans (beside 103.5c's), the old no-land/all-land redraw, and the opening-hand
//! smoothing some digital clients use in best-of-one play. Every one is off by default; a game
//! that uses one cites [`HOUSE_RULE`] or [`NOT_THE_RULES`] in its events instead of a rule
//! number, and records it in its set-up, so its log verifies like any other.

use crate::error::{Error, Result};
use crate::rules::MulliganRule;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

mod smoothing;
/// The citations of the events these options cause, kept beside [`crate::rules::cite`].
pub use crate::rules::{HOUSE_RULE, NOT_THE_RULES};
pub use smoothing::{
    gaussian_weight, smoothed_london_choice, smoothed_london_random, smoothed_london_score,
    smoothing_stream, Smoothing, DOMAIN_SMOOTHING, WEIGHTED3_SIGMA,
};

/// The most free mulligans a table may add (issue 13: casual groups and other engines' hosts
/// offer up to five).
pub const MAX_FREE_MULLIGANS: u32 = 5;
/// The fewest and most candidate hands a smoothing model may draw.
pub const MIN_CANDIDATES: u32 = 2;
/// The most candidate hands a smoothing model may draw.
pub const MAX_CANDIDATES: u32 = 8;

/// The table options of one game. The default is the rules alone. A set-up request and a
/// simulation request take them as keys of their own (`#[serde(flatten)]`: the requests'
/// `deny_unknown_fields` still refuses any other key, since every key of this struct is
/// known).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct HouseRules {
    /// A table's extra free mulligans, 0 to 5 (not the rules), taken after 103.5c's own.
    #[serde(default)]
    #[schemars(range(max = 5))]
    pub free_mulligans: u32,
    /// The no-land/all-land redraw, once per game (not the rules).
    #[serde(default)]
    pub land_mulligan: bool,
    /// Opening-hand smoothing of digital clients (not the rules), or null.
    #[serde(default)]
    pub smoothing: Option<Smoothing>,
    /// Candidate hands for `smoothing`, 2 to 8 (null: the model's default).
    #[serde(default)]
    #[schemars(range(min = 2, max = 8))]
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
            if self.smoothing == Some(Smoothing::SmoothedLondon) && k != 2 {
                return Err(Error::config(format!(
                    "smoothing=\"smoothed_london\" compares exactly two hands (the top cards \
                     and the next ones, as XMage's SmoothedLondonMulligan does), so its \
                     smoothing_candidates is 2, got {k}"
                )));
            }
        }
        Ok(())
    }

    /// Refuses the options that do not combine with the era `rule`: the no-land/all-land
    /// redraw with HOUSTON (whose hand is chosen from ten), and `smoothed_london` outside
    /// LONDON (XMage defines it on the London mulligan's draws only).
    pub fn check_rule(&self, rule: MulliganRule) -> Result<()> {
        if self.land_mulligan && rule == MulliganRule::Houston {
            return Err(Error::config(
                "land_mulligan redraws a drawn opening hand; HOUSTON's hand is chosen from ten \
                 cards, so the two do not combine",
            ));
        }
        if self.smoothing == Some(Smoothing::SmoothedLondon) && rule != MulliganRule::London {
            return Err(Error::config(format!(
                "smoothing=\"smoothed_london\" is XMage's smoothing of the London mulligan's \
                 draws and is defined for MulliganRule.LONDON only, not {}; \"arena2\" and \
                 \"weighted3\" smooth the first hand of any era",
                rule.name()
            )));
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

    #[test]
    fn smoothed_london_is_two_candidates_under_london_only() {
        let mut h = HouseRules {
            smoothing: Some(Smoothing::SmoothedLondon),
            ..HouseRules::default()
        };
        assert!(h.validate().is_ok() && h.check_rule(MulliganRule::London).is_ok());
        assert_eq!(h.candidates(), Some(2));
        for rule in MulliganRule::ALL {
            if rule != MulliganRule::London {
                let e = h.check_rule(rule).unwrap_err().to_string();
                assert!(
                    e.contains("smoothed_london") && e.contains(rule.name()),
                    "{e}"
                );
            }
        }
        h.smoothing_candidates = Some(2);
        assert!(h.validate().is_ok());
        h.smoothing_candidates = Some(3);
        let e = h.validate().unwrap_err().to_string();
        assert!(e.contains("exactly two") && e.contains("got 3"), "{e}");
        // The other models smooth the first hand of any era.
        h.smoothing = Some(Smoothing::Weighted3);
        assert!(MulliganRule::ALL.iter().all(|&r| h.check_rule(r).is_ok()));
        h.land_mulligan = true;
        assert!(h.check_rule(MulliganRule::Houston).is_err());
    }
}
