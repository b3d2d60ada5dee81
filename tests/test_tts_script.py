"""The Tabletop Simulator script (docs/tabletop_simulator.lua) run as a user would: Debian's
lua5.4 runs the script itself against a live `mulligan serve` on loopback, with the small
stand-in for TTS's WebRequest, JSON, spawnObject, Player, Notes and UI of tests/tts/tts.lua;
its buttons are clicked as the players would (tests/tts/run.lua), and the server's state
after the run is compared with what the table shows."""

from __future__ import annotations

import json
import shutil
import subprocess
import urllib.parse
from pathlib import Path
from typing import Any

import httpx
import pytest

import mulligan as m

from .serve_util import Server, auth

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "docs" / "tabletop_simulator.lua"
RUN = ROOT / "tests" / "tts" / "run.lua"
LUA = shutil.which("lua5.4")


def _lua_ready() -> bool:
    if LUA is None:
        return False
    probe = subprocess.run(
        [LUA, "-e", 'require("socket.http"); require("cjson")'], capture_output=True
    )
    return probe.returncode == 0


pytestmark = pytest.mark.skipif(
    not _lua_ready(),
    reason="lua5.4 with lua-socket and lua-cjson is not installed (scripts/system_deps.sh)",
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    s = Server(str(tmp_path_factory.mktemp("tts") / "db.sqlite3")).start()
    yield s
    s.stop()


def run_script(server: Server, *args: str) -> dict[str, Any]:
    done = subprocess.run(
        [LUA or "lua5.4", str(RUN), str(SCRIPT), server.url, *args],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    out: dict[str, Any] = json.loads(done.stdout)
    return out


def image(name: str) -> str:
    return (
        "https://api.scryfall.com/cards/named?exact="
        + urllib.parse.quote(name, safe="-_.~")
        + "&format=image"
    )


def hand_objects(run: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    return [o for o in run["objects"] if o["alive"] and str(o["memo"]).startswith(f"{seat}:")]


def check_hands(server: Server, run: dict[str, Any]) -> list[dict[str, Any]]:
    """Each seat's cards on the table are exactly its hand on the server, by id and name,
    with the card's image; returns the views."""
    game = run["game"]
    views = []
    for seat in (0, 1):
        token = game["seats"][seat]["token"]
        view = httpx.get(f"{server.url}/games/{game['game_id']}/seats/{seat}", headers=auth(token))
        assert view.status_code == 200, view.text
        v = view.json()
        views.append(v)
        shown = sorted((o["memo"], o["name"]) for o in hand_objects(run, seat))
        assert shown == sorted((f"{seat}:{c['id']}", c["name"]) for c in v["hand"])
        for o in hand_objects(run, seat):
            assert o["type"] == "CardCustom"
            assert o["face"] == image(o["name"]) and o["back"].startswith("https://")
    return views


def test_the_script_deals_each_hand_as_card_objects_and_publishes_a_log_that_verifies(server):
    run = run_script(server, "WHOLE_GAME=false", "tab:Red=24 Island\\n36 Kozilek's Return\\n")
    game = run["game"]
    assert run["answered"] >= 2  # each player kept (and one chose who starts)
    views = check_hands(server, run)
    assert all(v["done"] for v in views)
    assert [len(v["hand"]) for v in views] == [7, 7]
    # The Notebook tab's deck was played by Red, with names the image link must encode.
    assert {c["name"] for c in views[1]["hand"]} <= {"Island", "Kozilek's Return"}
    assert "Kozilek%27s%20Return" in image("Kozilek's Return")
    # The names the players typed nowhere: the seats are named after their colours.
    assert [s["name"] for s in game["seats"]] == ["White", "Red"]
    # The script fetched the log once the game start was done; it verifies.
    records = [json.loads(line) for line in run["log"].splitlines()]
    assert m.verify_log(records, commitment=game["commitment"])
    # Nothing went wrong on the way: no error printed, every request answered 2xx.
    assert not [p for p in run["printed"] if "error" in p or "invalid" in p], run["printed"]
    assert all(200 <= r["status"] < 300 for r in run["requests"]), run["requests"]


def test_a_mulligan_takes_the_first_hand_off_the_table_and_deals_the_next(server):
    run = run_script(server, "WHOLE_GAME=false", "once:White=Mulligan")
    views = check_hands(server, run)
    # London: seven new cards, one of them put on the bottom by a "Bottom:" button.
    assert [len(v["hand"]) for v in views] == [6, 7]
    assert views[0]["seats"][0]["mulligans"] == 1
    gone = [o for o in run["objects"] if not o["alive"]]
    white = [o for o in run["objects"] if str(o["memo"]).startswith("0:")]
    # The first hand's objects were removed (those not drawn again), the bottomed card too.
    assert len(white) - len(gone) == 6 and len(gone) >= 1
    # Once done, each player sees no button of the game start, and nothing of another seat.
    assert not run["buttons"]["White"] and not run["buttons"]["Red"]


def test_the_whole_game_draws_shuffles_searches_and_scries_through_the_server(server):
    run = run_script(
        server,
        "WHOLE_GAME=true",
        "White:Draw",
        "White:Shuffle",
        "White:Mill 1",
        "White:Search library",
        "White:Take: Forest",
        "White:Scry 2",
        "White:Done scrying",
        "Red:Draw",
        "Red:Search library",
        "Red:Find nothing",
        "White:End game",
    )
    game = run["game"]
    views = check_hands(server, run)
    white, red = views
    # Every click was one numbered action: White's seven, Red's three.
    assert (white["next_action"], red["next_action"]) == (8, 4)
    assert len(white["hand"]) == 7 + 1 + 1 and len(red["hand"]) == 7 + 1
    assert len(white["seats"][0]["graveyard"]) == 1 and white["ended"]
    # The card taken by the search is on the table, in White's hand, and the server says so.
    taken = [o for o in hand_objects(run, 0) if o["name"] == "Forest"]
    assert len(taken) == sum(c["name"] == "Forest" for c in white["hand"]) >= 1
    # Ending the game revealed the seed: the log the script fetched verifies.
    records = [json.loads(line) for line in run["log"].splitlines()]
    assert records[-1]["type"] == "reveal"
    assert m.verify_log(records, commitment=game["commitment"])
    kinds = [r["action"]["action"] for r in records if r.get("type") == "act"]
    assert kinds.count("draw") == 2 and "found" in kinds and "arrange" in kinds
    assert all(200 <= r["status"] < 300 for r in run["requests"]), run["requests"]
