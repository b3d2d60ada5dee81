"""Which games changed, told to the streams and long-polls that wait on them (issue 36): a
waiting request wakes only when its game changes, when the server drains, or when its own
keep-alive is due; an idle wait makes no query.

- Within one process, `GameService` calls `ChangeFeed.notify` once it has stored an answer,
  an action or a contribution.
- Across the worker processes of one SQLite file (`watch_sqlite`): one task per process
  checks ``PRAGMA data_version`` (a counter SQLite bumps when another connection commits; no
  table is read) every `SQLITE_POLL` seconds; only when it moved does it read the answers and
  contributions added since (by rowid) and wake their games. All the process's streams share
  that one check.
- Across processes on PostgreSQL (`watch_postgres`): a trigger sends ``NOTIFY mulligan_games``
  with the game id when an answer or a contribution is stored, and one connection per process
  ``LISTEN``\\ s (psycopg 3's ``notifies()``). Should that connection drop, every waiter is woken
  (it re-reads its game once) and the listener reconnects.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from dataclasses import dataclass, field
from typing import Any

__all__ = ["CHANNEL", "SQLITE_POLL", "ChangeFeed", "Slot", "watch_postgres", "watch_sqlite"]

log = logging.getLogger("mulligan.serve")

#: The PostgreSQL notification channel; the payload is the game id.
CHANNEL = "mulligan_games"
#: Seconds between two SQLite change checks (one ``PRAGMA data_version`` per process).
SQLITE_POLL = 0.05

# Installed by `watch_postgres` when missing (under the schema's advisory lock; an existing
# trigger is left alone, so a server starting takes no lock on the tables in use).
PG_FUNCTION = f"""CREATE OR REPLACE FUNCTION mulligan_notify_game() RETURNS trigger AS $$
    BEGIN
        PERFORM pg_notify('{CHANNEL}', NEW.game_id);
        RETURN NULL;
    END $$ LANGUAGE plpgsql"""
PG_TRIGGERS = {
    "mulligan_answer_notify": "answers",
    "mulligan_contribution_notify": "contributions",
}


async def install_pg_triggers(conn: Any) -> None:
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock(7079890312)")
        cur = await conn.execute(
            "SELECT tgname FROM pg_trigger WHERE tgname = ANY(%s)", (list(PG_TRIGGERS),)
        )
        present = {row[0] for row in await cur.fetchall()}
        if len(present) == len(PG_TRIGGERS):
            return
        await conn.execute(PG_FUNCTION)
        for name, table in PG_TRIGGERS.items():
            if name not in present:
                await conn.execute(
                    f"CREATE TRIGGER {name} AFTER INSERT ON {table} "
                    "FOR EACH ROW EXECUTE FUNCTION mulligan_notify_game()"
                )


@dataclass(eq=False)
class Slot:
    """The waiters of one game: `version` counts its changes seen by this process."""

    game_id: str
    version: int = 0
    watchers: int = 0
    futures: list[asyncio.Future[None]] = field(default_factory=list)


def _wake(fut: asyncio.Future[None]) -> None:
    if not fut.done():
        fut.set_result(None)


class ChangeFeed:
    """The games watched in this process. A waiter takes a `Slot` with `watch`, notes its
    `version` before reading the game, and `wait`\\ s for it to move: a change made between
    the read and the wait is not missed."""

    def __init__(self) -> None:
        self.slots: dict[str, Slot] = {}
        self.draining = False

    @property
    def watched(self) -> int:
        return len(self.slots)

    def watch(self, game_id: str) -> Slot:
        slot = self.slots.get(game_id)
        if slot is None:
            slot = self.slots[game_id] = Slot(game_id)
        slot.watchers += 1
        return slot

    def unwatch(self, slot: Slot) -> None:
        slot.watchers -= 1
        if slot.watchers <= 0 and self.slots.get(slot.game_id) is slot:
            del self.slots[slot.game_id]

    def notify(self, game_id: str) -> None:
        slot = self.slots.get(game_id)
        if slot is not None:
            self._bump(slot)

    def notify_all(self) -> None:
        for slot in list(self.slots.values()):
            self._bump(slot)

    def drain(self) -> None:
        """The server stops: every waiter returns now, and no wait waits from now on."""
        self.draining = True
        self.notify_all()

    @staticmethod
    def _bump(slot: Slot) -> None:
        slot.version += 1
        futures, slot.futures = slot.futures, []
        for fut in futures:
            _wake(fut)

    async def wait(self, slot: Slot, seen: int, timeout: float) -> bool:
        """Waits up to `timeout` seconds for `slot`'s game to change after version `seen`
        (or the drain): True when it did, False on the timeout. No query, no timer task:
        one future and one timer handle."""
        if slot.version != seen or self.draining:
            return True
        if timeout <= 0:
            return False
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[None] = loop.create_future()
        slot.futures.append(fut)
        handle = loop.call_later(timeout, _wake, fut)
        try:
            await fut
        finally:
            handle.cancel()
            if fut in slot.futures:
                slot.futures.remove(fut)
        return slot.version != seen or self.draining


async def watch_sqlite(
    db: sqlite3.Connection, feed: ChangeFeed, every: float = SQLITE_POLL
) -> None:
    """Wakes the games other processes changed in the SQLite file `db` (runs until
    cancelled): one ``PRAGMA data_version`` per `every` seconds; the new rows are read only
    after it moved."""

    def last(table: str) -> int:
        return int(db.execute(f"SELECT COALESCE(MAX(rowid), 0) FROM {table}").fetchone()[0])

    marks = {"answers": last("answers"), "contributions": last("contributions")}
    version = db.execute("PRAGMA data_version").fetchone()[0]
    while True:
        await asyncio.sleep(every)
        if not feed.slots:
            continue
        try:
            now = db.execute("PRAGMA data_version").fetchone()[0]
            if now == version:
                continue
            version = now
            for table, mark in marks.items():
                rows = db.execute(
                    f"SELECT rowid, game_id FROM {table} WHERE rowid > ?", (mark,)
                ).fetchall()
                for rowid, game_id in rows:
                    marks[table] = max(marks[table], int(rowid))
                    feed.notify(str(game_id))
        except sqlite3.Error as e:  # a locked or busy file: the next check reads again
            log.warning("change check: %s", e)


async def watch_postgres(url: str, feed: ChangeFeed, ready: asyncio.Event | None = None) -> None:
    """LISTENs on `CHANNEL` and wakes each game named (runs until cancelled); installs the
    trigger that sends the notifications. `ready` is set once listening."""
    import psycopg

    first = True
    while True:
        try:
            conn: Any = await psycopg.AsyncConnection.connect(url, autocommit=True)
            try:
                if first:
                    await install_pg_triggers(conn)
                await conn.execute(f"LISTEN {CHANNEL}")
                if not first:
                    feed.notify_all()  # changes while the connection was down
                first = False
                if ready is not None:
                    ready.set()
                async for note in conn.notifies():
                    feed.notify(note.payload)
            finally:
                await conn.close()
        except asyncio.CancelledError:
            raise
        except Exception as e:  # the database went away: wake everyone, reconnect
            log.warning("LISTEN %s: %s; reconnecting", CHANNEL, e)
            feed.notify_all()
            await asyncio.sleep(1.0)


async def start_watching(store: object, feed: ChangeFeed) -> asyncio.Task[None] | None:
    """The task that wakes `feed` for the other processes' changes to `store` (None for a
    store no other process shares); cancel it at shutdown."""
    from mulligan.serve.store import SqliteStore

    if isinstance(store, SqliteStore):
        return asyncio.ensure_future(watch_sqlite(store.db, feed))
    url = getattr(store, "url", None)
    if isinstance(url, str) and url.startswith(("postgresql://", "postgres://")):
        ready = asyncio.Event()
        task = asyncio.ensure_future(watch_postgres(url, feed, ready))
        try:
            await asyncio.wait_for(ready.wait(), 10.0)
        except asyncio.TimeoutError:
            log.warning("LISTEN %s: not listening yet; streams wake when it is", CHANNEL)
        return task
    return None
