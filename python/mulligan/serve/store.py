"""Where games live: their set-up, seed and the append-only log of answers, nothing else.

A game's state is never stored: it is rebuilt by replaying the answers on the set-up and seed
(`engine.LiveGame`). The answers table's primary key ``(game_id, n)`` is what makes exactly
one of two racing answers win: both try to store answer ``n``, the database accepts one.

`SqliteStore` (the default: one file in WAL mode, shared by the worker processes of one
machine) and `postgres.PostgresStore` (several servers on several machines) run the same SQL;
`open_store.open_store` picks one for ``--db``.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from abc import ABC, abstractmethod
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mulligan.serve.auth import invite_matches

__all__ = [
    "CLAIMED",
    "NO_INVITE",
    "WRONG",
    "GameRow",
    "SYNCHRONOUS",
    "InviteRow",
    "KeyRow",
    "RoundRow",
    "SqliteStore",
    "Store",
    "default_db_path",
]

SCHEMA = [
    """CREATE TABLE IF NOT EXISTS games (
        id TEXT PRIMARY KEY,
        created DOUBLE PRECISION NOT NULL,
        setup TEXT NOT NULL,
        seed TEXT NOT NULL,
        commitment TEXT NOT NULL,
        host_hash TEXT NOT NULL,
        seat_hashes TEXT NOT NULL,
        contributors TEXT NOT NULL,
        round_id TEXT
    )""",
    """CREATE TABLE IF NOT EXISTS answers (
        game_id TEXT NOT NULL,
        n INTEGER NOT NULL,
        answer TEXT NOT NULL,
        PRIMARY KEY (game_id, n)
    )""",
    """CREATE TABLE IF NOT EXISTS contributions (
        game_id TEXT NOT NULL,
        seat INTEGER NOT NULL,
        data TEXT NOT NULL,
        PRIMARY KEY (game_id, seat)
    )""",
    # A whole game's numbered actions (serve/table.py): stored with their answer, in one
    # transaction; the key makes a seat's action number taken once.
    """CREATE TABLE IF NOT EXISTS actions (
        game_id TEXT NOT NULL,
        seat INTEGER NOT NULL,
        n INTEGER NOT NULL,
        digest TEXT NOT NULL,
        answer_n INTEGER NOT NULL,
        PRIMARY KEY (game_id, seat, n)
    )""",
    # Each seat's one-time invite (issue 29; auth.new_invite): its hash, the seat's token
    # sealed by it, when it was first claimed, and whether it was opened again after. A new
    # table, so a database of an older version gains it at start-up (CREATE ... IF NOT EXISTS)
    # and its games, which have no invites, are unchanged.
    """CREATE TABLE IF NOT EXISTS invites (
        game_id TEXT NOT NULL,
        seat INTEGER NOT NULL,
        invite_hash TEXT NOT NULL,
        sealed TEXT NOT NULL,
        claimed DOUBLE PRECISION,
        reused INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, seat)
    )""",
    # The rate limits' token buckets, shared by every process of one database (limits.py).
    """CREATE TABLE IF NOT EXISTS rate_buckets (
        bucket TEXT PRIMARY KEY,
        level DOUBLE PRECISION NOT NULL,
        updated DOUBLE PRECISION NOT NULL
    )""",
    # Requests made safe to resend by an Idempotency-Key (issue 35; serve/idempotency.py): the
    # key's hash, the request's fingerprint, and once answered its status and first reply,
    # sealed under a pad only the key derives. A new table: an older database gains it at
    # start-up and is otherwise unchanged.
    """CREATE TABLE IF NOT EXISTS idempotency (
        key_hash TEXT PRIMARY KEY,
        fingerprint TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        status INTEGER,
        sealed TEXT
    )""",
    """CREATE TABLE IF NOT EXISTS rounds (
        id TEXT PRIMARY KEY,
        created DOUBLE PRECISION NOT NULL,
        seed TEXT NOT NULL,
        commitment TEXT NOT NULL,
        host_hash TEXT NOT NULL,
        tables INTEGER
    )""",
    # Retention's bookkeeping (issue 36, retention.py): a game's activity when last swept,
    # when it last moved, and when the game ended. A new table, so a 0.2.0 database gains it
    # at start-up and nothing of its games changes.
    """CREATE TABLE IF NOT EXISTS retention (
        game_id TEXT PRIMARY KEY,
        activity INTEGER NOT NULL,
        seen DOUBLE PRECISION NOT NULL,
        ended DOUBLE PRECISION
    )""",
]

# Takes `n` from a token bucket refilled at `rate` per second up to `capacity`, in one
# statement (SQLite 3.24+ and PostgreSQL): a new bucket starts full; a bucket that cannot give
# `n` is left as it is, and the statement changes no row. Parameters: bucket, capacity - n,
# now, then (rate, capacity, capacity, rate, n) for the new level and (rate, capacity,
# capacity, rate, n) for the condition.
_REFILLED = (
    "(CASE WHEN rate_buckets.level + (CASE WHEN excluded.updated > rate_buckets.updated "
    "THEN excluded.updated - rate_buckets.updated ELSE 0 END) * ? > ? THEN ? ELSE "
    "rate_buckets.level + (CASE WHEN excluded.updated > rate_buckets.updated "
    "THEN excluded.updated - rate_buckets.updated ELSE 0 END) * ? END)"
)
TAKE_RATE = (
    "INSERT INTO rate_buckets (bucket, level, updated) VALUES (?, ?, ?) "
    f"ON CONFLICT (bucket) DO UPDATE SET level = {_REFILLED} - ?, "
    "updated = CASE WHEN excluded.updated > rate_buckets.updated THEN excluded.updated "
    "ELSE rate_buckets.updated END "
    f"WHERE {_REFILLED} >= ?"
)


def take_rate_args(
    bucket: str, n: float, capacity: float, rate: float, now: float
) -> tuple[Any, ...]:
    refill = (rate, capacity, capacity, rate)
    return (bucket, capacity - n, now, *refill, n, *refill, n)


GAME_COLUMNS = (
    "id, created, setup, seed, commitment, host_hash, seat_hashes, contributors, round_id"
)


@dataclass
class GameRow:
    """One stored game: everything needed to rebuild it, and the hashes of its tokens."""

    id: str
    created: float
    setup: dict[str, Any]
    seed: str
    commitment: str
    host_hash: str
    seat_hashes: list[str]
    contributors: list[int]
    round_id: str | None = None

    def values(self) -> tuple[Any, ...]:
        return (
            self.id,
            self.created,
            json.dumps(self.setup, separators=(",", ":")),
            self.seed,
            self.commitment,
            self.host_hash,
            json.dumps(self.seat_hashes),
            json.dumps(self.contributors),
            self.round_id,
        )

    @classmethod
    def from_values(cls, row: tuple[Any, ...]) -> GameRow:
        return cls(
            row[0],
            row[1],
            json.loads(row[2]),
            row[3],
            row[4],
            row[5],
            json.loads(row[6]),
            json.loads(row[7]),
            row[8],
        )


@dataclass
class InviteRow:
    """A seat's invite as stored: the invite's hash and the seat's token sealed by it."""

    game_id: str
    seat: int
    invite_hash: str
    sealed: str

    def values(self) -> tuple[Any, ...]:
        return (self.game_id, self.seat, self.invite_hash, self.sealed)


