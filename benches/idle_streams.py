"""What idle event streams cost `mulligan serve`: N open SSE streams on one server process, the
load from this second process.

    python benches/idle_streams.py [--streams 1000] [--idle 30] [--server-python PYTHON]
    python benches/idle_streams.py --cross-process [--samples 200]

Starts one ``mulligan serve`` process (SQLite in a temporary directory, one worker), creates
games (ten streams a game: the host's, each seat's, and more of the host's), opens ``--streams``
``text/event-stream`` requests and then, while nobody acts, reports:

- ``idle_cpu_pct``: the server's CPU (user + system, from ``/proc/<pid>/stat``) over ``--idle``
  seconds with nothing but the open streams, keep-alive comments included, as a percentage
  of one core;
- ``open_s``: the time to open every stream (until each has its response headers);
- ``probe_p50_ms`` / ``probe_p99_ms``: then, for half as long, a host view
  (``GET /games/{id}``) ten times a second on its own connection, the streams still open
  (``cpu_with_probes_pct``: the server's CPU meanwhile).

``--cross-process`` measures instead, on a throw-away PostgreSQL with two server processes,
how long an answer made on one takes to reach a stream held by the other (p50/p99 from the
answer's send to the event's arrival). ``--server-python`` runs the server with another
interpreter (the ``mulligan`` installed there: a "before" figure). Both processes raise their
open-files limit to the hard limit. Traffic on 127.0.0.1 only; stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benches.load_serve import DECK, Connection, machine  # noqa: E402
from tests.pg_util import Postgres  # noqa: E402
from tests.process_util import kill_group, popen  # noqa: E402
from tests.serve_util import free_port  # noqa: E402

STREAMS_PER_GAME = 10


def raise_open_files(pid: int | None = None) -> int:
    """Raises the open-files soft limit of `pid` (None: this process) to its hard limit."""
    if pid is None:
        _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        return hard
    _, hard = resource.prlimit(pid, resource.RLIMIT_NOFILE)
    resource.prlimit(pid, resource.RLIMIT_NOFILE, (hard, hard))
    return hard


@contextmanager
def server(db: str, python: str = sys.executable, *flags: str) -> Iterator[tuple[int, int]]:
    """One `mulligan serve` process on loopback: yields (port, pid); stopped afterwards."""
    port = free_port()
    cmd = [python, "-m", "mulligan", "serve", "--port", str(port), "--db", db]
    cmd += ["--no-access-log", "--games-per-minute", "10000000", *flags]
    with tempfile.TemporaryFile() as err:
        proc = popen(cmd, stdout=subprocess.DEVNULL, stderr=err)
        try:
            raise_open_files(proc.pid)
            deadline = time.monotonic() + 60
            while True:
                if proc.poll() is not None:
                    err.seek(0)
                    raise RuntimeError(f"server exited: {err.read()[-2000:]!r}")
                if time.monotonic() > deadline:
                    raise RuntimeError("server did not start in 60 s")
                try:
                    status, _ = asyncio.run(
                        Connection("127.0.0.1", port).request("GET", "/healthz")
                    )
                    if status == 200:
                        break
                except OSError:
                    time.sleep(0.1)
            yield port, proc.pid
        finally:
            kill_group(proc.pid)
            proc.wait()


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of `pid` so far (``/proc/<pid>/stat`` fields 14 and 15)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def new_game(c: Connection, headers: dict[str, str] | None = None) -> dict[str, Any]:
    players = [{"name": "Ann", "deck": DECK}, {"name": "Ben", "deck": DECK}]
    status, data = await c.request("POST", "/games", {"players": players})
    if status != 201:
        raise RuntimeError(f"POST /games: {status} {data[:200]!r}")
    game: dict[str, Any] = json.loads(data)
    return game


class Stream:
    """One open SSE request; `opened` once its headers came, `events` counts ``event: game``."""

    def __init__(self) -> None:
        self.writer: asyncio.StreamWriter | None = None
        self.events = 0
        self.arrived = asyncio.Event()

    async def open(self, port: int, game_id: str, token: str, after: int = 0) -> None:
        reader, self.writer = await asyncio.open_connection("127.0.0.1", port)
        self.writer.write(
            f"GET /games/{game_id}/events?after={after} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            f"Accept: text/event-stream\r\nAuthorization: Bearer {token}\r\n\r\n".encode()
        )
        status = await reader.readline()
        if b" 200 " not in status:
            raise RuntimeError(f"stream: {status!r}")
        while (await reader.readline()) not in (b"\r\n", b""):
            pass
        self.reader = reader

    async def follow(self) -> None:
        """Counts the stream's events until it ends (chunked framing is skipped over: each
        ``event: game`` line is counted wherever it is)."""
        while True:
            line = await self.reader.readline()
            if not line:
                return
            if line.startswith(b"event: game"):
                self.events += 1
                self.arrived.set()

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


async def idle(
    port: int, pid: int, streams: int, seconds: float, open_limit: float = 600.0
) -> dict[str, Any]:
    c = Connection("127.0.0.1", port)
    games = [await new_game(c) for _ in range(max(1, -(-streams // STREAMS_PER_GAME)))]
    c.close()
    opened: list[Stream] = []
    gate = asyncio.Semaphore(200)

    async def open_one(i: int) -> None:
        g = games[i // STREAMS_PER_GAME]
        k = i % STREAMS_PER_GAME
        token = g["seats"][k]["token"] if k < len(g["seats"]) else g["host_token"]
        s = Stream()
        async with gate:
            await s.open(port, g["game_id"], token)
        opened.append(s)

    t0 = time.perf_counter()
    opening = asyncio.gather(*(open_one(i) for i in range(streams)))
    try:
        await asyncio.wait_for(asyncio.shield(opening), open_limit)
    except asyncio.TimeoutError:  # a server that cannot open them all: measure those open
        opening.cancel()
        await asyncio.gather(opening, return_exceptions=True)
    open_s = time.perf_counter() - t0
    await asyncio.sleep(1.0)
    # The idle cost alone: nothing but the open streams (and their keep-alives).
    cpu0, wall0 = cpu_seconds(pid), time.monotonic()
    await asyncio.sleep(seconds)
    idle_cpu = (cpu_seconds(pid) - cpu0) / (time.monotonic() - wall0)
    # Then a host view ten times a second, timed, the streams still open.
    probe = Connection("127.0.0.1", port)
    latencies: list[float] = []
    cpu0, wall0 = cpu_seconds(pid), time.monotonic()
    g = games[0]
    while time.monotonic() - wall0 < max(seconds / 2, 1.0):
        t = time.perf_counter()
        status, _ = await probe.request("GET", f"/games/{g['game_id']}", token=g["host_token"])
        latencies.append(time.perf_counter() - t)
        if status != 200:
            raise RuntimeError(f"probe: {status}")
        await asyncio.sleep(0.1)
    probe_cpu = (cpu_seconds(pid) - cpu0) / (time.monotonic() - wall0)
    probe.close()
    for s in opened:
        s.close()
    # A saturated server may answer one probe in the window: its time is then both figures.
    q = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else latencies * 99
    return {
        "streams": streams,
        "opened": len(opened),
        "idle_s": seconds,
        "idle_cpu_pct": round(100 * idle_cpu, 2),
        "cpu_with_probes_pct": round(100 * probe_cpu, 2),
        "open_s": round(open_s, 2),
        "probe_p50_ms": round(q[49] * 1000, 2),
        "probe_p99_ms": round(q[98] * 1000, 2),
        "probes": len(latencies),
    }


async def cross_process(port_a: int, port_b: int, samples: int) -> dict[str, Any]:
    """Answers on server A, each timed until the host's stream on server B shows its event."""
    a = Connection("127.0.0.1", port_a)
    lags: list[float] = []
    while len(lags) < samples:
        g = await new_game(a)
        stream = Stream()
        await stream.open(port_b, g["game_id"], g["host_token"])
        follower = asyncio.ensure_future(stream.follow())
        while len(lags) < samples:
            seen = stream.events
            acted = False
            for seat in (0, 1):
                token = g["seats"][seat]["token"]
                status, data = await a.request(
                    "GET", f"/games/{g['game_id']}/seats/{seat}", None, token
                )
                pending = json.loads(data)["pending"]
                if not pending:
                    continue
                d = pending[0]
                body: dict[str, Any] = {"decision": d["id"], "action": "keep"}
                if d["kind"] == "choose_starting_player":
                    body = {"decision": d["id"], "action": "choose_starting_player"}
                    body["starting_seat"] = d["options"][0]
                stream.arrived.clear()
                t = time.perf_counter()
                status, data = await a.request(
                    "POST", f"/games/{g['game_id']}/seats/{seat}/answer", body, token
                )
                if status != 200:
                    raise RuntimeError(f"answer: {status} {data[:200]!r}")
                while stream.events == seen:
                    await asyncio.wait_for(stream.arrived.wait(), 10)
                    stream.arrived.clear()
                lags.append(time.perf_counter() - t)
                acted = True
                break
            if not acted:
                break
        follower.cancel()
        stream.close()
    a.close()
    q = statistics.quantiles(lags, n=100)
    return {
        "samples": len(lags),
        "cross_p50_ms": round(q[49] * 1000, 2),
        "cross_p99_ms": round(q[98] * 1000, 2),
    }


def run_idle(
    streams: int, seconds: float, python: str = sys.executable, open_limit: float = 600.0
) -> dict[str, Any]:
    raise_open_files()
    with tempfile.TemporaryDirectory() as tmp, server(f"{tmp}/idle.sqlite3", python) as (port, pid):
        return asyncio.run(idle(port, pid, streams, seconds, open_limit))


def run_cross_process(samples: int, python: str = sys.executable) -> dict[str, Any]:
    pg = Postgres().start()
    try:
        with server(pg.url, python) as (a, _), server(pg.url, python) as (b, _):
            return asyncio.run(cross_process(a, b, samples))
    finally:
        pg.stop()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--streams", type=int, default=1000)
    p.add_argument("--idle", type=float, default=30.0, help="seconds of idle measured")
    p.add_argument("--server-python", default=sys.executable)
    p.add_argument(
        "--open-limit", type=float, default=600.0, help="seconds to open the streams at most"
    )
    p.add_argument("--cross-process", action="store_true")
    p.add_argument("--samples", type=int, default=200)
    a = p.parse_args()
    if a.cross_process:
        result = run_cross_process(a.samples, a.server_python)
    else:
        result = run_idle(a.streams, a.idle, a.server_python, a.open_limit)
    result.update(machine())
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
