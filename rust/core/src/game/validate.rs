//! The checks of a set-up before a game is built: sizes (bounds on memory, not rules), Vanguard
//! modifiers (103.4, 103.5a), the Archenemy (103.1b) and Two-Headed Giant teams (805.1, 810.11).

use super::setup::{GameSetup, Start, Team};
use crate::deck::MAX_DECK_CARDS;
use crate::error::{Error, Result};
use crate::rules::{starting_hand_size, Variant, BASE_HAND_SIZE};

/// Games per seed: the game index fills the top 48 bits of a library stream.
pub const MAX_GAME_INDEX: u64 = (1 << 48) - 1;
/// Seats per game: the seat fills the low 8 bits of a library stream.
pub const MAX_PLAYERS: usize = 256;
/// The cards of one game in all (every seat's deck, sideboard, commanders and companions
/// together): two decks at [`MAX_DECK_CARDS`]. Not a rule: a bound on the memory a set-up may
/// ask for, checked by [`check_size`] before any deck is copied.
pub const MAX_GAME_CARDS: usize = 2 * MAX_DECK_CARDS;

/// Checks the size of a set-up before anything is copied: at most [`MAX_PLAYERS`] players and
/// [`MAX_GAME_CARDS`] cards in all. A host calls it with the counts it has seen so far (for
/// example after each deck it parses), so that a set-up too large is refused before it is
/// built; [`crate::Game::new`] calls it again.
pub fn check_size(players: usize, cards: usize) -> Result<()> {
    if players > MAX_PLAYERS {
        return Err(Error::config(format!(
            "at most {MAX_PLAYERS} players, got {players}"
        )));
    }
    if cards > MAX_GAME_CARDS {
        return Err(Error::config(format!(
            "a game holds at most {MAX_GAME_CARDS} cards in all (every player's deck, \
             sideboard, commanders and companions together), got {cards} or more"
        )));
    }
    Ok(())
}
/// The largest Vanguard modifier, hand or life, in size: a bound that keeps every hand size and
/// life total far from overflow (a whole Two-Headed Giant team of [`MAX_PLAYERS`] at this bound
/// still fits an `i32`), not a rule; printed Vanguard avatars have single-digit modifiers.
pub const MAX_MODIFIER: i32 = 1_000_000;

/// Checks the set-up; returns each seat's team index.
pub(super) fn validate(setup: &GameSetup) -> Result<Vec<usize>> {
    let n = setup.players.len();
    let v = setup.variant;
    let name = v.name();
    v.check_players(n)?;
    setup.house.validate()?;
    setup.house.check_rule(setup.rule)?;
    let cards = setup.players.iter().fold(0usize, |total, p| {
        total.saturating_add(p.deck.total_cards())
    });
    check_size(n, cards)?;
    if setup.game_index > MAX_GAME_INDEX {
        return Err(Error::config(format!(
            "game_index is at most 2^48 - 1, got {}",
            setup.game_index
        )));
    }
    for (i, p) in setup.players.iter().enumerate() {
        let who = format!("seat {i} ({:?})", p.name);
        for (what, m) in [
            ("hand_modifier", p.hand_modifier),
            ("life_modifier", p.life_modifier),
        ] {
            if m.unsigned_abs() > MAX_MODIFIER.unsigned_abs() {
                return Err(Error::config(format!(
                    "{who}: {what} {m} is out of range: a Vanguard modifier is between \
                     -{MAX_MODIFIER} and {MAX_MODIFIER}"
                )));
            }
        }
        if starting_hand_size(p.hand_modifier).is_none() {
            return Err(Error::config(format!(
                "{who}: a hand modifier of {} makes the starting hand size {} (103.5a: 7 plus \
                 or minus the modifier), which cannot be negative",
                p.hand_modifier,
                i64::from(BASE_HAND_SIZE) + i64::from(p.hand_modifier)
            )));
        }
        if p.deck.total_cards() > MAX_DECK_CARDS {
            return Err(Error::config(format!(
                "{who}: the deck holds {} cards, more than the {MAX_DECK_CARDS} a deck may hold",
                p.deck.total_cards()
            )));
        }
        if p.archenemy && v != Variant::Archenemy {
            return Err(Error::config(format!(
                "seat {i} is an archenemy, but the game is {name}, not ARCHENEMY"
            )));
        }
    }
    let archenemies: Vec<usize> = (0..n).filter(|&i| setup.players[i].archenemy).collect();
    if v == Variant::Archenemy && archenemies.len() != 1 {
        return Err(Error::config(format!(
            "an ARCHENEMY game needs exactly one player with archenemy=True, got {}",
            archenemies.len()
        )));
    }
    match setup.start {
        Start::Seat(s) | Start::ChosenBy(s) if s >= n => {
            return Err(Error::config(format!(
                "starting seat {s} is not a seat of this {n}-player game"
            )));
        }
        Start::Seat(s) if v == Variant::Archenemy && s != archenemies[0] => {
            return Err(Error::config(format!(
                "in an ARCHENEMY game the archenemy (seat {}) starts (103.1b), not seat {s}",
                archenemies[0]
            )));
        }
        _ => {}
    }
    match v {
        Variant::TwoHeadedGiant => team_indices(setup),
        Variant::Archenemy => Ok((0..n)
            .map(|i| usize::from(!setup.players[i].archenemy))
            .collect()),
        _ => Ok((0..n).collect()),
    }
}

/// Two-Headed Giant teams: every player names a team, teammates sit in adjacent seats (805.1),
/// at least two teams of at least two players, every team of the same size (810.11: the
/// starting life is per team, 30 plus 15 for each player beyond two).
fn team_indices(setup: &GameSetup) -> Result<Vec<usize>> {
    let mut names: Vec<&Team> = vec![];
    let mut teams = vec![];
    for (i, p) in setup.players.iter().enumerate() {
        let Some(team) = p.team.as_ref() else {
            return Err(Error::config(format!(
                "seat {i} has no team: every TWO_HEADED_GIANT player needs one"
            )));
        };
        let index = match names.iter().position(|t| *t == team) {
            Some(t) if teams.last() != Some(&t) => {
                return Err(Error::config(format!(
                    "team {team} is not in adjacent seats (805.1): seat {i} is apart from its teammates"
                )));
            }
            Some(t) => t,
            None => {
                names.push(team);
                names.len() - 1
            }
        };
        teams.push(index);
    }
    if names.len() < 2 {
        return Err(Error::config(
            "a TWO_HEADED_GIANT game needs at least two teams",
        ));
    }
    let size_of = |t: usize| teams.iter().filter(|&&x| x == t).count();
    for (t, team) in names.iter().enumerate() {
        let size = size_of(t);
        if size < 2 {
            return Err(Error::config(format!(
                "team {team} has {size} player; each team needs at least 2"
            )));
        }
        if size != size_of(0) {
            return Err(Error::config(format!(
                "team {team:?} has {size} players and team {:?} has {}: every \
                 TWO_HEADED_GIANT team has the same number of players (810.11)",
                names[0],
                size_of(0)
            )));
        }
    }
    Ok(teams)
}
