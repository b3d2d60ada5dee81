"""The C ABI (rust/capi, include/mulligan.h, docs/C_ABI.md) through the real shared library
(tests/capi_util.py loads it): the golden vectors of tests/golden/vectors.json, library
operations, the C demo in examples/c compiled with `cc`, run, and its output checked. The
parity with Python is in test_capi_parity.py, every error path in test_capi_errors.py.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

import mulligan as m
from tests.capi_util import (
    GOLDEN_CHOOSERS,
    GOLDEN_COMMITMENT,
    GOLDEN_DECK,
    GOLDEN_HANDS,
    GOLDEN_SEED_HEX,
    HEADER,
    ROOT,
    ZERO_COMMITMENT,
    Capi,
    golden_setup,
    hand_names,
)
from tests.test_golden import (
    GAME_LOG_SHA256,
    SET_UP_DECK,
    SET_UP_LOG_SHA256,
    SHUFFLE_60_FIRST,
    SHUFFLE_60_SECOND,
    WHOLE_GAME,
)

# ------------------------------------------------------------------------------------------
# golden vectors (tests/test_golden.py)


def test_format_version_and_version(capi: Capi) -> None:
    out = capi.ffi.new("uint32_t *")
    capi.call("mulligan_format_version", out)
    assert out[0] == m.FORMAT_VERSION == 2
    assert capi.text("mulligan_version") == m.__version__


def test_status_codes_are_the_documented_values(capi: Capi) -> None:
    lib = capi.lib
    assert [
        lib.MULLIGAN_OK,
        lib.MULLIGAN_ERR_NULL_POINTER,
        lib.MULLIGAN_ERR_INVALID_HANDLE,
        lib.MULLIGAN_ERR_INVALID_ARGUMENT,
        lib.MULLIGAN_ERR_SEED,
        lib.MULLIGAN_ERR_DECK,
        lib.MULLIGAN_ERR_ILLEGAL_ACTION,
        lib.MULLIGAN_ERR_GAME_CONFIG,
        lib.MULLIGAN_ERR_BUFFER_TOO_SMALL,
        lib.MULLIGAN_ERR_INTERNAL,
    ] == list(range(0, -10, -1))
    assert [
        lib.MULLIGAN_DESTINATION_OUT,
        lib.MULLIGAN_DESTINATION_TOP,
        lib.MULLIGAN_DESTINATION_BOTTOM,
    ] == [0, 1, 2]


def test_seed_commitments_and_round_trips(capi: Capi) -> None:
    seed = capi.seed()
    assert capi.text("mulligan_seed_commitment", seed) == GOLDEN_COMMITMENT
    assert capi.text("mulligan_seed_hex", seed) == GOLDEN_SEED_HEX
    raw = capi.ffi.new("uint8_t[32]")
    needed = capi.ffi.new("size_t *")
    capi.call("mulligan_seed_bytes", seed, raw, 32, needed)
    assert bytes(raw) == bytes(range(32)) and needed[0] == 32
    again = capi.handle("mulligan_seed_from_bytes", bytes(range(32)), 32)
    assert again != seed
    assert capi.text("mulligan_seed_commitment", again) == GOLDEN_COMMITMENT
    upper = capi.seed(GOLDEN_SEED_HEX.upper())
    assert capi.text("mulligan_seed_hex", upper) == GOLDEN_SEED_HEX
    zero = capi.seed("00" * 32)
    assert capi.text("mulligan_seed_commitment", zero) == ZERO_COMMITMENT

    matches = capi.ffi.new("bool *")
    capi.call("mulligan_seed_verify_commitment", seed, GOLDEN_COMMITMENT.upper().encode(), matches)
    assert matches[0] is True
    capi.call("mulligan_seed_verify_commitment", zero, GOLDEN_COMMITMENT.encode(), matches)
    assert matches[0] is False

    fresh = capi.handle("mulligan_seed_generate")
    other = capi.handle("mulligan_seed_generate")
    assert capi.text("mulligan_seed_hex", fresh) != capi.text("mulligan_seed_hex", other)
    for s in (seed, again, upper, zero, fresh, other):
        capi.call("mulligan_seed_free", s)


def test_library_shuffles(capi: Capi) -> None:
    lib = capi.library(60)
    assert capi.ids("mulligan_library_cards", lib) == list(range(60))
    assert capi.json("mulligan_library_last_events_json", lib) == []
    capi.call("mulligan_library_shuffle", lib)
    assert capi.ids("mulligan_library_cards", lib) == SHUFFLE_60_FIRST
    assert capi.json("mulligan_library_last_events_json", lib) == [
        {"type": "shuffle", "size": 60, "stream": 0, "shuffle": 0, "rule": "701.24a"}
    ]
    capi.call("mulligan_library_shuffle", lib)
    assert capi.ids("mulligan_library_cards", lib) == SHUFFLE_60_SECOND
    count = capi.ffi.new("uint32_t *")
    capi.call("mulligan_library_shuffle_count", lib, count)
    assert count[0] == 2
    capi.call("mulligan_library_free", lib)

    lib = capi.library(10, stream=7)
    for expect in (
        [3, 5, 9, 1, 6, 2, 4, 8, 7, 0],
        [5, 0, 3, 9, 6, 8, 7, 1, 4, 2],
        [9, 4, 1, 2, 7, 8, 5, 6, 3, 0],
    ):
        capi.call("mulligan_library_shuffle", lib)
        assert capi.ids("mulligan_library_cards", lib) == expect
    capi.call("mulligan_library_free", lib)


def test_shuffle_depends_on_the_set_not_the_prior_order(capi: Capi) -> None:
    lib = capi.library(60)
    buf = capi.ffi.new("uint32_t[60]")
    count = capi.ffi.new("size_t *")
    capi.call("mulligan_library_draw", lib, 60, buf, 60, count)
    assert count[0] == 60
    capi.call("mulligan_library_put_on_top", lib, capi.u32s(list(range(59, -1, -1))), 60)
    assert capi.ids("mulligan_library_cards", lib) == list(range(59, -1, -1))
    capi.call("mulligan_library_shuffle", lib)
    assert capi.ids("mulligan_library_cards", lib) == SHUFFLE_60_FIRST
    capi.call("mulligan_library_free", lib)


def test_library_operations_and_their_events(capi: Capi) -> None:
    lib = capi.library(3)
    capi.call("mulligan_library_shuffle", lib)
    middle = capi.ids("mulligan_library_cards", lib)[1]
    capi.call("mulligan_library_search_and_shuffle", lib, capi.u32s([middle]), 1, 2)
    assert capi.json("mulligan_library_last_events_json", lib) == [
        {"type": "search", "found": 1, "rule": "701.23"},
        {"type": "shuffle", "size": 2, "stream": 0, "shuffle": 1, "rule": "701.24b"},
        {"type": "put_on_bottom", "count": 1, "rule": "401.4"},
    ]
    assert capi.ids("mulligan_library_cards", lib)[-1] == middle
    capi.call("mulligan_library_put_on_top", lib, capi.u32s([99]), 1)
    assert capi.json("mulligan_library_last_events_json", lib) == [
        {"type": "put_on_top", "count": 1, "rule": "401.4"}
    ]
    capi.call("mulligan_library_put_on_bottom", lib, capi.u32s([7, 8]), 2)
    assert capi.ids("mulligan_library_cards", lib)[-2:] == [7, 8]
    capi.call("mulligan_library_free", lib)

    # Search out of the library, then shuffle in with a placed card (701.24g).
    lib = capi.library(20)
    capi.call("mulligan_library_search_and_shuffle", lib, capi.u32s([4, 9]), 2, 0)
    cards = capi.ids("mulligan_library_cards", lib)
    assert len(cards) == 18 and 4 not in cards and 9 not in cards
    capi.call("mulligan_library_search_and_shuffle", lib, capi.u32s([5, 6]), 2, 1)
    assert capi.ids("mulligan_library_cards", lib)[:2] == [5, 6]
    capi.call("mulligan_library_shuffle_in", lib, capi.u32s([4]), 1, 1, 9, -1)
    cards = capi.ids("mulligan_library_cards", lib)
    assert len(cards) == 20 and cards[-1] == 9 and 4 in cards
    assert capi.json("mulligan_library_last_events_json", lib)[0]["rule"] == "701.24g"
    capi.call("mulligan_library_shuffle_in", lib, capi.ffi.NULL, 0, 0, 0, 0)
    assert capi.json("mulligan_library_last_events_json", lib)[0]["rule"] == "701.24d"
    capi.call("mulligan_library_shuffle_in", lib, capi.u32s([50]), 1, 0, 0, 0)
    assert capi.json("mulligan_library_last_events_json", lib)[0]["rule"] == "701.24c"

    # Draw: fewer when the library runs out; a draw reports no events.
    buf = capi.ffi.new("uint32_t[30]")
    count = capi.ffi.new("size_t *")
    top = capi.ids("mulligan_library_cards", lib)[:3]
    capi.call("mulligan_library_draw", lib, 3, buf, 30, count)
    assert list(buf[0:3]) == top and count[0] == 3
    assert capi.json("mulligan_library_last_events_json", lib) == []
    capi.call("mulligan_library_draw", lib, 1000, buf, 30, count)
    assert count[0] == 18
    n = capi.ffi.new("size_t *")
    capi.call("mulligan_library_len", lib, n)
    assert n[0] == 0
    capi.call("mulligan_library_shuffle", lib)
    assert capi.json("mulligan_library_last_events_json", lib)[0]["rule"] == "701.24e"
    capi.call("mulligan_library_free", lib)


def test_shuffle_simultaneously_matches_python(capi: Capi) -> None:
    a, b = capi.library(10, stream=1), capi.library(10, stream=2)
    handles = capi.ffi.new("uint64_t[]", [a, b, a])
    capi.call("mulligan_library_shuffle_simultaneously", handles, 3)
    events_a = capi.json("mulligan_library_last_events_json", a)
    assert len(events_a) == 2 and all(e["rule"] == "701.24f" for e in events_a)
    assert len(capi.json("mulligan_library_last_events_json", b)) == 1

    seed = m.Seed.from_hex(GOLDEN_SEED_HEX)
    pa = m.Library([m.Card(str(i)) for i in range(10)], seed=seed, stream=1)
    pb = m.Library([m.Card(str(i)) for i in range(10)], seed=seed, stream=2)
    python_events = m.shuffle_simultaneously([pa, pb, pa])
    assert capi.ids("mulligan_library_cards", a) == [int(c.name) for c in pa.cards]
    assert capi.ids("mulligan_library_cards", b) == [int(c.name) for c in pb.cards]
    assert python_events[0] == events_a[0]
    for h in (a, b):
        capi.call("mulligan_library_free", h)


def test_game_hands_are_library_stream_prefixes(capi: Capi) -> None:
    game = capi.game(golden_setup(starting_player=0))
    assert [hand_names(capi, game, s) for s in (0, 1)] == GOLDEN_HANDS
    info = capi.json("mulligan_game_info_json", game)
    assert info["commitment"] == GOLDEN_COMMITMENT
    assert info["starting_player"] == 0 and info["chooser"] is None and info["done"] is False
    assert info["names"] == ["A", "B"] and info["variant"] == "TWO_PLAYER"
    assert info["mulligan"] == "LONDON" and info["format_version"] == 2
    capi.call("mulligan_game_free", game)


def test_starting_player_choosers(capi: Capi) -> None:
    game = capi.game(golden_setup())
    pending = capi.json("mulligan_game_pending_json", game)
    assert pending == [
        {
            "id": 1,
            "kind": "choose_starting_player",
            "seat": 0,
            "hand": [],
            "count": None,
            "card": None,
            "can_mulligan": False,
            "actions": [],
            "options": [0, 1],
        }
    ]
    capi.call("mulligan_game_free", game)
    choosers = []
    for k in range(12):
        players = [{"name": p, "deck": GOLDEN_DECK} for p in "ABC"]
        setup = {"players": players, "variant": "FREE_FOR_ALL", "seed": GOLDEN_SEED_HEX}
        game = capi.game({**setup, "game_index": k})
        choosers.append(capi.json("mulligan_game_pending_json", game)[0]["seat"])
        capi.call("mulligan_game_free", game)
    assert choosers == GOLDEN_CHOOSERS


def test_whole_event_log_with_set_up(capi: Capi) -> None:
    """103.2 after 103.1, each step for every player: the digest of tests/test_golden.py."""
    players = [{"name": p, "deck": SET_UP_DECK} for p in "ABC"]
    setup = {"players": players, "variant": "COMMANDER", "seed": GOLDEN_SEED_HEX}
    game = capi.game({**setup, "starting_player": 1})
    for seat in (1, 2, 0):
        capi.call("mulligan_game_keep", game, seat)
    events = capi.json("mulligan_game_events_json", game, 0)
    log = json.dumps(events, sort_keys=True, separators=(",", ":"))
    assert hashlib.sha256(log.encode()).hexdigest() == SET_UP_LOG_SHA256
    capi.call("mulligan_game_free", game)


def test_whole_game_shuffles(capi: Capi) -> None:
    """The whole game's golden vector (tests/test_golden.py): the same library orders after each
    action, hands and event log through the C ABI's action records."""
    game = capi.game(golden_setup(starting_player=0, whole_game=True))
    for seat in (0, 1):
        capi.call("mulligan_game_keep", game, seat)
    for k, (a, want) in enumerate(zip(WHOLE_GAME["answers"], WHOLE_GAME["libraries"], strict=True)):
        looker = a.get("looker", -1)
        action = json.dumps(a["action"]).encode()
        capi.call("mulligan_game_act_json", game, a["seat"], int(a["host"]), looker, action)
        zones = [capi.json("mulligan_game_zones_json", game, s) for s in (0, 1)]
        assert [[c["id"] for c in z["library"]] for z in zones] == want, f"after answer {k}"
    assert [[c["id"] for c in z["hand"]] for z in zones] == WHOLE_GAME["hands"]
    capi.call("mulligan_game_end", game)
    events = capi.json("mulligan_game_events_json", game, 0)
    log = json.dumps(events, sort_keys=True, separators=(",", ":"))
    assert hashlib.sha256(log.encode()).hexdigest() == WHOLE_GAME["log_sha256"]
    capi.call("mulligan_game_free", game)


