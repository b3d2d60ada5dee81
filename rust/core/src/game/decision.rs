//! The questions the game asks its players, and what each player may see when asked.

use crate::card::CardId;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    pub kind: DecisionKind,
    pub seat: usize,
    pub hand: Vec<CardId>,
    /// Cards to put on the bottom (`Bottom` only).
    pub count: Option<usize>,
    /// The card looked at (`Vancouver` only).
    pub card: Option<CardId>,
    /// Whether a mulligan is allowed (`KeepOrMulligan` only; false once the hand would be 0).
    pub can_mulligan: bool,
    /// Cards usable now: 103.5b cards for `KeepOrMulligan`, 103.6 cards for `OpeningHandAction`.
    pub actions: Vec<CardId>,
    /// Seats that may be named (`ChooseStartingPlayer` only).
    pub options: Vec<usize>,
}

impl Decision {
    pub(crate) fn new(kind: DecisionKind, seat: usize, hand: Vec<CardId>) -> Self {
        Decision {
            kind,
            seat,
            hand,
            count: None,
            card: None,
            can_mulligan: false,
            actions: vec![],
            options: vec![],
        }
    }
}
