"""Issue 29's server: the host's own view (``GET /games/{id}`` with the host token, and every
reply to the host's token built from it), public counters (life, poison, named ones) as
actions in the log, the resync fields of every 409, idempotent answers and end, and
one-time invites (``"invites": true``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import mulligan as m
from mulligan.serve import create_app

from .serve_util import DECK_A, DECK_B, auth, play

Json = dict[str, Any]


@pytest.fixture
def c(tmp_path: Path) -> Any:
    with TestClient(create_app(tmp_path / "db.sqlite3")) as client:
        yield client


def create(c: TestClient, **extra: Any) -> Json:
    players = [{"name": "Ann", "deck": DECK_A}, {"name": "Ben", "deck": DECK_B}]
    r = c.post("/games", json={"players": players, "whole_game": True, **extra})
    assert r.status_code == 201, r.text
    game: Json = r.json()
    return game


def claim(c: TestClient, game: Json, seat: int, invite: str | None = None) -> Any:
    code = invite if invite is not None else game["seats"][seat]["invite"]
    return c.post(f"/games/{game['game_id']}/seats/{seat}/claim", json={"invite": code})


def host_view(c: TestClient, game: Json) -> Json:
    r = c.get(f"/games/{game['game_id']}", headers=auth(game["host_token"]))
    assert r.status_code == 200, r.text
    v: Json = r.json()
    return v


def test_the_host_view_is_the_public_table_with_counts_counters_and_next_actions(c):
    game = create(c)
    start = host_view(c, game)
    # Before the start is done: every pending decision by id and kind, no hand.
    assert start["pending"] == [w["id"] for w in start["waiting_for"]] and start["pending"]
    for s in start["seats"]:
        assert [p["id"] for p in s["pending"]] == [
            w["id"] for w in start["waiting_for"] if w["seat"] == s["seat"]
        ]
    assert "hand" not in start and "Grizzly" not in json.dumps(start["seats"])
    play(c.request, game)
    v = host_view(c, game)
    assert v["whole_game"] and not v["ended"] and v["names"] == ["Ann", "Ben"]
    assert v["pending"] == [] and "hand" not in v
    for s in v["seats"]:
        mine = c.get(
            f"/games/{game['game_id']}/seats/{s['seat']}",
            headers=auth(game["seats"][s["seat"]]["token"]),
        ).json()
        assert s["next_action"] == 1 and s["hand_size"] == len(mine["hand"])
        assert s["library_size"] == mine["seats"][s["seat"]]["library_size"] > 0
        assert s["counters"] == {"life": 20, "poison": 0} and s["life"] == 20
    # The host's view names no card of a hand or library: Ben's cards are all Secret Sphinx
    # or Island, Ann's Forest, Grizzly Bears or Serum Powder, none public yet.
    for name in ("Secret Sphinx", "Island", "Forest", "Grizzly", "Serum"):
        assert name not in json.dumps(v), name
    # A seat's token is not the host's: 403.
    r = c.get(f"/games/{game['game_id']}", headers=auth(game["seats"][0]["token"]))
    assert r.status_code == 403


def test_counters_are_public_actions_every_view_shows_and_the_log_verifies(c):
    game = create(c)
    play(c.request, game)
    gid, host = game["game_id"], auth(game["host_token"])
    ann, ben = (auth(s["token"]) for s in game["seats"])
    r = c.post(
        f"/games/{gid}/seats/0/actions",
        json={"n": 1, "action": "counter", "counter": "life", "delta": -3},
        headers=ann,
    )
    assert r.status_code == 200, r.text
    assert r.json()["seats"][0]["counters"]["life"] == 17 and r.json()["next_action"] == 2
    r = c.post(
        f"/games/{gid}/actions",
        json={"n": 1, "seat": 1, "action": "counter", "counter": "poison", "set": 4},
        headers=host,
    )
    assert r.status_code == 200, r.text
    assert r.json()["seats"][1]["counters"] == {"life": 20, "poison": 4}
    bad = c.post(
        f"/games/{gid}/seats/1/actions",
        json={"n": 2, "action": "counter", "counter": "life", "delta": 1, "set": 2},
        headers=ben,
    )
    assert bad.status_code == 422 and "exactly one of delta and set" in bad.text
    # Every view sees both, and the public event with the value.
    for v in (
        c.get(f"/games/{gid}/seats/1", headers=ben).json(),
        host_view(c, game),
    ):
        assert v["seats"][0]["counters"]["life"] == 17 and v["seats"][0]["life"] == 17
        assert v["seats"][1]["counters"]["poison"] == 4
        changes = [
            (e["seat"], e["counter"], e["value"]) for e in v["events"] if e["type"] == "counter"
        ]
        assert changes == [(0, "life", 17), (1, "poison", 4)]
    assert c.post(f"/games/{gid}/end", headers=host).status_code == 200
    log = [json.loads(x) for x in c.get(f"/games/{gid}/log", headers=host).text.splitlines()]
    assert m.verify_log(log, commitment=game["commitment"])
    # The log keeps the counter as an action: a changed delta no longer verifies.
    tampered = [dict(r) for r in log]
    i = next(i for i, r in enumerate(tampered) if r.get("type") == "act")
    tampered[i] = json.loads(json.dumps(tampered[i]).replace('"delta": -3', '"delta": -4'))
    assert tampered[i] != log[i]
    with pytest.raises(m.LogError):
        m.verify_log(tampered, commitment=game["commitment"])


def test_every_409_of_the_table_carries_next_action_and_pending(c):
    game = create(c)
    play(c.request, game)
    gid, host = game["game_id"], auth(game["host_token"])
    ann = auth(game["seats"][0]["token"])
    ok = c.post(
        f"/games/{gid}/seats/0/actions", json={"n": 1, "action": "draw", "count": 1}, headers=ann
    )
    assert ok.status_code == 200
    for url, body, headers in [
        (f"/games/{gid}/seats/0/actions", {"n": 5, "action": "draw", "count": 1}, ann),
        (f"/games/{gid}/seats/0/actions", {"n": 1, "action": "mill", "count": 1}, ann),
        (f"/games/{gid}/actions", {"n": 1, "seat": 0, "action": "shuffle"}, host),
    ]:
        r = c.post(url, json=body, headers=headers)
        assert r.status_code == 409, r.text
        error = r.json()["error"]
        assert error["code"] == "conflict" and error["next_action"] == 2 and error["pending"] == []
    # The game start's 409 (a decision not pending): the seat's pending ids.
    fresh = create(c)
    d = c.get(f"/games/{fresh['game_id']}/seats/1", headers=auth(fresh["seats"][1]["token"])).json()
    r = c.post(
        f"/games/{fresh['game_id']}/seats/1/answer",
        json={"decision": 999, "action": "keep"},
        headers=auth(fresh["seats"][1]["token"]),
    )
    assert r.status_code == 409
    assert r.json()["error"]["pending"] == [p["id"] for p in d["pending"]]
    # A 409 of a route with no seat still carries both fields.
    r = c.get(f"/games/{fresh['game_id']}/log", headers=auth(fresh["host_token"]))
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_done"
    assert r.json()["error"]["next_action"] is None and r.json()["error"]["pending"] == []


def test_invites_give_each_seat_its_token_once_and_a_second_open_is_shown_to_both(c):
    game = create(c, invites=True)
    gid = game["game_id"]
    assert game["host_url"] == f"/host/{gid}#token={game['host_token']}"
    for s in game["seats"]:
        assert "token" not in s or s["token"] is None
        assert s["play_url"] == f"/play/{gid}/{s['seat']}#invite={s['invite']}"
    assert game["seats"][0]["invite"] != game["seats"][1]["invite"]
    # Another seat's invite, or a made-up one: 403, and the seat stays unclaimed.
    assert claim(c, game, 0, game["seats"][1]["invite"]).status_code == 403
    assert claim(c, game, 0, "0" * 32).status_code == 403
    first = claim(c, game, 0)
    assert first.status_code == 200, first.text
    token = first.json()["token"]
    assert len(token) == 64 and first.json()["play_url"] == f"/play/{gid}/0#token={token}"
    mine = c.get(f"/games/{gid}/seats/0", headers=auth(token))
    assert mine.status_code == 200 and "invite_reused" not in mine.json()
    second = claim(c, game, 0)
    assert second.status_code == 409, second.text
    error = second.json()["error"]
    assert error["code"] == "already_claimed" and token not in second.text
    assert "next_action" in error and "pending" in error
    # Shown to the first holder from then on; the other seat is untouched.
    assert c.get(f"/games/{gid}/seats/0", headers=auth(token)).json()["invite_reused"] is True
    ben = claim(c, game, 1).json()["token"]
    assert "invite_reused" not in c.get(f"/games/{gid}/seats/1", headers=auth(ben)).json()
    # The claimed tokens play the game.
    game["seats"][0]["token"], game["seats"][1]["token"] = token, ben
    play(c.request, game)
    assert host_view(c, game)["done"]


def test_claim_needs_a_game_with_invites_and_a_seat_that_exists(c):
    game = create(c)
    r = claim(c, game, 0, "ab" * 16)
    assert r.status_code == 404 and r.json()["error"]["code"] == "not_found"
    invited = create(c, invites=True)
    assert claim(c, invited, 5, "ab" * 16).status_code == 404
    r = c.post(f"/games/{'0' * 32}/seats/0/claim", json={"invite": "ab"})
    assert r.status_code == 404


def test_invites_survive_a_restart_and_a_second_process(tmp_path):
    """The invite is stored (hashed, the token sealed by it): a second application on the
    same database gives the token to the first claim and refuses the second."""
    db = tmp_path / "db.sqlite3"
    with TestClient(create_app(db)) as a, TestClient(create_app(db)) as b:
        game = create(a, invites=True)
        got = claim(b, game, 1)
        assert got.status_code == 200
        assert claim(a, game, 1).status_code == 409
        token = got.json()["token"]
        view = a.get(f"/games/{game['game_id']}/seats/1", headers=auth(token))
        assert view.status_code == 200 and view.json()["invite_reused"] is True
    raw = b"".join(p.read_bytes() for p in tmp_path.iterdir() if p.name.startswith("db."))
    for s in game["seats"]:
        assert s["invite"].encode() not in raw
    assert token.encode() not in raw


def test_every_seat_of_a_round_has_its_play_url(c):
    """`seats[].play_url` in every reply that gives seats: a round's tables too."""
    tables = [[{"name": "Ann", "deck": DECK_A}, {"name": "Ben", "deck": DECK_B}]] * 2
    r = c.post("/rounds", json={"tables": tables})
    assert r.status_code == 201, r.text
    for table in r.json()["tables"]:
        for s in table["seats"]:
            assert s["play_url"] == f"/play/{table['game_id']}/{s['seat']}#token={s['token']}"


def test_a_database_from_before_invites_gains_the_table_and_its_games_play_on(tmp_path):
    """The schema change is a new table (CREATE TABLE IF NOT EXISTS at start-up): a database
    written by a version without invites opens, its games play on without invites, and new
    games get them."""
    import sqlite3

    db = tmp_path / "old.sqlite3"
    with TestClient(create_app(db)) as c:
        old = create(c)
    with sqlite3.connect(db) as conn:
        conn.execute("DROP TABLE invites")  # as an older version left it
    with TestClient(create_app(db)) as c:
        play(c.request, old)
        view = c.get(
            f"/games/{old['game_id']}/seats/0", headers=auth(old["seats"][0]["token"])
        ).json()
        assert view["done"] and "invite_reused" not in view
        assert claim(c, old, 0, "ab" * 16).status_code == 404
        new = create(c, invites=True)
        assert claim(c, new, 0).status_code == 200
