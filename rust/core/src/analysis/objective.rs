//! What the best-keep-rule search maximises ([`Objective`]): the chance of having the mana to
//! cast a card on its turn and the card itself (`castable_and_drawn`, the default for a card),
//! of the mana alone (`castable`: a rule scored so keeps hands full of lands), or of at least
//! `n` lands seen by a turn; a binding's own scoring function of the kept hand and the draws is
//! a [`Score`] too. Who draws on their first turn follows 103.8, as in the rest of the
//! analysis.

use super::castable::Question;
use crate::card::CardId;
use crate::error::{Error, Result};
use crate::simulate::Abort;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The objective of a best-keep-rule search. As JSON: `{"on_curve": "Goblin Guide"}`,
/// `{"castable": "Goblin Guide"}` or `{"lands": {"at_least": 4, "turn": 4}}`; on the command
/// line `on-curve:NAME` (or `castable-and-drawn:NAME`), `castable:NAME`, `lands:N` (at least N
/// lands by turn N) or `lands:N@T` (by turn T).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Objective {
    /// The chance of having the mana to cast this card (a nonland of the main deck, or a
    /// commander) on its turn and a copy of it among the cards seen, as `castable_and_drawn`
    /// counts it (a commander is always at hand: the mana alone).
    OnCurve(String),
    /// The chance of having the mana to cast this card on its turn, whether or not it was
    /// drawn, as `castable` counts it. Scoring the mana alone favours hands full of lands.
    Castable(String),
    /// The chance of at least `at_least` lands among the cards seen by `turn` (null: turn
    /// `at_least`, every land drop made).
    Lands {
        /// Lands wanted, at least 1.
        #[schemars(range(min = 1))]
        at_least: usize,
        /// By this turn after the keep (null: `at_least`).
        #[serde(default)]
        #[schemars(range(min = 1, max = 30))]
        turn: Option<usize>,
    },
}

impl Objective {
    /// Reads `on-curve:NAME` (or `oncurve:`, `on_curve:`, `castable-and-drawn:`),
    /// `castable:NAME`, `lands:N` or `lands:N@T`.
    pub fn parse(text: &str) -> Result<Objective> {
        let bad = || {
            Error::config(format!(
                "objective {text:?}: expected on-curve:CARD, castable:CARD, lands:N or \
                 lands:N@TURN"
            ))
        };
        let (kind, arg) = text.split_once(':').ok_or_else(bad)?;
        let kind = kind.trim().to_ascii_lowercase().replace(['-', '_'], "");
        let arg = arg.trim();
        match kind.as_str() {
            "oncurve" | "castableanddrawn" if !arg.is_empty() => {
                Ok(Objective::OnCurve(arg.to_string()))
            }
            "castable" if !arg.is_empty() => Ok(Objective::Castable(arg.to_string())),
            "lands" => {
                let (n, t) = match arg.split_once('@') {
                    Some((n, t)) => (n, Some(t)),
                    None => (arg, None),
                };
                let at_least = n.trim().parse().map_err(|_| bad())?;
                let turn = t.map(|t| t.trim().parse()).transpose().map_err(|_| bad())?;
                Ok(Objective::Lands { at_least, turn })
            }
            _ => Err(bad()),
        }
    }

    /// The objective in words.
    pub fn describe(&self) -> String {
        match self {
            Objective::OnCurve(name) => {
                format!("the mana to cast {name} on its turn and the card")
            }
            Objective::Castable(name) => {
                format!("the mana to cast {name} on its turn (the card not needed)")
            }
            Objective::Lands { at_least, turn } => {
                format!(
                    "at least {at_least} land{} by turn {}",
                    if *at_least == 1 { "" } else { "s" },
                    turn.unwrap_or(*at_least)
                )
            }
        }
    }

    /// The objective's name, as the report gives it: `castable_and_drawn`, `castable` (the
    /// figures of the same names) or `lands`.
    pub fn name(&self) -> &'static str {
        match self {
            Objective::OnCurve(_) => "castable_and_drawn",
            Objective::Castable(_) => "castable",
            Objective::Lands { .. } => "lands",
        }
    }

    /// The card an on-curve objective asks about.
    pub fn card(&self) -> Option<&str> {
        match self {
            Objective::OnCurve(name) | Objective::Castable(name) => Some(name),
            Objective::Lands { .. } => None,
        }
    }
}

/// A score of one game: the kept hand and the cards drawn after it. A search maximises its
/// mean over the games.
pub trait Score {
    /// The score of the game whose kept hand is `seen[..hand]`, the draws after it
    /// `seen[hand..]` (card ids, in order).
    fn score(&mut self, seen: &[CardId], hand: usize) -> std::result::Result<f64, Abort>;

    /// Whether every score is 0 or 1 (then the mean is a rate, with a Wilson interval).
    fn is_rate(&self) -> bool {
        false
    }

    /// Whether the search should remember each game's scores by the cards seen (a slow
    /// scoring function: a binding's callable).
    fn remember(&self) -> bool {
        false
    }
}

/// A built-in [`Objective`] compiled against a deck.
#[derive(Debug, Clone)]
pub enum Scorer {
    /// The on-curve question of the card; the draws by its turn; whether the card must be
    /// seen too (`castable_and_drawn`, else `castable`); a buffer.
    OnCurve(Box<Question>, usize, bool, Vec<u8>),
    /// By card id: a land; the lands wanted; the draws by the turn.
    Lands(Vec<bool>, usize, usize),
}

impl Scorer {
    /// The same scorer looking at `draws` cards after the kept hand.
    pub fn with_draws(self, draws: usize) -> Scorer {
        match self {
            Scorer::OnCurve(q, _, card, scratch) => Scorer::OnCurve(q, draws, card, scratch),
            Scorer::Lands(lands, at_least, _) => Scorer::Lands(lands, at_least, draws),
        }
    }
}

impl Score for Scorer {
    fn score(&mut self, seen: &[CardId], hand: usize) -> std::result::Result<f64, Abort> {
        let hit = match self {
            Scorer::OnCurve(q, draws, card, scratch) => {
                let upto = (hand + *draws).min(seen.len());
                q.decide(&seen[..upto], scratch)[if *card { 2 } else { 1 }]
            }
            Scorer::Lands(lands, at_least, draws) => {
                let upto = (hand + *draws).min(seen.len());
                seen[..upto].iter().filter(|&&c| lands[c as usize]).count() >= *at_least
            }
        };
        Ok(f64::from(u8::from(hit)))
    }

    fn is_rate(&self) -> bool {
        true
    }
}
