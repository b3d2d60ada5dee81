"""The requests' one shape: docs/schema.json's `SetupRequest` (the core's set-up request) is
what the C ABI's set-up JSON deserialises into, so the schema and the library agree on every
document: what the schema accepts the library reads, and a document of another shape (an
unknown key, an unknown name, a wrong type) is refused by both. Every enum field is read in
any case with `-` or `_` between words, and the schema says so."""

from __future__ import annotations

import inspect
import json
from pathlib import Path
from typing import Any

import pytest

import mulligan as m
from tests.capi_util import (
    CONFIG,
    DECK_ERROR,
    GOLDEN_COMMITMENT,
    GOLDEN_DECK,
    GOLDEN_SEED_HEX,
    INVALID_ARGUMENT,
    SEED_ERROR,
    Capi,
    golden_setup,
)

jsonschema = pytest.importorskip("jsonschema")

SCHEMA = json.loads((Path(__file__).parent.parent / "docs" / "schema.json").read_text())


def validator(name: str) -> Any:
    return jsonschema.Draft202012Validator({**SCHEMA, "$ref": f"#/$defs/{name}"})


SETUP = validator("SetupRequest")


def spellings(name: str) -> list[str]:
    """Every way a user types a canonical name: as it is, lower, upper, title case, and each
    with `-` between words."""
    words = name.split("_")
    forms = [name, name.lower(), name.upper(), "_".join(w.capitalize() for w in words)]
    return sorted({f for form in forms for f in (form, form.replace("_", "-"))})


def canonical(enum: str) -> list[str]:
    """The canonical spellings of a schema enum (the `const`s of its first `anyOf` branch)."""
    return [b["const"] for b in SCHEMA["$defs"][enum]["anyOf"][0]["oneOf"]]


def test_every_enum_entry_declares_its_lenient_spellings() -> None:
    for enum in ["Variant", "MulliganRule", "Smoothing"]:
        check = validator(enum)
        names = canonical(enum)
        assert names, enum
        for name in names:
            for spelling in spellings(name):
                assert check.is_valid(spelling), (enum, spelling)
        for wrong in ["", "x", names[0] + " ", names[0].replace("_", " ") + "x", 7, None]:
            assert not check.is_valid(wrong), (enum, wrong)


# Each document: the set-up JSON a C caller sends, and whether its shape is right.
ACCEPTED: list[dict[str, Any]] = [
    golden_setup(),
    golden_setup(starting_player=1, game_index=3),
    golden_setup(chooser=0, variant="vanguard", mulligan="paris-sequential"),
    golden_setup(seed=None, free_mulligans=2, land_mulligan=True),
    golden_setup(smoothing="ARENA2", smoothing_candidates=3),
    golden_setup(smoothing="smoothed-london", mulligan="London"),
    {
        "players": [
            {"name": "A", "deck": GOLDEN_DECK, "team": "x", "hand_modifier": -1},
            {"name": "B", "deck": GOLDEN_DECK, "team": 2, "life_modifier": 3, "archenemy": False},
        ],
        "variant": "Two_Player",
    },
]
REFUSED_SHAPES: list[dict[str, Any]] = [
    golden_setup(colour=1),
    golden_setup(variant="CHAOS"),
    golden_setup(mulligan="MOSCOW"),
    golden_setup(mulligan="paris sequential"),
    golden_setup(smoothing="arena3"),
    golden_setup(starting_player=-1),
    golden_setup(land_mulligan=1),
    golden_setup(free_mulligans="2"),
    {"players": [{"name": "A", "deck": GOLDEN_DECK, "team": [1]}]},
    {"players": [{"name": "A", "deck": GOLDEN_DECK, "seat": 0}]},
    {"players": [{"name": "A"}]},
    {"variant": "TWO_PLAYER"},
]


@pytest.mark.parametrize("setup", ACCEPTED)
def test_the_set_up_json_a_c_caller_sends_is_a_setup_request(
    capi: Capi, setup: dict[str, Any]
) -> None:
    errors = sorted(SETUP.iter_errors(setup), key=str)
    assert not errors, errors[0].message
    game = capi.game(setup)
    capi.call("mulligan_game_free", game)


@pytest.mark.parametrize("setup", REFUSED_SHAPES)
def test_a_document_of_another_shape_is_refused_by_both(capi: Capi, setup: dict[str, Any]) -> None:
    assert not SETUP.is_valid(setup)
    out = capi.ffi.new("uint64_t *")
    capi.fails(INVALID_ARGUMENT, "mulligan_game_new", json.dumps(setup).encode(), out)
    assert out[0] == 0


