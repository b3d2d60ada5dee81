"""The Tabletop Simulator table as players meet it (docs/TABLETOP_SIMULATOR.md): a Commander
game of four seats, another colour's cards dragged, a card dropped while a reply is late, a
card pulled off the library, taps and turns, a save loaded mid-game. Debian's lua5.2 and lua5.4
run docs/tabletop_simulator.lua in the stand-in of tests/tts/tts.lua (smooth moves over
frames, requests that may never call back, decks that become their remainder) against a live
`mulligan serve`; tests/tts/play.lua plays, tests/tts/scenes.lua holds the scenes."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

from .serve_util import Server
from .tts_util import LUAS, PLAY, ROOT, RUN, acts, lua_binary, lua_json, verified


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    s = Server(str(tmp_path_factory.mktemp("tts_table") / "db.sqlite3")).start()
    yield s
    s.stop()


@pytest.mark.parametrize("lua", LUAS)
def test_the_stand_in_moves_takes_and_destroys_as_the_api_reference_says(server, lua):
    """tests/tts/standin.lua: setPositionSmooth travels over frames (1/30 of the way after one
    frame), takeObject places the object at `position` and a
    deck of two becomes its remainder card, destruct reports the zone left, and a request may
    never call back."""
    done = subprocess.run(
        [lua_binary(lua) or f"lua{lua}", str(ROOT / "tests" / "tts" / "standin.lua"), server.url],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    facts = json.loads(done.stdout)
    assert 0 < facts["smooth_first_frame_x"] < 1 and facts["smooth_moving"]
    assert facts["smooth_end_x"] == 10 and facts["smooth_done"] and facts["entered_zone"]
    assert facts["destroy_then_leave"]
    assert facts["deck_quantity"] == 2 and facts["taken_at"] == {"x": -10, "y": 1, "z": 8}
    assert facts["left_container"] and facts["deck_gone"] and facts["remainder"] == "Card"
    assert facts["never_called_back"] and facts["delayed_reply"] == 200


def variant_of(records: list[dict[str, Any]]) -> str:
    """The variant the log's header records (docs/EVENT_LOG.md)."""
    header = records[0]
    assert header["type"] == "header"
    return str(header["variant"])


def command_moves(records: list[dict[str, Any]]) -> list[tuple[str, str]]:
    return [
        (a["from"], a["to"])
        for a in acts(records)
        if a["action"] == "move" and "command" in (a["from"], a["to"])
    ]


@pytest.mark.parametrize("lua", LUAS)
def test_a_commander_game_of_four_seats_survives_faults_and_verifies(server, lua):
    """Four Commander decks (White's with two partners) and VARIANT left at AUTO: the game is
    Commander (40 life), every commander starts in its seat's command zone, commanders go to
    the battlefield and back as `move` actions, and with 30% of requests dropped, duplicated,
    late or never answered every zone still matches the server after every step."""
    run = lua_json(
        lua,
        PLAY,
        server,
        "seats=4",
        "commander=true",
        "tour=true",
        "steps=70",
        "seed=21",
        "faults=0.3",
        "finish=true",
    )
    assert run["mismatches"] == []
    assert run["start_life"] == [40, 40, 40, 40]
    assert [len(c) for c in run["commanders"]] == [2, 1, 1, 1]
    assert all(run["injected"][k] > 0 for k in run["injected"]), run["injected"]
    records = verified(run)
    assert variant_of(records) == "COMMANDER"
    moves = command_moves(records)
    assert ("command", "battlefield") in moves and ("battlefield", "command") in moves
    assert {a["seat"] for a in (r for r in records if r.get("type") == "act")} == {0, 1, 2, 3}
    if run.get("stateful"):
        # Taps and turns were checked after every step too; the table's own state was played.
        kinds = {a["action"] for a in acts(records)}
        assert {"tap", "pass_turn", "create_token"} <= kinds, kinds
        assert any(a["action"] == "counter" and "card" in a for a in acts(records))


