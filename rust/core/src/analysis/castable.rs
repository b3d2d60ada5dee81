//! Having the mana to cast a card on its turn, as mtgoncurve's engine counts it: on turn
//! `t = max(1, mana value)` the player has played one land a turn from the cards seen by then
//! (the kept hand and the draws, 103.8 deciding the first draw), so the card is castable when
//! those cards hold at least `t` lands and `t` of them can pay its cost: each coloured symbol
//! by a distinct land adding that colour (a bipartite matching, as landlord's auto-tap), the
//! rest by any land. A land that always enters tapped adds nothing on the turn it is played,
//! so one land of the `t` must enter untapped (it is played last).
//!
//! Counting lands seen is exact for "one land a turn": with one card drawn a turn, `t` lands
//! seen by turn `t` means at least `k` seen by every turn `k <= t`. Colours and tapped lands
//! are counted over all the lands seen by turn `t`, as landlord counts them.
//!
//! [`Question::exact`] gives the probabilities with no mulligan (a multivariate hypergeometric
//! over the deck's kinds of land, the card's copies and the rest); [`Question::castable`] decides
//! one game's cards, for the simulation.

use super::hypergeometric::binomial;
use super::mana::ManaCost;
use super::sources::Profile;
use std::collections::HashMap;

/// The most land kinds one question may distinguish (colours it needs × tapped or not).
pub const MAX_KINDS: usize = 64;

/// The most intermediate states the exact computation may hold before giving up (then the
/// question is simulated).
pub const MAX_STATES: usize = 200_000;

/// One card's on-curve question, compiled against a deck: the deck's lands grouped into kinds
/// by the colours of the card's cost they add and whether they enter tapped.
#[derive(Debug, Clone)]
pub struct Question {
    /// The card's cost.
    pub cost: ManaCost,
    /// The kinds: colours (within the cost's) and tapped.
    pub kinds: Vec<(u8, bool)>,
    /// Cards of each kind in the deck.
    pub kind_counts: Vec<usize>,
    /// By card id: its kind, [`NOT_A_LAND`] for a nonland.
    pub kind_of: Vec<u8>,
    /// By card id: a copy of the card asked about.
    pub is_target: Vec<bool>,
    /// Copies of the card in the deck.
    pub copies: usize,
    /// The card is a commander: in the command zone from the start (903.6), never drawn and
    /// always at hand, so "the mana and the card" is the mana alone.
    pub in_command_zone: bool,
    /// [`Question::castable`]'s answer for every count of each kind (capped at the mana value;
    /// `None` past [`MAX_TABLE`] entries).
    table: Option<CountTable>,
}

/// Answers tabulated for every count of each of a few groups of lands, each count capped where
/// it stops mattering: one lookup instead of a matching.
#[derive(Debug, Clone)]
pub struct CountTable {
    caps: Vec<u8>,
    strides: Vec<usize>,
    answers: Vec<bool>,
}

impl CountTable {
    /// `answer` for every count `0..=caps[g]` of each group `g`; `None` past `max` entries.
    pub fn build(
        caps: &[usize],
        max: usize,
        mut answer: impl FnMut(&[u8]) -> bool,
    ) -> Option<CountTable> {
        let mut strides = Vec::with_capacity(caps.len());
        let mut size = 1usize;
        for &c in caps {
            strides.push(size);
            size = size.checked_mul(c + 1).filter(|&s| s <= max)?;
        }
        let mut counts = vec![0u8; caps.len()];
        let answers = (0..size)
            .map(|index| {
                let mut rest = index;
                for (g, &c) in caps.iter().enumerate() {
                    counts[g] = (rest % (c + 1)) as u8;
                    rest /= c + 1;
                }
                answer(&counts)
            })
            .collect();
        Some(CountTable {
            caps: caps.iter().map(|&c| c as u8).collect(),
            strides,
            answers,
        })
    }

    /// The answer for these counts (capped here).
    #[inline]
    pub fn get(&self, counts: &[u8]) -> bool {
        let index: usize = counts
            .iter()
            .zip(&self.caps)
            .zip(&self.strides)
            .map(|((&n, &cap), &stride)| usize::from(n.min(cap)) * stride)
            .sum();
        self.answers[index]
    }
}

