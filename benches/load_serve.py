"""A bounded load test of `mulligan serve` on loopback, the load from this second process.

    python benches/load_serve.py [--games 3000] [--concurrency 32] [--workers 2] [--postgres]
                                 [--access-log]

Starts `mulligan serve` (SQLite in a temporary directory unless ``--db`` names a PostgreSQL
URL), then plays ``--games`` complete two-player game starts, ``--concurrency`` at a time:
``POST /games``, then for each seat its view and its answer (keep), five requests a game. It
reports complete game starts per second, requests per second and the p50/p99 latency of the
requests, counts every non-2xx reply as an error, and afterwards fetches every game's log and
verifies it (not timed). The server runs with ``--no-access-log`` unless ``--access-log``
(its one line per request, written to a file, is then part of what is measured). Sends traffic
to 127.0.0.1 only and stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import mulligan as m  # noqa: E402
from tests.pg_util import Postgres  # noqa: E402
from tests.serve_util import Server  # noqa: E402

DECK = "24 Forest\n36 Grizzly Bears\n"


class Connection:
    """A minimal HTTP/1.1 keep-alive client (the load generator must cost less than the
    server: a general client library spends more per request than the service does)."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(
        self, method: str, path: str, body: Any = None, token: str | None = None
    ) -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        data = b"" if body is None else json.dumps(body).encode()
        head = f"{method} {path} HTTP/1.1\r\nHost: {self.host}\r\nContent-Length: {len(data)}\r\n"
        if body is not None:
            head += "Content-Type: application/json\r\n"
        if token is not None:
            head += f"Authorization: Bearer {token}\r\n"
        self.writer.write(head.encode() + b"\r\n" + data)
        status_line = await self.reader.readline()
        status = int(status_line.split()[1])
        length = 0
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.partition(b":")
            if name.lower() == b"content-length":
                length = int(value)
        return status, await self.reader.readexactly(length)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


async def one_game(c: Connection, latencies: list[float], errors: list[str]) -> Any:
    async def req(method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        t = time.perf_counter()
        status, data = await c.request(method, path, body, token)
        latencies.append(time.perf_counter() - t)
        if status >= 300:
            errors.append(f"{method} {path}: {status} {data[:200]!r}")
            return None
        return json.loads(data)

    players = [{"name": "Ann", "deck": DECK}, {"name": "Ben", "deck": DECK}]
    game = await req("POST", "/games", {"players": players, "starting_player": 0})
    if game is None:
        return None
    gid = game["game_id"]
    for seat in (0, 1):
        token = game["seats"][seat]["token"]
        view = await req("GET", f"/games/{gid}/seats/{seat}", token=token)
        if view is None:
            return None
        for d in view["pending"]:
            body = {"decision": d["id"], "action": "keep"}
            if await req("POST", f"/games/{gid}/seats/{seat}/answer", body, token) is None:
                return None
    return game


async def run(port: int, games: int, concurrency: int) -> dict[str, Any]:
    latencies: list[float] = []
    errors: list[str] = []
    finished: list[Any] = []
    queue = iter(range(games))

    async def worker() -> None:
        c = Connection("127.0.0.1", port)
        try:
            for _ in queue:
                g = await one_game(c, latencies, errors)
                if g is not None:
                    finished.append(g)
        finally:
            c.close()

    t0 = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(concurrency)))
    elapsed = time.perf_counter() - t0
    verified = 0
    c = Connection("127.0.0.1", port)
    for g in finished:
        status, data = await c.request("GET", f"/games/{g['game_id']}/log", token=g["host_token"])
        records = [json.loads(line) for line in data.decode().splitlines()]
        verified += status == 200 and bool(m.verify_log(records, commitment=g["commitment"]))
    c.close()
    q = statistics.quantiles(latencies, n=100)
    return {
        "games": games,
        "complete": len(finished),
        "seconds": round(elapsed, 2),
        "games_per_s": round(len(finished) / elapsed, 1),
        "requests_per_s": round(len(latencies) / elapsed, 1),
        "p50_ms": round(q[49] * 1000, 2),
        "p99_ms": round(q[98] * 1000, 2),
        "errors": len(errors),
        "first_error": errors[0] if errors else None,
        "logs_verified": verified,
    }


def server_arguments(p: argparse.ArgumentParser) -> None:
    """The options of a load run's server: its processes and its store."""
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--db", default=None, help="postgresql:// URL (default: a new SQLite file)")
    p.add_argument(
        "--postgres", action="store_true", help="start a throw-away PostgreSQL (initdb) and use it"
    )


@contextmanager
def served(a: argparse.Namespace, *flags: str) -> Iterator[tuple[Server, str]]:
    """`mulligan serve` on loopback for a load run (`server_arguments`: on ``--db``, on a
    throw-away PostgreSQL with ``--postgres``, else on SQLite in a temporary directory), with
    no rate limit and `flags`; stopped afterwards, the PostgreSQL with it. Yields the server and
    the store's name."""
    pg = Postgres().start() if a.postgres else None
    db = pg.url if pg is not None else a.db
    try:
        with tempfile.TemporaryDirectory() as tmp:
            server = Server(
                db or os.path.join(tmp, "load.sqlite3"),
                None,
                "--workers",
                str(a.workers),
                "--games-per-minute",
                "10000000",
                *flags,
            )
            server.start()
            try:
                yield server, "postgresql" if db else "sqlite"
            finally:
                server.stop()
    finally:
        if pg is not None:
            pg.stop()


def machine() -> dict[str, Any]:
    """What a load figure is read with: the load average after the run and the CPU model."""
    with open("/proc/cpuinfo") as f:
        cpu = next(
            (line.split(":", 1)[1].strip() for line in f if line.startswith("model name")), ""
        )
    return {"loadavg_after": os.getloadavg(), "cpu": cpu}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=3000)
    p.add_argument("--concurrency", type=int, default=32)
    server_arguments(p)
    p.add_argument("--access-log", action="store_true", help="keep the server's line per request")
    a = p.parse_args()
    log = () if a.access_log else ("--no-access-log",)
    with served(a, *log) as (server, store):
        result = asyncio.run(run(server.port, a.games, a.concurrency))
    result["store"] = store
    result["workers"] = a.workers
    result["concurrency"] = a.concurrency
    result["access_log"] = a.access_log
    result.update(machine())
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
