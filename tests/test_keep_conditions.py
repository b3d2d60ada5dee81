"""Keep rules with card conditions (issue 20): colour sources (a fetch land as the colours it
can fetch), named cards and tags, in Python, the command line and `POST /simulate`; a rule
naming its sets by colour and name keeps exactly the hands the same sets as tags keep."""

from __future__ import annotations

import json
import warnings
from typing import Any

import pytest
from fastapi.testclient import TestClient

import mulligan as m
from mulligan.serve import create_app

from .cli_util import one_line_error, run

SEED = "c4" * 32
# Lands tagged as the colours they add (Scalding Tarn fetches Island or Mountain here), the
# burn spells tagged as what they are: the tag rule names the same sets as the named rule.
DECK = """8 Island [u]
6 Mountain [r]
4 Steam Vents [u, r]
4 Scalding Tarn [u, r]
4 Lightning Bolt [burn]
4 Chain Lightning [burn]
4 Delver of Secrets [creature]
4 Snapcaster Mage [creature]
4 Ponder
4 Brainstorm
4 Counterspell
4 Spell Pierce
4 Fire // Ice
2 Force of Will
"""


def named() -> m.KeepRule:
    return m.KeepRule(
        {7: (2, 5), 6: (2, 4)},
        keep_at=4,
        requires={"creature": 1},
        min_sources={"u": 1, "R": 2},
        requires_cards=[(["lightning bolt", "Chain Lightning"], 1)],
    )


def tagged() -> m.KeepRule:
    rule = {"creature": 1, "u": 1, "r": 2, "burn": 1}
    return m.KeepRule({7: (2, 5), 6: (2, 4)}, keep_at=4, requires=rule)


def test_colours_and_names_count_the_same_cards_as_tags():
    deck = m.Deck.parse(DECK)
    for mulligan in [m.MulliganRule.LONDON, m.MulliganRule.VANCOUVER, m.MulliganRule.PARIS]:
        kw = {"games": 50_000, "seed": SEED, "threads": 1, "mulligan": mulligan}
        a = m.simulate(deck, keep=named(), **kw)
        b = m.simulate(deck, keep=tagged(), **kw)
        assert a.kept_by_size == b.kept_by_size
        assert a.mulligans == b.mulligans
        # The conditions bite: fewer 7-card keeps than the land rule alone.
        plain = m.simulate(deck, keep=m.KeepRule({7: (2, 5), 6: (2, 4)}, keep_at=4), **kw)
        assert a.kept_by_size[7] < plain.kept_by_size[7] - 5_000


def test_the_rule_reads_back_and_repr_rebuilds_it():
    rule = named()
    assert rule.min_sources == [("u", 1), ("R", 2)]
    assert rule.requires_cards == [(["lightning bolt", "Chain Lightning"], 1)]
    again = eval(repr(rule), {"KeepRule": m.KeepRule})
    assert repr(again) == repr(rule)


@pytest.mark.parametrize(
    "kwargs, words",
    [
        ({"min_sources": {"X": 1}}, 'min_sources: unknown colour "X"'),
        ({"min_sources": {"UR": 1}}, 'unknown colour "UR"'),
        ({"requires_cards": [(["  "], 1)]}, "requires_cards[0]: names no card"),
    ],
)
def test_bad_conditions_are_typed_errors_naming_them(kwargs, words):
    with pytest.raises(m.MulliganError, match=words.replace("[", r"\[").replace("]", r"\]")):
        m.KeepRule(**kwargs)
    with pytest.raises(ValueError):
        m.KeepRule(**kwargs)
    with pytest.raises(TypeError):
        m.KeepRule(requires_cards="Lightning Bolt")


def test_a_colour_no_land_adds_and_a_card_not_there_are_warnings():
    deck = m.Deck.parse(DECK)
    rule = m.KeepRule(min_sources={"G": 1}, requires_cards=[("Tarmogoyf", 1)])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        r = m.simulate(deck, games=1000, keep=rule, seed=SEED)
    said = [str(w.message) for w in caught if w.category is m.MulliganWarning]
    assert said == rule.warnings(deck)
    assert said[0].startswith("no land of the deck adds G mana (min_sources G)")
    assert said[1].startswith('no card of the deck is any of ["Tarmogoyf"] (requires_cards)')
    # No keep_at: every hand that can mulligan does, down to the empty hand.
    assert set(r.kept_by_size) == {0}


def test_the_command_line_spells_the_same_rule(tmp_path, capsys):
    path = tmp_path / "deck.txt"
    path.write_text(DECK)
    common = [str(path), "--games", "20000", "--seed", SEED, "--keep", "7:2-5,6:2-4"]
    common += ["--keep-at", "4", "--json", "--requires", "creature"]
    by_name = ["--min-sources", "u=1,R=2", "--require-cards", "Lightning Bolt,Chain Lightning=1"]
    code, out, _ = run(capsys, "simulate", *common, *by_name)
    assert code == 0
    by_tag = ["--requires", "u=1", "--requires", "r=2", "--requires", "burn"]
    code, out2, _ = run(capsys, "simulate", *common, *by_tag)
    assert code == 0
    a, b = json.loads(out), json.loads(out2)
    assert a["decks"][0]["kept_by_size"] == b["decks"][0]["kept_by_size"]
    assert a["keep"]["min_sources"] == {"U": 1, "R": 2}
    assert a["keep"]["requires_cards"] == [
        {"cards": ["Lightning Bolt", "Chain Lightning"], "min": 1}
    ]
    assert b["keep"]["requires"] == {"creature": 1, "u": 1, "r": 2, "burn": 1}
    code, _, err = run(capsys, "simulate", str(path), "--games", "10", "--min-sources", "Q=1")
    assert code != 0
    line = one_line_error(err)
    assert "--min-sources" in line and "'Q=1'" in line
    code, _, err = run(capsys, "simulate", str(path), "--games", "10", "--requires", "x=a")
    assert code != 0 and "whole number" in one_line_error(err)


def test_post_simulate_takes_the_conditions(tmp_path):
    with TestClient(create_app(tmp_path / "db.sqlite3")) as client:
        body: dict[str, Any] = {
            "deck": DECK,
            "games": 20_000,
            "seed": SEED,
            "keep": {
                "ranges": {"7": [2, 5], "6": [2, 4]},
                "keep_at": 4,
                "requires": {"creature": 1},
                "min_sources": {"U": 1, "R": 2},
                "requires_cards": [{"cards": ["Lightning Bolt", "Chain Lightning"], "min": 1}],
            },
        }
        a = client.post("/simulate", json=body)
        assert a.status_code == 200, a.text
        tags = {"creature": 1, "u": 1, "r": 2, "burn": 1}
        keep = {"ranges": body["keep"]["ranges"], "keep_at": 4, "requires": tags}
        b = client.post("/simulate", json={**body, "keep": keep})
        assert a.json()["kept_by_size"] == b.json()["kept_by_size"]
        bad = {**body, "keep": {"min_sources": {"Q": 1}}}
        r = client.post("/simulate", json=bad)
        assert r.status_code == 422
        assert "min_sources" in r.text
        r = client.post("/simulate", json={**body, "keep": {"min_sources": {"G": 1}}})
        messages = [w["message"] for w in r.json()["warnings"]]
        assert any("adds G mana" in w for w in messages), messages
