//! The mulligan procedure a sources table assumes (rule 103.5 and the older eras' texts), as
//! one list of rounds: what each round draws, how many cards go to the bottom (London,
//! 103.5), whether the hand may still be sent back, and which land counts keep. Two sources
//! build it: Frank Karsten's method (`HowManySources2022Update.py`, read as published: his keep
//! rule, his bottom order, the free seven of a 99-card deck) and this project's keep rules
//! under any era ([`crate::simulate::KeepRule`] compiled to a count rule).
//!
//! Both the exact sums ([`super::exact`]) and the simulation ([`super::simulated`]) read the
//! same `Procedure`, so they answer the same question.

use crate::error::{Error, Result};
use crate::rules::MulliganRule;
use crate::simulate::{Config, CountRule, KeepRule, Policy};

/// Frank Karsten's ideal kept land count after a London bottom: lands go first while the hand
/// holds more than three, then spells ("Ideal would be 3 land, 3 spells").
pub const KARSTEN_IDEAL_LANDS: usize = 3;

/// One round of the procedure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Round {
    /// Cards drawn for the hand.
    pub draw: usize,
    /// Of those, cards put on the bottom (London, 103.5).
    pub bottom: usize,
    /// `[lands drawn]`: the lands left after the bottom (lands drawn minus lands bottomed).
    pub kept_lands: Vec<usize>,
    /// `[lands kept]`: keep this hand (true for every count when it cannot be sent back)?
    pub keep: Vec<bool>,
    /// Vancouver's look for a smaller hand (scry 1): `[lands kept][top is a land]`, put the
    /// top card on the bottom? `None`: no look.
    pub look: Option<Vec<[bool; 2]>>,
}

/// The whole procedure: the rounds in order (the last one always keeps).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Procedure {
    /// The rounds, first to last.
    pub rounds: Vec<Round>,
}

impl Procedure {
    /// Frank Karsten's method: the seven-card hand kept with 2 to 5 lands; six and five cards
    /// kept with 2 to 4 lands after the bottom; four cards always kept; the bottom keeps three
    /// lands where it can (lands go first while there are more than three, then spells). A
    /// 99-card deck first draws a free seven kept with 3 to 5 lands (103.5c's free mulligan in
    /// multiplayer).
    pub fn karsten(deck_size: usize) -> Procedure {
        let round = |bottom: usize, lo: usize, hi: usize| Round {
            draw: 7,
            bottom,
            kept_lands: (0..=7)
                .map(|l| (l.min(KARSTEN_IDEAL_LANDS)).max(l.saturating_sub(bottom)))
                .collect(),
            keep: (0..=7).map(|l| (lo..=hi).contains(&l)).collect(),
            look: None,
        };
        let mut rounds = vec![];
        if deck_size == 99 {
            rounds.push(round(0, 3, 5));
        }
        rounds.push(round(0, 2, 5));
        rounds.push(round(1, 2, 4));
        rounds.push(round(2, 2, 4));
        rounds.push(round(3, 0, 7));
        Procedure { rounds }
    }

