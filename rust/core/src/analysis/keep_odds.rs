//! The exact chance of keeping at each hand size under a count keep rule (a land range per
//! hand size, `keep_at`), for the mulligan of London, Vancouver and Paris (103.5 and the older
//! texts; Canadian Highlander and NONE too). Every mulligan shuffles the whole deck again, so
//! the hands of successive rounds are independent: round `k` draws the hand of
//! [`crate::rules::MulliganRule::hand_step`] (London: the full hand, then one card on the
//! bottom per counted mulligan, chosen by the rule's bottom strategy), its land count is
//! hypergeometric, and the chance of reaching round `k` is the product of the earlier rounds'
//! chances of a mulligan. Vancouver's look (scry 1) changes the library, not the hand.

use super::hypergeometric::pmf;
use crate::error::{Error, Result};
use crate::rules::MulliganRule;
use crate::simulate::{Config, CountRule, KeepRule, Policy};

/// The exact distribution of the kept hand.
#[derive(Debug, Clone, PartialEq)]
pub struct KeepOdds {
    /// Index: hand size; the chance of keeping a hand of that size.
    pub by_size: Vec<f64>,
    /// `[size][lands]`: the chance of keeping a hand of that size with that many lands.
    pub hand_lands: Vec<Vec<f64>>,
    /// Index: mulligans taken (free ones included); the chance of keeping after that many.
    pub mulligans: Vec<f64>,
}

/// The eras [`keep_odds`] computes.
pub fn exact_keep_supported(rule: MulliganRule) -> bool {
    !matches!(rule, MulliganRule::PartialParis | MulliganRule::Houston)
}

/// The exact keep probabilities of a count rule (`rule`, from
/// [`crate::simulate::Policy::count_rule`]) for a deck of `cfg.deck_size` cards holding
/// `lands` lands. Refuses what it does not compute: PARTIAL_PARIS and HOUSTON (a hand is not
/// one draw of a fresh shuffle there), hand smoothing and the land redraw, a deck smaller than
/// the hand, a rule with a tag requirement.
pub fn keep_odds(cfg: &Config, rule: &CountRule, lands: usize) -> Result<KeepOdds> {
    cfg.validate()?;
    if !exact_keep_supported(cfg.rule) {
        return Err(Error::config(format!(
            "exact keep odds cover LONDON, VANCOUVER, PARIS, PARIS_SEQUENTIAL, \
             CANADIAN_HIGHLANDER and NONE, not {}",
            cfg.rule.name()
        )));
    }
    if cfg.house.smoothing.is_some() || cfg.house.land_mulligan {
        return Err(Error::config(
            "exact keep odds do not cover hand smoothing or the land redraw",
        ));
    }
    if rule.sets.is_some() {
        return Err(Error::config(
            "exact keep odds cover land-count rules only, not card conditions (requires, min_sources, requires_cards)",
        ));
    }
    let (n, h) = (cfg.deck_size, cfg.hand_size);
    if n < h || lands > n {
        return Err(Error::config(format!(
            "exact keep odds need a deck of at least the hand size ({h} cards), got {n}"
        )));
    }
    let free = cfg.free_total();
    let mut out = KeepOdds {
        by_size: vec![0.0; h + 1],
        hand_lands: vec![vec![0.0; h + 1]; h + 1],
        mulligans: vec![0.0; cfg.max_mulligans() + 1],
    };
    let (mut reach, mut counted) = (1.0f64, 0u32);
    for m in 0..=cfg.max_mulligans() as u32 {
        let step = cfg.rule.hand_step(h, m, counted, free);
        let mut go_on = 0.0;
        for l in 0..=step.draw.min(lands) {
            let p = pmf(n, lands, step.draw, l);
            let (size, kept) = match step.bottom {
                0 => (step.draw, l),
                b => (step.draw - b, rule.kept_lands(b, l)),
            };
            if !step.can_mulligan || rule.keeps(size, kept) {
                out.by_size[size] += reach * p;
                out.hand_lands[size][kept] += reach * p;
                out.mulligans[m as usize] += reach * p;
            } else {
                go_on += p;
            }
        }
        reach *= go_on;
        if reach == 0.0 {
            break;
        }
        counted += u32::from(m >= free);
    }
    Ok(out)
}

/// [`keep_odds`] for a [`KeepRule`] compiled against a deck with these land flags and tags
/// (index = card id): the chance of keeping at each hand size. A rule with card conditions
/// is refused (its keep depends on more than the land count).
pub fn exact_keep_odds(
    cfg: &Config,
    keep: &KeepRule,
    lands: &[bool],
    tags: &[Vec<String>],
) -> Result<Vec<f64>> {
    if keep.has_card_conditions() {
        return Err(Error::config(
            "exact keep odds cover land-count rules only, not card conditions (requires, min_sources, requires_cards)",
        ));
    }
    let cfg = Config {
        deck_size: lands.len(),
        ..*cfg
    };
    let rule = keep
        .compile(lands, tags)?
        .count_rule(cfg.hand_size)
        .ok_or_else(|| Error::config("no count rule for this hand size"))?;
    let land_count = lands.iter().filter(|&&l| l).count();
    Ok(keep_odds(&cfg, &rule, land_count)?.by_size)
}
