//! What a best-keep-rule search answers ([`super::optimize`]): the winner beside the baseline
//! with the interval of their difference, and the search size by size.

use super::wilson::Interval;
use crate::simulate::KeepRule;
use serde::Serialize;

/// One hand size's step of the search.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StageReport {
    /// The hand size.
    pub size: usize,
    /// Ranges scored at this size.
    pub tried: usize,
    /// The best range, `[min lands, max lands]`.
    pub range: [u32; 2],
    /// Its mean score from the first round of this size on (over the search's games).
    pub value: f64,
    /// The baseline's range at this size (null: it keeps any land count).
    pub baseline_range: Option<[u32; 2]>,
    /// The baseline range's mean score, the smaller sizes' best ranges below it.
    pub baseline_value: f64,
}

/// The answer of a best-keep-rule search.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OptimizeReport {
    /// What was maximised, in words.
    pub objective: String,
    /// Its name: `castable_and_drawn`, `castable` (the card figures of those names), `lands`,
    /// or `score` (a binding's scoring function).
    pub objective_name: String,
    /// The best rule keeps hands no player would (docs/ANALYSIS.md: a seven-card hand with
    /// fewer than 2 or more than 5 lands), one sentence each.
    pub warnings: Vec<String>,
    /// Each seven-card range the search scored and its mean from the seven-card round on
    /// (not serialised: what the implausible-keep warning reads).
    #[serde(skip)]
    pub sevens: Vec<([u32; 2], f64)>,
    /// The family searched, in words.
    pub family: String,
    /// Rules in the family (the product of the ranges per size).
    pub family_size: u64,
    /// Rules scored (size by size).
    pub rules_tried: usize,
    /// Games every candidate was scored on (indices `0..games`).
    pub search_games: u64,
    /// Games the winner and the baseline were compared on (indices `games..2 games`).
    pub compare_games: u64,
    /// The best rule found.
    pub best: KeepRule,
    /// The rule it is compared with: the request's, or the default.
    pub baseline: KeepRule,
    /// The best rule's mean score on the comparison games.
    pub best_value: f64,
    /// Its 95% interval (Wilson for a rate, normal otherwise).
    pub best_interval: Interval,
    /// The baseline's mean score on the same games.
    pub baseline_value: f64,
    /// Its 95% interval.
    pub baseline_interval: Interval,
    /// Best minus baseline.
    pub difference: f64,
    /// The 95% interval of the difference, paired game by game.
    pub difference_interval: Interval,
    /// The 95% interval the same difference would have from two independent samples of
    /// this size (for comparison: the paired one is narrower when the rules agree on most
    /// games).
    pub unpaired_interval: Interval,
    /// The search size by size, in play order (largest first; searched smallest first).
    pub stages: Vec<StageReport>,
}
