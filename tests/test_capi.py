"""The C ABI (rust/capi, include/mulligan.h, docs/C_ABI.md) through the real shared library.

The library is loaded with cffi in ABI mode: `ffi.cdef` gets the committed header with its
preprocessor lines removed, `ffi.dlopen` the `libmulligan` that `cargo build -p mulligan-capi`
reports (or the file named by $MULLIGAN_CAPI_LIB). The golden vectors are those of
tests/test_golden.py; a parity test plays the same games through the Python API and the C ABI
and compares every event; every error path of the ABI is exercised, and the C demo in
examples/c is compiled with `cc`, run, and its output checked.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import threading
from pathlib import Path
from typing import Any

import pytest

import mulligan as m
from tests.test_golden import (
    GAME_LOG_SHA256,
    SET_UP_DECK,
    SET_UP_LOG_SHA256,
    SHUFFLE_60_FIRST,
    SHUFFLE_60_SECOND,
    VECTORS,
    card_names,
)

cffi = pytest.importorskip("cffi")

ROOT = Path(__file__).resolve().parent.parent
HEADER = ROOT / "include" / "mulligan.h"

GOLDEN_SEED_HEX: str = VECTORS["seed"]
GOLDEN_COMMITMENT: str = VECTORS["commitments"][GOLDEN_SEED_HEX]
ZERO_COMMITMENT: str = VECTORS["commitments"]["00" * 32]
GOLDEN_DECK = "\n".join([f"L{i} [land]" for i in range(24)] + [f"S{i}" for i in range(36)])
GOLDEN_HANDS = [card_names(h) for h in VECTORS["hands_two_player_seat_0_starts"]]
GOLDEN_CHOOSERS: list[int] = VECTORS["choosers_free_for_all_3p_games_0_to_11"]

OK = 0
NULL_POINTER = -1
INVALID_HANDLE = -2
INVALID_ARGUMENT = -3
SEED_ERROR = -4
DECK_ERROR = -5
ILLEGAL = -6
CONFIG = -7
TOO_SMALL = -8
INTERNAL = -9
LOG_STATUS = -10


# ------------------------------------------------------------------------------------------
# loading the library


def cdef_text(header: str) -> str:
    """The header without preprocessor lines (and without the C++-only `extern "C"` block
    lines, which sit inside `#ifdef __cplusplus`)."""
    out: list[str] = []
    in_cplusplus = False
    for line in header.splitlines():
        stripped = line.strip()
        if stripped.startswith("#ifdef __cplusplus"):
            in_cplusplus = True
            continue
        if in_cplusplus:
            in_cplusplus = not stripped.startswith("#endif")
            continue
        if not stripped.startswith("#"):
            out.append(line)
    return "\n".join(out)


def find_library() -> Path:
    """$MULLIGAN_CAPI_LIB, else the cdylib that `cargo build -p mulligan-capi` reports (cargo
    does nothing when it is up to date, and knows the target directory and file name)."""
    given = os.environ.get("MULLIGAN_CAPI_LIB")
    if given:
        return Path(given)
    cargo = shutil.which("cargo")
    if cargo is None:
        pytest.skip("cargo is not on PATH and MULLIGAN_CAPI_LIB is not set")
    proc = subprocess.run(
        [cargo, "build", "-p", "mulligan-capi", "--message-format=json-render-diagnostics"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, f"cargo build -p mulligan-capi failed:\n{proc.stderr}"
    for line in proc.stdout.splitlines():
        message = json.loads(line)
        target = message.get("target") or {}
        if message.get("reason") == "compiler-artifact" and "cdylib" in target.get("kind", []):
            for name in message["filenames"]:
                if name.endswith((".so", ".dylib", ".dll")):
                    return Path(name)
    raise AssertionError("cargo build -p mulligan-capi reported no shared library")


class CapiError(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(f"status {status}: {message}")
        self.status = status
        self.message = message


class Capi:
    """Thin helpers over the raw functions: every check of a status stays visible in tests."""

    def __init__(self, ffi: Any, lib: Any, path: Path) -> None:
        self.ffi = ffi
        self.lib = lib
        self.path = path

    def last_error(self) -> str:
        needed = self.ffi.new("size_t *")
        buf = self.ffi.new("char[4096]")
        assert self.lib.mulligan_last_error(buf, 4096, needed) == OK
        return str(self.ffi.string(buf).decode())

    def call(self, name: str, *args: Any) -> None:
        status = getattr(self.lib, name)(*args)
        if status != OK:
            raise CapiError(status, self.last_error())

    def fails(self, status: int, name: str, *args: Any) -> str:
        """Calls `name`, asserts it fails with `status`, returns the last error message."""
        got = getattr(self.lib, name)(*args)
        message = self.last_error()
        assert got == status, f"{name} returned {got}, expected {status}: {message}"
        assert message, f"{name} failed without a message"
        return message

    def handle(self, name: str, *args: Any) -> int:
        out = self.ffi.new("uint64_t *")
        self.call(name, *args, out)
        assert out[0] != 0
        return int(out[0])

    def text(self, name: str, *args: Any) -> str:
        """A string result: a size query with a NULL buffer, then the real call."""
        needed = self.ffi.new("size_t *")
        status = getattr(self.lib, name)(*args, self.ffi.NULL, 0, needed)
        assert status == TOO_SMALL, (status, self.last_error())
        size = int(needed[0])
        buf = self.ffi.new("char[]", size)
        self.call(name, *args, buf, size, needed)
        assert needed[0] == size
        return str(self.ffi.string(buf, size).decode())

    def json(self, name: str, *args: Any) -> Any:
        return json.loads(self.text(name, *args))

    def ids(self, name: str, *args: Any) -> list[int]:
        needed = self.ffi.new("size_t *")
        status = getattr(self.lib, name)(*args, self.ffi.NULL, 0, needed)
        if status == OK:
            assert needed[0] == 0
            return []
        assert status == TOO_SMALL, (status, self.last_error())
        size = int(needed[0])
        buf = self.ffi.new("uint32_t[]", size)
        self.call(name, *args, buf, size, needed)
        return list(buf[0 : int(needed[0])])

    def u32s(self, values: list[int]) -> Any:
        return self.ffi.new("uint32_t[]", values) if values else self.ffi.NULL

    def live(self) -> int:
        out = self.ffi.new("size_t *")
        self.call("mulligan_live_handles", out)
        return int(out[0])

    # -- objects ---------------------------------------------------------------------------

    def seed(self, hex_digits: str = GOLDEN_SEED_HEX) -> int:
        return self.handle("mulligan_seed_from_hex", hex_digits.encode())

    def library(self, n: int, stream: int = 0, seed_hex: str = GOLDEN_SEED_HEX) -> int:
        seed = self.seed(seed_hex)
        try:
            return self.handle("mulligan_library_new", seed, stream, n)
        finally:
            self.call("mulligan_seed_free", seed)

    def game(self, setup: dict[str, Any]) -> int:
        return self.handle("mulligan_game_new", json.dumps(setup).encode())

    def snapshot(self, game: int) -> tuple[Any, ...]:
        """Everything observable about a game, to check that a refused answer changed nothing."""
        info = self.json("mulligan_game_info_json", game)
        zones = [self.json("mulligan_game_zones_json", game, s) for s in range(info["players"])]
        return (
            info,
            self.json("mulligan_game_pending_json", game),
            self.json("mulligan_game_events_json", game, 0),
            zones,
        )


@pytest.fixture(scope="module")
def capi() -> Capi:
    path = find_library()
    ffi = cffi.FFI()
    ffi.cdef(cdef_text(HEADER.read_text()))
    return Capi(ffi, ffi.dlopen(str(path)), path)


def golden_setup(**extra: Any) -> dict[str, Any]:
    players = [{"name": "A", "deck": GOLDEN_DECK}, {"name": "B", "deck": GOLDEN_DECK}]
    return {"players": players, "seed": GOLDEN_SEED_HEX, **extra}


def hand_names(capi: Capi, game: int, seat: int) -> list[str]:
    cards = capi.json("mulligan_game_cards_json", game, seat)
    return [cards[i]["name"] for i in capi.ids("mulligan_game_hand", game, seat)]


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
# parity with the Python API: the same games, answer for answer, event for event

PARITY_DECK = """Deck
2 Serum Powder
2 Leyline of the Void
2 Chancellor of the Annex
2 Gemstone Caverns
18 Forest
14 Grizzly Bears
Sideboard
1 Naturalize
"""


def policy(
    kind: str,
    seat: int,
    hand: list[tuple[str, bool]],
    count: int | None,
    top_is_land: bool | None,
    can_mulligan: bool,
    actions: list[int],
    options: list[int],
    used: dict[int, int],
) -> tuple[Any, ...]:
    """A deterministic answer from what both APIs show. `actions` are indices into `hand`."""
    lands = sum(land for _, land in hand)
    if kind == "choose_starting_player":
        return ("choose", options[-1])
    if kind == "keep_or_mulligan":
        if actions and used.get(seat, 0) < 1:
            used[seat] = used.get(seat, 0) + 1
            return ("mulligan_action", actions[0])
        if can_mulligan and len(hand) > 4 and not 2 <= lands <= 4:
            return ("mulligan",)
        return ("keep",)
    if kind == "bottom":
        assert count is not None
        return ("bottom", list(range(len(hand) - count, len(hand))))
    if kind == "vancouver":
        return ("vancouver", bool(top_is_land) and lands >= 3)
    if actions and used.get(-1 - seat, 0) < 1:  # one opening-hand action, then pass
        used[-1 - seat] = used.get(-1 - seat, 0) + 1
        card = actions[0]
        others = [i for i in range(len(hand)) if i != card]
        gemstone = hand[card][0] == "Gemstone Caverns"
        return ("action", card, others[0] if gemstone and others else None)
    return ("pass",)


def play_python(setup: dict[str, Any]) -> tuple[list[Any], list[dict[str, Any]]]:
    players = [
        m.Player(
            p["name"],
            m.Deck.parse(p["deck"]),
            team=p.get("team"),
            archenemy=p.get("archenemy", False),
        )
        for p in setup["players"]
    ]
    game = m.Game(
        players,
        variant=getattr(m.Variant, setup.get("variant", "TWO_PLAYER")),
        mulligan=getattr(m.MulliganRule, setup.get("mulligan", "LONDON")),
        seed=setup["seed"],
        starting_player=setup.get("starting_player"),
    )
    used: dict[int, int] = {}
    while not game.done:
        d = game.pending()[0]
        hand = [(c.name, c.land) for c in d.hand]
        actions = [next(i for i, c in enumerate(d.hand) if c is a) for a in d.actions]
        answer = policy(
            d.kind,
            d.seat,
            hand,
            d.count,
            None if d.card is None else d.card.land,
            d.can_mulligan,
            actions,
            list(d.options),
            used,
        )
        if answer[0] == "choose":
            game.choose_starting_player(d.seat, answer[1])
        elif answer[0] == "mulligan_action":
            game.mulligan_action(d.seat, d.hand[answer[1]])
        elif answer[0] == "mulligan":
            game.mulligan(d.seat)
        elif answer[0] == "keep":
            game.keep(d.seat)
        elif answer[0] == "bottom":
            game.bottom(d.seat, [d.hand[i] for i in answer[1]])
        elif answer[0] == "vancouver":
            game.vancouver(d.seat, answer[1])
        elif answer[0] == "action":
            exile = None if answer[2] is None else d.hand[answer[2]]
            game.opening_hand_action(d.seat, d.hand[answer[1]], exile=exile)
        else:
            game.pass_actions(d.seat)
    return game.events, [r.to_dict() for r in game.result()]


def play_c(capi: Capi, setup: dict[str, Any]) -> tuple[list[Any], list[dict[str, Any]]]:
    game = capi.game(setup)
    n = len(setup["players"])
    lands = [
        {c["id"]: c["land"] for c in capi.json("mulligan_game_cards_json", game, s)}
        for s in range(n)
    ]
    used: dict[int, int] = {}
    done = capi.ffi.new("bool *")
    capi.call("mulligan_game_done", game, done)
    while not done[0]:
        d = capi.json("mulligan_game_pending_json", game)[0]
        seat = d["seat"]
        ids = [c["id"] for c in d["hand"]]
        hand = [(c["name"], lands[seat][c["id"]]) for c in d["hand"]]
        actions = [ids.index(c["id"]) for c in d["actions"]]
        top = None if d["card"] is None else lands[seat][d["card"]["id"]]
        answer = policy(
            d["kind"], seat, hand, d["count"], top, d["can_mulligan"], actions, d["options"], used
        )
        if answer[0] == "choose":
            capi.call("mulligan_game_choose_starting_player", game, seat, answer[1])
        elif answer[0] == "mulligan_action":
            capi.call("mulligan_game_mulligan_action", game, seat, ids[answer[1]])
        elif answer[0] == "mulligan":
            capi.call("mulligan_game_mulligan", game, seat)
        elif answer[0] == "keep":
            capi.call("mulligan_game_keep", game, seat)
        elif answer[0] == "bottom":
            chosen = [ids[i] for i in answer[1]]
            capi.call("mulligan_game_bottom", game, seat, capi.u32s(chosen), len(chosen))
        elif answer[0] == "vancouver":
            capi.call("mulligan_game_vancouver", game, seat, int(answer[1]))
        elif answer[0] == "action":
            exile = answer[2]
            has, x = (0, 0) if exile is None else (1, ids[exile])
            capi.call("mulligan_game_opening_hand_action", game, seat, ids[answer[1]], has, x)
        else:
            capi.call("mulligan_game_pass_actions", game, seat)
        capi.call("mulligan_game_done", game, done)
    events = capi.json("mulligan_game_events_json", game, 0)
    results = capi.json("mulligan_game_result_json", game)
    capi.call("mulligan_game_free", game)
    return events, results


PARITY_GAMES = [
    {"variant": "TWO_PLAYER", "mulligan": "LONDON", "players": 2},
    {"variant": "TWO_PLAYER", "mulligan": "VANCOUVER", "players": 2, "starting_player": 1},
    {"variant": "FREE_FOR_ALL", "mulligan": "PARIS", "players": 3},
    {"variant": "TWO_HEADED_GIANT", "mulligan": "LONDON", "players": 4},
    {"variant": "TWO_HEADED_GIANT", "mulligan": "PARIS_SEQUENTIAL", "players": 4},
    {"variant": "ARCHENEMY", "mulligan": "LONDON", "players": 3},
    {"variant": "BRAWL", "mulligan": "LONDON", "players": 2},
]


@pytest.mark.parametrize("spec", PARITY_GAMES, ids=lambda s: f"{s['variant']}-{s['mulligan']}")
@pytest.mark.parametrize("seed_byte", ["00", "5a", "e7"])
def test_c_and_python_play_the_same_games(capi: Capi, spec: dict[str, Any], seed_byte: str):
    players: list[dict[str, Any]] = []
    for i in range(spec["players"]):
        p: dict[str, Any] = {"name": f"P{i}", "deck": PARITY_DECK}
        if spec["variant"] == "TWO_HEADED_GIANT":
            p["team"] = "AB"[i // 2]
        if spec["variant"] == "ARCHENEMY":
            p["archenemy"] = i == 1
        players.append(p)
    setup: dict[str, Any] = {
        "players": players,
        "variant": spec["variant"],
        "mulligan": spec["mulligan"],
        "seed": seed_byte * 32,
    }
    if "starting_player" in spec:
        setup["starting_player"] = spec["starting_player"]
    c_events, c_results = play_c(capi, setup)
    py_events, py_results = play_python(setup)
    assert c_events == py_events
    assert c_results == py_results


# ------------------------------------------------------------------------------------------
# error paths


def test_last_error_is_per_call_and_survives_a_small_buffer(capi: Capi) -> None:
    message = capi.fails(SEED_ERROR, "mulligan_seed_from_hex", b"abc", capi.ffi.new("uint64_t *"))
    assert "64 hex digits" in message
    needed = capi.ffi.new("size_t *")
    small = capi.ffi.new("char[4]")
    assert capi.lib.mulligan_last_error(small, 4, needed) == TOO_SMALL
    assert needed[0] == len(message.encode()) + 1
    assert capi.lib.mulligan_last_error(capi.ffi.NULL, 0, needed) == TOO_SMALL
    assert capi.last_error() == message  # unchanged by the failed reads
    assert capi.lib.mulligan_last_error(capi.ffi.NULL, 5, needed) == NULL_POINTER
    assert capi.last_error() == message
    out = capi.ffi.new("uint32_t *")
    capi.call("mulligan_format_version", out)
    assert capi.last_error() == ""  # a successful call clears it
    assert capi.lib.mulligan_last_error(capi.ffi.NULL, 0, needed) == TOO_SMALL
    assert needed[0] == 1


def test_null_pointers(capi: Capi) -> None:
    ffi, null = capi.ffi, capi.ffi.NULL
    out = ffi.new("uint64_t *")
    assert "out is NULL" in capi.fails(NULL_POINTER, "mulligan_seed_from_hex", b"00" * 32, null)
    assert "hex is NULL" in capi.fails(NULL_POINTER, "mulligan_seed_from_hex", null, out)
    assert out[0] == 0
    capi.fails(NULL_POINTER, "mulligan_seed_from_bytes", null, 32, out)
    capi.fails(NULL_POINTER, "mulligan_seed_generate", null)
    capi.fails(NULL_POINTER, "mulligan_game_new", null, out)
    capi.fails(NULL_POINTER, "mulligan_format_version", null)
    capi.fails(NULL_POINTER, "mulligan_live_handles", null)

    seed = capi.seed()
    lib = capi.library(5)
    game = capi.game(golden_setup(starting_player=0))
    capi.fails(NULL_POINTER, "mulligan_seed_commitment", seed, null, 65, null)
    capi.fails(NULL_POINTER, "mulligan_seed_verify_commitment", seed, null, ffi.new("bool *"))
    capi.fails(NULL_POINTER, "mulligan_seed_verify_commitment", seed, b"0" * 64, null)
    capi.fails(NULL_POINTER, "mulligan_library_new", seed, 0, 5, null)
    capi.fails(NULL_POINTER, "mulligan_library_cards", lib, null, 5, null)
    capi.fails(NULL_POINTER, "mulligan_library_len", lib, null)
    capi.fails(NULL_POINTER, "mulligan_library_shuffle_count", lib, null)
    capi.fails(NULL_POINTER, "mulligan_library_put_on_top", lib, null, 1)
    capi.fails(NULL_POINTER, "mulligan_library_put_on_bottom", lib, null, 2)
    capi.fails(NULL_POINTER, "mulligan_library_search_and_shuffle", lib, null, 1, 0)
    capi.fails(NULL_POINTER, "mulligan_library_shuffle_in", lib, null, 1, 0, 0, 0)
    capi.fails(NULL_POINTER, "mulligan_library_shuffle_simultaneously", null, 1)
    capi.fails(NULL_POINTER, "mulligan_library_draw", lib, 1, ffi.new("uint32_t[1]"), 1, null)
    capi.fails(NULL_POINTER, "mulligan_library_draw", lib, 1, null, 1, ffi.new("size_t *"))
    capi.fails(NULL_POINTER, "mulligan_game_done", game, null)
    capi.fails(NULL_POINTER, "mulligan_game_event_count", game, null)
    capi.fails(NULL_POINTER, "mulligan_game_seed", game, null)
    capi.fails(NULL_POINTER, "mulligan_game_pending_json", game, null, 10, null)
    capi.fails(NULL_POINTER, "mulligan_game_hand", game, 0, null, 7, null)
    capi.fails(NULL_POINTER, "mulligan_game_bottom", game, 0, null, 1)
    # Nothing changed; an empty array may be NULL.
    assert capi.ids("mulligan_library_cards", lib) == list(range(5))
    capi.call("mulligan_library_put_on_top", lib, null, 0)
    capi.call("mulligan_library_shuffle_simultaneously", null, 0)
    for free, h in (
        ("mulligan_seed_free", seed),
        ("mulligan_library_free", lib),
        ("mulligan_game_free", game),
    ):
        capi.call(free, h)


def test_wrong_unknown_and_freed_handles(capi: Capi) -> None:
    before = capi.live()
    seed = capi.seed()
    lib = capi.library(5)
    game = capi.game(golden_setup(starting_player=0))
    assert capi.live() == before + 3
    assert {seed & 3, lib & 3, game & 3} == {1, 2, 3}
    out = capi.ffi.new("uint64_t *")
    size = capi.ffi.new("size_t *")

    assert "null handle" in capi.fails(INVALID_HANDLE, "mulligan_library_shuffle", 0)
    message = capi.fails(INVALID_HANDLE, "mulligan_library_shuffle", seed)
    assert "is a seed handle, not a library handle" in message
    capi.fails(INVALID_HANDLE, "mulligan_library_new", lib, 0, 5, out)
    assert out[0] == 0
    capi.fails(INVALID_HANDLE, "mulligan_game_keep", lib, 0)
    capi.fails(INVALID_HANDLE, "mulligan_library_len", game, size)
    never = (1 << 60) | 2
    assert "never issued" in capi.fails(INVALID_HANDLE, "mulligan_library_len", never, size)
    assert "never issued" in capi.fails(INVALID_HANDLE, "mulligan_game_keep", 4, 0)
    handles = capi.ffi.new("uint64_t[]", [lib, seed])
    capi.fails(INVALID_HANDLE, "mulligan_library_shuffle_simultaneously", handles, 2)
    count = capi.ffi.new("uint32_t *")
    capi.call("mulligan_library_shuffle_count", lib, count)
    assert count[0] == 0  # all or nothing: the valid library was not shuffled

    # Freeing with the wrong type frees nothing; 0 is a no-op.
    capi.fails(INVALID_HANDLE, "mulligan_seed_free", lib)
    capi.fails(INVALID_HANDLE, "mulligan_library_free", game)
    capi.fails(INVALID_HANDLE, "mulligan_game_free", seed)
    assert capi.live() == before + 3
    for free in ("mulligan_seed_free", "mulligan_library_free", "mulligan_game_free"):
        capi.call(free, 0)

    # Double free and use after free are detected, for every type.
    capi.call("mulligan_seed_free", seed)
    capi.call("mulligan_library_free", lib)
    capi.call("mulligan_game_free", game)
    assert capi.live() == before
    assert "already freed" in capi.fails(INVALID_HANDLE, "mulligan_seed_free", seed)
    assert "already freed" in capi.fails(INVALID_HANDLE, "mulligan_library_free", lib)
    assert "already freed" in capi.fails(INVALID_HANDLE, "mulligan_game_free", game)
    capi.fails(INVALID_HANDLE, "mulligan_seed_hex", seed, capi.ffi.NULL, 0, size)
    capi.fails(INVALID_HANDLE, "mulligan_library_new", seed, 0, 5, out)
    capi.fails(INVALID_HANDLE, "mulligan_library_shuffle", lib)
    capi.fails(INVALID_HANDLE, "mulligan_library_cards", lib, capi.ffi.NULL, 0, size)
    assert "already freed" in capi.fails(INVALID_HANDLE, "mulligan_game_keep", game, 0)
    capi.fails(INVALID_HANDLE, "mulligan_game_pending_json", game, capi.ffi.NULL, 0, size)
    assert capi.live() == before


def test_bad_lengths_and_small_buffers(capi: Capi) -> None:
    ffi = capi.ffi
    out = ffi.new("uint64_t *")
    for n in (0, 31, 33):
        message = capi.fails(SEED_ERROR, "mulligan_seed_from_bytes", bytes(40), n, out)
        assert f"got {n}" in message
    seed = capi.seed()
    capi.fails(INVALID_ARGUMENT, "mulligan_library_new", seed, 0, (1 << 24) + 1, out)
    capi.fails(ILLEGAL, "mulligan_library_new", seed, 1 << 56, 5, out)
    assert out[0] == 0

    needed = ffi.new("size_t *")
    buf = ffi.new("char[64]")
    assert capi.lib.mulligan_seed_hex(seed, buf, 64, needed) == TOO_SMALL
    assert needed[0] == 65
    assert "65" in capi.last_error()
    assert capi.lib.mulligan_seed_commitment(seed, buf, 64, ffi.NULL) == TOO_SMALL
    raw = ffi.new("uint8_t[31]")
    assert capi.lib.mulligan_seed_bytes(seed, raw, 31, needed) == TOO_SMALL and needed[0] == 32

    lib = capi.library(10)
    cards = ffi.new("uint32_t[9]")
    assert capi.lib.mulligan_library_cards(lib, cards, 9, needed) == TOO_SMALL
    assert needed[0] == 10
    count = ffi.new("size_t *")
    assert capi.lib.mulligan_library_draw(lib, 5, cards, 4, count) == TOO_SMALL
    assert count[0] == 5
    assert capi.ids("mulligan_library_cards", lib) == list(range(10))  # nothing drawn
    # A misaligned array is refused, not read.
    raw_bytes = ffi.new("char[64]")
    odd = ffi.cast("uint32_t *", raw_bytes + 1)
    assert "aligned" in capi.fails(INVALID_ARGUMENT, "mulligan_library_cards", lib, odd, 4, needed)
    capi.fails(INVALID_ARGUMENT, "mulligan_library_put_on_top", lib, odd, 1)
    capi.fails(INVALID_ARGUMENT, "mulligan_library_search_and_shuffle", lib, capi.u32s([1]), 1, 3)
    assert capi.ids("mulligan_library_cards", lib) == list(range(10))

    game = capi.game(golden_setup(starting_player=0))
    small = ffi.new("char[8]")
    assert capi.lib.mulligan_game_pending_json(game, small, 8, needed) == TOO_SMALL
    assert needed[0] > 8
    assert ffi.buffer(small)[:] == bytes(8)  # nothing written on failure
    hand = ffi.new("uint32_t[6]")
    assert capi.lib.mulligan_game_hand(game, 0, hand, 6, needed) == TOO_SMALL and needed[0] == 7
    capi.fails(INVALID_ARGUMENT, "mulligan_game_events_json", game, 10_000, ffi.NULL, 0, needed)
    capi.fails(ILLEGAL, "mulligan_game_hand", game, 2, hand, 6, needed)
    capi.fails(ILLEGAL, "mulligan_game_zones_json", game, 9, ffi.NULL, 0, needed)
    capi.fails(ILLEGAL, "mulligan_game_cards_json", game, 9, ffi.NULL, 0, needed)
    capi.call("mulligan_game_free", game)
    capi.call("mulligan_library_free", lib)
    capi.call("mulligan_seed_free", seed)


def test_invalid_hex(capi: Capi) -> None:
    out = capi.ffi.new("uint64_t *")
    for text in (b"", b"0" * 63, b"0" * 65, b"0" * 63 + b"g", b"\xff" * 64, b" 0" * 32):
        capi.fails(SEED_ERROR, "mulligan_seed_from_hex", text, out)
        assert out[0] == 0
    message = capi.fails(SEED_ERROR, "mulligan_seed_from_hex", b"0" * 63 + b"g", out)
    assert "character 64" in message
    seed = capi.seed()
    matches = capi.ffi.new("bool *")
    capi.fails(SEED_ERROR, "mulligan_seed_verify_commitment", seed, b"xyz", matches)
    capi.fails(SEED_ERROR, "mulligan_seed_verify_commitment", seed, b"\xfe" * 64, matches)
    capi.call("mulligan_seed_free", seed)


def test_setup_json_errors(capi: Capi) -> None:
    out = capi.ffi.new("uint64_t *")
    before = capi.live()

    def refused(status: int, setup: Any) -> str:
        text = setup if isinstance(setup, bytes) else json.dumps(setup).encode()
        message = capi.fails(status, "mulligan_game_new", text, out)
        assert out[0] == 0
        return message

    refused(INVALID_ARGUMENT, b"{not json")
    refused(INVALID_ARGUMENT, b"\xff")
    assert "unknown field `seeed`" in refused(INVALID_ARGUMENT, {**golden_setup(), "seeed": 1})
    assert "CHAOS" in refused(INVALID_ARGUMENT, golden_setup(variant="CHAOS"))
    refused(INVALID_ARGUMENT, golden_setup(mulligan="MOSCOW"))
    refused(INVALID_ARGUMENT, golden_setup(starting_player=-1))
    refused(INVALID_ARGUMENT, golden_setup(game_index="one"))
    refused(INVALID_ARGUMENT, {"players": [{"name": "A"}]})
    refused(SEED_ERROR, golden_setup(seed="12"))
    bad_deck = golden_setup()
    bad_deck["players"][1]["deck"] = "Forest\n0 Forest"
    message = refused(DECK_ERROR, bad_deck)
    assert message.startswith("players[1].deck: line 2:")
    one = {"players": [{"name": "A", "deck": GOLDEN_DECK}], "seed": GOLDEN_SEED_HEX}
    assert "exactly 2" in refused(CONFIG, one)
    refused(CONFIG, golden_setup(starting_player=2))
    refused(CONFIG, golden_setup(starting_player=0, chooser=1))
    refused(CONFIG, golden_setup(game_index=1 << 48))
    refused(CONFIG, golden_setup(variant="TWO_HEADED_GIANT"))
    assert capi.live() == before


def test_setup_json_bounds_modifiers_and_deck_size(capi: Capi) -> None:
    """docs/C_ABI.md: Vanguard modifiers between -1,000,000 and 1,000,000 (2^31 - 1 used to
    overflow the hand size and life total: a panic, MULLIGAN_ERR_INTERNAL, in a debug build);
    a deck of at most 1,000,000 cards in all."""
    out = capi.ffi.new("uint64_t *")
    before = capi.live()
    for field in ("hand_modifier", "life_modifier"):
        for value in (2**31 - 1, 1_000_001, -1_000_001, -(2**31)):
            setup = golden_setup(variant="VANGUARD", starting_player=0)
            setup["players"][1][field] = value
            text = json.dumps(setup).encode()
            message = capi.fails(CONFIG, "mulligan_game_new", text, out)
            assert out[0] == 0
            assert f'seat 1 ("B"): {field} {value} is out of range' in message
        setup = golden_setup(variant="VANGUARD", starting_player=0)
        setup["players"][1][field] = 2**31  # not an int32: a wrong type
        capi.fails(INVALID_ARGUMENT, "mulligan_game_new", json.dumps(setup).encode(), out)
    setup = golden_setup(variant="VANGUARD", starting_player=0)
    setup["players"][0].update(hand_modifier=1_000_000, life_modifier=-1_000_000)
    game = capi.game(setup)
    assert len(capi.ids("mulligan_game_hand", game, 0)) == 60
    events = capi.json("mulligan_game_events_json", game, 0)
    assert [e["life"] for e in events if e["type"] == "life"] == [-999_980, 20]
    capi.call("mulligan_game_free", game)

    big = golden_setup()
    big["players"][0]["deck"] = "100000 Forest\n" * 10 + "Sideboard\n1 Duress"
    message = capi.fails(DECK_ERROR, "mulligan_game_new", json.dumps(big).encode(), out)
    assert message.startswith("players[0].deck: line 12: ") and "1000000 cards" in message
    assert capi.live() == before


def test_two_headed_giant_teams_share_life_with_modifiers(capi: Capi) -> None:
    """docs/API.md, 103.4: a Two-Headed Giant team has one life total, 30 plus the sum of its
    players' life modifiers, reported for every teammate."""
    players = [
        {"name": n, "deck": GOLDEN_DECK, "team": t, "life_modifier": lm}
        for n, t, lm in [("A", "x", 3), ("B", "x", -1), ("C", "y", 0), ("D", "y", 5)]
    ]
    setup = {
        "players": players,
        "seed": GOLDEN_SEED_HEX,
        "variant": "TWO_HEADED_GIANT",
        "starting_player": 0,
    }
    game = capi.game(setup)
    events = capi.json("mulligan_game_events_json", game, 0)
    assert [(e["seat"], e["life"]) for e in events if e["type"] == "life"] == [
        (0, 32),
        (1, 32),
        (2, 35),
        (3, 35),
    ]
    capi.call("mulligan_game_free", game)


