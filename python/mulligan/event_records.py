"""Every event type of the core's records, one `TypedDict` each (docs/schema.json's `Event`
branches); `mulligan.records.EventDict` is their common, looser shape. Narrow an `EventDict` to
one of them by its `"type"` (and, for the hidden forms another player sees, by `"count"`).
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from mulligan.records import ActionDict, CardDict, Place

__all__ = ["EVENT_TYPES"]


class _ShuffleBase(TypedDict):
    type: Literal["shuffle"]
    rule: str
    size: int
    stream: int
    shuffle: int


class ShuffleEvent(_ShuffleBase, total=False):
    """701.24 (and 103.3, 103.5): a shuffle; `seat` when a game's library shuffles; `times`
    in a whole game's table phase (701.24f: how many shuffles it counts as)."""

    seat: int | None
    times: int


class SearchEvent(TypedDict):
    type: Literal["search"]
    rule: str
    found: int


class PutOnTopEvent(TypedDict):
    type: Literal["put_on_top"]
    rule: str
    count: int


class PutOnBottomEvent(TypedDict):
    type: Literal["put_on_bottom"]
    rule: str
    count: int


class SetAsideEvent(TypedDict):
    """103.2a: the sideboard set aside (as its owner sees it)."""

    type: Literal["set_aside"]
    rule: str
    seat: int
    cards: list[CardDict]


class HiddenSetAsideEvent(TypedDict):
    """103.2a as another player sees it: a count."""

    type: Literal["set_aside"]
    rule: str
    seat: int
    count: int


class CompanionEvent(TypedDict):
    type: Literal["companion"]
    rule: str
    seat: int
    card: CardDict


class CommanderEvent(TypedDict):
    type: Literal["commander"]
    rule: str
    seat: int
    cards: list[CardDict]


class ChooseChooserEvent(TypedDict):
    type: Literal["choose_chooser"]
    rule: str
    chooser: int
    how: str


class StartingPlayerEvent(TypedDict):
    type: Literal["starting_player"]
    rule: str
    seat: int
    chosen_by: int | None
    team: list[int] | None


class LifeEvent(TypedDict):
    type: Literal["life"]
    rule: str
    seat: int
    life: int
    shared_with: list[int]


class DrawEvent(TypedDict):
    type: Literal["draw"]
    rule: str
    seat: int
    cards: list[CardDict]


class HiddenDrawEvent(TypedDict):
    type: Literal["draw"]
    rule: str
    seat: int
    count: int


class KeepEvent(TypedDict):
    type: Literal["keep"]
    rule: str
    seat: int
    hand_size: int


class DeclareMulliganEvent(TypedDict):
    type: Literal["declare_mulligan"]
    rule: str
    seat: int


class MulliganEvent(TypedDict):
    type: Literal["mulligan"]
    rule: str
    seat: int
    number: int
    free: bool
    counted: int


class BottomEvent(TypedDict):
    type: Literal["bottom"]
    rule: str
    seat: int
    cards: list[CardDict]


class HiddenBottomEvent(TypedDict):
    type: Literal["bottom"]
    rule: str
    seat: int
    count: int


class MulliganActionEvent(TypedDict):
    type: Literal["mulligan_action"]
    rule: str
    seat: int
    card: CardDict
    exiled: list[CardDict]


class VancouverEvent(TypedDict):
    type: Literal["vancouver"]
    rule: str
    seat: int
    card: CardDict
    to: str


class HiddenVancouverEvent(TypedDict):
    type: Literal["vancouver"]
    rule: str
    seat: int
    to: str


class DeclarePartialMulliganEvent(TypedDict):
    type: Literal["declare_partial_mulligan"]
    rule: str
    seat: int
    cards: list[CardDict]


class HiddenDeclarePartialMulliganEvent(TypedDict):
    type: Literal["declare_partial_mulligan"]
    rule: str
    seat: int
    count: int


class ReturnExiledEvent(TypedDict):
    type: Literal["return_exiled"]
    rule: str
    seat: int
    count: int


class LandMulliganEvent(TypedDict):
    type: Literal["land_mulligan"]
    rule: str
    seat: int
    cards: list[CardDict]


class SmoothingEvent(TypedDict):
    type: Literal["smoothing"]
    rule: str
    seat: int
    model: str
    candidates: int
    chosen: int
    lands: list[int]
    random: NotRequired[list[int]]  # smoothed_london: each candidate's k, U = k / 2**32


class HiddenSmoothingEvent(TypedDict):
    type: Literal["smoothing"]
    rule: str
    seat: int
    model: str
    candidates: int


class OpeningHandActionEvent(TypedDict):
    type: Literal["opening_hand_action"]
    rule: str
    seat: int
    card: CardDict
    action: str
    exiled: CardDict | None


class PassActionsEvent(TypedDict):
    type: Literal["pass_actions"]
    rule: str
    seat: int


class ActEvent(TypedDict):
    """A whole game's action as given (the log's record of it; the host's view)."""

    type: Literal["act"]
    rule: str
    seat: int
    host: bool
    looker: NotRequired[int]
    action: ActionDict


class HiddenActEvent(TypedDict):
    """`act` as every seat sees it: the action's name."""

    type: Literal["act"]
    rule: str
    seat: int
    action: str