#: `Store.claim_invite`'s outcomes: the sealed token (claimed now), or why not.
CLAIMED, WRONG, NO_INVITE = "claimed", "wrong", "no_invite"

INSERT_INVITE = "INSERT INTO invites (game_id, seat, invite_hash, sealed) VALUES (?,?,?,?)"


@dataclass
class RoundRow:
    """A round seed, committed when drawn; ``tables`` is None until its tables are created."""

    id: str
    created: float
    seed: str
    commitment: str
    host_hash: str
    tables: int | None = None


@dataclass
class KeyRow:
    """A request's Idempotency-Key as stored: `status` and `sealed` are None while the first
    request with it is in flight."""

    key_hash: str
    fingerprint: str
    created: float
    status: int | None = None
    sealed: str | None = None


#: `Store.claim_key`'s statements: drop the key's row if it expired (or was abandoned in
#: flight), then insert it unless another request holds it. Run in this order.
DROP_KEY = (
    "DELETE FROM idempotency WHERE key_hash=? AND (created<? OR (status IS NULL AND created<?))"
)
INSERT_KEY = (
    "INSERT INTO idempotency (key_hash, fingerprint, created) VALUES (?,?,?) "
    "ON CONFLICT (key_hash) DO NOTHING"
)
SELECT_KEY = (
    "SELECT key_hash, fingerprint, created, status, sealed FROM idempotency WHERE key_hash=?"
)
FINISH_KEY = "UPDATE idempotency SET status=?, sealed=? WHERE key_hash=? AND created=?"
RELEASE_KEY = "DELETE FROM idempotency WHERE key_hash=? AND created=? AND status IS NULL"
PURGE_KEYS = "DELETE FROM idempotency WHERE created<?"


