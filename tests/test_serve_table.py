"""A whole game over HTTP (issue 21): `"whole_game": true`, each seat's numbered actions after
103.8 (by its token or the host's), the host's end revealing the seed, the log before and
after, retries, races, hostile bodies, and hidden cards staying hidden."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import mulligan as m
from mulligan.serve import create_app

from .serve_util import DECK_A, DECK_B, auth, play

Json = dict[str, Any]
SCHEMA = json.loads((Path(__file__).resolve().parents[1] / "docs" / "schema.json").read_text())


def whole_game(c: TestClient, **extra: Any) -> Json:
    players = [{"name": "Ann", "deck": DECK_A}, {"name": "Ben", "deck": DECK_B}]
    r = c.post("/games", json={"players": players, "whole_game": True, **extra})
    assert r.status_code == 201, r.text
    game: Json = r.json()
    play(c.request, game)
    return game


class Table:
    """One whole game, its seats acting with their own tokens and counting their actions."""

    def __init__(self, c: TestClient, game: Json) -> None:
        self.c, self.game = c, game
        self.gid = game["game_id"]
        self.next = {0: 1, 1: 1}

    def token(self, seat: int) -> str:
        return str(self.game["seats"][seat]["token"])

    def view(self, seat: int) -> Json:
        r = self.c.get(f"/games/{self.gid}/seats/{seat}", headers=auth(self.token(seat)))
        assert r.status_code == 200, r.text
        v: Json = r.json()
        return v

    def post(self, seat: int, action: Json, n: int | None = None, token: str | None = None) -> Any:
        body = {"n": self.next[seat] if n is None else n, **action}
        return self.c.post(
            f"/games/{self.gid}/seats/{seat}/actions",
            json=body,
            headers=auth(token or self.token(seat)),
        )

    def act(self, seat: int, action: Json) -> Json:
        r = self.post(seat, action)
        assert r.status_code == 200, (action, r.text)
        self.next[seat] += 1
        v: Json = r.json()
        assert v["next_action"] == self.next[seat]
        return v

    def log(self) -> Any:
        return self.c.get(f"/games/{self.gid}/log", headers=auth(self.game["host_token"]))


@pytest.fixture
def c(tmp_path: Path) -> Any:
    with TestClient(create_app(tmp_path / "db.sqlite3")) as client:
        yield client


def me(view: Json) -> Json:
    seat: Json = view["seats"][view["seat"]]
    return seat


def test_a_whole_game_create_start_draw_fetch_and_shuffle_end_verify(c, tmp_path):
    t = Table(c, whole_game(c))
    v = t.view(0)
    assert v["done"] and v["whole_game"] and not v["ended"] and v["next_action"] == 1
    assert v["names"] == ["Ann", "Ben"]
    hand, library = len(v["hand"]), me(v)["library_size"]

    v = t.act(0, {"action": "draw", "count": 1})
    assert len(v["hand"]) == hand + 1 and me(v)["library_size"] == library - 1
    # Fetch a land: search (the library is seen by the searcher only), find a Forest, the
    # rest shuffled without it (701.24b).
    v = t.act(0, {"action": "search"})
    [open_] = [o for o in v["looking"] if o["seat"] == 0]
    assert open_["kind"] == "search" and len(open_["cards"]) == library - 1
    assert "Forest" not in json.dumps(t.view(1)["looking"])
    forest = next(card for card in open_["cards"] if card["name"] == "Forest")
    v = t.act(0, {"action": "found", "cards": [forest["id"]], "to": "battlefield"})
    assert forest in me(v)["battlefield"] and v["looking"] == []
    shuffles = [e for e in v["events"] if e["type"] == "shuffle"]
    assert shuffles[-1]["rule"] == "701.24b" and shuffles[-1]["size"] == library - 2
    v = t.act(0, {"action": "mill", "count": 2})
    milled = me(v)["graveyard"]
    assert len(milled) == 2 and all(set(card) == {"id", "name"} for card in milled)
    v = t.act(0, {"action": "shuffle_in", "cards": [milled[0]["id"]], "from": "graveyard"})
    assert me(v)["graveyard"] == milled[1:]
    v = t.act(0, {"action": "shuffle"})
    assert v["events"][-1]["type"] == "shuffle" and v["events"][-1]["rule"] == "701.24a"

    # The log before the end: every event so far as the host's stream shows them (hidden
    # cards as counts), no seed.
    before = t.log()
    assert before.status_code == 200
    records = [json.loads(line) for line in before.text.splitlines()]
    assert not any(r.get("type") == "reveal" for r in records)
    assert "seed" not in json.dumps(records[-1])
    draws = [r for r in records if r.get("type") == "draw"]
    assert draws and all("cards" not in r and r["count"] >= 1 for r in draws), draws
    hand_ids = {card["id"] for card in t.view(0)["hand"]}
    shown = {card["id"] for r in records[1:] if r.get("seat") == 0 for card in r.get("cards", [])}
    assert hand_ids and not hand_ids & shown, (hand_ids, shown)

    ended = c.post(f"/games/{t.gid}/end", headers=auth(t.game["host_token"]))
    assert ended.status_code == 200, ended.text
    seed = ended.json()["seed"]
    assert m.Seed.from_hex(seed).commitment() == t.game["commitment"]
    assert t.view(0)["ended"] and t.post(0, {"action": "draw", "count": 1}).status_code == 422
    # A resent end (its reply lost) gets the first reply again, and ends nothing twice.
    again = c.post(f"/games/{t.gid}/end", headers=auth(t.game["host_token"]))
    assert again.status_code == 200 and again.json() == ended.json()

    after = t.log()
    assert after.status_code == 200
    records = [json.loads(line) for line in after.text.splitlines()]
    assert records[-1]["type"] == "reveal" and records[-1]["seed"] == seed
    assert any("cards" in r for r in records if r.get("type") == "draw"), "now every card"
    assert m.verify_log(records, commitment=t.game["commitment"])
    verdict = c.post("/verify", json={"log": after.text, "commitment": t.game["commitment"]})
    assert verdict.json() == {"valid": True, "message": None, "event": None}
    path = tmp_path / "game.jsonl"
    path.write_text(after.text)
    cli = subprocess.run(
        [sys.executable, "-m", "mulligan", "verify", str(path)], capture_output=True, text=True
    )
    assert cli.returncode == 0, cli.stdout + cli.stderr
    # A changed action anywhere fails the verification.
    acts = [i for i, r in enumerate(records) if r.get("type") == "act"]
    bad = [dict(r) for r in records]
    bad[acts[0]] = {**bad[acts[0]], "action": {"action": "draw", "count": 2}}
    text = "".join(json.dumps(r) + "\n" for r in bad)
    assert c.post("/verify", json={"log": text}).json()["valid"] is False


def test_events_long_poll_and_the_stream_end_only_when_the_host_ends(c):
    t = Table(c, whole_game(c))
    host = auth(t.game["host_token"])
    first = c.get(f"/games/{t.gid}/events?after=0&wait=0", headers=host).json()
    assert not first["done"]  # the game start is done, the game is not
    t.act(1, {"action": "draw", "count": 1})
    later = c.get(f"/games/{t.gid}/events?after={first['next']}&wait=1", headers=host).json()
    assert later["events"] and not later["done"]
    # The host sees that Ben drew, not what.
    assert "Secret Sphinx" not in json.dumps(later["events"])
    c.post(f"/games/{t.gid}/end", headers=host)
    last = c.get(f"/games/{t.gid}/events?after={later['next']}&wait=1", headers=host).json()
    assert last["done"]
    with c.stream(
        "GET", f"/games/{t.gid}/events?after=0", headers={**host, "Accept": "text/event-stream"}
    ) as stream:
        text = "".join(stream.iter_text())
    assert "event: done" in text and text.count("event: game") == last["next"]


def test_a_retry_gets_the_same_reply_and_a_stale_or_skipped_number_a_409(c):
    t = Table(c, whole_game(c))
    hand = len(t.view(0)["hand"])
    first = t.post(0, {"action": "draw", "count": 1})
    assert first.status_code == 200
    t.next[0] += 1
    t.act(1, {"action": "draw", "count": 2})  # another seat's action in between
    retry = t.post(0, {"action": "draw", "count": 1}, n=1)
    assert retry.status_code == 200 and retry.json() == first.json()
    other = t.post(0, {"action": "shuffle"}, n=1)
    assert other.status_code == 409 and other.json()["error"]["code"] == "conflict"
    t.act(0, {"action": "shuffle"})
    stale = t.post(0, {"action": "draw", "count": 1}, n=1)
    assert stale.status_code == 409 and "stale" in stale.json()["error"]["message"]
    skipped = t.post(0, {"action": "draw", "count": 1}, n=5)
    assert skipped.status_code == 409 and "next is 3" in skipped.json()["error"]["message"]
    assert t.view(0)["next_action"] == 3 and len(t.view(0)["hand"]) == hand + 1


def test_the_host_acts_for_a_seat_on_the_seats_counter(c):
    t = Table(c, whole_game(c))
    host = t.game["host_token"]
    t.act(0, {"action": "draw", "count": 1})
    r = t.post(0, {"action": "shuffle"}, n=2, token=host)  # the seat's route, the host's token
    # The reply to the host's token is the host's view: the public table, no hand.
    assert r.status_code == 200 and r.json()["seats"][0]["next_action"] == 3
    assert "hand" not in r.json()
    assert r.json()["seats"][0]["hand_size"] == len(t.view(0)["hand"])
    twin = c.post(
        f"/games/{t.gid}/actions",
        json={"n": 3, "seat": 0, "action": "draw", "count": 1},
        headers=auth(host),
    )
    assert twin.status_code == 200 and "hand" not in twin.json()
    assert twin.json()["seats"][0]["next_action"] == 4
    # Resent (its reply lost): the same host view again, nothing applied twice.
    again = c.post(
        f"/games/{t.gid}/actions",
        json={"n": 3, "seat": 0, "action": "draw", "count": 1},
        headers=auth(host),
    )
    assert again.status_code == 200 and again.json()["seats"] == twin.json()["seats"]
    # The seat, not knowing, sends 2 again with another body: 409, nothing changes.
    assert t.post(0, {"action": "mill", "count": 1}, n=2).status_code == 409
    # The host has every seat's authority: Ann searches Ben's library, through the host only.
    r = c.post(
        f"/games/{t.gid}/actions",
        json={"n": 1, "seat": 1, "looker": 0, "action": "search"},
        headers=auth(host),
    )
    assert r.status_code == 200, r.text
    # The host's reply shows that Ann searches, not Ben's library: Ann's own view does.
    assert "Secret Sphinx" not in r.text and r.json()["looking"] == []
    ann = t.view(0)
    assert [o["seat"] for o in ann["looking"]] == [1]
    assert "Secret Sphinx" in json.dumps(ann["looking"])
    assert t.view(1)["looking"] == []
    # Another seat's token on a seat's route: 403, before anything is read.
    wrong = t.post(1, {"action": "shuffle"}, n=2, token=t.token(0))
    assert wrong.status_code == 403
    # ... and before the body is read: a body no action takes is still a 403, not a 422.
    wrong = t.post(1, {"action": "transmogrify", "count": -1}, n=0, token=t.token(0))
    assert wrong.status_code == 403 and wrong.json()["error"]["code"] == "forbidden", wrong.text


def test_the_hosts_stream_shows_public_moves_and_counts_not_what_a_searcher_saw(c):
    """The host lets Ann search Ben's library and put a card into Ben's hand: Ann's events
    show the card she moved; the host's stream (long-poll and SSE) shows that one card went
    from Ben's library to his hand, not which, and no card of Ben's hand at all."""
    t = Table(c, whole_game(c))
    host = auth(t.game["host_token"])
    for body in [
        {"n": 1, "seat": 1, "looker": 0, "action": "search"},
        {"n": 2, "seat": 1, "looker": 0, "action": "found", "cards": [], "to": "hand"},
    ]:
        if body["action"] == "found":
            body["cards"] = [t.view(0)["looking"][0]["cards"][0]["id"]]
        r = c.post(f"/games/{t.gid}/actions", json=body, headers=host)
        assert r.status_code == 200, r.text
    ben = [json.dumps(x) for x in t.view(1)["hand"]]
    moved = [e for e in t.view(0)["events"] if e["type"] == "move"]
    assert json.dumps(moved[-1]["cards"][0]) in ben  # the searching seat saw what it moved
    events = c.get(f"/games/{t.gid}/events?after=0&wait=0", headers=host).json()["events"]
    last = [e for e in events if e["type"] == "move"][-1]
    assert (last["seat"], last["count"], "cards" in last) == (1, 1, False)
    assert (last["from"], last["to"]) == ("library", "hand")
    assert c.post(f"/games/{t.gid}/end", headers=host).status_code == 200
    with c.stream(
        "GET", f"/games/{t.gid}/events?after=0", headers={**host, "Accept": "text/event-stream"}
    ) as stream:
        streamed = "".join(stream.iter_text())
    for text in (json.dumps(events), streamed):
        assert not [x for x in ben if x in text]


def test_two_racing_actions_exactly_one_wins(tmp_path):
    with TestClient(create_app(tmp_path / "db.sqlite3")) as c:
        for _ in range(5):
            t = Table(c, whole_game(c))
            hand = len(t.view(0)["hand"])
            replies: list[Any] = []
            bodies = [{"action": "draw", "count": 1}, {"action": "mill", "count": 1}]

            def send(body: Json, t: Table = t, replies: list[Any] = replies) -> None:
                replies.append(t.post(0, body, n=1))

            threads = [threading.Thread(target=send, args=(b,)) for b in bodies]
            for th in threads:
                th.start()
            for th in threads:
                th.join()
            assert sorted(r.status_code for r in replies) == [200, 409]
            v = t.view(0)
            assert v["next_action"] == 2
            assert (len(v["hand"]) - hand, len(me(v)["graveyard"])) in ((1, 0), (0, 1))


HOSTILE: list[Any] = [
    {"n": 1, "action": "draw", "count": -1},
    {"n": 1, "action": "draw", "count": 2**64},
    {"n": 1, "action": "draw"},
    {"n": 1, "action": "draw", "count": "1"},
    {"n": 1, "action": "conjure", "count": 1},
    {"n": 1, "action": "shuffle", "extra": True},
    {"n": 1, "action": "mill", "count": 1.5},
    {"n": 1, "action": "shuffle_in", "cards": [10**6], "from": "graveyard"},
    {"n": 1, "action": "shuffle_in", "cards": [0, 0], "from": "hand"},
    {"n": 1, "action": "shuffle_in", "cards": [], "from": "library"},
    {"n": 1, "action": "found", "cards": [0], "to": "hand"},
    {"n": 1, "action": "move", "cards": [999], "from": "hand", "to": "battlefield"},
    {"n": 1, "action": "arrange", "top": [0]},
    {"n": 1, "action": "timetwister", "seats": [7], "draw": 7},
    {"n": 0, "action": "draw", "count": 1},
    {"n": -1, "action": "draw", "count": 1},
    {"n": 2**40, "action": "draw", "count": 1},
    {"n": "1", "action": "draw", "count": 1},
    {"action": "draw", "count": 1},
    {"n": 1},
    {"n": 1, "action": ""},
    {"n": 1, "action": None},
    {"n": 1, "action": "draw", "count": {"$gt": 1}},
    [],
    "draw",
    None,
]


def test_hostile_bodies_are_422_and_change_nothing(c):
    t = Table(c, whole_game(c))
    before = [t.view(0), t.view(1)]
    log_before = t.log().text
    for body in HOSTILE:
        r = c.post(f"/games/{t.gid}/seats/0/actions", json=body, headers=auth(t.token(0)))
        assert r.status_code == 422, (body, r.status_code, r.text)
        assert r.json()["error"]["code"] == "invalid" and r.json()["error"]["message"]
    raw = c.post(
        f"/games/{t.gid}/seats/0/actions",
        content=b'{"n": 1, "action": "draw", "count": 1',
        headers={**auth(t.token(0)), "Content-Type": "application/json"},
    )
    assert 400 <= raw.status_code < 500
    assert [t.view(0), t.view(1)] == before and t.log().text == log_before
    assert t.act(0, {"action": "draw", "count": 1})["next_action"] == 2


def test_actions_and_end_need_a_whole_game(c):
    players = [{"name": "Ann", "deck": DECK_A}, {"name": "Ben", "deck": DECK_B}]
    game = c.post("/games", json={"players": players}).json()
    play(c.request, game)
    t = Table(c, game)
    r = t.post(0, {"action": "draw", "count": 1})
    assert r.status_code == 409 and "whole_game" in r.json()["error"]["message"]
    r = c.post(f"/games/{t.gid}/end", headers=auth(game["host_token"]))
    assert r.status_code == 409
    assert "whole_game" not in t.view(0)  # a game start's view is as before


def test_action_records_are_the_schemas(c):
    """Every action this file sends is an `Action` of docs/schema.json (the records Python
    and C take), and the schema refuses what the service refuses as malformed."""
    jsonschema = pytest.importorskip("jsonschema")
    defs = SCHEMA.get("$defs") or SCHEMA.get("definitions") or {}
    assert "Action" in defs, sorted(defs)
    schema = {**SCHEMA, "$ref": "#/$defs/Action" if "$defs" in SCHEMA else "#/definitions/Action"}
    validator = jsonschema.Draft202012Validator(schema)
    good = [
        {"action": "draw", "count": 1},
        {"action": "shuffle"},
        {"action": "mill", "count": 2},
        {"action": "shuffle_in", "cards": [], "from": "graveyard"},
        {"action": "search"},
        {"action": "found", "cards": [1], "to": "battlefield"},
    ]
    for record in good:
        assert validator.is_valid(record), record
    for body in HOSTILE[:7]:
        if isinstance(body, dict) and body.get("n") == 1 and body.get("action") != "conjure":
            record = {k: v for k, v in body.items() if k != "n"}
            if record.get("count", 0) != 2**64:
                assert not validator.is_valid(record), record
