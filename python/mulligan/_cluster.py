"""``simulate(..., executor=client)``: the game range split over a cluster's workers.

Game ``i`` depends only on ``(seed, i)``, so each worker runs ``simulate`` on its own range of
games (``start=``) with the same seed and arguments, and ``SimulationResult.merge`` adds the
counts: the result equals a one-machine run exactly. ``executor`` is a
``dask.distributed.Client`` (``pip install 'mulligan[dask]'``) or any
``concurrent.futures.Executor``; workers need ``mulligan`` installed. The binding validates
every argument and fixes the seed before calling :func:`simulate` here.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from mulligan._core import (
    Card,
    Deck,
    KeepRule,
    MulliganRule,
    MulliganTypeError,
    Seed,
    SimulationResult,
    Variant,
)
from mulligan._core import simulate as _simulate

# The smallest share worth sending to a worker (the engine's own chunk size).
_MIN_PART = 1 << 14
# Shares per worker: a slow worker then holds up the end of the run less.
_PARTS_PER_WORKER = 4
# How often the waiting client checks for finished shares (and for Ctrl-C).
_POLL_SECONDS = 0.05

_CardSpec = tuple[str, bool, tuple[str, ...]]


def _enum_name(cls: type, value: object) -> str:
    return next(n for n in dir(cls) if n.isupper() and getattr(cls, n) == value)


def _keep_spec(keep: object) -> object:
    """A picklable form of ``keep``: a KeepRule's arguments, or the callable (or None) itself."""
    if not isinstance(keep, KeepRule):
        return keep
    requires: list[tuple[str, int]] = keep.requires
    if all(m == 1 for _, m in requires):
        req: object = [t for t, _ in requires]
    else:
        req = dict(requires)
    conditions = {"min_sources": dict(keep.min_sources), "requires_cards": keep.requires_cards}
    return ("KeepRule", keep.ranges, keep.keep_at, keep.bottom, req, keep.exile, conditions)


def _part(
    cards: Sequence[_CardSpec], keep: Any, seed: bytes, options: dict[str, Any]
) -> SimulationResult:
    """One worker's share: the deck and keep rule rebuilt, then the engine on its range."""
    deck = Deck([Card(name, land=land, tags=tags) for name, land, tags in cards])
    if isinstance(keep, tuple) and keep and keep[0] == "KeepRule":
        _, ranges, keep_at, bottom, requires, exile, conditions = keep
        keep = KeepRule(
            ranges, keep_at=keep_at, bottom=bottom, requires=requires, exile=exile, **conditions
        )
    options = dict(options)
    options["mulligan"] = getattr(MulliganRule, options["mulligan"])
    options["variant"] = getattr(Variant, options["variant"])
    return _simulate(deck, keep=keep, seed=seed, **options)


def _workers(executor: Any) -> int:
    info = getattr(executor, "scheduler_info", None)
    if callable(info):  # dask.distributed.Client
        return max(1, len(info().get("workers", {})))
    return max(1, int(getattr(executor, "_max_workers", 1) or 1))


def _ranges(start: int, games: int, parts: int) -> list[tuple[int, int]]:
    """``parts`` consecutive ranges covering ``start .. start + games``, as even as can be."""
    base, extra = divmod(games, parts)
    out, first = [], start
    for p in range(parts):
        n = base + (p < extra)
        out.append((first, n))
        first += n
    return out


def simulate(
    executor: Any,
    deck: Deck,
    *,
    games: int,
    mulligan: MulliganRule,
    variant: Variant,
    keep: object,
    seed: Seed,
    threads: int | None,
    on_the_play: bool,
    hand_size: int,
    players: int,
    start: int,
    per_game: bool,
    progress: Callable[[int, int], object] | None,
    free_mulligans: int = 0,
    land_mulligan: bool = False,
    smoothing: str | None = None,
    smoothing_candidates: int | None = None,
    exile: str | None = None,
) -> SimulationResult:
    """Runs the games ``start .. start + games`` as shares on ``executor``'s workers and merges
    them in game order; ``progress(done, total)`` is called as shares finish. Ctrl-C (or an
    error in any share) cancels the shares still running."""
    submit = getattr(executor, "submit", None)
    if not callable(submit):
        raise MulliganTypeError(
            "executor must be a dask.distributed.Client or a concurrent.futures.Executor, "
            f"got {type(executor).__name__}"
        )
    games = int(games)
    parts = max(1, min(_workers(executor) * _PARTS_PER_WORKER, games // _MIN_PART))
    cards = [(c.name, c.land, tuple(c.tags)) for c in deck.cards]
    options: dict[str, Any] = {
        "mulligan": _enum_name(MulliganRule, mulligan),
        "variant": _enum_name(Variant, variant),
        "threads": threads,
        "on_the_play": on_the_play,
        "hand_size": hand_size,
        "players": players,
        "per_game": per_game,
        "free_mulligans": free_mulligans,
        "land_mulligan": land_mulligan,
        "smoothing": smoothing,
        "smoothing_candidates": smoothing_candidates,
        "exile": exile,
    }
    keep_spec, seed_bytes = _keep_spec(keep), bytes(seed)
    ranges = _ranges(start, games, parts)
    futures = [
        submit(_part, cards, keep_spec, seed_bytes, {**options, "start": s, "games": n})
        for s, n in ranges
    ]
    results: list[SimulationResult | None] = [None] * len(futures)
    try:
        done = 0
        if progress is not None:
            progress(0, games)
        pending = set(range(len(futures)))
        while pending:
            finished = [i for i in pending if futures[i].done()]
            if not finished:
                time.sleep(_POLL_SECONDS)
                continue
            for i in finished:
                results[i] = futures[i].result()
                pending.discard(i)
                done += ranges[i][1]
                if progress is not None:
                    progress(done, games)
    except BaseException:
        for f in futures:
            f.cancel()
        raise
    merged = results[0]
    assert merged is not None
    for r in results[1:]:
        assert r is not None
        merged = merged.merge(r)
    return merged
