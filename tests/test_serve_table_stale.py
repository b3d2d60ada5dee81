"""Two services on one database, each with its own cache of the game (two `mulligan serve`
processes): an action is first checked against the cached game, and whatever the cache gets
wrong is decided again from the store, so a seat acting through one and then the other gets
the same answers as through one."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from mulligan.serve import create_app

from .test_serve_table import Table, whole_game


def test_a_stale_cache_never_decides_an_action(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    with TestClient(create_app(db)) as a, TestClient(create_app(db)) as b:
        ta = Table(a, whole_game(a))
        tb = Table(b, ta.game)
        before = ta.view(0)  # A caches the game
        # Through B: seat 0 draws a card. A's cache still has it in the library.
        drawn = tb.act(0, {"action": "draw", "count": 1})["hand"][-1]
        assert drawn not in before["hand"]
        # Through A: number 2 looks skipped to A's cache (which missed B's draw, and would
        # refuse the card as not in the hand); the store's game takes it: 200.
        ta.next[0] = tb.next[0]
        put = {"action": "put", "cards": [drawn["id"]], "from": "hand", "to": "bottom"}
        after = ta.act(0, put)
        assert drawn not in after["hand"]
        # Through B (its cache stale now): number 3 looks skipped to the cache, and is the
        # next in the store: 200; a number really skipped is a 409.
        tb.next[0] = ta.next[0]
        third = tb.act(0, {"action": "draw", "count": 1})
        assert third["next_action"] == 4
        assert tb.post(0, {"action": "draw", "count": 1}, n=6).status_code == 409
        # Through A (stale): a retry of B's number 3 with its body is valid against A's cache
        # but its answer number is taken in the store: B's reply.
        retry = ta.post(0, {"action": "draw", "count": 1}, n=3)
        assert retry.status_code == 200 and retry.json() == third
        # Through A: an action the store's game refuses too is a 422, nothing changes.
        again = ta.post(0, put, n=4)
        assert again.status_code == 422, again.text
        assert ta.view(0)["next_action"] == 4 == tb.view(0)["next_action"]
