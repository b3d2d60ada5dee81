//! Tokens (111): `create_token` puts tokens onto the acting seat's battlefield (111.1), that
//! seat their owner (111.2). Each token gets a new id after every seat's deck-list ids, one
//! counter for the whole table, so that an id is never used twice, not even after the token
//! ceased to exist (111.7: a token that leaves the battlefield ceases to exist;
//! `TableSeat::settle`).

use super::{Table, BATTLEFIELD};
use crate::card::CardId;
use crate::error::{Error, Result};
use crate::event::{Event, EventKind};

/// The longest token name, in characters once trimmed.
pub const MAX_TOKEN_NAME: usize = 64;
/// The most tokens one action creates.
pub const MAX_TOKENS_AT_ONCE: u32 = 100;
/// The most tokens a seat may have on the battlefield (a bound on a view's size, not a rule).
pub const MAX_TOKENS: usize = 1000;

/// The name a token gets: `name` trimmed, 1 to [`MAX_TOKEN_NAME`] characters, no control
/// character.
fn token_name(name: &str) -> Result<String> {
    let trimmed = name.trim();
    let chars = trimmed.chars().count();
    if chars == 0 || chars > MAX_TOKEN_NAME {
        return Err(Error::illegal(format!(
            "a token's name is 1 to {MAX_TOKEN_NAME} characters, got {chars}"
        )));
    }
    if let Some(c) = trimmed.chars().find(|c| c.is_control()) {
        return Err(Error::illegal(format!(
            "a token's name holds no control character, got {:?} in {trimmed:?}",
            c
        )));
    }
    Ok(trimmed.to_string())
}

impl Table {
    /// 111.1: `count` tokens named `name` onto `seat`'s battlefield, untapped and without
    /// counters; their event.
    pub(super) fn create_tokens(&mut self, seat: usize, name: &str, count: u32) -> Result<Event> {
        let name = token_name(name)?;
        if !(1..=MAX_TOKENS_AT_ONCE).contains(&count) {
            return Err(Error::illegal(format!(
                "create_token makes 1 to {MAX_TOKENS_AT_ONCE} tokens, got {count}"
            )));
        }
        let s = &self.seats[seat];
        if s.tokens.len() + count as usize > MAX_TOKENS {
            return Err(Error::illegal(format!(
                "seat {seat} has {} tokens: at most {MAX_TOKENS} on the battlefield",
                s.tokens.len()
            )));
        }
        let first = self.next_token;
        let next = first
            .checked_add(count)
            .ok_or_else(|| Error::illegal("this game has made all the tokens it can"))?;
        let ids: Vec<CardId> = (first..next).collect();
        let s = &mut self.seats[seat];
        for &id in &ids {
            s.tokens.insert(id, name.clone());
        }
        s.piles[BATTLEFIELD].extend_from_slice(&ids);
        self.next_token = next;
        Ok(Event::new(
            "111.1",
            EventKind::Token {
                seat,
                cards: self.seats[seat].refs(&ids),
            },
        ))
    }
}
