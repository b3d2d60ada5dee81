"""Prometheus metrics at ``GET /metrics`` (issue 36; docs/SERVE.md "Operating a public
server"), with prometheus-client. ``--metrics on`` (the default) serves them to anyone,
``key`` only with the create key, ``off`` not at all.

| metric | what |
| --- | --- |
| ``mulligan_requests_total{method,route,status}`` | requests answered, by route template |
| ``mulligan_request_seconds{method,route}`` | time to the response's start (a histogram) |
| ``mulligan_games_created_total`` | games stored (a resent creation replayed is not) |
| ``mulligan_event_streams`` | event streams open now |
| ``mulligan_games_in_play`` | stored games not recorded as ended (retention.py) |
| ``mulligan_db_seconds{operation}`` | time in the store, by store method (a histogram) |

``route`` is the path template (``/games/{game_id}/events``), never the path: game ids and
tokens are no labels; a path no route matches is ``unmatched``.

With ``--workers`` > 1 every process writes its figures to the directory
``PROMETHEUS_MULTIPROC_DIR`` (prometheus-client's multiprocess mode; ``mulligan serve`` makes a
fresh one, or uses ``--metrics-dir``), and a scrape of any process sums them.
"""

from __future__ import annotations

import functools
import os
import time
from collections.abc import Awaitable
from typing import Any, Callable

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
)
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from mulligan.serve.store import Store

__all__ = [
    "CONTENT_TYPE_LATEST",
    "EVENT_STREAMS",
    "GAMES_CREATED",
    "METRICS_MODES",
    "RequestMetrics",
    "check_dir",
    "exposition",
    "mark_process_dead",
    "time_store",
]

#: ``--metrics``: served to anyone, behind the create key, or not served.
METRICS_MODES = ("on", "key", "off")
MULTIPROC = "PROMETHEUS_MULTIPROC_DIR"

REQUESTS = Counter(
    "mulligan_requests", "Requests answered, by route template", ["method", "route", "status"]
)
LATENCY = Histogram(
    "mulligan_request_seconds",
    "Seconds from a request to its response's start, by route template",
    ["method", "route"],
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10),
)
GAMES_CREATED = Counter("mulligan_games_created", "Games stored (rounds' tables included)")
EVENT_STREAMS = Gauge(
    "mulligan_event_streams", "Event streams open now", multiprocess_mode="livesum"
)
DB_SECONDS = Histogram(
    "mulligan_db_seconds",
    "Seconds in the store, by store operation",
    ["operation"],
    buckets=(0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 1),
)
IN_PLAY = (
    "SELECT COUNT(*) FROM games WHERE id NOT IN "
    "(SELECT game_id FROM retention WHERE ended IS NOT NULL)"
)


def check_dir(path: str) -> str:
    """`path` if it is a directory this process can write files in, else ValueError saying
    why (``--metrics-dir``)."""
    if not os.path.isdir(path):
        raise ValueError(f"the metrics directory {path!r} is not a directory")
    probe = os.path.join(path, f".mulligan-probe-{os.getpid()}")
    try:
        with open(probe, "wb") as f:
            f.write(b"x")
        os.remove(probe)
    except OSError as e:
        raise ValueError(
            f"the metrics directory {path!r} cannot be written: {e.strerror}"
        ) from None
    return path


def mark_process_dead() -> None:
    """This process's live gauges leave the sum (multiprocess mode; at its shutdown)."""
    if os.environ.get(MULTIPROC):
        multiprocess.mark_process_dead(os.getpid())  # type: ignore[no-untyped-call]


async def exposition(store: Store) -> bytes:
    """The text a scrape gets: every process's figures (multiprocess mode) or this one's,
    then the games in play, counted in the store now."""
    if os.environ.get(MULTIPROC):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
        text = generate_latest(registry)
    else:
        text = generate_latest(REGISTRY)
    rows = await store.run_sql(IN_PLAY)
    in_play = int(rows[0][0]) if rows else 0
    return (
        text
        + (
            "# HELP mulligan_games_in_play Stored games not ended\n"
            "# TYPE mulligan_games_in_play gauge\n"
            f"mulligan_games_in_play {in_play}\n"
        ).encode()
    )


def time_store(store: Store) -> Store:
    """`store` with each of its operations timed into ``mulligan_db_seconds`` and the games
    it stores counted into ``mulligan_games_created_total`` (where a game is created: a
    creation answered from a stored reply stores nothing). Wraps the instance's methods."""
    names = [n for n in dir(Store) if not n.startswith("_") and n not in ("start", "close")]
    for name in names:
        method = getattr(store, name)
        setattr(store, name, _timed(name, method))
    return store


def _timed(name: str, method: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
    histogram = DB_SECONDS.labels(name)

    @functools.wraps(method)
    async def timed(*args: Any, **kwargs: Any) -> Any:
        t = time.perf_counter()
        try:
            result = await method(*args, **kwargs)
        finally:
            histogram.observe(time.perf_counter() - t)
        if name == "add_games":
            GAMES_CREATED.inc(len(args[0]))
        elif name == "claim_round" and result:
            GAMES_CREATED.inc(len(args[2]))
        return result

    return timed


class RequestMetrics:
    """ASGI middleware: each HTTP request counted and timed by its route's template, read
    from the route Starlette matched (``scope["route"]``) once the response starts."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()
        counted = False

        def count(status: int) -> None:
            nonlocal counted
            counted = True
            route = scope.get("route")
            template = getattr(route, "path", None) or "unmatched"
            method = scope.get("method", "?")
            LATENCY.labels(method, template).observe(time.perf_counter() - start)
            REQUESTS.labels(method, template, str(status)).inc()

        async def counting_send(message: Message) -> None:
            if message["type"] == "http.response.start" and not counted:
                count(int(message["status"]))
            await send(message)

        try:
            await self.app(scope, receive, counting_send)
        except BaseException:
            if not counted:
                count(500)
            raise