MoveEvent = TypedDict(
    "MoveEvent",
    {
        "type": "Literal['move']",
        "rule": str,
        "seat": int,
        "from": Place,
        "to": Place,
        "cards": list[CardDict],
        "position": NotRequired[int],
        "looker": NotRequired[int],
        "revealed": NotRequired[bool],
    },
)
"""400.7, 401.4: cards of `seat` moved between zones (a whole game)."""

HiddenMoveEvent = TypedDict(
    "HiddenMoveEvent",
    {
        "type": "Literal['move']",
        "rule": str,
        "seat": int,
        "from": Place,
        "to": Place,
        "count": int,
        "position": NotRequired[int],
    },
)
"""`move` as a seat that may not see the cards sees it: how many."""


class SearchLibraryEvent(TypedDict):
    type: Literal["search_library"]
    rule: str
    seat: int
    looker: int


class LookEvent(TypedDict):
    type: Literal["look"]
    rule: str
    seat: int
    looker: int
    cards: list[CardDict]


class HiddenLookEvent(TypedDict):
    type: Literal["look"]
    rule: str
    seat: int
    looker: int
    count: int


class RevealEvent(TypedDict):
    type: Literal["reveal"]
    rule: str
    seat: int
    cards: list[CardDict]


class CounterEvent(TypedDict):
    """A seat's public counter changed (life, poison, ...): public."""

    type: Literal["counter"]
    rule: str
    seat: int
    counter: str
    value: int
    delta: int
    shared_with: NotRequired[list[int]]
    card: NotRequired[int]


class TapEvent(TypedDict):
    """701.26a: permanents tapped (public)."""

    type: Literal["tap"]
    rule: str
    seat: int
    cards: list[CardDict]


class UntapEvent(TypedDict):
    """701.26b, 502.3: permanents untapped (public)."""

    type: Literal["untap"]
    rule: str
    seat: int
    cards: list[CardDict]


class TurnEvent(TypedDict):
    """103.1, 805.2: a new turn; `team` with shared team turns."""

    type: Literal["turn"]
    rule: str
    number: int
    seat: int
    team: NotRequired[list[int]]


class TokenEvent(TypedDict):
    """111.1: tokens put onto `seat`'s battlefield."""

    type: Literal["token"]
    rule: str
    seat: int
    cards: list[CardDict]


class CeaseToExistEvent(TypedDict):
    """111.7, 704.5d: tokens that left the battlefield ceased to exist."""

    type: Literal["cease_to_exist"]
    rule: str
    seat: int
    cards: list[CardDict]


class CastEvent(TypedDict):
    """903.8: a commander cast from the command zone; `casts` so far."""

    type: Literal["cast"]
    rule: str
    seat: int
    card: CardDict
    casts: int


class CommanderDamageEvent(TypedDict):
    """903.10a: combat damage `seat` took from `owner`'s commander; `value` in all."""

    type: Literal["commander_damage"]
    rule: str
    seat: int
    owner: int
    commander: int
    value: int
    delta: int


class ConcedeEvent(TypedDict):
    """104.3a: a seat conceded."""

    type: Literal["concede"]
    rule: str
    seat: int


class GameOverEvent(TypedDict):
    """104.2a: a concession left one player or team: the game is over."""

    type: Literal["game_over"]
    rule: str


class EndEvent(TypedDict):
    type: Literal["end"]
    rule: str


class FirstDrawEvent(TypedDict):
    type: Literal["first_draw"]
    rule: str
    starting_player: int
    skipping: list[int]


EVENT_TYPES: tuple[type, ...] = (
    ShuffleEvent,
    SearchEvent,
    PutOnTopEvent,
    PutOnBottomEvent,
    SetAsideEvent,
    HiddenSetAsideEvent,
    CompanionEvent,
    CommanderEvent,
    ChooseChooserEvent,
    StartingPlayerEvent,
    LifeEvent,
    DrawEvent,
    HiddenDrawEvent,
    KeepEvent,
    DeclareMulliganEvent,
    MulliganEvent,
    BottomEvent,
    HiddenBottomEvent,
    MulliganActionEvent,
    VancouverEvent,
    HiddenVancouverEvent,
    DeclarePartialMulliganEvent,
    HiddenDeclarePartialMulliganEvent,
    ReturnExiledEvent,
    LandMulliganEvent,
    SmoothingEvent,
    HiddenSmoothingEvent,
    OpeningHandActionEvent,
    PassActionsEvent,
    FirstDrawEvent,
    ActEvent,
    HiddenActEvent,
    MoveEvent,
    HiddenMoveEvent,
    SearchLibraryEvent,
    LookEvent,
    HiddenLookEvent,
    RevealEvent,
    CounterEvent,
    TapEvent,
    UntapEvent,
    TurnEvent,
    TokenEvent,
    CeaseToExistEvent,
    CastEvent,
    CommanderDamageEvent,
    ConcedeEvent,
    GameOverEvent,
    EndEvent,
)
"""Every event's TypedDict: narrow an `EventDict` to one of them by its `"type"` (and, for the
hidden forms another player sees, by `"count"`)."""
