"""The Tabletop Simulator script (docs/tabletop_simulator.lua) run as a user would: Debian's
lua5.2 (TTS runs MoonSharp, a Lua 5.2 dialect) and lua5.4 run the script itself against a live
`mulligan serve` on loopback, with the stand-in for TTS's API of tests/tts/tts.lua. Its buttons
are clicked and its cards dragged as the players would (tests/tts/run.lua for a scripted
sequence, tests/tts/play.lua for random whole games with injected faults), and the server's
state, read with each seat's token, is compared with what the table shows."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
import pytest

from .serve_util import Server, auth
from .tts_util import LUAS, PLAY, RUN, acts, image, lua_json, verified

# A deck of 15 names: a search lists them by name, two pages of 8.
MANY_NAMES = (
    "4 Forest\\n4 Island\\n4 Swamp\\n4 Mountain\\n4 Plains\\n4 Grizzly Bears\\n"
    "4 Llanowar Elves\\n4 Giant Growth\\n4 Lightning Bolt\\n4 Counterspell\\n4 Dark Ritual\\n"
    "4 Shock\\n4 Opt\\n4 Duress\\n4 Ponder\\n"
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    s = Server(str(tmp_path_factory.mktemp("tts") / "db.sqlite3")).start()
    yield s
    s.stop()


def hand_objects(run: dict[str, Any], seat: int, color: str) -> list[dict[str, Any]]:
    """The card objects lying in the hand zone of `color` (TTS's hand zone, by position)."""
    return [
        o
        for o in run["objects"]
        if o["alive"] and o.get("hand") == color and str(o.get("memo")).startswith(f"{seat}:")
    ]


def check_hands(server: Server, run: dict[str, Any]) -> list[dict[str, Any]]:
    """Each seat's cards in its hand zone are exactly its hand on the server, by id and name,
    with the card's image; returns the views."""
    game = run["game"]
    views = []
    for seat, color in enumerate(("White", "Red")):
        token = game["seats"][seat]["token"]
        view = httpx.get(f"{server.url}/games/{game['game_id']}/seats/{seat}", headers=auth(token))
        assert view.status_code == 200, view.text
        v = view.json()
        views.append(v)
        shown = sorted((o["memo"], o["name"]) for o in hand_objects(run, seat, color))
        assert shown == sorted((f"{seat}:{c['id']}", c["name"]) for c in v["hand"])
        for o in hand_objects(run, seat, color):
            assert o["type"] == "Card"
            assert o["face"] == image(o["name"]) and o["back"].startswith("https://")
    return views


# -- a scripted game start and game ----------------------------------------------------------


@pytest.mark.parametrize("lua", LUAS)
def test_the_script_deals_each_hand_as_card_objects_and_publishes_a_log_that_verifies(server, lua):
    run = lua_json(
        lua, RUN, server, "WHOLE_GAME=false", "tab:Red=24 Island\\n36 Kozilek's Return\\n"
    )
    game = run["game"]
    assert run["answered"] >= 2  # each player kept (and one chose who starts)
    views = check_hands(server, run)
    assert all(v["done"] for v in views)
    assert [len(v["hand"]) for v in views] == [7, 7]
    # The Notebook tab's deck was played by Red, with names the image link must encode.
    assert {c["name"] for c in views[1]["hand"]} <= {"Island", "Kozilek's Return"}
    assert "Kozilek%27s%20Return" in image("Kozilek's Return")
    assert [s["name"] for s in game["seats"]] == ["White", "Red"]
    # The script fetched the log once the game start was done; it verifies.
    verified(run)
    assert not [p for p in run["printed"] if "error" in p or "invalid" in p], run["printed"]
    assert all(200 <= r["status"] < 300 for r in run["requests"]), run["requests"]


@pytest.mark.parametrize("lua", LUAS)
def test_a_mulligan_takes_the_first_hand_off_the_table_and_deals_the_next(server, lua):
    run = lua_json(lua, RUN, server, "WHOLE_GAME=false", "once:White=Mulligan")
    views = check_hands(server, run)
    # London: seven new cards, one of them put on the bottom by a "Bottom:" button.
    assert [len(v["hand"]) for v in views] == [6, 7]
    assert views[0]["seats"][0]["mulligans"] == 1
    white = [o for o in run["objects"] if str(o.get("memo")).startswith("0:")]
    gone = [o for o in white if not o["alive"]]
    # The first hand's objects were removed (those not drawn again), the bottomed card too.
    assert len(white) - len(gone) == 6 and len(gone) >= 1
    # Once done, each player sees no button of the game start, and nothing of another seat;
    # only the host sees the host's own button.
    assert run["buttons"]["White"] == ["Resync table"] and not run["buttons"]["Red"]


@pytest.mark.parametrize("lua", LUAS)
def test_the_whole_game_draws_shuffles_searches_and_scries_through_the_server(server, lua):
    run = lua_json(
        lua,
        RUN,
        server,
        "WHOLE_GAME=true",
        "White:Draw",
        "White:Shuffle",
        "White:Mill 1",
        "White:Search library",
        "White:Take: Forest",
        "White:To Hand",
        "White:Scry 2",
        "White:Done",
        "Red:Draw",
        "Red:Search library",
        "Red:Find nothing",
        "White:End game",
    )
    views = check_hands(server, run)
    white, red = views
    # Every click was one numbered action: White's seven, Red's three.
    assert (white["next_action"], red["next_action"]) == (8, 4)
    assert len(white["hand"]) == 7 + 1 + 1 and len(red["hand"]) == 7 + 1
    assert len(white["seats"][0]["graveyard"]) == 1 and white["ended"]
    # The milled card lies in White's graveyard zone as a card object.
    milled = white["seats"][0]["graveyard"][0]
    assert [
        o["name"] for o in run["objects"] if o["alive"] and o.get("memo") == f"0:{milled['id']}"
    ] == [milled["name"]]
    records = verified(run)
    assert records[-1]["type"] == "reveal"
    kinds = [a["action"] for a in acts(records)]
    assert kinds.count("draw") == 2 and "found" in kinds and "arrange" in kinds

    assert all(200 <= r["status"] < 300 for r in run["requests"]), run["requests"]


@pytest.mark.parametrize("lua", LUAS)
def test_a_long_search_pages_its_names_in_a_scrolling_panel(server, lua):
    run = lua_json(lua, RUN, server, f"tab:White={MANY_NAMES}", "White:Search library")
    labels = run["buttons"]["White"]
    takes = [b for b in labels if b.startswith("Take: ")]
    # 15 names, 8 a page: one button a name (with how many), never one a card.
    assert len(takes) == 8 and "Next page" in labels and len(labels) <= 12
    assert all(t.rsplit("(", 1)[1].rstrip(")").isdigit() for t in takes)
    run = lua_json(
        lua, RUN, server, f"tab:White={MANY_NAMES}", "White:Search library", "White:Next page"
    )
    second = [b for b in run["buttons"]["White"] if b.startswith("Take: ")]
    assert (
        len(second) == 7
        and not set(second) & set(takes)
        and "Previous page" in run["buttons"]["White"]
    )
    assert "<VerticalScrollView" in run["xml"]


# -- whole games, faults, save and load ------------------------------------------------------


@pytest.mark.parametrize("lua", LUAS)
@pytest.mark.parametrize(("seats", "steps", "seed"), [(2, 60, 11), (4, 80, 12)])
def test_whole_games_survive_lost_duplicated_and_late_replies(server, lua, seats, steps, seed):
    """Random whole games where 30% of requests are dropped (before or after the server),
    duplicated or delayed: after every step each seat's hand zone, graveyard, exile and table
    hold exactly the server's cards, and the game ends with a log that verifies."""
    run = lua_json(
        lua,
        PLAY,
        server,
        f"seats={seats}",
        "tour=true",
        f"steps={steps}",
        f"seed={seed}",
        "faults=0.3",
        "finish=true",
    )
    assert run["mismatches"] == []
    assert run["checks"] == len(run["steps"]) + 1 and len(run["steps"]) >= steps
    injected = sum(run["injected"].values())
    assert injected >= 0.2 * run["calls"], run["injected"]
    assert all(run["injected"][k] > 0 for k in ("drop_request", "drop_reply", "duplicate", "delay"))
    assert run["ended"]
    records = verified(run)
    assert {a["seat"] for a in (r for r in records if r.get("type") == "act")} == set(range(seats))


@pytest.mark.parametrize("lua", LUAS)
def test_the_tables_own_moves_reach_the_server_as_actions(server, lua):
    """Dragged cards and the buttons give every kind of move: a hand card to the battlefield,
    the graveyard and exile, a card back to the hand, onto the library's top (the deck) and
    bottom; the graveyard shuffled in; searched cards sent to any zone; looks put away."""
    run = lua_json(lua, PLAY, server, "tour=true", "steps=100", "seed=5", "finish=true")
    assert run["mismatches"] == []
    moves = {(a["action"], a.get("from"), a.get("to")) for a in acts(verified(run))}
    for zone in ("battlefield", "graveyard", "exile"):
        assert ("move", "hand", zone) in moves
    assert any(a == "move" and t == "hand" and f != "hand" for a, f, t in moves)
    assert {("put", "hand", "top"), ("put", "hand", "bottom")} <= moves
    assert any(a == "put" and f != "hand" for a, f, _ in moves)
    assert ("shuffle_in", "graveyard", None) in moves
    assert {t for a, _, t in moves if a == "found"} >= {"hand", "battlefield", "graveyard", "top"}
    assert {a for a, _, _ in moves} >= {"mill", "look", "reveal", "arrange", "draw", "shuffle"}
    # A surveil: a looked-at card put into the graveyard (spawned there: the check after
    # each step saw it in the graveyard zone), and a revealed card put into the hand.
    arranged = [a for a in acts(verified(run)) if a["action"] == "arrange"]
    assert ("counter", None, None) in moves
    assert any(a.get("graveyard") for a in arranged) and any(a.get("hand") for a in arranged)


@pytest.mark.parametrize("lua", LUAS)
def test_a_click_on_ones_own_zones_is_one_call(server, lua):
    run = lua_json(lua, PLAY, server, "seats=4", "steps=60", "seed=7")
    assert run["mismatches"] == []
    assert len(run["clicks"]) >= 30
    assert {c["calls"] for c in run["clicks"]} == {1}, run["clicks"]


@pytest.mark.parametrize("lua", LUAS)
def test_only_the_host_or_a_promoted_player_sees_the_hosts_buttons(server, lua):
    run = lua_json(lua, PLAY, server, "steps=2", "seed=8")
    assert run["host_only"] == {"start_red": 0, "end_red": 0, "end_white": 1}
    run = lua_json(lua, PLAY, server, "steps=2", "seed=8", "promote=Red")
    assert run["host_only"]["end_red"] == 1


@pytest.mark.parametrize("lua", LUAS)
def test_a_saved_table_loads_into_a_fresh_tts_and_plays_on_to_a_log_that_verifies(
    server, lua, tmp_path
):
    save = tmp_path / "save.json"
    first = lua_json(
        lua, PLAY, server, "tour=true", "steps=20", "seed=9", "faults=0.2", f"save={save}"
    )
    assert first["mismatches"] == [] and not first["ended"]
    saved = json.loads(save.read_text())
    state = json.loads(saved["script_state"])
    assert state["game"]["game_id"] == first["game"]["game_id"]
    assert [s["token"] for s in state["game"]["seats"]] == [
        s["token"] for s in first["game"]["seats"]
    ]
    # What a TTS save may also hold: a card object lost and another one duplicated.
    cards = [o for o in saved["objects"] if str(o.get("memo") or "")[:2] in ("0:", "1:")]
    saved["objects"].remove(cards[0])
    saved["objects"].append({**cards[1], "guid": "fffff0"})
    save.write_text(json.dumps(saved))
    game = first["game"]
    lives = []
    for seat, s in enumerate(game["seats"]):
        view = httpx.get(
            f"{server.url}/games/{game['game_id']}/seats/{seat}", headers=auth(s["token"])
        ).json()
        lives.append(view["seats"][seat]["counters"]["life"])
    second = lua_json(
        lua, PLAY, server, f"load={save}", "steps=20", "seed=10", "faults=0.2", "finish=true"
    )
    assert second["resumed"] and second["mismatches"] == []
    # The loaded table shows each player's life as the server kept it (the tour changed it).
    shown = [t for t in second["load_texts"] if t.startswith("Life ")]
    assert [int(t.split(",")[0].split()[1]) for t in shown] == lives
    assert second["game"]["game_id"] == first["game"]["game_id"]
    records = verified(second)
    assert len(acts(records)) >= 20


# -- the lost replies, one at a time -------------------------------------------------


@pytest.mark.parametrize("lua", LUAS)
@pytest.mark.parametrize("kind", ["drop_reply", "drop_request", "duplicate", "delay"])
@pytest.mark.parametrize("tries", ["6", "1"])
def test_a_lost_keep_or_draw_reply_leaves_the_table_in_step_with_the_server(
    server, lua, kind, tries
):
    """The reply to the first Keep and to the first Draw is lost (or the request is, or it
    arrives twice, or late). With retries (REQUEST_TRIES=6) the same request is sent again;
    without (1) the script gives up on it and reads every view again. Either way the game
    start finishes, nobody sees Keep again, the card drawn is in the hand, and the next Draw
    takes the next number."""
    run = lua_json(
        lua,
        RUN,
        server,
        "WHOLE_GAME=true",
        f"REQUEST_TRIES={tries}",
        f"fault:POST:/answer={kind}",
        f"fault:POST:/actions={kind}",
        "White:Draw",
        "White:Draw",
    )
    assert run["injected"][kind] == 2
    views = check_hands(server, run)
    white = views[0]
    assert all(v["done"] for v in views) and not any(v["pending"] for v in views)
    assert not [b for b in run["buttons"]["White"] if b.startswith(("Keep", "Mulligan"))]
    # The first Draw may be lost with no retry (a request dropped before the server and not
    # sent again): the second then takes number 1. Never a number used twice or skipped.
    draws = 2 if (tries == "6" or kind != "drop_request") else 1
    assert len(white["hand"]) == 7 + draws and white["next_action"] == draws + 1


@pytest.mark.parametrize("lua", LUAS)
def test_life_and_poison_buttons_log_public_counters(server, lua):
    """Where the server keeps public counters (the view's per-seat `counters`, logged as
    `counter` actions), each player's Life and Poison buttons change their own."""
    run = lua_json(lua, RUN, server, "WHOLE_GAME=true")
    if "counters" not in check_hands(server, run)[0]["seats"][0]:
        pytest.skip("this server keeps no public counters (no `counters` in the view)")
    run = lua_json(
        lua,
        RUN,
        server,
        "WHOLE_GAME=true",
        "White:Life -1",
        "White:Life -1",
        "Red:Life +1",
        "Red:Poison +1",
        "White:End game",
    )
    white, red = check_hands(server, run)
    start = white["seats"][1]["counters"]["life"] - 1
    assert white["seats"][0]["counters"]["life"] == start - 2
    assert red["seats"][1]["counters"]["poison"] == 1
    kinds = [a for a in acts(verified(run)) if a["action"] == "counter"]
    assert [(a["counter"], a["delta"]) for a in kinds] == [
        ("life", -1),
        ("life", -1),
        ("life", 1),
        ("poison", 1),
    ]


@pytest.mark.parametrize("lua", LUAS)
def test_a_refused_deck_is_shown_to_the_host_and_no_game_starts(server, lua):
    run = lua_json(lua, RUN, server, "tab:White=30 Forest\\n30 <b>not a card</b>")
    assert run["game"] is None
    notice = [t for t in run["texts"] if t.startswith("The server said: invalid: players[0]")]
    assert notice and "deck: line 2" in notice[0]
    assert 'visibility="Admin">The server said:' in run["xml"]
    assert run["buttons"]["White"] == ["Start game"] and not run["buttons"]["Red"]


@pytest.mark.parametrize("lua", LUAS)
def test_hostile_player_names_stay_text_in_the_panel(server, lua):
    hostile = '<Button onClick="onMulliganButton">Draw</Button> & "quotes"'
    run = lua_json(lua, RUN, server, f"name:White={hostile}", "name:Red=</Text><Text>")
    assert [s["name"] for s in run["game"]["seats"]] == [hostile, "</Text><Text>"]
    assert f"{hostile} (White)" in run["texts"] and "</Text><Text> (Red)" in run["texts"]
    # Numbers read as players write them: "Life 20", never "Life 20.0" (lua5.4 decodes JSON
    # numbers as floats).
    counts = [t for t in run["texts"] if t.startswith("Life ")]
    assert len(counts) == 2 and all(
        re.fullmatch(r"Life \d+, library \d+, hand 7, graveyard 0", t) for t in counts
    )
    # No button came from a name: each player sees only the buttons the script made (and,
    # where the server keeps the table's state, its own: the active seat's Pass turn, one
    # Token button a name of TOKENS, Concede).
    state = ["Pass turn", "Token: Treasure", "Token: Soldier", "Concede"]
    assert [b for b in run["buttons"]["White"] if b not in state] == [
        "Draw",
        "Mill 1",
        "Shuffle",
        "Search library",
        "Scry 2",
        "Reveal 1",
        "Life -1",
        "Life +1",
        "Poison +1",
        "End game",
        "Resync table",
    ]
