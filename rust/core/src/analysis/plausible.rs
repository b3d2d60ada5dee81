//! Keeps no player would make: a best keep rule found by a search ([`super::optimize`]) may
//! keep seven-card hands a player never keeps (a 7-lander when the objective scores the mana
//! alone, or because such hands are too rare for the search to tell keeping them from not).
//! The definition: fewer than 2 or more than 5 lands in 7 ([`PLAUSIBLE_SEVEN`]), the range of
//! the default keep rule and of Karsten's.

use super::hypergeometric;
use super::objective::Objective;
use crate::rules::BASE_HAND_SIZE;
use crate::simulate::KeepRule;

/// The fewest and the most lands in a seven-card hand a player keeps, for the warning of
/// [`implausible_keeps`]: the range of the default keep rule and of Karsten's.
pub const PLAUSIBLE_SEVEN: (u32, u32) = (2, 5);

/// Whether `[lo, hi]` lands is a range a player would keep at `size` cards, the family a
/// built-in objective's search covers (docs/ANALYSIS.md): at seven, 2-4, 2-5, 3-4 or 3-5 lands
/// (within [`PLAUSIBLE_SEVEN`], holding 3 and 4); at six, from 1-2 up to 3-5 (holding 2 and 3);
/// at five, from 1-2 up to 2-5; at four or fewer, any range holding 1 land or 2 (every hand
/// of a smaller size).
pub fn players_range(size: usize, lo: u32, hi: u32) -> bool {
    match size {
        7 => (2..=3).contains(&lo) && (4..=5).contains(&hi),
        6 => (1..=2).contains(&lo) && (3..=5).contains(&hi),
        5 => (1..=2).contains(&lo) && hi >= 2,
        _ => lo <= 2 && hi >= 1,
    }
}

/// A warning when `rule` keeps seven-card hands no player would: by definition, hands with
/// fewer than 2 or more than 5 lands ([`PLAUSIBLE_SEVEN`]), with how often a seven-card hand
/// of this deck (`deck_size` cards, `lands` lands) is one of them, and what to do about it
/// given the `objective` (`None`: a binding's scoring function); `None` otherwise.
pub fn implausible_keeps(
    rule: &KeepRule,
    deck_size: usize,
    lands: usize,
    objective: Option<&Objective>,
    effect: Option<(f64, f64, [u32; 2])>,
) -> Option<String> {
    let seven = BASE_HAND_SIZE as usize;
    let (lo, hi) = rule
        .ranges
        .iter()
        .find(|&&(s, _, _)| s == seven)
        .map(|&(_, lo, hi)| (lo, hi))?;
    let (min, max) = PLAUSIBLE_SEVEN;
    let odd: Vec<u32> = (lo..=hi).filter(|&k| k < min || k > max).collect();
    if odd.is_empty() {
        return None;
    }
    let dist = hypergeometric::distribution(deck_size, lands, seven.min(deck_size));
    let share: f64 = odd.iter().filter_map(|&k| dist.get(k as usize)).sum();
    let counts: Vec<String> = odd.iter().map(u32::to_string).collect();
    let why = match objective {
        Some(Objective::Castable(name)) => format!(
            "the castable objective scores the mana alone, which such hands have; \
             on-curve:{name} scores the mana and the card (castable_and_drawn)"
        ),
        _ => "the search keeps whatever scores best, however rare".to_string(),
    };
    let by = match effect {
        Some((best, clipped, [clo, chi])) => format!(
            "; keeping them moves the objective by {:+.4} (the search's games, from the \
             seven-card round on: {best:.4} with them, {clipped:.4} for the same rule keeping \
             {clo}-{chi} in 7)",
            best - clipped
        ),
        None => String::new(),
    };
    let noun = if odd == [1] { "land" } else { "lands" };
    Some(format!(
        "the best rule keeps seven-card hands of {} {noun} ({lo}-{hi} in 7), which no player \
         would keep (this warning's definition: fewer than {min} or more than {max} lands in 7; \
         {:.2}% of this deck's seven-card hands){by}: {why}",
        counts.join(", "),
        100.0 * share
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(lo: u32, hi: u32) -> KeepRule {
        let mut r = KeepRule::default();
        r.ranges.retain(|&(s, _, _)| s != 7);
        r.ranges.push((7, lo, hi));
        r
    }

    #[test]
    fn warns_of_seven_card_keeps_outside_two_to_five_lands() {
        assert_eq!(implausible_keeps(&rule(2, 5), 60, 24, None, None), None);
        let castable = Objective::Castable("Stoke the Flames".into());
        let w = implausible_keeps(&rule(3, 7), 60, 24, Some(&castable), None).unwrap();
        assert!(w.contains("6, 7 lands (3-7 in 7)"), "{w}");
        assert!(w.contains("on-curve:Stoke the Flames"), "{w}");
        // P(6 or 7 lands in 7 of 60 with 24): the hypergeometric tail, as printed.
        let tail: f64 = (6..=7)
            .map(|k| hypergeometric::pmf(60, 24, 7, k))
            .sum::<f64>();
        assert!(w.contains(&format!("{:.2}%", 100.0 * tail)), "{w}");
        let w = implausible_keeps(&rule(0, 4), 60, 24, None, Some((0.5, 0.43, [2, 4]))).unwrap();
        assert!(w.contains("0, 1 lands (0-4 in 7)"), "{w}");
        assert!(w.contains("by +0.0700") && !w.contains("noise"), "{w}");
        let w = implausible_keeps(&rule(1, 2), 60, 20, None, None).unwrap();
        assert!(w.contains("hands of 1 land (1-2 in 7)"), "{w}");
    }
}