class Store(ABC):
    """The storage interface; every method is a coroutine so a network database never blocks
    the event loop. ``add_*`` return False when the key is taken (another writer won)."""

    async def start(self) -> None:  # noqa: B027 (most stores need nothing here)
        """Opens connections that need the event loop (the PostgreSQL pool)."""

    @abstractmethod
    async def add_games(self, rows: list[GameRow], invites: list[InviteRow] | None = None) -> None:
        """Stores `rows` and their `invites` in one transaction."""

    @abstractmethod
    async def claim_invite(self, game_id: str, seat: int, invite: str) -> str:
        """Claims `seat`'s invite with `invite`: its sealed token the first time; `CLAIMED`
        when it was claimed before (the invite is then marked reused), `WRONG` for another
        invite, `NO_INVITE` when the seat has none."""

    @abstractmethod
    async def invite_reused(self, game_id: str, seat: int) -> bool | None:
        """Whether `seat`'s invite was opened again after its claim (None: no invite)."""

    @abstractmethod
    async def game(self, game_id: str) -> GameRow | None: ...
    @abstractmethod
    async def answers(self, game_id: str, after: int) -> list[dict[str, Any]]: ...
    @abstractmethod
    async def add_answer(self, game_id: str, n: int, answer: dict[str, Any]) -> bool: ...
    @abstractmethod
    async def add_action(
        self, game_id: str, n: int, answer: dict[str, Any], seat: int, number: int, digest: str
    ) -> bool:
        """Stores answer `n` and, with it, action `number` of `seat` (False, storing neither,
        when either is taken)."""

    @abstractmethod
    async def actions(self, game_id: str, after: int) -> list[tuple[int, int, str, int]]:
        """The actions stored with answers after the `after`-th: (seat, number, digest,
        answer number), in answer order."""

    @abstractmethod
    async def take_rate(self, bucket: str, n: float, capacity: float, rate: float) -> float:
        """Takes `n` from the shared token bucket `bucket` (full at `capacity`, refilled at
        `rate` per second): 0 when taken, else the seconds until it could be."""

    @abstractmethod
    async def contributions(self, game_id: str) -> dict[int, str]: ...
    @abstractmethod
    async def add_contribution(self, game_id: str, seat: int, data: str) -> bool: ...
    @abstractmethod
    async def add_round(self, row: RoundRow) -> None: ...
    @abstractmethod
    async def round(self, round_id: str) -> RoundRow | None: ...
    @abstractmethod
    async def claim_round(self, round_id: str, tables: int, games: list[GameRow]) -> bool: ...
    @abstractmethod
    async def round_games(self, round_id: str) -> list[str]: ...
    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    async def run_sql(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """One statement of the stores' shared SQL (``?`` placeholders), autocommitted; its
        rows (none for a statement that returns none). For the operator's tasks
        (retention.py), not the request path."""

    # -- Idempotency-Key (serve/idempotency.py) ---------------------------------------------

    @abstractmethod
    async def claim_key(self, row: KeyRow, expired: float, abandoned: float) -> KeyRow | None:
        """Takes `row`'s key for a request: None when taken now, else the row that holds it.
        A row created before `expired`, or still in flight since before `abandoned`, is
        dropped first; every row created before `expired` is dropped now and then."""

    @abstractmethod
    async def finish_key(self, row: KeyRow, status: int, sealed: str) -> None:
        """Stores the reply of the request that claimed `row`."""

    @abstractmethod
    async def release_key(self, row: KeyRow) -> None:
        """Gives up `row`'s claim (its request failed): the key can be used again."""


def rate_wait(row: Any, n: float, capacity: float, rate: float, now: float) -> float:
    """The seconds until a bucket (its stored level and time) could give `n`."""
    level = capacity if row is None else min(capacity, row[0] + max(0.0, now - row[1]) * rate)
    return max(0.001, (n - level) / rate) if rate > 0 else 60.0


def default_db_path() -> Path:
    """``$XDG_DATA_HOME/mulligan/serve.sqlite3`` (``~/.local/share`` when unset)."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(
        os.path.expanduser("~"), ".local", "share"
    )
    return Path(base) / "mulligan" / "serve.sqlite3"


#: ``PRAGMA synchronous`` levels `SqliteStore` takes (``--sqlite-synchronous``).
SYNCHRONOUS = ("normal", "full")


class SqliteStore(Store):
    """SQLite in WAL mode. Queries are short local calls made on the event loop's thread;
    several worker processes share the file (writers wait up to 10 s for the lock).

    Durability (docs/SERVE.md, "Durability"): ``synchronous="normal"`` (the default) syncs
    the WAL at checkpoints only: a killed process loses nothing committed, a power cut or an
    OS crash may lose the last commits. ``"full"`` syncs the WAL at every commit: nothing
    committed is lost, at a cost per answer measured in benches/RESULTS.md."""

    def __init__(self, path: str | os.PathLike[str], synchronous: str = "normal") -> None:
        if synchronous not in SYNCHRONOUS:
            raise ValueError(f"synchronous: one of {', '.join(SYNCHRONOUS)}, got {synchronous!r}")
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(
            os.fspath(path), isolation_level=None, check_same_thread=False, timeout=10.0
        )
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute(f"PRAGMA synchronous={synchronous.upper()}")
        self.synchronous = synchronous
        for statement in SCHEMA:
            self.db.execute(statement)

    async def add_games(self, rows: list[GameRow], invites: list[InviteRow] | None = None) -> None:
        with self.db:
            self.db.execute("BEGIN")
            self.db.executemany(
                f"INSERT INTO games ({GAME_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?)",
                [r.values() for r in rows],
            )
            self.db.executemany(INSERT_INVITE, [i.values() for i in invites or []])

    async def claim_invite(self, game_id: str, seat: int, invite: str) -> str:
        row = self.db.execute(
            "SELECT invite_hash, sealed FROM invites WHERE game_id=? AND seat=?", (game_id, seat)
        ).fetchone()
        if row is None:
            return NO_INVITE
        if not invite_matches(invite, row[0]):
            return WRONG
        claimed = self.db.execute(
            "UPDATE invites SET claimed=? WHERE game_id=? AND seat=? AND claimed IS NULL",
            (time.time(), game_id, seat),
        ).rowcount
        if claimed == 1:
            return str(row[1])
        self.db.execute("UPDATE invites SET reused=1 WHERE game_id=? AND seat=?", (game_id, seat))
        return CLAIMED

    async def invite_reused(self, game_id: str, seat: int) -> bool | None:
        row = self.db.execute(
            "SELECT reused FROM invites WHERE game_id=? AND seat=?", (game_id, seat)
        ).fetchone()
        return None if row is None else bool(row[0])

    async def game(self, game_id: str) -> GameRow | None:
        row = self.db.execute(f"SELECT {GAME_COLUMNS} FROM games WHERE id=?", (game_id,)).fetchone()
        return None if row is None else GameRow.from_values(row)

    async def answers(self, game_id: str, after: int) -> list[dict[str, Any]]:
        rows = self.db.execute(
            "SELECT answer FROM answers WHERE game_id=? AND n>? ORDER BY n", (game_id, after)
        ).fetchall()
        return [json.loads(r[0]) for r in rows]

    async def add_answer(self, game_id: str, n: int, answer: dict[str, Any]) -> bool:
        try:
            self.db.execute(
                "INSERT INTO answers (game_id, n, answer) VALUES (?,?,?)",
                (game_id, n, json.dumps(answer, separators=(",", ":"))),
            )
        except sqlite3.IntegrityError:
            return False
        return True

    async def add_action(
        self, game_id: str, n: int, answer: dict[str, Any], seat: int, number: int, digest: str
    ) -> bool:
        try:
            with self.db:
                self.db.execute("BEGIN")
                self.db.execute(
                    "INSERT INTO answers (game_id, n, answer) VALUES (?,?,?)",
                    (game_id, n, json.dumps(answer, separators=(",", ":"))),
                )
                self.db.execute(
                    "INSERT INTO actions (game_id, seat, n, digest, answer_n) VALUES (?,?,?,?,?)",
                    (game_id, seat, number, digest, n),
                )
        except sqlite3.IntegrityError:
            return False
        return True

    async def actions(self, game_id: str, after: int) -> list[tuple[int, int, str, int]]:
        rows = self.db.execute(
            "SELECT seat, n, digest, answer_n FROM actions WHERE game_id=? AND answer_n>? "
            "ORDER BY answer_n",
            (game_id, after),
        ).fetchall()
        return [(int(s), int(n), str(d), int(a)) for s, n, d, a in rows]

    async def take_rate(self, bucket: str, n: float, capacity: float, rate: float) -> float:
        if n > capacity:
            return 60.0
        now = time.time()
        taken = self.db.execute(TAKE_RATE, take_rate_args(bucket, n, capacity, rate, now))
        if taken.rowcount == 1:
            return 0.0
        row = self.db.execute(
            "SELECT level, updated FROM rate_buckets WHERE bucket=?", (bucket,)
        ).fetchone()
        return rate_wait(row, n, capacity, rate, now)

    async def contributions(self, game_id: str) -> dict[int, str]:
        rows = self.db.execute(
            "SELECT seat, data FROM contributions WHERE game_id=?", (game_id,)
        ).fetchall()
        return {int(s): d for s, d in rows}

    async def add_contribution(self, game_id: str, seat: int, data: str) -> bool:
        try:
            self.db.execute(
                "INSERT INTO contributions (game_id, seat, data) VALUES (?,?,?)",
                (game_id, seat, data),
            )
        except sqlite3.IntegrityError:
            return False
        return True

    async def add_round(self, row: RoundRow) -> None:
        self.db.execute(
            "INSERT INTO rounds (id, created, seed, commitment, host_hash, tables) "
            "VALUES (?,?,?,?,?,?)",
            (row.id, row.created, row.seed, row.commitment, row.host_hash, row.tables),
        )

    async def round(self, round_id: str) -> RoundRow | None:
        row = self.db.execute(
            "SELECT id, created, seed, commitment, host_hash, tables FROM rounds WHERE id=?",
            (round_id,),
        ).fetchone()
        return None if row is None else RoundRow(*row)

    async def claim_round(self, round_id: str, tables: int, games: list[GameRow]) -> bool:
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            claimed = self.db.execute(
                "UPDATE rounds SET tables=? WHERE id=? AND tables IS NULL", (tables, round_id)
            ).rowcount
            if claimed != 1:
                return False
            self.db.executemany(
                f"INSERT INTO games ({GAME_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?)",
                [r.values() for r in games],
            )
        return True

    async def round_games(self, round_id: str) -> list[str]:
        rows = self.db.execute(
            "SELECT id, setup FROM games WHERE round_id=?", (round_id,)
        ).fetchall()
        order = sorted((json.loads(s)["table"], i) for i, s in rows)
        return [i for _, i in order]

    async def claim_key(self, row: KeyRow, expired: float, abandoned: float) -> KeyRow | None:
        if int(row.created) % 64 == 0:
            self.db.execute(PURGE_KEYS, (expired,))
        self.db.execute(DROP_KEY, (row.key_hash, expired, abandoned))
        if self.db.execute(INSERT_KEY, (row.key_hash, row.fingerprint, row.created)).rowcount:
            return None
        held = self.db.execute(SELECT_KEY, (row.key_hash,)).fetchone()
        return KeyRow(*held) if held is not None else await self.claim_key(row, expired, abandoned)

    async def finish_key(self, row: KeyRow, status: int, sealed: str) -> None:
        self.db.execute(FINISH_KEY, (status, sealed, row.key_hash, row.created))

    async def release_key(self, row: KeyRow) -> None:
        self.db.execute(RELEASE_KEY, (row.key_hash, row.created))

    async def close(self) -> None:
        self.db.close()

    async def run_sql(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        return [tuple(r) for r in self.db.execute(sql, args).fetchall()]
