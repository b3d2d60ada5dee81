"""mulligan against mtgoncurve's engine `landlord` 0.1.1 (MIT): the same deck and questions
(for each card, the chance of enough lands by its turn, of the mana to cast it on curve, and
of the mana and the card), under landlord's London keep rule, side by side; per-game time on
one thread each. Needs the `bench-peers` build:

    MATURIN_PEP517_ARGS="--features bench-peers" pip install -e .
    python benches/landlord.py          # prints a Markdown section for RESULTS.md

Both sides run in Rust behind the same bindings (`mulligan._core._peers`): landlord's own
`Hand::from_mulligan` and `Simulation` observations (its `SmallRng` seeded here), and
mulligan's analysis simulation (`analysis::simulation::Plan`, the engine's ChaCha12 shuffles)
with landlord's rule as a keep policy (`rust/python/src/peers_landlord.rs` says how that rule
reads in landlord's source). Each figure is the median of `ROUNDS` calls; the ratio is the
peer's median per-game time over mulligan's, both measured in this one process.
"""

from __future__ import annotations

import os
import platform
import statistics
import sys
from pathlib import Path
from typing import Any

import mulligan as m

#: A 60-card Izzet deck: basic lands and shock lands only (landlord counts every land
#: untapped, mulligan a shock land untapped too: the same model), no hybrid, split or
#: zero-cost cards, every card in both engines' card data.
DECK = """\
10 Mountain
8 Island
4 Steam Vents
4 Lightning Bolt
4 Opt
4 Counterspell
4 Lightning Strike
4 Izzet Charm
4 Electrolyze
4 Fact or Fiction
4 Cryptic Command
4 Mana Leak
2 Snapcaster Mage
"""

NAMES = [
    "Lightning Bolt",
    "Opt",
    "Counterspell",
    "Lightning Strike",
    "Izzet Charm",
    "Electrolyze",
    "Fact or Fiction",
    "Cryptic Command",
    "Mana Leak",
    "Snapcaster Mage",
]

#: landlord's London rule as mtgoncurve passes it: mulligan 7-card draws with 0, 1, 6 or 7
#: lands, down to 5 cards.
DOWN_TO = 5
MULLIGAN_ON = [0, 1, 6, 7]
ROUNDS = 5


def peers() -> Any | None:
    from mulligan import _core

    p = getattr(_core, "_peers", None)
    return p if p is not None and hasattr(p, "landlord_on_curve") else None


def run_both(games: int, on_the_play: bool, seed: int) -> tuple[list[Any], float, list[Any], float]:
    """(mulligan's counts, its seconds, landlord's counts, its seconds)."""
    p = peers()
    assert p is not None, "built without bench-peers"
    deck = m.Deck.parse(DECK)
    rule = (on_the_play, DOWN_TO, MULLIGAN_ON)
    ours, t_ours = p.mulligan_on_curve(deck, NAMES, games, rule, bytes([seed % 256]) * 32)
    theirs, t_theirs = p.landlord_on_curve(DECK, NAMES, games, rule, seed)
    return ours, t_ours, theirs, t_theirs


def cpu_model() -> str:
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            return line.split(":", 1)[1].strip()
    return platform.processor() or "unknown"


def main() -> int:
    if peers() is None:
        print("built without bench-peers: nothing to compare", file=sys.stderr)
        return 1
    games = int(os.environ.get("LANDLORD_GAMES", "200000"))
    load_before = os.getloadavg()
    ours_t, theirs_t = [], []
    first: tuple[list[Any], list[Any]] | None = None
    for r in range(ROUNDS):
        ours, t1, theirs, t2 = run_both(games, True, 1000 + r)
        ours_t.append(t1 / games)
        theirs_t.append(t2 / games)
        first = first or (ours, theirs)
    load_after = os.getloadavg()
    assert first is not None
    ours, theirs = first
    med_ours, med_theirs = statistics.median(ours_t), statistics.median(theirs_t)
    print("## On curve: mulligan vs landlord (mtgoncurve's engine), one thread\n")
    print(
        f"{cpu_model()}, load average {load_before[0]:.2f} before, {load_after[0]:.2f} after; "
        f"{games:,} games a call, median of {ROUNDS} calls; on the play; landlord's London "
        f"rule (mulligan 7-card draws with {MULLIGAN_ON} lands, down to {DOWN_TO}). "
        "Command: `python benches/landlord.py`.\n"
    )
    print("| per game | median | mulligan is … × faster |")
    print("| --- | ---: | ---: |")
    ours_row = "mulligan (analysis simulation, landlord's rule as a policy)"
    print(f"| {ours_row} | {med_ours * 1e9:.0f} ns | — |")
    print(
        f"| landlord 0.1.1 (`Hand::from_mulligan` + observations) | {med_theirs * 1e9:.0f} ns "
        f"| {med_theirs / med_ours:.1f} |"
    )
    print("\n| card | mulligan: lands / mana / mana and card | landlord: the same |")
    print("| --- | --- | --- |")
    for (name, n1, e1, c1, b1), (_, n2, e2, c2, b2) in zip(ours, theirs, strict=True):
        a = " / ".join(f"{100 * x / n1:.2f}%" for x in (e1, c1, b1))
        b = " / ".join(f"{100 * x / n2:.2f}%" for x in (e2, c2, b2))
        print(f"| {name} | {a} | {b} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
