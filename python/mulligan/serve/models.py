"""The shapes of the service's requests and responses, as the OpenAPI document publishes them.

Every integer fits in 32 bits, seeds, commitments and digests are hex strings, and records
of the game (views, events, decisions, log records) are the core's JSON shapes
(docs/EVENT_LOG.md, docs/API.md), passed through as they are.
"""

from typing import Annotated, Any, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

from mulligan._core import Variant
from mulligan.serve.engine import ACTIONS, MULLIGAN_RULES, VARIANTS
from mulligan.serve.errors import ErrorBody
from mulligan.serve.names import Name, lenient_pattern

__all__ = [
    "ActionIn",
    "ClaimIn",
    "Claimed",
    "DeckReport",
    "DecksCheckIn",
    "DecksChecked",
    "AnswerIn",
    "ContributionIn",
    "ErrorBody",
    "Ended",
    "GameIn",
    "HostActionIn",
    "HostView",
    "PlayerIn",
    "RoundIn",
    "SimulateIn",
    "VerifyIn",
]

Int32 = Field(ge=0, le=2**31 - 1)
Hex = r"^[0-9a-fA-F]*$"

VariantName = Annotated[str, Name(VARIANTS, "the game variant")]
MulliganName = Annotated[
    str, Name(MULLIGAN_RULES, "the mulligan rule (an era of 103.5, or a variant)")
]
ActionName = Annotated[str, Name(ACTIONS, "the `Game` method that answers the decision")]
SmoothingName = Annotated[
    str,
    Name(
        ("arena2", "weighted3", "smoothed_london"),
        "opening-hand smoothing of digital clients: NOT the rules",
    ),
]
BottomName = Annotated[
    str,
    Name(
        ("balance", "lands_first", "spells_first"),
        "which cards go to the bottom",
        {"lands": "lands_first", "spells": "spells_first"},
    ),
]
ExileName = Annotated[
    str, Name(("hand", "excess"), "PARTIAL_PARIS: the cards a mulligan exiles (docs/VARIANTS.md)")
]


def _integral_numbers_as_ints(value: Any) -> Any:
    """`value` with every integral float (``7.0``) as an int: JSON Schema's ``integer`` takes
    them, and so does a strict model after this."""
    if isinstance(value, float) and value.is_integer() and abs(value) <= 2**63:
        return int(value)
    if isinstance(value, list):
        return [_integral_numbers_as_ints(v) for v in value]
    if isinstance(value, dict):
        return {k: _integral_numbers_as_ints(v) for k, v in value.items()}
    return value


class Strict(BaseModel):
    """A request body read as its schema says: no field it does not know, and JSON's own types
    (strict validation: no ``0`` or ``"yes"`` for false, no ``true`` or ``"7"`` for 7, which a
    lax model would take although the schema refuses them), integral floats as integers."""

    model_config = ConfigDict(extra="forbid", strict=True)

    @model_validator(mode="before")
    @classmethod
    def _integral_floats(cls, data: Any) -> Any:
        return _integral_numbers_as_ints(data)


class PlayerIn(Strict):
    name: str = Field(min_length=1, max_length=200)
    deck: str = Field(description="the deck list's text (Deck.parse)", max_length=65536)
    team: Optional[Union[int, str]] = Field(default=None, description="Two-Headed Giant team")
    hand_modifier: int = Field(default=0, ge=-1_000_000, le=1_000_000)
    life_modifier: int = Field(default=0, ge=-1_000_000, le=1_000_000)
    archenemy: bool = False


#: smoothing_candidates counts the candidate hands of a smoothing model: given a number, a
#: model must be named too.
CANDIDATES_NEED_A_MODEL: dict[str, Any] = {
    "if": {
        "properties": {"smoothing_candidates": {"type": "integer"}},
        "required": ["smoothing_candidates"],
    },
    "then": {
        "properties": {"smoothing": {"type": "string"}},
        "required": ["smoothing"],
    },
}


