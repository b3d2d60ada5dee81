"""701.24a through the Python API: every order of four cards is equally frequent.

Fixed seeds, so the test never flakes. Threshold by a stated method: family-wise alpha 1e-4
over the 2 tests of this file (Bonferroni), chi-square quantile by Wilson-Hilferty. The heavy
statistical suite (orders of 4, 5 and 6 cards, 60-card positions, 701.24b and 701.24g, and a
biased shuffle that fails it) runs in `cargo test` (rust/core/tests/uniformity.rs).
"""

from __future__ import annotations

import itertools
from collections import Counter
from statistics import NormalDist

import mulligan as m

FAMILY_ALPHA = 1e-4
TESTS = 2


def critical(df: int) -> float:
    z = NormalDist().inv_cdf(1 - FAMILY_ALPHA / TESTS)
    h = 2 / (9 * df)
    return float(df * (1 - h + z * h**0.5) ** 3)


def chi_square(counts: Counter[tuple[str, ...]], cells: int, total: int) -> float:
    """Pearson's statistic; cells never observed count with observed 0."""
    expected = total / cells
    seen = sum((c - expected) ** 2 / expected for c in counts.values())
    return seen + (cells - len(counts)) * expected


def test_701_24a_every_order_of_four_cards_equally_frequent() -> None:
    cards = [m.Card(x) for x in "ABCD"]
    lib = m.Library(cards, seed=m.Seed.from_hex("5a" * 32), stream=11)
    per_cell = 400
    counts: Counter[tuple[str, ...]] = Counter()
    for _ in range(24 * per_cell):
        lib.shuffle()
        counts[tuple(c.name for c in lib.cards)] += 1
    assert set(counts) == set(itertools.permutations("ABCD"))
    stat = chi_square(counts, 24, 24 * per_cell)
    assert stat < critical(23), stat


def test_701_24g_placed_card_fixed_rest_uniform() -> None:
    cards = [m.Card(x) for x in "ABCDE"]
    lib = m.Library(cards, seed=m.Seed.from_hex("a5" * 32))
    runs = 4000
    tops: Counter[tuple[str, ...]] = Counter()
    for _ in range(runs):
        lib.shuffle_in(place=(cards[0], 2))
        assert lib.cards[2] is cards[0]
        tops[(lib.cards[0].name,)] += 1
    assert set(tops) == {("B",), ("C",), ("D",), ("E",)}
    assert chi_square(tops, 4, runs) < critical(3)
