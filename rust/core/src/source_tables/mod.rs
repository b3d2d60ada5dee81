//! Sources tables (docs/ANALYSIS.md, "Sources tables"): for a deck size and land count, the
//! chance of casting a spell on curve for every number of lands of its colour, and the number
//! of those lands a target chance needs — Frank Karsten's "How many sources do you need to
//! consistently cast your spells" tables, computed exactly ([`exact`]) or simulated
//! ([`simulated`]), under his method or this project's keep rules in any era ([`procedure`]).
//!
//! "On curve" is his question: a spell of mana value `t` with `c` coloured symbols of one
//! colour (`1CC` is mana value 3, two of the colour) is cast on turn `t` when the hand then
//! holds at least `t` lands, at least `c` of which add the colour; the chance is conditioned on
//! holding the `t` lands (a spell the land count alone stops is no question of colour). Turn
//! `t` has seen the kept hand and `t - 1` draws, one more for a player who draws on their
//! first turn (103.8).

pub mod deck;
pub mod exact;
pub mod needs;
pub mod procedure;
pub mod simulated;
pub use deck::deck_table;
#[cfg(test)]
mod karsten_tests;
#[cfg(test)]
mod tests;

use crate::deck_profile::play::{Play, VariantSource};
use crate::deck_profile::wilson::{wilson, Interval};
use crate::error::{Error, Result};
use crate::rules::{FirstDraw, MulliganRule, Variant};
use crate::seed::Seed;
use crate::simulate::request::{seed_of, threads_of};
use exact::Kinds;
use procedure::Procedure;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The most turns one table covers.
pub const MAX_TURNS: usize = 15;
/// The largest deck a table takes.
pub const MAX_CARDS: usize = 1000;
/// The most games simulated for each source count.
pub const MAX_GAMES: u64 = 100_000_000;
/// Games simulated for each source count when the request names none.
pub const DEFAULT_GAMES: u64 = 100_000;
/// The chance a table asks for when the request names none and is not `karsten` (a flat 90%;
/// `analyze`'s `source_needs` uses it too).
pub const DEFAULT_TARGET: f64 = 0.9;
/// The most Karsten's (89+M)% target reaches: his tables stop at mana value 6 (95%); past them
/// the target grows one point per mana value up to this, 99% for mana value 10 and above.
pub const KARSTEN_TARGET_CAP: f64 = 0.99;

/// Karsten's target for a spell of mana value `mana_value` (his 2022 tables: (89+M)%, 90% for
/// a one-drop, 91% for a two-drop, ...), capped at [`KARSTEN_TARGET_CAP`].
pub fn karsten_target(mana_value: usize) -> f64 {
    ((89 + mana_value.min(10)) as f64 / 100.0).min(KARSTEN_TARGET_CAP)
}

/// Where a table's target came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum TargetSource {
    /// The request named it (`--target`, `target=`): one target for every cell.
    Given,
    /// Not named, not `karsten`: the flat [`DEFAULT_TARGET`].
    Default,
    /// Not named, `karsten`: his (89+M)% per cost ([`karsten_target`]).
    Karsten,
}
/// Turns a table covers when the request names none (his tables stop at 7).
pub const DEFAULT_TURNS: usize = 7;

fn default_games() -> u64 {
    DEFAULT_GAMES
}
fn default_turns() -> usize {
    DEFAULT_TURNS
}