/// The most entries of a question's table of [`Question::castable`] answers (one per count of
/// each land kind, each capped at the mana value); a larger question decides by matching.
pub const MAX_TABLE: usize = 1 << 16;

/// [`Question::kind_of`] of a card that is not a land.
pub const NOT_A_LAND: u8 = u8::MAX;

/// The exact probabilities of one question at one number of cards seen.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Odds {
    /// At least mana value lands seen.
    pub enough_lands: f64,
    /// The mana to cast it ([`Question`]).
    pub castable: f64,
    /// The mana, and a copy of the card among the cards seen.
    pub castable_and_drawn: f64,
}

impl Question {
    /// The question for the card named `name` (every copy of that name), with this cost.
    /// `None` when the deck has more kinds of land than [`MAX_KINDS`].
    pub fn new(profile: &Profile, name: &str, cost: ManaCost) -> Option<Question> {
        let relevant = cost.colours();
        let mut kinds: Vec<(u8, bool)> = vec![];
        let mut kind_counts = vec![];
        let mut kind_of = Vec::with_capacity(profile.len());
        for land in &profile.lands {
            let Some(land) = land else {
                kind_of.push(NOT_A_LAND);
                continue;
            };
            let key = (land.colours & relevant, land.tapped);
            let k = match kinds.iter().position(|&k| k == key) {
                Some(k) => k,
                None => {
                    kinds.push(key);
                    kind_counts.push(0);
                    kinds.len() - 1
                }
            };
            kind_counts[k] += 1;
            kind_of.push(k as u8);
        }
        if kinds.len() > MAX_KINDS {
            return None;
        }
        let is_target: Vec<bool> = profile
            .names
            .iter()
            .zip(&profile.lands)
            .map(|(n, l)| l.is_none() && n.trim().eq_ignore_ascii_case(name.trim()))
            .collect();
        let copies = is_target.iter().filter(|&&t| t).count();
        let mut q = Question {
            cost,
            kinds,
            kind_counts,
            kind_of,
            is_target,
            copies,
            in_command_zone: false,
            table: None,
        };
        let cap = (q.cost.mana_value as usize).clamp(1, 250);
        let caps: Vec<usize> = q.kind_counts.iter().map(|&c| c.min(cap)).collect();
        // A cost uses at most its mana value of lands of a kind: capping there changes nothing.
        q.table = CountTable::build(&caps, MAX_TABLE, |counts| q.matches(&mut counts.to_vec()));
        Some(q)
    }

    /// The question for a commander named `name` with this cost: the main deck's lands, no
    /// copy in the library, the card always at hand (903.6). `None` as [`Question::new`].
    pub fn for_commander(profile: &Profile, name: &str, cost: ManaCost) -> Option<Question> {
        let mut q = Question::new(profile, name, cost)?;
        q.is_target.iter_mut().for_each(|t| *t = false);
        q.copies = 0;
        q.in_command_zone = true;
        Some(q)
    }

    /// The turn the card is cast on curve.
    pub fn turn(&self) -> usize {
        self.cost.turn()
    }

    /// One game's cards seen by the card's turn (card ids): whether they hold at least mana
    /// value lands, the mana to cast it, and the mana and a copy of it. `scratch` is a buffer.
    pub fn decide(&self, seen: &[crate::card::CardId], scratch: &mut Vec<u8>) -> [bool; 3] {
        scratch.clear();
        scratch.resize(self.kinds.len(), 0);
        let mut drawn = self.in_command_zone;
        for &c in seen {
            let kind = self.kind_of[c as usize];
            if kind != NOT_A_LAND {
                scratch[kind as usize] = scratch[kind as usize].saturating_add(1);
            }
            drawn |= self.is_target[c as usize];
        }
        let total: usize = scratch.iter().map(|&c| c as usize).sum();
        let enough = total >= self.cost.mana_value as usize;
        let castable = self.castable(scratch);
        [enough, castable, castable && drawn]
    }

    /// Whether lands in these numbers by kind (capped or not at the mana value) pay the cost
    /// on its turn (module docs): one lookup when the question has its table.
    #[inline]
    pub fn castable(&self, counts: &mut [u8]) -> bool {
        match &self.table {
            Some(table) => table.get(counts),
            None => self.matches(counts),
        }
    }

