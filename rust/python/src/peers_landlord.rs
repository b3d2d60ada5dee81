//! Benchmark peer (feature `bench-peers`): mtgoncurve's engine, crate `landlord` 0.1.1 (MIT),
//! against mulligan's analysis on the same deck and questions: for each card, the chance of
//! enough lands by its turn, of the mana to cast it on curve, and of the mana and the card
//! (landlord's `cmc`, `mana` and `play` observations), under landlord's London keep rule.
//!
//! landlord's London rule, read from its source (`mulligan/london.rs`): mulligan while the
//! seven cards drawn hold a land count in `mulligan_on_lands`, down to `mulligan_down_to`
//! cards (that round's hand is kept whatever it holds); a hand kept after `k` mulligans puts
//! `k` cards on the bottom: it first keeps the hand's earliest lands (in drawn order) while
//! the count kept so far is in `mulligan_on_lands`, moves them to the front, and bottoms the
//! last `k` places. [`LandlordLondon`] is that rule as a [`Policy`] of mulligan's engine (the
//! engine's hand order is its shuffle's, uniformly random as landlord's is), so both sides
//! answer the same question. landlord seeds its `SmallRng` from entropy; here its hands are
//! drawn with a seeded one (its `Hand::from_mulligan`, then its `Simulation` observations).
//! Not part of the API; absent from normal builds.

use crate::deck::Deck;
use crate::errors::config_error;
use mulligan_core::analysis::castable::Question;
use mulligan_core::analysis::simulation::Plan;
use mulligan_core::analysis::sources::Profile;
use mulligan_core::card::CardId;
use mulligan_core::card_data::CardTable;
use mulligan_core::house::HouseRules;
use mulligan_core::rules::MulliganRule;
use mulligan_core::simulate::{Abort, Config, Policy};
use pyo3::prelude::*;
use rand07::rngs::SmallRng;
use rand07::SeedableRng;
use std::time::Instant;

/// landlord's London keep rule (module docs) for mulligan's engine.
#[derive(Debug, Clone)]
pub struct LandlordLondon {
    lands: Vec<bool>,
    mulligan_on: [bool; 8],
    down_to: usize,
    /// The land count of the seven cards drawn this round, seen by `bottom` before `keep`.
    drawn_lands: Option<u32>,
}

impl LandlordLondon {
    fn mulligans_on(&self, lands: usize) -> bool {
        self.mulligan_on.get(lands).copied().unwrap_or(false)
    }
}

impl Policy for LandlordLondon {
    fn keep(
        &mut self,
        _hand: &[CardId],
        lands: u32,
        mulligans: u32,
        _can_mulligan: bool,
    ) -> Result<bool, Abort> {
        let drawn = self.drawn_lands.take().unwrap_or(lands) as usize;
        let last = mulligans as usize >= 7usize.saturating_sub(self.down_to);
        Ok(last || !self.mulligans_on(drawn))
    }

    fn bottom(&mut self, hand: &[CardId], count: usize) -> Result<Vec<CardId>, Abort> {
        let mut out = vec![];
        self.bottom_into(hand, count, &mut out)?;
        Ok(out)
    }

    /// landlord's bottom (module docs) without allocating: the hand's order with its first
    /// lands swapped to the front, then its last `count` places.
    fn bottom_into(
        &mut self,
        hand: &[CardId],
        count: usize,
        out: &mut Vec<CardId>,
    ) -> Result<(), Abort> {
        let is_land = |c: CardId| self.lands[c as usize];
        self.drawn_lands = Some(hand.iter().filter(|&&c| is_land(c)).count() as u32);
        let opening = hand.len() - count;
        out.clear();
        out.extend_from_slice(hand);
        let mut front = 0;
        for (i, &c) in hand.iter().enumerate() {
            if !is_land(c) {
                continue;
            }
            if self.mulligans_on(front) && front < opening {
                out.swap(front, i);
                front += 1;
            } else {
                break;
            }
        }
        out.drain(..opening);
        Ok(())
    }

    fn vancouver(&mut self, _hand: &[CardId], _top: CardId) -> Result<bool, Abort> {
        Ok(false)
    }
}

/// One card's counts: (name, games, enough lands, the mana, the mana and the card).
type CardCounts = (String, u64, u64, u64, u64);

/// The question both sides answer: on the play, landlord's `mulligan_down_to` and
/// `mulligan_on_lands`.
type Rule = (bool, usize, Vec<usize>);

