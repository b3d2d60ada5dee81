"""The HTTP routes of `mulligan serve` (docs/SERVE.md; the contract names are issue 11's).

Every route parses, checks the caller's token, calls the game service and converts: the rules
are the core's. Every error is ``{"error": {"code", "message"}}`` with its status.
"""

import asyncio
import json
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any, Optional, Union

from fastapi import Depends, FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from starlette.exceptions import HTTPException as StarletteHTTPException

import mulligan
from mulligan.serve import models as m
from mulligan.serve.auth import bearer
from mulligan.serve.engine import HOUSE_OPTIONS, verify
from mulligan.serve.errors import ApiError, error_body
from mulligan.serve.events import sse_stream
from mulligan.serve.games import GameService
from mulligan.serve.limits import BodyLimit, Limits, RateLimiter
from mulligan.serve.rounds import RoundService
from mulligan.serve.simulate import run_simulation
from mulligan.serve.store import Store, open_store

__all__ = ["create_app"]

ERRORS: dict[Union[int, str], dict[str, Any]] = {
    status: {"model": m.ErrorBody, "description": text}
    for status, text in {
        401: "no token",
        403: "a token that is not the one this needs",
        404: "no such game, seat or round",
        409: "a stale decision, a lost race, or a game not done",
        413: "over a size or time limit",
        422: "a body that does not fit, or an answer the rules refuse now",
        429: "too many games from this client",
    }.items()
}
CODES = {400: "bad_request", 401: "unauthorized", 403: "forbidden", 404: "not_found"}
CODES.update({405: "method_not_allowed", 409: "conflict", 413: "too_large", 422: "invalid"})
CODES.update({429: "rate_limited"})

PLAY_PAGE = Path(__file__).with_name("play.html")
_bearer = HTTPBearer(auto_error=False, description="a game's host token or a seat's token")


Credentials = Annotated[Optional[HTTPAuthorizationCredentials], Depends(_bearer)]


def _token(credentials: Optional[HTTPAuthorizationCredentials]) -> str:
    return bearer(None if credentials is None else f"Bearer {credentials.credentials}")