    /// [`Question::castable`] by the matching itself (module docs).
    pub fn matches(&self, counts: &mut [u8]) -> bool {
        let mv = self.cost.mana_value as usize;
        if mv == 0 {
            return true;
        }
        if counts.iter().map(|&c| c as usize).sum::<usize>() < mv {
            return false;
        }
        for u in 0..self.kinds.len() {
            let (colours, tapped) = self.kinds[u];
            if tapped || counts[u] == 0 {
                continue;
            }
            counts[u] -= 1;
            let mut ok = self.cost.generic() > 0 && self.matchable(&self.cost.pips, counts);
            if !ok {
                let mut last = 0;
                for (i, &p) in self.cost.pips.iter().enumerate() {
                    if p == last || p & colours == 0 {
                        continue;
                    }
                    last = p;
                    let mut rest = self.cost.pips.clone();
                    rest.remove(i);
                    if self.matchable(&rest, counts) {
                        ok = true;
                        break;
                    }
                }
            }
            counts[u] += 1;
            if ok {
                return true;
            }
        }
        false
    }

    /// Hall's condition: every set of symbol kinds has at least as many lands able to pay one
    /// of them as it has symbols.
    fn matchable(&self, pips: &[u8], counts: &[u8]) -> bool {
        let mut types: Vec<(u8, usize)> = vec![];
        for &p in pips {
            match types.iter_mut().find(|(m, _)| *m == p) {
                Some(t) => t.1 += 1,
                None => types.push((p, 1)),
            }
        }
        for subset in 1u32..(1 << types.len()) {
            let (mut union, mut demand) = (0u8, 0usize);
            for (i, &(m, k)) in types.iter().enumerate() {
                if subset & (1 << i) != 0 {
                    union |= m;
                    demand += k;
                }
            }
            let supply: usize = self
                .kinds
                .iter()
                .zip(counts)
                .filter(|((c, _), _)| c & union != 0)
                .map(|(_, &n)| n as usize)
                .sum();
            if supply < demand {
                return false;
            }
        }
        true
    }

    /// The exact probabilities with `seen` cards seen from a shuffled deck (no mulligan): a
    /// multivariate hypergeometric over the land kinds (each count capped at the mana value,
    /// which is all a cost can use), the card's copies and the rest. `None` past
    /// [`MAX_STATES`].
    pub fn exact(&self, deck_size: usize, seen: usize) -> Option<Odds> {
        let n = seen.min(deck_size);
        let cap = (self.cost.mana_value as usize).clamp(1, 250) as u8;
        let mut states: HashMap<Vec<u8>, Vec<f64>> = HashMap::new();
        let mut start = vec![0.0; n + 1];
        start[0] = 1.0;
        states.insert(vec![], start);
        let groups = self
            .kind_counts
            .iter()
            .map(|&k| (k, cap))
            .chain(std::iter::once((self.copies, 1)));
        for (count, cap) in groups {
            let mut next: HashMap<Vec<u8>, Vec<f64>> = HashMap::new();
            for (key, weights) in &states {
                for (used, &w) in weights.iter().enumerate() {
                    if w == 0.0 {
                        continue;
                    }
                    for j in 0..=count.min(n - used) {
                        let mut k = key.clone();
                        k.push(j.min(cap as usize) as u8);
                        next.entry(k).or_insert_with(|| vec![0.0; n + 1])[used + j] +=
                            w * binomial(count, j);
                    }
                }
            }
            if next.len() > MAX_STATES {
                return None;
            }
            states = next;
        }
        let rest = deck_size - self.kind_counts.iter().sum::<usize>() - self.copies;
        let total = binomial(deck_size, n);
        let mv = self.cost.mana_value as usize;
        let mut odds = Odds::default();
        for (key, weights) in states {
            let w: f64 = weights
                .iter()
                .enumerate()
                .map(|(used, &w)| w * binomial(rest, n - used))
                .sum::<f64>()
                / total;
            let (lands, drawn) = key.split_at(key.len() - 1);
            let mut lands = lands.to_vec();
            if lands.iter().map(|&c| c as usize).sum::<usize>() >= mv {
                odds.enough_lands += w;
            }
            if self.castable(&mut lands) {
                odds.castable += w;
                if drawn[0] > 0 || self.in_command_zone {
                    odds.castable_and_drawn += w;
                }
            }
        }
        Some(odds)
    }
}