/// A sources table as asked for (docs/schema.json `SourcesRequest`). The keys it shares with
/// the analysis's request are declared once, in [`Play`]; `turns` (the costs' mana values, 1
/// to 15, default 7) and `games` (for each number of sources) only look like the analysis's
/// (turns after the keep, 1 to 30, required; games in all) and stay this request's own, as do
/// `exact`, `seed` and `threads`, which say how it is computed, not how the deck is played.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(
    rename = "SourcesRequest",
    description = "A sources table as asked for (the HTTP service's `POST /sources`, Python's \
                   `sources` keywords, `mulligan sources`): a deck size and land count; every \
                   other key may be left out."
)]
pub struct Request {
    /// Cards in the deck.
    #[schemars(range(min = 1, max = 1000))]
    pub cards: usize,
    /// Lands in the deck (the table covers 0 to this many of the colour).
    pub lands: usize,
    /// Frank Karsten's method exactly: his keep rule (7 cards: 2-5 lands; 6 and 5: 2-4 after
    /// the bottom; 4: keep), his bottom order, a 99-card deck's free seven (3-5 lands) and
    /// first-turn draw. Refuses `keep`, `variant`, `players` and an era other than LONDON.
    #[serde(default)]
    pub karsten: bool,
    /// Sums of the hypergeometric distribution, no sampling.
    #[serde(default)]
    pub exact: bool,
    /// The chance the `needed` counts aim for, above 0 and at most 1, for every cost; null:
    /// 90%, or with `karsten` his (89+M)% for a cost of mana value M, capped at 99% (mana
    /// value 10 and above).
    #[serde(default)]
    pub target: Option<f64>,
    /// Turns, 1 to 15: the table covers every cost of mana value 1 to this.
    #[serde(default = "default_turns")]
    #[schemars(range(min = 1, max = 15))]
    pub turns: usize,
    /// How the deck is played ([`Play`], shared with the analysis's request): its keys
    /// `on_the_draw`, `variant`, `players`, `mulligan` and `keep` are keys of this request.
    /// `karsten` refuses `keep`, `variant` and `players` and an era other than LONDON.
    #[serde(flatten)]
    pub play: Play,
    /// Games simulated for each number of sources, 1 to 100,000,000 (ignored when exact).
    #[serde(default = "default_games")]
    #[schemars(range(min = 1, max = 100_000_000))]
    pub games: u64,
    /// The seed, 64 hex digits; null: a fresh one from the operating system.
    #[serde(default)]
    #[schemars(regex(pattern = r"^[0-9a-fA-F]{64}$"))]
    pub seed: Option<String>,
    /// Threads to run on (null: every core); the results do not depend on it.
    #[serde(default)]
    #[schemars(range(min = 1))]
    pub threads: Option<usize>,
}

impl Request {
    /// A request for a deck of `cards` cards holding `lands` lands, every other key at its
    /// default.
    pub fn new(cards: usize, lands: usize) -> Request {
        Request {
            cards,
            lands,
            karsten: false,
            exact: false,
            target: None,
            turns: DEFAULT_TURNS,
            play: Play::default(),
            games: DEFAULT_GAMES,
            seed: None,
            threads: None,
        }
    }

    /// A request for a deck of `cards` cards holding `lands` lands played as `play` says (the
    /// shape the analysis shares, [`Play`]), every other key at its default.
    pub fn for_play(cards: usize, lands: usize, play: &Play) -> Request {
        Request {
            play: play.clone(),
            ..Request::new(cards, lands)
        }
    }

    /// The players at the table.
    pub fn players(&self) -> usize {
        self.play.players()
    }

    /// The target of a cost of mana value `turn`: the one given, else Karsten's (89+M)% with
    /// `karsten`, else [`DEFAULT_TARGET`].
    pub fn target_for(&self, turn: usize) -> f64 {
        match (self.target, self.karsten) {
            (Some(t), _) => t,
            (None, true) => karsten_target(turn),
            (None, false) => DEFAULT_TARGET,
        }
    }

    /// The one target of every cell: the one given, else [`DEFAULT_TARGET`] (a `karsten`
    /// table without one has a target per cost: [`Request::target_for`]).
    pub fn target_or_default(&self) -> f64 {
        self.target.unwrap_or(DEFAULT_TARGET)
    }

    /// Where the target comes from.
    pub fn target_source(&self) -> TargetSource {
        match (self.target, self.karsten) {
            (Some(_), _) => TargetSource::Given,
            (None, true) => TargetSource::Karsten,
            (None, false) => TargetSource::Default,
        }
    }

