"""What the tests of the Tabletop Simulator script share: the Lua interpreters (Debian's
lua5.2 and lua5.4 with lua-socket and lua-cjson), the drivers of tests/tts/, and the log's
checks."""

from __future__ import annotations

import json
import shutil
import subprocess
import urllib.parse
from pathlib import Path
from typing import Any

import pytest

import mulligan as m

from .serve_util import Server

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "docs" / "tabletop_simulator.lua"
RUN = ROOT / "tests" / "tts" / "run.lua"
PLAY = ROOT / "tests" / "tts" / "play.lua"


def lua_binary(version: str) -> str | None:
    lua = shutil.which(f"lua{version}")
    if lua is None:
        return None
    probe = subprocess.run(
        [lua, "-e", 'require("socket.http"); require("cjson")'], capture_output=True
    )
    return lua if probe.returncode == 0 else None


LUAS = [
    pytest.param(
        v,
        marks=pytest.mark.skipif(
            lua_binary(v) is None,
            reason=f"lua{v} with lua-socket and lua-cjson is not installed "
            "(scripts/system_deps.sh)",
        ),
    )
    for v in ("5.2", "5.4")
]


def lua_json(lua: str, driver: Path, server: Server, *args: str) -> dict[str, Any]:
    done = subprocess.run(
        [lua_binary(lua) or f"lua{lua}", str(driver), str(SCRIPT), server.url, *args],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    out: dict[str, Any] = json.loads(done.stdout)
    # lua-cjson writes an empty Lua table as {}: every list here is a list.
    for k in ("mismatches", "clicks", "steps", "objects", "requests", "printed"):
        if out.get(k) == {}:
            out[k] = []
    return out


def image(name: str) -> str:
    return (
        "https://api.scryfall.com/cards/named?exact="
        + urllib.parse.quote(name, safe="-_.~")
        + "&format=image"
    )


def verified(run: dict[str, Any]) -> list[dict[str, Any]]:
    records = [json.loads(line) for line in run["log"].splitlines()]
    assert m.verify_log(records, commitment=run["game"]["commitment"])
    return records


def acts(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [r["action"] for r in records if r.get("type") == "act"]
