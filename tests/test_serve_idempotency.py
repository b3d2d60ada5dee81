"""Issue 35: creating is safe to resend. ``Idempotency-Key`` on ``POST /games``, ``POST
/rounds`` and ``POST /rounds/commitment``: the same key and body get the first reply again
(nothing created twice, no rate budget taken), across worker processes and a restart; another
body 422, a key in flight 409, a malformed key 422 naming the header. The store keeps no key
and no token in the clear. (PostgreSQL: tests/test_serve_postgres.py.)"""

from __future__ import annotations

import json
import sqlite3
import time
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient

from mulligan.serve import create_app
from mulligan.serve.idempotency import fingerprint, key_hash
from mulligan.serve.limits import Limits

from .serve_util import Server, two_players

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

KEY = "tts-start-3f9a2c71d04e4b8a"


def games_in(db) -> int:
    with sqlite3.connect(db) as c:
        return int(c.execute("SELECT count(*) FROM games").fetchone()[0])


@pytest.fixture
def db(tmp_path):
    return tmp_path / "db.sqlite3"


def test_a_resent_creation_gets_the_first_reply_and_creates_nothing(db):
    body = two_players(starting_player=0)
    with TestClient(create_app(db, limits=Limits(games_per_minute=1))) as c:
        first = c.post("/games", json=body, headers={"Idempotency-Key": KEY})
        assert first.status_code == 201, first.text
        # The same JSON value, written otherwise (key order, spacing, 0 as 0.0): the same
        # reply, byte for byte, though this client's one game a minute is spent.
        text = json.dumps(dict(reversed(list(body.items()))), indent=2).replace(
            '"starting_player": 0', '"starting_player": 0.0'
        )
        for _ in range(3):
            again = c.post(
                "/games",
                content=text,
                headers={"Idempotency-Key": KEY, "Content-Type": "application/json"},
            )
            assert again.status_code == 201 and again.content == first.content
        assert games_in(db) == 1
        # The tokens of the replayed reply are the game's: the host token opens its view.
        game = first.json()
        view = c.get(
            f"/games/{game['game_id']}", headers={"Authorization": f"Bearer {game['host_token']}"}
        )
        assert view.status_code == 200
        # A new key is a new creation: it takes the budget, which is spent.
        other = c.post("/games", json=body, headers={"Idempotency-Key": KEY + "-2"})
        assert other.status_code == 429 and games_in(db) == 1
    # After a restart (a new application on the same file) the key still answers.
    with TestClient(create_app(db)) as c:
        again = c.post("/games", json=body, headers={"Idempotency-Key": KEY})
        assert again.content == first.content and games_in(db) == 1
    # The store holds the key's hash and the reply sealed: neither key nor token in clear.
    with sqlite3.connect(db) as s:
        rows = s.execute("SELECT key_hash, sealed, status FROM idempotency").fetchall()
    assert [(h, st) for h, _, st in rows] == [(key_hash("POST /games", KEY), 201)]
    dump = "\n".join(str(r) for r in rows)
    assert KEY not in dump and game["host_token"] not in dump
    assert all(s["token"] not in dump for s in game["seats"])


def test_refusals_name_the_header_and_change_nothing(db):
    body = two_players()
    with TestClient(create_app(db)) as c:
        for bad, why in [
            ("short-key", "16 to 255 characters, got 9"),
            ("x" * 256, "16 to 255 characters, got 256"),
            ("has a space in it!", "visible ASCII"),
            ("tab\tinside-the-key", "visible ASCII"),
        ]:
            r = c.post("/games", json=body, headers={"Idempotency-Key": bad})
            assert r.status_code == 422, r.text
            error = r.json()["error"]
            assert error["code"] == "invalid" and error["message"].startswith("Idempotency-Key")
            assert why in error["message"]
        assert games_in(db) == 0
        assert c.post("/games", json=body, headers={"Idempotency-Key": KEY}).status_code == 201
        # The key with another body: 422, and no second game.
        other = c.post(
            "/games", json=two_players(mulligan="VANCOUVER"), headers={"Idempotency-Key": KEY}
        )
        assert other.status_code == 422 and "another request" in other.json()["error"]["message"]
        assert games_in(db) == 1
        # A key on another route is another key.
        r = c.post("/rounds/commitment", headers={"Idempotency-Key": KEY})
        assert r.status_code == 201
    # A key whose first request is still in flight (claimed, no reply yet): 409 with the
    # fields every 409 has.
    now = time.time()
    in_flight = "another-key-in-flight-0001"
    with sqlite3.connect(db) as s:
        s.execute(
            "INSERT INTO idempotency (key_hash, fingerprint, created) VALUES (?,?,?)",
            (
                key_hash("POST /games", in_flight),
                fingerprint("POST /games", json.dumps(body).encode()),
                now,
            ),
        )
    with TestClient(create_app(db)) as c:
        r = c.post("/games", json=body, headers={"Idempotency-Key": in_flight})
        assert r.status_code == 409
        assert r.json()["error"] | {"message": ""} == {
            "code": "conflict",
            "message": "",
            "next_action": None,
            "pending": [],
        }
        assert games_in(db) == 1


