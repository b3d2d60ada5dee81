"""Every reply to the host's token carries no hidden card (issue 29): the twin of
tests/test_serve_table_hidden.py for the host. Random whole games from fixed seeds (2, 3 and 4
seats: two-player, free-for-all, Two-Headed Giant, Commander), seats acting with their own
tokens and the host acting for them (on its own route and on the seat's route, letting another
seat search or look, resending an action whose reply was "lost"), counters among the actions.
After every accepted action each host-token reply (the action's own reply when the host acted,
its resent twin, and ``GET /games/{id}``) is checked against the god view of the in-process
service's game: a card of a hand, a library, face-down exile or outside the game appears
nowhere in the reply (a card is named by its id in its owner's deck, and the log header's
deck lists number the cards, so an id names a card); only what every player sees does: public
piles, revealed cards, and events that show a card only when it was public before or after
the action, or revealed."""

from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from fastapi.testclient import TestClient

import mulligan as m
import mulligan.serve.games
from mulligan.serve import create_app

from .serve_util import answer_for, auth
from .test_serve_table_hidden import GAMES, Allowed, God, acting_view, random_action

Json = dict[str, Any]

#: Actions accepted per game.
ACTIONS = 60


@pytest.fixture
def c(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    fixed = SimpleNamespace(generate=lambda: m.Seed.from_hex("a7" * 32))
    monkeypatch.setattr(mulligan.serve.games, "Seed", fixed)
    with TestClient(create_app(tmp_path / "db.sqlite3")) as client:
        yield client


def cards_in(value: Any, owner: int | None = None, path: str = "") -> list[tuple[str, Any, Any]]:
    """Every card a reply names, anywhere in it: (where, owner, id) for each object with an
    ``id`` and a ``name``, its owner the nearest enclosing object's ``seat``."""
    out: list[tuple[str, Any, Any]] = []
    if isinstance(value, dict):
        here = value.get("seat") if isinstance(value.get("seat"), int) else owner
        if "id" in value and "name" in value:
            out.append((path, here, value["id"]))
        for k, v in value.items():
            out += cards_in(v, here, f"{path}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += cards_in(v, owner, f"{path}[{i}]")
    return out


class HostChecks:
    """The checks of every host-token reply of one game."""

    def __init__(self, god: God, seats: int) -> None:
        self.god, self.seats = god, seats
        self.checked = 0  # the host's events checked so far (an event never changes)
        self.replies = 0

    def state(self, reply: Json, reveals: set[int]) -> None:
        """The reply's table: no hand or seat-only zone, and every card it names outside its
        events public now, or in an open reveal of its owner's library."""
        self.replies += 1
        for key in ("hand", "face_down_exile", "outside"):
            assert key not in reply, key
        hidden = self.god.hidden(self.seats)
        for x in reply.get("looking", []):
            assert x["kind"] == "reveal" and x["seat"] in reveals, x
        rest = {k: v for k, v in reply.items() if k != "events"}
        for where, owner, card in cards_in(rest):
            if where.startswith(".looking"):
                continue
            assert isinstance(owner, int) and card not in hidden[owner], (where, owner, card)

    def events(self, reply: Json, allowed: Allowed) -> None:
        """The reply's events not checked before, against the action that made them."""
        start = reply.get("events_from", 0)
        events = reply["events"]
        new = events[max(0, self.checked - start) :]
        assert start + len(events) >= self.checked, "the host's events went back"
        allowed.check(None, new)
        for e in new:
            for where, owner, _ in cards_in(e):
                assert isinstance(owner, int), (where, e)
        self.checked = start + len(events)


@pytest.mark.parametrize(("variant", "era", "decks"), GAMES, ids=[g[0] for g in GAMES])
def test_no_host_token_reply_carries_a_hidden_card(c, variant, era, decks):
    rng = random.Random(f"host/{variant}/{era}")
    players: list[Json] = [{"name": f"P{i}", "deck": d} for i, d in enumerate(decks)]
    if variant == "TWO_HEADED_GIANT":
        for i, p in enumerate(players):
            p["team"] = i // 2
    body = {"players": players, "variant": variant, "mulligan": era, "whole_game": True}
    created = c.post("/games", json=body)
    assert created.status_code == 201, created.text
    game: Json = created.json()
    gid, n = game["game_id"], len(players)
    tokens = [s["token"] for s in game["seats"]]
    host = auth(game["host_token"])
    god = God(c, gid)
    checks = HostChecks(god, n)

    def host_view() -> Json:
        r = c.get(f"/games/{gid}", headers=host)
        assert r.status_code == 200, r.text
        v: Json = r.json()
        return v

    # The game start: the host's view after every answer shows no hand.
    while True:
        v = host_view()
        checks.state(v, set())
        if v["done"]:
            break
        seat = v["waiting_for"][0]["seat"]
        mine = c.get(f"/games/{gid}/seats/{seat}", headers=auth(tokens[seat])).json()
        d = mine["pending"][0]
        hidden = god.hidden(n)
        r = c.post(
            f"/games/{gid}/seats/{seat}/answer", json=answer_for(d), headers=auth(tokens[seat])
        )
        assert r.status_code == 200, r.text
        # During the start, events show a seat's cards to that seat only: never to the host.
        checks.events(host_view(), Allowed(hidden, god.hidden(n), False, -1, {}))

    counter = [1] * n
    open_: list[Any] = [None] * n  # seat -> (kind, looker, by host) of an open search/look
    reveals: set[int] = set()
    accepted = refused = resent = 0
    kinds: set[str] = set()
    while accepted < ACTIONS:
        assert refused < 3 * ACTIONS, "too many refused actions"
        seat = rng.randrange(n)
        o = open_[seat]
        by_host = o[2] if o is not None else rng.random() < 0.4
        looker = o[1] if o is not None else seat
        view = acting_view(c, gid, tokens, seat, o)
        if o is None and rng.random() < 0.1:
            name = rng.choice(["life", "poison", "energy"])
            action: Json = {"action": "counter", "counter": name, "delta": rng.randint(-5, 5)}
        else:
            action = random_action(rng, view, seat, o)
        if o is None and action["action"] in ("search", "look") and rng.random() < 0.4:
            by_host, looker = True, rng.randrange(n)
        request: Json = {"n": counter[seat], **action}
        if by_host and rng.random() < 0.5:
            request["seat"] = seat
            if looker != seat:
                request["looker"] = looker
            url = f"/games/{gid}/actions"
        elif by_host and looker == seat:
            url = f"/games/{gid}/seats/{seat}/actions"  # the seat's route, the host's token
        elif by_host:
            request["seat"], request["looker"] = seat, looker
            url = f"/games/{gid}/actions"
        else:
            url = f"/games/{gid}/seats/{seat}/actions"
        headers = host if by_host else auth(tokens[seat])
        before = god.hidden(n)
        revealed = action["action"] == "reveal" or action.get("reveal") is True
        revealed = revealed or (
            action["action"] == "arrange" and o is not None and o[0] == "reveal"
        )
        r = c.post(url, json=request, headers=headers)
        if r.status_code == 422:
            refused += 1
            continue
        assert r.status_code == 200, (request, r.text)
        counter[seat] += 1
        accepted += 1
        name = action["action"]
        kinds.add(
            name + (" by the host" if by_host else "") + (" for another" if looker != seat else "")
        )
        if name in ("search", "look", "reveal"):
            open_[seat] = (name, looker, by_host)
            if name == "reveal":
                reveals.add(seat)
        elif name in ("found", "arrange"):
            open_[seat] = None
            reveals.discard(seat)
        allowed = Allowed(before, god.hidden(n), revealed, looker, request)
        replies = [r.json()] if by_host else []
        if by_host and rng.random() < 0.3:
            # The reply was lost: resent, the same reply again, nothing applied twice.
            again = c.post(url, json=request, headers=headers)
            assert again.status_code == 200, again.text
            assert again.json()["seats"] == r.json()["seats"]
            replies.append(again.json())
            resent += 1
        replies.append(host_view())
        for reply in replies:
            assert "hand" not in reply, (request, reply)
            checks.state(reply, reveals)
            checks.events(reply, allowed)
    ended = c.post(f"/games/{gid}/end", headers=host)
    assert ended.status_code == 200
    checks.state(host_view(), reveals)
    assert {"search", "look", "found", "arrange"} <= {k.split(" ")[0] for k in kinds}, kinds
    assert any("by the host for another" in k for k in kinds), kinds
    assert any(k.startswith("counter") for k in kinds), kinds
    assert resent > 0 and checks.replies > ACTIONS
