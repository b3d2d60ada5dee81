"""The public table state over HTTP (issue 37): tap, untap, pass_turn, create_token, counters
on a permanent, commander casts and damage and concede flow through the action routes and
show in every view; each bad input of the issue's list gets its 4xx naming the card or seat
and changes nothing; ``POST /games`` refuses an empty deck; ``POST /decks/check`` reads decks
without making a game."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from mulligan.log import verify_log
from mulligan.serve import create_app

from .serve_util import DECK_A, DECK_B, auth, play
from .test_serve_host_hidden import HostChecks, cards_in
from .test_serve_table import Table
from .test_serve_table_hidden import God

Json = dict[str, Any]
COMMANDER = "Commander\n1 Ezuri, Renegade Leader\nDeck\n50 Forest\n49 Llanowar Elves"


@pytest.fixture
def c(tmp_path: Path) -> Any:
    with TestClient(create_app(tmp_path / "db.sqlite3")) as client:
        yield client


def table(c: TestClient, decks: list[str], **extra: Any) -> Table:
    players = [{"name": f"P{i}", "deck": d} for i, d in enumerate(decks)]
    body = {"players": players, "whole_game": True, "starting_player": 0, **extra}
    r = c.post("/games", json=body)
    assert r.status_code == 201, r.text
    game: Json = r.json()
    play(c.request, game)
    t = Table(c, game)
    t.next = dict.fromkeys(range(len(decks)), 1)
    return t


def host_view(t: Table) -> Json:
    r = t.c.get(f"/games/{t.gid}", headers=auth(t.game["host_token"]))
    assert r.status_code == 200, r.text
    v: Json = r.json()
    return v


def test_tap_pass_turn_tokens_and_counters_show_in_every_view(c):
    t = table(c, [DECK_A, DECK_B])
    assert host_view(t)["turn"] == {"number": 1, "seat": 0}
    land = next(x["id"] for x in t.view(0)["hand"] if x["name"] == "Forest")
    t.act(0, {"action": "move", "cards": [land], "from": "hand", "to": "battlefield"})
    v = t.act(0, {"action": "tap", "cards": [land]})
    assert v["seats"][0]["battlefield"] == [{"id": land, "name": "Forest", "tapped": True}]
    v = t.act(0, {"action": "create_token", "name": "Goblin", "count": 2})
    goblins = [p for p in v["seats"][0]["battlefield"] if p.get("token")]
    assert [(p["id"], p["name"]) for p in goblins] == [(60, "Goblin"), (61, "Goblin")]
    t.act(0, {"action": "counter", "counter": "p1p1", "delta": 2, "card": 61})
    for view in (t.view(1), host_view(t)):
        field = view["seats"][0]["battlefield"]
        assert field[0]["tapped"] is True
        assert field[2]["counters"] == {"p1p1": 2} and field[2]["token"] is True
        assert view["turn"] == {"number": 1, "seat": 0}
    v = t.act(0, {"action": "pass_turn"})
    assert v["turn"] == {"number": 2, "seat": 1}
    # Seat 1's turn: seat 0's land stays tapped until seat 0's next turn (502.3).
    assert v["seats"][0]["battlefield"][0]["tapped"] is True
    t.act(1, {"action": "pass_turn"})
    assert "tapped" not in host_view(t)["seats"][0]["battlefield"][0]
    assert host_view(t)["turn"] == {"number": 3, "seat": 0}


def test_bad_input_is_refused_naming_the_card_or_seat_and_changes_nothing(c):
    t = table(c, [DECK_A, DECK_B])
    hand = t.view(0)["hand"][0]["id"]
    bad: list[tuple[int, Json, int, str]] = [
        (0, {"action": "tap", "cards": [hand]}, 422, f"card {hand} "),
        (0, {"action": "untap", "cards": [hand]}, 422, f"card {hand} "),
        (1, {"action": "pass_turn"}, 422, "not seat 1's turn"),
        (0, {"action": "create_token", "name": ""}, 422, "1 to 64"),
        (0, {"action": "create_token", "name": "x" * 65}, 422, "1 to 64"),
        (0, {"action": "create_token", "name": "Gob\u0000lin"}, 422, "control"),
        (0, {"action": "create_token", "name": "Goblin", "count": 0}, 422, "1 to 100"),
        (
            0,
            {"action": "counter", "counter": "p1p1", "delta": 1, "card": hand},
            422,
            f"card {hand} ",
        ),
        (0, {"action": "tap", "cards": [9999]}, 422, "card 9999"),
    ]
    before = host_view(t)
    for seat, action, status, needle in bad:
        r = t.post(seat, action)
        assert r.status_code == status, (action, r.text)
        assert needle in r.json()["error"]["message"], (action, r.text)
        after = host_view(t)
        assert after["seats"] == before["seats"] and after["turn"] == before["turn"], action
        assert after["answers"] == before["answers"], action
    # A concession with another seat's token: 403, the game goes on.
    r = t.post(1, {"action": "concede"}, token=t.token(0))
    assert r.status_code == 403, r.text
    assert host_view(t)["answers"] == before["answers"]
    assert not host_view(t)["seats"][1].get("conceded")


def test_a_concession_in_a_two_player_game_ends_it_and_the_log_verifies(c):
    t = table(c, [DECK_A, DECK_B])
    t.act(0, {"action": "create_token", "name": "Soldier"})
    t.act(1, {"action": "concede"})
    v = host_view(t)
    assert v["ended"] is True
    log = t.log()
    assert log.status_code == 200, log.text
    lines = [json.loads(line) for line in log.text.splitlines()]
    assert lines[-1]["type"] == "reveal" and verify_log(lines)
    assert [e["type"] for e in lines[-3:-1]] == ["concede", "game_over"]
    # The host's end of an ended game answers as before; no more actions.
    r = c.post(f"/games/{t.gid}/end", headers=auth(t.game["host_token"]))
    assert r.status_code == 200 and r.json()["ended"] is True
    assert t.post(0, {"action": "draw", "count": 1}).status_code in (409, 422)


def test_commander_casts_tax_damage_and_notices_over_http(c):
    t = table(c, [COMMANDER, COMMANDER, COMMANDER], variant="COMMANDER")
    t.act(0, {"action": "move", "cards": [99], "from": "command", "to": "stack"})
    v = t.act(0, {"action": "move", "cards": [99], "from": "stack", "to": "battlefield"})
    mine = v["seats"][0]
    assert mine["commanders"] == [
        {"id": 99, "name": "Ezuri, Renegade Leader", "casts": 1, "tax": 2}
    ]
    v = t.act(2, {"action": "commander_damage", "owner": 0, "commander": 99, "delta": 21})
    hit = v["seats"][2]
    assert hit["counters"]["life"] == 19
    assert hit["commander_damage"] == [
        {"seat": 0, "id": 99, "name": "Ezuri, Renegade Leader", "damage": 21}
    ]
    assert [n["rule"] for n in hit["notices"]] == ["704.6c"]
    r = t.post(2, {"action": "commander_damage", "owner": 1, "commander": 5, "delta": 1})
    assert r.status_code == 422 and "not a commander" in r.json()["error"]["message"]
    # Multiplayer: a concession leaves the others playing; the turn skips the seat.
    t.act(1, {"action": "concede"})
    v = host_view(t)
    assert v["seats"][1]["conceded"] is True and v["seats"][1]["battlefield"] == []
    assert v["ended"] is False
    t.act(0, {"action": "pass_turn"})
    assert host_view(t)["turn"] == {"number": 2, "seat": 2}


def test_an_empty_deck_is_refused_by_post_games(c):
    for deck in ("", "# just a comment\n", "Sideboard\n2 Naturalize"):
        body = {"players": [{"name": "Ann", "deck": DECK_A}, {"name": "Ben", "deck": deck}]}
        r = c.post("/games", json=body)
        assert r.status_code == 422, (deck, r.text)
        message = r.json()["error"]["message"]
        assert "players[1] ('Ben')" in message and "holds no cards" in message, message
    # A deck of its commander alone is not empty.
    body = {"players": [{"name": "A", "deck": "Commander\n1 Ezuri, Renegade Leader"}] * 2}
    assert c.post("/games", json={**body, "variant": "COMMANDER"}).status_code == 201


def test_decks_check_reads_decks_without_making_a_game(c):
    body = {
        "players": [
            {"name": "Ann", "deck": "24 Forest\n36 Grizzly Baers\nSideboard\n3 Naturalize"},
            {"name": "Ben", "deck": ""},
            {"name": "Cy", "deck": COMMANDER},
        ]
    }
    r = c.post("/decks/check", json=body)
    assert r.status_code == 200, r.text
    ann, ben, cy = r.json()["players"]
    assert (ann["name"], ann["cards"], ann["sideboard"], ann["error"]) == ("Ann", 60, 3, None)
    assert ann["unknown"] == {"Grizzly Baers": ["Grizzly Bears"]}
    assert any("Grizzly Baers" in w for w in ann["warnings"])
    assert ben["cards"] == 0 and "holds no cards" in ben["error"]
    assert (cy["cards"], cy["commanders"], cy["unknown"], cy["error"]) == (99, 1, {}, None)
    # Nothing was made, and a malformed body is a 422.
    assert c.post("/decks/check", json={"players": []}).status_code == 422
    assert c.post("/decks/check", json={"players": [{"name": "A"}]}).status_code == 422
    huge = {"players": [{"name": "A", "deck": "100000 Forest\n"}]}
    assert "over the limit" in c.post("/decks/check", json=huge).json()["players"][0]["error"]


def table_state_action(rng: random.Random, view: Json, seat: int) -> Json:
    """A random action of the public table state (or a draw, a play, a move off the
    battlefield, which make the hands, libraries and battlefields change)."""
    mine = view["seats"][seat]
    field, hand = mine["battlefield"], [x["id"] for x in view["hand"]]
    pick = rng.randrange(9)
    if pick == 0 and field:
        card = rng.choice(field)
        return {"action": "untap" if card.get("tapped") else "tap", "cards": [card["id"]]}
    if pick == 1 and field:
        card = rng.choice(field)["id"]
        return {"action": "counter", "counter": "p1p1", "delta": 1, "card": card}
    if pick == 2 and field:
        card, to = rng.choice(field)["id"], rng.choice(["hand", "graveyard", "top", "exile"])
        if to == "top":
            return {"action": "put", "cards": [card], "from": "battlefield", "to": "top"}
        return {"action": "move", "cards": [card], "from": "battlefield", "to": to}
    if pick == 3:
        return {"action": "pass_turn"}
    if pick == 4:
        return {"action": "create_token", "name": "Elf", "count": rng.randint(1, 2)}
    if pick == 5:
        owner = rng.randrange(len(view["seats"]))
        delta = rng.randint(1, 8)
        return {"action": "commander_damage", "owner": owner, "commander": 99, "delta": delta}
    if pick == 6 and hand:
        return {"action": "move", "cards": [rng.choice(hand)], "from": "hand", "to": "battlefield"}
    if pick == 7:
        return {"action": "move", "cards": [99], "from": "command", "to": "battlefield"}
    return {"action": "draw", "count": 1}


def test_the_table_state_carries_no_hidden_card_to_the_host_or_another_seat(c):
    """Four Commander seats play random table-state actions (their own tokens, and the host
    acting for them); after each, the host's view and every seat's view name no card of
    another seat's hand, library, face-down exile or outside the game (the new fields:
    battlefield entries, commanders, commander damage, notices, turn), a seat's own view its
    own hand only."""
    rng = random.Random("table-state")
    t = table(c, [COMMANDER] * 4, variant="COMMANDER")
    god = God(c, t.gid)
    checks = HostChecks(god, 4)
    accepted = refused = 0
    kinds: set[str] = set()
    while accepted < 60:
        assert refused < 200, "too many refused actions"
        seat = rng.randrange(4)
        action = table_state_action(rng, t.view(seat), seat)
        by_host = rng.random() < 0.3
        token = t.game["host_token"] if by_host else None
        r = t.post(seat, action, token=token)
        if r.status_code == 422:
            refused += 1
            continue
        assert r.status_code == 200, (action, r.text)
        t.next[seat] += 1
        accepted += 1
        kinds.add(action["action"])
        hidden = god.hidden(4)
        checks.state(host_view(t), set())
        if by_host:
            checks.state(r.json(), set())
        for viewer in range(4):
            v = t.view(viewer)
            rest = {k: x for k, x in v.items() if k not in ("events", "hand")}
            for where, owner, card in cards_in(rest):
                assert owner == viewer or card not in hidden[owner], (viewer, where, card)
    assert {"tap", "pass_turn", "create_token", "commander_damage", "counter"} <= kinds, kinds
