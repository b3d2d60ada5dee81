"""docs/schema.json (generated from the core's types; tests/schema.rs in the core fails when it
drifts) describes every record Python, the C ABI and the log write: every dict checked here
validates against its definition, and the schema refuses records of another shape."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

import mulligan as m
from tests.capi_util import Capi

jsonschema = pytest.importorskip("jsonschema")

SCHEMA = json.loads((Path(__file__).parent.parent / "docs" / "schema.json").read_text())


def validator(name: str) -> Any:
    return jsonschema.Draft202012Validator({**SCHEMA, "$ref": f"#/$defs/{name}"})


VALIDATORS = {
    name: validator(name)
    for name in ["Event", "Decision", "View", "SeatResult", "Zones", "Answer", "SetupRecord"]
    + ["LogHeader", "LogReveal"]
}


def check(name: str, record: Any) -> None:
    errors = sorted(VALIDATORS[name].iter_errors(record), key=str)
    assert not errors, f"{name}: {errors[0].message} in {json.dumps(record)[:400]}"


def deck() -> m.Deck:
    return m.Deck.parse(
        "18 Forest\n2 Gemstone Caverns\n2 Serum Powder\n2 Leyline of Sanctity\n"
        "2 Chancellor of the Annex\n34 Grizzly Bears\nSideboard\n2 Naturalize\n"
        "Commander\n1 Omnath\nCompanion\n1 Lurrus"
    )


GAMES = [
    (m.Variant.TWO_PLAYER, m.MulliganRule.LONDON, 2),
    (m.Variant.TWO_PLAYER, m.MulliganRule.VANCOUVER, 2),
    (m.Variant.FREE_FOR_ALL, m.MulliganRule.PARIS, 3),
    (m.Variant.TWO_HEADED_GIANT, m.MulliganRule.PARIS_SEQUENTIAL, 4),
    (m.Variant.ARCHENEMY, m.MulliganRule.LONDON, 3),
]


def play_checked(game: m.Game, rng: random.Random) -> None:
    """Plays at random, checking every view and decision at every step."""
    n = len(game.players)
    while True:
        for seat in range(n):
            check("View", game.view(seat))
        for d in game.pending():
            check("Decision", d.to_dict())
        if game.done:
            return
        d = rng.choice(game.pending())
        if d.kind == "choose_starting_player":
            game.choose_starting_player(d.seat, rng.choice(d.options))
        elif d.kind == "keep_or_mulligan":
            if d.actions and rng.random() < 0.3:
                game.mulligan_action(d.seat, d.actions[0])
            elif d.can_mulligan and rng.random() < 0.4:
                game.mulligan(d.seat)
            else:
                game.keep(d.seat)
        elif d.kind == "bottom":
            game.bottom(d.seat, d.hand[: d.count])
        elif d.kind == "vancouver":
            game.vancouver(d.seat, rng.random() < 0.5)
        elif d.actions and rng.random() < 0.7:
            card = d.actions[0]
            others = [c for c in d.hand if c is not card]
            caverns = "gemstone_caverns" in card.tags and game.starting_player != d.seat
            game.opening_hand_action(d.seat, card, exile=others[0] if caverns else None)
        else:
            game.pass_actions(d.seat)


@pytest.mark.parametrize("variant,rule,n", GAMES, ids=lambda x: getattr(x, "name", str(x)))
def test_python_records_validate(variant: m.Variant, rule: m.MulliganRule, n: int) -> None:
    for s in range(2):
        players = [
            m.Player(
                f"P{i}",
                deck(),
                team="AB"[i * 2 // n] if variant == m.Variant.TWO_HEADED_GIANT else None,
                archenemy=variant == m.Variant.ARCHENEMY and i == 0,
            )
            for i in range(n)
        ]
        g = m.Game(players, variant=variant, mulligan=rule, seed=m.Seed.from_hex(f"{s:02x}" * 32))
        play_checked(g, random.Random(s))
        for r in g.result():
            check("SeatResult", r.to_dict())
        check("SetupRecord", g.setup())
        for a in g.answers:
            check("Answer", a)
        log = m.game_log(g)
        check("LogHeader", log[0])
        for e in log[1:-1]:
            check("Event", e)
        check("LogReveal", log[-1])


def test_library_events_validate() -> None:
    cards = [m.Card(f"C{i}") for i in range(10)]
    lib = m.Library(cards, seed=m.Seed.from_hex("11" * 32))
    events = lib.shuffle()
    events += lib.search_and_shuffle(lambda c: c.name == "C3", to="top")[1]
    events += lib.put_on_bottom([m.Card("X")])
    events += m.shuffle_simultaneously([lib, lib])
    for e in events:
        check("Event", e)


def test_c_records_validate(capi: Capi) -> None:
    text = "\n".join(
        ["Deck", "20 Forest", "2 Serum Powder", "38 Grizzly Bears", "Sideboard", "1 X"]
    )
    setup = {"players": [{"name": n, "deck": text} for n in "ABC"], "variant": "FREE_FOR_ALL"}
    game = capi.game({**setup, "seed": "5e" * 32})
    done = capi.ffi.new("bool *")
    while True:
        for seat in range(3):
            check("View", capi.json("mulligan_game_view_json", game, seat))
            check("Zones", capi.json("mulligan_game_zones_json", game, seat))
        pending = capi.json("mulligan_game_pending_json", game)
        for d in pending:
            check("Decision", d)
        capi.call("mulligan_game_done", game, done)
        if done[0]:
            break
        d = pending[0]
        if d["kind"] == "choose_starting_player":
            capi.call("mulligan_game_choose_starting_player", game, d["seat"], 2)
        elif d["kind"] == "keep_or_mulligan":
            capi.call("mulligan_game_keep", game, d["seat"])
        else:
            capi.call("mulligan_game_pass_actions", game, d["seat"])
    for e in capi.json("mulligan_game_events_json", game, 0):
        check("Event", e)
    for r in capi.json("mulligan_game_result_json", game):
        check("SeatResult", r)
    capi.call("mulligan_game_free", game)


def test_the_schema_refuses_other_shapes() -> None:
    g = m.Game([m.Player("A", deck()), m.Player("B", deck())], seed=m.Seed.from_hex("22" * 32))
    view = g.view(0)
    bad_views = [
        {**view, "hand": ["Forest"]},
        {**view, "extra": 1},
        {**view, "waiting_for": [[1, "keep_or_mulligan"]]},
        {k: v for k, v in view.items() if k != "events"},
    ]
    for bad in bad_views:
        assert list(VALIDATORS["View"].iter_errors(bad)), bad
    event = {"type": "vancouver", "seat": 0, "card": {"id": 1, "name": "F"}, "to": "top"}
    assert list(VALIDATORS["Event"].iter_errors(event))  # no rule
    check("Event", {**event, "rule": "103.5"})
    assert list(VALIDATORS["Event"].iter_errors({**event, "rule": "103.5", "count": 1}))
    assert list(VALIDATORS["Answer"].iter_errors({"type": "keep", "seat": -1}))
    assert list(VALIDATORS["Answer"].iter_errors({"type": "concede", "seat": 0}))


def test_every_event_type_has_its_typed_dict() -> None:
    """mulligan.event_records.EVENT_TYPES and the schema's Event branches name the same keys,
    type by type (so the TypedDicts cannot drift from docs/schema.json)."""
    from mulligan import event_records

    def keys(td: Any) -> tuple[str, list[str]]:
        annotation = next(
            b.__annotations__["type"]
            for b in td.__mro__
            if "type" in vars(b).get("__annotations__", {})
        )
        text = getattr(annotation, "__forward_arg__", annotation)
        kind = re.fullmatch(r"Literal\[['\"](\w+)['\"]\]", str(text))
        assert kind, annotation
        return kind.group(1), sorted(td.__required_keys__ | td.__optional_keys__)

    ours = sorted(map(keys, event_records.EVENT_TYPES))
    schema = sorted(
        (b["properties"]["type"]["const"], sorted(b["properties"]))
        for b in SCHEMA["$defs"]["Event"]["oneOf"]
    )
    assert ours == schema
