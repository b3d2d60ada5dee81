"""Calls and wall-clock time per click of the Tabletop Simulator script against a live server.

    python benches/tts_table.py [--steps 200] [--seats 2] [--lua 5.4] [--seed 1] [--faults 0]

Starts `mulligan serve` (SQLite in a temporary directory, no rate limit, no access log) and
runs tests/tts/play.lua: docs/tabletop_simulator.lua itself, in Debian's lua5.2 or lua5.4 with
the stand-in of TTS's API (tests/tts/tts.lua), plays a whole game of ``--steps`` random steps
with no injected fault (``--faults 0.3``: 30% of requests dropped, duplicated or delayed, to
count the calls that retries and resyncs add). Each click on a player's own zones (Draw, Mill,
Shuffle, Search, a search's destination, Done of a look) and each card dragged (hand to table,
graveyard or exile, back to the hand, onto the library) is timed on the wall clock from the
click or drop to the moment the script has no request left (the reply applied: objects moved
or spawned, the panel redrawn), with the HTTP requests the script sent for it. Reports the
calls per click, p50/p99/max per click, and the machine (CPU model, load average after the
run). The game start (answers, not clicks on one's own zones) and the checks against the
server after each step are not timed. Sends traffic to 127.0.0.1 only and stops by itself.
"""

from __future__ import annotations

import argparse
import collections
import json
import shutil
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benches.load_serve import machine, served, server_arguments  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--steps", type=int, default=200)
    p.add_argument("--seats", type=int, choices=(2, 4), default=2)
    p.add_argument("--lua", choices=("5.2", "5.4"), default="5.4")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument(
        "--faults",
        type=float,
        default=0.0,
        help="share of requests dropped, duplicated or delayed by the stand-in (delays are "
        "virtual time: they add calls, not wall-clock time)",
    )
    server_arguments(p)
    a = p.parse_args()
    lua = shutil.which(f"lua{a.lua}")
    if lua is None:
        raise SystemExit(f"lua{a.lua} is not installed (scripts/system_deps.sh)")
    with served(a, "--no-access-log") as (server, store):
        done = subprocess.run(
            [
                lua,
                str(ROOT / "tests" / "tts" / "play.lua"),
                str(ROOT / "docs" / "tabletop_simulator.lua"),
                server.url,
                f"seats={a.seats}",
                f"steps={a.steps}",
                f"seed={a.seed}",
                f"faults={a.faults}",
                "finish=true",
            ],
            capture_output=True,
            text=True,
            timeout=1800,
        )
    if done.returncode != 0:
        raise SystemExit(done.stderr[-2000:])
    run: dict[str, Any] = json.loads(done.stdout)
    clicks = run["clicks"] if isinstance(run["clicks"], list) else []
    ms = [c["seconds"] * 1000 for c in clicks]
    calls = collections.Counter(c["calls"] for c in clicks)
    mismatches = run["mismatches"] if isinstance(run["mismatches"], list) else []
    report = {
        "lua": run["version"],
        "store": store,
        "seats": a.seats,
        "faults": a.faults,
        "injected": run["injected"],
        "clicks": len(clicks),
        "calls_per_click": dict(sorted(calls.items())),
        "p50_ms": round(statistics.median(ms), 2),
        "p99_ms": round(percentile(ms, 0.99), 2),
        "max_ms": round(max(ms), 2),
        "mismatches": len(mismatches),
        "game_ended": run["ended"],
        **machine(),
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
