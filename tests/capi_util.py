"""Loading the C ABI (rust/capi, include/mulligan.h) for the tests: the library is loaded with
cffi in ABI mode: `ffi.cdef` gets the committed header with its preprocessor lines removed,
`ffi.dlopen` the `libmulligan` that `cargo build -p mulligan-capi` reports (or the file named
by $MULLIGAN_CAPI_LIB). `Capi` holds thin helpers; the `capi` fixture is in tests/conftest.py.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.test_golden import (
    VECTORS,
    card_names,
)

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


def load() -> Capi:
    """The library, loaded once per test session (the `capi` fixture of tests/conftest.py)."""
    cffi = pytest.importorskip("cffi")
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
