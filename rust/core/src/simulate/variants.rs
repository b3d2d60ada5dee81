//! The game path: a simulated game played by a [`Game`] itself, for every run of the
//! reference policy [`super::GamePath`], which the bulk paths (the rounds, partial Paris's
//! deal, smoothing's candidate shuffles) are tested against. Game `i` is
//! seat 0 of `Game(seed, game_index=i)` with that seat's deck, so it is the game a host would
//! play, by construction; seat 1 (a one-card deck, its own stream) only keeps. Slower than the
//! count kernels (a game's events and records are built), with the same guarantees: results
//! depend only on `(seed, i)`.
//!
//! Seat 0's decisions: the policy's, as in the other eras (a PARTIAL_PARIS mulligan exiles the
//! cards [`Policy::exile`] names: `game.partial_mulligan`, or the whole hand, `game.mulligan`);
//! where the policy interface names no choice, a fixed one: the no-land/all-land redraw is
//! always taken when allowed.

use super::config::{Config, Outcome};
use super::policy::{Abort, Policy};
use crate::card::{Card, CardId};
use crate::deck::DeckList;
use crate::error::Result;
use crate::game::{DecisionKind, Game, GameSetup, PlayerSetup, Start};
use crate::rules::{MulliganRule, Variant, BASE_HAND_SIZE};
use crate::seed::Seed;

/// What the game path needs from a run, made once.
pub(crate) struct Games {
    seed: Seed,
    deck: DeckList,
    other: DeckList,
    variant: Variant,
    hand_modifier: i32,
}

impl Games {
    /// The games of a run with this seed and config.
    pub(crate) fn new(seed: &Seed, cfg: &Config, lands: &[bool]) -> Games {
        let card = |land: bool| Card::new(if land { "land" } else { "spell" }, land, vec![]);
        Games {
            seed: seed.clone(),
            deck: DeckList {
                main: lands.iter().map(|&l| card(l)).collect(),
                ..DeckList::default()
            },
            other: DeckList {
                main: vec![card(false)],
                ..DeckList::default()
            },
            // Two players; 103.5c's free first mulligan where the run has it (any Brawl game).
            variant: if cfg.free_first {
                Variant::Brawl
            } else {
                Variant::Vanguard
            },
            hand_modifier: cfg.hand_size as i32 - BASE_HAND_SIZE,
        }
    }

    /// Plays game `index` to its end with seat 0 deciding by `policy`.
    pub(crate) fn play<P: Policy>(
        &self,
        cfg: &Config,
        index: u64,
        policy: &mut P,
    ) -> std::result::Result<Outcome, Abort> {
        let mut game = self.game(cfg, index).map_err(|_| Abort)?;
        let mut vancouver_bottom = false;
        while let Some(d) = game.pending().into_iter().next() {
            let ids = d.hand_ids();
            let done = match (d.seat, d.kind) {
                (0, DecisionKind::KeepOrMulligan) if d.can_land_mulligan => game.land_mulligan(0),
                (0, DecisionKind::KeepOrMulligan) => {
                    let lands = self.lands(&ids);
                    let keep = policy.keep(&ids, lands, mulligans(&game), d.can_mulligan)?;
                    if keep || !d.can_mulligan {
                        game.keep(0)
                    } else if cfg.rule == MulliganRule::PartialParis {
                        match policy.exile(&ids, lands)? {
                            None => game.mulligan(0),
                            Some(cards) => game.partial_mulligan(0, &cards),
                        }
                    } else {
                        game.mulligan(0)
                    }
                }
                (0, DecisionKind::Bottom) => {
                    let count = d.count.unwrap_or(0);
                    game.bottom(0, &policy.bottom(&ids, count)?)
                }
                (0, DecisionKind::Vancouver) => {
                    let top = d.card.as_ref().map_or(0, |c| c.id);
                    vancouver_bottom = policy.vancouver(&ids, top)?;
                    game.vancouver(0, vancouver_bottom)
                }
                (s, DecisionKind::KeepOrMulligan) => game.keep(s),
                (s, DecisionKind::Bottom) => game.bottom(s, &ids[..d.count.unwrap_or(0)]),
                (s, DecisionKind::Vancouver) => game.vancouver(s, false),
                (s, DecisionKind::OpeningHandAction) => game.pass_actions(s),
                (s, DecisionKind::ChooseStartingPlayer) => game.choose_starting_player(s, 0),
            };
            // A policy's answer the game refuses (cards not in hand) stops the run.
            done.map_err(|_| Abort)?;
        }
        let hand = game.hand(0).map_err(|_| Abort)?;
        Ok(Outcome {
            hand_size: hand.len() as u8,
            lands: self.lands(hand) as u8,
            mulligans: mulligans(&game) as u8,
            vancouver_bottom,
        })
    }

    fn game(&self, cfg: &Config, index: u64) -> Result<Game> {
        let mut me = PlayerSetup::new("seat 0", self.deck.clone());
        me.hand_modifier = self.hand_modifier;
        Game::new(GameSetup {
            players: vec![me, PlayerSetup::new("seat 1", self.other.clone())],
            variant: self.variant,
            rule: cfg.rule,
            seed: self.seed.clone(),
            game_index: index,
            start: Start::Seat(0),
            house: cfg.house,
        })
    }

    fn lands(&self, ids: &[CardId]) -> u32 {
        ids.iter()
            .map(|&c| u32::from(self.deck.main[c as usize].land))
            .sum()
    }
}

/// Seat 0's mulligans so far (free ones included), from the game's events.
fn mulligans(game: &Game) -> u32 {
    game.events()
        .iter()
        .filter(|e| matches!(e.kind, crate::event::EventKind::Mulligan { seat: 0, .. }))
        .count() as u32
}
