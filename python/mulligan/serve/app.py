"""The ASGI application of `mulligan serve` (docs/SERVE.md; the contract names are issue 11's).

`create_app` opens the store in its lifespan, answers every error as ``{"error": {"code",
"message"}}`` with its status, and includes one router per concept (`mulligan.serve.routes`,
whose docstring says how to add one). Every route parses, checks the caller's token (a
dependency, `mulligan.serve.access`), calls a service and converts: the rules are the core's.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import APIRouter, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

import mulligan
from mulligan.serve import drain, notify
from mulligan.serve.access import optional_tokens
from mulligan.serve.create_key import AnalysisKey, document_key
from mulligan.serve.errors import CODES, ApiError, error_body
from mulligan.serve.json_response import JSONResponse
from mulligan.serve.limits import BodyLimit, Limits
from mulligan.serve.links import Links
from mulligan.serve.messages import invalid_message
from mulligan.serve.metrics import RequestMetrics
from mulligan.serve.open_store import open_store
from mulligan.serve.operations import Operations
from mulligan.serve.proxy import DEFAULT_TRUSTED, ForwardedHeaders, TrustedProxies
from mulligan.serve.routes import (
    analyze,
    decks,
    fair_play,
    games,
    metrics,
    page,
    rounds,
    service,
    simulate,
    sources,
    table,
)
from mulligan.serve.state import AppState
from mulligan.serve.store import SYNCHRONOUS, Store

__all__ = ["ROUTERS", "create_app"]

#: Every router of the service, one per concept (`mulligan.serve.routes`).
ROUTERS: tuple[APIRouter, ...] = (
    service.router,
    games.router,
    decks.router,
    table.router,
    fair_play.router,
    rounds.router,
    simulate.router,
    analyze.router,
    sources.router,
    page.router,
)


async def _api_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, ApiError)
    return JSONResponse(exc.body(), exc.status, headers=exc.headers)


async def _invalid(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    message = invalid_message(list(exc.errors()), exc.body)
    return JSONResponse(error_body("invalid", message), 422)


async def _http_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)
    cause = exc.__cause__
    if exc.status_code == 400 and cause is not None:
        # A body FastAPI could not read (bytes that are not UTF-8 text): as every other body
        # that is not JSON, 422 `invalid`, the status docs/openapi.json declares.
        if isinstance(cause, UnicodeDecodeError):
            where = ""
            if cause.encoding.replace("-", "").lower() == "utf8":
                where = f" (byte 0x{cause.object[cause.start]:02x} at offset {cause.start})"
            message = f"the body is not JSON: it is not UTF-8 text{where}; send JSON as UTF-8"
        else:
            message = f"the body is not JSON ({type(cause).__name__}: {cause})"
        return JSONResponse(error_body("invalid", message), 422)
    code = CODES.get(exc.status_code, "error")
    return JSONResponse(error_body(code, str(exc.detail)), exc.status_code, headers=exc.headers)


async def _internal(request: Request, exc: Exception) -> JSONResponse:
    return JSONResponse(error_body("internal", f"internal error: {type(exc).__name__}"), 500)


def create_app(
    db: str | os.PathLike[str] | None = None,
    *,
    store: Store | None = None,
    limits: Limits | None = None,
    sqlite_synchronous: str = "normal",
    public_url: str | None = None,
    trusted_proxies: str = DEFAULT_TRUSTED,
    operations: Operations | None = None,
) -> FastAPI:
    """The ASGI application: `db` as for ``mulligan serve --db`` (or an open `store`);
    `sqlite_synchronous` as ``--sqlite-synchronous`` (``normal`` or ``full``, SQLite only);
    `public_url` and `trusted_proxies` as ``--public-url`` and ``--trusted-proxies``
    (`mulligan.serve.links`, `mulligan.serve.proxy`; ValueError for a bad one); `operations`
    the operator's choices (create key, retention, metrics: operations.py)."""
    chosen = limits or Limits()
    links = Links(public_url)
    trusted = TrustedProxies(trusted_proxies)
    ops = operations or Operations()
    if sqlite_synchronous not in SYNCHRONOUS:
        raise ValueError(
            f"sqlite_synchronous: one of {', '.join(SYNCHRONOUS)}, got {sqlite_synchronous!r}"
        )

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        opened = store if store is not None else open_store(db, sqlite_synchronous)
        await opened.start()
        app.state.services = AppState.open(opened, chosen)
        app.state.services.games.links = links
        feed = app.state.services.games.feed
        watcher = await notify.start_watching(opened, feed)
        undo_drain = drain.install(feed)
        running = ops.start(app, app.state.services)
        try:
            yield
        finally:
            await running.stop()
            undo_drain()
            if watcher is not None:
                watcher.cancel()
                await asyncio.gather(watcher, return_exceptions=True)
            await opened.close()

    app = FastAPI(
        title="mulligan serve",
        version=mulligan.__version__,
        description="Game starts of Magic: The Gathering (rule 103, 701.24 shuffles) over "
        "HTTP: seats that cannot see each other's cards, commit-reveal fair play, "
        "games rebuilt by replay. See docs/SERVE.md.",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
    )
    app.add_exception_handler(ApiError, _api_error)
    app.add_exception_handler(RequestValidationError, _invalid)
    app.add_exception_handler(StarletteHTTPException, _http_error)
    app.add_exception_handler(Exception, _internal)
    for router in ROUTERS:
        # The analysis routes take the create key when the operator asks (create_key.py).
        heavy = router in (simulate.router, analyze.router, sources.router)
        app.include_router(router, dependencies=[AnalysisKey] if heavy else None)
    if ops.metrics != "off":
        app.include_router(metrics.router)
    plain_openapi = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = document_key(optional_tokens(plain_openapi()))
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
    app.add_middleware(BodyLimit)
    app.add_middleware(ForwardedHeaders, trusted=trusted)
    if ops.metrics != "off":
        app.add_middleware(RequestMetrics)
    return app
