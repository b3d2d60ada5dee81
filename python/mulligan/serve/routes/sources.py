"""``POST /sources``: Frank Karsten's sources tables and past them (docs/ANALYSIS.md, "Sources
tables"), for a deck size and land count or a deck list; exact ones always, simulated ones
bounded (at most `MAX_TOTAL_GAMES` games over every source count, on one thread). The core
computes everything (`mulligan.sources`); the body is the core's `SourcesRequest`
(docs/schema.json) with `deck` as the alternative to `cards` and `lands`."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field

from mulligan._core import Deck, MulliganError, Seed
from mulligan.serve import models as m
from mulligan.serve.errors import ERRORS, ApiError
from mulligan.serve.json_response import JSONResponse
from mulligan.serve.names import lenient_pattern
from mulligan.serve.simulate import _keep_rule
from mulligan.source_tables import sources

__all__ = ["MAX_TOTAL_GAMES", "SourcesIn", "SourcesTable", "router", "run_sources"]

#: The most games one simulated table plays, over all its source counts.
MAX_TOTAL_GAMES = 2_000_000

router = APIRouter(tags=["sources"])


class SourcesIn(m.Strict):
    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "allOf": [
                # A deck, or its size and land count: one or the other.
                {
                    "if": {"properties": {"deck": {"type": "string"}}, "required": ["deck"]},
                    "then": {"properties": {"cards": {"type": "null"}, "lands": {"type": "null"}}},
                    "else": {
                        "properties": {
                            "cards": {"type": "integer"},
                            "lands": {"type": "integer"},
                        },
                        "required": ["cards", "lands"],
                    },
                },
                # Karsten's method fixes the keep rule and the table.
                {
                    "if": {"properties": {"karsten": {"const": True}}, "required": ["karsten"]},
                    "then": {
                        "properties": {
                            "keep": {"type": "null"},
                            "players": {"type": "null"},
                            "variant": {"pattern": lenient_pattern(["TWO_PLAYER"])},
                        }
                    },
                },
                *m.players_the_variant_allows("count"),
            ]
        },
    )

    deck: str | None = Field(
        default=None,
        max_length=65536,
        description="a deck list (any format Deck.parse reads), instead of cards and lands",
    )
    cards: int | None = Field(default=None, ge=1, le=1000, description="cards in the deck")
    lands: int | None = Field(default=None, ge=0, le=1000, description="lands in the deck")
    karsten: bool = Field(
        default=False,
        description="Frank Karsten's method exactly (his keep rule, bottom order and 99-card "
        "free seven); not with keep, variant or players",
    )
    exact: bool = Field(default=False, description="hypergeometric sums, no sampling")
    on_the_draw: bool = False
    target: float | None = Field(
        default=None,
        gt=0,
        le=1,
        description="the chance `needed` aims for, every cost; null: 90%, or with karsten his "
        "(89+M)% for mana value M, capped at 99% (each cell's `target`; `target_source` says "
        "which)",
    )
    turns: int = Field(default=7, ge=1, le=15, description="costs of mana value 1 to this")
    mulligan: m.MulliganName = "LONDON"
    variant: m.VariantName | None = Field(
        default=None,
        description="null: COMMANDER for a deck with a commander section, else TWO_PLAYER",
    )
    players: int | None = Field(default=None, ge=2, le=16)
    keep: m.KeepIn | None = None
    games: int = Field(
        default=20_000,
        ge=1,
        le=MAX_TOTAL_GAMES,
        description=f"games for each number of sources (at most {MAX_TOTAL_GAMES:,} in all)",
    )
    seed: str | None = Field(default=None, pattern=m.Hex, min_length=64, max_length=64)


class SourcesInterval(BaseModel):
    low: float
    high: float


class SourcesCell(BaseModel):
    """One cost (the core's `source_tables::Cell`)."""

    model_config = ConfigDict(extra="allow")
    turn: int = Field(description="the turn, the spell's mana value")
    cost: str = Field(description="his notation: generic mana, then C per coloured symbol")
    coloured: int
    probability: list[float | None] = Field(
        description="index k: the chance of casting it on curve with k sources of its colour, "
        "given the land drops (null: no game gets there)"
    )
    interval: list[SourcesInterval | None] | None = Field(
        default=None, description="simulated: each chance's 95% Wilson interval"
    )
    target: float = Field(description="this cost's target (the table's, or Karsten's (89+M)%)")
    needed: int | None = Field(description="the fewest sources reaching the target")
    needed_range: list[int | None] | None = Field(
        default=None,
        description="simulated: the fewest counts whose 95% interval's upper and lower ends "
        "reach the target; they differ when the count sits at the threshold (text: 17-18)",
    )


class SourcesTable(BaseModel):
    """The core's `source_tables::Table` (docs/ANALYSIS.md, "Sources tables")."""

    model_config = ConfigDict(extra="allow")
    cards: int
    lands: int
    method: str
    procedure: str
    mulligan: str
    draws_first_turn: bool
    target: float | None
    target_source: str = Field(description="given, default (a flat 90%) or karsten ((89+M)%)")
    variant: str | None = Field(description="null under karsten")
    players: int | None
    turns: int
    games: int | None
    seed: str | None
    land_drops: list[float]
    cells: list[SourcesCell]
    deck_sources: dict[str, int] | None = Field(
        default=None,
        description="with a deck: its lands of each colour (within a commander's identity)",
    )
    variant_source: str | None = Field(
        default=None, description="with a deck: request, deck (its commander section) or default"
    )
    commanders: list[str] | None = None
    identity: str | None = Field(default=None, description="the commanders' colour identity")
    notes: list[str] | None = None
    warnings: list[str] | None = None


def run_sources(body: dict[str, Any]) -> dict[str, Any]:
    """The table `body` (a `SourcesIn`) asks for; blocking, call it off the loop."""
    deck_text, cards, lands = body.get("deck"), body.get("cards"), body.get("lands")
    if deck_text is not None and (cards is not None or lands is not None):
        raise ApiError(422, "invalid", "deck: give deck or cards and lands, not both")
    if deck_text is None and (cards is None or lands is None):
        raise ApiError(422, "invalid", "cards, lands: both are needed without a deck")
    games = body.get("games", 20_000)
    try:
        deck = Deck.parse(deck_text) if deck_text is not None else None
        if not body.get("exact"):
            land_count = lands if deck is None else sum(c.land for c in deck.cards)
            counts = int(land_count or 0) + 1
            if games * counts > MAX_TOTAL_GAMES:
                raise ApiError(
                    422,
                    "invalid",
                    f"games: at most {MAX_TOTAL_GAMES:,} in all ({games:,} for each of "
                    f"{counts} source counts asked); ask for exact, or fewer games",
                )
        seed = Seed.from_hex(body["seed"]) if body.get("seed") else Seed.generate()
        options: dict[str, Any] = {
            "karsten": body.get("karsten", False),
            "exact": body.get("exact", False),
            "on_the_draw": body.get("on_the_draw", False),
            "turns": body.get("turns", 7),
            "mulligan": body.get("mulligan", "LONDON"),
            "games": games,
            "seed": seed,
            "threads": 1,
        }
        if body.get("target") is not None:
            options["target"] = body["target"]
        variant = body.get("variant")
        if options["karsten"] and variant is not None and variant.upper() == "TWO_PLAYER":
            variant = None  # his table's own; named or not
        if not options["karsten"]:
            if variant is not None:
                options["variant"] = variant
            options["players"] = body.get("players")
            options["keep"] = _keep_rule(body.get("keep"))
        elif body.get("keep") is not None or body.get("players") is not None or variant is not None:
            raise ApiError(
                422,
                "invalid",
                "karsten: fixes the keep rule and table; leave out keep, variant and players",
            )
        if deck is not None:
            out: dict[str, Any] = dict(sources(deck, **options))
            # The deck's own warnings (903.5c: cards outside the commander's identity) first.
            warnings: list[str] = [*deck.warnings, *out.get("warnings", [])]
            return {**out, "warnings": warnings} if warnings else out
        return dict(sources(cards=cards, lands=lands, **options))
    except (MulliganError, ValueError, TypeError) as e:
        raise ApiError(422, "invalid", str(e)) from e


@router.post("/sources", response_model=SourcesTable, responses=ERRORS)
async def sources_route(body: SourcesIn) -> JSONResponse:
    """Frank Karsten's sources table for a deck size and land count (or a deck): each cost's
    chance of being cast on curve by number of sources of its colour, given the land drops,
    and the sources a target chance needs. `karsten` runs his method exactly; `exact` sums
    the hypergeometric distribution (a whole table in milliseconds); simulated tables carry
    95% Wilson intervals (at most 2,000,000 games in all)."""
    spec = body.model_dump(mode="json")
    result = await asyncio.to_thread(run_sources, spec)
    return JSONResponse(result)
