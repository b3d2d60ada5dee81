"""Streams and long-polls that cost nothing while idle (issue 36): a waiting request wakes only
when its game changes (this process's answer, another SQLite process's through one change
check per process, another PostgreSQL process's through LISTEN/NOTIFY); an idle wake makes no
query and builds no view, and a stream writes nothing but its keep-alives. The benchmark
(benches/idle_streams.py) runs once with a few streams as a smoke test."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

pytest.importorskip("fastapi")

import mulligan.serve.events as events
from benches.idle_streams import run_idle
from mulligan.serve.games import Access, GameService
from mulligan.serve.limits import Limits
from mulligan.serve.notify import ChangeFeed, start_watching
from mulligan.serve.store import SqliteStore, Store

from .pg_util import Postgres
from .serve_util import answer_for, two_players

DECK = "24 Forest\n36 Grizzly Bears\n"


def counting(store: Store, game_id: str | None = None) -> dict[str, int]:
    """Counts every call of the store's operations from now on (only those about `game_id`,
    when given)."""
    calls: dict[str, int] = {}
    for name in [n for n in dir(Store) if not n.startswith("_") and n not in ("start", "close")]:
        method = getattr(store, name)

        def wrap(method: Any = method, name: str = name) -> Any:
            async def counted(*args: Any, **kwargs: Any) -> Any:
                if game_id is None or (args and args[0] == game_id):
                    calls[name] = calls.get(name, 0) + 1
                return await method(*args, **kwargs)

            return counted

        setattr(store, name, wrap())
    return calls


async def first_answer(games: GameService, game_id: str) -> None:
    """Seat 0 or 1 answers its first pending decision."""
    for seat in (0, 1):
        view = await games.view(game_id, seat)
        if view["pending"]:
            await games.answer(game_id, seat, answer_for(view["pending"][0]))
            return
    raise AssertionError("nothing pending")


def test_an_idle_stream_writes_only_keep_alives_and_makes_no_query(tmp_path, monkeypatch):
    monkeypatch.setattr(events, "KEEPALIVE", 0.05)

    async def scenario() -> None:
        store = SqliteStore(tmp_path / "db.sqlite3")
        games = GameService(store, Limits())
        game = await games.create(two_players(DECK, DECK), [])
        other = await games.create(two_players(DECK, DECK), [])
        stream = events.sse_stream(games, game["game_id"], Access(None), 0)
        first = await stream.__anext__()  # the events so far (the game start's first)
        assert first.startswith(b"id: 1\n")
        while True:  # the rest of what is there now
            chunk = await asyncio.wait_for(stream.__anext__(), 1)
            if chunk == b": keep-alive\n\n":
                break
        calls = counting(store, game["game_id"])
        idle = [await asyncio.wait_for(stream.__anext__(), 1) for _ in range(5)]
        assert idle == [b": keep-alive\n\n"] * 5
        await first_answer(games, other["game_id"])  # another game: no wake for this one
        idle = [await asyncio.wait_for(stream.__anext__(), 1) for _ in range(3)]
        assert idle == [b": keep-alive\n\n"] * 3
        assert calls == {}, calls  # not one read of this game while idle
        await first_answer(games, game["game_id"])
        woke = await asyncio.wait_for(stream.__anext__(), 1)
        assert woke.startswith(b"id: ") and b"event: game" in woke
        assert calls["answers"] >= 1
        await stream.aclose()
        assert games.feed.watched == 0
        await store.close()

    asyncio.run(scenario())


def test_a_long_poll_waits_without_reading_and_wakes_on_its_game(tmp_path):
    async def scenario() -> None:
        store = SqliteStore(tmp_path / "db.sqlite3")
        games = GameService(store, Limits())
        game = await games.create(two_players(DECK, DECK), [])
        gid = game["game_id"]
        now = await games.events(gid, Access(None), 0, 0)
        after = now["next"]
        calls = counting(store)
        t = time.monotonic()
        quiet = await games.events(gid, Access(None), after, 0.3)
        assert quiet["events"] == [] and time.monotonic() - t >= 0.3
        assert sum(calls.values()) == 1, calls  # the one read at the start, no polling
        waiting = asyncio.ensure_future(games.events(gid, Access(None), after, 10))
        await asyncio.sleep(0.05)
        await first_answer(games, gid)
        woke = await asyncio.wait_for(waiting, 2)
        assert woke["events"] and woke["next"] > after
        await store.close()

    asyncio.run(scenario())


async def across(a: Store, b: Store) -> list[float]:
    """Answers made through `a`'s service, each timed until a long-poll on `b`'s (another
    process's service on the same database) returns it; `b`'s watcher is the only wake."""
    ga, gb = GameService(a, Limits()), GameService(b, Limits())
    watcher = await start_watching(b, gb.feed)
    assert watcher is not None
    lags = []
    try:
        game = await ga.create(two_players(DECK, DECK), [])
        gid = game["game_id"]
        after = (await gb.events(gid, Access(None), 0, 0))["next"]
        for _ in range(3):
            calls = counting(b)
            waiting = asyncio.ensure_future(gb.events(gid, Access(None), after, 20))
            await asyncio.sleep(0.3)
            assert sum(calls.values()) <= 1, calls  # idle: the first read only
            t = time.monotonic()
            await first_answer(ga, gid)
            got = await asyncio.wait_for(waiting, 5)
            lags.append(time.monotonic() - t)
            assert got["events"], got
            after = got["next"]
    finally:
        watcher.cancel()
        await asyncio.gather(watcher, return_exceptions=True)
    return lags


def test_another_sqlite_process_answer_wakes_the_wait(tmp_path):
    async def scenario() -> None:
        a = SqliteStore(tmp_path / "db.sqlite3")
        b = SqliteStore(tmp_path / "db.sqlite3")
        lags = await across(a, b)
        assert max(lags) < 5  # woken, not timed out (no timing is asserted beyond that)
        await a.close()
        await b.close()

    asyncio.run(scenario())


def test_another_postgresql_process_answer_wakes_the_wait():
    pytest.importorskip("psycopg")
    pg = Postgres()
    if not pg.available:
        pytest.skip("PostgreSQL is not installed (scripts/system_deps.sh installs it)")
    pg.start()

    async def scenario() -> None:
        from mulligan.serve.postgres import PostgresStore

        a, b = PostgresStore(pg.url), PostgresStore(pg.url)
        await a.start()
        await b.start()
        lags = await across(a, b)
        assert max(lags) < 5
        await a.close()
        await b.close()

    try:
        asyncio.run(scenario())
    finally:
        pg.stop()


def test_a_change_between_read_and_wait_is_not_missed():
    async def scenario() -> None:
        feed = ChangeFeed()
        slot = feed.watch("g")
        seen = slot.version
        feed.notify("g")  # after the read, before the wait
        assert await feed.wait(slot, seen, 5) is True
        assert await feed.wait(slot, slot.version, 0.01) is False
        feed.drain()
        assert await feed.wait(slot, slot.version, 5) is True
        feed.unwatch(slot)
        assert feed.watched == 0

    asyncio.run(scenario())


def test_the_idle_streams_benchmark_runs():
    result = run_idle(streams=30, seconds=1.0)
    assert result["opened"] == result["streams"] == 30
    assert result["probes"] >= 5 and result["probe_p99_ms"] > 0
    assert result["idle_cpu_pct"] >= 0
