"""`mulligan serve` in process (Starlette's test client): the contract of issue 11."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient

import mulligan as m
from mulligan.serve import create_app
from mulligan.serve.games import GameService
from mulligan.serve.limits import Limits
from mulligan.serve.rounds import table_seed
from mulligan.serve.store import SqliteStore

from .serve_util import DECK_A, DECK_B, answer_for, auth, play, two_players

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
ROOT = Path(__file__).resolve().parents[1]
HEX64 = set("0123456789abcdef")


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(tmp_path / "db.sqlite3")) as c:
        yield c


def create(client, body=None):
    r = client.post("/games", json=body or two_players(starting_player=0))
    assert r.status_code == 201, r.text
    return r.json()


def view(client, game, seat, token=None):
    token = token or game["seats"][seat]["token"]
    return client.get(f"/games/{game['game_id']}/seats/{seat}", headers=auth(token))


def send(client, game, seat, body):
    url = f"/games/{game['game_id']}/seats/{seat}/answer"
    return client.post(url, json=body, headers=auth(game["seats"][seat]["token"]))


def test_create_returns_commitment_and_256_bit_tokens(client):
    g = create(client)
    keys = {"game_id", "commitment", "host_token", "host_url", "seats", "contributors", "warnings"}
    assert set(g) == keys
    assert g["host_url"] == f"/host/{g['game_id']}#token={g['host_token']}"
    for s in g["seats"]:
        assert s["play_url"] == f"/play/{g['game_id']}/{s['seat']}#token={s['token']}"
    assert len(g["commitment"]) == 64 and set(g["commitment"]) <= HEX64
    tokens = [g["host_token"], *(s["token"] for s in g["seats"])]
    assert all(len(t) == 64 and set(t) <= HEX64 for t in tokens)
    assert len(set(tokens)) == 3
    assert [(s["seat"], s["name"]) for s in g["seats"]] == [(0, "Ann"), (1, "Ben")]


def test_seat_view_needs_that_seats_token_and_hides_the_other_hand(client):
    g = create(client)
    r = view(client, g, 0, token="")
    r = client.get(f"/games/{g['game_id']}/seats/0")
    assert r.status_code == 401 and r.json()["error"]["code"] == "unauthorized"
    for token in (g["seats"][1]["token"], g["host_token"], "f" * 64):
        r = view(client, g, 0, token=token)
        assert r.status_code == 403 and r.json()["error"]["code"] == "forbidden"
        assert "Forest" not in r.text and "Grizzly" not in r.text and "hand" not in r.text
    v0 = view(client, g, 0).json()
    assert len(v0["hand"]) == 7 and v0["pending"][0]["kind"] == "keep_or_mulligan"
    assert isinstance(v0["pending"][0]["id"], int)
    # Seat 1's cards (only seat 1 has Islands and Sphinxes) never reach seat 0, nor the host.
    assert "Sphinx" not in json.dumps(v0) and "Island" not in json.dumps(v0)
    play(client.request, g)
    v0 = view(client, g, 0).json()
    assert v0["done"] and "Sphinx" not in json.dumps(v0) and "Island" not in json.dumps(v0)
    host = client.get(f"/games/{g['game_id']}/events", headers=auth(g["host_token"])).json()
    assert host["done"] and "Sphinx" not in json.dumps(host) and "Grizzly" not in json.dumps(host)
    assert "Sphinx" in json.dumps(view(client, g, 1).json())


def test_illegal_answer_is_422_and_changes_nothing(client):
    g = create(client)
    before = view(client, g, 0).json()
    d = before["pending"][0]
    hand_ids = {c["id"] for c in d["hand"]}
    outside = next(i for i in range(60) if i not in hand_ids)
    for bad in (
        {"decision": d["id"], "action": "bottom", "cards": [outside]},
        {"decision": d["id"], "action": "vancouver", "bottom": True},
        {"decision": d["id"], "action": "mulligan_action", "card": 59},
        {"decision": d["id"], "action": "opening_hand_action", "card": 10**6},
    ):
        r = send(client, g, 0, bad)
        assert r.status_code == 422, (bad, r.text)
        assert r.json()["error"]["code"] == "invalid"
    r = send(client, g, 0, {"decision": d["id"], "action": "dance"})
    assert r.status_code == 422 and set(r.json()) == {"error"}
    assert view(client, g, 0).json() == before


def test_a_resent_answer_gets_its_first_reply_and_another_answer_409_with_resync(client):
    """Issue 29: answers are idempotent as actions are. The same answer again (its reply
    lost) gets the first reply again, nothing applied twice; another answer to a decided
    decision, or a decision that never was, gets 409 with ``next_action`` and ``pending``."""
    g = create(client)
    d = view(client, g, 0).json()["pending"][0]
    first = send(client, g, 0, answer_for(d))
    assert first.status_code == 200
    events = len(view(client, g, 0).json()["events"])
    again = send(client, g, 0, answer_for(d))
    assert again.status_code == 200 and again.json() == first.json()
    assert len(view(client, g, 0).json()["events"]) == events
    flip = {"keep": "mulligan", "mulligan": "keep"}
    other = {"decision": d["id"], "action": flip[answer_for(d)["action"]]}
    r = send(client, g, 0, other)
    assert r.status_code == 409 and r.json()["error"]["code"] == "conflict"
    pending = [p["id"] for p in view(client, g, 0).json()["pending"]]
    assert r.json()["error"]["pending"] == pending and r.json()["error"]["next_action"] is None
    r = send(client, g, 1, {"decision": 12345, "action": "keep"})
    assert r.status_code == 409
    error = r.json()["error"]
    assert error["pending"] == [p["id"] for p in view(client, g, 1).json()["pending"]]
    assert "next_action" in error and error["next_action"] is None
    # Another seat resending this decision's answer: not its decision, 409.
    assert send(client, g, 1, {**answer_for(d), "decision": d["id"]}).status_code == 409


@pytest.mark.parametrize("same", [True, False], ids=["same answer", "other answer"])
def test_racing_answers_from_two_processes_one_wins(tmp_path, same):
    """Two services on one database, each with the game cached: both answer the same decision.
    The answer log's key (game, number) lets exactly one store it; the other, rebuilt from
    the store, finds the decision decided: the same answer gets the first reply (200), another
    409."""

    async def run():
        a = GameService(SqliteStore(tmp_path / "race.sqlite3"), Limits())
        b = GameService(SqliteStore(tmp_path / "race.sqlite3"), Limits())
        g = await a.create(two_players(starting_player=0), [])
        d = (await b.view(g["game_id"], 0))["pending"][0]
        await a.view(g["game_id"], 0)
        results = []
        mine = answer_for(d)
        flip = {"keep": "mulligan", "mulligan": "keep"}
        theirs = mine if same else {**mine, "action": flip[mine["action"]]}
        for service, body in ((a, mine), (b, theirs)):
            try:
                await service.answer(g["game_id"], 0, body)
                results.append(200)
            except Exception as e:
                results.append(getattr(e, "status", e))
        stored = await a.store.answers(g["game_id"], 0)
        return results, stored

    results, stored = asyncio.run(run())
    assert results == ([200, 200] if same else [200, 409])
    assert len(stored) == 1


def test_events_long_poll_and_visibility(client):
    g = create(client)
    gid, host = g["game_id"], auth(g["host_token"])
    first = client.get(f"/games/{gid}/events", headers=host).json()
    n = first["next"]
    assert n == len(first["events"]) > 0 and not first["done"]
    t0 = time.monotonic()
    empty = client.get(f"/games/{gid}/events?after={n}&wait=0.3", headers=host).json()
    assert empty == {"events": [], "next": n, "done": False}
    assert time.monotonic() - t0 >= 0.25
    d = view(client, g, 0).json()["pending"][0]
    timer = threading.Timer(0.3, lambda: send(client, g, 0, answer_for(d)))
    timer.start()
    woke = client.get(f"/games/{gid}/events?after={n}&wait=10", headers=host).json()
    timer.join()
    assert woke["events"] and woke["next"] > n
    seat0 = client.get(f"/games/{gid}/events", headers=auth(g["seats"][0]["token"])).json()
    assert any(e.get("cards") for e in seat0["events"] if e["type"] == "draw")
    r = client.get(f"/games/{gid}/events")
    assert r.status_code == 401
    r = client.get(f"/games/{gid}/events", headers=auth("0" * 64))
    assert r.status_code == 403


def test_events_as_server_sent_events(client):
    g = create(client)
    play(client.request, g)
    headers = {**auth(g["seats"][1]["token"]), "Accept": "text/event-stream"}
    with client.stream("GET", f"/games/{g['game_id']}/events", headers=headers) as r:
        assert r.headers["content-type"].startswith("text/event-stream")
        text = "".join(r.iter_text())
    blocks = [b.splitlines() for b in text.split("\n\n") if b.startswith("id:")]
    events = [json.loads(b[2][6:]) for b in blocks if b[1] == "event: game"]
    polled = client.get(
        f"/games/{g['game_id']}/events", headers=auth(g["seats"][1]["token"])
    ).json()
    assert events == polled["events"]
    assert "event: done" in text


def test_log_for_the_host_once_done_and_it_verifies(client):
    g = create(client)
    gid, host = g["game_id"], auth(g["host_token"])
    r = client.get(f"/games/{gid}/log", headers=host)
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_done"
    seat = auth(g["seats"][0]["token"])
    assert client.get(f"/games/{gid}/log", headers=seat).status_code == 403
    play(client.request, g)
    r = client.get(f"/games/{gid}/log", headers=host)
    assert r.status_code == 200
    # Once the game is over its seed is public: a seat's page shows and verifies the log too.
    assert client.get(f"/games/{gid}/log", headers=seat).text == r.text
    records = [json.loads(line) for line in r.text.splitlines()]
    assert records[0]["commitment"] == g["commitment"]
    assert m.verify_log(records, commitment=g["commitment"])
    verdict = client.post("/verify", json={"log": r.text, "commitment": g["commitment"]}).json()
    assert verdict == {"valid": True, "message": None, "event": None}
    i = next(i for i, e in enumerate(records) if e["type"] == "draw")
    records[i]["cards"][0]["name"] = "Black Lotus"
    verdict = client.post("/verify", json={"log": records}).json()
    assert verdict["valid"] is False and verdict["event"] == i - 1


def test_contributions_are_awaited_and_mixed_into_the_seed(client):
    g = create(client, two_players(starting_player=0, contributions=[0, 1]))
    assert g["contributors"] == [0, 1]
    v = view(client, g, 0).json()
    assert v["contributing"] == [0, 1] and v["pending"] == [] and v["hand"] == []
    assert send(client, g, 0, {"decision": 0, "action": "keep"}).status_code == 409
    url = f"/games/{g['game_id']}/seats/{{}}/contribution"
    mine = [bytes([s + 1]) * 32 for s in (0, 1)]
    for seat in (0, 1):
        r = client.post(
            url.format(seat),
            json={"contribution": mine[seat].hex()},
            headers=auth(g["seats"][seat]["token"]),
        )
        assert r.status_code == 200, r.text
        assert r.json()["contribution_commitment"] == m.contribution_commitment(mine[seat])
    again = client.post(
        url.format(0), json={"contribution": "00" * 32}, headers=auth(g["seats"][0]["token"])
    )
    assert again.status_code == 409
    play(client.request, g)
    text = client.get(f"/games/{g['game_id']}/log", headers=auth(g["host_token"])).text
    records = [json.loads(line) for line in text.splitlines()]
    assert records[-1]["contributions"] == [c.hex() for c in mine]
    assert m.verify_log(records, commitment=g["commitment"])


def test_a_seat_that_does_not_contribute_adds_nothing(client):
    g = create(client, two_players(starting_player=0, contributions=[1]))
    assert view(client, g, 0).json()["contributing"] == [1]
    r = client.post(
        f"/games/{g['game_id']}/seats/0/contribution",
        json={"contribution": "11" * 32},
        headers=auth(g["seats"][0]["token"]),
    )
    assert r.status_code == 409
    r = client.post(
        f"/games/{g['game_id']}/seats/1/contribution",
        json={"contribution": "22" * 32},
        headers=auth(g["seats"][1]["token"]),
    )
    assert r.status_code == 200 and r.json()["waiting_for"] == []
    play(client.request, g)
    text = client.get(f"/games/{g['game_id']}/log", headers=auth(g["host_token"])).text
    records = [json.loads(line) for line in text.splitlines()]
    assert records[-1]["contributions"] == ["", "22" * 32]
    assert m.verify_log(records, commitment=g["commitment"])


def test_limits_answer_with_json_errors(tmp_path):
    limits = Limits(games_per_minute=3)
    with TestClient(create_app(tmp_path / "db.sqlite3", limits=limits)) as c:
        r = c.post("/games", content=b"{" + b" " * (2 << 20) + b"}")
        assert r.status_code == 413 and r.json()["error"]["code"] == "too_large"
        many = {"players": [{"name": str(i), "deck": DECK_A} for i in range(17)]}
        assert c.post("/games", json=many).status_code == 422
        for text in ("1001 Forest", "100000 Forest\n" * 1000):
            r = c.post("/games", json=two_players(deck_a=text))
            assert r.status_code == 422 and "limit" in r.json()["error"]["message"]
        for _ in range(3):
            assert c.post("/games", json=two_players()).status_code == 201
        r = c.post("/games", json=two_players())
        assert r.status_code == 429 and r.json()["error"]["code"] == "rate_limited"
        assert int(r.headers["retry-after"]) >= 1
        assert c.get("/nowhere").json()["error"]["code"] == "not_found"
        assert c.delete("/games").json()["error"]["code"] == "method_not_allowed"
        r = c.post("/games", content=b"not json", headers={"content-type": "application/json"})
        assert r.status_code == 422 and r.json()["error"]["code"] == "invalid"


def test_openapi_document_matches_docs(client):
    committed = json.loads((ROOT / "docs" / "openapi.json").read_text())
    assert client.get("/openapi.json").json() == committed, (
        "docs/openapi.json is stale: python -m mulligan.serve.openapi > docs/openapi.json"
    )


def test_healthz(client):
    assert client.get("/healthz").json() == {
        "status": "ok",
        "version": m.__version__,
        "store": "sqlite",
    }


def test_round_of_1000_tables_follows_play_draw(client):
    pairs = [
        [{"name": f"p{2 * t}", "deck": DECK_A}, {"name": f"p{2 * t + 1}", "deck": DECK_B}]
        for t in range(1000)
    ]
    r = client.post("/rounds", json={"tables": pairs})
    assert r.status_code == 201, r.text[:500]
    created = r.json()
    tables = created["tables"]
    assert [t["table"] for t in tables] == list(range(1000))
    assert len({t["game_id"] for t in tables}) == 1000
    # The choosers are what anyone computes from the round seed once it is revealed.
    state = client.get(f"/rounds/{created['round_id']}", headers=auth(created["host_token"]))
    assert state.json()["seed"] is None and state.json()["done"] == 0


def test_round_seed_revealed_when_done_recomputes_every_table(client):
    committed = client.post("/rounds/commitment").json()
    pairs = [[{"name": "a", "deck": DECK_A}, {"name": "b", "deck": DECK_B}] for _ in range(3)]
    r = client.post(
        "/rounds",
        json={"tables": pairs, "round_id": committed["round_id"]},
        headers=auth(committed["host_token"]),
    )
    assert r.status_code == 201, r.text
    created = r.json()
    assert created["commitment"] == committed["commitment"]
    again = client.post(
        "/rounds",
        json={"tables": pairs, "round_id": committed["round_id"]},
        headers=auth(committed["host_token"]),
    )
    assert again.status_code == 409
    for t in created["tables"]:
        play(client.request, t)
    state = client.get(
        f"/rounds/{created['round_id']}", headers=auth(committed["host_token"])
    ).json()
    assert state["done"] == 3 and state["seed"] is not None
    seed = m.Seed.from_hex(state["seed"])
    assert seed.commitment() == committed["commitment"]
    choosers = m.tournament.play_draw(seed, 3)
    for t in created["tables"]:
        assert t["chooser"] == int(choosers[t["table"]])
        assert table_seed(seed, t["table"]).commitment() == t["commitment"]
        log = client.get(f"/games/{t['game_id']}/log", headers=auth(created["host_token"]))
        records = [json.loads(line) for line in log.text.splitlines()]
        assert records[-1]["seed"] == table_seed(seed, t["table"]).hex()
        assert records[0]["chooser"] == t["chooser"]
        assert m.verify_log(records, commitment=t["commitment"])


def test_simulate_equals_the_library_call_and_is_bounded(tmp_path):
    limits = Limits()
    with TestClient(create_app(tmp_path / "db.sqlite3", limits=limits)) as c:
        body = {
            "deck": DECK_A,
            "games": 250_000,
            "seed": "00" * 32,
            "keep": {"ranges": {"7": [2, 5]}, "keep_at": 5},
        }
        got = c.post("/simulate", json=body).json()
        deck_warnings = [
            {"code": "deck", "message": f"deck: {w}"} for w in m.Deck.parse(DECK_A).warnings
        ]
        assert got.pop("warnings") == deck_warnings
        want = m.simulate(
            m.Deck.parse(DECK_A),
            games=250_000,
            seed="00" * 32,
            keep=m.KeepRule({7: (2, 5)}, keep_at=5),
        ).to_dict()
        assert got == {"seed": "00" * 32, **json.loads(json.dumps(want))}
        assert c.post("/simulate", json={**body, "games": 2_000_001}).status_code == 422
        limits.simulate_seconds = 0.0
        r = c.post("/simulate", json={**body, "games": 300_000})
        assert r.status_code == 413 and r.json()["error"]["code"] == "too_large"
        bad = c.post("/simulate", json={**body, "keep": {"ranges": {"seven": [2, 5]}}})
        assert bad.status_code == 422


def test_view_json_matches_the_engine_view_field_by_field(client):
    g = create(client)
    v = view(client, g, 1).json()
    assert set(v) >= {
        "seat",
        "hand",
        "seats",
        "starting_player",
        "events",
        "pending",
        "waiting_for",
    }
    assert all(set(c) == {"id", "name"} for c in v["hand"])
    [waiting] = v["waiting_for"]
    assert waiting["seat"] == 0 and waiting["kind"] == "keep_or_mulligan"
    assert isinstance(waiting["id"], int)  # the decision's id: a 409's `pending` names it
    _ = DECK_B


def test_variants_and_table_options_pass_through_post_games(client):
    """docs/VARIANTS.md over HTTP: the new eras and the table options in the POST /games body,
    the partial mulligan and the land redraw as answers, and the log verifies."""
    g = create(
        client,
        two_players(mulligan="HOUSTON", starting_player=0, free_mulligans=1, smoothing="weighted3"),
    )
    view0 = view(client, g, 0).json()
    assert view0["pending"][0]["kind"] == "bottom" and view0["pending"][0]["count"] == 3
    play(client.request, g)
    gid, host = g["game_id"], auth(g["host_token"])
    log = client.get(f"/games/{gid}/log", headers=host).text
    records = [json.loads(x) for x in log.splitlines()]
    assert records[0]["mulligan"] == "HOUSTON" and records[0]["smoothing"] == "weighted3"
    assert m.verify_log(records, commitment=g["commitment"])

    g = create(client, two_players(mulligan="PARTIAL_PARIS", starting_player=0))
    d = view(client, g, 0).json()["pending"][0]
    cards = [c["id"] for c in d["hand"][:2]]
    body = {"decision": d["id"], "action": "partial_mulligan", "cards": cards}
    assert send(client, g, 0, body).status_code == 200, "partial_mulligan"
    g = create(client, two_players("60 Forest", DECK_B, land_mulligan=True, starting_player=0))
    d = view(client, g, 0).json()["pending"][0]
    assert d["can_land_mulligan"] is True
    r = send(client, g, 0, {"decision": d["id"], "action": "land_mulligan"})
    assert r.status_code == 200, r.text
    d = view(client, g, 0).json()["pending"][0]
    r = send(client, g, 0, {"decision": d["id"], "action": "land_mulligan"})
    assert r.status_code == 422 and "once per game" in r.text, r.text
    g = create(client, two_players(mulligan="NONE", land_mulligan=True, starting_player=0))
    d = view(client, g, 0).json()["pending"][0]
    assert d["kind"] == "keep_or_mulligan" and d["can_mulligan"] is False
    r = send(client, g, 0, {"decision": d["id"], "action": "mulligan"})
    assert r.status_code == 422, r.text
    play(client.request, g)
    gid, host = g["game_id"], auth(g["host_token"])
    log = client.get(f"/games/{gid}/log", headers=host).text
    records = [json.loads(x) for x in log.splitlines()]
    assert records[0]["mulligan"] == "NONE" and records[0]["land_mulligan"] is True
    assert m.verify_log(records, commitment=g["commitment"])
    bad = client.post("/games", json=two_players(free_mulligans=6))
    assert bad.status_code == 422
    bad = client.post("/games", json=two_players(mulligan="HOUSTON", land_mulligan=True))
    assert bad.status_code in (400, 422), bad.text


def test_post_simulate_takes_the_variants_and_table_options(client):
    body = {"deck": DECK_A, "games": 300, "seed": "5" * 64, "mulligan": "CANADIAN_HIGHLANDER"}
    plain = client.post("/simulate", json=body)
    assert plain.status_code == 200, plain.text
    smoothed = client.post("/simulate", json={**body, "smoothing": "arena2"})
    assert smoothed.status_code == 200, smoothed.text
    assert smoothed.json()["smoothing"] == "arena2" and plain.json()["smoothing"] is None
    direct = m.simulate(
        m.Deck.parse(DECK_A),
        games=300,
        seed="5" * 64,
        mulligan=m.MulliganRule.CANADIAN_HIGHLANDER,
        smoothing="arena2",
    )
    assert smoothed.json()["mulligans"] == {str(k): v for k, v in direct.mulligans.items()}
    bad = client.post("/simulate", json={**body, "free_mulligans": 9})
    assert bad.status_code == 422


def test_post_simulate_takes_the_partial_paris_exile_policy(client):
    body = {"deck": DECK_A, "games": 2000, "seed": "6" * 64, "mulligan": "PARTIAL_PARIS"}
    ranges = {"7": [3, 4], "6": [2, 4], "5": [2, 3]}
    answers = {}
    for exile in ("hand", "excess"):
        r = client.post("/simulate", json={**body, "keep": {"ranges": ranges, "exile": exile}})
        assert r.status_code == 200, r.text
        direct = m.simulate(
            m.Deck.parse(DECK_A),
            games=2000,
            seed="6" * 64,
            mulligan=m.MulliganRule.PARTIAL_PARIS,
            keep=m.KeepRule({int(k): (lo, hi) for k, (lo, hi) in ranges.items()}, exile=exile),
        )
        answers[exile] = r.json()["hand_lands"]
        assert answers[exile] == direct.to_dict()["hand_lands"], exile
    assert answers["hand"] != answers["excess"]
    bad = client.post("/simulate", json={**body, "keep": {"exile": "spells"}})
    assert bad.status_code == 422 and "exile" in bad.text


def test_post_simulate_with_smoothing_keeps_to_the_time_limit(tmp_path):
    """Smoothing is dealt game by game, slower than the kernels: under a 0.2 s limit, 2,000,000
    games stop at the limit with 413 (checked every 10,000 games of those,
    mulligan.serve.simulate)."""
    limits = Limits()
    limits.simulate_seconds = 0.2
    with TestClient(create_app(tmp_path / "db.sqlite3", limits=limits)) as c:
        body = {"deck": DECK_A, "games": 2_000_000, "mulligan": "HOUSTON", "smoothing": "arena2"}
        r = c.post("/simulate", json=body)
        assert r.status_code == 413, r.text
        message = r.json()["error"]["message"]
        assert "games; ask for fewer" in message and "after 0 of" not in message, message


def test_round_tables_take_the_table_options(client):
    pairs = [[{"name": "a", "deck": DECK_A}, {"name": "b", "deck": DECK_B}] for _ in range(2)]
    body = {"tables": pairs, "free_mulligans": 2, "land_mulligan": True}
    r = client.post("/rounds", json=body)
    assert r.status_code == 201, r.text
    created = r.json()
    table = created["tables"][0]
    play(client.request, table)
    log = client.get(f"/games/{table['game_id']}/log", headers=auth(created["host_token"]))
    assert log.status_code == 200, log.text
    header = json.loads(log.text.splitlines()[0])
    assert header["free_mulligans"] == 2 and header["land_mulligan"] is True, header
    assert client.post("/rounds", json={**body, "free_mulligans": 9}).status_code == 422
