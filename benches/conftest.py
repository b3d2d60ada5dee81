"""Shared set-up for the benchmarks (run them with `python benches/run.py`)."""

from __future__ import annotations

import pytest

import mulligan as m

SEED = m.Seed.from_hex("b3" * 32)


@pytest.fixture(scope="session")
def deck60() -> m.Deck:
    return m.Deck([m.Card("Land", land=True)] * 24 + [m.Card("Spell")] * 36)
