"""``/rounds``: every table of a tournament round at once, decided by one committed round
seed (`mulligan.serve.rounds`)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response

import mulligan.serve.models as m
from mulligan.serve.access import OPTIONAL_TOKEN, Credentials, Token
from mulligan.serve.create_key import CreateKeyAccess, check, server_key
from mulligan.serve.engine import HOUSE_OPTIONS
from mulligan.serve.errors import answers
from mulligan.serve.idempotency import DOCUMENTED, IdempotencyKey, Keys
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
        openapi_extra=DOCUMENTED,
    ),
)
async def round_commitment(
    request: Request,
    services: Services,
    _: CreateKeyAccess,
    idempotency_key: IdempotencyKey = None,
) -> Response:
    async def create() -> Response:
        await services.round_rate.take(client_address(request))
        return JSONResponse(await services.rounds.commit(), 201)

    keys = Keys(services.store)
    return await keys.run(idempotency_key, "POST /rounds/commitment", await request.body(), create)


@router.post(
    "/rounds",
    **answers(
        m.RoundCreated,
        "Every table of a round at once, each decided by (round seed, table)",
        status_code=201,
        # The round's host token only with `round_id` (a round drawn by POST
        # /rounds/commitment): without one, no token is needed (`app.create_app` declares the
        # token optional).
        openapi_extra={OPTIONAL_TOKEN: True, **DOCUMENTED},
    ),
)
async def create_round(
    body: m.RoundIn,
    request: Request,
    credentials: Credentials,
    services: Services,
    idempotency_key: IdempotencyKey = None,
) -> Response:
    if body.round_id is None:  # a new round: the create key (a drawn round: its token)
        check(server_key(request), request.headers.get("authorization"), "creating a round")
    token = None if credentials is None else credentials.credentials

    async def create() -> Response:
        await services.round_rate.take(client_address(request))
        tables = [[p.model_dump(mode="json") for p in t] for t in body.tables]
        common = {
            "variant": body.variant,
            "mulligan": body.mulligan,
            **body.model_dump(mode="json", include=set(HOUSE_OPTIONS)),
        }
        created = await services.rounds.create(tables, common, body.round_id, token)
        log_warnings("POST /rounds", created["warnings"])
        return JSONResponse(created, 201)

    # The round's host token is part of what a resend repeats: it is in the reply.
    keys = Keys(services.store)
    return await keys.run(idempotency_key, "POST /rounds", await request.body(), create, token)


@router.get("/rounds/{round_id}", **answers(m.RoundState))
async def show_round(round_id: str, caller: Token, services: Services) -> JSONResponse:
    """The round's games and how many are done; its seed once every table is done."""
    return JSONResponse(await services.rounds.show(round_id, caller))
