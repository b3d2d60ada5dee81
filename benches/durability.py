"""What SQLite's ``synchronous=FULL`` costs per action against the default ``NORMAL``
(docs/SERVE.md, "Durability"), the load from this second process.

    python benches/durability.py [--actions 300] [--rounds 3]

For each round, starts `mulligan serve --sqlite-synchronous normal` and then ``full`` (one
worker, SQLite on the disk under a temporary directory, which must not be a tmpfs: an fsync
there costs nothing), plays one two-player whole game's start (not timed), then sends
``--actions`` numbered actions one after another on one keep-alive connection, each waiting for
its reply (draw, shuffle, mill and put in turn, alternating the seats): with nothing else in
flight, each request's time is what one action costs, its commit included. Reports each
level's median and p90 per-action time over all rounds (rounds interleave the two levels, so a
change in the machine's load hits both), the CPU, the load average and the file system. Sends
traffic to 127.0.0.1 only and stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benches.load_serve import Connection, machine  # noqa: E402
from benches.load_table import start  # noqa: E402
from tests.serve_util import Server  # noqa: E402

CYCLE = [
    {"action": "draw", "count": 1},
    {"action": "shuffle"},
    {"action": "mill", "count": 1},
    {"action": "counter", "counter": "life", "delta": -1},
]


async def timed(port: int, actions: int) -> list[float]:
    """Milliseconds per action, `actions` sent one after another."""
    c = Connection("127.0.0.1", port)
    game = await start(c)
    gid = game["game_id"]
    n = [1, 1]
    out = []
    for i in range(actions):
        seat = i % 2
        body = {"n": n[seat], **CYCLE[(i // 2) % len(CYCLE)]}
        token = game["seats"][seat]["token"]
        t0 = time.perf_counter()
        status, data = await c.request("POST", f"/games/{gid}/seats/{seat}/actions", body, token)
        out.append((time.perf_counter() - t0) * 1000)
        assert status == 200, data
        n[seat] += 1
    c.close()
    return out


def file_system(path: str) -> str:
    try:
        return (
            subprocess.run(["df", "-T", path], capture_output=True, text=True, check=True)
            .stdout.splitlines()[1]
            .split()[1]
        )
    except (OSError, subprocess.CalledProcessError, IndexError):
        return "?"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--actions", type=int, default=300)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--dir", default=None, help="where the SQLite files go (default: a temp dir)")
    a = p.parse_args()
    times: dict[str, list[float]] = {"normal": [], "full": []}
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(dir=a.dir) as tmp:
        fs = file_system(tmp)
        for r in range(a.rounds):
            for level in ("normal", "full"):
                db = os.path.join(tmp, f"{level}-{r}.sqlite3")
                server = Server(
                    db,
                    None,
                    "--no-access-log",
                    "--games-per-minute",
                    "1000000",
                    "--sqlite-synchronous",
                    level,
                )
                server.start()
                try:
                    times[level] += asyncio.run(timed(server.port, a.actions))
                finally:
                    server.stop()

    def summary(ms: list[float]) -> dict[str, float]:
        ms = sorted(ms)
        return {
            "median_ms": round(statistics.median(ms), 3),
            "p90_ms": round(ms[int(0.9 * (len(ms) - 1))], 3),
            "actions": len(ms),
        }

    result: dict[str, Any] = {level: summary(ms) for level, ms in times.items()}
    result["full_minus_normal_median_ms"] = round(
        result["full"]["median_ms"] - result["normal"]["median_ms"], 3
    )
    result["file_system"] = fs
    result["loadavg_before"] = load_before
    result.update(machine())
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
