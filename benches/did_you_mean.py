"""The cost of "did you mean" from Python, as wall and CPU time (`time.process_time`, so the
figures hold up on a shared machine): a 100-card deck with 10 mistyped names read against the
built-in card table (about 34,000 cards) beside the same deck spelled right, and the first
suggestion of a fresh table (which indexes its names). The same deck as
rust/core/benches/names.rs (criterion). Not run by run.py; benches/RESULTS.md, "Did you mean".

    python benches/did_you_mean.py [--rounds 200]
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time
import warnings

import mulligan as m

CARDS = [
    (8, "Mountain", "Mountian"),
    (10, "Forest", "Forrest"),
    (4, "Lightning Bolt", "Lightnig Bolt"),
    (4, "Llanowar Elves", "Llanowar Elfs"),
    (4, "Sacred Foundry", "Sacred Fundry"),
    (4, "Stomping Ground", "Stomping Grond"),
    (4, "Goblin Guide", "Gobiln Guide"),
    (4, "Monastery Swiftspear", "Monastary Swiftspear"),
    (4, "Bonecrusher Giant", "Bonecrusher Gaint"),
    (4, "Tarmogoyf", "Tarmagoyf"),
    *[
        (2, n, n)
        for n in [
            "Arid Mesa", "Wooded Foothills", "Windswept Heath", "Bloodstained Mire",
            "Inspiring Vantage", "Sunbaked Canyon", "Ragavan, Nimble Pilferer", "Guide of Souls",
            "Ocelot Pride", "Galvanic Discharge", "Static Prison", "Phlage, Titan of Fire's Fury",
            "Path to Exile", "Swords to Plowshares", "Eidolon of the Great Revel",
            "Skewer the Critics", "Lava Spike", "Rift Bolt", "Boros Charm", "Lightning Helix",
        ]
    ],
    *[
        (1, n, n)
        for n in [
            "Wrenn and Six", "Fire // Ice", "Sol Ring", "Birds of Paradise", "Noble Hierarch",
            "Scavenging Ooze", "Knight of Autumn", "Qasali Pridemage", "Kitchen Finks",
            "Thrun, Breaker of Silence",
        ]
    ],
]  # fmt: skip


def deck(typos: bool) -> str:
    assert sum(n for n, _, _ in CARDS) == 100
    return "".join(f"{n} {wrong if typos else right}\n" for n, right, wrong in CARDS)


def timed(f) -> tuple[float, float]:
    """Wall and CPU milliseconds of one call."""
    w, c = time.perf_counter(), time.process_time()
    f()
    return (time.perf_counter() - w) * 1e3, (time.process_time() - c) * 1e3


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=200)
    rounds = ap.parse_args().rounds
    warnings.simplefilter("ignore", m.DeckWarning)
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, "
          f"load {os.getloadavg()[0]:.1f} at the start")  # fmt: skip
    table = m.CardTable.embedded()
    right, wrong = deck(False), deck(True)
    assert len(m.Deck.parse(wrong, cards=table).unknown) == 10
    fresh = [m.CardTable.from_text(table.to_text()) for _ in range(5)]
    first = [timed(lambda t=t: t.suggest("Lightnig Bolt")) for t in fresh]
    print(
        "first suggestion of a fresh table (indexes its names): "
        f"median {statistics.median(w for w, _ in first):.1f} ms wall, "
        f"{statistics.median(c for _, c in first):.1f} ms CPU (5 tables)"
    )
    for name, text in (("no typo", right), ("10 typos", wrong)):
        runs = [timed(lambda text=text: m.Deck.parse(text, cards=table)) for _ in range(rounds)]
        print(
            f"Deck.parse, 100 cards, {name}: median {statistics.median(w for w, _ in runs):.2f} "
            f"ms wall, {statistics.median(c for _, c in runs):.2f} ms CPU ({rounds} rounds)"
        )
    print(f"load {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
