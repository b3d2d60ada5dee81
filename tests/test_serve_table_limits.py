"""The service as it grows: a deck text is parsed once however many games list it, and the
rate limit of game creation is one budget per client for every process of one database."""

from __future__ import annotations

import asyncio
import time
import warnings
from typing import Any

import pytest
from fastapi.testclient import TestClient

import mulligan as m
from mulligan.serve import create_app, engine
from mulligan.serve.engine import DeckCache
from mulligan.serve.limits import Limits
from mulligan.serve.store import SqliteStore

from .pg_util import Postgres
from .serve_util import DECK_A, DECK_B, two_players


class CountingDeck:
    """`Deck` with its parses counted by text."""

    parsed: dict[str, int] = {}

    @classmethod
    def parse(cls, text: str) -> m.Deck:
        cls.parsed[text] = cls.parsed.get(text, 0) + 1
        return m.Deck.parse(text)


def test_a_deck_text_is_parsed_once_and_its_warnings_repeat(monkeypatch: Any) -> None:
    monkeypatch.setattr(engine, "Deck", CountingDeck)
    CountingDeck.parsed = {}
    cache = DeckCache(size=2)
    with warnings.catch_warnings(record=True) as first:
        warnings.simplefilter("always")
        a = cache.parse(DECK_A)
    with warnings.catch_warnings(record=True) as again:
        warnings.simplefilter("always")
        assert cache.parse(DECK_A) is a
    assert CountingDeck.parsed == {DECK_A: 1}
    # A hit warns as the parse did: callers cannot tell a cached deck from a parsed one.
    assert [str(w.message) for w in again] == [str(w.message) for w in first] != []
    assert cache.parse(DECK_B) is not a
    cache.parse("24 Swamp\n36 Hill Giant\n")  # the third text evicts the oldest (DECK_A)
    cache.parse(DECK_A)
    assert CountingDeck.parsed[DECK_A] == 2
    # A deck the parser refuses is refused every time, and never kept.
    for _ in range(2):
        with pytest.raises(m.DeckError):
            cache.parse("Deck\n-3 Forest\n")
    assert CountingDeck.parsed["Deck\n-3 Forest\n"] == 2


def test_games_listing_the_same_decks_parse_each_text_once(tmp_path: Any, monkeypatch: Any) -> None:
    monkeypatch.setattr(engine, "Deck", CountingDeck)
    monkeypatch.setattr(engine, "DECKS", DeckCache())
    CountingDeck.parsed = {}
    with TestClient(create_app(tmp_path / "db.sqlite3")) as c:
        for _ in range(5):
            r = c.post("/games", json=two_players())
            assert r.status_code == 201, r.text
            seat = r.json()["seats"][0]
            view = c.get(
                f"/games/{r.json()['game_id']}/seats/0",
                headers={"Authorization": f"Bearer {seat['token']}"},
            )
            assert view.status_code == 200
    assert CountingDeck.parsed == {DECK_A: 1, DECK_B: 1}


def _create_until_refused(clients: list[TestClient], tries: int) -> list[int]:
    statuses = []
    for i in range(tries):
        r = clients[i % len(clients)].post("/games", json=two_players())
        statuses.append(r.status_code)
        if r.status_code == 429:
            assert r.json()["error"]["code"] == "rate_limited"
            assert int(r.headers["Retry-After"]) >= 1
    return statuses


def test_the_rate_limit_is_one_budget_for_every_process_of_a_database(tmp_path: Any) -> None:
    # Two applications on one SQLite file are two worker processes as far as the limit goes:
    # each keeps nothing of it in memory.
    db = tmp_path / "db.sqlite3"
    limits = Limits(games_per_minute=4)
    with (
        TestClient(create_app(db, limits=limits)) as a,
        TestClient(create_app(db, limits=limits)) as b,
    ):
        statuses = _create_until_refused([a, b], 6)
        # Alternating between the two, the fifth game is refused: one budget of four, not two.
        assert statuses == [201, 201, 201, 201, 429, 429]
        # A refused set-up takes nothing from the budget, on either process.
        assert a.post("/games", json={"players": []}).status_code == 422


def test_the_rate_limit_is_shared_by_servers_on_one_postgresql(tmp_path: Any) -> None:
    pytest.importorskip("psycopg")
    pg = Postgres()
    if not pg.available:
        pytest.skip("PostgreSQL is not installed (scripts/system_deps.sh installs it)")
    pg.start()
    try:
        limits = Limits(games_per_minute=3)
        with (
            TestClient(create_app(pg.url, limits=limits)) as a,
            TestClient(create_app(pg.url, limits=limits)) as b,
        ):
            assert _create_until_refused([a, b], 5) == [201, 201, 201, 429, 429]
    finally:
        pg.stop()


def test_a_bucket_refills_at_its_rate(tmp_path: Any) -> None:
    asyncio.run(_refills(SqliteStore(tmp_path / "db.sqlite3")))


async def _refills(store: SqliteStore) -> None:
    # 2 in a burst, refilled at 60 a second: empty after two, one more about 1/60 s later.
    assert await store.take_rate("t", 1, 2.0, 60.0) == 0
    assert await store.take_rate("t", 1, 2.0, 60.0) == 0
    wait = await store.take_rate("t", 1, 2.0, 60.0)
    assert 0 < wait <= 1 / 60 + 0.01
    time.sleep(wait + 0.01)
    assert await store.take_rate("t", 1, 2.0, 60.0) == 0
    # Other buckets are other budgets; more than a bucket holds is never given.
    assert await store.take_rate("u", 1, 2.0, 60.0) == 0
    assert await store.take_rate("u", 3, 2.0, 60.0) > 0
    await store.close()


def test_a_view_can_leave_out_the_events_its_caller_has() -> None:
    """`Game.view(seat, events_after=k)`: the view with only the events after the first k
    (the service keeps each seat's events, converted once), everything else the same."""
    deck = m.Deck.parse("20 Forest\n20 Grizzly Bears [creature]\n")
    game = m.Game([m.Player("Ann", deck), m.Player("Ben", deck)], seed=m.Seed.from_hex("01" * 32))
    while not game.done:
        d = game.pending()[0]
        if d.kind == "choose_starting_player":
            game.choose_starting_player(d.seat, d.seat)
        else:
            game.keep(d.seat)
    for seat in (0, 1):
        whole = game.view(seat)
        assert len(whole["events"]) > 3
        for k in (0, 3, len(whole["events"]), 10**6):
            part = game.view(seat, events_after=k)
            assert part["events"] == whole["events"][k:]
            assert {**part, "events": []} == {**whole, "events": []}
        with pytest.raises(m.IllegalActionError):
            game.view(seat, events_after=-1)