def create_app(
    db: Union[str, "os.PathLike[str]", None] = None,
    *,
    store: Optional[Store] = None,
    limits: Optional[Limits] = None,
) -> FastAPI:
    """The ASGI application: `db` as for ``mulligan serve --db`` (or an open `store`)."""
    limits = limits or Limits()
    state: dict[str, Any] = {}

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        opened = store if store is not None else open_store(db)
        await opened.start()
        games = GameService(opened, limits)
        state.update(
            store=opened,
            games=games,
            rounds=RoundService(games),
            rate=RateLimiter(limits.games_per_minute),
            round_rate=RateLimiter(max(1, limits.games_per_minute // 60)),
        )
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

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(error_body(exc.code, exc.message), exc.status, headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()))
        message = f"{where}: {first.get('msg', 'invalid')}" if where else "invalid request"
        return JSONResponse(error_body("invalid", message), 422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = CODES.get(exc.status_code, "error")
        return JSONResponse(error_body(code, str(exc.detail)), exc.status_code, headers=exc.headers)

    @app.exception_handler(Exception)
    async def internal(request: Request, exc: Exception) -> JSONResponse:
        return JSONResponse(error_body("internal", f"internal error: {type(exc).__name__}"), 500)

    def games() -> GameService:
        service: GameService = state["games"]
        return service

    def client(request: Request) -> str:
        return request.client.host if request.client is not None else "?"

    @app.get("/healthz", response_model=m.Health, tags=["service"])
    async def healthz() -> JSONResponse:
        kind = type(state["store"]).__name__.removesuffix("Store").lower()
        return JSONResponse({"status": "ok", "version": mulligan.__version__, "store": kind})

    @app.post(
        "/games",
        status_code=201,
        response_model=m.GameCreated,
        responses=ERRORS,
        tags=["games"],
        summary="Create a game start; its seed commitment is published now",
    )
    async def create_game(body: m.GameIn, request: Request) -> JSONResponse:
        setup = body.model_dump(mode="json", exclude={"contributions"})
        created = await games().create(
            setup, body.contributions, lambda: state["rate"].take(client(request))
        )
        return JSONResponse(created, 201)

    @app.get(
        "/games/{game_id}/seats/{seat}",
        response_model=m.View,
        responses=ERRORS,
        tags=["games"],
        summary="That seat's view: its hand, public zones, events and pending decisions",
    )
    async def seat_view(
        game_id: str,
        seat: int,
        credentials: Credentials,
    ) -> JSONResponse:
        token = _token(credentials)
        await games().authorize(game_id, token, seat)
        return JSONResponse(await games().view(game_id, seat))

    @app.post(
        "/games/{game_id}/seats/{seat}/answer",
        response_model=m.View,
        responses=ERRORS,
        tags=["games"],
        summary="Answer a pending decision; the reply is the seat's view after it",
    )
    async def answer(
        game_id: str,
        seat: int,
        body: m.AnswerIn,
        credentials: Credentials,
    ) -> JSONResponse:
        token = _token(credentials)
        await games().authorize(game_id, token, seat)
        record = body.model_dump(mode="json", exclude_none=True)
        return JSONResponse(await games().answer(game_id, seat, record))

    @app.post(
        "/games/{game_id}/seats/{seat}/contribution",
        response_model=m.Contributed,
        responses=ERRORS,
        tags=["games"],
        summary="Add this seat's randomness to the game seed (seats named at creation)",
    )
    async def contribute(
        game_id: str,
        seat: int,
        body: m.ContributionIn,
        credentials: Credentials,
    ) -> JSONResponse:
        token = _token(credentials)
        await games().authorize(game_id, token, seat)
        data = bytes.fromhex(body.contribution) if len(body.contribution) % 2 == 0 else None
        if data is None:
            raise ApiError(422, "invalid", "contribution: an even number of hex digits")
        return JSONResponse(await games().contribute(game_id, seat, data))

    @app.get(
        "/games/{game_id}/events",
        response_model=m.Events,
        responses=ERRORS,
        tags=["games"],
        summary="Events after the N-th as the caller may see them (long-poll, or SSE)",
    )
    async def events(
        request: Request,
        game_id: str,
        credentials: Credentials,
        after: Annotated[int, Query(ge=0, le=2**31 - 1)] = 0,
        wait: Annotated[float, Query(ge=0.0, le=Limits.wait)] = 0.0,
    ) -> Response:
        token = _token(credentials)
        access = await games().identify(game_id, token)
        if "text/event-stream" in request.headers.get("accept", ""):
            last = request.headers.get("last-event-id", "")
            start = int(last) if last.isdigit() and len(last) < 10 else after
            return StreamingResponse(
                sse_stream(games(), game_id, access, start),
                media_type="text/event-stream",
                headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
            )
        return JSONResponse(await games().events(game_id, access, after, wait))

    @app.get(
        "/games/{game_id}/log",
        responses={
            200: {
                "description": "the JSON Lines log (docs/EVENT_LOG.md)",
                "content": {"application/x-ndjson": {"schema": {"type": "string"}}},
            },
            **ERRORS,
        },
        response_class=Response,
        tags=["games"],
        summary="The verifiable log, with the host token, once the game start is done",
    )
    async def game_log(
        game_id: str,
        credentials: Credentials,
    ) -> Response:
        token = _token(credentials)
        await games().authorize(game_id, token, None)
        records = await games().log(game_id)
        text = "".join(json.dumps(r, sort_keys=True, separators=(",", ":")) + "\n" for r in records)
        return Response(text, media_type="application/x-ndjson")

    @app.post("/verify", response_model=m.Verdict, responses=ERRORS, tags=["fair play"])
    async def verify_route(body: m.VerifyIn) -> JSONResponse:
        """Replays a log: the verdict, and the first event that does not match."""
        log = body.log if isinstance(body.log, str) else list(body.log)
        valid, message, event = await asyncio.to_thread(verify, log, body.commitment, body.setup)
        return JSONResponse({"valid": valid, "message": message, "event": event})

    @app.post(
        "/rounds/commitment",
        status_code=201,
        response_model=m.RoundCommitted,
        responses=ERRORS,
        tags=["rounds"],
        summary="Draw a round seed and publish its commitment before the pairings",
    )
    async def round_commitment(request: Request) -> JSONResponse:
        state["round_rate"].take(client(request))
        return JSONResponse(await state["rounds"].commit(), 201)

    @app.post(
        "/rounds",
        status_code=201,
        response_model=m.RoundCreated,
        responses=ERRORS,
        tags=["rounds"],
        summary="Every table of a round at once, each decided by (round seed, table)",
    )
    async def create_round(
        body: m.RoundIn,
        request: Request,
        credentials: Credentials,
    ) -> JSONResponse:
        state["round_rate"].take(client(request))
        token = None if credentials is None else credentials.credentials
        tables = [[p.model_dump(mode="json") for p in t] for t in body.tables]
        common = {
            "variant": body.variant.value,
            "mulligan": body.mulligan.value,
            **body.model_dump(mode="json", include=set(HOUSE_OPTIONS)),
        }
        created = await state["rounds"].create(tables, common, body.round_id, token)
        return JSONResponse(created, 201)

    @app.get("/rounds/{round_id}", response_model=m.RoundState, responses=ERRORS, tags=["rounds"])
    async def show_round(
        round_id: str,
        credentials: Credentials,
    ) -> JSONResponse:
        """The round's games and how many are done; its seed once every table is done."""
        return JSONResponse(await state["rounds"].show(round_id, _token(credentials)))

    @app.post("/simulate", response_model=m.Simulated, responses=ERRORS, tags=["simulate"])
    async def simulate_route(body: m.SimulateIn) -> JSONResponse:
        """The bulk engine for one deck and keep rule (at most 2,000,000 games, about 5 s)."""
        spec = body.model_dump(mode="json")
        result = await asyncio.to_thread(run_simulation, spec, limits.simulate_seconds)
        return JSONResponse(result)

    @app.get("/play/{game_id}/{seat}", include_in_schema=False)
    async def play(game_id: str, seat: int) -> HTMLResponse:
        return HTMLResponse(PLAY_PAGE.read_text(encoding="utf-8"))

    app.add_middleware(BodyLimit)
    return app
