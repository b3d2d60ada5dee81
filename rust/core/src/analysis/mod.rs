//! Deck analysis past the opening hand (issue 20): turn by turn after the keep, the lands, the
//! sources of each colour and the tagged cards seen, and for each card the chance of having
//! the mana to cast it on its turn. Exact where the maths allows: hypergeometric with no
//! mulligan ([`hypergeometric`], [`castable`]), and the kept hand's size for a count keep rule
//! under London, Vancouver and Paris ([`keep_odds`]); simulated otherwise ([`simulation`]), each
//! rate with its 95% Wilson interval ([`wilson()`]). Who draws on their first turn follows 103.8.
//! [`luck`] answers "was I unlucky?" over the hands of game logs.
//!
//! The parts: [`mana`] (costs), [`sources`] (the deck's lands and what they add), [`report`]
//! (what comes out).

pub mod after_keep;
pub use crate::deck_profile::{commander, hypergeometric, mana, sources, wilson};
pub mod castable;
pub mod curve_counter;
pub mod curve_hist;
pub mod keep_odds;
pub mod luck;
pub mod objective;
pub mod optimize;
mod optimize_colours;
mod optimize_report;
mod plausible;
pub mod questions;
pub mod report;
pub mod request;
pub mod resolved;
pub mod round_deals;
pub mod simulation;
mod source_needs;

#[cfg(test)]
mod commander_tests;
#[cfg(test)]
mod run_tests;
#[cfg(test)]
mod tests;

use crate::card_data::CardTable;
use crate::error::{Error, Result};
use crate::house::HouseRules;
use crate::rules::{self, MulliganRule, BASE_HAND_SIZE};
use crate::seed::Seed;
use crate::simulate::{Config, Policy};
use after_keep::at_least;
use castable::Question;
use mana::{letters, LETTERS};
use questions::questions;
pub use questions::MAX_QUESTIONS;
use report::{CardReport, KeepReport, Method, Report, TurnReport};
pub use request::{Request, DEFAULT_GAMES, MAX_GAMES, MAX_TURNS};
pub use resolved::Resolved;
use sources::DeckCards;
use std::collections::BTreeMap;
use wilson::{wilson, Interval};

/// The most tags one analysis tallies (the first in name order).
pub const MAX_TAG_NAMES: usize = 64;

/// The whole analysis of a deck (`cards`, index = card id) read through `table`, deciding
/// mulligans by the request's keep rule, simulating from `seed` on the request's threads when
/// not exact.
/// With `optimize`, the report holds the best keep rule's search too ([`optimize`]).
/// A deck with a commander runs as Commander unless the request names a variant
/// ([`Request::for_deck`]).
pub fn analyze<'a, D>(
    cards: impl Into<DeckCards<'a>>,
    table: Option<&CardTable>,
    request: &Request<D>,
    seed: &Seed,
) -> Result<Report> {
    let deck = Resolved::new(cards.into(), table, request);
    let mut report = analyze_resolved(&deck, table, seed)?;
    if deck.request.optimize.is_some() {
        report.optimize = Some(optimize::search_resolved(
            &deck,
            table,
            seed,
            &mut |_, _| true,
        )?);
    }
    Ok(report)
}

/// The analysis and its `source_needs` of a deck already resolved (a binding that runs its
/// own search on the same [`Resolved`] deck calls this one).
pub fn analyze_resolved(deck: &Resolved, table: Option<&CardTable>, seed: &Seed) -> Result<Report> {
    let mut report = analysis(deck, table, seed)?;
    report.source_needs = source_needs::for_analysis(deck, table, &mut report.warnings);
    Ok(report)
}

