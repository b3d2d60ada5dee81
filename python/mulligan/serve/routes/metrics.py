"""``GET /metrics``: Prometheus's text format (`mulligan.serve.metrics`), included by
`mulligan.serve.app.create_app` unless ``--metrics off``; with ``--metrics key`` it takes the
create key (`mulligan.serve.create_key`)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response

from mulligan.serve.create_key import KEY_SCHEME, check, server_key
from mulligan.serve.errors import ERRORS
from mulligan.serve.metrics import CONTENT_TYPE_LATEST, exposition
from mulligan.serve.state import Services

__all__ = ["router"]

router = APIRouter(tags=["service"])


@router.get(
    "/metrics",
    responses={
        200: {
            "description": "Prometheus's text exposition format",
            "content": {"text/plain": {"schema": {"type": "string"}}},
        },
        **ERRORS,
    },
    response_class=Response,
    summary="Prometheus metrics: requests by route, games created, open event streams",
    openapi_extra={"security": [{}, {KEY_SCHEME: []}]},
)
async def metrics(request: Request, services: Services) -> Response:
    operations = getattr(request.app.state, "operations", None)
    if operations is not None and operations.metrics == "key":
        check(server_key(request), request.headers.get("authorization"), "reading the metrics")
    return Response(await exposition(services.store), media_type=CONTENT_TYPE_LATEST)
