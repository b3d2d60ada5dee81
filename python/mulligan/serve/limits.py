"""The service's limits, each answered with a JSON error (413 or 429), never with a crash.

| limit | default | answer |
| --- | --- | --- |
| request body | 1 MiB; 64 MiB for `POST /rounds`, 8 MiB for `POST /verify` | 413 `too_large` |
| players per game | 16 | 422 `invalid` |
| deck list | 64 KiB of text, 1,000 cards in all sections | 422 `invalid` |
| games created per client per minute | 600 (`--games-per-minute`) | 429 `rate_limited` |
| rounds per client per minute | a sixtieth of that (at least 1) | 429 `rate_limited` |
| tables per round | 5,000 | 422 `invalid` |
| long-poll wait | 30 s | (capped) |
| `POST /simulate` | 2,000,000 games, 5 s of work | 413 `too_large` |

A 429 carries ``Retry-After``. The rate limits are kept in the store, per client address (a
token bucket refilled at the per-minute rate, table ``rate_buckets``): every worker process
and every server sharing one database draws on one budget per client.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from mulligan.serve.errors import ApiError
from mulligan.serve.store import Store

__all__ = ["BodyLimit", "Limits", "RateLimiter"]


class Limits:
    body = 1 << 20
    round_body = 64 << 20
    verify_body = 8 << 20
    players = 16
    deck_text = 64 << 10
    deck_cards = 1000
    tables = 5000
    wait = 30.0
    simulate_games = 2_000_000
    simulate_seconds = 5.0

    def __init__(self, games_per_minute: int = 600) -> None:
        self.games_per_minute = games_per_minute


class RateLimiter:
    """A token bucket per client, kept in the store so that every process of one database
    (the `--workers` of one machine, the servers sharing one PostgreSQL) draws on the same
    budget: `per_minute` in a burst, refilled at that rate. `name` tells the limits apart."""

    def __init__(self, store: Store, name: str, per_minute: int) -> None:
        self.store = store
        self.name = name
        self.capacity = float(per_minute)
        self.rate = per_minute / 60.0

    async def take(self, client: str, n: int = 1) -> None:
        """Takes `n` from `client`'s bucket, or raises 429 changing nothing."""
        wait = await self.store.take_rate(f"{self.name}:{client}", n, self.capacity, self.rate)
        if wait > 0:
            raise ApiError(
                429,
                "rate_limited",
                f"at most {int(self.capacity)} {self.name} per minute from one client; "
                f"retry in {wait:.1f} s",
                headers={"Retry-After": str(max(1, int(wait + 0.999)))},
            )


Scope = dict[str, Any]
Receive = Callable[[], Any]
Send = Callable[[dict[str, Any]], Any]


def _limit_for(path: str) -> int:
    if path == "/rounds":
        return Limits.round_body
    if path == "/verify":
        return Limits.verify_body
    return Limits.body


class BodyLimit:
    """ASGI middleware: a body over its route's limit gets 413 before the route sees it
    (a declared Content-Length at once, a chunked body as soon as it goes over)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    @staticmethod
    async def too_large(send: Send, limit: int) -> None:
        body = json.dumps(
            {"error": {"code": "too_large", "message": f"request body over {limit} bytes"}}
        ).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [(b"content-type", b"application/json"), (b"connection", b"close")],
            }
        )
        await send({"type": "http.response.body", "body": body})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD"):
            await self.app(scope, receive, send)
            return
        limit = _limit_for(scope["path"])
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                declared = int(value) if value.isdigit() else -1
                if declared > limit:
                    await self.too_large(send, limit)
                    return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                await self.too_large(send, limit)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        sent = False

        async def replay() -> dict[str, Any]:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            result: dict[str, Any] = await receive()
            return result

        await self.app(scope, replay, send)