def test_103_6a_starting_player_reveals_a_caverns_card_that_can_be_revealed(capi: Capi) -> None:
    """103.6a: the starting player's card tagged both gemstone_caverns and reveal is revealed,
    never put onto the battlefield exiling a card; an exile is refused and changes nothing."""
    deck = "60 Odd Cave [land, gemstone_caverns, reveal]"
    setup = {
        "players": [{"name": "A", "deck": deck}, {"name": "B", "deck": deck}],
        "seed": GOLDEN_SEED_HEX,
        "starting_player": 0,
    }
    game = capi.game(setup)
    capi.call("mulligan_game_keep", game, 0)
    capi.call("mulligan_game_keep", game, 1)
    (d,) = capi.json("mulligan_game_pending_json", game)
    assert (d["kind"], d["seat"]) == ("opening_hand_action", 0)
    hand = capi.ids("mulligan_game_hand", game, 0)
    card, other = hand[0], hand[1]
    before = capi.snapshot(game)
    message = capi.fails(ILLEGAL, "mulligan_game_opening_hand_action", game, 0, card, 1, other)
    assert "103.6a" in message
    assert capi.snapshot(game) == before
    capi.call("mulligan_game_opening_hand_action", game, 0, card, 0, 0)
    zones = capi.json("mulligan_game_zones_json", game, 0)
    assert [c["id"] for c in zones["revealed"]] == [card]
    assert zones["battlefield"] == [] and zones["exile"] == []
    last = capi.json("mulligan_game_events_json", game, 0)[-1]
    assert (last["type"], last["action"], last["exiled"]) == ("opening_hand_action", "reveal", None)
    capi.call("mulligan_game_pass_actions", game, 0)
    hand = capi.ids("mulligan_game_hand", game, 1)
    capi.call("mulligan_game_opening_hand_action", game, 1, hand[0], 1, hand[1])
    last = capi.json("mulligan_game_events_json", game, 0)[-1]
    assert (last["seat"], last["action"]) == (1, "gemstone_caverns")
    capi.call("mulligan_game_free", game)


