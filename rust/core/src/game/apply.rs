//! Applying answers: [`Game::apply`] routes each [`Answer`] to the step it answers, keeps the
//! list of the answers applied, and [`Game::replay`] rebuilds a game from its set-up and that
//! list. The named methods (`keep`, `mulligan`, ...) are the same answers, one per kind.

use super::answer::Answer;
use super::setup::GameSetup;
use super::state::Game;
use crate::card::CardId;
use crate::error::{Error, Result};

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
            Answer::Act {
                seat,
                host,
                looker,
                action,
            } => self.answer_act(*seat, *host, *looker, action),
            Answer::End {} => self.answer_end(),
        }?;
        if answer.answers().is_some() {
            self.renumber_decisions(Some(answer.seat()));
            self.open_table();
        }
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
        Game::new(setup)?.replay_answers(answers)
    }

    /// Applies `answers` in order to this game (a new one: [`Game::new`],
    /// [`Game::with_whole_game`], [`super::SetupRecord::game`]), as [`Game::replay`] does.
    pub fn replay_answers(self, answers: &[Answer]) -> Result<Game> {
        let mut game = self;
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
