"""``GET /healthz``: the service is up, its version and which store it runs on."""

from __future__ import annotations

from fastapi import APIRouter

import mulligan
import mulligan.serve.models as m
from mulligan.serve.json_response import JSONResponse
from mulligan.serve.state import Services

__all__ = ["router"]

router = APIRouter(tags=["service"])


@router.get("/healthz", response_model=m.Health)
async def healthz(services: Services) -> JSONResponse:
    kind = type(services.store).__name__.removesuffix("Store").lower()
    return JSONResponse({"status": "ok", "version": mulligan.__version__, "store": kind})
