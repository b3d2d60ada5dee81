"""``/rounds``: every table of a tournament round at once, decided by one committed round
seed (`mulligan.serve.rounds`)."""

from __future__ import annotations

from fastapi import APIRouter, Request

import mulligan.serve.models as m
from mulligan.serve.access import OPTIONAL_TOKEN, Credentials, Token
from mulligan.serve.create_key import CreateKeyAccess, check, server_key
from mulligan.serve.engine import HOUSE_OPTIONS
from mulligan.serve.errors import answers
from mulligan.serve.json_response import JSONResponse
from mulligan.serve.notices import log_warnings
from mulligan.serve.state import Services, client_address

__all__ = ["router"]

router = APIRouter(tags=["rounds"])


@router.post(
    "/rounds/commitment",
    **answers(
        m.RoundCommitted,
        "Draw a round seed and publish its commitment before the pairings",
        status_code=201,
    ),
)
async def round_commitment(
    request: Request, services: Services, _: CreateKeyAccess
) -> JSONResponse:
    await services.round_rate.take(client_address(request))
    return JSONResponse(await services.rounds.commit(), 201)


@router.post(
    "/rounds",
    **answers(
        m.RoundCreated,
        "Every table of a round at once, each decided by (round seed, table)",
        status_code=201,
        # The round's host token only with `round_id` (a round drawn by POST
        # /rounds/commitment): without one, no token is needed (`app.create_app` declares the
        # token optional).
        openapi_extra={OPTIONAL_TOKEN: True},
    ),
)
async def create_round(
    body: m.RoundIn, request: Request, credentials: Credentials, services: Services
) -> JSONResponse:
    if body.round_id is None:  # a new round: the create key (a drawn round: its token)
        check(server_key(request), request.headers.get("authorization"), "creating a round")
    await services.round_rate.take(client_address(request))
    token = None if credentials is None else credentials.credentials
    tables = [[p.model_dump(mode="json") for p in t] for t in body.tables]
    common = {
        "variant": body.variant,
        "mulligan": body.mulligan,
        **body.model_dump(mode="json", include=set(HOUSE_OPTIONS)),
    }
    created = await services.rounds.create(tables, common, body.round_id, token)
    log_warnings("POST /rounds", created["warnings"])
    return JSONResponse(created, 201)


@router.get("/rounds/{round_id}", **answers(m.RoundState))
async def show_round(round_id: str, caller: Token, services: Services) -> JSONResponse:
    """The round's games and how many are done; its seed once every table is done."""
    return JSONResponse(await services.rounds.show(round_id, caller))
