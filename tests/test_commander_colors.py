"""903.5c/903.5d from Python: a Commander list's cards within its commander's colour identity,
with the card table (the Scryfall fixture); a warning naming the cards, `DeckError` when
strict, one note when the check cannot be made."""

from __future__ import annotations

from pathlib import Path

import pytest

import mulligan as m
from mulligan.cli import main

BULK = Path(__file__).parent / "data" / "scryfall_oracle_cards_sample.json"
ATRAXA = "Commander\n1 Atraxa, Praetors' Voice\nDeck\n"


@pytest.fixture(scope="module")
def table() -> m.CardTable:
    return m.carddata.load(BULK)


def colour_warnings(deck: m.Deck) -> list[str]:
    return [w for w in deck.warnings if w.startswith("903.5c")]


def test_the_table_holds_scryfalls_colour_identities(table):
    assert table.lookup("Atraxa, Praetors' Voice")["color_identity"] == "WUBG"
    assert table.lookup("Sacred Foundry")["color_identity"] == "WR"
    assert table.lookup("Fire")["color_identity"] == "UR"
    assert table.lookup("Arid Mesa")["color_identity"] == ""
    saved = m.CardTable.from_text(table.to_text()).lookup("Hengegate Pathway")
    assert saved is not None and saved["color_identity"] == "WU"


def test_cards_outside_the_commanders_identity_are_named(table):
    text = ATRAXA + (
        "1 Lightning Bolt\n1 Breeding Pool\n1 Sacred Foundry\n1 Sol Ring\n1 Arid Mesa\n"
        "1 Fire // Ice\n1 Mountain\n92 Plains\n"
    )
    deck = m.Deck.parse(text, cards=table)
    assert colour_warnings(deck) == [
        "903.5c: a Commander deck holds only cards whose colour identity is within its "
        "commander's (Atraxa, Praetors' Voice: WUBG); these are not: Lightning Bolt (R), "
        "Sacred Foundry (WR), Fire // Ice (UR), Mountain (R)"
    ]
    with pytest.warns(m.DeckWarning, match="these are not: Lightning Bolt"):
        m.Deck.parse(text, cards=table)
    with pytest.raises(m.DeckError, match=r"^903\.5c: .*Lightning Bolt \(R\)"):
        m.Deck.parse(text, cards=table, strict=True)


def test_a_legal_list_passes_strict(table):
    text = ATRAXA + "1 Breeding Pool\n1 Sol Ring\n1 Arid Mesa\n1 Godless Shrine\n95 Forest\n"
    deck = m.Deck.parse(text, cards=table, strict=True)
    assert deck.warnings == ()


def test_without_a_table_the_check_is_skipped_once(table):
    text = ATRAXA + "1 Lightning Bolt\n1 Lightning Helix\n97 Plains\n"
    deck = m.Deck.parse(text, cards=False, strict=True)
    assert colour_warnings(deck) == [
        "903.5c: colour identities were not checked: no card table (run `mulligan cards download`)"
    ]
    unknown_commander = text.replace("Atraxa, Praetors' Voice", "Atraxa the Unknown")
    deck = m.Deck.parse(unknown_commander, cards=table, strict=True)
    assert [w[:70] for w in colour_warnings(deck)] == [
        "903.5c: colour identities were not checked: the commander Atraxa the U"
    ]


def test_the_command_line_refuses_it_with_strict(capsys, tmp_path, monkeypatch):
    cards = tmp_path / "cards.tsv"
    m.carddata.import_bulk(BULK, cards)
    monkeypatch.setenv("MULLIGAN_CARD_DATA", str(cards))
    monkeypatch.setenv("COLUMNS", "1000")  # each warning on one line, read whole
    deck = tmp_path / "atraxa.txt"
    deck.write_text(ATRAXA + "1 Lightning Bolt\n98 Plains\n", encoding="utf-8")
    assert main(["simulate", str(deck), "-n", "100", "--seed", "00" * 32, "--json"]) == 0
    _, err = capsys.readouterr()
    assert "903.5c" in err and "Lightning Bolt (R)" in err
    assert main(["simulate", str(deck), "-n", "100", "--strict"]) == 1
    _, err = capsys.readouterr()
    assert err.count("\n") == 1 and "903.5c" in err and "Lightning Bolt (R)" in err
