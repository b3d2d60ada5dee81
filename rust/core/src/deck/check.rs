//! The deck rules of each format, checked as warnings (errors when the reader is strict):
//! - 100.2a constructed: at least 60 cards in the deck; a deck and sideboard together hold at
//!   most four of any card other than basic lands; 100.4a: a sideboard of at most 15 cards.
//! - 100.2b limited: at least 40 cards in the deck, any number of copies.
//! - 903.5a Commander: exactly 100 cards counting the commander(s); 903.5b: one copy of each
//!   card other than basic lands.
//!
//! Cards whose own text allows any number of copies (Relentless Rats, …) or up to seven or nine
//! (Seven Dwarves, Nazgûl) are allowed them.

use super::{is_basic, DeckList};
use crate::card::Card;

/// The format whose deck rules a list is checked against.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeckFormat {
    /// 100.2a: 60 cards or more, four copies at most.
    Constructed,
    /// 100.2b: 40 cards or more.
    Limited,
    /// 903.5: exactly 100 cards with the commander, one copy each.
    Commander,
}

/// Cards whose text lets a deck hold more copies than the format allows: `None` for any number.
const MANY_COPIES: [(&str, Option<usize>); 13] = [
    ("Relentless Rats", None),
    ("Shadowborn Apostle", None),
    ("Persistent Petitioners", None),
    ("Rat Colony", None),
    ("Dragon's Approach", None),
    ("Slime Against Humanity", None),
    ("Hare Apparent", None),
    ("Templar Knight", None),
    ("Tempest Hawk", None),
    ("Cid, Timeless Artificer", None),
    ("Seven Dwarves", Some(7)),
    ("Nazgûl", Some(9)),
    ("Nazgul", Some(9)),
];

impl DeckFormat {
    /// The format a list looks like: Commander if it names a commander, constructed from 60
    /// cards up, limited below.
    pub fn guess(deck: &DeckList) -> DeckFormat {
        if !deck.commanders.is_empty() {
            DeckFormat::Commander
        } else if deck.main.len() >= 60 {
            DeckFormat::Constructed
        } else {
            DeckFormat::Limited
        }
    }

    /// `constructed`, `limited`, `commander`.
    pub fn name(self) -> &'static str {
        match self {
            DeckFormat::Constructed => "constructed",
            DeckFormat::Limited => "limited",
            DeckFormat::Commander => "commander",
        }
    }

    /// The format of a name, any case.
    pub fn from_name(name: &str) -> Option<DeckFormat> {
        [
            DeckFormat::Constructed,
            DeckFormat::Limited,
            DeckFormat::Commander,
        ]
        .into_iter()
        .find(|f| f.name().eq_ignore_ascii_case(name.trim()))
    }
}

/// Copies allowed of a card in a format that allows `limit` of each.
fn allowed(name: &str, limit: usize) -> Option<usize> {
    if is_basic(name) {
        return None;
    }
    match MANY_COPIES
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
    {
        Some((_, many)) => *many,
        None => Some(limit),
    }
}

/// Names over their copy limit, with their counts, in first-seen order.
fn over_limit<'a>(cards: impl Iterator<Item = &'a Card>, limit: usize) -> Vec<(String, usize)> {
    let mut counts: Vec<(&str, usize)> = vec![];
    for c in cards {
        match counts.iter_mut().find(|(n, _)| *n == c.name) {
            Some((_, k)) => *k += 1,
            None => counts.push((&c.name, 1)),
        }
    }
    counts
        .into_iter()
        .filter(|(n, k)| allowed(n, limit).is_some_and(|max| *k > max))
        .map(|(n, k)| (n.to_string(), k))
        .collect()
}

fn list(over: &[(String, usize)]) -> String {
    over.iter()
        .map(|(n, k)| format!("{k} {n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Every rule of the format the deck breaks, one message each, naming the rule.
pub fn check(deck: &DeckList, format: DeckFormat) -> Vec<String> {
    let mut out = vec![];
    let main = deck.main.len();
    match format {
        DeckFormat::Constructed => {
            if main < 60 {
                out.push(format!(
                    "100.2a: a constructed deck has at least 60 cards; this one has {main}"
                ));
            }
            let over = over_limit(deck.main.iter().chain(&deck.sideboard), 4);
            if !over.is_empty() {
                out.push(format!(
                    "100.2a: a constructed deck and sideboard hold at most four of any card \
                     other than basic lands: {}",
                    list(&over)
                ));
            }
            if deck.sideboard.len() > 15 {
                out.push(format!(
                    "100.4a: a constructed sideboard holds at most 15 cards; this one has {}",
                    deck.sideboard.len()
                ));
            }
        }
        DeckFormat::Limited => {
            if main < 40 {
                out.push(format!(
                    "100.2b: a limited deck has at least 40 cards; this one has {main}"
                ));
            }
        }
        DeckFormat::Commander => {
            let total = main + deck.commanders.len();
            if total != 100 {
                out.push(format!(
                    "903.5a: a Commander deck has exactly 100 cards counting its commander; \
                     this one has {total}"
                ));
            }
            let over = over_limit(deck.main.iter().chain(&deck.commanders), 1);
            if !over.is_empty() {
                out.push(format!(
                    "903.5b: a Commander deck holds one copy of each card other than basic \
                     lands: {}",
                    list(&over)
                ));
            }
        }
    }
    out
}
