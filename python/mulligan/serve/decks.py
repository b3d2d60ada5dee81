"""Reading the players' deck lists, for a game (`GameService.check_setup`) or without making
one (``POST /decks/check``, the landing page's confirm step): the service's limits on a deck
(`Limits`: its text, its cards in all sections), the empty deck the command line refuses too,
and, per player, what the deck reader read and noticed (`Deck.warnings`; unknown card names
with their nearest known names, `Deck.suggestions`)."""

from __future__ import annotations

import re
from typing import Any

from mulligan._core import Deck, MulliganError
from mulligan.serve.engine import DECKS
from mulligan.serve.limits import Limits

__all__ = ["EMPTY_DECK", "check_decks", "deck_problem", "rough_card_count", "text_problem"]

Json = dict[str, Any]

#: A deck with no card in its main deck and no commander: refused, as the command line does.
EMPTY_DECK = "the deck holds no cards (no line of it names a card)"

_COUNT = re.compile(r"^\s*(\d{1,9})\s*x?\s", re.MULTILINE)


def rough_card_count(text: str) -> int:
    """An upper bound of the cards a deck list asks for (the counts at line starts; lines
    without a count are not counted, so the parser's own limit still applies after)."""
    return sum(int(n) for n in _COUNT.findall(text))


def text_problem(text: str, limits: Limits) -> str | None:
    """What is wrong with a deck list's text before it is read (over the limits), if
    anything: refused before parsing, as a few kilobytes of "100000 Forest" lines would
    otherwise make a million cards first."""
    if len(text) > limits.deck_text:
        return f"over {limits.deck_text} bytes of text"
    if rough_card_count(text) > 2 * limits.deck_cards:
        return f"over the limit of {limits.deck_cards} cards in a deck"
    return None


def deck_problem(deck: Deck, limits: Limits) -> str | None:
    """What is wrong with a deck read: over the card limit in all its sections, or empty."""
    size = len(deck) + len(deck.sideboard) + len(deck.commanders) + len(deck.companions)
    if size > limits.deck_cards:
        return f"{size} cards, over the limit of {limits.deck_cards}"
    if len(deck) == 0 and not deck.commanders:
        return EMPTY_DECK
    return None


def check_deck(player: Json, limits: Limits) -> Json:
    """One player's deck as the reader sees it: the cards read by section, the warnings, the
    unknown names with their suggestions, and the ``error`` that would refuse the game (null
    when none)."""
    report: Json = {
        "name": player["name"],
        "cards": 0,
        "sideboard": 0,
        "commanders": 0,
        "companions": 0,
        "warnings": [],
        "unknown": {},
        "error": text_problem(player["deck"], limits),
    }
    if report["error"] is not None:
        return report
    try:
        deck = DECKS.parse(player["deck"])  # its warnings are in the report (notices.py)
    except MulliganError as e:
        report["error"] = str(e)
        return report
    report.update(
        cards=len(deck),
        sideboard=len(deck.sideboard),
        commanders=len(deck.commanders),
        companions=len(deck.companions),
        warnings=list(deck.warnings),
        unknown={name: list(near) for name, near in deck.suggestions.items()},
        error=deck_problem(deck, limits),
    )
    return report


def check_decks(players: list[Json], limits: Limits) -> Json:
    """Every player's deck report (`check_deck`), in the order given; nothing is stored."""
    return {"players": [check_deck(p, limits) for p in players]}