    /// Whether the player draws on their first turn: on the draw, in a multiplayer game
    /// (103.8c), and in his 99-card decks.
    pub fn draws_first_turn(&self) -> bool {
        if self.karsten {
            return self.play.on_the_draw || self.cards == 99;
        }
        self.play.on_the_draw
            || crate::rules::first_draw(self.play.variant(), self.players()) == FirstDraw::Nobody
    }

    /// Cards drawn after the keep by each turn (index 0: turn 1).
    pub fn drawn(&self) -> Vec<usize> {
        let first = usize::from(self.draws_first_turn());
        (0..self.turns).map(|t| t + first).collect()
    }

    /// The mulligan procedure the request describes.
    pub fn procedure(&self) -> Result<Procedure> {
        if self.karsten {
            return Ok(Procedure::karsten(self.cards));
        }
        let cfg = self.play.config(self.cards);
        Procedure::rule(&cfg, &self.play.keep_rule(), self.lands)
    }

    /// The seed: the one given, or a fresh one.
    pub fn seed(&self) -> Result<Seed> {
        seed_of(self.seed.as_deref())
    }

    /// Checks the request on its own.
    pub fn validate(&self) -> Result<()> {
        if self.cards == 0 || self.cards > MAX_CARDS {
            return Err(Error::config(format!(
                "cards must be from 1 to {MAX_CARDS}, got {}",
                self.cards
            )));
        }
        if self.lands > self.cards {
            return Err(Error::config(format!(
                "lands must be at most the deck's {} cards, got {}",
                self.cards, self.lands
            )));
        }
        if self.turns == 0 || self.turns > MAX_TURNS {
            return Err(Error::config(format!(
                "turns must be from 1 to {MAX_TURNS}, got {}",
                self.turns
            )));
        }
        if let Some(target) = self.target {
            if !(target > 0.0 && target <= 1.0) {
                return Err(Error::config(format!(
                    "target must be above 0 and at most 1, got {target}"
                )));
            }
        }
        if self.games == 0 || self.games > MAX_GAMES {
            return Err(Error::config(format!(
                "games must be from 1 to {MAX_GAMES}, got {}",
                self.games
            )));
        }
        if self.karsten {
            if self.play.mulligan != MulliganRule::London {
                return Err(Error::config(format!(
                    "karsten is his method under LONDON; for {} leave karsten out",
                    self.play.mulligan.name()
                )));
            }
            let play = &self.play;
            if play.keep.is_some() || play.variant.is_some() || play.players.is_some() {
                return Err(Error::config(
                    "karsten fixes the keep rule and the table (his 99-card decks are \
                     Commander); leave keep, variant and players out",
                ));
            }
        } else {
            self.play.validate()?;
        }
        threads_of(self.threads)?;
        Ok(())
    }
}

/// One cost of the table: a mana value (the turn) with some symbols of the colour.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Cell {
    /// The turn, which is the spell's mana value.
    pub turn: usize,
    /// The cost as his tables write it: generic mana then `C` per coloured symbol (`2CC`).
    pub cost: String,
    /// Coloured symbols of the one colour.
    pub coloured: usize,
    /// Index: lands of the colour in the deck (0 to `lands`); the chance of casting it on
    /// curve given the land drops (null when no game hits them).
    pub probability: Vec<Option<f64>>,
    /// Simulated: each chance's 95% Wilson interval.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub interval: Option<Vec<Option<Interval>>>,
    /// This cost's target chance (the request's, or Karsten's (89+M)%).
    pub target: f64,
    /// The fewest lands of the colour whose chance reaches the target (null: none does).
    pub needed: Option<usize>,
    /// Simulated: the counts `needed` may be, given the intervals: the fewest whose 95%
    /// interval reaches the target (its upper end) and the fewest whose whole interval does
    /// (its lower end); null for a bound no count reaches. The two differ when a count sits
    /// at the threshold (the text prints `17-18`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub needed_range: Option<[Option<usize>; 2]>,
}

