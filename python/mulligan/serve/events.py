"""`GET /games/{game_id}/events`: the events a caller may see, by long-poll or server-sent events.

Long-poll (the default; one request, one reply, as a Tabletop Simulator script needs):
``?after=N&wait=S`` answers at once when there are events after the N-th, else waits up to S
seconds (at most 30) for one. With ``Accept: text/event-stream`` the same events come as a
stream: one ``event: game`` message per event (``id:`` its number, 1-based, so ``Last-Event-ID``
resumes), then ``event: done`` when the game start is done; a comment every 15 s keeps the
connection open, and the stream ends after 10 minutes (reconnect with ``Last-Event-ID``).
"""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator

from mulligan.serve.games import Access, GameService

__all__ = ["sse_stream"]

KEEPALIVE = 15.0
LIFETIME = 600.0


async def sse_stream(
    games: GameService, game_id: str, access: Access, after: int
) -> AsyncIterator[bytes]:
    started = time.monotonic()
    sent = after
    last_beat = started
    while time.monotonic() - started < LIFETIME:
        batch = await games.events(game_id, access, sent, 1.0)
        for i, event in enumerate(batch["events"], start=sent + 1):
            yield f"id: {i}\nevent: game\ndata: {json.dumps(event)}\n\n".encode()
            last_beat = time.monotonic()
        sent = batch["next"]
        if batch["done"]:
            yield f'id: {sent}\nevent: done\ndata: {{"next": {sent}}}\n\n'.encode()
            return
        if time.monotonic() - last_beat >= KEEPALIVE:
            last_beat = time.monotonic()
            yield b": keep-alive\n\n"
