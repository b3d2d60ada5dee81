"""`mulligan serve` as a separate process: a SIGKILL mid-game loses nothing."""

from __future__ import annotations

import json
import subprocess
import sys
import time

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


def _wait_for(server: Server, text: str) -> str:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        out = server.output()
        if text in out:
            return out
        time.sleep(0.05)
    raise AssertionError(f"{text!r} not in the server's output: {server.output()[-2000:]}")


def test_listening_line_access_log_and_a_busy_port(tmp_path):
    server = Server(str(tmp_path / "db.sqlite3")).start()
    quiet = Server(str(tmp_path / "db.sqlite3"), None, "--no-access-log").start()
    try:
        assert f"listening on http://127.0.0.1:{server.port}" in server.output()
        httpx.get(server.url + "/games/nope/events")
        _wait_for(server, '"GET /games/nope/events HTTP/1.1" 401')
        # The deck warnings of a game: in the reply, and one line each in the server's log,
        # not as Python warnings with their source lines.
        created = httpx.post(server.url + "/games", json=two_players(), timeout=30).json()
        assert created["warnings"]
        out = _wait_for(server, '"POST /games HTTP/1.1" 201')
        for w in created["warnings"]:
            assert f"POST /games: deck: {w['message']}" in out
        assert "Traceback" not in out and "Warning" not in out and "warnings.warn" not in out
        httpx.get(quiet.url + "/healthz")
        time.sleep(0.3)
        assert "listening on" in quiet.output() and "GET /healthz" not in quiet.output()
        # The same port again: one line and exit 1, as every other error of the command.
        busy = subprocess.run(
            [sys.executable, "-m", "mulligan", "serve", "--port", str(server.port)],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert busy.returncode == 1, busy.stderr
        assert busy.stderr.splitlines() == [
            f"mulligan: error: cannot listen on 127.0.0.1:{server.port}: the port is in use "
            "(another server?); choose another --port"
        ]
    finally:
        server.stop()
        quiet.stop()


def test_python_m_mulligan_serve_runs_the_command_without_the_cli_package():
    code = (
        "import runpy, sys; sys.argv = ['x', '--help']\n"
        "try:\n    runpy.run_module('mulligan.serve', run_name='__main__')\n"
        "except SystemExit as e:\n    assert e.code == 0, e.code\n"
        "print(sorted(m for m in sys.modules if m.startswith('mulligan.cli')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "--no-access-log" in out.stdout and out.stdout.strip().endswith("[]")
