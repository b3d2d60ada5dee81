//! The action records of the table phase (after 103.8, `whole_game`): each is one JSON object
//! with its `action` name (`{"action": "draw", "count": 1}`), the same record for Python, C
//! and HTTP (docs/schema.json `Action`). Cards are named by their id in the owner's deck
//! (`CardRef::id`): the main deck first, then the sideboard, commanders and companions.

use crate::card::CardId;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Where a card is, or goes. The zones of rule 400.1 a tabletop needs, with the library's two
/// ends (`top`, `bottom`) and a set position (`library` with a `position`, 701.24g).
///
/// Hidden zones: the library (nobody knows its order, 401.2), the hand (its owner only, 402.3),
/// `face_down_exile` (its owner only, 406.3) and `outside` the game (the sideboard and other
/// cards outside the game: its owner only). Every other zone is public, "where the host put
/// it": the server only records the moves the host reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Place {
    /// The library at a set position (with `position`: 0 the top, -1 the bottom).
    Library,
    /// The top of the library.
    Top,
    /// The bottom of the library.
    Bottom,
    /// The hand (hidden: its owner only).
    Hand,
    /// The battlefield (public).
    Battlefield,
    /// The graveyard (public).
    Graveyard,
    /// Exile, face up (public).
    Exile,
    /// Exile, face down (hidden: its owner only).
    FaceDownExile,
    /// The command zone (public).
    Command,
    /// The stack (public).
    Stack,
    /// Outside the game (hidden: its owner only; the sideboard starts here).
    Outside,
}

impl Place {
    /// The name as serialised.
    pub fn name(self) -> &'static str {
        match self {
            Place::Library => "library",
            Place::Top => "top",
            Place::Bottom => "bottom",
            Place::Hand => "hand",
            Place::Battlefield => "battlefield",
            Place::Graveyard => "graveyard",
            Place::Exile => "exile",
            Place::FaceDownExile => "face_down_exile",
            Place::Command => "command",
            Place::Stack => "stack",
            Place::Outside => "outside",
        }
    }
    /// A place in the library (its top, bottom or a set position).
    pub fn in_library(self) -> bool {
        matches!(self, Place::Library | Place::Top | Place::Bottom)
    }
    /// A public zone: every player sees what is there.
    pub fn public(self) -> bool {
        matches!(
            self,
            Place::Battlefield | Place::Graveyard | Place::Exile | Place::Command | Place::Stack
        )
    }
    /// A hidden zone whose owner knows its cards (hand, face-down exile, outside the game).
    pub fn owner_knows(self) -> bool {
        matches!(self, Place::Hand | Place::FaceDownExile | Place::Outside)
    }
}

fn one() -> u32 {
    1
}
fn yes() -> bool {
    true
}

/// 701.24g: a card put at a set position of the library while it is shuffled.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Placement {
    /// The card.
    pub card: CardId,
    /// The zone it comes from (not the library).
    pub from: Place,
    /// Its position after the shuffle: 0 the top, 1 the second, -1 the bottom.
    pub position: i64,
}

