"""Hidden information over HTTP (issue 21), the lighter twin of
rust/core/tests/hidden_information.rs: random whole games from fixed seeds in two-player,
free-for-all, Two-Headed Giant and Commander games (several mulligan eras), each seat acting
with its own token and the host acting for seats (letting another seat search or look). After
every accepted action, each seat's view and new events (GET .../seats/{s}, GET .../events with
its token) and the host's new events are checked against the god view of the in-process
service's game: an event shows another seat's card only when that card was public before or
after the action, was revealed, or this seat looked at it itself; each view's hand is its own
and an open search or look shows its cards to the seat that looks only."""

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

from .serve_util import DECK_A, DECK_B, auth, play

Json = dict[str, Any]

#: Actions accepted per game (the Rust test plays 500 per game, every variant and era).
ACTIONS = 60

COMMANDER = "Commander\n1 Omnath, Locus of Mana\nDeck\n40 Forest\n59 Llanowar Elves"

GAMES = [
    ("TWO_PLAYER", "LONDON", [DECK_A, DECK_B]),
    ("FREE_FOR_ALL", "VANCOUVER", [DECK_A, DECK_B, DECK_A]),
    ("TWO_HEADED_GIANT", "PARIS", [DECK_A, DECK_B, DECK_A, DECK_B]),
    ("COMMANDER", "PARTIAL_PARIS", [COMMANDER, COMMANDER]),
]


