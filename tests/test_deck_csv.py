"""CSV exports (docs/API.md "Deck files"): read only when the first line is a header naming a
quantity and a name column; a CSV row without that header is refused, naming its line, instead
of becoming odd one-copy cards. The real exports are checked in test_deck_real_files.py."""

from __future__ import annotations

import pytest

import mulligan as m


def parse(text: str) -> m.Deck:
    return m.Deck.parse(text, cards=False)


def names(cards) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in cards:
        out[c.name] = out.get(c.name, 0) + 1
    return out


def test_a_header_makes_forest_20_twenty_forests():
    deck = parse("Name,Count\nForest,20\nIsland,20\n")
    assert deck.source == "csv"
    assert names(deck.cards) == {"Forest": 20, "Island": 20}


@pytest.mark.parametrize("row", ["Forest,20", "20,Forest", '"Sorin, Lord of Innistrad",1'])
def test_without_a_header_a_csv_row_is_an_error_naming_its_line(row):
    with pytest.raises(m.DeckError, match=r"line 2: .*looks like a CSV row"):
        parse(f"4 Island\n{row}\nMountain,20\n")


def test_names_with_commas_and_split_cards_stay_one_card_line():
    # A plain list is read as before: a comma inside a name is part of it.
    deck = parse("1 Sorin, Lord of Innistrad\n1 Borrowing 100,000 Arrows\n")
    assert deck.source == "text"
    assert names(deck.cards) == {"Sorin, Lord of Innistrad": 1, "Borrowing 100,000 Arrows": 1}


def test_quoting_printings_boards_and_the_commander_column():
    text = (
        "Board,Qty,Name,Tradelist Count,Commander\n"
        'main,1,"Edgar Markov",7,True\n'
        'main,1,"Sorin, Lord of Innistrad",7,\n'
        "main,3,Swamp,7,\n"
        "main,2,Swamp,7,\n"
        'side,1,"The ""Ultimate"" Nightmare of Wizards of the Coast® Customer Service",7,\n'
        "side,1,Fire/Ice,7,\n"
        "maybe,4,Lightning Bolt,7,\n"
        "acquire,1,Sol Ring,7,\n"
    )
    deck = parse(text)
    assert [c.name for c in deck.commanders] == ["Edgar Markov"]
    assert names(deck.cards) == {"Sorin, Lord of Innistrad": 1, "Swamp": 5}
    assert names(deck.sideboard) == {
        'The "Ultimate" Nightmare of Wizards of the Coast® Customer Service': 1,
        "Fire // Ice": 1,
    }


def test_excel_sep_hint_names_the_delimiter():
    deck = parse('"sep=;"\nQuantity;Card Name\n2;Sorin, Lord of Innistrad\n')
    assert names(deck.cards) == {"Sorin, Lord of Innistrad": 2}


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ('Count,Name\n1,Forest\n2,"Island\n', r"line 3: CSV: a quoted field is never closed"),
        ("Count,Name\n1,Forest\nfour,Island\n", r'line 3: CSV: the quantity "four" is not'),
        ("Board,Count,Name\nattic,1,Forest\n", r"line 2: CSV: the board"),
    ],
)
def test_malformed_csv_is_a_deck_error_naming_the_line(text, match):
    with pytest.raises(m.DeckError, match=match):
        parse(text)
