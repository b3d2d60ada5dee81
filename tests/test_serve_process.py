"""`mulligan serve` as a separate process: a SIGKILL mid-game loses nothing."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("fastapi")
import httpx

import mulligan as m
from mulligan.serve.engine import LiveGame

from .serve_util import Server, auth, play, two_players


def test_sigkill_mid_game_then_restart_equals_an_uninterrupted_run(tmp_path):
    db = str(tmp_path / "crash.sqlite3")
    server = Server(db).start()
    try:
        with httpx.Client(base_url=server.url, timeout=30) as c:
            game = c.post("/games", json=two_players()).json()
            first = play(c.request, game, limit=2)
            assert len(first) == 2
            before = c.get(
                f"/games/{game['game_id']}/seats/0", headers=auth(game["seats"][0]["token"])
            ).json()
        server.kill()  # SIGKILL: no shutdown hook runs
        server.start()
        with httpx.Client(base_url=server.url, timeout=30) as c:
            after = c.get(
                f"/games/{game['game_id']}/seats/0", headers=auth(game["seats"][0]["token"])
            ).json()
            assert after == before
            rest = play(c.request, game)
            log = c.get(f"/games/{game['game_id']}/log", headers=auth(game["host_token"]))
            assert log.status_code == 200
    finally:
        server.stop()
    records = [json.loads(line) for line in log.text.splitlines()]
    assert m.verify_log(records, commitment=game["commitment"])
    # The same seed and answers, played in one go in this process, give the very same log.
    setup = {**two_players(), "variant": "TWO_PLAYER", "mulligan": "LONDON"}
    setup.update(starting_player=None, chooser=None)
    uninterrupted = LiveGame.build(setup, records[-1]["seed"], [])
    for a in first + rest:
        uninterrupted.apply(a["seat"], a)
    assert uninterrupted.done
    assert json.loads(json.dumps(uninterrupted.log())) == records


def test_mulligan_serve_is_a_command_of_the_mulligan_group(capsys):
    from mulligan.cli import main

    assert main(["serve", "--help"]) == 0
    out = capsys.readouterr().out
    for option in ("--host", "--port", "--db", "--workers", "--games-per-minute"):
        assert option in out
    assert main(["serve", "--workers", "0"]) == 2
    assert "--workers" in capsys.readouterr().err
