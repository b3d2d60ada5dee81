"""The public table state of a whole game (issue 37) through the bindings: Python's `Game.act`
and views, the C ABI's action records, the views' records against docs/schema.json, and logs
whose taps, turns and tokens were changed failing verification. Rule-by-rule tests are the
core's (rust/core/src/table/tests/)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import jsonschema  # type: ignore[import-untyped]
import pytest

import mulligan as m
from mulligan.log import game_log, verify_log

from .capi_util import Capi

DECK = "20 Forest [land]\n20 Grizzly Bears\nSideboard\n2 Naturalize"
COMMANDER = "Commander\n1 Ezuri, Renegade Leader\nDeck\n50 Forest\n49 Llanowar Elves"
SEED = "6b" * 32
SCHEMA = json.loads((Path(__file__).resolve().parents[1] / "docs" / "schema.json").read_text())


def started(deck: str = DECK, players: int = 2, **extra: Any) -> m.Game:
    d = m.Deck.parse(deck)
    g = m.Game(
        [m.Player(f"P{i}", d) for i in range(players)],
        seed=m.Seed.from_hex(SEED),
        starting_player=0,
        whole_game=True,
        **extra,
    )
    while not g.done:
        x = g.pending()[0]
        if x.kind == "keep_or_mulligan":
            g.keep(x.seat)
        else:
            g.pass_actions(x.seat)
    return g


def valid(record: Any, name: str) -> None:
    root = {"$ref": f"#/$defs/{name}", "$defs": SCHEMA["$defs"]}
    jsonschema.Draft202012Validator(root).validate(record)


def played(g: m.Game) -> m.Game:
    """Seat 0 plays a land, taps it, makes two tokens, puts a counter on one, passes."""
    land = next(c["id"] for c in g.view(0)["hand"] if c["name"] == "Forest")
    for action in [
        {"action": "move", "cards": [land], "from": "hand", "to": "battlefield"},
        {"action": "tap", "cards": [land]},
        {"action": "create_token", "name": "Saproling", "count": 2},
        {"action": "counter", "counter": "p1p1", "delta": 1, "card": 42},
        {"action": "pass_turn"},
    ]:
        g.act(0, action)
    return g


def test_python_views_show_the_table_state_as_the_schema_defines_it() -> None:
    g = played(started())
    view, public = g.view(1), g.public_view()
    for v, name in ((view, "View"), (public, "PublicView")):
        valid(v, name)
        assert v["turn"] == {"number": 2, "seat": 1}
        field = v["seats"][0]["battlefield"]
        assert field[0]["tapped"] is True and "token" not in field[0]
        assert field[1] == {"id": 42, "name": "Saproling", "token": True, "counters": {"p1p1": 1}}
        assert field[2] == {"id": 43, "name": "Saproling", "token": True}
    kinds = [e["type"] for e in g.events[-8:]]
    assert "tap" in kinds and "token" in kinds and kinds[-1] == "turn"
    # Tokens are Card objects of their own in the god view; zones of a game start never have one.
    names = [c.name for c in g.zones(0)["battlefield"]]
    assert names == ["Forest", "Saproling", "Saproling"]
    # An illegal action raises and changes nothing.
    before = g.public_view()
    with pytest.raises(m.IllegalActionError, match="card 5 "):
        g.act(1, {"action": "tap", "cards": [5]})
    with pytest.raises(m.IllegalActionError, match="not seat 0's turn"):
        g.act(0, {"action": "pass_turn"})
    with pytest.raises(m.MulliganTypeError):
        g.act(0, {"action": "tap"})
    assert g.public_view() == before


def test_commander_records_and_notices_validate() -> None:
    g = started(COMMANDER, 3, variant=m.Variant.COMMANDER)
    g.act(0, {"action": "move", "cards": [99], "from": "command", "to": "stack"})
    g.act(1, {"action": "commander_damage", "owner": 0, "commander": 99, "delta": 21})
    g.act(2, {"action": "concede"})
    v = g.public_view()
    valid(v, "PublicView")
    assert v["seats"][0]["commanders"] == [
        {"id": 99, "name": "Ezuri, Renegade Leader", "casts": 1, "tax": 2}
    ]
    assert v["seats"][1]["notices"][0]["rule"] == "704.6c"
    assert v["seats"][2]["conceded"] is True
    assert not g.ended


@pytest.mark.parametrize("what", ["tap", "turn", "token", "counter card", "concede"])
def test_a_changed_tap_turn_or_token_fails_verification(what: str) -> None:
    g = played(started())
    g.act(1, {"action": "concede"})
    assert g.ended
    log = game_log(g)
    assert verify_log(log)
    bad = copy.deepcopy(log)
    first = {t: next(i for i, r in enumerate(bad) if r["type"] == t) for t in ("tap", "turn")}
    token = next(i for i, r in enumerate(bad) if r["type"] == "token")
    if what == "tap":
        bad[first["tap"]]["cards"][0]["id"] += 1
    elif what == "turn":
        bad[first["turn"]]["seat"] = 0
    elif what == "token":
        bad[token]["cards"][0]["name"] = "Dragon"
    elif what == "counter card":
        i = next(i for i, r in enumerate(bad) if r["type"] == "counter" and "card" in r)
        bad[i]["card"] = 43
    else:
        del bad[next(i for i, r in enumerate(bad) if r["type"] == "game_over")]
    with pytest.raises(m.LogError):
        verify_log(bad)


def test_the_c_abi_takes_the_table_actions(capi: Capi) -> None:
    g = started()
    setup = {
        "players": [{"name": "P0", "deck": DECK}, {"name": "P1", "deck": DECK}],
        "seed": SEED,
        "starting_player": 0,
        "whole_game": True,
    }
    game = capi.game(setup)
    for a in g.answers:
        capi.call("mulligan_game_apply_json", game, json.dumps(a).encode())
    played(g)
    for a in g.answers[-5:]:
        capi.call("mulligan_game_apply_json", game, json.dumps(a).encode())
    assert capi.json("mulligan_game_events_json", game, 0) == g.events
    bad = json.dumps({"action": "untap", "cards": [0]}).encode()
    capi.fails(capi.lib.MULLIGAN_ERR_ILLEGAL_ACTION, "mulligan_game_act_json", game, 1, 0, -1, bad)
    capi.call("mulligan_game_free", game)
