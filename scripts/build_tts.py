"""Builds docs/tabletop_simulator.lua, the one file Tabletop Simulator loads, from its parts in
tts/src/ (read in name order and joined, each after a line naming it).

    python scripts/build_tts.py            # writes docs/tabletop_simulator.lua
    python scripts/build_tts.py --check    # exit 1 if the file differs from a new build

tests/test_tts_build.py runs the check, so the committed file never drifts from its parts.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "tts" / "src"
OUT = ROOT / "docs" / "tabletop_simulator.lua"


def build() -> str:
    parts = sorted(SOURCES.glob("*.lua"))
    if not parts:
        raise SystemExit(f"build_tts: no .lua file in {SOURCES}")
    chunks = []
    for part in parts:
        text = part.read_text(encoding="utf-8")
        if not text.endswith("\n"):
            text += "\n"
        chunks.append(f"-- [tts/src/{part.name}]\n{text.lstrip(chr(10))}")
    return "\n".join(chunks)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the file is out of date")
    args = parser.parse_args(argv)
    text = build()
    if args.check:
        current = OUT.read_text(encoding="utf-8") if OUT.exists() else ""
        if current != text:
            print(f"{OUT.relative_to(ROOT)} differs from tts/src: run python scripts/build_tts.py")
            return 1
        return 0
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)} ({text.count(chr(10))} lines)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
