"""The service as it grows: a deck text is parsed once however many games list it, and the
rate limit of game creation is one budget per client for every process of one database."""

from __future__ import annotations

import warnings
from typing import Any

import pytest
from fastapi.testclient import TestClient

import mulligan as m
from mulligan.serve import create_app, engine
from mulligan.serve.engine import DeckCache

from .serve_util import DECK_A, DECK_B, two_players


class CountingDeck:
    """`Deck` with its parses counted by text."""

    parsed: dict[str, int] = {}

    @classmethod
    def parse(cls, text: str) -> m.Deck:
        cls.parsed[text] = cls.parsed.get(text, 0) + 1
        return m.Deck.parse(text)


def test_a_deck_text_is_parsed_once_and_its_warnings_repeat(monkeypatch: Any) -> None:
    monkeypatch.setattr(engine, "Deck", CountingDeck)
    CountingDeck.parsed = {}
    cache = DeckCache(size=2)
    with warnings.catch_warnings(record=True) as first:
        warnings.simplefilter("always")
        a = cache.parse(DECK_A)
    with warnings.catch_warnings(record=True) as again:
        warnings.simplefilter("always")
        assert cache.parse(DECK_A) is a
    assert CountingDeck.parsed == {DECK_A: 1}
    # A hit warns as the parse did: callers cannot tell a cached deck from a parsed one.
    assert [str(w.message) for w in again] == [str(w.message) for w in first] != []
    assert cache.parse(DECK_B) is not a
    cache.parse("24 Swamp\n36 Hill Giant\n")  # the third text evicts the oldest (DECK_A)
    cache.parse(DECK_A)
    assert CountingDeck.parsed[DECK_A] == 2
    # A deck the parser refuses is refused every time, and never kept.
    for _ in range(2):
        with pytest.raises(m.DeckError):
            cache.parse("Deck\n-3 Forest\n")
    assert CountingDeck.parsed["Deck\n-3 Forest\n"] == 2


def test_games_listing_the_same_decks_parse_each_text_once(tmp_path: Any, monkeypatch: Any) -> None:
    monkeypatch.setattr(engine, "Deck", CountingDeck)
    monkeypatch.setattr(engine, "DECKS", DeckCache())
    CountingDeck.parsed = {}
    with TestClient(create_app(tmp_path / "db.sqlite3")) as c:
        for _ in range(5):
            r = c.post("/games", json=two_players())
            assert r.status_code == 201, r.text
            seat = r.json()["seats"][0]
            view = c.get(
                f"/games/{r.json()['game_id']}/seats/0",
                headers={"Authorization": f"Bearer {seat['token']}"},
            )
            assert view.status_code == 200
    assert CountingDeck.parsed == {DECK_A: 1, DECK_B: 1}
