//! The best keep rule (issue 20): the land range at each hand size that maximises an
//! [`Objective`] (or a binding's [`Score`]), with common random numbers. Every candidate rule
//! is played on the same games (game `i`'s shuffles: [`Deals`]), so two rules differ only
//! where their decisions differ and the paired difference has a small variance.
//!
//! The family: for every hand size at which the era lets the player mulligan, above the
//! baseline rule's `keep_at` (103.5), a land range `[lo, hi]`, `0 <= lo <= hi <= size`: 36
//! ranges at seven cards, 28 at six, 21 at five, so 21,168 rules for London with `keep_at`
//! 4; for a built-in objective only the ranges a player would keep ([`players_range`]: 4, 6
//! and 8, 192 rules), since the objectives score the mana and not what a mulligan costs.
//! Each mulligan shuffles the whole hand back (103.5), so the rounds are independent and the
//! value of the game from the first round of a size on depends only on the ranges at that
//! size and below: the search goes size by size from the smallest (backward induction), each
//! size's ranges scored on every game's rounds of that size with the smaller sizes' ranges
//! already chosen. That finds the family's best rule in expectation while scoring only
//! `36 + 28 + 21 = 85` rules. The winner is then compared with the baseline on `games` further
//! games (indices `games..2 games`), so the interval of the difference is not biased by the
//! search's choice: the difference per game, paired, and its 95% normal interval.

use super::objective::{Objective, Score, Scorer};
pub use super::optimize_colours::MAX_SEARCHED_SOURCES;
use super::optimize_colours::{deck_colours, minimums, with_minimums};
pub use super::optimize_report::{OptimizeReport, StageReport};
pub use super::plausible::{implausible_keeps, players_range, PLAUSIBLE_SEVEN};
use super::questions::questions;
use super::request::{Request, MAX_TURNS};
use super::resolved::Resolved;
use super::simulation::{Deals, Kept, Plan};
use super::sources::{DeckCards, Profile};
use super::wilson::{wilson, Interval};
use crate::card::CardId;
use crate::card_data::CardTable;
use crate::error::{Error, Result};
use crate::house::HouseRules;
use crate::rules::{self, MulliganRule, BASE_HAND_SIZE};
use crate::seed::Seed;
use crate::simulate::conditions::RuleCards;
use crate::simulate::{Abort, CompiledRule, Config, KeepRule};

/// Games one search block plays on one thread (results are added block by block, in order,
/// so they do not depend on the thread count).
const BLOCK: u64 = 1024;

/// The most games a search scores every candidate on.
pub const MAX_SEARCH_GAMES: u64 = 10_000_000;

/// The normal quantile of a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

/// A search: the plan the games are played by, the baseline rule, the deck's land flags and
/// tags, the games and threads.
pub struct Search<'a> {
    /// The games' shape (the era, the deck, the draws the scorer looks at).
    pub plan: Plan<'a>,
    /// The rule the winner is compared with.
    pub baseline: KeepRule,
    /// What the keep rules read of the cards (lands, tags, names, colours).
    pub cards: RuleCards,
    /// Colours whose minimum number of sources is searched too (`min_sources`: each from 0 to
    /// [`MAX_SEARCHED_SOURCES`], 0 to 1 with four colours or more); empty: the baseline's
    /// minimums are kept.
    pub colours: Vec<char>,
    /// Games per candidate.
    pub games: u64,
    /// Threads.
    pub threads: usize,
    /// Search only the ranges a player would keep ([`players_range`]): what a built-in
    /// objective's search covers; false: every range (a binding's scoring function).
    pub players_ranges: bool,
}

/// Progress: `(done, total)` game plays; false stops the search.
pub type Progress<'p> = &'p mut dyn FnMut(u64, u64) -> bool;

/// The game plays of a search so far, reported to its [`Progress`].
struct Ticker<'p, 'q> {
    done: u64,
    total: u64,
    progress: &'p mut Progress<'q>,
}

impl Ticker<'_, '_> {
    fn add(&mut self, plays: u64) -> Result<()> {
        self.done = (self.done + plays).min(self.total);
        match (self.progress)(self.done, self.total) {
            true => Ok(()),
            false => Err(Error::config("optimize: stopped")),
        }
    }
}

