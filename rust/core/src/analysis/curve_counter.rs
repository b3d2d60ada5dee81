//! The on-curve questions ([`super::castable`]) compiled for counting simulated games: one pass
//! over a game's cards seen counts the deck's land classes (colours and whether it enters
//! tapped) and finds each card asked about, then each question is answered by one lookup in a
//! table of its answers for every capped count of each class. The answers are those of
//! [`Question::castable`] (tested): a class's count capped at the mana value leaves the
//! answer as it is, since a cost uses no more lands than its mana value.

use super::castable::{CountTable, Question, NOT_A_LAND};
use super::sources::Profile;
use crate::card::CardId;
use crate::error::{Error, Result};

/// The most entries of one question's table; a larger question sums the classes into its own
/// kinds and asks [`Question::castable`].
const MAX_TABLE: usize = 1 << 14;
/// No question's card.
const NONE: u8 = u8::MAX;

/// One question, compiled.
#[derive(Debug, Clone)]
struct Compiled {
    /// Cards drawn by the question's turn after the keep.
    draws: usize,
    /// Its mana value.
    mana_value: usize,
    /// By class: the question's land kind.
    kind_of_class: Vec<u8>,
    /// The answer for every count of each class, capped at the class's cards and the mana
    /// value (`None`: too large).
    table: Option<CountTable>,
}

/// The questions of a run, compiled, with the scratch space of one game.
#[derive(Debug, Clone)]
pub struct Counter {
    /// By card id: its land class, or [`NOT_A_LAND`].
    class_of: Vec<u8>,
    /// By card id: the question asking about it, or `NONE`.
    target_of: Vec<u8>,
    questions: Vec<Compiled>,
    /// Question indices by ascending `draws`.
    order: Vec<usize>,
    counts: Vec<u8>,
    first_seen: Vec<usize>,
    kinds: Vec<u8>,
}

impl Counter {
    /// The questions for this deck; `draws(turn)` cards are drawn by each question's turn.
    /// At most 254 questions (a deck has at most 128 land classes: six colour bits, tapped).
    pub fn new(
        profile: &Profile,
        questions: &[Question],
        draws: impl Fn(usize) -> usize,
    ) -> Result<Counter> {
        if questions.len() >= usize::from(NONE) {
            return Err(Error::config(format!(
                "at most {} on-curve questions a run, got {}",
                NONE - 1,
                questions.len()
            )));
        }
        let (classes, class_of) = profile.land_classes();
        let class_of: Vec<u8> = class_of
            .iter()
            .map(|c| c.map_or(NOT_A_LAND, |c| c as u8))
            .collect();
        let mut class_total = vec![0usize; classes.len()];
        for &c in class_of.iter().filter(|&&c| c != NOT_A_LAND) {
            class_total[usize::from(c)] += 1;
        }
        let mut target_of = vec![NONE; profile.len()];
        let mut compiled = vec![];
        for (j, q) in questions.iter().enumerate() {
            for (card, &t) in q.is_target.iter().enumerate() {
                if t {
                    target_of[card] = j as u8;
                }
            }
            let mut kind_of_class = vec![0u8; classes.len()];
            for (card, &c) in class_of.iter().enumerate() {
                if c != NOT_A_LAND {
                    kind_of_class[usize::from(c)] = q.kind_of[card];
                }
            }
            compiled.push(compile(q, kind_of_class, &class_total, draws(q.turn())));
        }
        let mut order: Vec<usize> = (0..compiled.len()).collect();
        order.sort_by_key(|&j| compiled[j].draws);
        Ok(Counter {
            class_of,
            target_of,
            order,
            counts: vec![0; classes.len()],
            first_seen: vec![usize::MAX; compiled.len()],
            kinds: vec![],
            questions: compiled,
        })
    }

    /// Adds one game's answers to `tally` (per question: enough lands, castable, castable and
    /// a copy seen), `seen` being the kept hand of `hand` cards and then the draws.
    pub fn count(
        &mut self,
        questions: &[Question],
        hand: usize,
        seen: &[CardId],
        tally: &mut [[u64; 3]],
    ) {
        self.counts.iter_mut().for_each(|c| *c = 0);
        self.first_seen.iter_mut().for_each(|f| *f = usize::MAX);
        let (mut at, mut lands) = (0usize, 0usize);
        for i in 0..self.order.len() {
            let j = self.order[i];
            let upto = (hand + self.questions[j].draws).min(seen.len());
            while at < upto {
                let c = seen[at] as usize;
                let class = self.class_of[c];
                if class != NOT_A_LAND {
                    let n = &mut self.counts[usize::from(class)];
                    *n = n.saturating_add(1);
                    lands += 1;
                }
                let t = self.target_of[c];
                if t != NONE && self.first_seen[usize::from(t)] == usize::MAX {
                    self.first_seen[usize::from(t)] = at;
                }
                at += 1;
            }
            let q = &self.questions[j];
            let castable = if let Some(table) = &q.table {
                table.get(&self.counts)
            } else {
                self.kinds.clear();
                self.kinds.resize(questions[j].kinds.len(), 0);
                for (class, &n) in self.counts.iter().enumerate() {
                    let k = usize::from(q.kind_of_class[class]);
                    self.kinds[k] = self.kinds[k].saturating_add(n);
                }
                questions[j].castable(&mut self.kinds)
            };
            let out = &mut tally[j];
            out[0] += u64::from(lands >= q.mana_value);
            if castable {
                out[1] += 1;
                out[2] += u64::from(self.first_seen[j] < upto);
            }
        }
    }
}

/// One question's table over the classes (`None` past [`MAX_TABLE`] entries).
fn compile(q: &Question, kind_of_class: Vec<u8>, class_total: &[usize], draws: usize) -> Compiled {
    let mv = q.cost.mana_value as usize;
    let caps: Vec<usize> = class_total.iter().map(|&n| n.min(mv.max(1))).collect();
    let mut kinds = vec![0u8; q.kinds.len()];
    let table = CountTable::build(&caps, MAX_TABLE, |counts| {
        kinds.iter_mut().for_each(|k| *k = 0);
        for (class, &n) in counts.iter().enumerate() {
            let k = usize::from(kind_of_class[class]);
            kinds[k] = kinds[k].saturating_add(n);
        }
        q.castable(&mut kinds)
    });
    Compiled {
        draws,
        mana_value: mv,
        kind_of_class,
        table,
    }
}
