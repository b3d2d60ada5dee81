"""London mulligan simulation (24 lands in 60, keep 2-5 in 7, 2-4 in 6, 1-4 in 5, keep 4):
ours (`simulate`, compiled keep rule) against the best numpy version and pure Python; then
scaling with threads and with deck size.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

import mulligan as m

from .conftest import SEED
from .peers import KEEP_AT, RANGES, numpy_london, python_london

GAMES = 2_000_000
RULE = m.KeepRule(RANGES, keep_at=KEEP_AT)


@pytest.mark.benchmark(group="london simulation")
def test_london_mulligan(benchmark, deck60) -> None:
    r = benchmark(m.simulate, deck60, games=GAMES, seed=SEED, keep=RULE, threads=1)
    benchmark.extra_info["games"] = GAMES
    assert r.games == GAMES


@pytest.mark.benchmark(group="london simulation")
def test_london_numpy(benchmark) -> None:
    rng = np.random.default_rng(1)
    r = benchmark(numpy_london, GAMES, 24, 60, rng)
    benchmark.extra_info["games"] = GAMES
    ours = m.simulate(
        m.Deck([m.Card("L", land=True)] * 24 + [m.Card("S")] * 36),
        games=GAMES,
        seed=SEED,
        keep=RULE,
    )
    # Same model, same answer (5 standard errors of a hand-size mean, sd < 1.5).
    assert abs(r["mean_hand_size"] - ours.mean_hand_size) < 5 * 1.5 / GAMES**0.5 * 2


@pytest.mark.benchmark(group="london simulation")
def test_london_python_random(benchmark) -> None:
    games = 20_000
    rng = random.Random(1)
    benchmark(python_london, games, 24, 60, rng)
    benchmark.extra_info["games"] = games


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.benchmark(group="london simulation: threads")
def test_london_threads(benchmark, deck60, threads: int) -> None:
    benchmark(m.simulate, deck60, games=GAMES, seed=SEED, keep=RULE, threads=threads)
    benchmark.extra_info["games"] = GAMES


@pytest.mark.parametrize("size", [40, 60, 100, 250])
@pytest.mark.benchmark(group="london simulation: deck size")
def test_london_deck_size(benchmark, size: int) -> None:
    lands = size * 2 // 5
    deck = m.Deck([m.Card("L", land=True)] * lands + [m.Card("S")] * (size - lands))
    benchmark(m.simulate, deck, games=GAMES // 2, seed=SEED, keep=RULE, threads=1)
    benchmark.extra_info["games"] = GAMES // 2


#: The mulligan variants and table options of issue 13 (docs/VARIANTS.md), one thread, beside
#: LONDON in the same process (`test_london_mulligan`): id -> (games, simulate's options).
VARIANTS: dict[str, tuple[int, dict[str, object]]] = {
    "canadian_highlander": (GAMES // 2, {"mulligan": m.MulliganRule.CANADIAN_HIGHLANDER}),
    "houston": (GAMES // 4, {"mulligan": m.MulliganRule.HOUSTON}),
    "partial_paris": (GAMES // 4, {"mulligan": m.MulliganRule.PARTIAL_PARIS}),
    "partial_paris_excess": (
        GAMES // 4,
        {"mulligan": m.MulliganRule.PARTIAL_PARIS, "exile": "excess"},
    ),
    "land_mulligan": (GAMES // 2, {"land_mulligan": True}),
    "free_mulligans_2": (GAMES // 2, {"free_mulligans": 2}),
    # Each game played as a `Game` (smoothing's path, and every variant's before issue 13's
    # kernels): the yardstick of what the engine saves.
    "smoothing_arena2": (GAMES // 200, {"smoothing": "arena2"}),
}


@pytest.mark.parametrize("variant", list(VARIANTS))
@pytest.mark.benchmark(group="variants simulation")
def test_variant_mulligan(benchmark, deck60, variant: str) -> None:
    games, options = VARIANTS[variant]
    r = benchmark(m.simulate, deck60, games=games, seed=SEED, keep=RULE, threads=1, **options)
    benchmark.extra_info["games"] = games
    assert r.games == games
