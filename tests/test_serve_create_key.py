"""The create key (issue 36): who may create games, rounds and analyses on a public server;
the landing page asks for it once and keeps it; the Tabletop Simulator script sends its
``CREATE_KEY``; a bad key file is a one-line error at start-up."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import httpx
import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient

from mulligan.serve.app import create_app
from mulligan.serve.create_key import CreateKey
from mulligan.serve.operations import Operations

from .serve_util import Server, auth, two_players

KEY = "correct-horse-battery-staple"
DECK = "24 Forest\n36 Grizzly Bears\n"
TABLE = [{"name": "Ann", "deck": DECK}, {"name": "Ben", "deck": DECK}]


def client(analysis: bool = False, metrics: str = "on") -> TestClient:
    ops = Operations(create_key=CreateKey.of(KEY, analysis), metrics=metrics)
    return TestClient(create_app(":memory:", operations=ops))


def created(c: TestClient) -> float:
    """``mulligan_games_created_total`` now (the metrics are the process's)."""
    for line in c.get("/metrics", headers=auth(KEY)).text.splitlines():
        if line.startswith("mulligan_games_created_total "):
            return float(line.split()[1])
    raise AssertionError("no mulligan_games_created_total")


def refused(r: Any, status: int) -> str:
    assert r.status_code == status, r.text
    message: str = r.json()["error"]["message"]
    assert "create key" in message and "Authorization: Bearer" in message
    return message


CREATING = [
    ("/games", two_players()),
    ("/rounds/commitment", None),
    ("/rounds", {"tables": [TABLE]}),
]


@pytest.mark.parametrize(("path", "body"), CREATING)
def test_each_route_that_creates_needs_the_key(path, body):
    with client() as c:
        before = created(c)
        assert refused(c.post(path, json=body), 401)
        assert refused(c.post(path, json=body, headers=auth("another-key")), 403)
        for malformed in ("Basic " + KEY, "Bearer", KEY, "Bearer " + "k" * 300):
            r = c.post(path, json=body, headers={"Authorization": malformed})
            refused(r, 401)
        # Nothing was created by any refusal.
        assert created(c) == before
        assert c.post(path, json=body, headers=auth(KEY)).status_code == 201
        assert created(c) == before + (0 if path == "/rounds/commitment" else 1)


def test_a_drawn_round_takes_its_own_token_and_not_the_key():
    with client() as c:
        drawn = c.post("/rounds/commitment", headers=auth(KEY)).json()
        body = {"round_id": drawn["round_id"], "tables": [TABLE]}
        # The key is not the round's token; the round's token is enough.
        assert c.post("/rounds", json=body, headers=auth(KEY)).status_code == 403
        made = c.post("/rounds", json=body, headers=auth(drawn["host_token"]))
        assert made.status_code == 201, made.text
        # Playing needs only the game's tokens, as before.
        g = c.post("/games", json=two_players(), headers=auth(KEY)).json()
        seat = c.get(f"/games/{g['game_id']}/seats/0", headers=auth(g["seats"][0]["token"]))
        assert seat.status_code == 200


def test_analysis_needs_the_key_only_when_the_operator_asks():
    body = {"deck": DECK, "games": 200, "seed": "ab" * 32}
    with client(analysis=False) as c:
        assert c.post("/simulate", json=body).status_code == 200
    with client(analysis=True) as c:
        refused(c.post("/simulate", json=body), 401)
        refused(c.post("/analyze", json={"deck": DECK}), 401)
        refused(c.post("/sources", json={"deck": DECK}), 401)
        assert c.post("/simulate", json=body, headers=auth(KEY)).status_code == 200


def test_metrics_behind_the_key_or_off():
    with client(metrics="key") as c:
        refused(c.get("/metrics"), 401)
        r = c.get("/metrics", headers=auth(KEY))
        assert r.status_code == 200 and "mulligan_games_created_total" in r.text
    with client(metrics="off") as c:
        assert c.get("/metrics").status_code == 404


def test_without_a_key_file_nothing_changes():
    with TestClient(create_app(":memory:")) as c:
        assert c.post("/games", json=two_players()).status_code == 201
        assert c.post("/rounds/commitment").status_code == 201


def one_line(status: int, stderr: str) -> str:
    assert status == 2, stderr
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("mulligan: error: "), stderr
    return lines[0]


def test_a_bad_key_file_stops_the_command_before_it_listens(tmp_path):
    empty = tmp_path / "empty"
    empty.write_text("")
    done = subprocess.run(
        [sys.executable, "-m", "mulligan", "serve", "--port", "0", "--create-key-file", str(empty)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "is empty" in one_line(done.returncode, done.stderr)
    assert "listening" not in done.stderr and "Traceback" not in done.stderr


def test_bad_operator_options_are_one_line_errors_at_start_up(tmp_path, capsys):
    from mulligan.serve.command import main

    def serve_error(*args: str) -> str:
        """`mulligan serve ARGS`'s one-line error (it exits before listening)."""
        status = main(["--port", "0", *args])
        return one_line(status, capsys.readouterr().err)

    empty = tmp_path / "empty"
    empty.write_text("\n  \n")
    assert "is empty" in serve_error("--create-key-file", str(empty))
    assert "cannot read" in serve_error("--create-key-file", str(tmp_path / "missing"))
    unreadable = tmp_path / "binary"
    unreadable.write_bytes(b"\xff\xfe\x00")
    assert "cannot read" in serve_error("--create-key-file", str(unreadable))
    for days in ("0", "-3"):
        line = serve_error("--end-untouched-days", days)
        assert "--end-untouched-days" in line and "positive number of days" in line
    assert "--delete-ended-days" in serve_error("--delete-ended-days", "soon")
    assert "not a directory" in serve_error("--metrics-dir", str(tmp_path / "nowhere"))
    assert "needs --create-key-file" in serve_error("--metrics", "key")
    db = tmp_path / "db.sqlite3"
    line = serve_error("backup", str(db), str(tmp_path / "out"))
    assert "no database file" in line
    db.write_bytes(b"")
    line = serve_error("backup", str(db), str(tmp_path / "no" / "such" / "dir" / "out"))
    assert "cannot write the backup" in line


def test_the_landing_page_asks_for_the_key_once_and_keeps_it(tmp_path):
    browser_util = pytest.importorskip("tests.browser_util")
    if browser_util.CHROMEDRIVER is None:
        pytest.skip("chromium-driver is not installed (scripts/system_deps.sh)")
    from selenium.webdriver.common.by import By

    key_file = tmp_path / "key"
    key_file.write_text(KEY + "\n")
    server = Server(str(tmp_path / "db.sqlite3"), None, "--create-key-file", str(key_file))
    server.start()
    d = browser_util.browser()
    find = d.find_element

    def load() -> None:
        """The page, once its script has run (it adds the players' fields)."""
        d.get(server.url + "/")
        browser_util.wait_for(
            lambda: d.find_elements(By.CSS_SELECTOR, "#players .player"), "the form"
        )

    try:
        load()
        assert not find(By.ID, "keybox").is_displayed()
        find(By.ID, "submit").click()
        browser_util.wait_for(lambda: find(By.ID, "keybox").is_displayed(), "the key asked for")
        assert "create key" in find(By.ID, "error").text
        find(By.ID, "createkey").send_keys(KEY)
        find(By.ID, "submit").click()
        browser_util.wait_for(lambda: find(By.ID, "result").is_displayed(), "the game's links")
        # A reload: the key is kept in this browser, not asked again.
        load()
        find(By.ID, "submit").click()
        browser_util.wait_for(lambda: find(By.ID, "result").is_displayed(), "a second game")
        assert not find(By.ID, "keybox").is_displayed()
        created = [line for line in server.output().splitlines() if '"POST /games' in line]
        assert [line.split('"')[-1].split()[0] for line in created] == ["401", "201", "201"]
    finally:
        d.quit()
        server.stop()


def test_the_tts_script_sends_its_create_key(tmp_path):
    tts = pytest.importorskip("tests.tts_util")
    lua = next((v for v in ("5.4", "5.2") if tts.lua_binary(v) is not None), None)
    if lua is None:
        pytest.skip("lua with lua-socket and lua-cjson is not installed")
    key_file = tmp_path / "key"
    key_file.write_text(KEY)
    server = Server(str(tmp_path / "db.sqlite3"), None, "--create-key-file", str(key_file))
    server.start()
    try:
        run = tts.lua_json(lua, tts.RUN, server, "WHOLE_GAME=false", f"CREATE_KEY={KEY}")
        assert run["game"] is not None
        tts.verified(run)
        without = tts.lua_json(lua, tts.RUN, server, "WHOLE_GAME=false")
        assert without["game"] is None
        assert any("unauthorized" in t and "create key" in t for t in without["texts"])
        wrong = httpx.post(server.url + "/games", json=two_players(), headers=auth("x"))
        assert wrong.status_code == 403
    finally:
        server.stop()


def test_a_resent_creation_needs_the_key_and_counts_one_game():
    """The key is checked before an Idempotency-Key's stored reply is given: the resend of a
    creation without the key gets 401, with it the first reply; the game counts once."""
    with client() as c:
        before = created(c)
        headers = {**auth(KEY), "Idempotency-Key": "start-0123456789abcdef"}
        first = c.post("/games", json=two_players(), headers=headers)
        assert first.status_code == 201, first.text
        refused(
            c.post(
                "/games", json=two_players(), headers={"Idempotency-Key": "start-0123456789abcdef"}
            ),
            401,
        )
        again = c.post("/games", json=two_players(), headers=headers)
        assert again.status_code == 201 and again.json()["game_id"] == first.json()["game_id"]
        assert created(c) == before + 1
