"""``POST /simulate``: the bulk engine for one deck and keep rule, within the service's limits
(`mulligan.serve.simulate`)."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter

import mulligan.serve.models as m
from mulligan.serve.errors import ERRORS
from mulligan.serve.json_response import JSONResponse
from mulligan.serve.notices import log_warnings
from mulligan.serve.simulate import run_simulation
from mulligan.serve.state import Services

__all__ = ["router"]

router = APIRouter(tags=["simulate"])


@router.post("/simulate", response_model=m.Simulated, responses=ERRORS)
async def simulate_route(body: m.SimulateIn, services: Services) -> JSONResponse:
    """The bulk engine for one deck and keep rule (at most 2,000,000 games, about 5 s)."""
    spec = body.model_dump(mode="json")
    seconds = services.limits.simulate_seconds
    result = await asyncio.to_thread(run_simulation, spec, seconds)
    log_warnings("POST /simulate", result["warnings"])
    return JSONResponse(result)
