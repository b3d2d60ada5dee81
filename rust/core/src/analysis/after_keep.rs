//! Exact turn-by-turn distributions after a mulligan keep (103.5, 103.8) for a land-count keep
//! rule under London, Vancouver and Paris (and Canadian Highlander, NONE; free mulligans
//! count): how many lands, sources of a colour or tagged cards the player has seen by each
//! turn, the kept hand included.
//!
//! The model, exactly as the engine plays it ([`super::simulation`]):
//! - Every mulligan shuffles the whole deck again (103.5), so round `k` draws a uniformly
//!   random hand of [`crate::rules::MulliganRule::hand_step`]'s size, its land count `l` is
//!   hypergeometric, and the keep decision depends on `l` only ([`super::keep_odds`]).
//! - London: the cards put on the bottom are the rule's count of lands (and spells), chosen
//!   among the hand's lands (spells) by their place in the hand, which a shuffle makes
//!   uniformly random: so the members of a category (the sources of a colour among the lands,
//!   the tagged cards among the spells) kept are hypergeometric within the hand's lands
//!   (spells). The bottomed cards sit below the whole library: they are not drawn in the
//!   turns asked about (when the library runs out first, the draws stop there, as the
//!   simulation counts them).
//! - The draws are the top of the rest of the shuffled library: hypergeometric from the
//!   cards not drawn into the hand (the bottomed ones excepted), holding the category's
//!   members the hand did not take.
//! - Vancouver's look (scry 1 after a mulligan): the top card is a member, another land or
//!   another spell with its hypergeometric chances; the rule's table decides by the hand's
//!   size, its lands and whether the top card is a land whether it goes to the bottom. Kept
//!   on top, it is the first draw; bottomed, the draws start below it.
//!
//! A category is either a set of lands or a set of spells (a tag also carried by lands is not
//! computed here: the simulation answers it). Per-card castability after a mulligan is left
//! to the simulation (it needs the joint law of every land kind the cost uses).

use super::hypergeometric::pmf;
use super::mana::letters;
use super::report::ExactTurn;
use super::sources::Profile;
use crate::rules::MulliganRule;
use crate::simulate::{Config, CountRule};

/// What is counted: `members` cards of the deck, all lands or all spells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Category {
    /// Cards of the deck in the category.
    pub members: usize,
    /// The members are lands (else spells).
    pub lands: bool,
}

/// Whether [`by_turn`] computes this era: the eras of [`super::keep_odds`], without hand
/// smoothing or the land redraw.
pub fn supported(cfg: &Config, rule: &CountRule) -> bool {
    super::keep_odds::exact_keep_supported(cfg.rule)
        && cfg.house.smoothing.is_none()
        && !cfg.house.land_mulligan
        && rule.sets.is_none()
        && cfg.rule != MulliganRule::PartialParis
}

/// For each entry of `draws` (the cards drawn after the keep by a turn), the exact
/// distribution of the category's members seen by then (kept hand and draws): index `k`, the
/// chance of exactly `k`. A deck of `cfg.deck_size` cards holding `lands` lands, decisions by
/// `rule`. `None` for what [`supported`] refuses or a category larger than its side of the deck.
pub fn by_turn(
    cfg: &Config,
    rule: &CountRule,
    lands: usize,
    category: Category,
    draws: &[usize],
) -> Option<Vec<Vec<f64>>> {
    let (n, h) = (cfg.deck_size, cfg.hand_size);
    let side = if category.lands { lands } else { n - lands };
    if !supported(cfg, rule) || n < h || lands > n || category.members > side {
        return None;
    }
    let width = h + draws.iter().max().copied().unwrap_or(0) + 1;
    let mut out = vec![vec![0.0; width]; draws.len()];
    let ask = Ask {
        cfg,
        rule,
        lands,
        category,
        draws,
    };
    let free = cfg.free_total();
    let (mut reach, mut counted) = (1.0f64, 0u32);
    for m in 0..=cfg.max_mulligans() as u32 {
        let step = cfg.rule.hand_step(h, m, counted, free);
        let drawn = step.draw.min(n);
        let mut go_on = 0.0;
        for l in 0..=drawn.min(lands) {
            let p = pmf(n, lands, drawn, l);
            if p == 0.0 {
                continue;
            }
            let (size, kept) = match step.bottom {
                0 => (drawn, l),
                b => (drawn - b.min(drawn), rule.kept_lands(b, l)),
            };
            if step.can_mulligan && !rule.keeps(size, kept) {
                go_on += p;
                continue;
            }
            let kept_hand = Kept {
                size,
                lands_kept: kept,
                lands_drawn: l,
                drawn,
                look: step.look && size < h && drawn < n,
            };
            kept_hand.add(&ask, reach * p, &mut out);
        }
        reach *= go_on;
        if reach == 0.0 {
            break;
        }
        counted += u32::from(m >= free);
    }
    Some(out)
}

/// The question [`by_turn`] answers.
struct Ask<'a> {
    cfg: &'a Config,
    rule: &'a CountRule,
    lands: usize,
    category: Category,
    draws: &'a [usize],
}

/// One kept hand's shape.
struct Kept {
    size: usize,
    lands_kept: usize,
    lands_drawn: usize,
    drawn: usize,
    look: bool,
}