/// mulligan's analysis simulation on one thread under [`LandlordLondon`]: the counts of each
/// card named, and the seconds the games took (the deck's compilation excluded).
#[pyfunction]
pub fn mulligan_on_curve(
    py: Python<'_>,
    deck: PyRef<'_, Deck>,
    names: Vec<String>,
    games: u64,
    rule: Rule,
    seed: [u8; 32],
) -> PyResult<(Vec<CardCounts>, f64)> {
    let (on_the_play, down_to, mulligan_on_lands) = rule;
    let cards: Vec<_> = deck
        .cards
        .iter()
        .map(|c| c.bind(py).get().inner.clone())
        .collect();
    let profile = Profile::build(&cards, Some(CardTable::embedded()));
    let mut questions = vec![];
    for name in &names {
        let i = profile
            .names
            .iter()
            .position(|n| n == name)
            .ok_or_else(|| config_error(format!("{name:?} is not in the deck")))?;
        let cost = profile.costs[i]
            .clone()
            .ok_or_else(|| config_error(format!("no mana cost for {name:?}")))?;
        questions.push(
            Question::new(&profile, name, cost)
                .ok_or_else(|| config_error("too many land kinds"))?,
        );
    }
    let mut mulligan_on = [false; 8];
    for l in mulligan_on_lands {
        if l < 8 {
            mulligan_on[l] = true;
        }
    }
    let policy = LandlordLondon {
        lands: profile.land_flags(),
        mulligan_on,
        down_to,
        drawn_lands: None,
    };
    let plan = Plan {
        profile: &profile,
        cfg: Config {
            rule: MulliganRule::London,
            free_first: false,
            hand_size: 7,
            deck_size: profile.len(),
            house: HouseRules::default(),
        },
        skips_first_draw: on_the_play,
        turns: 1,
        tags: vec![],
        colours: vec![],
        questions,
    };
    let seed = mulligan_core::Seed::from_slice(&seed).map_err(crate::errors::to_py)?;
    let (tally, seconds) = py.detach(|| {
        let start = Instant::now();
        let tally = plan.run(&seed, &policy, games, 1);
        (tally, start.elapsed().as_secs_f64())
    });
    let tally = tally.map_err(crate::errors::to_py)?;
    let out = names
        .into_iter()
        .zip(&tally.cards)
        .map(|(n, &[enough, castable, both])| (n, tally.games, enough, castable, both))
        .collect();
    Ok((out, seconds))
}

/// landlord on one thread: its London rule, its hands (`Hand::from_mulligan`, seeded), its
/// observations of each card named, and the seconds the hands and observations took (reading
/// its card collection and the deck list excluded).
#[pyfunction]
pub fn landlord_on_curve(
    py: Python<'_>,
    deck_list: &str,
    names: Vec<String>,
    runs: usize,
    rule: Rule,
    seed: u64,
) -> PyResult<(Vec<CardCounts>, f64)> {
    let (on_the_play, down_to, mulligan_on_lands) = rule;
    use landlord::card::Collection;
    use landlord::hand::Hand;
    use landlord::mulligan::London;
    use landlord::simulation::Simulation;
    use std::sync::OnceLock;
    static ALL: OnceLock<Collection> = OnceLock::new();
    let all = ALL.get_or_init(|| Collection::all().expect("landlord's bundled card collection"));
    let deck = all
        .from_deck_list(deck_list)
        .map_err(|e| config_error(format!("landlord: {}", e.0)))?
        .0;
    let mut goals = vec![];
    for name in &names {
        let card = deck
            .cards
            .iter()
            .find(|c| c.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| config_error(format!("landlord: {name:?} is not in the deck")))?;
        goals.push(card.clone());
    }
    let mut mulligan = London::never();
    mulligan.mulligan_down_to = down_to;
    mulligan.mulligan_on_lands = mulligan_on_lands.into_iter().collect();
    let draws = goals.iter().map(|c| c.turn as usize).max().unwrap_or(0);
    let (out, seconds) = py.detach(|| {
        let start = Instant::now();
        let mut rng = SmallRng::seed_from_u64(seed);
        let hands: Vec<Hand> = (0..runs)
            .map(|_| Hand::from_mulligan(&mulligan, &mut rng, &deck, draws))
            .collect();
        let sim = Simulation {
            hands,
            accumulated_opening_hand_size: 0,
            accumulated_opening_hand_land_count: 0,
            on_the_play,
        };
        let out: Vec<CardCounts> = goals
            .iter()
            .map(|card| {
                let o = sim.observations_for_card(card);
                (
                    card.name.clone(),
                    o.total_runs as u64,
                    o.cmc as u64,
                    o.mana as u64,
                    o.play as u64,
                )
            })
            .collect();
        (out, start.elapsed().as_secs_f64())
    });
    Ok((out, seconds))
}
