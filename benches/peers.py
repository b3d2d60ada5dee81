"""Peers for the benchmarks, written as a user would write them.

- pure Python with `random` (and `secrets.SystemRandom`, the CSPRNG a careful user would pick);
- the best vectorised numpy version we could write: land counts of a 7-card draw are
  hypergeometric, so `Generator.hypergeometric` draws a whole round of hands at once, and
  London's bottom step is a closed-form function of (lands drawn, cards to bottom);
- `rand` 0.9's shuffle through the bindings (`mulligan._core._peers`, present when built with
  the `bench-peers` feature).
"""

from __future__ import annotations

import random
import secrets
from typing import Any

import numpy as np

RANGES = {7: (2, 5), 6: (2, 4), 5: (1, 4)}
KEEP_AT = 4


def rust_rand_peers() -> Any | None:
    """`mulligan._core._peers` when the bench build has it, else None."""
    from mulligan import _core

    return getattr(_core, "_peers", None)


def python_shuffle(cards: list[int], rng: random.Random) -> None:
    rng.shuffle(cards)


def system_random() -> random.Random:
    return secrets.SystemRandom()


def balance_keep_lands(lands: int, hand: int, bottom: int) -> int:
    """Lands kept when `bottom` of `hand` cards go to the bottom, by the "balance" strategy of
    `KeepRule` (keep the land count closest to the middle of the range for the kept size,
    ties to more lands; the deck's land share when no range covers it)."""
    keep = hand - bottom
    spells = hand - lands
    lo, hi = RANGES.get(keep, (None, None))
    target = (lo + hi) / 2 if lo is not None and hi is not None else 0.4 * keep
    best = None
    for kept_lands in range(max(0, keep - spells), min(lands, keep) + 1):
        key = (abs(kept_lands - target), -kept_lands)
        if best is None or key < best[0]:
            best = (key, kept_lands)
    return best[1] if best else 0


def keeps(size: int, lands: int) -> bool:
    if size <= KEEP_AT:
        return True
    lo, hi = RANGES.get(size, (0, size))
    return lo <= lands <= hi


def python_london(
    n_games: int, deck_lands: int, deck_size: int, rng: random.Random
) -> dict[str, Any]:
    """London mulligans game by game: shuffle-free `random.sample` of 7 cards per draw."""
    deck = [True] * deck_lands + [False] * (deck_size - deck_lands)
    kept: dict[int, int] = {}
    total = 0
    for _ in range(n_games):
        counted = 0
        while True:
            lands = sum(rng.sample(deck, 7))
            kept_lands = balance_keep_lands(lands, 7, counted) if counted else lands
            size = 7 - counted
            if counted == 7 or keeps(size, kept_lands):
                kept[size] = kept.get(size, 0) + 1
                total += size
                break
            counted += 1
    return {"games": n_games, "kept_by_size": kept, "mean_hand_size": total / n_games}


def numpy_london(
    n_games: int, deck_lands: int, deck_size: int, rng: np.random.Generator
) -> dict[str, Any]:
    """London mulligans for all games at once, one vectorised round per mulligan depth."""
    table = np.array(
        [[balance_keep_lands(lands, 7, b) for b in range(8)] for lands in range(8)], dtype=np.int64
    )
    keep_table = np.array([[keeps(s, k) for k in range(8)] for s in range(8)], dtype=bool)
    active = np.arange(n_games)
    kept = np.zeros(8, dtype=np.int64)
    for counted in range(8):
        lands = rng.hypergeometric(deck_lands, deck_size - deck_lands, 7, size=active.size)
        kept_lands = table[lands, counted]
        size = 7 - counted
        ok = keep_table[size, kept_lands] | (counted == 7)
        kept[size] += int(ok.sum())
        active = active[~ok]
        if active.size == 0:
            break
    total = int((kept * np.arange(8)).sum())
    return {
        "games": n_games,
        "kept_by_size": {s: int(n) for s, n in enumerate(kept) if n},
        "mean_hand_size": total / n_games,
    }


def numpy_shuffles(count: int, n: int, rng: np.random.Generator) -> np.ndarray:
    """`count` permutations of `n` cards, vectorised (`Generator.permuted` along rows)."""
    return rng.permuted(np.broadcast_to(np.arange(n, dtype=np.uint32), (count, n)), axis=1)
