//! Answers as records: each answer a player gives is one [`Answer`], with the names and
//! arguments of the Python methods (`game.keep(seat)` is `{"type": "keep", "seat": 0}`). The
//! game keeps the ordered list of the answers it applied, and [`Game::replay`] rebuilds the
//! exact game from its set-up and that list (how a service restores a game, and how a log is
//! verified).

use super::{DecisionKind, Game, GameSetup};
use crate::card::CardId;
use crate::error::{Error, Result};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// One answer to a pending decision. Cards are named by their id in the answering seat's deck
/// (`CardRef::id`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Answer {
    /// 103.1: `chooser` names the seat that starts.
    ChooseStartingPlayer {
        /// The seat that chooses.
        chooser: usize,
        /// The seat named to start (in Two-Headed Giant, that seat's team starts).
        starting_seat: usize,
    },
    /// 103.5: keep the hand.
    Keep {
        /// The seat that keeps.
        seat: usize,
    },
    /// 103.5: declare a mulligan.
    Mulligan {
        /// The seat that mulligans.
        seat: usize,
    },
    /// Commander partial Paris: exile these cards from hand face down (at least one), then
    /// draw one fewer; a plain `mulligan` exiles the whole hand.
    PartialMulligan {
        /// The seat that mulligans.
        seat: usize,
        /// The cards to exile.
        cards: Vec<CardId>,
    },
    /// The no-land/all-land redraw (`land_mulligan=True`): reveal a hand of no lands or all
    /// lands, shuffle it back and draw a new one of the starting size, once per game.
    LandMulligan {
        /// The seat redrawing.
        seat: usize,
    },
    /// 103.5b: use a card any time one could mulligan (Serum Powder).
    MulliganAction {
        /// The seat acting.
        seat: usize,
        /// The card used.
        card: CardId,
    },
    /// 103.5 (London): these cards from hand on the bottom, in this top-to-bottom order.
    Bottom {
        /// The seat acting.
        seat: usize,
        /// The cards, top first.
        cards: Vec<CardId>,
    },
    /// Vancouver: the top card on the bottom (`true`) or left on top.
    Vancouver {
        /// The seat acting.
        seat: usize,
        /// Whether the card goes to the bottom.
        bottom: bool,
    },
    /// 103.6: use an opening-hand card (Gemstone Caverns also exiles `exile`).
    OpeningHandAction {
        /// The seat acting.
        seat: usize,
        /// The card used.
        card: CardId,
        /// Gemstone Caverns only: another card from hand to exile.
        #[serde(default)]
        exile: Option<CardId>,
    },
    /// 103.6: take no more opening-hand actions.
    PassActions {
        /// The seat passing.
        seat: usize,
    },
}

impl Answer {
    /// The seat that gives this answer.
    pub fn seat(&self) -> usize {
        match *self {
            Answer::ChooseStartingPlayer { chooser, .. } => chooser,
            Answer::Keep { seat }
            | Answer::Mulligan { seat }
            | Answer::PartialMulligan { seat, .. }
            | Answer::LandMulligan { seat }
            | Answer::MulliganAction { seat, .. }
            | Answer::Bottom { seat, .. }
            | Answer::Vancouver { seat, .. }
            | Answer::OpeningHandAction { seat, .. }
            | Answer::PassActions { seat } => seat,
        }
    }

    /// The kind of decision this answers.
    pub fn answers(&self) -> DecisionKind {
        match self {
            Answer::ChooseStartingPlayer { .. } => DecisionKind::ChooseStartingPlayer,
            Answer::Keep { .. }
            | Answer::Mulligan { .. }
            | Answer::PartialMulligan { .. }
            | Answer::LandMulligan { .. }
            | Answer::MulliganAction { .. } => DecisionKind::KeepOrMulligan,
            Answer::Bottom { .. } => DecisionKind::Bottom,
            Answer::Vancouver { .. } => DecisionKind::Vancouver,
            Answer::OpeningHandAction { .. } | Answer::PassActions { .. } => {
                DecisionKind::OpeningHandAction
            }
        }
    }
}