def test_what_the_schema_bounds_the_library_refuses(capi: Capi) -> None:
    """The ranges the schema declares are the core's own: outside them, both refuse."""
    out = capi.ffi.new("uint64_t *")
    for extra, status in [
        ({"free_mulligans": 6}, CONFIG),
        ({"smoothing": "arena2", "smoothing_candidates": 9}, CONFIG),
        ({"smoothing": "arena2", "smoothing_candidates": 1}, CONFIG),
        ({"game_index": 2**48}, CONFIG),
        ({"seed": "abc"}, SEED_ERROR),
    ]:
        setup = golden_setup(**extra)
        assert not SETUP.is_valid(setup), extra
        capi.fails(status, "mulligan_game_new", json.dumps(setup).encode(), out)
    players = [{"name": "A", "deck": GOLDEN_DECK, "hand_modifier": 1_000_001}] * 2
    assert not SETUP.is_valid({"players": players})
    capi.fails(CONFIG, "mulligan_game_new", json.dumps({"players": players}).encode(), out)
    # A deck is text to the schema; the library reads it and names the player.
    bad = {"players": [{"name": "A", "deck": "0 Forest"}, {"name": "B", "deck": GOLDEN_DECK}]}
    assert SETUP.is_valid(bad)
    message = capi.fails(DECK_ERROR, "mulligan_game_new", json.dumps(bad).encode(), out)
    assert message.startswith("players[0].deck: line 1:"), message


def events(capi: Capi, setup: dict[str, Any]) -> Any:
    game = capi.game(setup)
    try:
        return capi.json("mulligan_game_events_json", game, 0), capi.json(
            "mulligan_game_info_json", game
        )
    finally:
        capi.call("mulligan_game_free", game)


