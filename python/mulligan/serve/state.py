"""What one running application holds: its store, the game and round services, the rate
limiters and the limits, opened by `app.create_app`'s lifespan and reached by the routes
through the `Services` dependency (``services: Services`` as a route parameter).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Request

from mulligan.serve.games import GameService
from mulligan.serve.limits import Limits, RateLimiter
from mulligan.serve.rounds import RoundService
from mulligan.serve.store import Store
from mulligan.serve.table import TableService

__all__ = ["AppState", "Services", "client_address", "services"]


@dataclass
class AppState:
    """The services of one application, from its start to its shutdown."""

    store: Store
    limits: Limits
    games: GameService
    rounds: RoundService
    table: TableService
    rate: RateLimiter
    round_rate: RateLimiter

    @classmethod
    def open(cls, store: Store, limits: Limits) -> AppState:
        games = GameService(store, limits)
        return cls(
            store=store,
            limits=limits,
            games=games,
            rounds=RoundService(games),
            table=TableService(games),
            rate=RateLimiter(store, "games", limits.games_per_minute),
            round_rate=RateLimiter(store, "rounds", max(1, limits.games_per_minute // 60)),
        )


async def services(request: Request) -> AppState:
    """The running application's services (set by its lifespan). A coroutine, as every
    dependency of the service is: FastAPI runs a plain function's dependency on its thread
    pool, a hop per request that cost about a third of the service's throughput."""
    state: AppState = request.app.state.services
    return state


def client_address(request: Request) -> str:
    """The caller's address, the key of the rate limits."""
    return request.client.host if request.client is not None else "?"


Services = Annotated[AppState, Depends(services)]
