"""One 60-card shuffle from Python, and bulk shuffles, side by side with peers.

Group "single": one shuffle of a 60-card library per call (ours returns its 701.24 event).
Group "bulk": 100,000 shuffles of 60 cards per call (ours: `bulk.shuffles`, one thread, with a
new result array each call as the peers, and into a reused one with `out=`).
"""

from __future__ import annotations

import random

import numpy as np
import pytest

import mulligan as m

from .conftest import SEED
from .peers import numpy_shuffles, rust_rand_peers, system_random

BULK = 100_000


@pytest.mark.benchmark(group="single 60-card shuffle")
def test_single_mulligan(benchmark, deck60) -> None:
    lib = m.Library(deck60.cards, seed=SEED)
    events = benchmark(lib.shuffle)
    assert events[0]["type"] == "shuffle"


@pytest.mark.benchmark(group="single 60-card shuffle")
def test_single_python_random(benchmark) -> None:
    cards = list(range(60))
    rng = random.Random(1)
    benchmark(rng.shuffle, cards)


@pytest.mark.benchmark(group="single 60-card shuffle")
def test_single_secrets_system_random(benchmark) -> None:
    cards = list(range(60))
    rng = system_random()
    benchmark(rng.shuffle, cards)


@pytest.mark.benchmark(group="single 60-card shuffle")
def test_single_numpy(benchmark) -> None:
    cards = np.arange(60)
    rng = np.random.default_rng(1)
    benchmark(rng.shuffle, cards)


@pytest.mark.benchmark(group="single 60-card shuffle")
def test_single_rust_rand(benchmark) -> None:
    peers = rust_rand_peers()
    if peers is None:
        pytest.skip("built without the bench-peers feature")
    shuffler = peers.RandShuffler(60, 1)
    benchmark(shuffler.shuffle)


@pytest.mark.benchmark(group="bulk 60-card shuffles")
def test_bulk_mulligan(benchmark) -> None:
    out = benchmark(m.bulk.shuffles, 60, BULK, SEED, threads=1)
    assert out.shape == (BULK, 60)


@pytest.mark.benchmark(group="bulk 60-card shuffles")
def test_bulk_mulligan_out(benchmark) -> None:
    """The same, filling one array again and again (`out=`): no page faults of fresh memory."""
    buf = np.empty((BULK, 60), dtype=np.uint32)
    out = benchmark(m.bulk.shuffles, 60, BULK, SEED, threads=1, out=buf)
    assert out is buf


@pytest.mark.benchmark(group="bulk 60-card shuffles")
def test_bulk_numpy(benchmark) -> None:
    rng = np.random.default_rng(1)
    out = benchmark(numpy_shuffles, BULK, 60, rng)
    assert out.shape == (BULK, 60)


@pytest.mark.benchmark(group="bulk 60-card shuffles")
def test_bulk_rust_rand(benchmark) -> None:
    peers = rust_rand_peers()
    if peers is None:
        pytest.skip("built without the bench-peers feature")
    out = benchmark(peers.rand_shuffles, 60, BULK, 1)
    assert out.shape == (BULK, 60)


@pytest.mark.parametrize("size", [40, 60, 100, 250])
@pytest.mark.benchmark(group="bulk shuffle vs deck size")
def test_bulk_deck_size(benchmark, size: int) -> None:
    out = benchmark(m.bulk.shuffles, size, BULK // 4, SEED, threads=1)
    assert out.shape == (BULK // 4, size)