/// One action on a seat's zones in the table phase. An action is checked in full before
/// anything changes: an illegal one is an error and changes nothing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "action", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// 121.1: draw `count` cards (fewer when the library runs out, 121.4).
    Draw {
        /// How many.
        count: usize,
    },
    /// 701.24a: shuffle the library; `times` simultaneous shuffles of it (701.24f: shuffled
    /// once, counted `times` times). A library of 0 or 1 cards still shuffles (701.24e).
    Shuffle {
        /// How many simultaneous shuffles (1 unless several effects shuffle at once).
        #[serde(default = "one")]
        times: u32,
    },
    /// The top `count` cards to the graveyard, public (fewer when the library runs out).
    Mill {
        /// How many.
        count: usize,
    },
    /// 701.24c/d: shuffle these cards from `from` into the library. The library is shuffled
    /// even when the list is empty or a card is no longer in `from` (it then stays where it
    /// is). `place`: a card put at a set position at the same time (701.24g).
    ShuffleIn {
        /// The cards named.
        cards: Vec<CardId>,
        /// The zone they are expected in.
        from: Place,
        /// 701.24g: a card put at a set position as the library is shuffled.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        place: Option<Placement>,
    },
    /// 701.23: start searching the library. The looking seat sees the library (in its view's
    /// `looking`, in no particular order) until `found` ends the search.
    Search {},
    /// 701.23, 701.24b: end the search: these cards were found; unless `shuffle` is false the
    /// rest of the library is shuffled without them, then they go `to` (a zone, `top`,
    /// `bottom`, or `library` at `position`), in the order given.
    Found {
        /// The cards found, in the order they go (top first in the library).
        cards: Vec<CardId>,
        /// Where they go.
        to: Place,
        /// With `to: "library"`: the position of the first card (0 the top, -1 the bottom).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        position: Option<i64>,
        /// Reveal them to every player (a tutor that reveals).
        #[serde(default)]
        reveal: bool,
        /// Shuffle the rest (701.24b); false only for an effect that does not shuffle.
        #[serde(default = "yes")]
        shuffle: bool,
    },
    /// 401.2: look at the next `count` cards from the top (scry, surveil, "look at the top
    /// N"): the looking seat sees them until `arrange` puts them away. Repeatable: each look
    /// adds the next cards.
    Look {
        /// How many more cards.
        count: usize,
    },
    /// 401.2: reveal the next `count` cards from the top to every player; repeat with 1 to
    /// "reveal until" a card the client is looking for. `arrange` puts them away.
    Reveal {
        /// How many more cards.
        count: usize,
    },
    /// 401.4: put away the cards looked at or revealed, every one exactly once: each list in
    /// the order chosen (`top` and `bottom` top first).
    Arrange {
        /// Back on top, top first.
        #[serde(default)]
        top: Vec<CardId>,
        /// To the bottom, top first.
        #[serde(default)]
        bottom: Vec<CardId>,
        /// Into the hand.
        #[serde(default)]
        hand: Vec<CardId>,
        /// Into the graveyard (surveil).
        #[serde(default)]
        graveyard: Vec<CardId>,
        /// Into exile.
        #[serde(default)]
        exile: Vec<CardId>,
        /// Onto the battlefield.
        #[serde(default)]
        battlefield: Vec<CardId>,
    },
    /// 401.4: put cards from the hand or a public zone on the top or bottom of the library, in
    /// this order, top first (Brainstorm; Gravebane Zombie).
    Put {
        /// The cards, top first.
        cards: Vec<CardId>,
        /// The zone they come from (not the library).
        from: Place,
        /// `top` or `bottom`.
        to: Place,
    },
    /// 400.7: move cards between zones other than the library: hand to a public zone (cast,
    /// discard), public to public, public or outside to hand.
    Move {
        /// The cards.
        cards: Vec<CardId>,
        /// Where they are.
        from: Place,
        /// Where they go.
        to: Place,
    },
    /// 701.24c, 701.24f: each seat of `seats` (this seat when empty) shuffles its hand and
    /// graveyard into its library at the same time, then draws `draw` cards (Timetwister).
    Timetwister {
        /// The seats; another seat than the acting one needs the host.
        #[serde(default)]
        seats: Vec<usize>,
        /// The cards each then draws.
        draw: usize,
    },
    /// 119.3, 122.1: a public number of the seat that is not a card: its life total (`life`,
    /// starting at 103.4's total; shared by a Two-Headed Giant team, 810.9), `poison`
    /// counters, or any other named counter (`[a-z0-9_]`, at most 32 characters). Exactly one
    /// of `delta` (added; negative to lose) and `set`. With `card`: counters on that permanent
    /// of the seat's battlefield (122.1: `p1p1`, `loyalty`, ...), never below 0.
    Counter {
        /// The counter's name: `life`, `poison`, `energy`, ...
        counter: String,
        /// A permanent on the seat's battlefield: the counter is on it, not on the player.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<CardId>,
        /// Added to the counter (negative to take away).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        delta: Option<i64>,
        /// The counter's new value.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        set: Option<i64>,
    },
    /// 701.26a: tap these permanents of the seat's battlefield (each untapped now).
    Tap {
        /// The permanents.
        cards: Vec<CardId>,
    },
    /// 701.26b: untap these permanents of the seat's battlefield (each tapped now).
    Untap {
        /// The permanents.
        cards: Vec<CardId>,
    },
    /// 500.1, 502.3: the active seat (or the host for it) ends its turn: the next seat in turn
    /// order that is still in the game (805.2: the next team, shared team turns) becomes
    /// active, and its permanents untap.
    PassTurn {},
    /// 111.1: put `count` tokens named `name` onto the seat's battlefield. Each gets a new id,
    /// after every deck list's ids, never used again (111.7: one that leaves the battlefield
    /// ceases to exist).
    CreateToken {
        /// The token's name: 1 to 64 characters once trimmed, no control character.
        name: String,
        /// How many, 1 to 100.
        #[serde(default = "one")]
        count: u32,
    },
    /// 903.10a: combat damage the seat takes from a commander (`owner`'s card `commander`):
    /// added to what that commander dealt it, and lost as life in the same action (120.3a).
    /// Negative to undo a mistake.
    CommanderDamage {
        /// The commander's owner (its seat).
        owner: usize,
        /// The commander, by its id in its owner's deck.
        commander: CardId,
        /// The damage (negative to take back).
        delta: i64,
    },
    /// 104.3a: the seat concedes. Two players (or one team left): the game ends (104.2a);
    /// otherwise the others play on and the seat's cards leave the game (800.4a).
    Concede {},
}

impl Action {
    /// The action's name as serialised (`"draw"`, …).
    pub fn name(&self) -> &'static str {
        match self {
            Action::Draw { .. } => "draw",
            Action::Shuffle { .. } => "shuffle",
            Action::Mill { .. } => "mill",
            Action::ShuffleIn { .. } => "shuffle_in",
            Action::Search {} => "search",
            Action::Found { .. } => "found",
            Action::Look { .. } => "look",
            Action::Reveal { .. } => "reveal",
            Action::Arrange { .. } => "arrange",
            Action::Put { .. } => "put",
            Action::Move { .. } => "move",
            Action::Timetwister { .. } => "timetwister",
            Action::Counter { .. } => "counter",
            Action::Tap { .. } => "tap",
            Action::Untap { .. } => "untap",
            Action::PassTurn {} => "pass_turn",
            Action::CreateToken { .. } => "create_token",
            Action::CommanderDamage { .. } => "commander_damage",
            Action::Concede {} => "concede",
        }
    }
}