def test_illegal_answers_change_nothing(capi: Capi) -> None:
    game = capi.game(golden_setup())  # seat 0 chooses who starts
    ffi = capi.ffi
    attempts: list[tuple[str, tuple[Any, ...]]] = [
        ("mulligan_game_choose_starting_player", (1, 0)),
        ("mulligan_game_choose_starting_player", (0, 2)),
        ("mulligan_game_keep", (0,)),
        ("mulligan_game_keep", (5,)),
        ("mulligan_game_pass_actions", (0,)),
    ]
    for name, args in attempts:
        before = capi.snapshot(game)
        capi.fails(ILLEGAL, name, game, *args)
        assert capi.snapshot(game) == before, name
    result_message = capi.fails(ILLEGAL, "mulligan_game_result_json", game, ffi.NULL, 0, ffi.NULL)
    assert "not done" in result_message

    capi.call("mulligan_game_choose_starting_player", game, 0, 0)
    capi.call("mulligan_game_mulligan", game, 0)
    capi.call("mulligan_game_keep", game, 1)
    hand = capi.ids("mulligan_game_hand", game, 0)
    not_in_hand = next(i for i in range(60) if i not in hand)
    attempts = [
        ("mulligan_game_keep", (0,)),
        ("mulligan_game_mulligan", (1,)),
        ("mulligan_game_bottom", (0, capi.u32s(hand[:2]), 2)),  # one card is asked
        ("mulligan_game_bottom", (0, ffi.NULL, 0)),
        ("mulligan_game_bottom", (0, capi.u32s([not_in_hand]), 1)),
        ("mulligan_game_bottom", (1, capi.u32s(hand[:1]), 1)),
        ("mulligan_game_mulligan_action", (0, hand[0])),
        ("mulligan_game_vancouver", (0, 1)),
        ("mulligan_game_opening_hand_action", (0, hand[0], 0, 0)),
    ]
    for name, args in attempts:
        before = capi.snapshot(game)
        message = capi.fails(ILLEGAL, name, game, *args)
        assert capi.snapshot(game) == before, (name, message)
    capi.call("mulligan_game_bottom", game, 0, capi.u32s(hand[:1]), 1)
    capi.call("mulligan_game_keep", game, 0)
    before = capi.snapshot(game)
    assert "over" in capi.fails(ILLEGAL, "mulligan_game_keep", game, 0)
    assert capi.snapshot(game) == before
    capi.call("mulligan_game_free", game)


