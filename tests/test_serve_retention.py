"""Retention (issue 36), with a clock the test moves: a game untouched N days is ended as its
host would end it (a game start that never finished is only marked abandoned); a game ended M
days ago is deleted; a round keeps its seed and table count; off by default."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient

import mulligan as m
from mulligan.serve.app import create_app
from mulligan.serve.operations import Operations
from mulligan.serve.retention import DAY, RetentionPolicy

from .serve_util import auth, play, two_players

DECK = "24 Forest\n36 Grizzly Bears\n"


class Clock:
    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now

    def days(self, n: float) -> None:
        self.now += n * DAY


def app(clock: Clock, end: float | None = 7, delete: float | None = 30) -> TestClient:
    ops = Operations(retention=RetentionPolicy(end, delete), clock=clock, sweep_every=1e9)
    return TestClient(create_app(":memory:", operations=ops))


def sweep(c: TestClient) -> dict[str, int]:
    assert c.portal is not None
    retention: Any = c.app.state.retention
    result: dict[str, int] = c.portal.call(retention.sweep)
    return result


def new(c: TestClient, **extra: Any) -> dict[str, Any]:
    r = c.post("/games", json=two_players(DECK, DECK, **extra))
    assert r.status_code == 201, r.text
    game: dict[str, Any] = r.json()
    return game


def host(c: TestClient, g: dict[str, Any]) -> Any:
    return c.get(f"/games/{g['game_id']}", headers=auth(g["host_token"]))


def log(c: TestClient, g: dict[str, Any]) -> Any:
    return c.get(f"/games/{g['game_id']}/log", headers=auth(g["host_token"]))


def test_an_untouched_whole_game_is_ended_as_its_host_would_then_deleted():
    clock = Clock()
    with app(clock) as c:
        g = new(c, whole_game=True)
        play(c.request, g)  # the game start is done; the table phase goes on
        assert host(c, g).json()["done"]
        assert sweep(c) == {"ended": 0, "deleted": 0}
        clock.days(6.9)
        assert sweep(c) == {"ended": 0, "deleted": 0}
        clock.days(0.2)
        assert sweep(c) == {"ended": 1, "deleted": 0}
        # As the host's end: the seed is out, the log complete, and it verifies.
        r = log(c, g)
        assert r.status_code == 200
        records = [json.loads(line) for line in r.text.splitlines()]
        assert m.verify_log(records, commitment=g["commitment"])
        assert any(rec.get("type") == "end" for rec in records)
        ended = c.post(f"/games/{g['game_id']}/end", headers=auth(g["host_token"])).json()
        assert ended["ended"] and ended["seed"]
        clock.days(29.9)
        assert sweep(c)["deleted"] == 0
        clock.days(0.2)
        assert sweep(c) == {"ended": 0, "deleted": 1}
        assert host(c, g).status_code == 404


def test_a_game_start_that_never_finished_is_marked_abandoned_not_changed():
    clock = Clock()
    with app(clock) as c:
        g = new(c)
        play(c.request, g, limit=1)
        before = host(c, g).json()
        assert not before["done"] and before["pending"]
        sweep(c)
        clock.days(8)
        assert sweep(c) == {"ended": 1, "deleted": 0}
        after = host(c, g).json()
        assert after == before  # nothing answered, nothing revealed
        assert log(c, g).status_code == 409
        # Answered again, it is in play: not deleted when the abandoned ones are.
        play(c.request, g, limit=1)
        clock.days(1)
        sweep(c)
        clock.days(30)
        assert sweep(c)["deleted"] == 0
        assert host(c, g).status_code == 200


def test_a_touched_game_is_not_ended_and_a_finished_start_is_deleted_after_its_end():
    clock = Clock()
    with app(clock) as c:
        slow = new(c)
        done = new(c)
        play(c.request, done)  # a game start played through: finished now
        sweep(c)
        clock.days(5)
        play(c.request, slow, limit=1)  # touched on day 5
        sweep(c)
        clock.days(5)  # day 10: untouched for 5 days only
        assert sweep(c)["ended"] == 0
        clock.days(3)  # day 13: 8 days
        assert sweep(c)["ended"] == 1
        clock.days(18)  # day 31: the finished start ended 31 days ago, the slow one 18
        assert sweep(c) == {"ended": 0, "deleted": 1}
        assert host(c, done).status_code == 404
        assert host(c, slow).status_code == 200


def test_a_round_keeps_its_seed_and_table_count_when_its_games_are_deleted():
    clock = Clock()
    with app(clock) as c:
        table = [{"name": "Ann", "deck": DECK}, {"name": "Ben", "deck": DECK}]
        r = c.post("/rounds", json={"tables": [table, table]}).json()
        for t in r["tables"]:
            g = {"game_id": t["game_id"], "seats": t["seats"]}
            play(c.request, g)
        shown = c.get(f"/rounds/{r['round_id']}", headers=auth(r["host_token"])).json()
        assert shown["done"] == 2 and shown["seed"]
        sweep(c)
        clock.days(31)
        assert sweep(c)["deleted"] == 2
        after = c.get(f"/rounds/{r['round_id']}", headers=auth(r["host_token"])).json()
        assert after["tables"] == 2 and after["game_ids"] == []
        assert after["seed"] == shown["seed"] and after["commitment"] == shown["commitment"]


def test_retention_is_off_by_default():
    clock = Clock()
    ops = Operations(clock=clock, sweep_every=1e9)
    with TestClient(create_app(":memory:", operations=ops)) as c:
        g = new(c)
        f = new(c)
        play(c.request, f)
        sweep(c)
        clock.days(10_000)
        assert sweep(c) == {"ended": 0, "deleted": 0}
        assert host(c, g).status_code == 200 and log(c, f).status_code == 200
        assert "mulligan_games_in_play 1" in c.get("/metrics").text


def test_a_retention_setting_must_be_a_positive_number_of_days():
    for bad in (0, -1.5):
        with pytest.raises(ValueError, match="positive number of days"):
            RetentionPolicy(bad, None)
        with pytest.raises(ValueError, match="positive number of days"):
            RetentionPolicy(None, bad)
