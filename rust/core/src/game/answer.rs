//! Answers as records: each answer a player gives is one [`Answer`], with the names and
//! arguments of the Python methods (`game.keep(seat)` is `{"type": "keep", "seat": 0}`). The
//! game keeps the ordered list of the answers it applied, and [`super::Game::replay`] rebuilds the
//! exact game from its set-up and that list (how a service restores a game, and how a log is
//! verified).

use super::decision::DecisionKind;
use crate::card::CardId;

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
    /// The table phase of a whole game (`crate::table`): one action on `seat`'s zones.
    Act {
        /// The seat whose zones it acts on.
        seat: usize,
        /// Given with the host's authority (any seat's zones; another seat looking).
        #[serde(default)]
        host: bool,
        /// The host only: the seat that looks, for a search or look of `seat`'s library by
        /// another seat.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        looker: Option<usize>,
        /// The action record (`{"action": "draw", "count": 1}`, ...).
        action: crate::table::Action,
    },
    /// The host ends a whole game: the seed may then be revealed.
    End {},
}

impl Answer {
    /// The seat that gives this answer (for `act`, the seat acted on; `end`, the host's, 0).
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
            | Answer::PassActions { seat }
            | Answer::Act { seat, .. } => seat,
            Answer::End {} => 0,
        }
    }

    /// The kind of decision this answers (None for the table phase's `act` and `end`, which
    /// answer no decision).
    pub fn answers(&self) -> Option<DecisionKind> {
        Some(match self {
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
            Answer::Act { .. } | Answer::End {} => return None,
        })
    }
}