@pytest.fixture
def c(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    # A fixed server seed: the same games, and the same random actions, on every run.
    fixed = SimpleNamespace(generate=lambda: m.Seed.from_hex("5c" * 32))
    monkeypatch.setattr(mulligan.serve.games, "Seed", fixed)
    with TestClient(create_app(tmp_path / "db.sqlite3")) as client:
        yield client


def ids(cards: list[Any]) -> list[int]:
    return [x["id"] for x in cards]


class God:
    """The service's own game (in process): every seat's zones, as card ids."""

    def __init__(self, c: TestClient, gid: str) -> None:
        self.c, self.gid = c, gid

    def game(self) -> m.Game:
        live = self.c.app.state.services.games.cache[self.gid].live
        assert live is not None
        game: m.Game = live.game
        return game

    def zones(self, seat: int) -> dict[str, list[int]]:
        g = self.game()
        deck = g.players[seat].deck
        # Card ids: the main deck, then the sideboard, commanders and companions.
        cards = [*g.cards(seat), *deck.sideboard, *deck.commanders, *deck.companions]
        index = {id(card): i for i, card in enumerate(cards)}
        # A token (issue 37) is a Card object of its own, on the battlefield only: -1.
        zones = g.zones(seat).items()
        out = {z: [index.get(id(card), -1) for card in cards] for z, cards in zones}
        assert all(-1 not in v for z, v in out.items() if z != "battlefield"), out
        return out

    def hidden(self, seats: int) -> list[set[int]]:
        out = []
        for s in range(seats):
            z = self.zones(s)
            out.append(
                {i for k in ("library", "hand", "face_down_exile", "outside") for i in z.get(k, [])}
            )
        return out


def named_cards(event: Json) -> list[tuple[int, int]]:
    """Every card an event names, with its owner (the event's `seat`)."""
    seat = event.get("seat")
    if not isinstance(seat, int):
        return []
    out = []
    for key, value in event.items():
        if key == "action":
            continue
        items = value if isinstance(value, list) else [value]
        out += [(seat, x["id"]) for x in items if isinstance(x, dict) and "id" in x and "name" in x]
    return out


class Allowed:
    """What one action's events may show: the cards public before or after it (`before`,
    `after`: each seat's hidden cards), those it revealed, and what the looker looked at."""

    def __init__(
        self,
        before: list[set[int]],
        after: list[set[int]],
        revealed: bool,
        looker: int,
        request: Json,
    ) -> None:
        self.before, self.after, self.revealed = before, after, revealed
        self.looker, self.request = looker, request

    def check(self, viewer: int | None, events: list[Json]) -> None:
        """`viewer` (None: the host) may see every card these events name."""
        for e in events:
            for owner, card in named_cards(e):
                if owner == viewer:
                    continue
                public = card not in self.before[owner] or card not in self.after[owner]
                looked = viewer is not None and viewer == self.looker
                assert public or self.revealed or looked, (viewer, owner, card, self.request, e)


def acting_view(c: Any, gid: str, tokens: list[str], seat: int, open_: Any) -> Json:
    """What the next action of `seat` is chosen from: the looker's view while a search or look
    is open on `seat`'s library (it lists the cards), else `seat`'s own; with `seat`'s hand."""
    view_seat = open_[1] if open_ is not None and open_[0] != "reveal" else seat
    view: Json = c.get(f"/games/{gid}/seats/{view_seat}", headers=auth(tokens[view_seat])).json()
    if view_seat != seat:
        own = c.get(f"/games/{gid}/seats/{seat}", headers=auth(tokens[seat])).json()
        view["hand"] = own["hand"]
    return view


def random_action(rng: random.Random, view: Json, seat: int, open_: Any) -> Json:
    me = view["seats"][seat]
    hand, graveyard = ids(view["hand"]), ids(me["graveyard"])
    if open_ is not None:
        kind = open_[0]
        looking = [x for x in view["looking"] if x["seat"] == seat]
        cards = ids(looking[0]["cards"]) if looking else []
        if kind == "search":
            to = rng.choice(["hand", "battlefield", "graveyard", "top", "bottom"])
            found = rng.sample(cards, min(len(cards), rng.randint(0, 2)))
            return {"action": "found", "cards": found, "to": to, "reveal": rng.random() < 0.2}
        piles: Json = {"top": [], "bottom": [], "hand": [], "graveyard": []}
        for card in cards:
            piles[rng.choice(list(piles))].append(card)
        return {"action": "arrange", **piles}
    pick = rng.randrange(10)
    if pick == 0:
        return {"action": "shuffle", "times": rng.randint(1, 2)}
    if pick == 1:
        return {"action": "mill", "count": rng.randint(0, 2)}
    if pick == 2:
        src = rng.choice(["hand", "graveyard"])
        pool = hand if src == "hand" else graveyard
        return {"action": "shuffle_in", "cards": rng.sample(pool, min(2, len(pool))), "from": src}
    if pick == 3:
        return {"action": "search"}
    if pick == 4:
        return {"action": "look", "count": rng.randint(1, 3)}
    if pick == 5:
        return {"action": "reveal", "count": rng.randint(1, 2)}
    if pick == 6 and hand:
        return {"action": "put", "cards": hand[:1], "from": "hand", "to": "top"}
    if pick == 7 and hand:
        to = rng.choice(["battlefield", "graveyard", "face_down_exile"])
        return {"action": "move", "cards": [rng.choice(hand)], "from": "hand", "to": to}
    if pick == 8 and graveyard:
        return {"action": "move", "cards": graveyard[:1], "from": "graveyard", "to": "hand"}
    return {"action": "draw", "count": rng.randint(1, 2)}


@pytest.mark.parametrize(("variant", "era", "decks"), GAMES, ids=[g[0] for g in GAMES])
def test_no_hidden_card_reaches_another_seat_over_http(c, variant, era, decks):
    rng = random.Random(f"{variant}/{era}")
    players: list[Json] = [{"name": f"P{i}", "deck": d} for i, d in enumerate(decks)]
    if variant == "TWO_HEADED_GIANT":
        for i, p in enumerate(players):
            p["team"] = i // 2
    body = {"players": players, "variant": variant, "mulligan": era, "whole_game": True}
    created = c.post("/games", json=body)
    assert created.status_code == 201, created.text
    game: Json = created.json()
    play(c.request, game)
    gid, n = game["game_id"], len(players)
    tokens = [s["token"] for s in game["seats"]]
    host = auth(game["host_token"])
    god = God(c, gid)
    counter = [1] * n
    open_: list[Any] = [None] * n  # seat -> (kind, looker, by host) of an open search/look
    seen = [
        len(c.get(f"/games/{gid}/events?after=0", headers=auth(t)).json()["events"]) for t in tokens
    ]
    seen_host = len(c.get(f"/games/{gid}/events?after=0", headers=host).json()["events"])
    accepted = refused = 0
    kinds: set[str] = set()
    while accepted < ACTIONS:
        assert refused < 3 * ACTIONS, "too many refused actions"
        seat = rng.randrange(n)
        o = open_[seat]
        by_host = o[2] if o is not None else rng.random() < 0.2
        looker = o[1] if o is not None else seat
        view = acting_view(c, gid, tokens, seat, o)
        action = random_action(rng, view, seat, o)
        if o is None and action["action"] in ("search", "look") and rng.random() < 0.4:
            by_host, looker = True, rng.randrange(n)
        request: Json = {"n": counter[seat], **action}
        if by_host:
            request["seat"] = seat
            if looker != seat:
                request["looker"] = looker
            url, headers = f"/games/{gid}/actions", host
        else:
            url, headers = f"/games/{gid}/seats/{seat}/actions", auth(tokens[seat])
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
        kinds.add(action["action"] + (" by another seat" if looker != seat else ""))
        name = action["action"]
        if name in ("search", "look", "reveal"):
            open_[seat] = (name, looker, by_host)
        elif name in ("found", "arrange"):
            open_[seat] = None
        after = god.hidden(n)

        allowed = Allowed(before, after, revealed, looker, request)
        for v in range(n):
            new = c.get(f"/games/{gid}/events?after={seen[v]}", headers=auth(tokens[v])).json()
            allowed.check(v, new["events"])
            seen[v] = new["next"]
            vv = c.get(f"/games/{gid}/seats/{v}", headers=auth(tokens[v])).json()
            assert ids(vv["hand"]) == god.zones(v)["hand"]
            for x in vv["looking"]:
                o2 = open_[x["seat"]]
                assert o2 is not None and (x["kind"] == "reveal" or o2[1] == v), (v, x, o2)
        new = c.get(f"/games/{gid}/events?after={seen_host}", headers=host).json()
        allowed.check(None, new["events"])
        seen_host = new["next"]
    assert {"search", "found", "look", "arrange", "draw"} <= kinds, kinds
    assert c.post(f"/games/{gid}/end", headers=host).status_code == 200