def players_the_variant_allows(where: str) -> list[dict[str, Any]]:
    """JSON Schema conditions saying that a request holds a number of players its `variant`
    allows (`Variant.players`, the core's `Variant::check_players`), one if/then a variant (an
    absent `variant` is TWO_PLAYER, the default). `where` is what counts the players:
    ``"count"``, the number `players` (null: the variant's usual table); ``"list"``, the list
    `players`; ``"tables"``, each table of `tables`."""
    conditions: list[dict[str, Any]] = []
    for name in VARIANTS:
        least, most = getattr(Variant, name).players
        if where == "count":
            count: dict[str, Any] = {"type": "integer", "minimum": least}
            if most is not None:
                count["maximum"] = most
            then: dict[str, Any] = {"properties": {"players": {"anyOf": [{"type": "null"}, count]}}}
        else:
            size: dict[str, Any] = {"minItems": least}
            if most is not None:
                size["maxItems"] = most
            field = {"list": "players", "tables": "tables"}[where]
            then = {"properties": {field: size if where == "list" else {"items": size}}}
        named: dict[str, Any] = {"properties": {"variant": {"pattern": lenient_pattern([name])}}}
        if name != "TWO_PLAYER":
            named["required"] = ["variant"]
        conditions.append({"if": named, "then": then})
    return conditions


class HouseIn(Strict):
    """The table options of docs/VARIANTS.md, as `Game` and `simulate` take them."""

    free_mulligans: int = Field(
        default=0, ge=0, le=5, description="the table's extra free mulligans (not the rules)"
    )
    land_mulligan: bool = Field(
        default=False, description="the no-land/all-land redraw, once per game (not the rules)"
    )
    smoothing: Optional[SmoothingName] = None
    smoothing_candidates: Optional[int] = Field(
        default=None,
        ge=2,
        le=8,
        description="candidate hands for `smoothing` (only with a `smoothing` model)",
    )

    model_config = ConfigDict(extra="forbid", json_schema_extra=CANDIDATES_NEED_A_MODEL)

    @model_validator(mode="after")
    def _candidates_need_a_model(self) -> "HouseIn":
        if self.smoothing_candidates is not None and self.smoothing is None:
            raise ValueError(
                "smoothing_candidates: counts the candidate hands of a smoothing model; "
                "name one in `smoothing` (arena2, weighted3 or smoothed_london) or leave it out"
            )
        return self


class GameIn(HouseIn):
    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "allOf": [
                CANDIDATES_NEED_A_MODEL,
                # 103.1: the starting player is given, or the player who chooses it, not both.
                {
                    "not": {
                        "properties": {
                            "starting_player": {"type": "integer"},
                            "chooser": {"type": "integer"},
                        },
                        "required": ["starting_player", "chooser"],
                    }
                },
                *players_the_variant_allows("list"),
            ]
        },
    )

    players: list[PlayerIn] = Field(min_length=1, max_length=16)
    variant: VariantName = "TWO_PLAYER"
    mulligan: MulliganName = "LONDON"
    starting_player: Optional[int] = Field(
        default=None,
        ge=0,
        le=255,
        description="the seat that takes the first turn (not with chooser)",
    )
    chooser: Optional[int] = Field(
        default=None,
        ge=0,
        le=255,
        description="the seat that chooses who starts (103.1; not with starting_player)",
    )
    contributions: list[int] = Field(
        default=[],
        max_length=16,
        description="seats that will add their own randomness before the deal "
        "(POST /games/{game_id}/seats/{seat}/contribution); the game waits for them",
    )
    whole_game: bool = Field(
        default=False,
        description="the game goes on after 103.8 (library actions, "
        "POST /games/{game_id}/seats/{seat}/actions) until the host ends it "
        "(POST /games/{game_id}/end); its seed stays secret until then",
    )
    invites: bool = Field(
        default=False,
        description="each seat gets a one-time invite (its play_url) in place of its token: "
        "the first to open it claims the seat's token (POST /games/{game_id}/seats/{seat}/claim)",
    )


