"""mulligan's on-curve figures equal mtgoncurve's engine `landlord` 0.1.1 within their
intervals, on the same deck and question under landlord's London rule (benches/landlord.py).
Needs the `bench-peers` build (MATURIN_PEP517_ARGS="--features bench-peers" pip install -e .);
skipped without it."""

from __future__ import annotations

from statistics import NormalDist

import pytest

from benches import landlord

pytestmark = pytest.mark.skipif(
    landlord.peers() is None,
    reason="built without the bench-peers feature (landlord is a benchmark peer)",
)

#: Family-wise alpha, split over every figure compared (Bonferroni).
ALPHA = 1e-4


def test_on_curve_figures_equal_landlords_within_the_intervals() -> None:
    games = 60_000
    family = len(landlord.NAMES) * 3 * 2
    z = NormalDist().inv_cdf(1 - ALPHA / family / 2)
    for on_the_play, seed in [(True, 11), (False, 12)]:
        ours, _, theirs, _ = landlord.run_both(games, on_the_play, seed)
        for (name, n1, *a), (name2, n2, *b) in zip(ours, theirs, strict=True):
            assert name == name2
            for what, x1, x2 in zip(("lands", "mana", "mana and card"), a, b, strict=True):
                p1, p2 = x1 / n1, x2 / n2
                pooled = (x1 + x2) / (n1 + n2)
                se = (pooled * (1 - pooled) * (1 / n1 + 1 / n2)) ** 0.5
                assert abs(p1 - p2) <= z * se + 1e-12, (
                    f"{name} {what} on the {'play' if on_the_play else 'draw'}: "
                    f"mulligan {p1:.4f}, landlord {p2:.4f}"
                )


def test_the_comparison_can_fail() -> None:
    """The same check tells a different rule apart: no mulligan against landlord's London."""
    p = landlord.peers()
    assert p is not None
    import mulligan as m

    deck = m.Deck.parse(landlord.DECK)
    names = landlord.NAMES
    games = 60_000
    never = p.mulligan_on_curve(deck, names, games, (True, 7, []), bytes([5]) * 32)[0]
    theirs = p.landlord_on_curve(landlord.DECK, names, games, (True, 5, [0, 1, 6, 7]), 5)[0]
    gaps = [abs(a[2] / a[1] - b[2] / b[1]) for a, b in zip(never, theirs, strict=True)]
    assert max(gaps) > 0.02
