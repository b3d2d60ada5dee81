"""``/games``: a game start created with its commitment, then played seat by seat (each seat
with its own token), followed by its events and published as a verifiable log when done
(`mulligan.serve.games`)."""

from __future__ import annotations

import json
from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response, StreamingResponse

import mulligan.serve.models as m
from mulligan.serve.access import CallerAccess, HostAccess, SeatAccess
from mulligan.serve.create_key import CreateKeyAccess
from mulligan.serve.errors import ERRORS, ApiError, answers
from mulligan.serve.events import sse_stream
from mulligan.serve.idempotency import DOCUMENTED, IdempotencyKey, Keys
from mulligan.serve.json_response import JSONResponse
from mulligan.serve.limits import Limits
from mulligan.serve.notices import log_warnings
from mulligan.serve.state import Services, client_address

__all__ = ["router"]

router = APIRouter(tags=["games"])


@router.post(
    "/games",
    **answers(
        m.GameCreated,
        "Create a game start; its seed commitment is published now",
        status_code=201,
        openapi_extra=DOCUMENTED,
    ),
)
async def create_game(
    body: m.GameIn,
    request: Request,
    services: Services,
    _: CreateKeyAccess,
    idempotency_key: IdempotencyKey = None,
) -> Response:
    async def create() -> Response:
        # A game of the start only is stored as before, without the field.
        exclude = {"contributions", "invites"}
        if not body.whole_game:
            exclude.add("whole_game")
        setup = body.model_dump(mode="json", exclude=exclude)
        created = await services.games.create(
            setup,
            body.contributions,
            lambda: services.rate.take(client_address(request)),
            invites=body.invites,
        )
        log_warnings("POST /games", created["warnings"])
        return JSONResponse(created, 201)

    # A resend with the same Idempotency-Key gets the first reply before anything is created.
    keys = Keys(services.store)
    return await keys.run(idempotency_key, "POST /games", await request.body(), create)


@router.get(
    "/games/{game_id}",
    **answers(
        m.HostView,
        "The host's view: the public table, each seat's counts, counters and next action",
    ),
)
async def host_view(game_id: str, _: HostAccess, services: Services) -> JSONResponse:
    return JSONResponse(await services.games.view(game_id, None))


@router.post(
    "/games/{game_id}/seats/{seat}/claim",
    **answers(
        m.Claimed,
        "Claim a seat's token with its one-time invite (no token needed); a second claim: 409",
    ),
)
async def claim(game_id: str, seat: int, body: m.ClaimIn, services: Services) -> JSONResponse:
    return JSONResponse(await services.games.claim(game_id, seat, body.invite))


@router.get(
    "/games/{game_id}/seats/{seat}",
    **answers(m.View, "That seat's view: its hand, public zones, events and pending decisions"),
)
async def seat_view(game_id: str, seat: SeatAccess, services: Services) -> JSONResponse:
    return JSONResponse(await services.games.view(game_id, seat))


@router.post(
    "/games/{game_id}/seats/{seat}/answer",
    **answers(m.View, "Answer a pending decision; the reply is the seat's view after it"),
)
async def answer(
    game_id: str, seat: SeatAccess, body: m.AnswerIn, services: Services
) -> JSONResponse:
    record = body.model_dump(mode="json", exclude_none=True)
    return JSONResponse(await services.games.answer(game_id, seat, record))


@router.post(
    "/games/{game_id}/seats/{seat}/contribution",
    **answers(
        m.Contributed, "Add this seat's randomness to the game seed (seats named at creation)"
    ),
)
async def contribute(
    game_id: str, seat: SeatAccess, body: m.ContributionIn, services: Services
) -> JSONResponse:
    data = bytes.fromhex(body.contribution) if len(body.contribution) % 2 == 0 else None
    if data is None:
        raise ApiError(422, "invalid", "contribution: an even number of hex digits")
    return JSONResponse(await services.games.contribute(game_id, seat, data))


@router.get(
    "/games/{game_id}/events",
    **answers(m.Events, "Events after the N-th as the caller may see them (long-poll, or SSE)"),
)
async def events(
    request: Request,
    game_id: str,
    access: CallerAccess,
    services: Services,
    after: Annotated[int, Query(ge=0, le=2**31 - 1)] = 0,
    wait: Annotated[float, Query(ge=0.0, le=Limits.wait)] = 0.0,
) -> Response:
    if "text/event-stream" in request.headers.get("accept", ""):
        last = request.headers.get("last-event-id", "")
        start = int(last) if last.isdigit() and len(last) < 10 else after
        return StreamingResponse(
            sse_stream(services.games, game_id, access, start),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
        )
    return JSONResponse(await services.games.events(game_id, access, after, wait))


@router.get(
    "/games/{game_id}/log",
    responses={
        200: {
            "description": "the JSON Lines log (docs/EVENT_LOG.md)",
            "content": {"application/x-ndjson": {"schema": {"type": "string"}}},
        },
        **ERRORS,
    },
    response_class=Response,
    summary="The verifiable log: for the host once the game start is done, a seat once over",
)
async def game_log(game_id: str, access: CallerAccess, services: Services) -> Response:
    records = await services.games.log(game_id, access)
    text = "".join(json.dumps(r, sort_keys=True, separators=(",", ":")) + "\n" for r in records)
    return Response(text, media_type="application/x-ndjson")
