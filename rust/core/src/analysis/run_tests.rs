//! The analysis simulation's fast run ([`Plan::run`]: first deals eight games at a time,
//! questions counted by histograms) against the reference, game by game: [`Plan::play`] (each
//! game's shuffles by the general Fisher–Yates) and [`Plan::count`] (the questions by
//! [`Counter`]), for every era, both seats, keep rules by counts and one by card order, and
//! several thread counts (ranges that split the deals' groups of eight). The tallies must be
//! equal, not close.

use super::castable::Question;
use super::curve_counter::Counter;
use super::mana::{B, G, R, U, W};
use super::simulation::{Kept, Plan, Tally};
use super::sources::Profile;
use super::tests::{decks, question, rules, seed, spell_names};
use crate::card::CardId;
use crate::house::HouseRules;
use crate::rules::MulliganRule;
use crate::seed::Seed;
use crate::simulate::{Abort, Config, Policy};

/// The reference: every game on its own, tallied by [`Plan::count`].
fn reference<P: Policy>(plan: &Plan<'_>, seed: &Seed, policy: &mut P, games: u64) -> Tally {
    let mut counter = Counter::new(plan.profile, &plan.questions, |t| plan.draws(t)).unwrap();
    let mut tally = plan.tally();
    let mut deck: Vec<CardId> = (0..plan.profile.len() as CardId).collect();
    let mut kept = Kept::default();
    for i in 0..games {
        plan.play(seed, i, policy, &mut deck, &mut kept).unwrap();
        plan.count(&kept, &mut tally, &mut counter);
    }
    tally
}

/// Keeps a hand unless its first card is a land and it has more than three lands, bottoms the
/// hand's first cards: decisions that depend on the hand's order (as landlord's rule does).
#[derive(Clone)]
struct ByOrder {
    lands: Vec<bool>,
}

impl Policy for ByOrder {
    fn keep(&mut self, hand: &[CardId], lands: u32, _: u32, _: bool) -> Result<bool, Abort> {
        Ok(!(hand.first().is_some_and(|&c| self.lands[c as usize]) && lands > 3))
    }
    fn bottom(&mut self, hand: &[CardId], count: usize) -> Result<Vec<CardId>, Abort> {
        Ok(hand[..count].to_vec())
    }
    fn vancouver(&mut self, hand: &[CardId], top: CardId) -> Result<bool, Abort> {
        Ok(self.lands[top as usize] == (hand.len() % 2 == 0))
    }
}

fn plan_for(profile: &Profile, era: MulliganRule, on_the_draw: bool, turns: usize) -> Plan<'_> {
    let questions: Vec<Question> = spell_names(profile)
        .iter()
        .map(|n| question(profile, n))
        .collect();
    Plan {
        profile,
        cfg: Config {
            rule: era,
            free_first: era == MulliganRule::Houston,
            hand_size: 7,
            deck_size: profile.len(),
            house: HouseRules::default(),
        },
        skips_first_draw: !on_the_draw,
        turns,
        tags: vec!["ramp".into()],
        colours: vec![W, U, R, G, B],
        questions,
    }
}

#[test]
fn the_fast_run_tallies_every_game_as_the_reference_does() {
    let eras = [
        MulliganRule::London,
        MulliganRule::Vancouver,
        MulliganRule::Paris,
        MulliganRule::Houston,
        MulliganRule::NoMulligan,
    ];
    let games = 1500;
    for (d, profile) in decks().iter().enumerate() {
        let era = eras[d % eras.len()];
        let on_the_draw = d % 2 == 1;
        let turns = [1, 4, 9][d % 3];
        let plan = plan_for(profile, era, on_the_draw, turns);
        let s = seed(d as u8 + 40);
        for (r, rule) in rules().iter().enumerate() {
            let mut policy = rule.compile(&profile.land_flags(), &profile.tags).unwrap();
            let want = reference(&plan, &s, &mut policy, games);
            for threads in [1, 3] {
                let got = plan.run(&s, &policy, games, threads).unwrap();
                assert_eq!(got, want, "deck {d} {era:?} rule {r} threads {threads}");
            }
        }
        let mut policy = ByOrder {
            lands: profile.land_flags(),
        };
        let want = reference(&plan, &s, &mut policy, games);
        let got = plan.run(&s, &policy, games, 2).unwrap();
        assert_eq!(got, want, "deck {d} {era:?} by order");
    }
}

#[test]
fn the_fast_run_can_fail() {
    // Another seed's games differ: the comparison above is not vacuous.
    let profile = &decks()[3];
    let plan = plan_for(profile, MulliganRule::London, false, 4);
    let policy = rules()[1]
        .compile(&profile.land_flags(), &profile.tags)
        .unwrap();
    let a = plan.run(&seed(1), &policy, 800, 1).unwrap();
    let b = plan.run(&seed(2), &policy, 800, 1).unwrap();
    assert_ne!(a, b);
    assert!(a.cards.iter().any(|c| c[2] > 0) && a.cards.iter().all(|c| c[1] >= c[2]));
}