/// The best range at each size (smallest first) for one set of the other conditions, and each
/// stage's report (searched order).
struct Ranges {
    chosen: Vec<(usize, u32, u32)>,
    reports: Vec<StageReport>,
    /// Each seven-card range scored, with its mean (for the implausible-keep warning).
    sevens: Vec<([u32; 2], f64)>,
}

/// One pass over games: the rules played, from which round, from which game index.
struct Pass<'r> {
    rules: &'r [KeepRule],
    first: u32,
    start: u64,
}

/// The hand sizes at which the player decides (can mulligan, above `keep_at`) and the first
/// round of each, in play order.
pub fn stages(cfg: &Config, keep_at: Option<usize>) -> Vec<(usize, u32)> {
    let free = cfg.free_total();
    let (mut out, mut counted) = (Vec::<(usize, u32)>::new(), 0u32);
    for m in 0..64u32 {
        let step = cfg.rule.hand_step(cfg.hand_size, m, counted, free);
        let drawn = step.draw.min(cfg.deck_size);
        let size = drawn - step.bottom.min(drawn);
        if !step.can_mulligan || size == 0 || keep_at.is_some_and(|k| size <= k) {
            break;
        }
        if out.last().map(|&(s, _)| s) != Some(size) {
            out.push((size, m));
        }
        counted += u32::from(m >= free);
    }
    out
}

