"""Issue 35: the Tabletop Simulator script's Start game is safe to resend. Its reply lost
with an error, never coming, or coming too late: the script sends the start again with the
same Idempotency-Key (or the host presses Start game again after it gave up, or after saving
and loading the table), and the server holds exactly one game, the one the table plays.
Debian's lua5.2 and lua5.4 run the script itself in the stand-in of tests/tts/tts.lua."""

from __future__ import annotations

import json
import sqlite3
import subprocess
from pathlib import Path
from typing import Any

import pytest

from .serve_util import Server
from .test_tts_script import LUAS, RUN, SCRIPT, _lua, lua_json, verified

START = Path(__file__).resolve().parent / "tts" / "start.lua"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Any:
    s = Server(str(tmp_path_factory.mktemp("tts-start") / "db.sqlite3")).start()
    yield s
    s.stop()


def game_ids(server: Server) -> list[str]:
    with sqlite3.connect(server.db) as c:
        return [r[0] for r in c.execute("SELECT id FROM games ORDER BY created")]


def starts(run: dict[str, Any]) -> list[dict[str, Any]]:
    return [r for r in run["requests"] if r["method"] == "POST" and r["url"].endswith("/games")]


@pytest.mark.parametrize("lua", LUAS)
@pytest.mark.parametrize("kind", ["drop_reply", "no_reply", "delay"])
@pytest.mark.parametrize("tries", ["6", "1"])
def test_a_lost_start_reply_makes_exactly_one_game(served, lua, kind, tries):
    """drop_reply: the server creates the game and the script gets an error; no_reply: the
    callback never comes; delay: the reply comes 2 to 30 s later (after the script's 15 s
    timeout, or before). With tries (6) the script resends by itself; without (1) it gives up
    and the host presses Start game again (`once:`)."""
    before = game_ids(served)
    run = lua_json(
        lua,
        RUN,
        served,
        "WHOLE_GAME=false",
        f"REQUEST_TRIES={tries}",
        f"fault:POST:/games={kind}",
        "once:White=Start game",
    )
    assert run["injected"][kind] == 1
    new = [g for g in game_ids(served) if g not in before]
    assert new == [run["game"]["game_id"]], (new, run["printed"])
    sent = starts(run)
    keys = {r["idempotency_key"] for r in sent}
    assert len(keys) == 1 and None not in keys and len(next(iter(keys))) >= 16
    if kind != "delay":
        assert len(sent) >= 2  # the start went again, and was answered with the same game
    # The table plays that game to its end; the log verifies.
    assert run["answered"] >= 2 and verified(run)


def _start(lua: str, server: Server, *args: str) -> dict[str, Any]:
    done = subprocess.run(
        [_lua(lua) or f"lua{lua}", str(START), str(SCRIPT), server.url, *args],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    out: dict[str, Any] = json.loads(done.stdout)
    return out


@pytest.mark.parametrize("lua", LUAS)
def test_the_start_key_is_kept_in_the_save_until_the_start_succeeds(served, lua, tmp_path):
    before = game_ids(served)
    save = tmp_path / "save.json"
    first = _start(lua, served, f"save={save}")
    # The server made the game; the script never heard, gave up and shows Start game again.
    assert first["game_id"] is None and first["injected"]["no_reply"] == 1
    created = [g for g in game_ids(served) if g not in before]
    assert len(created) == 1
    state = json.loads(json.loads(save.read_text())["script_state"])
    assert state["start_key"] == first["start_key"]
    # Loaded into a fresh TTS, Start game gets that game, not a second one.
    second = _start(lua, served, f"load={save}")
    assert second["clicked"] and second["game_id"] == created[0]
    assert [r["idempotency_key"] for r in starts(second)] == [first["start_key"]]
    assert second["start_key"] is None
    assert [g for g in game_ids(served) if g not in before] == created
