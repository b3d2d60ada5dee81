"""`simulate(..., executor=...)`: the game range split over a cluster's workers equals a
one-machine run exactly (game i depends only on (seed, i)). A `dask.distributed.LocalCluster`
with two worker processes, started by the test on 127.0.0.1, and a plain
`concurrent.futures` executor."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

import mulligan as m

SEED = m.Seed.from_hex("c1" * 32)


def deck() -> m.Deck:
    cards = [
        m.Card(f"Land {i}", land=True, tags=("ramp",) if i % 8 == 0 else ()) for i in range(23)
    ]
    cards += [m.Card(f"Spell {i}", tags=("ramp",) if i % 6 == 0 else ()) for i in range(37)]
    return m.Deck(cards)


@pytest.fixture(scope="module")
def client() -> Iterator[object]:
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
    )
    with cluster, distributed.Client(cluster) as c:
        yield c


def test_a_dask_cluster_run_equals_the_one_machine_run(client: object) -> None:
    cases: list[dict[str, Any]] = [
        dict(games=200_003, start=11),
        dict(games=150_000, keep=m.KeepRule({7: (2, 4), 6: (1, 4)}, keep_at=5, requires="ramp")),
        dict(games=100_000, mulligan=m.MulliganRule.VANCOUVER, variant=m.Variant.COMMANDER),
        dict(games=70_000, per_game=True, start=3),
        dict(games=5, keep=lambda hand, mulligans: sum(c.land for c in hand) >= 2),
        dict(games=0),
    ]
    for kwargs in cases:
        games = kwargs["games"]
        local = m.simulate(deck(), seed=SEED, **kwargs)
        seen: list[tuple[int, int]] = []
        remote = m.simulate(
            deck(),
            seed=SEED,
            executor=client,
            progress=lambda d, t, seen=seen: seen.append((d, t)),
            **kwargs,
        )
        assert remote.to_dict() == local.to_dict(), kwargs
        assert (remote.mulligan_rule, remote.variant) == (local.mulligan_rule, local.variant)
        assert seen[0] == (0, games) and seen[-1] == (games, games)
        if kwargs.get("per_game"):
            assert remote.per_game is not None and local.per_game is not None
            for key, column in local.per_game.items():
                assert (remote.per_game[key] == column).all(), key


def test_any_futures_executor_works_and_bad_executors_are_refused() -> None:
    with ThreadPoolExecutor(max_workers=3) as pool:
        remote = m.simulate(deck(), games=100_000, seed=SEED, executor=pool)
    assert remote.to_dict() == m.simulate(deck(), games=100_000, seed=SEED).to_dict()
    with pytest.raises(m.MulliganTypeError, match="executor"):
        m.simulate(deck(), games=10, seed=SEED, executor=42)
    # Arguments are checked before anything is sent.
    with pytest.raises(m.GameConfigError):
        m.simulate(deck(), games=-1, seed=SEED, executor=42)
