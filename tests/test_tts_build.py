"""docs/tabletop_simulator.lua is built from tts/src/ (scripts/build_tts.py) and stays inside
the Lua that Tabletop Simulator runs: MoonSharp, a Lua 5.2 dialect (no integer division, no
bitwise operators, no utf8 library, no goto in this script)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "docs" / "tabletop_simulator.lua"
SOURCES = sorted((ROOT / "tts" / "src").glob("*.lua"))
LUAC52 = shutil.which("luac5.2")

# Lua 5.3+ operators and libraries, and goto, as tokens of code (strings and comments removed).
NEWER = {
    "integer division //": r"//",
    "bitwise and &": r"&",
    "bitwise or |": r"\|",
    "bitwise xor or not ~": r"~(?!=)",
    "shift <<": r"<<",
    "shift >>": r">>",
    "utf8 library": r"\butf8\s*\.",
    "goto": r"\bgoto\b",
    "labels ::": r"::",
    "math.tointeger/math.type/math.ult": r"\bmath\s*\.\s*(tointeger|type|ult)\b",
    "string.pack/unpack": r"\bstring\s*\.\s*(pack|unpack|packsize)\b",
    "table.move": r"\btable\s*\.\s*move\b",
    "<const>/<close>": r"<\s*(const|close)\s*>",
}


def code_only(source: str) -> str:
    """The Lua source with comments and string literals blanked out (line numbers kept)."""
    out = []
    i, n = 0, len(source)
    while i < n:
        long = re.match(r"(--)?\[(=*)\[", source[i:])
        if source.startswith("--", i) and not long:
            j = source.find("\n", i)
            i = n if j < 0 else j
            continue
        if long:
            close = "]" + long.group(2) + "]"
            j = source.find(close, i + len(long.group(0)))
            j = n if j < 0 else j + len(close)
            out.append(re.sub(r"[^\n]", " ", source[i:j]))
            i = j
            continue
        c = source[i]
        if c in "\"'":
            j = i + 1
            while j < n and source[j] != c:
                j += 2 if source[j] == "\\" else 1
            out.append(" " * (j + 1 - i))
            i = j + 1
            continue
        out.append(c)
        i += 1
    return "".join(out)


def newer_syntax(source: str) -> list[str]:
    code = code_only(source)
    found = []
    for what, pattern in NEWER.items():
        for hit in re.finditer(pattern, code):
            line = code.count("\n", 0, hit.start()) + 1
            found.append(f"line {line}: {what}")
    return found


def test_the_committed_script_is_the_build_of_its_parts():
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build_tts.py"), "--check"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_each_part_stays_a_readable_size():
    assert len(SOURCES) >= 2
    for part in SOURCES:
        assert len(part.read_text().splitlines()) <= 600, part.name


def test_the_check_finds_newer_lua_and_ignores_strings_and_comments():
    bad = "local a = b // 2\nlocal c = d & 1 | e ~ f\nx = y << 2\ngoto done\nutf8.char(1)\n"
    assert len(newer_syntax(bad)) == 7
    fine = 'local s = "a // b & c | d"  -- ~ << >> goto utf8.len\nif a ~= b then end\n--[[ // ]]\n'
    assert newer_syntax(fine) == []


@pytest.mark.parametrize("path", [SCRIPT, *SOURCES], ids=lambda p: p.name)
def test_the_script_has_no_lua_5_3_syntax(path):
    assert newer_syntax(path.read_text()) == []


@pytest.mark.skipif(LUAC52 is None, reason="luac5.2 is not installed (scripts/system_deps.sh)")
@pytest.mark.parametrize("path", [SCRIPT, *SOURCES], ids=lambda p: p.name)
def test_lua_5_2_compiles_the_script(path):
    done = subprocess.run([LUAC52 or "luac5.2", "-p", str(path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
