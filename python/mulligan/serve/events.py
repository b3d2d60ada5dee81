"""`GET /games/{game_id}/events`: the events a caller may see, by long-poll or server-sent events.

Long-poll (the default; one request, one reply, as a Tabletop Simulator script needs):
``?after=N&wait=S`` answers at once when there are events after the N-th, else waits up to S
seconds (at most 30) for one. With ``Accept: text/event-stream`` the same events come as a
stream: one ``event: game`` message per event (``id:`` its number, 1-based, so ``Last-Event-ID``
resumes), then ``event: done`` when the game start is done; a comment every 15 s keeps the
connection open, and the stream ends after 10 minutes (reconnect with ``Last-Event-ID``).

A stream reads its game only when the game changed (`notify.ChangeFeed`); between changes it
writes nothing but its keep-alive comments. When the server drains (SIGTERM, `drain`), every
stream ends at once with ``retry: RECONNECT_MS`` (the client's EventSource reconnects after
that many milliseconds, to another process or to the restarted server, resuming by its
``Last-Event-ID``).
"""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator

from mulligan.serve.games import Access, GameService
from mulligan.serve.metrics import EVENT_STREAMS

__all__ = ["KEEPALIVE", "LIFETIME", "RECONNECT_MS", "sse_stream"]

KEEPALIVE = 15.0
LIFETIME = 600.0
#: The reconnect hint of a stream ended by the drain, in milliseconds.
RECONNECT_MS = 1000


async def sse_stream(
    games: GameService, game_id: str, access: Access, after: int
) -> AsyncIterator[bytes]:
    started = time.monotonic()
    sent = after
    feed = games.feed
    slot = feed.watch(game_id)
    EVENT_STREAMS.inc()
    try:
        while True:
            seen = slot.version
            batch = await games.events_now(game_id, access, sent)
            for i, event in enumerate(batch["events"], start=sent + 1):
                yield f"id: {i}\nevent: game\ndata: {json.dumps(event)}\n\n".encode()
            sent = batch["next"]
            if batch["done"]:
                yield f'id: {sent}\nevent: done\ndata: {{"next": {sent}}}\n\n'.encode()
                return
            # Idle until the game changes: a keep-alive comment every KEEPALIVE seconds.
            while not await feed.wait(slot, seen, KEEPALIVE):
                if time.monotonic() - started >= LIFETIME:
                    return
                yield b": keep-alive\n\n"
            if feed.draining:
                yield f"retry: {RECONNECT_MS}\n: the server is restarting\n\n".encode()
                return
            if time.monotonic() - started >= LIFETIME:
                return
    finally:
        EVENT_STREAMS.dec()
        feed.unwatch(slot)