impl Kept {
    /// Adds `weight` times this hand's per-turn distributions to `out`.
    fn add(&self, ask: &Ask<'_>, weight: f64, out: &mut [Vec<f64>]) {
        let Ask {
            cfg,
            rule,
            lands,
            category,
            draws,
        } = *ask;
        let n = cfg.deck_size;
        let c = category.members;
        // The hand's side of the category (its lands or its spells), drawn and kept.
        let (pool_total, pool_drawn, pool_kept) = if category.lands {
            (lands, self.lands_drawn, self.lands_kept)
        } else {
            (
                n - lands,
                self.drawn - self.lands_drawn,
                self.size - self.lands_kept,
            )
        };
        let library = n - self.drawn;
        let library_lands = lands - self.lands_drawn;
        for s in 0..=pool_drawn.min(c) {
            let ps = pmf(pool_total, c, pool_drawn, s);
            if ps == 0.0 {
                continue;
            }
            for x in 0..=s.min(pool_kept) {
                let px = pmf(pool_drawn, s, pool_kept, x);
                if px == 0.0 {
                    continue;
                }
                let w = weight * ps * px;
                let members = c - s;
                if !self.look {
                    for (t, &d) in draws.iter().enumerate() {
                        let d = d.min(library);
                        for y in 0..=d.min(members) {
                            out[t][x + y] += w * pmf(library, members, d, y);
                        }
                    }
                    continue;
                }
                // Vancouver's look: the top card is a member, another card of the
                // category's side, or a card of the other side.
                let same_side = if category.lands {
                    library_lands
                } else {
                    library - library_lands
                };
                let tops = [
                    (members, true, category.lands),
                    (same_side - members, false, category.lands),
                    (library - same_side, false, !category.lands),
                ];
                for (count, member, top_is_land) in tops {
                    if count == 0 {
                        continue;
                    }
                    let pt = count as f64 / library as f64;
                    let index = (self.size * CountRule::W + self.lands_kept) * 2;
                    let bottom = rule.vancouver[index + usize::from(top_is_land)];
                    let rest = library - 1;
                    let rest_members = members - usize::from(member);
                    for (t, &d) in draws.iter().enumerate() {
                        let (first, d) = match (bottom, d) {
                            (true, d) => (0, d.min(rest)),
                            (false, 0) => (0, 0),
                            (false, d) => (usize::from(member), (d - 1).min(rest)),
                        };
                        for y in 0..=d.min(rest_members) {
                            out[t][x + first + y] += w * pt * pmf(rest, rest_members, d, y);
                        }
                    }
                }
            }
        }
    }
}

/// The exact per-turn distributions after a keep by a count rule ([`by_turn`]), turns
/// `1..=turns`, `draws(t)` cards drawn by turn `t`. `None` when [`by_turn`] does not cover it.
pub fn report_turns(
    cfg: &Config,
    rule: &CountRule,
    profile: &Profile,
    colours: &[u8],
    tags: &[String],
    draws: impl Fn(usize) -> usize,
    turns: usize,
) -> Option<Vec<ExactTurn>> {
    let by_draw: Vec<usize> = (1..=turns).map(draws).collect();
    let lands = profile.land_count();
    let count = |members: usize, is_land: bool| {
        let category = Category {
            members,
            lands: is_land,
        };
        by_turn(cfg, rule, lands, category, &by_draw)
            .map(|d| d.iter().map(|v| trim_f(v)).collect::<Vec<_>>())
    };
    let land_dist = count(lands, true)?;
    let mut sources = vec![];
    for &b in colours {
        sources.push((letters(b), count(profile.sources(b), true)?));
    }
    let mut tag_dists = vec![];
    for tag in tags {
        let carriers = |land: bool| {
            profile
                .tags
                .iter()
                .zip(&profile.lands)
                .filter(|(t, l)| t.contains(tag) && l.is_some() == land)
                .count()
        };
        if carriers(true) == 0 {
            tag_dists.push((tag.clone(), count(carriers(false), false)?));
        }
    }
    Some(
        (0..turns)
            .map(|t| ExactTurn {
                lands: land_dist[t].clone(),
                lands_at_least: at_least(&land_dist[t]),
                sources: sources
                    .iter()
                    .map(|(c, d)| (c.clone(), d[t].clone()))
                    .collect(),
                sources_at_least: sources
                    .iter()
                    .map(|(c, d)| (c.clone(), at_least(&d[t])))
                    .collect(),
                tags: tag_dists
                    .iter()
                    .map(|(c, d)| (c.clone(), d[t].clone()))
                    .collect(),
            })
            .collect(),
    )
}

/// A distribution without its trailing zeros (beyond the most that can be seen).
fn trim_f(dist: &[f64]) -> Vec<f64> {
    let last = dist.iter().rposition(|&p| p > 0.0).unwrap_or(0);
    dist[..=last].to_vec()
}

/// Index `k`: the chance of at least `k` (a distribution's tail sums, at most 1).
pub fn at_least(dist: &[f64]) -> Vec<f64> {
    let mut out: Vec<f64> = dist
        .iter()
        .rev()
        .scan(0.0, |acc, &p| {
            *acc += p;
            Some(f64::min(*acc, 1.0))
        })
        .collect();
    out.reverse();
    out
}
