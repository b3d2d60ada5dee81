"""The shapes of the service's requests and responses, as the OpenAPI document publishes them.

Every integer fits in 32 bits, seeds, commitments and digests are hex strings, and records
of the game (views, events, decisions, log records) are the core's JSON shapes
(docs/EVENT_LOG.md, docs/API.md), passed through as they are.
"""

from enum import Enum
from typing import Any, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field

from mulligan.serve.engine import ACTIONS, MULLIGAN_RULES, VARIANTS
from mulligan.serve.errors import ErrorBody

__all__ = [
    "AnswerIn",
    "ContributionIn",
    "ErrorBody",
    "GameIn",
    "PlayerIn",
    "RoundIn",
    "SimulateIn",
    "VerifyIn",
]

Int32 = Field(ge=0, le=2**31 - 1)
Hex = r"^[0-9a-fA-F]*$"

VariantName = Enum("VariantName", {v: v for v in VARIANTS}, type=str)  # type: ignore[misc]
MulliganName = Enum("MulliganName", {v: v for v in MULLIGAN_RULES}, type=str)  # type: ignore[misc]
ActionName = Enum("ActionName", {v: v for v in ACTIONS}, type=str)  # type: ignore[misc]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PlayerIn(Strict):
    name: str = Field(min_length=1, max_length=200)
    deck: str = Field(description="the deck list's text (Deck.parse)", max_length=65536)
    team: Optional[Union[int, str]] = Field(default=None, description="Two-Headed Giant team")
    hand_modifier: int = Field(default=0, ge=-1_000_000, le=1_000_000)
    life_modifier: int = Field(default=0, ge=-1_000_000, le=1_000_000)
    archenemy: bool = False


class HouseIn(Strict):
    """The table options of docs/VARIANTS.md, as `Game` and `simulate` take them."""

    free_mulligans: int = Field(
        default=0, ge=0, le=5, description="the table's extra free mulligans (not the rules)"
    )
    land_mulligan: bool = Field(
        default=False, description="the no-land/all-land redraw, once per game (not the rules)"
    )
    smoothing: Optional[Literal["arena2", "weighted3", "smoothed_london"]] = Field(
        default=None, description="opening-hand smoothing of digital clients: NOT the rules"
    )
    smoothing_candidates: Optional[int] = Field(
        default=None, ge=2, le=8, description="candidate hands for `smoothing`"
    )


class GameIn(HouseIn):
    players: list[PlayerIn] = Field(min_length=1, max_length=16)
    variant: VariantName = VariantName("TWO_PLAYER")
    mulligan: MulliganName = MulliganName("LONDON")
    starting_player: Optional[int] = Field(default=None, ge=0, le=255)
    chooser: Optional[int] = Field(default=None, ge=0, le=255)
    contributions: list[int] = Field(
        default=[],
        max_length=16,
        description="seats that will add their own randomness before the deal "
        "(POST /games/{game_id}/seats/{seat}/contribution); the game waits for them",
    )


class Seat(BaseModel):
    seat: int
    name: str
    token: str


class GameCreated(BaseModel):
    game_id: str
    commitment: str
    host_token: str
    seats: list[Seat]
    contributors: list[int]


class AnswerIn(Strict):
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


class ContributionIn(Strict):
    contribution: str = Field(
        min_length=32, max_length=512, pattern=Hex, description="16 to 256 random bytes, hex"
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

    round_id: Optional[str] = Field(
        default=None,
        max_length=64,
        description="a round from POST /rounds/commitment (send its host token as Bearer)",
    )
    tables: list[list[PlayerIn]] = Field(min_length=1, max_length=5000)
    variant: VariantName = VariantName("TWO_PLAYER")
    mulligan: MulliganName = MulliganName("LONDON")


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


class RoundState(BaseModel):
    round_id: str
    commitment: str
    tables: int
    game_ids: list[str]
    done: int
    seed: Optional[str] = Field(description="the round seed, revealed once every table is done")


class KeepIn(Strict):
    ranges: dict[str, list[int]] = Field(
        default={}, description='hand size -> [min lands, max lands], e.g. {"7": [2, 5]}'
    )
    keep_at: Optional[int] = Field(default=None, ge=0, le=100)
    bottom: str = Field(default="balance", pattern="^(balance|lands_first|spells_first)$")
    exile: str = Field(
        default="hand",
        pattern="^(hand|excess)$",
        description="PARTIAL_PARIS: the cards a mulligan exiles (docs/VARIANTS.md)",
    )
    requires: dict[str, int] = Field(default={}, description="tag -> at least this many")


class SimulateIn(HouseIn):
    deck: str = Field(max_length=65536)
    games: int = Field(ge=1, le=2_000_000)
    mulligan: MulliganName = MulliganName("LONDON")
    variant: VariantName = VariantName("TWO_PLAYER")
    keep: Optional[KeepIn] = None
    seed: Optional[str] = Field(default=None, pattern=Hex, min_length=64, max_length=64)
    on_the_play: bool = True
    hand_size: int = Field(default=7, ge=0, le=100)
    players: Optional[int] = Field(default=None, ge=1, le=16)


class Simulated(BaseModel):
    model_config = ConfigDict(extra="allow")
    seed: str
    games: int


class Health(BaseModel):
    status: str
    version: str
    store: str