/// A whole table (docs/ANALYSIS.md, "Sources tables").
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Table {
    /// Cards in the deck.
    pub cards: usize,
    /// Lands in the deck.
    pub lands: usize,
    /// `exact` or `simulated`.
    pub method: &'static str,
    /// His method (`karsten`) or this project's keep rule (`keep_rule`).
    pub procedure: &'static str,
    /// The mulligan era.
    pub mulligan: MulliganRule,
    /// Whether the player draws on their first turn.
    pub draws_first_turn: bool,
    /// The target chance of every cell; null when each cost has its own (Karsten's (89+M)%,
    /// in each cell's `target`).
    pub target: Option<f64>,
    /// Where the target came from: `given` (the request's), `default` (a flat 90%) or
    /// `karsten` (his (89+M)% per cost, capped at 99%).
    pub target_source: TargetSource,
    /// The variant the table is played under (null under `karsten`: his method fixes the
    /// table; his 99-card decks are his Commander model).
    pub variant: Option<Variant>,
    /// Players at the table (null under `karsten`).
    pub players: Option<usize>,
    /// Turns covered.
    pub turns: usize,
    /// Simulated: games for each number of sources.
    pub games: Option<u64>,
    /// Simulated: the seed, 64 hex digits.
    pub seed: Option<String>,
    /// Index `t - 1`: the chance of holding `t` lands by turn `t` (what the table is
    /// conditioned on); simulated, pooled over every source count.
    pub land_drops: Vec<f64>,
    /// Every cost, by turn then by coloured symbols.
    pub cells: Vec<Cell>,
    /// Asked with a deck: its lands of each colour (letter -> lands), to read against the
    /// table (in a Commander deck, only the commander's colour identity's colours, mana of
    /// any other colour counted as `C`: 903.4).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deck_sources: Option<BTreeMap<String, usize>>,
    /// Asked with a deck: where the variant came from (`deck`: its commander section).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant_source: Option<VariantSource>,
    /// Asked with a deck: its commanders (903.3), in the command zone, never drawn.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub commanders: Vec<String>,
    /// The commanders' colour identity (903.4), when the card table knows it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub identity: Option<String>,
    /// What the table assumed of the deck's sources (106.7 lands, lands with no mana), one
    /// sentence each.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// What the table could not do as asked, one sentence each.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
}

/// His spelling of a cost: `1CC` for mana value 3 with two coloured symbols.
pub fn cost_name(turn: usize, coloured: usize) -> String {
    let generic = turn - coloured;
    let c = "C".repeat(coloured);
    if generic > 0 {
        format!("{generic}{c}")
    } else {
        c
    }
}

/// The smallest index whose chance reaches `target`.
pub fn needed(probability: &[Option<f64>], target: f64) -> Option<usize> {
    // A hair of slack, so that 0.9 asked and 0.8999999999999999 summed agree.
    probability
        .iter()
        .position(|p| p.is_some_and(|p| p >= target - 1e-12))
}

/// The range `needed` may take given each count's 95% interval (module docs of
/// [`Cell::needed_range`]): the fewest counts whose interval's upper and lower ends reach
/// `target`.
pub fn needed_range(intervals: &[Option<Interval>], target: f64) -> [Option<usize>; 2] {
    let first = |end: fn(&Interval) -> f64| {
        intervals
            .iter()
            .position(|ci| ci.as_ref().is_some_and(|ci| end(ci) >= target - 1e-12))
    };
    [first(|ci| ci.high), first(|ci| ci.low)]
}