@pytest.mark.parametrize("lua", LUAS)
def test_variant_auto_is_commander_only_for_a_deck_with_a_commander(server, lua):
    commander = "Commander\\n1 Kenrith, the Returned King\\nDeck\\n40 Forest\\n59 Grizzly Bears\\n"
    runs = {
        "plain": lua_json(lua, RUN, server, "WHOLE_GAME=false"),
        "commander": lua_json(lua, RUN, server, "WHOLE_GAME=false", f"tab:Red={commander}"),
        "asked": lua_json(
            lua, RUN, server, "WHOLE_GAME=false", "VARIANT=BRAWL", f"tab:Red={commander}"
        ),
    }
    variants = {k: variant_of(verified(r)) for k, r in runs.items()}
    assert variants == {"plain": "TWO_PLAYER", "commander": "COMMANDER", "asked": "BRAWL"}
    # The decks read once (POST /decks/check, no game made), then the game created once; with
    # the variant named, not read at all.
    for name, reads in (("plain", 1), ("commander", 1), ("asked", 0)):
        urls = [r["url"] for r in runs[name]["requests"] if r["method"] == "POST"]
        assert sum(u.endswith("/decks/check") for u in urls) == reads
        assert sum(u.endswith("/games") for u in urls) == 1


@pytest.mark.parametrize("lua", LUAS)
def test_another_colours_cards_go_back_and_the_player_is_told(server, lua):
    """Red drags White's battlefield card to a graveyard, White's hand card onto the table and
    onto White's library, and takes a card off White's library: each goes back, nothing is
    sent, Red is told why. White, the host, moves Red's card: Red's move."""
    run = lua_json(lua, PLAY, server, "scene=refused", "steps=0", "finish=true")
    facts = run["facts"]
    assert run["mismatches"] == []
    assert facts["battlefield_card_back"] and facts["hand_card_back"]
    assert facts["library_drop_back"] and facts["white_actions_unchanged"]
    told = facts["red_told"].split(" | ")
    assert len(told) == 4 and all("White" in t and "went back" in t for t in told), told
    assert facts["white_told"] == ""
    assert facts["host_moved_red_card"]
    moves = [(r["seat"], r["action"]["action"]) for r in verified(run) if r.get("type") == "act"]
    assert moves == [(0, "move"), (1, "move")]


@pytest.mark.parametrize("lua", LUAS)
@pytest.mark.parametrize("fault", ["delay", "never"])
def test_a_card_dropped_while_a_reply_is_late_stays_where_it_was_dropped(server, lua, fault):
    """White clicks Draw, whose reply comes up to 30 s late (or never: the script sends it
    again), and drops a hand card on the battlefield meanwhile: the card never goes back to
    the hand nor to a slot of the script's, and both actions are applied once."""
    run = lua_json(lua, PLAY, server, "scene=late", f"fault={fault}", "steps=0")
    facts = run["facts"]
    assert run["mismatches"] == []
    assert facts["injected"] == 1
    assert facts["stayed"] and facts["moved_by_script"] == 0 and facts["back_in_hand"] == 0
    assert facts["on_battlefield"] and facts["drew"] == 7 and facts["next_action"] == 3


@pytest.mark.parametrize("lua", LUAS)
def test_a_card_pulled_off_the_library_is_a_draw(server, lua):
    """A card taken off the library deck by hand is a draw (the deck of two that became its
    remainder is a deck again); while a search is open it goes back with a message."""
    run = lua_json(lua, PLAY, server, "scene=pull", "steps=0", "finish=true")
    facts = run["facts"]
    assert run["mismatches"] == []
    assert facts["drew"] == 1 and facts["numbered"] == 1 and facts["pulled_gone"]
    assert facts["loose_cards"] == 0 and facts["decks"] == 2
    assert facts["no_draw_while_searching"] and "search" in facts["white_told"]
    assert facts["drew_again"] == 1
    assert [a["action"] for a in acts(verified(run))] == ["draw", "search", "found", "draw"]


