"""Real exported deck files (../shared/decks/real, beside the repository, as the rule texts are):
every file listed in its MANIFEST.md is read and its counts checked against the manifest's
(main deck, sideboard, commanders and companions). The files are not ours and are never copied
here; without ../shared (a user's clone) the tests skip, saying so. `MULLIGAN_SHARED` names
another place for that directory (a git worktree kept elsewhere).

CSV exports (`csv/`) have a table of their own: a deck export gives main deck, sideboard and
commander; a collection export (no board column) is all main deck, `cards` copies of `names`
distinct names (TCGplayer's by its `Simple Name` column).

Where the manifest and the reader disagreed, the reader was changed to follow the program that
wrote the file (Moxfield's trailing commander, a headerless Arena export, a .cod holding a name
no card has); the one disagreement kept is listed in KEPT with the reason."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import mulligan as m

SHARED = Path(os.environ.get("MULLIGAN_SHARED") or Path(__file__).resolve().parents[2] / "shared")
REAL = SHARED / "decks" / "real"
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
        if path.startswith("csv/"):
            continue
        main, side, who = int(cells[5]), int(cells[6]), cells[7]
        rows.append((path, main, side, commanders_in(who)))
    return rows


def commanders_in(cell: str) -> int:
    """The commanders and companions the manifest says the file marks: none for "—", "none
    marked" and the programs' conventions without a marker (`SB:` lines, a side zone)."""
    if cell.startswith(("—", "none")) or re.search(r"\bby (XMage|Cockatrice)", cell):
        return 0
    return len([n for n in cell.split(";") if n.strip()])


def csv_rows() -> list[tuple[str, int, int, int, int]]:
    """The CSV table's rows: (path, main, sideboard, commanders, distinct names in the deck)."""
    if not MANIFEST.is_file():
        return []
    rows = []
    for line in MANIFEST.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 9 or not cells[0].startswith("`csv/"):
            continue
        cards, _, names = cells[8].partition(" / ")
        # "18 / 18 by `Name`, 15 by `Simple Name` (18)": the Simple Name figure is the one read.
        by_simple = re.search(r"(\d+) by `Simple Name`", names)
        distinct = int(by_simple.group(1) if by_simple else names.split()[0])
        if cells[5] == "—":  # a collection: every copy is main deck
            rows.append((cells[0].strip("`"), int(cards), 0, 0, distinct))
        else:
            main, side = int(cells[5]), int(cells[6].split()[0])
            rows.append((cells[0].strip("`"), main, side, commanders_in(cells[7]), distinct))
    return rows


ROWS = manifest_rows()
CSV_ROWS = csv_rows()


def test_the_real_files_are_there_or_the_skip_says_why():
    if not REAL.is_dir():
        pytest.skip(f"{REAL} is absent (a clone without ../shared): the real-file tests skip")
    assert len(ROWS) >= 60, f"{MANIFEST}: {len(ROWS)} rows read"
    assert len(CSV_ROWS) == 12, f"{MANIFEST}: {len(CSV_ROWS)} CSV rows read"
    listed = {r[0] for r in ROWS} | {r[0] for r in CSV_ROWS}
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


@pytest.mark.skipif(not CSV_ROWS, reason=f"{MANIFEST} is absent (a clone without ../shared)")
@pytest.mark.parametrize(
    ("path", "main", "side", "commanders", "names"), CSV_ROWS, ids=[r[0] for r in CSV_ROWS]
)
def test_each_real_csv_export_has_the_manifest_counts(path, main, side, commanders, names):
    deck = m.Deck.load(REAL / path, cards=False)
    assert deck.source == "csv"
    got = (len(deck.cards), len(deck.sideboard), len(deck.commanders) + len(deck.companions))
    assert got == (main, side, commanders), f"{path}: main, sideboard, commanders+companions"
    every = [*deck.cards, *deck.sideboard, *deck.commanders, *deck.companions]
    assert len({c.name for c in every}) == names, f"{path}: distinct names"


