"""Real exported deck files (../shared/decks/real, beside the repository, as the rule texts are):
every file listed in its MANIFEST.md is read and its counts checked against the manifest's
(main deck, sideboard, commanders and companions). The files are not ours and are never copied
here; without ../shared (a user's clone) the tests skip, saying so.

Where the manifest and the reader disagreed, the reader was changed to follow the program that
wrote the file (Moxfield's trailing commander, a headerless Arena export, a .cod holding a name
no card has); the one disagreement kept is listed in KEPT with the reason."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import mulligan as m

REAL = Path(__file__).resolve().parents[1].parent / "shared" / "decks" / "real"
MANIFEST = REAL / "MANIFEST.md"

#: Files whose manifest count the reader does not give, on purpose, and why.
KEPT = {
    # 3 lands, a blank line, 2 lands, no header and no Arena set codes: read as MTGO's
    # "sideboard after a blank line" it is 3/2; the reader reads two blocks as a deck and its
    # sideboard only when the first could be a deck (40 cards or more, 100.2), since lists
    # also use blank lines to group cards. A 5-card test file is not a deck either way.
    "plain/JustLands.txt": (5, 0, 0),
}


def manifest_rows() -> list[tuple[str, int, int, int]]:
    if not MANIFEST.is_file():
        return []
    rows = []
    for line in MANIFEST.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 8 or not cells[0].startswith("`"):
            continue
        path = cells[0].strip("`")
        main, side, who = int(cells[5]), int(cells[6]), cells[7]
        rows.append((path, main, side, commanders_in(who)))
    return rows


def commanders_in(cell: str) -> int:
    """The commanders and companions the manifest says the file marks: none for "—", "none
    marked" and the programs' conventions without a marker (`SB:` lines, a side zone)."""
    if cell.startswith(("—", "none")) or re.search(r"\bby (XMage|Cockatrice)", cell):
        return 0
    return len([n for n in cell.split(";") if n.strip()])


ROWS = manifest_rows()


def test_the_real_files_are_there_or_the_skip_says_why():
    if not REAL.is_dir():
        pytest.skip(f"{REAL} is absent (a clone without ../shared): the real-file tests skip")
    assert len(ROWS) >= 60, f"{MANIFEST}: {len(ROWS)} rows read"
    listed = {r[0] for r in ROWS}
    on_disk = {
        str(p.relative_to(REAL)) for p in REAL.rglob("*") if p.is_file() and p.name != "MANIFEST.md"
    }
    assert on_disk == listed, on_disk ^ listed


@pytest.mark.skipif(not ROWS, reason=f"{MANIFEST} is absent (a clone without ../shared)")
@pytest.mark.parametrize(("path", "main", "side", "commanders"), ROWS, ids=[r[0] for r in ROWS])
def test_each_real_file_has_the_manifest_counts(path, main, side, commanders):
    deck = m.Deck.load(REAL / path, cards=False)
    got = (len(deck.cards), len(deck.sideboard), len(deck.commanders) + len(deck.companions))
    want = KEPT.get(path, (main, side, commanders))
    assert got == want, f"{path}: main, sideboard, commanders+companions"


@pytest.mark.skipif(not ROWS, reason=f"{MANIFEST} is absent (a clone without ../shared)")
def test_a_moxfield_download_has_its_commander_and_a_cod_its_odd_name():
    deck = m.Deck.load(REAL / "moxfield/crystal-sickness-20260322-152311.txt", cards=False)
    assert [c.name for c in deck.commanders] == ["Golbez, Crystal Collector"]
    cod = m.Deck.load(REAL / "cockatrice_cod/testdeck.cod", cards=False)
    assert "@#$NOT A REAL CARD NAME@#$" in cod.unknown
    assert any("@#$NOT A REAL CARD NAME@#$" in w for w in cod.warnings)
    arena = m.Deck.load(REAL / "arena/testdeck.mtga", cards=False)
    assert [c.name for c in arena.sideboard][-1] == "Beacon Bolt"
