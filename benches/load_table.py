"""A bounded load test of a whole game's actions over HTTP, the load from this second process.

    python benches/load_table.py [--games 32] [--actions 200] [--workers 2] [--postgres]

Starts `mulligan serve` (SQLite in a temporary directory, or a throw-away PostgreSQL with
``--postgres``), creates ``--games`` two-player games with ``"whole_game": true`` and plays
their starts (not timed). Then, one client connection per game, all at once, each seat acts
``--actions`` times, numbered, cycling through draw, shuffle, mill, shuffle_in (the graveyard),
put (a card of the hand to the bottom): every request is one action and its reply the seat's
view. It reports actions per second, the p50/p99 latency of the action requests and every
non-2xx reply as an error; then (not timed) the host ends every game, fetches its log and
verifies it, and the median time `mulligan.verify_log` takes for one game's log. Sends
traffic to 127.0.0.1 only and stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import mulligan as m  # noqa: E402
from benches.load_serve import Connection, machine, served, server_arguments  # noqa: E402

DECK = "24 Forest\n36 Grizzly Bears\n"


async def start(c: Connection) -> dict[str, Any]:
    """A whole game whose start is played (every seat keeps)."""
    players = [{"name": "Ann", "deck": DECK}, {"name": "Ben", "deck": DECK}]
    status, data = await c.request(
        "POST", "/games", {"players": players, "starting_player": 0, "whole_game": True}
    )
    assert status == 201, data
    game: dict[str, Any] = json.loads(data)
    for seat in (0, 1):
        token = game["seats"][seat]["token"]
        _, data = await c.request("GET", f"/games/{game['game_id']}/seats/{seat}", token=token)
        for d in json.loads(data)["pending"]:
            body = {"decision": d["id"], "action": "keep"}
            path = f"/games/{game['game_id']}/seats/{seat}/answer"
            status, data = await c.request("POST", path, body, token)
            assert status == 200, data
    return game


def next_action(i: int, view: dict[str, Any]) -> dict[str, Any]:
    """The i-th action of the cycle, from the seat's last view."""
    step = i % 5
    me = view["seats"][view["seat"]]
    if step == 0:
        return {"action": "draw", "count": 1}
    if step == 1:
        return {"action": "shuffle"}
    if step == 2:
        return {"action": "mill", "count": 1}
    if step == 3:
        cards = [c["id"] for c in me.get("graveyard", [])]
        return {"action": "shuffle_in", "cards": cards, "from": "graveyard"}
    if view["hand"]:
        return {"action": "put", "cards": [view["hand"][-1]["id"]], "from": "hand", "to": "bottom"}
    return {"action": "shuffle"}


async def play_game(
    game: dict[str, Any], port: int, actions: int, latencies: list[float], errors: list[str]
) -> None:
    c = Connection("127.0.0.1", port)
    gid = game["game_id"]
    views: dict[int, dict[str, Any]] = {}
    try:
        for seat in (0, 1):
            token = game["seats"][seat]["token"]
            _, data = await c.request("GET", f"/games/{gid}/seats/{seat}", token=token)
            views[seat] = json.loads(data)
        for i in range(actions):
            for seat in (0, 1):
                token = game["seats"][seat]["token"]
                body = {"n": i + 1, **next_action(i, views[seat])}
                t = time.perf_counter()
                status, data = await c.request(
                    "POST", f"/games/{gid}/seats/{seat}/actions", body, token
                )
                latencies.append(time.perf_counter() - t)
                if status != 200:
                    errors.append(f"{body}: {status} {data[:200]!r}")
                    return
                views[seat] = json.loads(data)
    finally:
        c.close()


async def run(port: int, games: int, actions: int) -> dict[str, Any]:
    c = Connection("127.0.0.1", port)
    started = [await start(c) for _ in range(games)]
    latencies: list[float] = []
    errors: list[str] = []
    t0 = time.perf_counter()
    await asyncio.gather(*(play_game(g, port, actions, latencies, errors) for g in started))
    elapsed = time.perf_counter() - t0
    c.close()
    c = Connection("127.0.0.1", port)  # the first one idled past the server's keep-alive
    verified, verify_ms = 0, []
    for g in started:
        await c.request("POST", f"/games/{g['game_id']}/end", {}, g["host_token"])
        status, data = await c.request("GET", f"/games/{g['game_id']}/log", token=g["host_token"])
        records = [json.loads(line) for line in data.decode().splitlines()]
        t = time.perf_counter()
        ok = status == 200 and bool(m.verify_log(records, commitment=g["commitment"]))
        verify_ms.append((time.perf_counter() - t) * 1000)
        verified += ok
    c.close()
    q = statistics.quantiles(latencies, n=100)
    return {
        "games": games,
        "actions_per_seat": actions,
        "actions": len(latencies),
        "seconds": round(elapsed, 2),
        "actions_per_s": round(len(latencies) / elapsed, 1),
        "p50_ms": round(q[49] * 1000, 2),
        "p99_ms": round(q[98] * 1000, 2),
        "errors": len(errors),
        "first_error": errors[0] if errors else None,
        "logs_verified": verified,
        "verify_ms_median": round(statistics.median(verify_ms), 2),
        "actions_per_log": 2 * actions,
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=32)
    p.add_argument("--actions", type=int, default=200, help="actions per seat and game")
    server_arguments(p)
    a = p.parse_args()
    with served(a, "--no-access-log") as (server, store):
        result = asyncio.run(run(server.port, a.games, a.actions))
    result["store"] = store
    result["workers"] = a.workers
    result.update(machine())
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
