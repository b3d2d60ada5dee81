"""The dict shapes of the core's records, as `TypedDict`s (docs/schema.json is their JSON Schema).

Every dict the engine returns (`game.view(seat)`, `decision.to_dict()`, `result.to_dict()`,
`game.setup()`, `game.answers`, `game.events`) is one of these, and `json.dumps` takes it as it
is. A card is always `CardDict`: its id in its owner's deck (main cards first, then sideboard,
commanders, companions) and its name.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict, get_args

__all__ = [
    "ANSWER_TYPES",
    "EVENT_TYPES",
    "ActionDict",
    "AnswerDict",
    "AnswerType",
    "LookingDict",
    "CardDict",
    "DeckCardDict",
    "DecisionDict",
    "EventDict",
    "LogHeaderDict",
    "LogRevealDict",
    "PlayerSetupDict",
    "PublicSeatDict",
    "SeatResultDict",
    "SetupDict",
    "ViewDict",
    "WaitingDict",
]

DecisionKind = Literal[
    "choose_starting_player", "keep_or_mulligan", "bottom", "vancouver", "opening_hand_action"
]


class CardDict(TypedDict):
    """A card as every record shows it."""

    id: int
    name: str


class DeckCardDict(TypedDict):
    """A card as a set-up lists it."""

    name: str
    land: bool
    tags: list[str]


class DecisionDict(TypedDict):
    """A pending decision (`decision.to_dict()`, a view's `pending`)."""

    id: int
    kind: DecisionKind
    seat: int
    hand: list[CardDict]
    count: int | None
    card: CardDict | None
    can_mulligan: bool
    can_land_mulligan: NotRequired[bool]
    actions: list[CardDict]
    options: list[int]


class SeatResultDict(TypedDict):
    """One seat once the game start is done (`result.to_dict()`)."""

    seat: int
    name: str
    hand: list[CardDict]
    library_size: int
    life: int
    mulligans: int
    skips_first_draw: bool
    battlefield: list[CardDict]
    exile: list[CardDict]
    revealed: list[CardDict]


class _EventBase(TypedDict):
    type: str
    rule: str


class EventDict(_EventBase, total=False):
    """One event: `type` and `rule`, and the fields of that type (docs/API.md, "Event types")."""

    seat: int | None
    size: int
    stream: int
    shuffle: int
    found: int
    count: int
    cards: list[CardDict]
    card: CardDict
    chooser: int
    how: str
    chosen_by: int | None
    team: list[int] | None
    life: int
    shared_with: list[int]
    hand_size: int
    number: int
    free: bool
    counted: int
    exiled: list[CardDict] | CardDict | None
    to: str
    action: str | ActionDict
    times: int
    position: int
    looker: int
    revealed: bool
    host: bool
    starting_player: int
    skipping: list[int]
    model: str
    candidates: int
    chosen: int
    lands: list[int]


class PublicSeatDict(TypedDict):
    """Public facts about one seat (a view's `seats`)."""

    seat: int
    hand_size: int
    library_size: int
    battlefield: list[CardDict]
    exile: list[CardDict]
    revealed: list[CardDict]
    graveyard: list[CardDict]
    command: NotRequired[list[CardDict]]
    stack: NotRequired[list[CardDict]]
    life: int | None
    mulligans: int
    kept: bool


class WaitingDict(TypedDict):
    """Another seat's decision, kind only (a view's `waiting_for`)."""

    seat: int
    kind: DecisionKind


class ViewDict(TypedDict):
    """Exactly what one seat may know (`game.view(seat)`)."""

    seat: int
    hand: list[CardDict]
    seats: list[PublicSeatDict]
    starting_player: int | None
    events: list[EventDict]
    pending: list[DecisionDict]
    waiting_for: list[WaitingDict]
    looking: NotRequired[list[LookingDict]]
    face_down_exile: NotRequired[list[CardDict]]
    outside: NotRequired[list[CardDict]]


class LookingDict(TypedDict):
    """A whole game: an open search, look or reveal this seat may see (a view's `looking`)."""

    seat: int
    kind: Literal["search", "look", "reveal"]
    cards: list[CardDict]


class PlayerSetupDict(TypedDict):
    """One player of a set-up."""

    name: str
    team: str | int | None
    hand_modifier: int
    life_modifier: int
    archenemy: bool
    deck: list[DeckCardDict]
    sideboard: list[DeckCardDict]
    commanders: list[DeckCardDict]
    companions: list[DeckCardDict]


class SetupDict(TypedDict):
    """A game's set-up without its seed (`game.setup()`, a log header's set-up)."""

    variant: str
    mulligan: str
    game_index: int
    starting_player: int | None
    chooser: int | None
    players: list[PlayerSetupDict]
    free_mulligans: NotRequired[int]
    land_mulligan: NotRequired[bool]
    smoothing: NotRequired[Literal["arena2", "weighted3", "smoothed_london"]]
    smoothing_candidates: NotRequired[int]
    whole_game: NotRequired[bool]


Place = Literal[
    "library",
    "top",
    "bottom",
    "hand",
    "battlefield",
    "graveyard",
    "exile",
    "face_down_exile",
    "command",
    "stack",
    "outside",
]


PlacementDict = TypedDict("PlacementDict", {"card": int, "from": Place, "position": int})
"""701.24g: a card put at a set position as the library is shuffled."""


ActionDict = TypedDict(
    "ActionDict",
    {
        "action": Literal[
            "draw",
            "shuffle",
            "mill",
            "shuffle_in",
            "search",
            "found",
            "look",
            "reveal",
            "arrange",
            "put",
            "move",
            "timetwister",
        ],
        "count": NotRequired[int],
        "times": NotRequired[int],
        "cards": NotRequired[list[int]],
        "from": NotRequired[Place],
        "to": NotRequired[Place],
        "position": NotRequired[int],
        "reveal": NotRequired[bool],
        "shuffle": NotRequired[bool],
        "place": NotRequired[PlacementDict],
        "top": NotRequired[list[int]],
        "bottom": NotRequired[list[int]],
        "hand": NotRequired[list[int]],
        "graveyard": NotRequired[list[int]],
        "exile": NotRequired[list[int]],
        "battlefield": NotRequired[list[int]],
        "seats": NotRequired[list[int]],
        "draw": NotRequired[int],
    },
)
"""A whole game's action on a seat's zones (`game.act(seat, action)`, docs/API.md)."""


AnswerType = Literal[
    "choose_starting_player",
    "keep",
    "mulligan",
    "partial_mulligan",
    "land_mulligan",
    "mulligan_action",
    "bottom",
    "vancouver",
    "opening_hand_action",
    "pass_actions",
    "act",
    "end",
]
"""An answer's `type`: the name of the `Game` method that gives it (issue 11's contract)."""

# The answer names in order, for code that lists them (the service's `action` enum).
ANSWER_TYPES: tuple[str, ...] = get_args(AnswerType)


class _AnswerBase(TypedDict):
    type: AnswerType


class AnswerDict(_AnswerBase, total=False):
    """One answer (`game.answers`, `game.apply`): `type` is the method's name, the other keys
    its arguments, cards by id."""

    seat: int
    chooser: int
    starting_seat: int
    card: int
    cards: list[int]
    bottom: bool
    exile: int | None
    host: bool
    looker: int
    action: ActionDict


class LogHeaderDict(SetupDict):
    """A log's first record (`mulligan.log.header(game)`): commitments and the set-up."""

    type: Literal["header"]
    schema: str
    format_version: int
    commitment: str
    contribution_commitments: list[str]
    setup_digest: str


class LogRevealDict(TypedDict):
    """A log's last record: the seed and the contributions, revealed after the game."""

    type: Literal["reveal"]
    seed: str
    contributions: list[str]


# ---- every event type, one TypedDict each (EventDict above is their common, looser shape) ----


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
    EndEvent,
)
"""Every event's TypedDict: narrow an `EventDict` to one of them by its `"type"` (and, for the
hidden forms another player sees, by `"count"`)."""
