"""A whole game's table phase over HTTP (`mulligan.serve.table`): each seat's numbered
library actions after 103.8 (by the seat, or by the host acting for it), and the host's end,
which reveals the seed."""

from __future__ import annotations

from typing import Union

from fastapi import APIRouter

from mulligan.serve import models as m
from mulligan.serve.access import HostAccess, SeatOrHostAccess
from mulligan.serve.errors import answers
from mulligan.serve.json_response import JSONResponse
from mulligan.serve.state import Services
from mulligan.serve.table import body_digest

__all__ = ["router"]

router = APIRouter(tags=["whole game"])


@router.post(
    "/games/{game_id}/seats/{seat}/actions",
    **answers(
        Union[m.View, m.HostView],
        "One numbered action on the seat's zones (its token or the host's); the view after: "
        "the seat's, or the host's public table with the host token",
    ),
)
async def seat_action(
    game_id: str, seat: int, body: m.ActionIn, access: SeatOrHostAccess, services: Services
) -> JSONResponse:
    record = body.model_dump(mode="json")
    action = {k: v for k, v in record.items() if k != "n"}
    host = access.seat is None
    view = await services.table.act(game_id, seat, body.n, action, body_digest(record), host=host)
    return JSONResponse(view)


@router.post(
    "/games/{game_id}/actions",
    **answers(
        m.HostView,
        "The host's action on any seat's zones (that seat's counter); the host's view after",
    ),
)
async def host_action(
    game_id: str, body: m.HostActionIn, _: HostAccess, services: Services
) -> JSONResponse:
    record = body.model_dump(mode="json", exclude_none=True)
    action = {k: v for k, v in record.items() if k not in ("n", "seat", "looker")}
    view = await services.table.act(
        game_id, body.seat, body.n, action, body_digest(record), host=True, looker=body.looker
    )
    return JSONResponse(view)


@router.post(
    "/games/{game_id}/end",
    **answers(m.Ended, "The host ends a whole game: the seed is revealed and the log is complete"),
)
async def end_game(game_id: str, _: HostAccess, services: Services) -> JSONResponse:
    return JSONResponse(await services.table.end(game_id))
