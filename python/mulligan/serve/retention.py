"""Retention (issue 36; docs/SERVE.md "Operating a public server"), off unless the operator
turns it on with ``--end-untouched-days N`` and/or ``--delete-ended-days M``.

A sweep (`Retention.sweep`; the server runs one every `SWEEP_EVERY` seconds) keeps, per game,
a row of table ``retention`` (store.py's schema): the game's activity (its stored answers and
contributions, counted) when last swept, when that count last moved (``seen``), and when the
game ended (``ended``: written when a game finishes, `mark_ended`, else by the first sweep
that finds it finished). The answer path writes nothing more: a game is "touched" when its
count moved between two sweeps, so "untouched for N days" is exact to one sweep. A game first
seen by a sweep counts as touched at its creation if it has no answer yet, else at that sweep
(a database from before retention loses no game at its first sweep).

- A game untouched for N days is ended as if its host had ended it: a whole game past its
  start gets the host's end (its seed is revealed, its log complete and verifiable). A game
  whose start never finished (rule 103 still pending; the rules have no end there) is not
  changed but marked ended, abandoned: its seed stays secret and its log is never published.
  Should anyone answer it later, it counts as touched and is no longer ended.
- A game ended (by its host, its last decision, or the sweep) M days ago is deleted with its
  answers, actions, contributions and invites. A round keeps its own row: its seed, its
  commitment and its table count, so ``GET /rounds/{id}`` still answers; it lists only the
  games still stored, and once each of them is done its seed is revealed as before, from
  which every deleted table's seed and chooser can still be recomputed.

Times come from `clock` (``time.time`` unless a test gives its own).
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass
from typing import Any, Callable

from mulligan.serve.errors import ApiError
from mulligan.serve.games import GameService
from mulligan.serve.table import TableService

__all__ = ["DAY", "SWEEP_EVERY", "Retention", "RetentionPolicy"]

log = logging.getLogger("mulligan.serve")

DAY = 86_400.0
#: Seconds between two sweeps of a running server.
SWEEP_EVERY = 3_600.0

_GAMES = (
    "SELECT g.id, g.created, "
    "(SELECT COALESCE(MAX(a.n), 0) FROM answers a WHERE a.game_id = g.id) + "
    "(SELECT COUNT(*) FROM contributions c WHERE c.game_id = g.id), "
    "r.activity, r.seen, r.ended "
    "FROM games g LEFT JOIN retention r ON r.game_id = g.id"
)
_UPSERT = (
    "INSERT INTO retention (game_id, activity, seen, ended) VALUES (?,?,?,?) "
    "ON CONFLICT (game_id) DO UPDATE SET activity = excluded.activity, seen = excluded.seen, "
    "ended = excluded.ended"
)
_MARK_ENDED = (
    "INSERT INTO retention (game_id, activity, seen, ended) VALUES (?,-1,?,?) "
    "ON CONFLICT (game_id) DO UPDATE SET ended = COALESCE(retention.ended, excluded.ended)"
)
#: The tables a deleted game leaves, its row in ``games`` last.
_GAME_TABLES = (
    ("answers", "game_id"),
    ("actions", "game_id"),
    ("contributions", "game_id"),
    ("invites", "game_id"),
    ("retention", "game_id"),
    ("games", "id"),
)


@dataclass(frozen=True)
class RetentionPolicy:
    """``--end-untouched-days`` and ``--delete-ended-days`` (None: that half is off)."""

    end_untouched_days: float | None = None
    delete_ended_days: float | None = None

    def __post_init__(self) -> None:
        for name, days in (
            ("end_untouched_days", self.end_untouched_days),
            ("delete_ended_days", self.delete_ended_days),
        ):
            if days is not None and not days > 0:
                raise ValueError(f"{name}: a positive number of days, got {days!r}")

    @property
    def on(self) -> bool:
        return self.end_untouched_days is not None or self.delete_ended_days is not None


class Retention:
    def __init__(
        self,
        games: GameService,
        policy: RetentionPolicy,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.games = games
        self.table = TableService(games)
        self.policy = policy
        self.clock = clock

    async def _sql(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        return await self.games.store.run_sql(sql, args)

    async def sweep(self) -> dict[str, int]:
        """One pass over every game: how many were ended and how many deleted."""
        now = self.clock()
        ended = deleted = 0
        for game_id, created, activity, was, seen, ended_at in await self._sql(_GAMES):
            activity = int(activity)
            before = (was, seen, ended_at)
            if was is None or int(was) != activity:
                # Touched since the last sweep (or first seen; `mark_ended` writes -1).
                seen = created if was is None and activity == 0 else now
                if await self._finished(game_id):
                    ended_at = ended_at if ended_at is not None else now
                else:
                    ended_at = None  # an abandoned game answered again: in play
            untouched = self.policy.end_untouched_days
            if ended_at is None and untouched is not None and now - seen >= untouched * DAY:
                await self._end(game_id)
                ended_at = now
                ended += 1
                # The host's end is an answer: counted now, so it is not a touch next time.
                activity = await self._activity(game_id)
            delete = self.policy.delete_ended_days
            if ended_at is not None and delete is not None and now - ended_at >= delete * DAY:
                await self._delete(game_id)
                deleted += 1
                continue
            if (activity, seen, ended_at) != before:
                await self._sql(_UPSERT, (game_id, activity, seen, ended_at))
        if ended or deleted:
            log.info("retention: %d untouched game(s) ended, %d deleted", ended, deleted)
        return {"ended": ended, "deleted": deleted}

    async def mark_ended(self, game_id: str) -> None:
        """Records that the game just finished (`GameService.on_finished`); the sweep keeps
        the first time recorded."""
        now = self.clock()
        try:
            await self._sql(_MARK_ENDED, (game_id, now, now))
        except Exception as e:  # the next sweep records it
            log.warning("retention: end of game %s not recorded: %s", game_id, e)

    async def _activity(self, game_id: str) -> int:
        rows = await self._sql(
            "SELECT (SELECT COALESCE(MAX(n), 0) FROM answers WHERE game_id = ?) + "
            "(SELECT COUNT(*) FROM contributions WHERE game_id = ?)",
            (game_id, game_id),
        )
        return int(rows[0][0])

    async def _finished(self, game_id: str) -> bool:
        """Whether the game is over: from this process's cache when it holds the game, else
        replayed here without filling the cache (a first sweep reads every stored game)."""
        await asyncio.sleep(0)  # a long sweep lets the requests in between
        if game_id in self.games.cache:
            _, live = await self.games.live(game_id)
        else:
            row = await self.games.store.game(game_id)
            live = await self.games.build(row) if row is not None else None
            if live is not None:
                live.replay(await self.games.store.answers(game_id, 0))
        return live is not None and live.finished

    async def _end(self, game_id: str) -> None:
        """As the host's end (a whole game past its start); else the game stays as it is."""
        _, live = await self.games.live(game_id)
        if live is not None and live.whole_game and live.done:
            try:
                await self.table.end(game_id)
            except ApiError as e:  # raced with a player: the next sweep sees the touch
                log.info("retention: game %s not ended: %s", game_id, e.message)

    async def _delete(self, game_id: str) -> None:
        for table, column in _GAME_TABLES:
            await self._sql(f"DELETE FROM {table} WHERE {column} = ?", (game_id,))
        self.games.cache.pop(game_id, None)
        self.games.has_invites.pop(game_id, None)

    async def run(self, every: float = SWEEP_EVERY) -> None:
        """Sweeps every `every` seconds until cancelled (a failed sweep is logged). Of the
        processes sharing a database, the one that takes the store's shared ``retention``
        bucket sweeps; the others skip that turn."""
        while True:
            try:
                # The bucket refills within `every`: one sweep per interval over all processes.
                if await self.games.store.take_rate("retention", 1, 1, 1.1 / every) == 0:
                    await self.sweep()
            except asyncio.CancelledError:
                raise
            except Exception as e:
                log.warning("retention sweep failed: %s: %s", type(e).__name__, e)
            await asyncio.sleep(every)
