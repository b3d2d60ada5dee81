"""The service's request bodies checked against the core's request types (issue 17): every
body docs/openapi.json allows for POST /games, each table of POST /rounds, POST /simulate and
POST /analyze is a valid `SetupRequest` / `SimulateRequest` / `AnalyzeRequest` of
docs/schema.json, their fields are the core's, and every enum spelling is accepted by both
documents or by neither."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
import jsonschema  # type: ignore[import-untyped]
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.generation import GenerationMode

ROOT = Path(__file__).resolve().parents[1]
OPENAPI = json.loads((ROOT / "docs" / "openapi.json").read_text())
CORE = json.loads((ROOT / "docs" / "schema.json").read_text())["$defs"]
HTTP = OPENAPI["components"]["schemas"]
EXAMPLES = 100

if "SetupRequest" not in CORE or "SimulateRequest" not in CORE:
    pytest.skip(
        "docs/schema.json has no SetupRequest/SimulateRequest entry yet (issue 17's core "
        "request types): nothing to check the bodies against",
        allow_module_level=True,
    )


def core(name: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator({"$ref": f"#/$defs/{name}", "$defs": CORE})


def http(name: str) -> jsonschema.Draft202012Validator:
    root = {"$ref": f"#/components/schemas/{name}", "components": OPENAPI["components"]}
    return jsonschema.Draft202012Validator(root)


def bodies(path: str) -> Any:
    """Bodies docs/openapi.json allows for ``POST path`` (schemathesis's positive mode)."""
    operation = schemathesis.openapi.from_dict(OPENAPI)[path]["POST"]
    return operation.as_strategy(generation_mode=GenerationMode.POSITIVE)


def fits(validator: jsonschema.Draft202012Validator, body: Any) -> None:
    error = jsonschema.exceptions.best_match(validator.iter_errors(body))
    assert error is None, f"{list(error.absolute_path)}: {error.message[:300]}\n{body!r:.600}"


SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)


def test_every_post_games_body_is_a_setup_request():
    setup = core("SetupRequest")

    @SETTINGS
    @given(case=bodies("/games"))
    def check(case: Any) -> None:
        body = dict(case.body)
        body.pop("contributions", None)  # the service's own: who adds randomness, and when
        body.pop("invites", None)  # the service's own: how the seats get their tokens
        fits(setup, body)

    check()


def test_every_round_table_is_a_setup_request():
    setup = core("SetupRequest")

    @settings(SETTINGS, max_examples=EXAMPLES // 4)  # up to 5,000 tables a body
    @given(case=bodies("/rounds"))
    def check(case: Any) -> None:
        body = dict(case.body)
        tables = body.pop("tables")
        body.pop("round_id", None)
        for players in tables:
            fits(setup, {**body, "players": players})

    check()


def test_every_post_simulate_body_is_a_simulate_request():
    request = core("SimulateRequest")

    @SETTINGS
    @given(case=bodies("/simulate"))
    def check(case: Any) -> None:
        fits(request, case.body)

    check()


def test_every_post_analyze_body_is_an_analyze_request():
    request = core("AnalyzeRequest")

    @SETTINGS
    @given(case=bodies("/analyze"))
    def check(case: Any) -> None:
        fits(request, case.body)

    check()


def test_the_bodies_fields_are_the_core_requests_fields():
    def fields(schemas: dict[str, Any], name: str) -> set[str]:
        return set(schemas[name]["properties"])

    # The service's own fields: who adds randomness (contributions), how seats get their tokens
    # (invites). Neither is part of the game's set-up.
    service = {"contributions", "invites"}
    assert fields(HTTP, "GameIn") - service <= fields(CORE, "SetupRequest")
    assert fields(HTTP, "PlayerIn") == fields(CORE, "PlayerRequest")
    assert fields(HTTP, "SimulateIn") <= fields(CORE, "SimulateRequest")
    assert fields(HTTP, "AnalyzeIn") <= fields(CORE, "AnalyzeRequest")
    assert fields(HTTP, "KeepIn") == fields(CORE, "KeepRule")


SPELLINGS = {
    ("mulligan", "MulliganRule"): [
        "LONDON",
        "london",
        "London",
        "paris-sequential",
        "PARIS_SEQUENTIAL",
        "Partial-Paris",
        "none",
        "NONE",
        "londn",
        "LONDON ",
        "paris sequential",
        "",
    ],
    ("variant", "Variant"): [
        "TWO_PLAYER",
        "two-player",
        "Two_Player",
        "two-headed_giant",
        "commander",
        "twoplayer",
        "TWO PLAYER",
    ],
    ("smoothing", "Smoothing"): [
        "arena2",
        "ARENA2",
        "Arena2",
        "smoothed-london",
        "SMOOTHED_LONDON",
        "weighted3",
        "arena",
        "arena_2",
    ],
}
KEEP_SPELLINGS = {
    ("bottom", "Bottom"): [
        "balance",
        "BALANCE",
        "lands_first",
        "lands-first",
        "LANDS-FIRST",
        "Lands_First",
        "spells",
        "lands",
        "landsfirst",
        "first",
    ],
    ("exile", "Exile"): ["hand", "HAND", "excess", "Excess", "all", "hand_"],
}


def test_every_enum_spelling_is_accepted_by_both_documents_or_neither():
    simulate = http("SimulateIn")
    checked = 0
    for (field, name), spellings in SPELLINGS.items():
        for spelling in spellings:
            body = {"deck": "60 Forest", "games": 1, field: spelling}
            assert simulate.is_valid(body) == core(name).is_valid(spelling), (field, spelling)
            checked += 1
    for (field, name), spellings in KEEP_SPELLINGS.items():
        for spelling in spellings:
            body = {"deck": "60 Forest", "games": 1, "keep": {field: spelling}}
            assert simulate.is_valid(body) == core(name).is_valid(spelling), (field, spelling)
            checked += 1
    assert checked > 40
