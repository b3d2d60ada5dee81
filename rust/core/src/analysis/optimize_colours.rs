//! The colour-source minimums a best-keep-rule search tries beside the land ranges
//! ([`super::optimize`], `optimize_colours`): "at least k lands that add this colour" (106.1;
//! a fetch land counts as the colours of the lands it can fetch), for each colour the deck's
//! lands add, every combination of 0 to [`MAX_SEARCHED_SOURCES`] (0 to 1 with four colours or
//! more, so that a five-colour deck tries 32 combinations, not 243).

use super::mana::{self, letters};
use crate::simulate::KeepRule;

/// The largest colour-source minimum the search tries (with three colours or fewer).
pub const MAX_SEARCHED_SOURCES: u32 = 2;

/// The colour letters (`WUBRG` order) of a mask of the analysis's colour bits
/// ([`super::mana`]); colourless is not a colour to search.
pub(super) fn deck_colours(mask: u8) -> Vec<char> {
    letters(mask & !mana::C).chars().collect()
}

/// The colour-source minimums tried: every combination over `colours`, the
/// baseline's own first (so that a tie keeps it).
pub(super) fn minimums(baseline: &KeepRule, colours: &[char]) -> Vec<Vec<(String, u32)>> {
    let top = match colours.len() {
        0..=3 => MAX_SEARCHED_SOURCES,
        _ => 1,
    };
    let own = |c: char| {
        baseline
            .min_sources
            .iter()
            .find(|(l, _)| l.eq_ignore_ascii_case(&c.to_string()))
            .map_or(0, |&(_, k)| k)
    };
    let mut out: Vec<Vec<(String, u32)>> = vec![vec![]];
    for &c in colours {
        let mut values: Vec<u32> = vec![own(c)];
        values.extend((0..=top).filter(|&k| k != own(c)));
        out = out
            .into_iter()
            .flat_map(|m| {
                values.iter().map(move |&k| {
                    let mut m = m.clone();
                    m.push((c.to_string(), k));
                    m
                })
            })
            .collect();
    }
    out
}

/// The baseline with the searched colours' minimums set to `minimums` (0: none).
pub(super) fn with_minimums(baseline: &KeepRule, minimums: &[(String, u32)]) -> KeepRule {
    let mut rule = baseline.clone();
    rule.min_sources
        .retain(|(l, _)| !minimums.iter().any(|(c, _)| c.eq_ignore_ascii_case(l)));
    rule.min_sources
        .extend(minimums.iter().filter(|(_, k)| *k > 0).cloned());
    rule.min_sources.sort();
    rule
}