class Seat(BaseModel):
    seat: int
    name: str
    token: Optional[str] = Field(default=None, description="the seat's token (without invites)")
    invite: Optional[str] = Field(default=None, description="the seat's one-time invite")
    play_url: str = Field(
        description="the seat's page: /play/{game_id}/{seat}#token=... or #invite=..., "
        "absolute under the server's --public-url when it has one"
    )


class Warning(BaseModel):
    """Something the library warns of (the game still runs): ``code`` is ``deck`` (the deck
    reader: unknown card names, the deck-size and copy-count rules) or ``keep_rule``; the
    message names the player or field."""

    code: str
    message: str
    suggestions: dict[str, list[str]] | None = Field(
        default=None,
        description="only on the deck warning that names unknown card names: each name's "
        'nearest known names, the message\'s "did you mean" (`[]`: none is close)',
    )


class GameCreated(BaseModel):
    game_id: str
    commitment: str
    host_token: str
    host_url: str = Field(
        description="the host's page: /host/{game_id}#token=<host token>, absolute under the "
        "server's --public-url when it has one"
    )
    seats: list[Seat]
    contributors: list[int]
    warnings: list[Warning] = Field(description="what the deck reader noticed, per player")


#: The field each action needs, and what it holds (in the words of a 422's message).
ANSWER_NEEDS = {
    "choose_starting_player": ("starting_seat", "the seat (a number) that takes the first turn"),
    "bottom": ("cards", "the ids of the cards put on the bottom, top first"),
    "partial_mulligan": ("cards", "the ids of the cards exiled"),
    "vancouver": ("bottom", "true to put the card looked at on the bottom, false to keep it"),
    "mulligan_action": ("card", "the id of the card whose 103.5b action is taken"),
    "opening_hand_action": ("card", "the id of the card whose 103.6 action is taken"),
}


class AnswerIn(Strict):
    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "allOf": [
                {
                    "if": {
                        "properties": {"action": {"pattern": lenient_pattern([action])}},
                        "required": ["action"],
                    },
                    "then": {
                        "properties": {field: {"not": {"type": "null"}}},
                        "required": [field],
                    },
                }
                for action, (field, _) in ANSWER_NEEDS.items()
            ]
        },
    )

    decision: int = Field(ge=0, le=2**31 - 1, description="the pending decision's id")
    action: ActionName
    cards: Optional[list[int]] = Field(
        default=None, max_length=1000, description="bottom, partial_mulligan"
    )
    bottom: Optional[bool] = Field(default=None, description="vancouver")
    starting_seat: Optional[int] = Field(default=None, ge=0, le=255)
    card: Optional[int] = Field(
        default=None, ge=0, le=2**31 - 1, description="mulligan_action, opening_hand_action"
    )
    exile: Optional[int] = Field(default=None, ge=0, le=2**31 - 1)

    @model_validator(mode="after")
    def _needs(self) -> "AnswerIn":
        field, what = ANSWER_NEEDS.get(self.action, (None, ""))
        if field is not None and getattr(self, field) is None:
            raise ValueError(f"{field}: missing; {self.action} needs {what}")
        return self


class ActionIn(BaseModel):
    """One numbered action of a whole game: the action record (docs/schema.json ``Action``:
    ``{"action": "draw", "count": 1}``, ``{"action": "shuffle"}``, ...) with the seat's next
    action number ``n``. The core checks the record."""

    model_config = ConfigDict(extra="allow")
    n: int = Field(
        ge=1, le=2**31 - 1, strict=True, description="the seat's next action number, from 1"
    )
    action: str = Field(
        min_length=1,
        max_length=40,
        description="draw, shuffle, mill, shuffle_in, search, found, look, reveal, arrange, "
        "put, move, timetwister, counter, tap, untap, pass_turn, create_token, "
        "commander_damage, concede (docs/SERVE.md); the other fields are its arguments",
    )


