//! The plain records every step leaves behind, in order, each with the rule it comes from.
//! Serialised with serde: `{"type": "shuffle", "rule": "701.24a", …}` (the Python view is a
//! dict, the C view JSON).

use schemars::JsonSchema;
use serde::Serialize;

pub use crate::card::CardRef;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Event {
    #[serde(flatten)]
    pub kind: EventKind,
    pub rule: &'static str,
}

impl Event {
    pub fn new(rule: &'static str, kind: EventKind) -> Self {
        Event { kind, rule }
    }

    pub fn type_name(&self) -> String {
        match serde_json::to_value(self) {
            Ok(serde_json::Value::Object(map)) => map
                .get("type")
                .and_then(|t| t.as_str())
                .unwrap_or("")
                .to_string(),
            _ => String::new(),
        }
    }

    /// This event as `viewer` may see it (hidden information, 701.24a and 401.4): another
    /// player's drawn cards, cards put on the bottom, sideboard, and the card Vancouver's look
    /// showed become counts; everything else is public.
    pub fn seen_by(&self, viewer: usize) -> Event {
        let kind = match &self.kind {
            EventKind::Draw { seat, cards } if *seat != viewer => EventKind::HiddenDraw {
                seat: *seat,
                count: cards.len(),
            },
            EventKind::Bottom { seat, cards } if *seat != viewer => EventKind::HiddenBottom {
                seat: *seat,
                count: cards.len(),
            },
            EventKind::SetAside { seat, cards } if *seat != viewer => EventKind::HiddenSetAside {
                seat: *seat,
                count: cards.len(),
            },
            EventKind::Vancouver { seat, to, .. } if *seat != viewer => {
                EventKind::HiddenVancouver { seat: *seat, to }
            }
            EventKind::DeclarePartialMulligan { seat, cards } if *seat != viewer => {
                EventKind::HiddenDeclarePartialMulligan {
                    seat: *seat,
                    count: cards.len(),
                }
            }
            EventKind::Smoothing {
                seat,
                model,
                candidates,
                ..
            } if *seat != viewer => EventKind::HiddenSmoothing {
                seat: *seat,
                model,
                candidates: *candidates,
            },
            other => other.clone(),
        };
        Event {
            kind,
            rule: self.rule,
        }
    }

    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum EventKind {
    // Library (701.24, 401).
    /// A shuffle: `size` cards, drawn from library stream `stream`, its shuffle number `shuffle`.
    Shuffle {
        #[serde(skip_serializing_if = "Option::is_none")]
        seat: Option<usize>,
        size: usize,
        stream: u64,
        shuffle: u32,
    },
    Search {
        found: usize,
    },
    PutOnTop {
        count: usize,
    },
    PutOnBottom {
        count: usize,
    },
    // Set-up (103.2).
    SetAside {
        seat: usize,
        cards: Vec<CardRef>,
    },
    Companion {
        seat: usize,
        card: CardRef,
    },
    Commander {
        seat: usize,
        cards: Vec<CardRef>,
    },
    // Starting player (103.1).
    ChooseChooser {
        chooser: usize,
        how: &'static str,
    },
    StartingPlayer {
        seat: usize,
        chosen_by: Option<usize>,
        team: Option<Vec<usize>>,
    },
    // Starting life (103.4).
    Life {
        seat: usize,
        life: i32,
        shared_with: Vec<usize>,
    },
    // Drawing and mulligans (103.5).
    Draw {
        seat: usize,
        cards: Vec<CardRef>,
    },
    Keep {
        seat: usize,
        hand_size: usize,
    },
    DeclareMulligan {
        seat: usize,
    },
    Mulligan {
        seat: usize,
        number: u32,
        free: bool,
        counted: u32,
    },
    Bottom {
        seat: usize,
        cards: Vec<CardRef>,
    },
    MulliganAction {
        seat: usize,
        card: CardRef,
        exiled: Vec<CardRef>,
    },
    Vancouver {
        seat: usize,
        card: CardRef,
        to: &'static str,
    },
    // Variants and table options (docs/VARIANTS.md).
    /// Commander partial Paris: the cards this player will exile face down (hidden from
    /// others: a count).
    DeclarePartialMulligan {
        seat: usize,
        cards: Vec<CardRef>,
    },
    /// Commander partial Paris: the cards exiled face down go back and are shuffled in, once
    /// the player has kept.
    ReturnExiled {
        seat: usize,
        count: usize,
    },
    /// The no-land/all-land redraw: the hand, revealed, is shuffled back and seven drawn.
    LandMulligan {
        seat: usize,
        cards: Vec<CardRef>,
    },
    /// Opening-hand smoothing (not the rules): `candidates` hands were drawn from the
    /// library stream, `lands` their land counts, and hand `chosen` was dealt.
    Smoothing {
        seat: usize,
        model: &'static str,
        candidates: usize,
        chosen: usize,
        lands: Vec<usize>,
    },
    // Opening-hand actions (103.6).
    OpeningHandAction {
        seat: usize,
        card: CardRef,
        action: &'static str,
        exiled: Option<CardRef>,
    },
    PassActions {
        seat: usize,
    },
    // First turn (103.8).
    // What another player sees of a hidden step (`Event::seen_by`): the same type name,
    // counts instead of cards.
    #[serde(rename = "set_aside")]
    HiddenSetAside {
        seat: usize,
        count: usize,
    },
    #[serde(rename = "draw")]
    HiddenDraw {
        seat: usize,
        count: usize,
    },
    #[serde(rename = "bottom")]
    HiddenBottom {
        seat: usize,
        count: usize,
    },
    #[serde(rename = "vancouver")]
    HiddenVancouver {
        seat: usize,
        to: &'static str,
    },
    #[serde(rename = "declare_partial_mulligan")]
    HiddenDeclarePartialMulligan {
        seat: usize,
        count: usize,
    },
    #[serde(rename = "smoothing")]
    HiddenSmoothing {
        seat: usize,
        model: &'static str,
        candidates: usize,
    },
    FirstDraw {
        starting_player: usize,
        skipping: Vec<usize>,
    },
}
