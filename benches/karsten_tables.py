"""mulligan's exact sources tables against Frank Karsten's method run as he runs it
(`HowManySources2022Update.py`, github.com/frankkarsten/MTG-Math, CPython), in one run.

His script is not part of this repository: pass its path (download it from his repository).
This script reads it, runs its definitions (`run_one_sim` and its helpers, unchanged) and not
its main loop, and times `run_one_sim` on a sample of his cells with `GAMES` games each (the
first source count, the middle and the last of each deck size, at turns 2, 4 and 7). His
per-cell cost is that time per game times his 5,000,000 games a cell; his whole table is the
sum over his 2,100 cells (four deck sizes, 21 costs, his rows of source counts), each cell's
cost taken from the sampled cell of its deck size and turn nearest it. mulligan's figure is the
median of `ROUNDS` calls computing the exact tables of the same four deck sizes with
`karsten=True` (turns 1 to 7: 28 costs, every source count from 0 to the land count), one
thread.

    python benches/karsten_tables.py /path/to/HowManySources2022Update.py
"""

from __future__ import annotations

import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import mulligan as m

#: His deck sizes and land counts, and his rows of source counts (`nr_good_lands`).
DECKS = {40: 17, 60: 25, 80: 35, 99: 41}
ROWS = {40: range(3, 18), 60: range(6, 31), 80: range(8, 36), 99: range(10, 42)}
#: His games per cell.
HIS_GAMES = 5_000_000
GAMES = int(os.environ.get("KARSTEN_GAMES", "2000"))
ROUNDS = 7
SAMPLE_TURNS = (2, 4, 7)


def cpu_model() -> str:
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            return line.split(":", 1)[1].strip()
    return platform.processor() or "unknown"


def his_functions(path: str) -> dict[str, Any]:
    """His script's definitions, without its main loop (from `num_simulations =` on) and
    without its output file."""
    text = Path(path).read_text()
    head = text.split("\nnum_simulations =", 1)[0]
    head = head.replace("OF = open('OutputFile.txt', 'w')", "OF = None")
    namespace: dict[str, Any] = {"__name__": "karsten"}
    exec(compile(head, path, "exec"), namespace)  # noqa: S102 - the user's copy of his script
    assert "run_one_sim" in namespace, f"{path}: no run_one_sim"
    return namespace


def his_seconds_per_game(ns: dict[str, Any], deck: int, turn: int, good: int) -> float:
    """His `run_one_sim` for one cell (two coloured symbols), `GAMES` times: seconds per
    game."""
    lands = DECKS[deck]
    ns["deck_size"] = deck
    ns["turn_allowed"] = turn
    ns["good_lands_needed"] = 2
    ns["decklist"] = {
        "Spell": deck - lands,
        "Good Land": good,
        "Other Land": lands - good,
    }
    run = ns["run_one_sim"]
    start = time.perf_counter()
    for _ in range(GAMES):
        run()
    return (time.perf_counter() - start) / GAMES


def ours_seconds() -> float:
    start = time.perf_counter()
    for deck, lands in DECKS.items():
        m.sources(cards=deck, lands=lands, karsten=True, exact=True, turns=7, threads=1)
    return time.perf_counter() - start


def main(argv: list[str]) -> int:
    if len(argv) != 1 or not Path(argv[0]).is_file():
        print(__doc__, file=sys.stderr)
        return 2
    ns = his_functions(argv[0])
    random.seed(2022)
    load_before = os.getloadavg()
    ours = [ours_seconds() for _ in range(ROUNDS)]
    per_game: dict[tuple[int, int], list[float]] = {}
    for deck in DECKS:
        rows = ROWS[deck]
        for turn in SAMPLE_TURNS:
            for good in (rows[0], rows[len(rows) // 2], min(rows[-1], DECKS[deck])):
                per_game.setdefault((deck, turn), []).append(
                    his_seconds_per_game(ns, deck, turn, good)
                )
    ours += [ours_seconds() for _ in range(ROUNDS)]
    load_after = os.getloadavg()
    his_total = 0.0
    cells = 0
    for deck in DECKS:
        for turn in range(2, 8):
            nearest = min(SAMPLE_TURNS, key=lambda t: abs(t - turn))
            cost = statistics.median(per_game[(deck, nearest)]) * HIS_GAMES
            costs_this_turn = len(range(1, min(5, turn + 1)))
            his_total += cost * costs_this_turn * len(ROWS[deck])
            cells += costs_this_turn * len(ROWS[deck])
    med_ours = statistics.median(ours)
    print("## Sources tables: exact against Karsten's method as he runs it\n")
    print(
        f"{cpu_model()}, load average {load_before[0]:.2f} before, {load_after[0]:.2f} after; "
        f"Python {platform.python_version()}; his `run_one_sim` timed on {GAMES:,} games for "
        f"each of {len(SAMPLE_TURNS) * 3} cells per deck size (median per deck size and turn); "
        f"mulligan: median of {2 * ROUNDS} calls (half before his runs, half after), one "
        "thread. Command: `python benches/karsten_tables.py HowManySources2022Update.py`.\n"
    )
    print("| deck | his seconds per game, turn 2 / 4 / 7 | his cost per cell at 5M games |")
    print("| --- | --- | ---: |")
    for deck in DECKS:
        secs = [statistics.median(per_game[(deck, t)]) for t in SAMPLE_TURNS]
        shown = " / ".join(f"{s * 1e6:.1f} µs" for s in secs)
        print(f"| {deck} cards, {DECKS[deck]} lands | {shown} | {secs[1] * HIS_GAMES:,.0f} s |")
    print()
    print("| the four tables (40, 60, 80, 99 cards) | time |")
    print("| --- | ---: |")
    print(
        f"| his method, {cells:,} cells x 5M games (extrapolated) | {his_total:,.0f} s "
        f"({his_total / 3600:,.1f} h) |"
    )
    print(
        f"| mulligan `sources(karsten=True, exact=True)`, 4 x 28 costs, every source count | "
        f"{med_ours * 1e3:.1f} ms |"
    )
    print(f"\nRatio: {his_total / med_ours:,.0f}x.")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