/// The table `request` asks for (simulated ones from `seed`).
pub fn table(request: &Request, seed: &Seed) -> Result<Table> {
    request.validate()?;
    let procedure = request.procedure()?;
    let drawn = request.drawn();
    let last = drawn.last().copied().unwrap_or(0);
    let needs = procedure.most_drawn() + usize::from(procedure.looks()) + last;
    if request.cards < needs {
        return Err(Error::config(format!(
            "a deck of {} cards runs out before turn {}: {needs} cards are seen by then",
            request.cards, request.turns
        )));
    }
    let (n, l, turns) = (request.cards, request.lands, request.turns);
    let kinds = |good: usize| Kinds {
        good,
        other: l - good,
        spells: n - l,
    };
    let mut cells: Vec<Cell> = (1..=turns)
        .flat_map(|t| {
            (1..=t).map(move |c| Cell {
                turn: t,
                cost: cost_name(t, c),
                coloured: c,
                probability: vec![None; l + 1],
                interval: None,
                target: request.target_for(t),
                needed: None,
                needed_range: None,
            })
        })
        .collect();
    let cell_index = |t: usize, c: usize| (t - 1) * t / 2 + (c - 1);
    let mut land_drops = vec![0.0; turns];
    let (games, seed_hex) = if request.exact {
        for good in 0..=l {
            let odds = exact::turn_odds(&procedure, kinds(good), &drawn);
            for t in 1..=turns {
                let drops = odds.land_drops[t - 1];
                if good == 0 {
                    land_drops[t - 1] = drops;
                }
                for c in 1..=t {
                    cells[cell_index(t, c)].probability[good] =
                        (drops > 0.0).then(|| (odds.hits[t - 1][c] / drops).min(1.0));
                }
            }
        }
        (None, None)
    } else {
        let threads = threads_of(request.threads)?.min(l + 1).max(1);
        let games = request.games;
        let counts: Vec<simulated::TurnCounts> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads)
                .map(|k| {
                    let (procedure, drawn) = (&procedure, &drawn);
                    s.spawn(move || {
                        (k..=l)
                            .step_by(threads)
                            .map(|good| {
                                let first = good as u64 * games;
                                let c = simulated::turn_counts(
                                    procedure,
                                    kinds(good),
                                    drawn,
                                    seed,
                                    first,
                                    games,
                                );
                                (good, c)
                            })
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            let mut all: Vec<_> = handles
                .into_iter()
                .flat_map(|h| h.join().expect("a sources table thread panicked"))
                .collect();
            all.sort_by_key(|(good, _)| *good);
            all.into_iter().map(|(_, c)| c).collect()
        });
        let total = games as f64 * (l + 1) as f64;
        for t in 1..=turns {
            let drops: u64 = counts.iter().map(|c| c.land_drops[t - 1]).sum();
            land_drops[t - 1] = drops as f64 / total;
            for c in 1..=t {
                let cell = &mut cells[cell_index(t, c)];
                let mut intervals = vec![None; l + 1];
                for (good, counted) in counts.iter().enumerate() {
                    let (hits, drops) = (counted.hits[t - 1][c], counted.land_drops[t - 1]);
                    if drops > 0 {
                        cell.probability[good] = Some(hits as f64 / drops as f64);
                        intervals[good] = Some(wilson(hits, drops));
                    }
                }
                cell.interval = Some(intervals);
            }
        }
        (Some(games), Some(seed.hex()))
    };
    for cell in &mut cells {
        cell.needed = needed(&cell.probability, cell.target);
        cell.needed_range = cell
            .interval
            .as_ref()
            .map(|ci| needed_range(ci, cell.target));
    }
    Ok(Table {
        cards: n,
        lands: l,
        method: if request.exact { "exact" } else { "simulated" },
        procedure: if request.karsten {
            "karsten"
        } else {
            "keep_rule"
        },
        mulligan: request.play.mulligan,
        draws_first_turn: request.draws_first_turn(),
        target: match request.target_source() {
            TargetSource::Karsten => None,
            _ => Some(request.target_or_default()),
        },
        target_source: request.target_source(),
        variant: (!request.karsten).then(|| request.play.variant()),
        players: (!request.karsten).then(|| request.players()),
        turns,
        games,
        seed: seed_hex,
        land_drops,
        cells,
        deck_sources: None,
        variant_source: None,
        commanders: vec![],
        identity: None,
        notes: vec![],
        warnings: vec![],
    })
}
