//! The plain records every step leaves behind, in order, each with the rule it comes from.
//! Serialised with serde: `{"type": "shuffle", "rule": "701.24a", …}` (the Python view is a
//! dict, the C view JSON).

use schemars::JsonSchema;
use serde::Serialize;

use crate::action::{Action, Place};
pub use crate::card::CardRef;

mod visibility;

/// One step of a game start or a library operation, with the rule it follows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Event {
    /// What happened (serialised flat, with its `type`).
    #[serde(flatten)]
    pub kind: EventKind,
    /// The rule the step follows, in the era's numbering (e.g. `"103.5"`).
    pub rule: &'static str,
}

impl Event {
    /// An event of this kind under `rule`.
    pub fn new(rule: &'static str, kind: EventKind) -> Self {
        Event { kind, rule }
    }

    /// The event's `type` as serialised (e.g. `"shuffle"`).
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

    /// The event as its JSON record (docs/schema.json `Event`).
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
    }
}

/// What an [`Event`] records, by kind (its `type` when serialised).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum EventKind {
    // Library (701.24, 401).
    /// A shuffle: `size` cards, drawn from library stream `stream`, its shuffle number `shuffle`.
    Shuffle {
        /// Whose library, in a game (absent for a library on its own).
        #[serde(skip_serializing_if = "Option::is_none")]
        seat: Option<usize>,
        /// The cards shuffled.
        size: usize,
        /// The library stream the shuffle reads.
        stream: u64,
        /// The shuffle's number within that stream (0 for the first).
        shuffle: u32,
        /// The table phase (`whole_game`): how many shuffles this one counts as (701.24f:
        /// several simultaneous shuffles of one library, each one counted; 1 otherwise, even
        /// for 0 or 1 card, 701.24e). Absent for the game start's shuffles.
        #[serde(skip_serializing_if = "Option::is_none")]
        times: Option<u32>,
    },
    /// A search of the library (701.23): how many cards were found.
    Search {
        /// The cards found.
        found: usize,
    },
    /// Cards put on top of the library (401.4).
    PutOnTop {
        /// How many.
        count: usize,
    },
    /// Cards put on the bottom of the library (401.4).
    PutOnBottom {
        /// How many.
        count: usize,
    },
    // Set-up (103.2).
    /// Cards set aside before the game (103.2a): seen by their owner only.
    SetAside {
        /// Whose cards.
        seat: usize,
        /// The cards.
        cards: Vec<CardRef>,
    },
    /// A companion revealed from outside the game (103.2b).
    Companion {
        /// Whose companion.
        seat: usize,
        /// The companion.
        card: CardRef,
    },
    /// Commanders put into the command zone (103.2c).
    Commander {
        /// Whose commanders.
        seat: usize,
        /// The commanders.
        cards: Vec<CardRef>,
    },
    // Starting player (103.1).
    /// Who chooses the starting player (103.1).
    ChooseChooser {
        /// The seat that chooses.
        chooser: usize,
        /// How it was decided: `"random"` (a fair draw) or `"previous_game"` (a match's loser).
        how: &'static str,
    },
    /// The starting player (103.1), or team (103.1a).
    StartingPlayer {
        /// The starting seat.
        seat: usize,
        /// The seat that chose it, when one did.
        chosen_by: Option<usize>,
        /// Shared team turns: the seats of the starting team.
        team: Option<Vec<usize>>,
    },
    // Starting life (103.4).
    /// A starting life total (103.4).
    Life {
        /// Whose life total.
        seat: usize,
        /// The starting life.
        life: i32,
        /// Two-Headed Giant: the teammates sharing it (empty otherwise).
        shared_with: Vec<usize>,
    },
    // Drawing and mulligans (103.5).
    /// Cards drawn into a hand (103.5): seen by their owner only.
    Draw {
        /// Who drew.
        seat: usize,
        /// The cards drawn.
        cards: Vec<CardRef>,
    },
    /// A hand kept (103.5).
    Keep {
        /// Who kept.
        seat: usize,
        /// The size of the kept hand.
        hand_size: usize,
    },
    /// A mulligan declared (103.5), before it is taken.
    DeclareMulligan {
        /// Who declared it.
        seat: usize,
    },
    /// A mulligan taken (103.5): the hand shuffled back and a new one drawn.
    Mulligan {
        /// Who took it.
        seat: usize,
        /// This player's mulligans so far, this one included.
        number: u32,
        /// This one is free (103.5c).
        free: bool,
        /// The mulligans that count toward the hand size or the cards to bottom.
        counted: u32,
    },
    /// Cards put on the bottom after a London mulligan (103.5): seen by their owner only.
    Bottom {
        /// Whose cards.
        seat: usize,
        /// The cards, top to bottom.
        cards: Vec<CardRef>,
    },
    /// A card used while the player could mulligan (Serum Powder, 103.5b): the hand exiled and
    /// a new one drawn.
    MulliganAction {
        /// Who used it.
        seat: usize,
        /// The card used.
        card: CardRef,
        /// The hand exiled.
        exiled: Vec<CardRef>,
    },
    /// Vancouver's scry 1 after mulligans: the card seen and where it went.
    Vancouver {
        /// Who scried.
        seat: usize,
        /// The card seen (its owner only; see `HiddenVancouver`).
        card: CardRef,
        /// `"top"` or `"bottom"`.
        to: &'static str,
    },
    // Variants and table options (docs/VARIANTS.md).
    /// Commander partial Paris: the cards this player will exile face down (hidden from
    /// others: a count).
    DeclarePartialMulligan {
        /// Who declared it.
        seat: usize,
        /// The cards to exile face down.
        cards: Vec<CardRef>,
    },
    /// Commander partial Paris: the cards exiled face down go back and are shuffled in, once
    /// the player has kept.
    ReturnExiled {
        /// Whose cards.
        seat: usize,
        /// How many go back.
        count: usize,
    },
    /// The no-land/all-land redraw: the hand, revealed, is shuffled back and seven drawn.
    LandMulligan {
        /// Who redrew.
        seat: usize,
        /// The hand revealed and shuffled back.
        cards: Vec<CardRef>,
    },
    /// Opening-hand smoothing (not the rules): `candidates` hands were drawn from the
    /// library stream, `lands` their land counts, and hand `chosen` was dealt.
    Smoothing {
        /// Whose hand.
        seat: usize,
        /// The smoothing model, by name (e.g. `"arena2"`).
        model: &'static str,
        /// The candidate hands drawn.
        candidates: usize,
        /// The candidate dealt (0-based).
        chosen: usize,
        /// The land count of each candidate.
        lands: Vec<usize>,
        /// `smoothed_london` only: each candidate's random word `k` of XMage's score, whose
        /// random term is `0.3 k / 2^32` (docs/VARIANTS.md); absent for the other models.
        #[serde(skip_serializing_if = "Option::is_none")]
        random: Option<Vec<u32>>,
    },
    // Opening-hand actions (103.6).
    /// A card acting from the opening hand (103.6): onto the battlefield or revealed.
    OpeningHandAction {
        /// Who acted.
        seat: usize,
        /// The card.
        card: CardRef,
        /// The action, by name: `"begin_on_battlefield"`, `"gemstone_caverns"` or `"reveal"`.
        action: &'static str,
        /// A card exiled as part of the action (Gemstone Caverns), if any.
        exiled: Option<CardRef>,
    },
    /// A player is done with opening-hand actions (103.6).
    PassActions {
        /// Who passed.
        seat: usize,
    },
    // The table phase, after 103.8 (`whole_game`; docs/EVENT_LOG.md).
    /// An action on a seat's zones, as given (the log's record of it: replay applies it).
    /// Every seat sees it as `HiddenAct`: the action's name only.
    Act {
        /// The seat whose zones it acts on.
        seat: usize,
        /// Given with the host's authority.
        host: bool,
        /// The seat that looks (a search or look of another seat's library, by the host).
        #[serde(skip_serializing_if = "Option::is_none")]
        looker: Option<usize>,
        /// The action record.
        action: Action,
    },
    /// Cards moved between zones (400.7) or within the library (401.4).
    Move {
        /// The owner.
        seat: usize,
        /// Where they were.
        from: Place,
        /// Where they went.
        to: Place,
        /// The cards, in order (top first when they go into the library).
        cards: Vec<CardRef>,
        /// With `to: "library"`: the position of the first card (701.24g).
        #[serde(skip_serializing_if = "Option::is_none")]
        position: Option<i64>,
        /// The seat that looked (a search, look or scry), when one did.
        #[serde(skip_serializing_if = "Option::is_none")]
        looker: Option<usize>,
        /// Revealed to every player.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        revealed: bool,
    },
    /// 701.23: a search of `seat`'s library begins; `looker` sees the library until it ends.
    SearchLibrary {
        /// Whose library.
        seat: usize,
        /// The seat that searches.
        looker: usize,
    },
    /// 401.2: `looker` looks at the top cards of `seat`'s library (seen by the looker only).
    Look {
        /// Whose library.
        seat: usize,
        /// The seat that looks.
        looker: usize,
        /// The cards looked at by this action, top first.
        cards: Vec<CardRef>,
    },
    /// 401.2: the top cards of `seat`'s library revealed to every player.
    Reveal {
        /// Whose library.
        seat: usize,
        /// The cards revealed by this action, top first.
        cards: Vec<CardRef>,
    },
    /// 119.3, 122.1: a seat's public counter changed (its life total, poison, ...): public.
    Counter {
        /// Whose counter.
        seat: usize,
        /// Its name.
        counter: String,
        /// Its value now.
        value: i64,
        /// The change (the new value less the old).
        delta: i64,
        /// Two-Headed Giant's `life`: the teammates sharing it (left out when none).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        shared_with: Vec<usize>,
        /// A counter on this permanent of the seat's (122.1), not on the player (left out
        /// for the player's own counters).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<crate::card::CardId>,
    },
    /// 701.26a: permanents tapped (public).
    Tap {
        /// Whose permanents.
        seat: usize,
        /// The permanents.
        cards: Vec<CardRef>,
    },
    /// 701.26b, 502.3: permanents untapped (public); on a new turn, its active player's.
    Untap {
        /// Whose permanents.
        seat: usize,
        /// The permanents.
        cards: Vec<CardRef>,
    },
    /// 103.1, 500.1: a new turn begins (turn 1 is the starting player's, when the table opens).
    Turn {
        /// The turn's number, from 1.
        number: u32,
        /// The active player's seat.
        seat: usize,
        /// Shared team turns (805.2): the active team's seats (left out otherwise).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        team: Option<Vec<usize>>,
    },
    /// 111.1: tokens put onto the battlefield (public); their ids are new.
    Token {
        /// Their owner (111.2: the player who made them).
        seat: usize,
        /// The tokens.
        cards: Vec<CardRef>,
    },
    /// 111.7, 111.8, 704.5d: tokens that left the battlefield ceased to exist (public).
    CeaseToExist {
        /// Their owner.
        seat: usize,
        /// The tokens.
        cards: Vec<CardRef>,
    },
    /// 903.8: a commander cast from the command zone (a move from `command` to the stack or
    /// the battlefield); its next cast costs {2} more for each of these.
    Cast {
        /// The commander's owner.
        seat: usize,
        /// The commander.
        card: CardRef,
        /// Its casts from the command zone so far, this one included.
        casts: u32,
    },
    /// 903.10a: combat damage `seat` took from a commander (public).
    CommanderDamage {
        /// The seat dealt the damage.
        seat: usize,
        /// The commander's owner.
        owner: usize,
        /// The commander's id in its owner's deck.
        commander: crate::card::CardId,
        /// The damage that commander has dealt this seat in all.
        value: i64,
        /// The change.
        delta: i64,
    },
    /// 104.3a: a seat conceded; it has left the game.
    Concede {
        /// The seat.
        seat: usize,
    },
    /// 104.2a: a concession left one player or team in the game: it is over, as after the
    /// host's end (the seed may now be revealed).
    GameOver {},
    /// The host ended the game: the seed may now be revealed.
    End {},
    // First turn (103.8).
    // What another player sees of a hidden step (`Event::seen_by`): the same type name,
    // counts instead of cards.
    /// `SetAside` as another player sees it: how many cards.
    #[serde(rename = "set_aside")]
    HiddenSetAside {
        /// Whose cards.
        seat: usize,
        /// How many.
        count: usize,
    },
    /// `Draw` as another player sees it: how many cards.
    #[serde(rename = "draw")]
    HiddenDraw {
        /// Who drew.
        seat: usize,
        /// How many.
        count: usize,
    },
    /// `Bottom` as another player sees it: how many cards.
    #[serde(rename = "bottom")]
    HiddenBottom {
        /// Whose cards.
        seat: usize,
        /// How many.
        count: usize,
    },
    /// `Vancouver` as another player sees it: where the card went, not which it was.
    #[serde(rename = "vancouver")]
    HiddenVancouver {
        /// Who scried.
        seat: usize,
        /// `"top"` or `"bottom"`.
        to: &'static str,
    },
    /// `DeclarePartialMulligan` as another player sees it: how many cards.
    #[serde(rename = "declare_partial_mulligan")]
    HiddenDeclarePartialMulligan {
        /// Who declared it.
        seat: usize,
        /// How many cards.
        count: usize,
    },
    /// `Smoothing` as another player sees it: the model and the candidates, not their lands.
    #[serde(rename = "smoothing")]
    HiddenSmoothing {
        /// Whose hand.
        seat: usize,
        /// The smoothing model, by name.
        model: &'static str,
        /// The candidate hands drawn.
        candidates: usize,
    },
    /// `Act` as every seat sees it: who acted, and the action's name.
    #[serde(rename = "act")]
    HiddenAct {
        /// The seat whose zones it acts on.
        seat: usize,
        /// The action's name (`"draw"`, `"search"`, …).
        action: &'static str,
    },
    /// `Move` as another player sees it: how many cards, from where to where.
    #[serde(rename = "move")]
    HiddenMove {
        /// The owner.
        seat: usize,
        /// Where they were.
        from: Place,
        /// Where they went.
        to: Place,
        /// How many.
        count: usize,
        /// With `to: "library"`: the position of the first card.
        #[serde(skip_serializing_if = "Option::is_none")]
        position: Option<i64>,
    },
    /// `Look` as another player sees it: how many cards.
    #[serde(rename = "look")]
    HiddenLook {
        /// Whose library.
        seat: usize,
        /// The seat that looks.
        looker: usize,
        /// How many cards.
        count: usize,
    },
    /// Who skips their first draw (103.8).
    FirstDraw {
        /// The starting player.
        starting_player: usize,
        /// The seats that skip the draw of their first turn.
        skipping: Vec<usize>,
    },
}