def test_a_player_who_must_keep_cannot_mulligan(capi: Capi) -> None:
    players = [{"name": "A", "deck": GOLDEN_DECK, "hand_modifier": -6}]
    players.append({"name": "B", "deck": GOLDEN_DECK})
    setup = {"players": players, "seed": GOLDEN_SEED_HEX, "variant": "VANGUARD"}
    game = capi.game({**setup, "starting_player": 0})
    capi.call("mulligan_game_mulligan", game, 0)
    capi.call("mulligan_game_keep", game, 1)
    capi.call(
        "mulligan_game_bottom", game, 0, capi.u32s(capi.ids("mulligan_game_hand", game, 0)), 1
    )
    pending = capi.json("mulligan_game_pending_json", game)
    assert pending[0]["can_mulligan"] is False
    before = capi.snapshot(game)
    assert "must keep" in capi.fails(ILLEGAL, "mulligan_game_mulligan", game, 0)
    assert capi.snapshot(game) == before
    capi.call("mulligan_game_free", game)


def test_a_caught_panic_and_a_poisoned_handle(capi: Capi) -> None:
    message = capi.fails(INTERNAL, "mulligan_debug_panic", 0)
    assert "mulligan_debug_panic" in message and "internal error" in message
    out = capi.ffi.new("uint32_t *")
    capi.call("mulligan_format_version", out)  # the library still works

    lib = capi.library(5)
    other = capi.library(5)
    capi.fails(INTERNAL, "mulligan_debug_panic", lib)
    assert "poisoned" in capi.fails(INTERNAL, "mulligan_library_shuffle", lib)
    capi.fails(INTERNAL, "mulligan_library_len", lib, capi.ffi.new("size_t *"))
    capi.call("mulligan_library_shuffle", other)  # other handles are untouched
    capi.call("mulligan_library_free", lib)
    assert "already freed" in capi.fails(INVALID_HANDLE, "mulligan_library_shuffle", lib)
    capi.call("mulligan_library_free", other)
    assert "never issued" in capi.fails(INVALID_HANDLE, "mulligan_debug_panic", 1 << 40)


