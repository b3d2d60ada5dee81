"""``POST /verify``: anyone replays a game's log against its published commitment (the
commit-reveal of docs/SERVE.md, "Fair play")."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter

import mulligan.serve.models as m
from mulligan.serve.engine import verify
from mulligan.serve.errors import ERRORS
from mulligan.serve.json_response import JSONResponse

__all__ = ["router"]

router = APIRouter(tags=["fair play"])


@router.post("/verify", response_model=m.Verdict, responses=ERRORS)
async def verify_route(body: m.VerifyIn) -> JSONResponse:
    """Replays a log: the verdict, and the first event that does not match."""
    log = body.log if isinstance(body.log, str) else list(body.log)
    valid, message, event = await asyncio.to_thread(verify, log, body.commitment, body.setup)
    return JSONResponse({"valid": valid, "message": message, "event": event})