class HostActionIn(ActionIn):
    """An action by the host on a seat's zones (the seat's counter)."""

    seat: int = Field(ge=0, le=255, strict=True, description="the seat whose zones it acts on")
    looker: Optional[int] = Field(
        default=None,
        ge=0,
        le=255,
        description="the seat that looks (a search or look of another seat's library)",
    )


class DeckCheckPlayer(Strict):
    name: str = Field(min_length=1, max_length=200)
    deck: str = Field(description="the deck list's text (Deck.parse)", max_length=65536)


class DecksCheckIn(Strict):
    """The players' deck lists, read without making a game (``POST /decks/check``)."""

    players: list[DeckCheckPlayer] = Field(min_length=1, max_length=16)


class DeckReport(BaseModel):
    """One player's deck as the reader read it, in the order given."""

    name: str
    cards: int = Field(description="cards read in the main deck")
    sideboard: int
    commanders: int
    companions: int
    warnings: list[str] = Field(description="what the deck reader noticed (Deck.warnings)")
    unknown: dict[str, list[str]] = Field(
        description="each unknown card name's nearest known names (`[]`: none is close)"
    )
    error: Optional[str] = Field(
        description="why POST /games would refuse this deck (422), or null: an empty deck, "
        "a list the reader cannot read, over the limits"
    )


class DecksChecked(BaseModel):
    players: list[DeckReport]


class ClaimIn(Strict):
    invite: str = Field(min_length=1, max_length=64, description="the seat's one-time invite")


class Claimed(BaseModel):
    game_id: str
    seat: int
    token: str = Field(description="the seat's token, given to the first claim only")
    play_url: str


class Ended(BaseModel):
    game_id: str
    ended: bool
    seed: str = Field(description="the server's seed, revealed: its SHA-256 is the commitment")
    commitment: str


class ContributionIn(Strict):
    contribution: str = Field(
        min_length=32,
        max_length=512,
        pattern=r"^(?:[0-9a-fA-F]{2})*$",
        description="16 to 256 random bytes, hex (two digits a byte)",
    )


class View(BaseModel):
    """`game.view(seat)` with the game id, the number of answers stored and the seats whose
    contribution is awaited."""

    model_config = ConfigDict(extra="allow")
    game_id: str
    seat: int
    done: bool
    hand: list[dict[str, Any]]
    seats: list[dict[str, Any]]
    starting_player: Optional[int]
    events: list[dict[str, Any]]
    pending: list[dict[str, Any]]
    waiting_for: list[dict[str, Any]]
    answers: int
    contributing: list[int]
    commitment: str = Field(
        description="the seed's commitment, published when the game was made (docs/DETERMINISM.md):"
        " keep the first one seen to check the log's seed against it after the end"
    )


class HostView(BaseModel):
    """The host's view (`GET /games/{game_id}` with the host token, and every reply to it):
    the public table, each seat's counts, counters, ``next_action`` and pending decisions (id
    and kind), the events as nobody at the table sees them. No hand, no card of a library or
    of an open search or look."""

    model_config = ConfigDict(extra="allow")
    game_id: str
    names: list[str]
    done: bool
    seats: list[dict[str, Any]]
    starting_player: Optional[int]
    events: list[dict[str, Any]]
    pending: list[Any] = Field(description="the ids of every decision pending now")
    waiting_for: list[dict[str, Any]]
    answers: int
    contributing: list[int]
    commitment: str = Field(
        description="the seed's commitment, published when the game was made (docs/DETERMINISM.md):"
        " keep the first one seen to check the log's seed against it after the end"
    )


class Contributed(BaseModel):
    seat: int
    contribution_commitment: str
    waiting_for: list[int]


class Events(BaseModel):
    events: list[dict[str, Any]]
    next: int = Field(description="pass as `after` to get the events that follow")
    done: bool


