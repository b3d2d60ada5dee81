//! How a deck is played, read from the keywords `analyze`, `sources` and `exact_keep_odds`
//! share (`on_the_draw`, `mulligan`, `variant`, `players`, `keep`) into the core's one shape
//! for them, `deck_profile::play::Play`. Conversion only: a keyword a function does not take
//! was refused by its `Keywords` already, and reads as its default here.

use crate::args::{type_name, Count, Flag, Keywords};
use crate::errors::type_error;
use crate::keep_rule::KeepRule;
use crate::rules::Named;
use mulligan_core::deck_profile::play::Play;
use pyo3::prelude::*;

/// The play the keywords ask for (each one left out: its default).
pub fn play(keywords: &Keywords<'_>) -> PyResult<Play> {
    let mut play = Play {
        on_the_draw: keywords.get::<Flag>("on_the_draw")?.is_some_and(|f| f.0),
        ..Play::default()
    };
    if let Some(Named(rule)) = keywords.get("mulligan")? {
        play.mulligan = rule;
    }
    if let Some(Named(variant)) = keywords.get("variant")? {
        play.variant = Some(variant);
    }
    play.players = keywords.get::<Count>("players")?.map(|p| p.size());
    if let Some(keep) = keywords.object("keep") {
        let rule = keep
            .cast::<KeepRule>()
            .map_err(|_| type_error(format!("keep must be a KeepRule, got {}", type_name(keep))))?;
        play.keep = Some(rule.get().inner.clone());
    }
    Ok(play)
}