def test_a_refused_creation_gives_its_key_up_and_a_key_lasts_a_day(db):
    body = two_players()
    with TestClient(create_app(db)) as c:
        bad = two_players(deck_a="-3 Forest\n")
        r = c.post("/games", json=bad, headers={"Idempotency-Key": KEY})
        assert r.status_code == 422
        # Nothing was kept for the refused request: the key serves the corrected body.
        first = c.post("/games", json=body, headers={"Idempotency-Key": KEY})
        assert first.status_code == 201
        # A day later the key is forgotten: the same request creates a new game.
        with sqlite3.connect(db) as s:
            s.execute("UPDATE idempotency SET created = created - 86401")
        later = c.post("/games", json=body, headers={"Idempotency-Key": KEY})
        assert later.status_code == 201 and later.json()["game_id"] != first.json()["game_id"]
        assert games_in(db) == 2


def test_rounds_and_round_commitments_are_safe_to_resend(db):
    table = two_players()["players"]
    with TestClient(create_app(db)) as c:
        committed = c.post("/rounds/commitment", headers={"Idempotency-Key": KEY})
        assert c.post("/rounds/commitment", headers={"Idempotency-Key": KEY}).content == (
            committed.content
        )
        round_id, token = committed.json()["round_id"], committed.json()["host_token"]
        body = {"round_id": round_id, "tables": [table, table]}
        bearer = {"Authorization": f"Bearer {token}", "Idempotency-Key": KEY}
        first = c.post("/rounds", json=body, headers=bearer)
        assert first.status_code == 201, first.text
        again = c.post("/rounds", json=body, headers=bearer)
        assert again.status_code == 201 and again.content == first.content
        assert games_in(db) == 2
        # Without the round's token the same key and body are another request.
        r = c.post("/rounds", json=body, headers={"Idempotency-Key": KEY})
        assert r.status_code == 422
        # A round drawn by POST /rounds itself, resent: one round of games.
        fresh = {"tables": [table]}
        a = c.post("/rounds", json=fresh, headers={"Idempotency-Key": KEY + "-fresh"})
        b = c.post("/rounds", json=fresh, headers={"Idempotency-Key": KEY + "-fresh"})
        assert a.status_code == 201 and a.content == b.content and games_in(db) == 3


def test_racing_resends_across_worker_processes_create_one_game(db):
    """Eight copies of one creation at once to a server of two worker processes: one game;
    each copy gets the first reply or, while it is in flight, 409; a resend after gets it."""
    server = Server(str(db), None, "--workers", "2", "--no-access-log").start()
    try:
        body = two_players()
        headers = {"Idempotency-Key": KEY}

        def post(_: int) -> httpx.Response:
            return httpx.post(server.url + "/games", json=body, headers=headers, timeout=30)

        with ThreadPoolExecutor(8) as pool:
            replies = list(pool.map(post, range(8)))
        assert {r.status_code for r in replies} <= {201, 409}
        created = [r for r in replies if r.status_code == 201]
        assert created and len({r.content for r in created}) == 1
        final = post(0)
        assert final.status_code == 201 and final.content == created[0].content
        assert games_in(db) == 1
    finally:
        server.stop()


def test_an_older_database_gains_the_table_and_an_abandoned_key_runs_again(db):
    body = two_players()
    with TestClient(create_app(db)) as c:
        game = c.post("/games", json=body).json()
    # A database of the version before: no idempotency table.
    with sqlite3.connect(db) as s:
        s.execute("DROP TABLE idempotency")
    with TestClient(create_app(db)) as c:
        host = {"Authorization": f"Bearer {game['host_token']}"}
        assert c.get(f"/games/{game['game_id']}", headers=host).status_code == 200
        # A key whose request has been in flight for over 5 minutes (its process died): the
        # resend runs.
        with sqlite3.connect(db) as s:
            s.execute(
                "INSERT INTO idempotency (key_hash, fingerprint, created) VALUES (?,?,?)",
                (
                    key_hash("POST /games", KEY),
                    fingerprint("POST /games", json.dumps(body).encode()),
                    time.time() - 301,
                ),
            )
        first = c.post("/games", json=body, headers={"Idempotency-Key": KEY})
        assert first.status_code == 201
        assert c.post("/games", json=body, headers={"Idempotency-Key": KEY}).content == (
            first.content
        )
        assert games_in(db) == 2
