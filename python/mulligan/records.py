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
    "ActionDict",
    "AnswerDict",
    "AnswerType",
    "LookingDict",
    "CardDict",
    "CommanderDamageDict",
    "CommanderDict",
    "DeckCardDict",
    "DecisionDict",
    "EventDict",
    "LogHeaderDict",
    "LogRevealDict",
    "NoticeDict",
    "PermanentDict",
    "PlayerSetupDict",
    "PublicSeatDict",
    "PublicViewDict",
    "SeatResultDict",
    "SetupDict",
    "TurnDict",
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
    card: CardDict | int
    casts: int
    owner: int
    commander: int
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
    counter: str
    value: int
    delta: int


class PermanentDict(TypedDict):
    """A card on the battlefield (a view's `battlefield`): `tapped` (110.5), its `counters`
    (122.1) and `token` (111.1) are left out when false or empty."""

    id: int
    name: str
    tapped: NotRequired[bool]
    counters: NotRequired[dict[str, int]]
    token: NotRequired[bool]


class CommanderDict(TypedDict):
    """One of a seat's own commanders: its casts from the command zone and tax (903.8)."""

    id: int
    name: str
    casts: int
    tax: int


class CommanderDamageDict(TypedDict):
    """Combat damage a seat took from one commander (903.10a); `seat` is its owner."""

    seat: int
    id: int
    name: str
    damage: int


class NoticeDict(TypedDict):
    """A condition under which the rules say this player loses (704.5a, 704.5c, 704.6a-c)."""

    rule: str
    kind: Literal["life", "poison", "commander_damage"]
    text: str


class TurnDict(TypedDict):
    """Whose turn it is (a whole game's views): `team` with shared team turns (805.2)."""

    number: int
    seat: int
    team: NotRequired[list[int]]


class PublicSeatDict(TypedDict):
    """Public facts about one seat (a view's `seats`)."""

    seat: int
    hand_size: int
    library_size: int
    battlefield: list[PermanentDict]
    exile: list[CardDict]
    revealed: list[CardDict]
    graveyard: list[CardDict]
    command: NotRequired[list[CardDict]]
    stack: NotRequired[list[CardDict]]
    life: int | None
    counters: dict[str, int]
    mulligans: int
    kept: bool
    commanders: NotRequired[list[CommanderDict]]
    commander_damage: NotRequired[list[CommanderDamageDict]]
    conceded: NotRequired[bool]
    notices: NotRequired[list[NoticeDict]]


class WaitingDict(TypedDict):
    """Another seat's decision, its id and kind only (a view's `waiting_for`)."""

    id: int
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
    turn: NotRequired[TurnDict]


class PublicViewDict(TypedDict):
    """The public table, the host's view (`game.public_view()`): no card of a hand, a library
    or an open search or look."""

    seats: list[PublicSeatDict]
    starting_player: int | None
    events: list[EventDict]
    waiting_for: list[WaitingDict]
    looking: NotRequired[list[LookingDict]]
    turn: NotRequired[TurnDict]


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
            "counter",
            "tap",
            "untap",
            "pass_turn",
            "create_token",
            "commander_damage",
            "concede",
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
        "counter": NotRequired[str],
        "delta": NotRequired[int],
        "set": NotRequired[int],
        "card": NotRequired[int],
        "name": NotRequired[str],
        "owner": NotRequired[int],
        "commander": NotRequired[int],
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