impl Game {
    /// Applies one answer: validated in full first, so an illegal one returns
    /// [`Error::IllegalAction`] and changes nothing. A legal one is appended to
    /// [`Game::answers`].
    pub fn apply(&mut self, answer: Answer) -> Result<()> {
        match &answer {
            Answer::ChooseStartingPlayer {
                chooser,
                starting_seat,
            } => self.answer_choose_starting_player(*chooser, *starting_seat),
            Answer::Keep { seat } => self.answer_keep(*seat),
            Answer::Mulligan { seat } => self.answer_mulligan(*seat),
            Answer::PartialMulligan { seat, cards } => self.answer_partial_mulligan(*seat, cards),
            Answer::LandMulligan { seat } => self.answer_land_mulligan(*seat),
            Answer::MulliganAction { seat, card } => self.answer_mulligan_action(*seat, *card),
            Answer::Bottom { seat, cards } => self.answer_bottom(*seat, cards),
            Answer::Vancouver { seat, bottom } => self.answer_vancouver(*seat, *bottom),
            Answer::OpeningHandAction { seat, card, exile } => {
                self.answer_opening_hand_action(*seat, *card, *exile)
            }
            Answer::PassActions { seat } => self.answer_pass_actions(*seat),
        }?;
        self.renumber_decisions(Some(answer.seat()));
        self.answers.push(answer);
        Ok(())
    }

    /// Every answer applied so far, in order.
    pub fn answers(&self) -> &[Answer] {
        &self.answers
    }

    /// Rebuilds a game from its set-up and the answers it was given, in order: the same events,
    /// zones and decision ids as the original. An answer that does not apply is an
    /// [`Error::IllegalAction`] naming its index.
    pub fn replay(setup: GameSetup, answers: &[Answer]) -> Result<Game> {
        let mut game = Game::new(setup)?;
        for (i, a) in answers.iter().enumerate() {
            game.apply(a.clone()).map_err(|e| match e {
                Error::IllegalAction(m) => Error::IllegalAction(format!("answer {i}: {m}")),
                other => other,
            })?;
        }
        Ok(game)
    }

    /// 103.1: the chooser names the starting player (in Two-Headed Giant, that seat's team).
    pub fn choose_starting_player(&mut self, chooser: usize, starting_seat: usize) -> Result<()> {
        self.apply(Answer::ChooseStartingPlayer {
            chooser,
            starting_seat,
        })
    }

    /// 103.5: keep; the hand becomes the opening hand and the player cannot mulligan again.
    pub fn keep(&mut self, seat: usize) -> Result<()> {
        self.apply(Answer::Keep { seat })
    }

    /// 103.5: declare a mulligan (taken once everyone in the round has declared).
    pub fn mulligan(&mut self, seat: usize) -> Result<()> {
        self.apply(Answer::Mulligan { seat })
    }

    /// Commander partial Paris: exile these cards face down and draw one fewer.
    pub fn partial_mulligan(&mut self, seat: usize, cards: &[CardId]) -> Result<()> {
        self.apply(Answer::PartialMulligan {
            seat,
            cards: cards.to_vec(),
        })
    }

    /// The no-land/all-land redraw (a table option): once per game, on the first hand.
    pub fn land_mulligan(&mut self, seat: usize) -> Result<()> {
        self.apply(Answer::LandMulligan { seat })
    }

    /// 103.5b: an action "any time you could mulligan" (Serum Powder).
    pub fn mulligan_action(&mut self, seat: usize, card: CardId) -> Result<()> {
        self.apply(Answer::MulliganAction { seat, card })
    }

    /// 103.5 (London): put exactly the asked number of cards from hand on the bottom, in this
    /// top-to-bottom order (401.4).
    pub fn bottom(&mut self, seat: usize, cards: &[CardId]) -> Result<()> {
        self.apply(Answer::Bottom {
            seat,
            cards: cards.to_vec(),
        })
    }

    /// Vancouver: after looking at the top card, keep it there or put it on the bottom.
    pub fn vancouver(&mut self, seat: usize, to_bottom: bool) -> Result<()> {
        self.apply(Answer::Vancouver {
            seat,
            bottom: to_bottom,
        })
    }

    /// 103.6: use one opening-hand card; Gemstone Caverns also exiles `exile`.
    pub fn opening_hand_action(
        &mut self,
        seat: usize,
        card: CardId,
        exile: Option<CardId>,
    ) -> Result<()> {
        self.apply(Answer::OpeningHandAction { seat, card, exile })
    }

    /// 103.6: this player takes no more opening-hand actions.
    pub fn pass_actions(&mut self, seat: usize) -> Result<()> {
        self.apply(Answer::PassActions { seat })
    }
}