impl Search<'_> {
    /// `base` with the ranges of `chosen` (other sizes: the base's).
    fn rule(base: &KeepRule, chosen: &[(usize, u32, u32)]) -> KeepRule {
        let mut rule = base.clone();
        for &(size, lo, hi) in chosen {
            rule.ranges.retain(|&(s, _, _)| s != size);
            rule.ranges.push((size, lo, hi));
        }
        rule.ranges.sort_unstable();
        rule
    }

    /// The backward induction over `stages` with `base`'s other conditions: the best range at
    /// each size (smallest first) and each stage's report (searched order).
    fn ranges<S: Score + Clone + Send>(
        &self,
        seed: &Seed,
        scorer: &S,
        base: &KeepRule,
        stages: &[(usize, u32)],
        ticker: &mut Ticker<'_, '_>,
    ) -> Result<Ranges> {
        let mut chosen: Vec<(usize, u32, u32)> = vec![];
        let mut reports = vec![];
        let mut sevens = vec![];
        for &(size, first) in stages.iter().rev() {
            let baseline_range = base
                .ranges
                .iter()
                .find(|&&(s, _, _)| s == size)
                .map(|&(_, lo, hi)| [lo, hi]);
            // The baseline's range first, so that a tie keeps it.
            let mut ranges: Vec<[u32; 2]> = baseline_range.into_iter().collect();
            for [lo, hi] in self.candidates(size) {
                if Some([lo, hi]) != baseline_range {
                    ranges.push([lo, hi]);
                }
            }
            let rules: Vec<KeepRule> = ranges
                .iter()
                .map(|&[lo, hi]| {
                    let mut c = chosen.clone();
                    c.push((size, lo, hi));
                    Self::rule(base, &c)
                })
                .collect();
            let baseline_rule = {
                let mut rule = Self::rule(base, &chosen);
                if baseline_range.is_none() {
                    rule.ranges.retain(|&(s, _, _)| s != size);
                }
                rule
            };
            let mut all = rules.clone();
            all.push(baseline_rule);
            let pass = Pass {
                rules: &all,
                first,
                start: 0,
            };
            let sums = self.score(seed, &pass, scorer, ticker)?;
            let means: Vec<f64> = sums.iter().map(|m| m[0] / self.games as f64).collect();
            let mut best = 0;
            for (i, &v) in means.iter().enumerate().take(rules.len()) {
                if v > means[best] {
                    best = i;
                }
            }
            let [lo, hi] = ranges[best];
            if size == BASE_HAND_SIZE as usize {
                sevens = ranges.iter().copied().zip(means.iter().copied()).collect();
            }
            chosen.push((size, lo, hi));
            reports.push(StageReport {
                size,
                tried: ranges.len(),
                range: [lo, hi],
                value: means[best],
                baseline_range,
                baseline_value: means[rules.len()],
            });
        }
        Ok(Ranges {
            chosen,
            reports,
            sevens,
        })
    }

    /// The ranges searched at `size` cards: every `[lo, hi]`, or a player's only
    /// ([`Search::players_ranges`]).
    fn candidates(&self, size: usize) -> Vec<[u32; 2]> {
        let s = size as u32;
        (0..=s)
            .flat_map(|lo| (lo..=s).map(move |hi| [lo, hi]))
            .filter(|&[lo, hi]| !self.players_ranges || players_range(size, lo, hi))
            .collect()
    }

    /// Runs the search with `scorer`, whose objective is `objective` (words).
    pub fn run<S: Score + Clone + Send>(
        &self,
        seed: &Seed,
        scorer: &S,
        objective: String,
        progress: Progress<'_>,
    ) -> Result<OptimizeReport> {
        if self.games == 0 || self.games > MAX_SEARCH_GAMES {
            return Err(Error::config(format!(
                "optimize: games must be from 1 to {MAX_SEARCH_GAMES}, got {}",
                self.games
            )));
        }
        let stages = stages(&self.plan.cfg, self.baseline.keep_at);
        if stages.is_empty() {
            return Err(Error::config(format!(
                "optimize: the {} mulligan rule with this keep rule decides nothing (no hand \
                 size can be mulliganed): there is no keep rule to search",
                self.plan.cfg.rule.name()
            )));
        }
        let per_size = |s: usize| self.candidates(s).len();
        let tried: usize = stages.iter().map(|&(s, _)| per_size(s)).sum();
        let family_size = stages
            .iter()
            .map(|&(s, _)| per_size(s) as u64)
            .fold(1u64, |a, b| a.saturating_mul(b));
        let combos = minimums(&self.baseline, &self.colours);
        let tried = tried * combos.len();
        let family_size = family_size.saturating_mul(combos.len() as u64);
        let total = ((tried + stages.len() * combos.len()) as u64 + 2) * self.games;
        let mut progress = progress;
        let mut ticker = Ticker {
            done: 0,
            total,
            progress: &mut progress,
        };
        ticker.add(0)?;
        let mut found: Option<(f64, KeepRule, Ranges)> = None;
        for minimums in &combos {
            let base = with_minimums(&self.baseline, minimums);
            let ranges = self.ranges(seed, scorer, &base, &stages, &mut ticker)?;
            // The value of the whole game: the largest size's stage, searched last.
            let value = ranges.reports.last().map_or(f64::MIN, |r| r.value);
            if found.as_ref().is_none_or(|f| value > f.0) {
                found = Some((value, base, ranges));
            }
        }
        let Some((
            _,
            base,
            Ranges {
                chosen,
                mut reports,
                sevens,
            },
        )) = found
        else {
            return Err(Error::config("optimize: no rule to search"));
        };
        reports.reverse();
        let best = Self::rule(&base, &chosen);
        let pair = [best.clone(), self.baseline.clone()];
        let pass = Pass {
            rules: &pair,
            first: 0,
            start: self.games,
        };
        let m = self.score(seed, &pass, scorer, &mut ticker)?;
        let n = self.games as f64;
        let (b, a) = (&m[0], &m[1]);
        let mean = |s: f64| s / n;
        let var = |s: f64, s2: f64| ((s2 - s * s / n) / (n - 1.0).max(1.0)).max(0.0);
        let normal = |mid: f64, v: f64| Interval {
            low: mid - Z95 * (v / n).sqrt(),
            high: mid + Z95 * (v / n).sqrt(),
        };
        let interval = |s: f64, s2: f64| match scorer.is_rate() {
            true => wilson(s.round() as u64, self.games),
            false => normal(mean(s), var(s, s2)),
        };
        let difference = mean(b[0] - a[0]);
        Ok(OptimizeReport {
            objective,
            objective_name: "score".into(),
            warnings: vec![],
            sevens,
            family: format!(
                "{} at each hand size the player may mulligan: {}{}; the baseline's bottom, \
                 keep_at and other conditions",
                if self.players_ranges {
                    "a land range a player would keep (7 cards: 2-4, 2-5, 3-4 or 3-5 lands; 6: \
                     1-2 up to 3-5; 5: 1-2 up to 2-5; 4 or fewer: any holding 1 or 2)"
                } else {
                    "a land range"
                },
                stages
                    .iter()
                    .map(|&(s, _)| format!("{} at {s} cards", per_size(s)))
                    .collect::<Vec<_>>()
                    .join(", "),
                match self.colours.len() {
                    0 => String::new(),
                    n => format!(
                        "; and at least 0 to {} sources of {} ({} combinations, the ranges \
                         searched for each)",
                        if n <= 3 { MAX_SEARCHED_SOURCES } else { 1 },
                        self.colours.iter().collect::<String>(),
                        combos.len()
                    ),
                }
            ),
            family_size,
            rules_tried: tried,
            search_games: self.games,
            compare_games: self.games,
            best_value: mean(b[0]),
            best_interval: interval(b[0], b[1]),
            baseline_value: mean(a[0]),
            baseline_interval: interval(a[0], a[1]),
            difference,
            difference_interval: normal(difference, var(b[2], b[3])),
            unpaired_interval: normal(difference, var(b[0], b[1]) + var(a[0], a[1])),
            best,
            baseline: self.baseline.clone(),
            stages: reports,
        })
    }

    /// Each rule's sums over games `start..start + games` played from round `first`: per
    /// rule `[sum, sum of squares, sum of (score - last rule's), sum of its squares]`.
    fn score<S: Score + Clone + Send>(
        &self,
        seed: &Seed,
        pass: &Pass<'_>,
        scorer: &S,
        ticker: &mut Ticker<'_, '_>,
    ) -> Result<Vec<[f64; 4]>> {
        let (rules, first, start) = (pass.rules, pass.first, pass.start);
        let policies: Vec<CompiledRule> = rules
            .iter()
            .map(|r| r.compile_for(&self.cards))
            .collect::<Result<_>>()?;
        let blocks = self.games.div_ceil(BLOCK);
        let threads = self.threads.clamp(1, 64) as u64;
        let wave = threads * 8;
        let mut sums = vec![[0.0f64; 4]; rules.len()];
        let mut b = 0;
        while b < blocks {
            let end = (b + wave).min(blocks);
            let per = (end - b).div_ceil(threads);
            let results: Vec<std::result::Result<Vec<Vec<[f64; 4]>>, Abort>> =
                std::thread::scope(|s| {
                    let handles: Vec<_> = (0..threads)
                        .map(|t| (b + t * per, (b + (t + 1) * per).min(end)))
                        .filter(|(x, y)| x < y)
                        .map(|(x, y)| {
                            let (mut scorer, mut policies) = (scorer.clone(), policies.clone());
                            s.spawn(move || {
                                (x..y)
                                    .map(|blk| {
                                        let from = start + blk * BLOCK;
                                        let to = start + ((blk + 1) * BLOCK).min(self.games);
                                        self.block(
                                            seed,
                                            &mut policies,
                                            first,
                                            from..to,
                                            &mut scorer,
                                        )
                                    })
                                    .collect()
                            })
                        })
                        .collect();
                    handles
                        .into_iter()
                        .map(|h| h.join().unwrap_or(Err(Abort)))
                        .collect()
                });
            for r in results {
                let r = r.map_err(|_| Error::config("the scoring function stopped the search"))?;
                for block in r {
                    for (acc, add) in sums.iter_mut().zip(block) {
                        for k in 0..4 {
                            acc[k] += add[k];
                        }
                    }
                }
            }
            let played = (end * BLOCK).min(self.games) - b * BLOCK;
            ticker.add(played * rules.len() as u64)?;
            b = end;
        }
        Ok(sums)
    }

    /// One block's sums (see [`Search::score`]).
    fn block<S: Score>(
        &self,
        seed: &Seed,
        policies: &mut [CompiledRule],
        first: u32,
        games: std::ops::Range<u64>,
        scorer: &mut S,
    ) -> std::result::Result<Vec<[f64; 4]>, Abort> {
        let mut deck: Vec<CardId> = (0..self.plan.profile.len() as CardId).collect();
        let mut deals = Deals::new(seed, &mut deck);
        let mut kept = Kept::default();
        let mut out = vec![[0.0f64; 4]; policies.len()];
        let mut scores = vec![0.0; policies.len()];
        let remember = scorer.remember();
        let mut memo: Vec<(Vec<CardId>, usize, f64)> = vec![];
        for i in games {
            deals.game(i);
            memo.clear();
            for (p, x) in policies.iter_mut().zip(scores.iter_mut()) {
                self.plan.play_from(&mut deals, first, p, &mut kept)?;
                *x = match memo
                    .iter()
                    .find(|(seen, hand, _)| *hand == kept.hand && *seen == kept.seen)
                {
                    Some(&(_, _, x)) => x,
                    None => {
                        let x = scorer.score(&kept.seen, kept.hand)?;
                        if !x.is_finite() {
                            return Err(Abort);
                        }
                        if remember {
                            memo.push((kept.seen.clone(), kept.hand, x));
                        }
                        x
                    }
                };
            }
            let last = *scores.last().unwrap_or(&0.0);
            for (o, &x) in out.iter_mut().zip(&scores) {
                o[0] += x;
                o[1] += x * x;
                o[2] += x - last;
                o[3] += (x - last) * (x - last);
            }
        }
        Ok(out)
    }
}

