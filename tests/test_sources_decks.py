"""Sources tables for real decks (issue 39): a Commander deck read as `analyze` reads it,
Karsten's (89+M)% targets told apart from a given one, simulated counts at the threshold as a
range, Reflecting Pool counted from the deck's other lands, and bad input refused in one
line. Real decks are read in place from ../shared/decks/real (`MULLIGAN_SHARED` names another
place) and the tests that need them skip without it."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import mulligan as m
from tests.cli_util import one_line_error, run

SHARED = Path(os.environ.get("MULLIGAN_SHARED") or Path(__file__).resolve().parents[2] / "shared")
#: Kynaios and Tiro of Meletis (WURG) over 99 cards, three of its lands adding black.
KYNAIOS = SHARED / "decks" / "real" / "plain" / "kynaios-tiros-mill.dec"
SEED = "39" * 32


def real(path: Path) -> str:
    if not path.exists():
        pytest.skip(f"{path} is absent (the real decks beside the repository)")
    return str(path)


def cell(table, cost):
    return next(c for c in table["cells"] if c["cost"] == cost)


def test_a_commander_deck_is_read_as_analyze_reads_it(capsys, monkeypatch):
    deck = real(KYNAIOS)
    monkeypatch.setenv("COLUMNS", "80")
    code, out, _ = run(capsys, "sources", deck, "--exact", "--turns", "3", "--json")
    assert code == 0
    t = json.loads(out)
    assert (t["variant"], t["variant_source"], t["players"]) == ("COMMANDER", "deck", 4)
    assert t["draws_first_turn"] and t["commanders"] == ["Kynaios and Tiro of Meletis"]
    assert t["identity"] == "WURG"
    # Black is outside the identity: those lands count as colourless sources (903.4).
    assert "B" not in t["deck_sources"] and t["deck_sources"]["C"] >= 3
    a = m.analyze(m.Deck.load(deck), turns=3, exact=True, mulligan="NONE", table=None)
    ours = m.analyze(m.Deck.load(deck), turns=3, exact=True, mulligan="NONE")
    assert "B" not in ours["colours"] and a["variant"] == "COMMANDER"
    for colour, count in t["deck_sources"].items():
        dist = ours["by_turn"][0]["sources"][colour]
        assert len(dist) - 1 <= count  # no more of a colour seen than the deck holds
    # The text names the commander; a named variant overrides the deck's.
    code, out, _ = run(capsys, "sources", deck, "--exact", "--turns", "2")
    assert "commander Kynaios and Tiro of Meletis (colour identity WURG)" in " ".join(out.split())
    assert "COMMANDER (from the deck's commander section)" in " ".join(out.split())
    assert all(len(line) <= 80 for line in out.splitlines()), out
    code, out, _ = run(
        capsys, "sources", deck, "--exact", "--turns", "2", "--variant", "two-player", "--json"
    )
    t = json.loads(out)
    assert (t["variant"], t["variant_source"], t["draws_first_turn"]) == (
        "TWO_PLAYER",
        "request",
        False,
    )
    # Karsten: his 99-card column is his Commander model, said in a note.
    code, out, _ = run(capsys, "sources", deck, "--exact", "--karsten", "--json")
    t = json.loads(out)
    assert t["variant"] is None and any("Commander model" in n for n in t["notes"])


def test_karstens_targets_are_his_unless_one_is_given(capsys):
    code, out, _ = run(
        capsys, "sources", "--cards", "60", "--lands", "25", "--karsten", "--exact", "--json"
    )
    t = json.loads(out)
    assert (t["target"], t["target_source"]) == (None, "karsten")
    assert [cell(t, c)["target"] for c in ("C", "CC", "1CC", "4CCC")] == pytest.approx(
        [0.90, 0.91, 0.92, 0.96]
    )
    # His 60-card CC: 21 (a flat 90% gave 20).
    assert cell(t, "CC")["needed"] == 21
    code, out, _ = run(
        capsys,
        "sources",
        "--cards",
        "60",
        "--lands",
        "25",
        "--karsten",
        "--exact",
        "--target",
        "0.9",
        "--json",
    )
    given = json.loads(out)
    assert (given["target"], given["target_source"]) == (0.9, "given")
    assert cell(given, "CC")["needed"] == 20
    assert m.sources(cards=60, lands=25, exact=True)["target_source"] == "default"
    _, out, _ = run(capsys, "sources", "--cards", "60", "--lands", "25", "--karsten", "--exact")
    words = " ".join(out.split())
    assert "Karsten's (89+M)%" in words and "capped at 99%" in words
    _, out, _ = run(capsys, "sources", "--cards", "60", "--lands", "25", "--exact")
    assert "90% (the default)" in " ".join(out.split())


def test_simulated_counts_at_the_threshold_print_a_range(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    args = ["sources", "--cards", "60", "--lands", "25", "--turns", "2", "--games", "3000"]
    code, out, _ = run(capsys, *args, "--seed", SEED, "--json")
    t = json.loads(out)
    ranges = [c["needed_range"] for c in t["cells"]]
    assert all(lo <= c["needed"] <= hi for (lo, hi), c in zip(ranges, t["cells"], strict=True))
    wide = [c for c in t["cells"] if c["needed_range"][0] != c["needed_range"][1]]
    assert wide, "3,000 games a count leave some cell at the threshold"
    _, text, _ = run(capsys, *args, "--seed", SEED)
    for c in wide:
        lo, hi = c["needed_range"]
        assert f"{c['cost']}: {lo}-{hi}" in text
    exact = m.sources(cards=60, lands=25, turns=2, exact=True)
    assert all("needed_range" not in c for c in exact["cells"])


def test_reflecting_pool_counts_what_the_other_lands_add():
    deck = m.Deck.parse("12 Plains\n12 Island\n1 Reflecting Pool\n35 Grizzly Bears\n")
    t = m.sources(deck, exact=True, turns=2)
    assert t["deck_sources"] == {"W": 13, "U": 13}
    assert any(n.startswith("Reflecting Pool") and "106.7" in n for n in t["notes"])


def test_bad_decks_are_refused_in_one_line(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "1000")  # each warning on one line, read whole
    spells = tmp_path / "spells.txt"
    spells.write_text("4 Grizzly Bears\n4 Shock\n")
    code, _, err = run(capsys, "sources", str(spells), "--exact")
    # The deck reader's own warnings (100.2b: too few cards) come first, then the one error.
    errors = [line for line in err.splitlines() if not line.startswith("warning: ")]
    assert code == 1 and "no lands" in one_line_error("\n".join(errors))
    code, _, err = run(
        capsys, "sources", "--cards", "60", "--lands", "25", "--karsten", "--mulligan", "paris"
    )
    assert code != 0 and "karsten" in one_line_error(err).lower()
    # A Commander deck with a card outside the identity: the deck reader's 903.5c warning, as
    # under analyze, and that card's colour counts for nothing.
    rogue = tmp_path / "rogue.txt"
    rogue.write_text(
        "Commander\n1 Kynaios and Tiro of Meletis\n\nDeck\n1 Swamp\n1 Lightning Bolt\n"
        "30 Plains\n30 Island\n37 Wastes\n"
    )
    code, out, err = run(capsys, "sources", str(rogue), "--exact", "--turns", "2", "--json")
    assert code == 0 and "903.5c" in err
    _, _, analyze_err = run(capsys, "analyze", str(rogue), "--turns", "2", "--exact")
    assert [w for w in err.splitlines() if "903.5c" in w] == [
        w for w in analyze_err.splitlines() if "903.5c" in w
    ]
    assert "B" not in json.loads(out)["deck_sources"]


def test_post_sources_reads_a_commander_deck_as_python_does(tmp_path, monkeypatch):
    deck = Path(real(KYNAIOS)).read_text()
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from mulligan.serve.app import create_app

    with TestClient(create_app(tmp_path / "db.sqlite3")) as client:
        got = client.post("/sources", json={"deck": deck, "exact": True, "turns": 3})
        assert got.status_code == 200, got.text
        want = m.sources(m.Deck.parse(deck), exact=True, turns=3, threads=1)
        assert got.json() == json.loads(json.dumps(dict(want)))
        assert got.json()["variant_source"] == "deck" and "B" not in got.json()["deck_sources"]
        karsten = client.post("/sources", json={"cards": 60, "lands": 25, "karsten": True})
        assert karsten.json()["target_source"] == "karsten"
        none = client.post("/sources", json={"deck": "4 Grizzly Bears\n4 Shock\n", "exact": True})
        assert none.status_code == 422 and "no lands" in none.text
