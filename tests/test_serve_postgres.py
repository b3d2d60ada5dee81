"""PostgreSQL mode against a real server started here: two `mulligan serve` processes on one
database, a game created on one and answered on the other, racing answers from both."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor

import pytest

pytest.importorskip("psycopg")
import httpx

import mulligan as m

from .pg_util import servers_on_postgres
from .serve_util import answer_for, auth, play, two_players


@pytest.fixture(scope="module")
def servers(tmp_path_factory):
    yield from servers_on_postgres()


def test_created_on_one_server_answered_on_the_other(servers):
    a, b = servers
    with httpx.Client(base_url=a.url, timeout=30) as ca, httpx.Client(base_url=b.url) as cb:
        assert cb.get("/healthz").json()["store"] == "postgres"
        game = ca.post("/games", json=two_players()).json()
        sent = play(cb.request, game)
        assert len(sent) >= 2
        log = ca.get(f"/games/{game['game_id']}/log", headers=auth(game["host_token"]))
        assert log.status_code == 200
        records = [json.loads(line) for line in log.text.splitlines()]
        assert m.verify_log(records, commitment=game["commitment"])
        # Each server sees the other's answers at once.
        v_a = ca.get(f"/games/{game['game_id']}/seats/0", headers=auth(game["seats"][0]["token"]))
        v_b = cb.get(f"/games/{game['game_id']}/seats/0", headers=auth(game["seats"][0]["token"]))
        assert v_a.json() == v_b.json() and v_a.json()["done"]


def test_racing_answers_from_both_servers_one_wins(servers):
    """Both servers answer one decision at once: one answer is stored. The same answer twice
    (a client's retry through another server) gets the first reply on both; another answer
    gets 409 (issue 29: answers are idempotent, as actions are)."""
    a, b = servers
    outcomes = []
    with httpx.Client(base_url=a.url, timeout=30) as ca, httpx.Client(base_url=b.url) as cb:
        for i in range(20):
            game = ca.post("/games", json=two_players(starting_player=0)).json()
            gid, token = game["game_id"], game["seats"][0]["token"]
            # Both servers have the game cached before the race.
            for c in (ca, cb):
                d = c.get(f"/games/{gid}/seats/0", headers=auth(token)).json()["pending"][0]
            body = answer_for(d)
            same = i % 2 == 0
            other = {**body, "action": "mulligan" if body["action"] == "keep" else "keep"}
            url = f"/games/{gid}/seats/0/answer"
            with ThreadPoolExecutor(2) as pool:
                futures = [
                    pool.submit(c.post, url, json=b, headers=auth(token))
                    for c, b in ((ca, body), (cb, body if same else other))
                ]
                replies = [f.result() for f in futures]
                codes = sorted(r.status_code for r in replies)
            outcomes.append(codes)
            assert codes == ([200, 200] if same else [200, 409]), codes
            if same:
                assert replies[0].json() == replies[1].json()
            after = cb.get(f"/games/{gid}/seats/0", headers=auth(token)).json()
            assert after["answers"] == 1
    assert len(outcomes) == 20


def test_an_invite_claimed_on_one_server_is_refused_on_the_other(servers):
    """Issue 29's invites in PostgreSQL: the first claim (server b) gets the seat's token, a
    second (server a) 409 ``already_claimed``, and the seat's view on either server then
    shows ``invite_reused``."""
    a, b = servers
    with httpx.Client(base_url=a.url, timeout=30) as ca, httpx.Client(base_url=b.url) as cb:
        game = ca.post("/games", json={**two_players(), "invites": True}).json()
        gid, invite = game["game_id"], game["seats"][0]["invite"]
        first = cb.post(f"/games/{gid}/seats/0/claim", json={"invite": invite})
        assert first.status_code == 200, first.text
        token = first.json()["token"]
        second = ca.post(f"/games/{gid}/seats/0/claim", json={"invite": invite})
        assert second.status_code == 409 and second.json()["error"]["code"] == "already_claimed"
        for c in (ca, cb):
            view = c.get(f"/games/{gid}/seats/0", headers=auth(token))
            assert view.status_code == 200 and view.json()["invite_reused"] is True


def test_a_creation_resent_to_either_server_creates_one_game(servers):
    """Issue 35: the Idempotency-Key is kept in PostgreSQL, so a creation resent to the other
    server (racing or after) gets the first reply, and one game is stored."""
    a, b = servers
    key = {"Idempotency-Key": "pg-resend-5b1e0c9d7a2f4e63"}
    body = two_players()

    def post(server):
        return httpx.post(server.url + "/games", json=body, headers=key, timeout=30)

    with ThreadPoolExecutor(4) as pool:
        replies = list(pool.map(post, [a, b, a, b]))
    assert {r.status_code for r in replies} <= {201, 409}
    first = next(r for r in replies if r.status_code == 201)
    for server in (a, b):
        again = post(server)
        assert again.status_code == 201 and again.content == first.content
    other = httpx.post(
        a.url + "/games", json=two_players(mulligan="VANCOUVER"), headers=key, timeout=30
    )
    assert other.status_code == 422
    import psycopg

    url = a.db
    with psycopg.connect(url) as conn:
        games = conn.execute(
            "SELECT count(*) FROM games WHERE id = %s", (first.json()["game_id"],)
        ).fetchone()
        keys = conn.execute("SELECT count(*), min(status) FROM idempotency").fetchone()
    assert games == (1,) and keys == (1, 201)