/// The search a request asks for (`optimize`: a built-in [`Objective`]) on `cards` read through
/// `table`, from `seed`, on the request's threads.
/// A deck with a commander runs as Commander unless the request names a variant
/// ([`Request::for_deck`]).
pub fn search<'a, D>(
    cards: impl Into<DeckCards<'a>>,
    table: Option<&CardTable>,
    request: &Request<D>,
    seed: &Seed,
    progress: Progress<'_>,
) -> Result<OptimizeReport> {
    search_resolved(
        &Resolved::new(cards.into(), table, request),
        table,
        seed,
        progress,
    )
}

/// [`search`] on a deck already resolved against its request ([`Resolved`]).
pub fn search_resolved(
    deck: &Resolved,
    table: Option<&CardTable>,
    seed: &Seed,
    progress: Progress<'_>,
) -> Result<OptimizeReport> {
    let request = &deck.request;
    let profile = &deck.profile;
    let objective = request
        .optimize
        .clone()
        .ok_or_else(|| Error::config("optimize: no objective given"))?;
    let (scorer, turn) = match &objective {
        Objective::OnCurve(name) | Objective::Castable(name) => {
            let asked = Request {
                deck: (),
                cards: vec![name.clone()],
                ..Request::new((), request.turns)
            };
            let (mut questions, _) = questions(profile, &asked, table, &mut vec![])
                .map_err(|e| Error::config(format!("optimize on-curve: {e}")))?;
            let q = questions.pop().ok_or_else(|| {
                Error::config(format!(
                    "optimize on-curve: {name:?}: the deck has too many kinds of land for its cost"
                ))
            })?;
            let turn = q.turn();
            let with_card = matches!(objective, Objective::OnCurve(_));
            (Scorer::OnCurve(Box::new(q), 0, with_card, vec![]), turn)
        }
        Objective::Lands { at_least, turn } => {
            let turn = turn.unwrap_or(*at_least);
            if *at_least == 0 || turn == 0 || turn > MAX_TURNS {
                return Err(Error::config(format!(
                    "optimize lands: at least 1 land by a turn from 1 to {MAX_TURNS}, got \
                     {at_least} by turn {turn}"
                )));
            }
            let flags = profile.lands.iter().map(Option::is_some).collect();
            (Scorer::Lands(flags, *at_least, 0), turn)
        }
    };
    let scorer = scorer.with_draws(turn - usize::from(request.skips_first_draw()));
    let setup = Setup::new(profile, request, turn)?;
    if let Objective::Lands { at_least, .. } = objective {
        let seen = BASE_HAND_SIZE as usize + turn - usize::from(request.skips_first_draw());
        if at_least > seen.min(profile.land_count()) {
            return Err(Error::config(format!(
                "optimize lands: {at_least} lands by turn {turn} can never happen ({seen} \
                 cards seen, {} lands in the deck)",
                profile.land_count()
            )));
        }
    }
    let mut report = setup.run(
        request,
        seed,
        &scorer,
        objective.describe(),
        progress,
        Some(&objective),
    )?;
    report.objective_name = objective.name().to_string();
    Ok(report)
}

/// A search with a binding's scoring function (`scorer`, described by `objective`), looking
/// at the draws up to the request's `turns`.
pub fn search_scored<S: Score + Clone + Send>(
    deck: &Resolved,
    seed: &Seed,
    scorer: &S,
    objective: String,
    progress: Progress<'_>,
) -> Result<OptimizeReport> {
    let request = &deck.request;
    Setup::new(&deck.profile, request, request.turns)?
        .run(request, seed, scorer, objective, progress, None)
}

#[path = "optimize_setup.rs"]
mod setup;
use setup::Setup;

#[cfg(test)]
#[path = "optimize_tests.rs"]
mod tests;
