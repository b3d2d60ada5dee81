"""A whole game served by real `mulligan serve` processes: SIGKILLed in the middle of a search
and restarted, it comes back with the search open, exactly as it was; on PostgreSQL, two
servers share one game's actions and their counter, and of two racing actions one wins."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest

import mulligan as m

from .pg_util import servers_on_postgres
from .serve_util import DECK_A, DECK_B, Server, auth, play

Json = dict[str, Any]


def create(client: httpx.Client) -> Json:
    players = [{"name": "Ann", "deck": DECK_A}, {"name": "Ben", "deck": DECK_B}]
    r = client.post("/games", json={"players": players, "whole_game": True})
    assert r.status_code == 201, r.text
    game: Json = r.json()
    play(client.request, game)
    return game


def act(client: httpx.Client, game: Json, seat: int, n: int, action: Json) -> httpx.Response:
    return client.post(
        f"/games/{game['game_id']}/seats/{seat}/actions",
        json={"n": n, **action},
        headers=auth(game["seats"][seat]["token"]),
    )


def view(client: httpx.Client, game: Json, seat: int) -> Json:
    r = client.get(
        f"/games/{game['game_id']}/seats/{seat}", headers=auth(game["seats"][seat]["token"])
    )
    assert r.status_code == 200, r.text
    v: Json = r.json()
    return v


def verified(client: httpx.Client, game: Json) -> bool:
    host = auth(game["host_token"])
    assert client.post(f"/games/{game['game_id']}/end", headers=host).status_code == 200
    log = client.get(f"/games/{game['game_id']}/log", headers=host)
    records = [json.loads(line) for line in log.text.splitlines()]
    return bool(m.verify_log(records, commitment=game["commitment"]))


def test_sigkill_mid_search_then_restart_gives_the_same_state(tmp_path):
    db = str(tmp_path / "db.sqlite3")
    server = Server(db).start()
    try:
        with httpx.Client(base_url=server.url, timeout=30) as c:
            game = create(c)
            assert act(c, game, 0, 1, {"action": "draw", "count": 1}).status_code == 200
            searching = act(c, game, 0, 2, {"action": "search"})
            assert searching.status_code == 200
            before = [view(c, game, 0), view(c, game, 1)]
            assert [o["kind"] for o in before[0]["looking"]] == ["search"]
        server.kill()  # SIGKILL in the middle of the search: no shutdown hook runs
        server = Server(db, server.port).start()
        with httpx.Client(base_url=server.url, timeout=30) as c:
            after = [view(c, game, 0), view(c, game, 1)]
            assert after == before
            # The retried request gets its reply again; the search goes on from there.
            retry = act(c, game, 0, 2, {"action": "search"})
            assert retry.status_code == 200 and retry.json() == searching.json()
            card = next(x for x in after[0]["looking"][0]["cards"] if x["name"] == "Forest")
            found = act(c, game, 0, 3, {"action": "found", "cards": [card["id"]], "to": "hand"})
            assert found.status_code == 200 and card in found.json()["hand"]
            assert verified(c, game)
    finally:
        server.stop()


@pytest.fixture(scope="module")
def servers():
    yield from servers_on_postgres()


def test_two_servers_on_postgresql_share_a_whole_game(servers):
    a, b = servers
    with httpx.Client(base_url=a.url, timeout=30) as ca, httpx.Client(base_url=b.url) as cb:
        game = create(ca)
        hand = len(view(cb, game, 0)["hand"])
        # The seat's counter is one for both servers: 1 on A, 2 on B, 2 again on A is a retry.
        assert act(ca, game, 0, 1, {"action": "draw", "count": 1}).status_code == 200
        second = act(cb, game, 0, 2, {"action": "shuffle"})
        assert second.status_code == 200
        again = act(ca, game, 0, 2, {"action": "shuffle"})
        assert again.status_code == 200 and again.json() == second.json()
        assert act(ca, game, 0, 2, {"action": "mill", "count": 1}).status_code == 409
        # Racing: the same number from both servers at once, ten times; one wins each time.
        outcomes = []
        with ThreadPoolExecutor(2) as pool:
            for n in range(3, 13):
                futures = [
                    pool.submit(act, client, game, 1, n - 2, {"action": body, "count": 1})
                    for client, body in ((ca, "draw"), (cb, "mill"))
                ]
                outcomes.append(sorted(f.result().status_code for f in futures))
        assert outcomes == [[200, 409]] * 10
        assert view(ca, game, 1)["next_action"] == 11 == view(cb, game, 1)["next_action"]
        assert len(view(cb, game, 0)["hand"]) == hand + 1
        assert verified(cb, game)
