"""The ASGI application of `mulligan serve` (docs/SERVE.md; the contract names are issue 11's).

`create_app` opens the store in its lifespan, answers every error as ``{"error": {"code",
"message"}}`` with its status, and includes one router per concept (`mulligan.serve.routes`,
whose docstring says how to add one). Every route parses, checks the caller's token (a
dependency, `mulligan.serve.access`), calls a service and converts: the rules are the core's.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import APIRouter, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

import mulligan
from mulligan.serve.errors import CODES, ApiError, error_body
from mulligan.serve.limits import BodyLimit, Limits
from mulligan.serve.open_store import open_store
from mulligan.serve.routes import fair_play, games, page, rounds, service, simulate
from mulligan.serve.state import AppState
from mulligan.serve.store import Store

__all__ = ["ROUTERS", "create_app"]

#: Every router of the service, one per concept (`mulligan.serve.routes`).
ROUTERS: tuple[APIRouter, ...] = (
    service.router,
    games.router,
    fair_play.router,
    rounds.router,
    simulate.router,
    page.router,
)


async def _api_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, ApiError)
    return JSONResponse(error_body(exc.code, exc.message), exc.status, headers=exc.headers)


async def _invalid(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    first = exc.errors()[0] if exc.errors() else {}
    where = ".".join(str(p) for p in first.get("loc", ()))
    message = f"{where}: {first.get('msg', 'invalid')}" if where else "invalid request"
    return JSONResponse(error_body("invalid", message), 422)


async def _http_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)
    code = CODES.get(exc.status_code, "error")
    return JSONResponse(error_body(code, str(exc.detail)), exc.status_code, headers=exc.headers)


async def _internal(request: Request, exc: Exception) -> JSONResponse:
    return JSONResponse(error_body("internal", f"internal error: {type(exc).__name__}"), 500)


def create_app(
    db: str | os.PathLike[str] | None = None,
    *,
    store: Store | None = None,
    limits: Limits | None = None,
) -> FastAPI:
    """The ASGI application: `db` as for ``mulligan serve --db`` (or an open `store`)."""
    chosen = limits or Limits()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        opened = store if store is not None else open_store(db)
        await opened.start()
        app.state.services = AppState.open(opened, chosen)
        try:
            yield
        finally:
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
        app.include_router(router)
    app.add_middleware(BodyLimit)
    return app
