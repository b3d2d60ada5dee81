"""``POST /decks/check``: the players' deck lists read without making a game
(`mulligan.serve.decks`): what ``POST /games`` would read, warn of and refuse, per player."""

from __future__ import annotations

from fastapi import APIRouter

import mulligan.serve.models as m
from mulligan.serve.decks import check_decks
from mulligan.serve.errors import answers
from mulligan.serve.json_response import JSONResponse
from mulligan.serve.state import Services

__all__ = ["router"]

router = APIRouter(tags=["decks"])


@router.post(
    "/decks/check",
    **answers(
        m.DecksChecked,
        "Read deck lists without making a game: per player the cards read, the warnings, "
        "unknown names with suggestions, and what would refuse the game",
    ),
)
async def check(body: m.DecksCheckIn, services: Services) -> JSONResponse:
    players = [p.model_dump(mode="json") for p in body.players]
    return JSONResponse(check_decks(players, services.limits))
