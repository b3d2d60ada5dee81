"""The Tabletop Simulator example (docs/tabletop_simulator.lua) and this test make the same
calls: the test reads the script's requests and plays a game start the way the script does."""

from __future__ import annotations

import json
import re
from pathlib import Path

from fastapi.testclient import TestClient

import mulligan as m
from mulligan.serve import create_app

from .serve_util import answer_for

LUA = Path(__file__).resolve().parents[1] / "docs" / "tabletop_simulator.lua"


def lua_calls() -> set[tuple[str, str]]:
    """(method, path template) of every request the script makes."""
    text = LUA.read_text()
    found = set()
    for method, path in re.findall(r'call\("(GET|POST)", ([^,]+),', text):
        found.add((method, path))
    for path, method in re.findall(r'WebRequest\.custom\(SERVER \.\. ([^,]+), "(GET|POST)"', text):
        found.add((method, path))
    templates = set()
    for method, path in found:
        if path == "path":  # the helper itself: call() passes its argument through
            continue
        path = path.replace('seatPath(seat) .. "/answer"', '"/games/{game_id}/seats/{seat}/answer"')
        path = path.replace("seatPath(seat)", '"/games/{game_id}/seats/{seat}"')
        path = path.replace('" .. game.game_id .. "', "{game_id}")
        templates.add((method, path.strip('"')))
    return templates


def test_the_lua_example_and_this_test_make_the_same_calls(tmp_path):
    made: set[tuple[str, str]] = set()
    with TestClient(create_app(tmp_path / "db.sqlite3")) as c:

        def call(method, template, token=None, body=None, **names):
            made.add((method, template))
            headers = {"Authorization": f"Bearer {token}"} if token else {}
            return c.request(method, template.format(**names), json=body, headers=headers)

        deck = "24 Forest\n36 Grizzly Bears\n"
        players = [{"name": "Ann", "deck": deck}, {"name": "Ben", "deck": deck}]
        body = {"players": players, "variant": "TWO_PLAYER", "mulligan": "LONDON"}
        game = call("POST", "/games", None, body).json()
        gid, seat, done = game["game_id"], 0, [False, False]
        while not all(done):
            token = game["seats"][seat]["token"]
            view = call("GET", "/games/{game_id}/seats/{seat}", token, game_id=gid, seat=seat)
            view = view.json()
            done[seat] = view["done"]
            if view["pending"]:
                d = view["pending"][0]
                a = answer_for(d)
                if d["kind"] == "keep_or_mulligan":
                    a["action"] = "keep"  # the script keeps every hand
                if d["kind"] == "choose_starting_player":
                    a["starting_seat"] = seat
                r = call(
                    "POST", "/games/{game_id}/seats/{seat}/answer", token, a, game_id=gid, seat=seat
                )
                assert r.status_code == 200, r.text
            seat = 1 - seat
        events = call(
            "GET", "/games/{game_id}/events?after=0&wait=0", game["host_token"], game_id=gid
        ).json()
        assert events["done"]
        log = call("GET", "/games/{game_id}/log", game["host_token"], game_id=gid)
        records = [json.loads(line) for line in log.text.splitlines()]
        assert m.verify_log(records, commitment=game["commitment"])
    assert made == lua_calls()
