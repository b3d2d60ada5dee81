"""The whole game over HTTP (`whole_game`, docs/SERVE.md "The whole game"): each seat's
numbered actions on its zones after 103.8, and the host's end.

Each action is the core's answer record (``{"type": "act", "seat", "host", "looker"?,
"action"}``), stored as the game's next answer like any decision's answer, so replay, the log
and its verification see every action. Beside it the store keeps the action's number ``n``
for its seat and the digest of the request body (table ``actions``, primary key
``(game_id, seat, n)``), in the same transaction: a seat's actions are numbered 1, 2, ...
with one counter shared by the seat and the host acting for it. The number a request carries
decides what happens:

* the seat's next number: the action is checked by the core (422 and nothing changes when it
  is refused) and stored; two requests racing for one number: the database keeps one, the
  other is re-checked against the game as it now is (and gets its 409);
* the last number again with the same body (a retry after a lost reply): the same reply, the
  view just after that action (rebuilt by replay): the seat's, or the host's public table
  when the host acts;
* any other number, or the last one with another body: 409, nothing changes; the 409 carries
  the seat's ``next_action`` and the pending decision ids (`errors.Resync`).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from mulligan._core import MulliganError
from mulligan.serve.errors import ApiError, Resync, conflict
from mulligan.serve.games import GameService

__all__ = ["TableService", "body_digest"]

Json = dict[str, Any]


def body_digest(body: Json) -> str:
    """SHA-256 of the body as canonical JSON: a retry is the same body, byte for byte or not."""
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()


class TableService:
    """Actions and the end of whole games, on top of the games' service (same cache, same
    locks, same store)."""

    def __init__(self, games: GameService) -> None:
        self.games = games

    async def act(
        self,
        game_id: str,
        seat: int,
        n: int,
        action: Json,
        digest: str,
        *,
        host: bool,
        looker: int | None = None,
    ) -> Json:
        """Applies `action`, number `n` of `seat` (by the host when `host`; `digest` the
        request body's, `body_digest`): the seat's view after it, or the host's (the public
        table, `LiveGame.host_view`) when the host acts: a reply to the host's token never
        carries a hidden card, even of the seat it acts for, nor what a `looker` sees."""
        games = self.games
        who = None if host else seat
        lock = games._lock(game_id)
        try:
            async with lock:
                for attempt in range(16):
                    # First from the cached game: an action numbered as expected and valid is
                    # stored only if its answer number is still free, which proves the cache
                    # was current (answers are numbered without gaps). Any other outcome (a
                    # number off, a refusal, a taken number) is decided again from the store.
                    cached = games.cached(game_id) if attempt == 0 else None
                    fresh = cached is None
                    row, live = cached if cached is not None else await games.live(game_id)
                    if live is None:
                        raise conflict("the game waits for the players' contributions")
                    if not 0 <= seat < live.seats:
                        raise ApiError(404, "not_found", f"game {game_id} has no seat {seat}")
                    resync = live.resync(None if host else seat)
                    if not live.whole_game:
                        raise conflict(
                            "this game ends at 103.8: actions need a game created with "
                            '"whole_game": true',
                            resync,
                        )
                    last = live.last_action.get(seat)
                    expected = live.next_action(seat)
                    # The seat's own number, on a host route too: the host resyncs that seat.
                    resync = Resync(expected, resync.pending)
                    if n != expected and not fresh:
                        continue
                    if n != expected:
                        if last is not None and n == last[0]:
                            if last[1] == digest:
                                return await games.view_at(row, who, last[2])
                            raise conflict(
                                f"action {n} of seat {seat} was already taken by another "
                                f"request; the next is {expected}",
                                resync,
                            )
                        word = "stale" if n < expected else "skips ahead"
                        raise conflict(
                            f"action {n} of seat {seat} {word}: the next is {expected}", resync
                        )
                    try:
                        record = live.act(seat, action, host=host, looker=looker)
                    except MulliganError as e:
                        if not fresh:
                            continue
                        raise ApiError(422, "invalid", str(e)) from e
                    stored = await games.store.add_action(
                        game_id, live.answers, record, seat, n, digest
                    )
                    if stored:
                        live.last_action[seat] = (n, digest, live.answers)
                        games.notify(game_id)
                        return await games._view(row, live, who)
                    # Another process stored this answer or action number first: rebuild.
                    games.cache.pop(game_id, None)
                raise conflict("too many concurrent actions; try again")
        finally:
            if not lock.locked() and not getattr(lock, "_waiters", None):
                games.locks.pop(game_id, None)

    async def end(self, game_id: str) -> Json:
        """The host ends a whole game: the seed is revealed (in the log). Sent again once
        ended (its reply lost), the same reply: the end is idempotent."""
        games = self.games
        lock = games._lock(game_id)
        try:
            async with lock:
                for _ in range(16):
                    row, live = await games.live(game_id)
                    ended = {
                        "game_id": game_id,
                        "ended": True,
                        "seed": row.seed,
                        "commitment": row.commitment,
                    }
                    if live is None or not live.whole_game:
                        raise conflict(
                            'only a game created with "whole_game": true is ended by its host',
                            None if live is None else live.resync(None),
                        )
                    if live.finished:
                        return ended
                    try:
                        record = live.end()
                    except MulliganError as e:
                        raise conflict(str(e), live.resync(None)) from e
                    if await games.store.add_answer(game_id, live.answers, record):
                        games.notify(game_id)
                        return ended
                    games.cache.pop(game_id, None)
                raise conflict("too many concurrent answers; try again")
        finally:
            if not lock.locked() and not getattr(lock, "_waiters", None):
                games.locks.pop(game_id, None)