/// The analysis without the search.
fn analysis(deck: &Resolved, table: Option<&CardTable>, seed: &Seed) -> Result<Report> {
    let (request, variant_source) = (&deck.request, deck.variant_source);
    request.validate()?;
    let threads = request.threads()?;
    let keep = &request.keep_rule();
    let profile = &deck.profile;
    let hand = BASE_HAND_SIZE as usize;
    let skips = request.skips_first_draw();
    let draws = |t: usize| t - usize::from(skips);
    let mut warnings = vec![];
    if !profile.commanders.is_empty() && profile.identity.is_none() {
        warnings.push(format!(
            "903.4: the colour identity of {} is unknown (not in the card table): sources are \
             counted as the table lists them, not bounded by it",
            profile
                .commanders
                .iter()
                .map(|c| c.name.as_str())
                .collect::<Vec<_>>()
                .join(" + ")
        ));
    }
    let (questions, names) = questions(profile, request, table, &mut warnings)?;
    let mut report_later = vec![];
    let last_turn = questions
        .iter()
        .map(Question::turn)
        .chain(std::iter::once(request.turns))
        .max()
        .unwrap_or(1);
    if profile.len() < hand + draws(request.turns) {
        return Err(Error::config(format!(
            "a deck of {} cards runs out before turn {}: {} cards are seen by then",
            profile.len(),
            request.turns,
            hand + draws(request.turns)
        )));
    }
    if last_turn > request.turns && profile.len() < hand + draws(last_turn) {
        warnings.push(format!(
            "the deck runs out before turn {last_turn}: later turns count the whole deck"
        ));
    }
    let colours: Vec<u8> = LETTERS
        .iter()
        .map(|(_, b)| *b)
        .filter(|&b| profile.colours() & b != 0)
        .collect();
    let mut tags = profile.tag_names();
    if tags.len() > MAX_TAG_NAMES {
        report_later.push(format!(
            "{} tags: only the first {MAX_TAG_NAMES} by name are tallied",
            tags.len()
        ));
        tags.truncate(MAX_TAG_NAMES);
    }
    let cfg = Config {
        rule: request.play.mulligan,
        free_first: rules::free_first_mulligan(request.variant(), request.players()),
        hand_size: hand,
        deck_size: profile.len(),
        house: HouseRules::default(),
    };
    cfg.validate()?;
    let policy = keep.compile_for(&profile.rule_cards())?;
    let no_mulligan = request.play.mulligan == MulliganRule::NoMulligan && cfg.free_total() == 0;
    let mut report = Report {
        deck_size: profile.len(),
        lands: profile.land_count(),
        turns: request.turns,
        on_the_draw: request.play.on_the_draw,
        skips_first_draw: skips,
        variant: request.variant(),
        variant_source,
        commanders: profile.commanders.iter().map(|c| c.name.clone()).collect(),
        identity: profile.identity.map(letters),
        players: request.players(),
        mulligan: request.play.mulligan,
        method: Method::Exact,
        games: None,
        seed: None,
        colours: letters(profile.colours()),
        keep: None,
        by_turn: vec![],
        cards: vec![],
        warnings,
        notes: profile.notes.clone(),
        optimize: None,
        source_needs: None,
    };
    report.warnings.append(&mut report_later);
    let exact_cards = if request.exact && no_mulligan {
        let n = profile.len();
        let odds: Option<Vec<_>> = questions
            .iter()
            .map(|q| q.exact(n, hand + draws(q.turn())))
            .collect();
        if odds.is_none() {
            report
                .warnings
                .push("a card's exact computation is too large: simulated instead".into());
        }
        odds
    } else {
        None
    };
    if let Some(odds) = exact_cards {
        let n = profile.len();
        report.by_turn = (1..=request.turns)
            .map(|t| {
                let seen = (hand + draws(t)).min(n);
                let dist = |k: usize| hypergeometric::distribution(n, k, seen);
                let sources: BTreeMap<String, Vec<f64>> = colours
                    .iter()
                    .map(|&b| (letters(b), dist(profile.sources(b))))
                    .collect();
                TurnReport {
                    turn: t,
                    cards_seen: seen,
                    lands: dist(profile.land_count()),
                    lands_interval: None,
                    lands_at_least: at_least(&dist(profile.land_count())),
                    lands_at_least_interval: None,
                    sources_at_least: sources
                        .iter()
                        .map(|(c, d)| (c.clone(), at_least(d)))
                        .collect(),
                    sources_at_least_interval: None,
                    sources,
                    sources_interval: None,
                    tags: tags
                        .iter()
                        .map(|tag| {
                            let k = profile.tags.iter().filter(|t| t.contains(tag)).count();
                            (tag.clone(), dist(k))
                        })
                        .collect(),
                    tags_interval: None,
                    exact: None,
                }
            })
            .collect();
        report.cards = questions
            .iter()
            .zip(&names)
            .zip(odds)
            .map(|((q, (name, cost)), o)| CardReport {
                name: name.clone(),
                mana_cost: cost.clone(),
                mana_value: q.cost.mana_value,
                turn: q.turn(),
                copies: q.copies,
                command_zone: q.in_command_zone,
                castable: o.castable,
                castable_interval: None,
                enough_lands: o.enough_lands,
                enough_lands_interval: None,
                castable_given_lands: (o.enough_lands > 0.0)
                    .then(|| (o.castable / o.enough_lands).min(1.0)),
                castable_given_lands_interval: None,
                castable_and_drawn: o.castable_and_drawn,
                castable_and_drawn_interval: None,
            })
            .collect();
        return Ok(report);
    }
    let plan = simulation::Plan {
        profile,
        cfg,
        skips_first_draw: skips,
        turns: request.turns,
        tags: tags.clone(),
        colours: colours.clone(),
        questions,
    };
    let tally = plan.run(seed, &policy, request.games, threads)?;
    let games = tally.games;
    report.method = Method::Simulation;
    report.games = Some(games);
    report.seed = Some(seed.hex());
    let rates = |counts: &[u64]| -> (Vec<f64>, Vec<Interval>) {
        (
            counts.iter().map(|&c| c as f64 / games as f64).collect(),
            counts.iter().map(|&c| wilson(c, games)).collect(),
        )
    };
    let exact_keep = if request.exact && request.play.mulligan != MulliganRule::NoMulligan {
        match policy.count_rule(hand) {
            Some(rule) if rule.sets.is_none() && keep_odds::exact_keep_supported(cfg.rule) => {
                Some(keep_odds::keep_odds(&cfg, &rule, profile.land_count())?.by_size)
            }
            _ => {
                report.warnings.push(format!(
                    "no exact keep odds for {} with this keep rule: simulated only",
                    cfg.rule.name()
                ));
                None
            }
        }
    } else {
        None
    };
    let exact_turns = if request.exact && exact_keep.is_some() {
        policy.count_rule(hand).and_then(|rule| {
            after_keep::report_turns(&cfg, &rule, profile, &colours, &tags, draws, request.turns)
        })
    } else {
        None
    };
    if request.exact && exact_keep.is_some() && exact_turns.is_none() {
        report
            .warnings
            .push("no exact turn-by-turn figures for this deck and rule: simulated only".into());
    }
    let (kept, kept_interval) = rates(&tally.kept_by_size);
    report.keep = Some(KeepReport {
        exact: exact_keep,
        simulated: Some(kept),
        simulated_interval: Some(kept_interval),
    });
    report.by_turn = (1..=request.turns)
        .map(|t| {
            let (lands, lands_interval) = rates(&trim(&tally.lands[t - 1]));
            let (lands_at_least, lands_at_least_interval) =
                rates(&suffix_sums(&trim(&tally.lands[t - 1])));
            let mut sources = BTreeMap::new();
            let mut sources_interval = BTreeMap::new();
            let mut sources_at_least = BTreeMap::new();
            let mut sources_at_least_interval = BTreeMap::new();
            for (i, &b) in colours.iter().enumerate() {
                let counts = trim(&tally.sources[i][t - 1]);
                let (p, ci) = rates(&counts);
                sources.insert(letters(b), p);
                sources_interval.insert(letters(b), ci);
                let (p, ci) = rates(&suffix_sums(&counts));
                sources_at_least.insert(letters(b), p);
                sources_at_least_interval.insert(letters(b), ci);
            }
            let mut tag_rates = BTreeMap::new();
            let mut tags_interval = BTreeMap::new();
            for (i, tag) in tags.iter().enumerate() {
                let (p, ci) = rates(&trim(&tally.tags[i][t - 1]));
                tag_rates.insert(tag.clone(), p);
                tags_interval.insert(tag.clone(), ci);
            }
            TurnReport {
                turn: t,
                cards_seen: (hand + draws(t)).min(profile.len()),
                lands,
                lands_interval: Some(lands_interval),
                lands_at_least,
                lands_at_least_interval: Some(lands_at_least_interval),
                sources_at_least,
                sources_at_least_interval: Some(sources_at_least_interval),
                sources,
                sources_interval: Some(sources_interval),
                tags: tag_rates,
                tags_interval: Some(tags_interval),
                exact: exact_turns.as_ref().map(|e| e[t - 1].clone()),
            }
        })
        .collect();
    report.cards = plan
        .questions
        .iter()
        .zip(&names)
        .zip(&tally.cards)
        .map(|((q, (name, cost)), &[enough, castable, both])| {
            let rate = |c: u64| c as f64 / games as f64;
            // A commander is always at hand (903.6): the tallies count copies drawn.
            let both = if q.in_command_zone { castable } else { both };
            CardReport {
                name: name.clone(),
                mana_cost: cost.clone(),
                mana_value: q.cost.mana_value,
                turn: q.turn(),
                copies: q.copies,
                command_zone: q.in_command_zone,
                castable: rate(castable),
                castable_interval: Some(wilson(castable, games)),
                enough_lands: rate(enough),
                enough_lands_interval: Some(wilson(enough, games)),
                castable_given_lands: (enough > 0).then(|| castable as f64 / enough as f64),
                castable_given_lands_interval: Some(wilson(castable, enough)),
                castable_and_drawn: rate(both),
                castable_and_drawn_interval: Some(wilson(both, games)),
            }
        })
        .collect();
    Ok(report)
}

/// Index `k`: the sum of entries `k..` (at least `k`).
fn suffix_sums(counts: &[u64]) -> Vec<u64> {
    let mut out: Vec<u64> = counts
        .iter()
        .rev()
        .scan(0, |acc, &c| {
            *acc += c;
            Some(*acc)
        })
        .collect();
    out.reverse();
    out
}

/// A distribution's counts without the trailing impossible entries (beyond the most seen).
fn trim(counts: &[u64]) -> Vec<u64> {
    let last = counts.iter().rposition(|&c| c > 0).unwrap_or(0);
    counts[..=last].to_vec()
}
