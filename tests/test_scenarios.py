"""Rule 103 scenarios shared with the Rust core (rust/core/tests/scenarios.rs): each set-up,
seed and list of answers in tests/scenarios/*.json gives exactly the recorded events and
results, through the Python API and through the C ABI (scripts/make_scenarios.py wrote them)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import mulligan as m
from tests.capi_util import Capi

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.json"))


def load(path: Path) -> dict[str, Any]:
    scenario: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return scenario


def _generator() -> ModuleType:
    """scripts/make_scenarios.py, which wrote the fixtures: its set-up reader builds the games
    here too, so the fixtures and their replay cannot read a set-up two ways."""
    path = Path(__file__).resolve().parent.parent / "scripts" / "make_scenarios.py"
    spec = importlib.util.spec_from_file_location("make_scenarios", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def python_game(setup: dict[str, Any], seed: str) -> m.Game:
    game: m.Game = _generator().seat_game(setup, seed)
    return game


def test_there_are_scenarios() -> None:
    assert len(SCENARIOS) >= 10


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_python_replays_each_scenario(path: Path) -> None:
    s = load(path)
    game = python_game(s["setup"], s["seed"])
    for answer in s["answers"]:
        game.apply(answer)
    assert game.done
    assert game.events == s["events"]
    assert [r.to_dict() for r in game.result()] == s["result"]
    assert game.answers == s["answers"]


def apply_c(lib: Capi, game: int, a: dict[str, Any]) -> None:
    kind = a["type"]
    if kind == "choose_starting_player":
        lib.call("mulligan_game_choose_starting_player", game, a["chooser"], a["starting_seat"])
    elif kind in ("keep", "mulligan", "pass_actions"):
        lib.call(f"mulligan_game_{kind}", game, a["seat"])
    elif kind == "mulligan_action":
        lib.call("mulligan_game_mulligan_action", game, a["seat"], a["card"])
    elif kind == "bottom":
        lib.call("mulligan_game_bottom", game, a["seat"], lib.u32s(a["cards"]), len(a["cards"]))
    elif kind == "vancouver":
        lib.call("mulligan_game_vancouver", game, a["seat"], int(a["bottom"]))
    elif kind == "opening_hand_action":
        exile = a.get("exile")
        has, x = (0, 0) if exile is None else (1, exile)
        lib.call("mulligan_game_opening_hand_action", game, a["seat"], a["card"], has, x)
    elif kind in ("partial_mulligan", "land_mulligan"):
        # The variants' answers (docs/VARIANTS.md) have no function of their own: records.
        lib.call("mulligan_game_apply_json", game, json.dumps(a).encode())
    else:
        raise AssertionError(kind)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_the_c_abi_replays_each_scenario(capi: Capi, path: Path) -> None:
    s = load(path)
    game = capi.game({**s["setup"], "seed": s["seed"]})
    for answer in s["answers"]:
        apply_c(capi, game, answer)
    assert capi.json("mulligan_game_events_json", game, 0) == s["events"]
    assert capi.json("mulligan_game_result_json", game) == s["result"]
    capi.call("mulligan_game_free", game)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_the_c_abi_takes_answer_records(capi: Capi, path: Path) -> None:
    """The same answers as records (mulligan_game_apply_json), every other one, and the game's
    answers read back (mulligan_game_answers_json) are the scenario's."""
    s = load(path)
    game = capi.game({**s["setup"], "seed": s["seed"]})
    for k, answer in enumerate(s["answers"]):
        if k % 2:
            apply_c(capi, game, answer)
        else:
            capi.call("mulligan_game_apply_json", game, json.dumps(answer).encode())
    assert capi.json("mulligan_game_answers_json", game) == s["answers"]
    assert capi.json("mulligan_game_events_json", game, 0) == s["events"]
    capi.call("mulligan_game_free", game)


def test_the_c_abi_refuses_malformed_answer_records(capi: Capi) -> None:
    s = load(SCENARIOS[0])
    game = capi.game({**s["setup"], "seed": s["seed"]})
    before = capi.snapshot(game)
    for bad, status in [
        (b"not json", -3),
        (b'{"type": "concede", "seat": 0}', -3),
        (b'{"type": "keep", "seat": "0"}', -3),
        (b'{"type": "keep", "seat": 0, "x": 1}', -3),
        (b'{"type": "bottom", "seat": 0, "cards": [1]}', -6),
        (b'{"type": "keep", "seat": 9}', -6),
    ]:
        capi.fails(status, "mulligan_game_apply_json", game, bad)
        assert capi.snapshot(game) == before
    assert capi.json("mulligan_game_answers_json", game) == []
    capi.call("mulligan_game_free", game)


def test_the_c_abi_rebuilds_a_python_game_from_its_records(capi: Capi) -> None:
    """mulligan_game_replay: Python's game.setup(), seed, contributions and game.answers give
    the C ABI the very same game (events, results, pending decisions with their ids)."""
    s = load(SCENARIOS[1])  # four players, FREE_FOR_ALL
    contributions = [b"x", b"", b"zz", b"w"]
    first = python_game(s["setup"], s["seed"])
    g = m.Game.replay(first.setup(), [], seed=s["seed"], contributions=contributions)
    while len(g.answers) < 3:  # a (free) mulligan and two keeps: stop half-way
        d = g.pending()[0]
        if d.kind == "bottom":
            g.bottom(d.seat, d.hand[: d.count])
        elif d.seat == 2 and d.can_mulligan and not g.answers:
            g.mulligan(d.seat)
        else:
            g.keep(d.seat)
    out = capi.ffi.new("uint64_t *")
    args = [
        json.dumps(g.setup()).encode(),
        g.seed.hex().encode(),
        json.dumps([c.hex() for c in contributions]).encode(),
        json.dumps(g.answers).encode(),
    ]
    capi.call("mulligan_game_replay", *args, out)
    game = out[0]
    assert capi.json("mulligan_game_events_json", game, 0) == g.events
    assert capi.json("mulligan_game_pending_json", game) == [d.to_dict() for d in g.pending()]
    assert capi.json("mulligan_game_answers_json", game) == g.answers
    capi.call("mulligan_game_free", game)
    # Refusals: a record of another shape, a bad seed, too few contributions, a bad answer.
    for i, bad, status in [
        (0, b'{"players": 1}', -3),
        (1, b"abc", -4),
        (2, json.dumps(["78"]).encode(), -4),
        (2, b'["zz"]', -3),
        (3, json.dumps([{"type": "keep", "seat": 99}]).encode(), -6),
    ]:
        broken = list(args)
        broken[i] = bad
        capi.fails(status, "mulligan_game_replay", *broken, out)
        assert out[0] == 0