def test_whole_event_log(capi: Capi) -> None:
    game = capi.game(golden_setup(starting_player=0))
    capi.call("mulligan_game_mulligan", game, 0)
    capi.call("mulligan_game_keep", game, 1)
    pending = capi.json("mulligan_game_pending_json", game)
    assert [(d["kind"], d["seat"], d["count"]) for d in pending] == [("bottom", 0, 1)]
    first = capi.ids("mulligan_game_hand", game, 0)[0]
    capi.call("mulligan_game_bottom", game, 0, capi.u32s([first]), 1)
    capi.call("mulligan_game_keep", game, 0)
    done = capi.ffi.new("bool *")
    capi.call("mulligan_game_done", game, done)
    assert done[0] is True
    assert capi.json("mulligan_game_pending_json", game) == []
    events = capi.json("mulligan_game_events_json", game, 0)
    log = json.dumps(events, sort_keys=True, separators=(",", ":"))
    assert hashlib.sha256(log.encode()).hexdigest() == GAME_LOG_SHA256

    count = capi.ffi.new("size_t *")
    capi.call("mulligan_game_event_count", game, count)
    assert count[0] == len(events)
    assert capi.json("mulligan_game_events_json", game, 3) == events[3:]
    assert capi.json("mulligan_game_events_json", game, len(events)) == []

    result = capi.json("mulligan_game_result_json", game)
    assert [r["seat"] for r in result] == [0, 1]
    assert [r["name"] for r in result] == ["A", "B"]
    assert [len(r["hand"]) for r in result] == [6, 7]
    assert [r["mulligans"] for r in result] == [1, 0]
    assert [r["skips_first_draw"] for r in result] == [True, False]
    assert [r["library_size"] for r in result] == [54, 53]
    assert [r["life"] for r in result] == [20, 20]
    zones = capi.json("mulligan_game_zones_json", game, 0)
    assert zones["hand"] == result[0]["hand"]
    assert zones["library"][-1] == {"id": first, "name": events_card_name(events, first)}

    revealed = capi.handle("mulligan_game_seed", game)
    assert capi.text("mulligan_seed_hex", revealed) == GOLDEN_SEED_HEX
    capi.call("mulligan_seed_free", revealed)
    capi.call("mulligan_game_free", game)


