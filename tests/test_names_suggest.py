"""Did you mean (docs/API.md "Did you mean"): a name nothing knows gets the nearest names the
card table (and, for `--card` and `--optimize on-curve:`, the deck) know, in deck warnings
(the CLI, `DeckWarning`, `Deck.suggestions`, HTTP ``warnings``), `cards show` and analysis
errors; nothing is suggested when nothing is close."""

from __future__ import annotations

import warnings

import pytest

import mulligan as m

from .cli_util import one_line_error, run

MOUNTIAN = "20 Mountian\n4 Lightning Bolt\n36 Grizzly Bears\n"


@pytest.fixture
def embedded(monkeypatch, tmp_path):
    """The table built into mulligan, whatever the machine has cached."""
    monkeypatch.delenv(m.carddata.ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))


def test_a_mistyped_basic_land_says_did_you_mean_mountain(embedded):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        deck = m.Deck.parse(MOUNTIAN)
    assert deck.unknown == ("Mountian",)
    assert deck.suggestions == {"Mountian": ("Mountain",)}
    assert 'Mountian (did you mean "Mountain"?)' in deck.warnings[0]
    texts = [str(w.message) for w in caught if issubclass(w.category, m.DeckWarning)]
    assert any('did you mean "Mountain"?' in t for t in texts), texts


def test_case_accents_and_punctuation_fold_and_far_names_get_nothing(embedded):
    deck = m.Deck.parse("4 lim-dul's vault\n4 Æther Vial\n4 Qwxzvbnm Plorf\n48 Island\n")
    assert deck.suggestions == {
        "lim-dul's vault": ("Lim-Dûl's Vault",),
        "Æther Vial": ("Aether Vial",),
        "Qwxzvbnm Plorf": (),
    }
    assert "Qwxzvbnm Plorf (did you mean" not in deck.warnings[0]
    assert '"Lim-Dûl\'s Vault"' in deck.warnings[0]


def test_card_table_suggest_both_sides_of_the_threshold():
    t = m.CardTable.embedded()
    assert t.suggest("Lightnig Bolt") == ["Lightning Bolt"]
    assert t.suggest("Bonecrusher Gaint") == ["Bonecrusher Giant"]
    # "Mountain" folded has 8 letters: two edits are near, three are not.
    assert "Mountain" in t.suggest("Muontian")
    assert "Mountain" not in t.suggest("Muontxan")
    assert t.suggest("Qwxzvbnm Plorf") == []
    assert t.suggest("Mo") == []  # too short to suggest anything
    assert len(t.suggest("Xountain", limit=1)) == 1


def test_cli_deck_warning_and_cards_show(embedded, tmp_path, capsys):
    code, _, err = run(capsys, "cards", "show", "Lightnig", "Bolt")
    assert code == 1
    assert one_line_error(err) == (
        "mulligan: error: 'Lightnig Bolt' is not in the card table; "
        'did you mean "Lightning Bolt"?'
    )
    code, _, err = run(capsys, "cards", "show", "Qwxzvbnm")
    assert one_line_error(err) == "mulligan: error: 'Qwxzvbnm' is not in the card table"
    path = tmp_path / "typo.txt"
    path.write_text(MOUNTIAN)
    code, _, err = run(capsys, "analyze", str(path), "--card", "Lightnig Bolt", "--games", "100")
    assert code == 1
    flat = " ".join(err.split())  # warnings are wrapped to the terminal's width
    assert 'Mountian (did you mean "Mountain"?)' in flat
    assert (
        'mulligan: error: "Lightnig Bolt" is not in the deck\'s main deck; '
        'did you mean "Lightning Bolt"?'
    ) in flat


def test_optimize_on_curve_suggests_the_decks_own_names(embedded, tmp_path, capsys):
    path = tmp_path / "typo.txt"
    path.write_text(MOUNTIAN)
    code, _, err = run(
        capsys, "analyze", str(path), "--optimize", "on-curve:Grizly Bears", "--games", "100"
    )
    assert code == 1
    flat = " ".join(err.split())
    assert '"Grizly Bears" is not in the deck\'s main deck; did you mean "Grizzly Bears"?' in flat


def test_a_known_card_missing_from_the_deck_is_not_suggested_as_itself(embedded, tmp_path, capsys):
    """A card the table knows but the deck lacks used to get `did you mean` its own name."""
    path = tmp_path / "typo.txt"
    path.write_text(MOUNTIAN)
    for args in (("--card", "Shock"), ("--optimize", "on-curve:Shock")):
        code, _, err = run(capsys, "analyze", str(path), *args, "--games", "100")
        assert code == 1
        flat = " ".join(err.split())
        assert (
            '"Shock" is not in the deck\'s main deck; the card table knows it: add it to the deck'
        ) in flat, flat
        assert 'did you mean "Shock"' not in flat


@pytest.mark.filterwarnings("ignore::mulligan.MulliganWarning")
@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_http_deck_warnings_carry_the_suggestions(embedded, tmp_path):
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from mulligan.serve import create_app

    with TestClient(create_app(tmp_path / "db.sqlite3")) as client:
        r = client.post("/simulate", json={"deck": MOUNTIAN, "games": 10, "seed": "0" * 64})
        assert r.status_code == 200, r.text
        deck = [w for w in r.json()["warnings"] if w["code"] == "deck"]
    assert 'did you mean "Mountain"?' in deck[0]["message"]
    assert deck[0]["suggestions"] == {"Mountian": ["Mountain"]}
    assert all("suggestions" not in w for w in deck[1:])
    ann = {"name": "Ann", "deck": MOUNTIAN}
    ben = {"name": "Ben", "deck": "24 Island\n36 Grizzly Bears\n"}
    with TestClient(create_app(tmp_path / "db2.sqlite3")) as client:
        game = client.post("/games", json={"players": [ann, ben]})
        assert game.status_code == 201, game.text
        rounds = client.post("/rounds", json={"tables": [[ann, ben]]})
        assert rounds.status_code == 201, rounds.text
    for reply, where in (
        (game.json(), "players[0] ('Ann'): "),
        (rounds.json(), "tables[0][0] ('Ann'): "),
    ):
        named = [w for w in reply["warnings"] if "suggestions" in w]
        assert len(named) == 1, reply["warnings"]
        assert named[0]["suggestions"] == {"Mountian": ["Mountain"]}
        assert named[0]["message"].startswith(where), named[0]["message"]
