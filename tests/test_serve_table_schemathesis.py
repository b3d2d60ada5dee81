"""Schemathesis over the whole game's routes, aimed at a real game: generated bodies for
`POST /games/{id}/seats/{seat}/actions`, `POST /games/{id}/actions` and `POST /games/{id}/end`
sent with the game's real ids and tokens (random ids would only ever meet a 404). Every reply
keeps to the published schema and status codes, none is a 5xx, and the game stays one that
replays: its log verifies afterwards."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

import mulligan as m

from .serve_util import DECK_A, DECK_B, Server, auth, play

EXAMPLES = 60


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    db = str(tmp_path_factory.mktemp("schemathesis-table") / "db.sqlite3")
    s = Server(db, None, "--games-per-minute", "100000").start()
    yield s
    s.stop()


def test_generated_actions_on_a_real_game_keep_to_the_schema(server: Server) -> None:
    players = [{"name": "Ann", "deck": DECK_A}, {"name": "Ben", "deck": DECK_B}]
    with httpx.Client(base_url=server.url, timeout=60) as c:
        game = c.post("/games", json={"players": players, "whole_game": True}).json()
        play(c.request, game)
    schema = schemathesis.openapi.from_url(server.url + "/openapi.json")
    wanted = {
        ("POST", "/games/{game_id}/seats/{seat}/actions"): game["seats"][0]["token"],
        ("POST", "/games/{game_id}/actions"): game["host_token"],
    }
    operations = [
        op
        for op in (r.ok() for r in schema.get_all_operations())  # type: ignore[union-attr]
        if (op.method.upper(), op.path) in wanted
    ]
    assert len(operations) == len(wanted)
    checks = [
        not_a_server_error,
        response_schema_conformance,
        content_type_conformance,
        status_code_conformance,
    ]
    statuses: dict[int, int] = {}

    def runner(operation: Any, token: str) -> Any:
        @settings(
            max_examples=EXAMPLES,
            deadline=None,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
        @given(case=operation.as_strategy())
        def run(case: Any) -> None:
            case.path_parameters = {
                **(case.path_parameters or {}),
                "game_id": game["game_id"],
                "seat": 0,
            }
            response = case.call(base_url=server.url, headers=auth(token), timeout=120)
            statuses[response.status_code] = statuses.get(response.status_code, 0) + 1
            case.validate_response(response, checks=checks)

        return run

    for operation in operations:
        runner(operation, wanted[(operation.method.upper(), operation.path)])()
    # The generated bodies met the game: refused (422), out of turn (409), a seat the game
    # does not have (404, the host's route), or applied; and no request took the game apart.
    assert set(statuses) <= {200, 404, 409, 422} and statuses.get(422, 0) > 0, statuses
    with httpx.Client(base_url=server.url, timeout=60) as c:
        host = auth(game["host_token"])
        assert c.post(f"/games/{game['game_id']}/end", headers=host).status_code == 200
        log = c.get(f"/games/{game['game_id']}/log", headers=host)
        records = [json.loads(line) for line in log.text.splitlines()]
        assert m.verify_log(records, commitment=game["commitment"])