def events_card_name(events: list[dict[str, Any]], card: int) -> str:
    bottom = next(e for e in events if e["type"] == "bottom")
    return str(next(c["name"] for c in bottom["cards"] if c["id"] == card))


def test_cards_json_describes_every_id(capi: Capi) -> None:
    deck = "Deck\n2 Forest\nSerum Powder\nLeyline of the Void\nDryad Arbor [land, creature]\n"
    deck += "Sideboard\n1 Duress"
    players = [{"name": "A", "deck": deck}, {"name": "B", "deck": deck}]
    game = capi.game({"players": players, "seed": GOLDEN_SEED_HEX, "starting_player": 1})
    assert capi.json("mulligan_game_cards_json", game, 1) == [
        {"id": 0, "name": "Forest", "land": True, "tags": []},
        {"id": 1, "name": "Forest", "land": True, "tags": []},
        {"id": 2, "name": "Serum Powder", "land": False, "tags": ["mulligan_action"]},
        {"id": 3, "name": "Leyline of the Void", "land": False, "tags": ["begin_on_battlefield"]},
        {"id": 4, "name": "Dryad Arbor", "land": True, "tags": ["creature"]},
    ]
    events = capi.json("mulligan_game_events_json", game, 0)
    # 103.2a after the starting player (103.1), for every player in turn order. The one card
    # shape: a set-aside card's id follows the main deck's (5 cards here).
    assert [e["type"] for e in events[:3]] == ["starting_player", "set_aside", "set_aside"]
    assert events[2] == {
        "type": "set_aside",
        "seat": 0,
        "cards": [{"id": 5, "name": "Duress"}],
        "rule": "103.2a",
    }
    assert events[1]["seat"] == 1
    capi.call("mulligan_game_free", game)


