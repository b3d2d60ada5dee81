"""``POST /analyze``: deck analysis past the opening hand (docs/ANALYSIS.md), bounded as
``POST /simulate`` is: at most `MAX_GAMES` simulated games on one thread, a deck of at most
64 KiB, at most `MAX_CARDS` named cards, and with `optimize` (the best keep rule) at most
`MAX_OPTIMIZE_GAMES` games; the core computes everything (`mulligan.analyze`)."""

import asyncio
from typing import Any, Optional, Union

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field

from mulligan._core import Deck, MulliganError, Seed
from mulligan.analysis import analyze
from mulligan.serve import models as m
from mulligan.serve.errors import ERRORS, ApiError
from mulligan.serve.json_response import JSONResponse
from mulligan.serve.simulate import _keep_rule

__all__ = [
    "AnalyzeIn",
    "Analyzed",
    "LandsGoal",
    "LandsObjective",
    "OnCurveObjective",
    "router",
    "run_analysis",
]

#: The most games one request simulates (an analysed game costs a few times a simulated one).
MAX_GAMES = 200_000
#: The most cards one request names.
MAX_CARDS = 64
#: The most games a request with `optimize` scores each candidate rule on (the search plays
#: each of its 85-odd rules on every game, then two on as many again).
MAX_OPTIMIZE_GAMES = 10_000
#: The same with `optimize_colours` (the ranges are searched again for each of up to 32
#: combinations of colour minimums).
MAX_OPTIMIZE_COLOURS_GAMES = 1_000

router = APIRouter(tags=["analyze"])


class LandsGoal(m.Strict):
    at_least: int = Field(ge=1, le=60, description="lands wanted")
    turn: Optional[int] = Field(
        default=None, ge=1, le=30, description="by this turn (null: at_least)"
    )


class OnCurveObjective(m.Strict):
    on_curve: str = Field(
        max_length=200,
        description="the card to cast on its turn, scored on the mana and the card "
        "(castable_and_drawn)",
    )


class CastableObjective(m.Strict):
    castable: str = Field(
        max_length=200,
        description="the card to cast on its turn, scored on the mana alone (castable)",
    )


class LandsObjective(m.Strict):
    lands: LandsGoal


class AnalyzeIn(m.Strict):
    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "allOf": [
                # optimize_colours widens the search of `optimize`: it goes with one.
                {
                    "if": {
                        "properties": {"optimize_colours": {"const": True}},
                        "required": ["optimize_colours"],
                    },
                    "then": {
                        "properties": {
                            "optimize": {"not": {"type": "null"}},
                            "games": {"maximum": MAX_OPTIMIZE_COLOURS_GAMES},
                        },
                        "required": ["optimize", "games"],
                    },
                },
                # The search plays every candidate rule on every game: fewer games (and the
                # default of 20,000 is too many).
                {
                    "if": {
                        "properties": {"optimize": {"type": "object"}},
                        "required": ["optimize"],
                    },
                    "then": {
                        "properties": {"games": {"maximum": MAX_OPTIMIZE_GAMES}},
                        "required": ["games"],
                    },
                },
                *m.players_the_variant_allows("count"),
            ]
        },
    )

    deck: str = Field(max_length=65536, description="a deck list, in any format Deck.parse reads")
    turns: int = Field(ge=1, le=30, description="turns after the keep")
    on_the_draw: bool = False
    mulligan: m.MulliganName = "LONDON"
    variant: Optional[m.VariantName] = Field(
        default=None,
        description="null: COMMANDER when the deck has a commander section, else TWO_PLAYER",
    )
    players: Optional[int] = Field(default=None, ge=2, le=16)
    cards: list[str] = Field(default=[], max_length=MAX_CARDS)
    exact: bool = False
    games: int = Field(default=20_000, ge=1, le=MAX_GAMES)
    keep: Optional[m.KeepIn] = None
    seed: Optional[str] = Field(default=None, pattern=m.Hex, min_length=64, max_length=64)
    optimize: Optional[Union[OnCurveObjective, CastableObjective, LandsObjective]] = Field(
        default=None,
        description="search the best keep rule for this objective (at most "
        f"{MAX_OPTIMIZE_GAMES:,} games)",
    )
    optimize_colours: bool = Field(
        default=False,
        description="with optimize: search a minimum number of sources of each colour the "
        f"deck's lands add too (at most {MAX_OPTIMIZE_COLOURS_GAMES:,} games)",
    )
    nonland_sources: bool = Field(
        default=False,
        description="count non-land mana sources (a reviewed list, cards tagged [mana]) in "
        "source_needs, from the turn after they can be cast",
    )


class Analyzed(BaseModel):
    model_config = ConfigDict(extra="allow")
    method: str
    by_turn: list[dict[str, Any]]
    cards: list[dict[str, Any]]


def run_analysis(body: dict[str, Any]) -> dict[str, Any]:
    """The analysis `body` (an `AnalyzeIn`) asks for; blocking, call it off the loop."""
    games = body.get("games", 20_000)
    if body.get("optimize") is not None and games > MAX_OPTIMIZE_GAMES:
        raise ApiError(
            422,
            "invalid",
            f"games: at most {MAX_OPTIMIZE_GAMES:,} with optimize (each candidate rule is "
            f"played on every game), got {games:,}",
        )
    if body.get("optimize_colours"):
        if body.get("optimize") is None:
            raise ApiError(422, "invalid", "optimize_colours: goes with optimize")
        if games > MAX_OPTIMIZE_COLOURS_GAMES:
            raise ApiError(
                422,
                "invalid",
                f"games: at most {MAX_OPTIMIZE_COLOURS_GAMES:,} with optimize_colours (the "
                f"search is repeated for every combination of colour minimums), got {games:,}",
            )
    try:
        deck = Deck.parse(body["deck"])
        seed = Seed.from_hex(body["seed"]) if body.get("seed") else Seed.generate()
        return dict(
            analyze(
                deck,
                turns=body["turns"],
                on_the_draw=body.get("on_the_draw", False),
                mulligan=body.get("mulligan", "LONDON"),
                variant=body.get("variant"),
                players=body.get("players"),
                cards=body.get("cards") or None,
                exact=body.get("exact", False),
                games=games,
                keep=_keep_rule(body.get("keep")),
                seed=seed,
                threads=1,
                optimize=body.get("optimize"),
                optimize_colours=body.get("optimize_colours", False),
                nonland_sources=body.get("nonland_sources", False),
            )
        )
    except (MulliganError, ValueError, TypeError) as e:
        raise ApiError(422, "invalid", str(e)) from e


@router.post("/analyze", response_model=Analyzed, responses=ERRORS)
async def analyze_route(body: AnalyzeIn) -> JSONResponse:
    """Lands, colour sources and tagged cards seen by each turn after the keep, and each card's
    chance of the mana to cast it on its turn (exact with `mulligan` NONE and `exact`; at most
    200,000 simulated games otherwise); with `optimize`, the best keep rule for an objective
    (at most 10,000 games)."""
    spec = body.model_dump(mode="json")
    result = await asyncio.to_thread(run_analysis, spec)
    return JSONResponse(result)