class VerifyIn(Strict):
    log: Union[str, list[dict[str, Any]]] = Field(
        description="the JSON Lines text of a log, or its records"
    )
    commitment: Optional[str] = Field(default=None, pattern=Hex, max_length=64)
    setup: Optional[str] = Field(default=None, pattern=Hex, max_length=64)


class Verdict(BaseModel):
    valid: bool
    message: Optional[str]
    event: Optional[int] = Field(description="index of the first event that does not match")


class RoundIn(HouseIn):
    """A whole round: every table plays the same variant, era and table options."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "allOf": [CANDIDATES_NEED_A_MODEL, *players_the_variant_allows("tables")]
        },
    )

    round_id: Optional[str] = Field(
        default=None,
        max_length=64,
        description="a round from POST /rounds/commitment (send its host token as Bearer)",
    )
    tables: list[Annotated[list[PlayerIn], Field(min_length=1, max_length=16)]] = Field(
        min_length=1, max_length=5000, description="each table's players (1 to 16)"
    )
    variant: VariantName = "TWO_PLAYER"
    mulligan: MulliganName = "LONDON"


class RoundCommitted(BaseModel):
    round_id: str
    commitment: str
    host_token: str


class Table(BaseModel):
    table: int
    game_id: str
    commitment: str
    chooser: Optional[int]
    seats: list[Seat]


class RoundCreated(BaseModel):
    round_id: str
    commitment: str
    host_token: str
    tables: list[Table]
    warnings: list[Warning] = Field(description="the tables' deck warnings (at most 101)")


class RoundState(BaseModel):
    round_id: str
    commitment: str
    tables: int
    game_ids: list[str]
    done: int
    seed: Optional[str] = Field(description="the round seed, revealed once every table is done")


Count = Annotated[int, Field(ge=0, le=2**32 - 1)]
HandSize = Annotated[str, StringConstraints(pattern=r"^[0-9]{1,9}$")]


ColourLetter = Literal["W", "U", "B", "R", "G", "C", "w", "u", "b", "r", "g", "c"]


class CardsIn(Strict):
    cards: list[Annotated[str, StringConstraints(min_length=1, max_length=200)]] = Field(
        min_length=1, max_length=256, description="card names, in any case"
    )
    min: Count


class KeepIn(Strict):
    ranges: dict[HandSize, Annotated[list[Count], Field(min_length=2, max_length=2)]] = Field(
        default={},
        description='hand size -> [min lands, max lands], e.g. {"7": [2, 5]}',
        json_schema_extra={"additionalProperties": False},
    )
    keep_at: Optional[int] = Field(default=None, ge=0, le=100)
    bottom: BottomName = "balance"
    exile: ExileName = "hand"
    requires: dict[str, Count] = Field(default={}, description="tag -> at least this many")
    min_sources: dict[ColourLetter, Count] = Field(
        default={},
        description="colour letter (W, U, B, R, G, C) -> at least this many lands adding it",
        json_schema_extra={"additionalProperties": False},
    )
    requires_cards: list[CardsIn] = Field(
        default=[], max_length=32, description="at least `min` of these cards, for each entry"
    )


class SimulateIn(HouseIn):
    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "allOf": [CANDIDATES_NEED_A_MODEL, *players_the_variant_allows("count")]
        },
    )

    deck: str = Field(max_length=65536)
    games: int = Field(ge=1, le=2_000_000)
    mulligan: MulliganName = "LONDON"
    variant: VariantName = "TWO_PLAYER"
    keep: Optional[KeepIn] = None
    seed: Optional[str] = Field(default=None, pattern=Hex, min_length=64, max_length=64)
    on_the_play: bool = True
    hand_size: int = Field(default=7, ge=0, le=32, description="the opening hand size (103.5)")
    players: Optional[int] = Field(default=None, ge=1, le=16)


class Simulated(BaseModel):
    model_config = ConfigDict(extra="allow")
    seed: str
    games: int
    warnings: list[Warning] = Field(description="the deck reader's and the keep rule's")


class Health(BaseModel):
    status: str
    version: str
    store: str