@pytest.mark.skipif(not CSV_ROWS, reason=f"{MANIFEST} is absent (a clone without ../shared)")
def test_the_csv_traps_read_as_the_exporters_meant():
    kumena = m.Deck.load(REAL / "csv/tappedout_kumena-tappidity-tap-tap.csv", cards=False)
    assert [c.name for c in kumena.commanders] == ["Kumena, Tyrant of Orazca"]
    names = {c.name for c in kumena.cards}
    # One slash in TappedOut's split names; a card literally named Foil is a card.
    assert {"Incubation // Incongruity", "Foil"} <= names
    assert sum(c.name == "Island" for c in kumena.cards) == 12
    tcg = m.Deck.load(REAL / "csv/tcgplayer_TCGPlayer_user.csv", cards=False)
    tcg_names = {c.name for c in tcg.cards}
    assert {"Najeela, the Blade-Blossom", "Dina, Soul Steeper"} <= tcg_names
    assert not any("(" in n for n in tcg_names), tcg_names
    shield = m.Deck.load(REAL / "csv/dragonshield_sample.csv", cards=False)
    assert "sep=," not in {c.name for c in shield.cards}
    # Tradelist Count is never the count: Moxfield's equals Count, Cardsphere's too, Deckbox's
    # is 0 everywhere (87 cards, not 0).
    deckbox = m.Deck.load(REAL / "csv/deckbox_all_deckbox.csv", cards=False)
    assert len(deckbox.cards) == 87
    assert "World Championship Deck: 1999, Jakub Šlemr" not in {c.name for c in deckbox.cards}


def _crlf(text: str) -> str:
    """Every LF that does not already end a CRLF written as CRLF (the fuzz target's transform)."""
    return re.sub(r"(?<!\r)\n", "\r\n", text)


def _cards(deck: m.Deck) -> tuple[list[str], ...]:
    return tuple(
        [c.name for c in part]
        for part in (deck.cards, deck.sideboard, deck.commanders, deck.companions)
    )


CSV_FILES = sorted((REAL / "csv").glob("*.csv")) if (REAL / "csv").is_dir() else []


@pytest.mark.skipif(not CSV_FILES, reason=f"{REAL / 'csv'} is absent (a clone without ../shared)")
@pytest.mark.parametrize("path", CSV_FILES, ids=[p.name for p in CSV_FILES])
def test_a_real_csv_export_reads_the_same_with_crlf_or_lf_line_ends(path):
    # Exporters write either; whichever the file has, the other must read as the same deck.
    raw = path.read_bytes().decode("utf-8-sig")
    lf = raw.replace("\r\n", "\n")
    crlf = _crlf(lf)
    assert "\r\n" in crlf and "\r\n" not in lf
    as_lf = m.Deck.parse(lf, cards=False)
    as_crlf = m.Deck.parse(crlf, cards=False)
    assert as_lf.source == as_crlf.source == "csv"
    assert _cards(as_lf) == _cards(as_crlf)
    assert sum(map(len, _cards(as_lf))) > 0


REGRESSION = Path(__file__).resolve().parents[1] / "fuzz" / "corpus" / "deck_parse"


def test_the_crlf_crash_input_is_a_committed_regression_input():
    # The input of the first deck_parse crash (issue: a CSV whose lines already end in CR) is
    # in the tree, so every fuzzing run replays it and the test below is never empty. A fresh
    # clone once lacked it: fuzz/.gitignore let only seed-* files in.
    crash = REGRESSION / "regression-crlf-77fe7627112d1ab2"
    assert crash.is_file()
    assert crash.read_bytes().count(b"\r") > 0
    git = shutil.which("git")
    if git and (REGRESSION.parents[2] / ".git").exists():
        ignored = subprocess.run(
            [git, "check-ignore", "-q", str(crash)], cwd=REGRESSION, check=False
        )
        assert ignored.returncode == 1, "fuzz/.gitignore must let regression-* inputs in"


@pytest.mark.parametrize("path", sorted(REGRESSION.glob("regression-*")), ids=lambda p: p.name)
def test_a_fuzz_regression_input_reads_the_same_with_crlf_line_ends(path):
    # The deck_parse fuzz target's CRLF invariant on the inputs that once broke it (also
    # replayed by scripts/fuzz.sh, which starts from this corpus): the same deck, or the same
    # refused line.
    text = path.read_bytes().decode("utf-8", errors="replace")

    def outcome(t: str) -> object:
        try:
            return _cards(m.Deck.parse(t, cards=False))
        except m.DeckError as e:
            return re.search(r"line (\d+)", str(e)).group(1)  # type: ignore[union-attr]

    assert outcome(text) == outcome(_crlf(text))
