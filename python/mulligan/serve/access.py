"""Who may call a route, as FastAPI dependencies: a route that takes ``seat: SeatAccess`` runs
only for that seat's token, ``_: HostAccess`` only for the game's host token, and
``access: CallerAccess`` for either (telling which), ``access: SeatOrHostAccess`` for the
path's seat or the host. The token is checked (docs/SERVE.md:
401 without one, 403 for any other) before the route reads anything of the game.
"""

from __future__ import annotations

from typing import Annotated, Any, Optional

from fastapi import Depends
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from mulligan.serve.auth import bearer
from mulligan.serve.errors import forbidden
from mulligan.serve.games import Access
from mulligan.serve.state import Services

__all__ = [
    "OPTIONAL_TOKEN",
    "CallerAccess",
    "Credentials",
    "HostAccess",
    "SeatAccess",
    "SeatOrHostAccess",
    "Token",
    "caller_access",
    "host_access",
    "seat_access",
    "seat_or_host_access",
]

_bearer = HTTPBearer(auto_error=False, description="a game's host token or a seat's token")

#: An operation's ``openapi_extra`` key saying its token is optional (`optional_tokens`).
OPTIONAL_TOKEN = "x-mulligan-token-optional"

#: The ``Authorization: Bearer`` credentials, if any (the routes' OpenAPI security scheme).
Credentials = Annotated[Optional[HTTPAuthorizationCredentials], Depends(_bearer)]


async def token(credentials: Credentials) -> str:
    """The bearer token; 401 when there is none (a coroutine: see `state.services`)."""
    return bearer(None if credentials is None else f"Bearer {credentials.credentials}")


Token = Annotated[str, Depends(token)]


async def seat_access(game_id: str, seat: int, caller: Token, services: Services) -> int:
    """The seat of the path, once the token is that seat's (403 otherwise)."""
    await services.games.authorize(game_id, caller, seat)
    return seat


async def host_access(game_id: str, caller: Token, services: Services) -> None:
    """Passes only with the game's host token (403 otherwise)."""
    await services.games.authorize(game_id, caller, None)


async def caller_access(game_id: str, caller: Token, services: Services) -> Access:
    """The host or the seat whose token this is (403 for any other)."""
    return await services.games.identify(game_id, caller)


async def seat_or_host_access(game_id: str, seat: int, caller: Token, services: Services) -> Access:
    """The seat of the path's own token (`Access(seat)`) or the host's (`Access(None)`); 403
    for any other token, another seat's included."""
    access = await services.games.identify(game_id, caller)
    if access.seat is not None and access.seat != seat:
        raise forbidden(f"seat {seat}'s token")
    return access


SeatAccess = Annotated[int, Depends(seat_access)]
HostAccess = Annotated[None, Depends(host_access)]
CallerAccess = Annotated[Access, Depends(caller_access)]
SeatOrHostAccess = Annotated[Access, Depends(seat_or_host_access)]


def optional_tokens(spec: dict[str, Any]) -> dict[str, Any]:
    """The OpenAPI document with the operations marked `OPTIONAL_TOKEN` taking no token as well
    as the bearer token (``security: [{}, {"HTTPBearer": []}]``), as they do."""
    for item in spec.get("paths", {}).values():
        for operation in item.values():
            if isinstance(operation, dict) and operation.pop(OPTIONAL_TOKEN, False):
                operation["security"] = [{}, {"HTTPBearer": []}]
    return spec