def test_threads_share_handles_safely_and_keep_their_own_last_error(capi: Capi) -> None:
    shared = capi.library(60)
    errors: list[str] = []
    barrier = threading.Barrier(4)

    def work(k: int) -> None:
        try:
            own = capi.library(40, stream=k + 1)
            barrier.wait()
            for _ in range(50):
                capi.call("mulligan_library_shuffle", shared)
                capi.call("mulligan_library_shuffle", own)
            if k % 2:
                capi.fails(ILLEGAL, "mulligan_library_put_on_top", own, capi.u32s([0]), 1)
            barrier.wait()  # every thread has made its last call
            if k % 2:
                assert "already in this library" in capi.last_error()
            else:
                assert capi.last_error() == ""
            count = capi.ffi.new("uint32_t *")
            capi.call("mulligan_library_shuffle_count", own, count)
            assert count[0] == 50
            assert sorted(capi.ids("mulligan_library_cards", own)) == list(range(40))
            capi.call("mulligan_library_free", own)
        except BaseException as e:  # reported by the main thread below
            errors.append(repr(e))

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    count = capi.ffi.new("uint32_t *")
    capi.call("mulligan_library_shuffle_count", shared, count)
    assert count[0] == 200
    assert sorted(capi.ids("mulligan_library_cards", shared)) == list(range(60))
    capi.call("mulligan_library_free", shared)


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