@pytest.mark.parametrize(
    ("key", "enum", "base"),
    [
        ("variant", "Variant", {"starting_player": 0}),
        ("mulligan", "MulliganRule", {"starting_player": 0}),
        ("smoothing", "Smoothing", {"starting_player": 0, "mulligan": "LONDON"}),
    ],
)
def test_every_enum_field_takes_every_spelling_through_c_and_json(
    capi: Capi, key: str, enum: str, base: dict[str, Any]
) -> None:
    """Each spelling of each name gives the game the canonical spelling gives, event for
    event, and validates against the schema."""
    for name in canonical(enum):
        setup = golden_setup(**base, **{key: name})
        if key == "variant":
            # Each variant with a table it allows.
            n = {"FREE_FOR_ALL": 3, "ARCHENEMY": 3, "TWO_HEADED_GIANT": 4}.get(name, 2)
            setup["players"] = [
                {"name": f"P{i}", "deck": GOLDEN_DECK, "team": i // 2, "archenemy": i == 0}
                for i in range(n)
            ]
            if name != "TWO_HEADED_GIANT":
                for p in setup["players"]:
                    del p["team"]
            if name != "ARCHENEMY":
                for p in setup["players"]:
                    del p["archenemy"]
        expected = events(capi, setup)
        assert expected[1].get(key, name) == name
        for spelling in spellings(name):
            document = {**setup, key: spelling}
            assert SETUP.is_valid(document), document
            assert events(capi, document) == expected, spelling


def test_the_seed_key_is_the_host_seed(capi: Capi) -> None:
    game = capi.game(golden_setup())
    try:
        assert capi.json("mulligan_game_info_json", game)["commitment"] == GOLDEN_COMMITMENT
    finally:
        capi.call("mulligan_game_free", game)


# ------------------------------------------------------------------------------------------
# Python: the keywords of `Game` and `simulate` fill the same requests.

SIMULATE = validator("SimulateRequest")
# What only Python has: contributions as bytes (HTTP and C take seats or nothing), a progress
# callback, a cluster's executor.
PYTHON_ONLY = {"Game": {"contributions"}, "simulate": {"progress", "executor"}}


def keywords(function: Any) -> set[str]:
    return {
        p.name
        for p in inspect.signature(function).parameters.values()
        if p.kind is inspect.Parameter.KEYWORD_ONLY
    }


def test_the_python_keywords_are_the_request_keys() -> None:
    setup = set(SCHEMA["$defs"]["SetupRequest"]["properties"])
    assert keywords(m.Game) - PYTHON_ONLY["Game"] == setup - {"players"}
    simulate = set(SCHEMA["$defs"]["SimulateRequest"]["properties"])
    assert keywords(m.simulate) - PYTHON_ONLY["simulate"] == simulate - {"deck"}
    keep = set(SCHEMA["$defs"]["KeepRule"]["properties"])
    assert keywords(m.KeepRule) | {"ranges"} == keep


PYTHON_SETUPS: list[dict[str, Any]] = [
    {"starting_player": 0},
    {"chooser": 1, "game_index": 3, "variant": "vanguard", "mulligan": "paris-sequential"},
    {"starting_player": 1, "free_mulligans": 2, "land_mulligan": True, "mulligan": "Vancouver"},
    {"starting_player": 0, "smoothing": "ARENA2", "smoothing_candidates": 3},
    {"starting_player": 0, "smoothing": "smoothed-london", "mulligan": "london"},
    {"variant": "Commander", "mulligan": "PARTIAL-PARIS", "game_index": 5},
]


def play_c(capi: Capi, setup: dict[str, Any]) -> list[Any]:
    game = capi.game(setup)
    try:
        return list(capi.json("mulligan_game_events_json", game, 0))
    finally:
        capi.call("mulligan_game_free", game)


@pytest.mark.parametrize("extra", PYTHON_SETUPS)
def test_python_keywords_and_the_c_set_up_json_are_one_request(
    capi: Capi, extra: dict[str, Any]
) -> None:
    """The same keywords, sent by Python as `Game(players, **keywords)` and by C as set-up JSON
    (validated against `SetupRequest`), give the same game event for event."""
    document = golden_setup(**extra)
    assert SETUP.is_valid(document), document
    deck = m.Deck.parse(GOLDEN_DECK)
    game = m.Game(
        [m.Player("A", deck), m.Player("B", deck)],
        seed=GOLDEN_SEED_HEX,
        **extra,
    )
    assert game.events == play_c(capi, document)


PYTHON_SIMULATIONS: list[dict[str, Any]] = [
    {"games": 3000},
    {"games": 3000, "mulligan": "vancouver", "variant": "free-for-all", "players": 3},
    {"games": 3000, "mulligan": "Partial_Paris", "exile": "EXCESS", "hand_size": 6},
    {"games": 3000, "smoothing": "Weighted3", "free_mulligans": 1, "on_the_play": False},
    {"games": 3000, "land_mulligan": True, "start": 7, "threads": 2, "per_game": False},
]
CANONICAL = {
    "mulligan": lambda s: getattr(m.MulliganRule, s.upper().replace("-", "_")),
    "variant": lambda s: getattr(m.Variant, s.upper().replace("-", "_")),
    "smoothing": lambda s: s.lower().replace("-", "_"),
    "exile": lambda s: s.lower(),
}


@pytest.mark.parametrize("extra", PYTHON_SIMULATIONS)
def test_python_simulate_keywords_are_a_simulate_request(extra: dict[str, Any]) -> None:
    """The keywords as JSON (with the deck's text) validate against `SimulateRequest`, and
    names in any spelling run the games the canonical names run."""
    assert SIMULATE.is_valid({"deck": GOLDEN_DECK, "seed": GOLDEN_SEED_HEX, **extra})
    deck = m.Deck.parse(GOLDEN_DECK)
    given = m.simulate(deck, seed=GOLDEN_SEED_HEX, **extra).to_dict()
    canonical = {k: CANONICAL[k](v) if k in CANONICAL else v for k, v in extra.items()}
    assert given == m.simulate(deck, seed=GOLDEN_SEED_HEX, **canonical).to_dict()


def test_every_enum_field_takes_every_spelling_through_python() -> None:
    deck = m.Deck.parse(GOLDEN_DECK)
    players = [m.Player("A", deck), m.Player("B", deck)]
    for rule in canonical("MulliganRule"):
        expected = m.Game(players, seed=GOLDEN_SEED_HEX, mulligan=getattr(m.MulliganRule, rule))
        for spelling in spellings(rule):
            game = m.Game(players, seed=GOLDEN_SEED_HEX, mulligan=spelling)
            assert game.events == expected.events, spelling
            assert game.setup()["mulligan"] == rule
    for model in canonical("Smoothing"):
        expected = m.Game(players, seed=GOLDEN_SEED_HEX, smoothing=model)
        for spelling in spellings(model):
            game = m.Game(players, seed=GOLDEN_SEED_HEX, smoothing=spelling)
            assert game.events == expected.events, spelling
            assert game.setup().get("smoothing") == model
    for variant in canonical("Variant"):
        for spelling in spellings(variant):
            match = m.Match(players, variant=spelling, mulligan=spellings("PARIS")[0])
            if variant in ("TWO_PLAYER", "COMMANDER", "BRAWL", "VANGUARD"):
                game = match.new_game()
                assert game.variant == getattr(m.Variant, variant)
                assert game.mulligan_rule == m.MulliganRule.PARIS
        r = m.simulate(deck, games=10, seed=GOLDEN_SEED_HEX, variant=variant.lower())
        assert r.variant == getattr(m.Variant, variant)
    for bottom in canonical("Bottom"):
        for spelling in spellings(bottom):
            assert m.KeepRule(bottom=spelling).bottom == bottom
            assert validator("Bottom").is_valid(spelling)
    for exile in canonical("Exile"):
        for spelling in spellings(exile):
            assert m.KeepRule(exile=spelling).exile == exile
            assert validator("Exile").is_valid(spelling)
    # The short words of the bottom policies, as before.
    assert m.KeepRule(bottom="Lands").bottom == "lands_first"
    for wrong in [("bottom", "middle"), ("exile", "most")]:
        with pytest.raises(m.GameConfigError, match="one of"):
            m.KeepRule(**dict([wrong]))
    with pytest.raises(m.GameConfigError, match="LONDON, VANCOUVER"):
        m.Game(players, mulligan="moscow")
    with pytest.raises(m.MulliganTypeError):
        m.Game(players, mulligan=1)