# ------------------------------------------------------------------------------------------
# the C demo


def test_c_demo_compiles_and_prints_the_golden_game(capi: Capi, tmp_path: Path) -> None:
    cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if cc is None:
        pytest.skip("no C compiler (cc) on PATH")
    libdir = str(capi.path.parent)
    exe = tmp_path / "mulligan_demo"
    source = ROOT / "examples" / "c" / "mulligan_demo.c"
    flags = ["-std=c99", "-Wall", "-Wextra", "-pedantic", "-Werror"]
    include = f"-I{ROOT / 'include'}"
    link = [f"-L{libdir}", "-lmulligan", f"-Wl,-rpath,{libdir}"]
    compiled = subprocess.run(
        [cc, *flags, include, str(source), *link, "-o", str(exe)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert compiled.returncode == 0, compiled.stderr
    ran = subprocess.run([str(exe)], capture_output=True, text=True, check=False, timeout=60)
    assert ran.returncode == 0, ran.stderr
    lines = ran.stdout.splitlines()
    assert lines[0] == f"commitment: {GOLDEN_COMMITMENT}"
    assert lines[1] == "shuffle: " + " ".join(map(str, SHUFFLE_60_FIRST))
    assert lines[2:4] == ["seat 0 keeps", "seat 1 keeps"]
    assert lines[4] == "hand 0: " + " ".join(GOLDEN_HANDS[0])
    assert lines[5] == "hand 1: " + " ".join(GOLDEN_HANDS[1])
    result = json.loads(lines[6].removeprefix("result: "))
    assert [[c["name"] for c in r["hand"]] for r in result] == GOLDEN_HANDS
    assert lines[7].startswith("illegal keep: status -6: seat 0 has no keep_or_mulligan decision")
    assert lines[8:] == ["second free: status -2", "live handles: 0"]


def test_the_cdef_is_the_whole_header(capi: Capi) -> None:
    """Every function the header declares is callable (the cdef lost none of them)."""
    header = HEADER.read_text()
    declared = sorted(
        line.split("(")[0].split()[-1].lstrip("*")
        for line in header.splitlines()
        if line.startswith("int32_t mulligan_")
    )
    assert len(declared) >= 40
    for name in declared:
        assert callable(getattr(capi.lib, name))
