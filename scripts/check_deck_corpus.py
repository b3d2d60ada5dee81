#!/usr/bin/env python3
"""Run `mulligan.Deck.load` over every deck file in some directories (a developer's tool).

    python scripts/check_deck_corpus.py DIR [DIR ...] [--cards FILE] [--only-problems] [--json]

For each file: the detected format, the main deck / sideboard / commander / companion counts
and the warnings, or the `DeckError`. Beside the parser's counts it prints a reference count
taken by a deliberately simple reading of the file (`reference_counts`: XML by the standard
library, text by the leading number of each card line), so that a file the parser reads wrong
shows up as a mismatch without anyone reading it by hand. Files whose reference count cannot be
taken (no card line found) are shown with `ref=?`. The summary gives, per detected format, the
files read, the files whose counts agree, the mismatches and the errors.

Nothing here is part of the package: it exists to check the deck parser against collections of
real exported files kept outside the repository (see tests/decks/README.md).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import warnings
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import mulligan as m

# A card line as most exporters write it: an optional `SB:`, a count (`4`, `4x`), a name.
CARD_LINE = re.compile(r"^(SB:\s*)?(\d+)\s*[xX*]?\s+\S", re.IGNORECASE)
# Lines a text exporter writes that hold no card: section headers and Forge's bracketed ones.
HEADER = re.compile(
    r"^(\[[^\]]*\]|(deck|main|mainboard|main deck|sideboard|commanders?|companion|"
    r"maybeboard|considering|tokens|about)\s*:?)$",
    re.IGNORECASE,
)
OUTSIDE = {"maybeboard", "considering", "tokens", "about", "metadata"}
OUTSIDE_FORGE = {
    "avatar",
    "planes",
    "schemes",
    "conspiracy",
    "dungeon",
    "attractions",
    "contraptions",
    "general",
}


@dataclass
class Result:
    path: str
    source: str = "?"
    counts: tuple[int, int, int, int] | None = None
    reference: tuple[int, int] | None = None
    warnings: list[str] = field(default_factory=list)
    error: str | None = None

    @property
    def agrees(self) -> bool | None:
        if self.counts is None or self.reference is None:
            return None
        main, side, commanders, companions = self.counts
        total = main + side + commanders + companions
        return (total, side + companions) == self.reference or (
            total == self.reference[0] and self.reference[1] == -1
        )


def text_reference(text: str) -> tuple[int, int] | None:
    """All cards and sideboard cards by the leading numbers of the card lines; -1 for the
    sideboard when the file marks none (MTGO's blank-line sideboard is the parser's guess)."""
    total = side = 0
    section = "main"
    marked = False
    seen = False
    companion_names: list[str] = []
    side_names: list[str] = []
    for raw in text.splitlines():
        line = raw.strip().lstrip("\ufeff")
        if not line or line.startswith("//") or line.startswith("#"):
            continue
        header = HEADER.match(line)
        if header:
            word = line.strip("[]:").strip().lower()
            if word in ("sideboard",):
                section, marked = "side", True
            elif word in ("companion",):
                section, marked = "companion", True
            elif word in OUTSIDE or word in OUTSIDE_FORGE:
                section = "outside"
            else:
                section = "main"
            continue
        if section == "outside" or "{noDeck}" in line or "[Maybeboard" in line:
            continue
        if line.upper().startswith(("NAME:", "LAYOUT ", "AUTHOR:")):
            continue
        match = CARD_LINE.match(line)
        if not match:
            continue
        seen = True
        n = int(match.group(2))
        total += n
        name = line[match.end() - 1 :].split("(")[0].strip()
        if match.group(1) or section == "side" or "[Sideboard]" in line:
            side += n
            marked = True
            side_names.append(name)
        elif section == "companion":
            side += n
            companion_names.append(name)
    # MTG Arena lists the companion twice: once under Companion, once in the sideboard.
    for name in companion_names:
        if name in side_names:
            total -= 1
            side -= 1
    if not seen:
        return None
    return (total, side if marked else -1)


def xml_reference(text: str) -> tuple[int, int] | None:
    root = ET.fromstring(text.lstrip("\ufeff"))
    total = side = 0
    if root.tag == "Deck":
        for card in root.iter("Cards"):
            n = int(card.get("Quantity", "0"))
            total += n
            if card.get("Sideboard", "false").lower() == "true":
                side += n
    elif root.tag == "cockatrice_deck":
        for zone in root.iter("zone"):
            if zone.get("name") not in ("main", "side"):
                continue
            for card in zone.iter("card"):
                n = int(card.get("number", "0"))
                total += n
                if zone.get("name") == "side":
                    side += n
    else:
        return None
    return (total, side)


def reference_counts(path: Path) -> tuple[int, int] | None:
    data = path.read_bytes()
    text = data.decode("utf-8", errors="replace")
    try:
        if text.lstrip("\ufeff \t\r\n").startswith("<"):
            return xml_reference(text)
        return text_reference(text)
    except (ET.ParseError, ValueError):
        return None


def check(path: Path, cards: m.CardTable | None) -> Result:
    result = Result(str(path))
    try:
        result.reference = reference_counts(path)
    except OSError:
        result.reference = None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", m.DeckWarning)
            deck = m.Deck.load(path, cards=cards if cards is not None else False)
    except m.DeckError as e:
        result.error = str(e)
        return result
    result.source = deck.source or "?"
    result.counts = (len(deck), len(deck.sideboard), len(deck.commanders), len(deck.companions))
    result.warnings = list(deck.warnings)
    return result


def files_in(dirs: list[str]) -> list[Path]:
    """Every file under the directories (or the files given), but hidden ones and `.md` notes."""
    out: list[Path] = []
    for d in dirs:
        p = Path(d)
        if p.is_file():
            out.append(p)
            continue
        out.extend(
            f
            for f in sorted(p.rglob("*"))
            if f.is_file() and not f.name.startswith(".") and f.suffix.lower() != ".md"
        )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dirs", nargs="+", help="directories (or files) of deck files")
    parser.add_argument("--cards", help="a card table or Scryfall bulk file to look names up in")
    parser.add_argument(
        "--only-problems", action="store_true", help="print only errors and mismatches"
    )
    parser.add_argument("--json", action="store_true", help="one JSON object per file")
    args = parser.parse_args(argv)
    cards = m.carddata.load(args.cards) if args.cards else None

    results = [check(f, cards) for f in files_in(args.dirs)]
    by_source: dict[str, Counter[str]] = {}
    for r in results:
        kind = (
            "error" if r.error else {True: "agree", False: "MISMATCH", None: "unchecked"}[r.agrees]
        )
        by_source.setdefault(r.source, Counter())[kind] += 1
        if args.only_problems and kind in ("agree", "unchecked"):
            continue
        if args.json:
            print(json.dumps(r.__dict__ | {"result": kind}))
            continue
        if r.error:
            print(f"{r.path}\n    ERROR {r.error}")
            continue
        assert r.counts is not None
        main_, side, commanders, companions = r.counts
        ref = "?" if r.reference is None else f"{r.reference[0]}/{r.reference[1]}"
        print(
            f"{r.path}\n    {r.source}: main={main_} side={side} commander={commanders} "
            f"companion={companions} ref(total/side)={ref} {kind}"
        )
        for w in r.warnings:
            print(f"    warning: {w[:160]}")
    print("\nsummary (detected format: files, agree, mismatch, unchecked, error)")
    for source, c in sorted(by_source.items()):
        n = sum(c.values())
        print(
            f"  {source:15} {n:5} files  {c['agree']:5} agree  {c['MISMATCH']:3} mismatch  "
            f"{c['unchecked']:3} unchecked  {c['error']:3} error"
        )
    bad = sum(c["MISMATCH"] + c["error"] for c in by_source.values())
    print(f"  total           {len(results):5} files, {bad} mismatch or error")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