@pytest.mark.parametrize("lua", LUAS)
def test_taps_tokens_counters_and_turns_reach_the_server_and_the_table_follows(server, lua):
    """A card turned 90 degrees is `tap` (another colour's turn of it is put back), a card's
    menu adds a counter, the panel a token; End Turn in TTS's Turns is `pass_turn` and the
    panel's Pass turn too; TTS's turn and every card's turn follow the server's after every
    step, and after Resync table."""
    run = lua_json(lua, PLAY, server, "scene=state", "steps=0", "finish=true")
    facts = run["facts"]
    if not facts["stateful"]:
        pytest.skip("this server keeps no table state (no `turn` in the view)")
    assert run["mismatches"] == []
    assert facts["tapped"] and facts["still_tapped_after_other"]
    assert "taps it" in facts["other_told"]
    assert facts["p1p1"] == 1 and "p1p1 1" in facts["description"]
    assert facts["token"]
    after = facts["turn_after_end"]
    assert after["number"] == 2 and after["color"] == ["White", "Red"][after["seat"]]
    assert facts["untapped_on_its_turn"] and facts["turn_number"] == 3
    assert facts["resynced"]
    kinds = [a["action"] for a in acts(verified(run))]
    for kind in ("tap", "counter", "create_token", "pass_turn"):
        assert kind in kinds, kinds
    assert kinds.count("pass_turn") == 2


@pytest.mark.parametrize("lua", LUAS)
def test_a_conceded_seat_leaves_the_table_and_its_turns_are_skipped(server, lua):
    run = lua_json(lua, PLAY, server, "seats=4", "scene=concede", "steps=0", "finish=true")
    facts = run["facts"]
    if not facts["stateful"]:
        pytest.skip("this server keeps no table state (no `turn` in the view)")
    assert run["mismatches"] == []
    assert facts["conceded"] and facts["blue_objects_left"] == 0
    assert facts["blue_texts"] == ["You have conceded: the others play on"]
    assert 2 not in facts["turn_seats"] and len(set(facts["turn_seats"])) == 3
    assert [a["action"] for a in acts(verified(run))].count("concede") == 1


@pytest.mark.parametrize("lua", LUAS)
def test_the_last_opponent_conceding_ends_the_game_and_the_log_verifies(server, lua):
    run = lua_json(lua, PLAY, server, "scene=concede_last", "steps=0")
    facts = run["facts"]
    if not facts["stateful"]:
        pytest.skip("this server keeps no table state (no `turn` in the view)")
    assert facts["ended"] and facts["log"] and run["ended"]
    records = verified(run)
    assert [a["action"] for a in acts(records)] == ["concede"]
    assert any(r.get("type") == "game_over" for r in records)


@pytest.mark.parametrize("lua", LUAS)
def test_a_commander_table_saved_mid_game_loads_and_plays_on(server, lua, tmp_path: Path):
    save = tmp_path / "save.json"
    first = lua_json(
        lua,
        PLAY,
        server,
        "commander=true",
        "tour=true",
        "steps=20",
        "seed=23",
        "faults=0.2",
        f"save={save}",
    )
    assert first["mismatches"] == [] and not first["ended"]
    # The tour cast one of White's partners and put it back: the panel shows its tax (903.8).
    taxes = [
        tuple(int(n) for n in m.groups())
        for m in (re.fullmatch(r"Commander .+: casts (\d+), tax (\d+)", t) for t in first["texts"])
        if m
    ]
    assert len(taxes) == 3 and all(tax == 2 * casts for casts, tax in taxes), first["texts"]
    assert (1, 2) in taxes
    # White took 1 combat damage from Red's commander, shown as the server keeps it.
    assert "Damage from Kenrith, the Returned King (Red): 1" in first["texts"]
    state = json.loads(json.loads(save.read_text())["script_state"])
    assert state["game"]["variant"] == "COMMANDER"
    second = lua_json(
        lua,
        PLAY,
        server,
        f"load={save}",
        "commander=true",
        "steps=30",
        "seed=24",
        "faults=0.2",
        "finish=true",
    )
    assert second["resumed"] and second["mismatches"] == []
    assert second["game"]["game_id"] == first["game"]["game_id"]
    records = verified(second)
    assert variant_of(records) == "COMMANDER"
