"""The PostgreSQL store (``--db postgresql://...``, psycopg 3): the same tables and SQL as
SQLite, so several `mulligan serve` processes on several machines can share one database.
The answers' primary key ``(game_id, n)`` decides races between servers as it does between
the workers of one machine.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

import psycopg
from psycopg import errors

from mulligan.serve.auth import invite_matches
from mulligan.serve.store import (
    CLAIMED,
    DROP_KEY,
    FINISH_KEY,
    GAME_COLUMNS,
    INSERT_INVITE,
    INSERT_KEY,
    NO_INVITE,
    PURGE_KEYS,
    RELEASE_KEY,
    SCHEMA,
    SELECT_KEY,
    TAKE_RATE,
    WRONG,
    GameRow,
    InviteRow,
    KeyRow,
    RoundRow,
    Store,
    rate_wait,
    take_rate_args,
)

__all__ = ["PostgresStore"]


class PostgresStore(Store):
    """A small pool of autocommit connections opened on the event loop."""

    def __init__(self, url: str, size: int = 4) -> None:
        self.url = url
        self.size = size
        self.pool: asyncio.Queue[psycopg.AsyncConnection[Any]] | None = None
        self.conns: list[psycopg.AsyncConnection[Any]] = []

    async def start(self) -> None:
        self.pool = asyncio.Queue()
        for _ in range(self.size):
            conn = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
            self.conns.append(conn)
            self.pool.put_nowait(conn)
        async with self._conn() as conn:
            # One server at a time creates the tables (two starting together would race).
            async with conn.transaction():
                await conn.execute("SELECT pg_advisory_xact_lock(7079890312)")
                for statement in SCHEMA:
                    await conn.execute(statement)

    @asynccontextmanager
    async def _conn(self) -> AsyncIterator[psycopg.AsyncConnection[Any]]:
        assert self.pool is not None, "PostgresStore.start() first"
        conn = await self.pool.get()
        try:
            if conn.closed:
                conn = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
            yield conn
        finally:
            self.pool.put_nowait(conn)

    async def _all(self, sql: str, args: Sequence[Any]) -> list[tuple[Any, ...]]:
        async with self._conn() as conn:
            cur = await conn.execute(sql.replace("?", "%s"), args)
            return await cur.fetchall()

    async def _insert(self, sql: str, args: Sequence[Any]) -> bool:
        async with self._conn() as conn:
            try:
                await conn.execute(sql.replace("?", "%s"), args)
            except errors.UniqueViolation:
                return False
        return True

    async def add_games(self, rows: list[GameRow], invites: list[InviteRow] | None = None) -> None:
        async with self._conn() as conn, conn.transaction(), conn.cursor() as cur:
            await cur.executemany(
                f"INSERT INTO games ({GAME_COLUMNS}) VALUES (%s,%s,%s,%s,%s,%s,%s,%s,%s)",
                [r.values() for r in rows],
            )
            if invites:
                await cur.executemany(
                    INSERT_INVITE.replace("?", "%s"), [i.values() for i in invites]
                )

    async def claim_invite(self, game_id: str, seat: int, invite: str) -> str:
        rows = await self._all(
            "SELECT invite_hash, sealed FROM invites WHERE game_id=? AND seat=?", (game_id, seat)
        )
        if not rows:
            return NO_INVITE
        if not invite_matches(invite, rows[0][0]):
            return WRONG
        async with self._conn() as conn:
            cur = await conn.execute(
                "UPDATE invites SET claimed=%s WHERE game_id=%s AND seat=%s AND claimed IS NULL",
                (time.time(), game_id, seat),
            )
            if cur.rowcount == 1:
                return str(rows[0][1])
            await conn.execute(
                "UPDATE invites SET reused=1 WHERE game_id=%s AND seat=%s", (game_id, seat)
            )
        return CLAIMED

    async def invite_reused(self, game_id: str, seat: int) -> bool | None:
        rows = await self._all(
            "SELECT reused FROM invites WHERE game_id=? AND seat=?", (game_id, seat)
        )
        return bool(rows[0][0]) if rows else None

    async def game(self, game_id: str) -> GameRow | None:
        rows = await self._all(f"SELECT {GAME_COLUMNS} FROM games WHERE id=?", (game_id,))
        return GameRow.from_values(rows[0]) if rows else None

    async def answers(self, game_id: str, after: int) -> list[dict[str, Any]]:
        rows = await self._all(
            "SELECT answer FROM answers WHERE game_id=? AND n>? ORDER BY n", (game_id, after)
        )
        return [json.loads(r[0]) for r in rows]

    async def add_answer(self, game_id: str, n: int, answer: dict[str, Any]) -> bool:
        return await self._insert(
            "INSERT INTO answers (game_id, n, answer) VALUES (?,?,?)",
            (game_id, n, json.dumps(answer, separators=(",", ":"))),
        )

    async def add_action(
        self, game_id: str, n: int, answer: dict[str, Any], seat: int, number: int, digest: str
    ) -> bool:
        # One statement, so one round trip and one transaction (autocommit): both rows or,
        # when either key is taken, neither.
        async with self._conn() as conn:
            try:
                await conn.execute(
                    "WITH a AS (INSERT INTO answers (game_id, n, answer) VALUES (%s,%s,%s) "
                    "RETURNING game_id) "
                    "INSERT INTO actions (game_id, seat, n, digest, answer_n) "
                    "SELECT game_id, %s, %s, %s, %s FROM a",
                    (game_id, n, json.dumps(answer, separators=(",", ":")), seat, number, digest)
                    + (n,),
                )
            except errors.UniqueViolation:
                return False
        return True

    async def actions(self, game_id: str, after: int) -> list[tuple[int, int, str, int]]:
        rows = await self._all(
            "SELECT seat, n, digest, answer_n FROM actions WHERE game_id=? AND answer_n>? "
            "ORDER BY answer_n",
            (game_id, after),
        )
        return [(int(s), int(n), str(d), int(a)) for s, n, d, a in rows]

    async def take_rate(self, bucket: str, n: float, capacity: float, rate: float) -> float:
        if n > capacity:
            return 60.0
        now = time.time()
        async with self._conn() as conn:
            cur = await conn.execute(
                TAKE_RATE.replace("?", "%s"), take_rate_args(bucket, n, capacity, rate, now)
            )
            if cur.rowcount == 1:
                return 0.0
            cur = await conn.execute(
                "SELECT level, updated FROM rate_buckets WHERE bucket=%s", (bucket,)
            )
            row = await cur.fetchone()
        return rate_wait(row, n, capacity, rate, now)

    async def contributions(self, game_id: str) -> dict[int, str]:
        rows = await self._all("SELECT seat, data FROM contributions WHERE game_id=?", (game_id,))
        return {int(s): d for s, d in rows}

    async def add_contribution(self, game_id: str, seat: int, data: str) -> bool:
        return await self._insert(
            "INSERT INTO contributions (game_id, seat, data) VALUES (?,?,?)",
            (game_id, seat, data),
        )

    async def add_round(self, row: RoundRow) -> None:
        await self._insert(
            "INSERT INTO rounds (id, created, seed, commitment, host_hash, tables) "
            "VALUES (?,?,?,?,?,?)",
            (row.id, row.created, row.seed, row.commitment, row.host_hash, row.tables),
        )

    async def round(self, round_id: str) -> RoundRow | None:
        rows = await self._all(
            "SELECT id, created, seed, commitment, host_hash, tables FROM rounds WHERE id=?",
            (round_id,),
        )
        return RoundRow(*rows[0]) if rows else None

    async def claim_round(self, round_id: str, tables: int, games: list[GameRow]) -> bool:
        async with self._conn() as conn, conn.transaction(), conn.cursor() as cur:
            await cur.execute(
                "UPDATE rounds SET tables=%s WHERE id=%s AND tables IS NULL", (tables, round_id)
            )
            if cur.rowcount != 1:
                return False
            await cur.executemany(
                f"INSERT INTO games ({GAME_COLUMNS}) VALUES (%s,%s,%s,%s,%s,%s,%s,%s,%s)",
                [r.values() for r in games],
            )
        return True

    async def round_games(self, round_id: str) -> list[str]:
        rows = await self._all("SELECT id, setup FROM games WHERE round_id=?", (round_id,))
        return [i for _, i in sorted((json.loads(s)["table"], i) for i, s in rows)]

    async def run_sql(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        async with self._conn() as conn:
            cur = await conn.execute(sql.replace("?", "%s"), args)
            return await cur.fetchall() if cur.description is not None else []

    async def claim_key(self, row: KeyRow, expired: float, abandoned: float) -> KeyRow | None:
        async with self._conn() as conn:
            if int(row.created) % 64 == 0:
                await conn.execute(PURGE_KEYS.replace("?", "%s"), (expired,))
            await conn.execute(DROP_KEY.replace("?", "%s"), (row.key_hash, expired, abandoned))
            cur = await conn.execute(
                INSERT_KEY.replace("?", "%s"), (row.key_hash, row.fingerprint, row.created)
            )
            if cur.rowcount == 1:
                return None
            cur = await conn.execute(SELECT_KEY.replace("?", "%s"), (row.key_hash,))
            held = await cur.fetchone()
        return KeyRow(*held) if held is not None else await self.claim_key(row, expired, abandoned)

    async def finish_key(self, row: KeyRow, status: int, sealed: str) -> None:
        async with self._conn() as conn:
            await conn.execute(
                FINISH_KEY.replace("?", "%s"), (status, sealed, row.key_hash, row.created)
            )

    async def release_key(self, row: KeyRow) -> None:
        async with self._conn() as conn:
            await conn.execute(RELEASE_KEY.replace("?", "%s"), (row.key_hash, row.created))

    async def close(self) -> None:
        for conn in self.conns:
            await conn.close()