    /// This project's keep rule `keep` under the era and free mulligans of `cfg` (a deck of
    /// `cfg.deck_size` cards holding `lands` lands). Refuses what a land count cannot decide
    /// (card conditions), PARTIAL_PARIS (a hand keeps cards across mulligans) and house rules
    /// (smoothing, the land redraw) and HOUSTON.
    pub fn rule(cfg: &Config, keep: &KeepRule, lands: usize) -> Result<Procedure> {
        cfg.validate()?;
        if cfg.rule == MulliganRule::PartialParis {
            return Err(Error::config(
                "sources tables do not cover PARTIAL_PARIS (its hands keep cards across mulligans)",
            ));
        }
        if cfg.rule == MulliganRule::Houston {
            return Err(Error::config(
                "sources tables do not cover HOUSTON (its bottom of three from ten is not a \
                 land-count rule's)",
            ));
        }
        if cfg.house.smoothing.is_some() || cfg.house.land_mulligan {
            return Err(Error::config(
                "sources tables do not cover hand smoothing or the land redraw",
            ));
        }
        if keep.has_card_conditions() {
            return Err(Error::config(
                "sources tables take land-count keep rules only, not card conditions \
                 (requires, min_sources, requires_cards)",
            ));
        }
        let n = cfg.deck_size;
        let flags: Vec<bool> = (0..n).map(|i| i < lands).collect();
        let tags = vec![vec![]; n];
        let rule: CountRule = keep
            .compile(&flags, &tags)?
            .count_rule(cfg.hand_size)
            .ok_or_else(|| Error::config("no count rule for this hand size"))?;
        let (h, free) = (cfg.hand_size, cfg.free_total());
        let mut rounds = vec![];
        let mut counted = 0u32;
        for m in 0..=cfg.max_mulligans() as u32 {
            let step = cfg.rule.hand_step(h, m, counted, free);
            let size = step.draw - step.bottom;
            let kept_lands: Vec<usize> = (0..=step.draw)
                .map(|l| match step.bottom {
                    0 => l,
                    b => rule.kept_lands(b, l),
                })
                .collect();
            let keep = (0..=size)
                .map(|l| !step.can_mulligan || rule.keeps(size, l))
                .collect();
            let look = (step.look && size < h).then(|| {
                (0..=size)
                    .map(|l| {
                        [
                            rule.vancouver(size, l, false),
                            rule.vancouver(size, l, true),
                        ]
                    })
                    .collect()
            });
            let last = !step.can_mulligan;
            rounds.push(Round {
                draw: step.draw,
                bottom: step.bottom,
                kept_lands,
                keep,
                look,
            });
            if last {
                break;
            }
            counted += u32::from(m >= free);
        }
        Ok(Procedure { rounds })
    }

    /// The most cards a round draws.
    pub fn most_drawn(&self) -> usize {
        self.rounds.iter().map(|r| r.draw).max().unwrap_or(0)
    }

    /// Whether any round looks at the top card (Vancouver).
    pub fn looks(&self) -> bool {
        self.rounds.iter().any(|r| r.look.is_some())
    }
}

/// The lands put on the bottom split between lands that add the colour (`good`) and the
/// others: the others go first (his `put_lands_on_bottom`; the choice that keeps the colour).
/// Returns the good and other lands left.
pub fn bottom_lands(good: usize, other: usize, lands_out: usize) -> (usize, usize) {
    let others_out = other.min(lands_out);
    (good - (lands_out - others_out), other - others_out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn karstens_bottom_order_as_he_writes_it() {
        let p = Procedure::karsten(60);
        assert_eq!(p.rounds.len(), 4);
        // Six cards (one to the bottom): "if hand['Spell'] > 3: spell, else a land".
        // Lands drawn 0..=7 (spells 7..=0).
        assert_eq!(p.rounds[1].kept_lands, vec![0, 1, 2, 3, 3, 4, 5, 6]);
        // Five cards: >3 spells: two spells; 3 spells (4 lands): a land and a spell; else two lands.
        assert_eq!(p.rounds[2].kept_lands, vec![0, 1, 2, 3, 3, 3, 4, 5]);
        // Four cards: 3 spells (4 lands): a land, two spells; 2 spells (5 lands): two lands, a spell.
        assert_eq!(p.rounds[3].kept_lands, vec![0, 1, 2, 3, 3, 3, 3, 4]);
        assert!(p.rounds[3].keep.iter().all(|&k| k));
        assert_eq!(
            p.rounds[0].keep,
            vec![false, false, true, true, true, true, false, false]
        );
        let commander = Procedure::karsten(99);
        assert_eq!(commander.rounds.len(), 5);
        assert_eq!(
            commander.rounds[0].keep,
            vec![false, false, false, true, true, true, false, false]
        );
        assert_eq!(bottom_lands(2, 1, 2), (1, 0));
        assert_eq!(bottom_lands(2, 3, 2), (2, 1));
    }
}
