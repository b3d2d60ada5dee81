//! The questions the game asks its players, and what each player may see when asked.

use crate::card::CardRef;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The kinds of decision, serialised by [`DecisionKind::name`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DecisionKind {
    /// 103.1: the chooser names the starting player (a team, 103.1a).
    ChooseStartingPlayer,
    /// 103.5: keep or mulligan (or a 103.5b action first).
    KeepOrMulligan,
    /// 103.5 (London): put `count` cards from hand on the bottom, in any order (401.4).
    Bottom,
    /// Vancouver: the top card of the library may go to the bottom.
    Vancouver,
    /// 103.6: take opening-hand actions, then pass.
    OpeningHandAction,
}

impl DecisionKind {
    /// The kind's name in every record (`"keep_or_mulligan"`, …).
    pub fn name(self) -> &'static str {
        match self {
            DecisionKind::ChooseStartingPlayer => "choose_starting_player",
            DecisionKind::KeepOrMulligan => "keep_or_mulligan",
            DecisionKind::Bottom => "bottom",
            DecisionKind::Vancouver => "vancouver",
            DecisionKind::OpeningHandAction => "opening_hand_action",
        }
    }
}

/// A decision outstanding now. It shows only what its player may see: their own hand, the top
/// card they are looking at, the cards they may use.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Decision {
    /// Unique within the game: unchanged while this decision stays pending, never reused once
    /// it is answered (any answer by its seat, a 103.5b or 103.6 action included, retires it;
    /// the decision that follows gets a new id). A host refuses answers to a stale id.
    pub id: u64,
    /// What is asked.
    pub kind: DecisionKind,
    /// Who must answer.
    pub seat: usize,
    /// That player's own hand.
    pub hand: Vec<CardRef>,
    /// Cards to put on the bottom (`Bottom` only).
    pub count: Option<usize>,
    /// The card looked at (`Vancouver` only).
    pub card: Option<CardRef>,
    /// Whether a mulligan is allowed (`KeepOrMulligan` only; false once the hand would be 0).
    /// Under `PARTIAL_PARIS` a mulligan may also name the cards to exile
    /// (`partial_mulligan`).
    pub can_mulligan: bool,
    /// Whether the no-land/all-land redraw may be taken now (`KeepOrMulligan` only; a table
    /// option, `land_mulligan=True`). Left out of the record when false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub can_land_mulligan: bool,
    /// Cards usable now: 103.5b cards for `KeepOrMulligan`, 103.6 cards for `OpeningHandAction`.
    pub actions: Vec<CardRef>,
    /// Seats that may be named (`ChooseStartingPlayer` only).
    pub options: Vec<usize>,
}

impl Decision {
    pub(crate) fn new(kind: DecisionKind, seat: usize, hand: Vec<CardRef>) -> Self {
        Decision {
            id: 0,
            kind,
            seat,
            hand,
            count: None,
            card: None,
            can_mulligan: false,
            can_land_mulligan: false,
            actions: vec![],
            options: vec![],
        }
    }

    /// The ids of the hand shown, in order.
    pub fn hand_ids(&self) -> Vec<crate::card::CardId> {
        self.hand.iter().map(|c| c.id).collect()
    }

    /// Whether `card` is in the hand shown.
    pub fn in_hand(&self, card: crate::card::CardId) -> bool {
        self.hand.iter().any(|c| c.id == card)
    }

    /// Refuses a list of cards that are not distinct cards of the hand shown (cards to put on
    /// the bottom, or to exile), naming the first one at fault.
    pub(crate) fn check_from_hand(
        &self,
        cards: &[crate::card::CardId],
    ) -> crate::error::Result<()> {
        for (i, c) in cards.iter().enumerate() {
            if !self.in_hand(*c) {
                return Err(crate::error::Error::illegal(format!(
                    "card {c} is not in seat {}'s hand",
                    self.seat
                )));
            }
            if cards[..i].contains(c) {
                return Err(crate::error::Error::illegal(format!(
                    "card {c} is listed twice"
                )));
            }
        }
        Ok(())
    }

    /// Whether `card` is one of the usable cards.
    pub fn can_use(&self, card: crate::card::CardId) -> bool {
        self.actions.iter().any(|c| c.id == card)
    }
}
