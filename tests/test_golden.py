"""Golden vectors of the seed-to-output derivation, FORMAT_VERSION 2 (docs/DETERMINISM.md).

The vectors live in one place, tests/golden/vectors.json, read here, by
rust/core/tests/golden.rs and by tests/test_capi.py. If one changes, the format changed: bump
FORMAT_VERSION and document it. Never change these silently.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

import mulligan as m

VECTORS: dict[str, Any] = json.loads(
    (Path(__file__).parent / "golden" / "vectors.json").read_text(encoding="utf-8")
)
SEED = m.Seed.from_hex(VECTORS["seed"])
SHUFFLE_60_FIRST: list[int] = VECTORS["shuffle_60"][0]
SHUFFLE_60_SECOND: list[int] = VECTORS["shuffle_60"][1]
GAME_LOG_SHA256: str = VECTORS["game_log_sha256"]
SET_UP_DECK: str = VECTORS["set_up_deck"]
SET_UP_LOG_SHA256: str = VECTORS["set_up_log_sha256"]


def numbered(n: int) -> list[m.Card]:
    return [m.Card(str(i)) for i in range(n)]


def order(lib: m.Library) -> list[int]:
    return [int(c.name) for c in lib.cards]


def deck() -> m.Deck:
    lands = [m.Card(f"L{i}", land=True) for i in range(24)]
    return m.Deck(lands + [m.Card(f"S{i}") for i in range(36)])


def card_names(ids: list[int]) -> list[str]:
    """The golden deck's card names: L0..L23 (lands), then S0..S35."""
    return [f"L{i}" if i < 24 else f"S{i - 24}" for i in ids]


def test_format_version() -> None:
    assert m.FORMAT_VERSION == 2 == VECTORS["format_version"]


def test_commitments() -> None:
    assert len(VECTORS["commitments"]) == 2 and SEED.hex() in VECTORS["commitments"]
    for hex_digits, commitment in VECTORS["commitments"].items():
        assert m.Seed.from_hex(hex_digits).commitment() == commitment


def test_library_shuffles() -> None:
    lib = m.Library(numbered(60), seed=SEED)
    events = lib.shuffle()
    assert order(lib) == SHUFFLE_60_FIRST
    assert events == [{"type": "shuffle", "size": 60, "stream": 0, "shuffle": 0, "rule": "701.24a"}]
    lib.shuffle()
    assert order(lib) == SHUFFLE_60_SECOND

    lib = m.Library(numbered(10), seed=SEED, stream=7)
    assert len(VECTORS["shuffle_10_stream_7"]) == 3
    for e in VECTORS["shuffle_10_stream_7"]:
        lib.shuffle()
        assert order(lib) == e


def test_shuffle_depends_on_the_set_not_the_prior_order() -> None:
    """A card's identity is its order of first appearance in the library; reordering the
    library before a shuffle changes nothing of its result."""
    lib = m.Library(numbered(60), seed=SEED)
    lib.put_on_top(list(reversed(lib.draw(60))))
    assert order(lib) == list(range(59, -1, -1))
    lib.shuffle()
    assert order(lib) == SHUFFLE_60_FIRST


def test_library_event_records() -> None:
    """The hand-built dicts of the bindings' fast path equal the core's pinned JSON."""
    lib = m.Library(numbered(3), seed=SEED)
    lib.shuffle()
    card = lib.cards[1]
    _, events = lib.search_and_shuffle(lambda c: c is card, to="bottom")
    assert events == [
        {"type": "search", "found": 1, "rule": "701.23"},
        {"type": "shuffle", "size": 2, "stream": 0, "shuffle": 1, "rule": "701.24b"},
        {"type": "put_on_bottom", "count": 1, "rule": "401.4"},
    ]
    assert lib.put_on_top([m.Card("x")]) == [{"type": "put_on_top", "count": 1, "rule": "401.4"}]


def test_game_hands_are_library_stream_prefixes() -> None:
    d = deck()
    g = m.Game([m.Player("A", d), m.Player("B", d)], seed=SEED, starting_player=0)
    hands = VECTORS["hands_two_player_seat_0_starts"]
    assert [c.name for c in g.hand(0)] == card_names(hands[0])
    assert [c.name for c in g.hand(1)] == card_names(hands[1])
    assert card_names(hands[0]) == ["S1", "L12", "L4", "L8", "S14", "L19", "S8"]


def test_starting_player_choosers() -> None:
    d = deck()
    g = m.Game([m.Player("A", d), m.Player("B", d)], seed=SEED)
    assert g.pending()[0].seat == VECTORS["chooser_two_player"]
    choosers = [
        m.Game(
            [m.Player(p, d) for p in "ABC"], variant=m.Variant.FREE_FOR_ALL, seed=SEED, game_index=k
        )
        .pending()[0]
        .seat
        for k in range(12)
    ]
    assert choosers == VECTORS["choosers_free_for_all_3p_games_0_to_11"]


def test_whole_event_log() -> None:
    """A London game with a mulligan: the complete event log, as JSON, is pinned by digest."""
    d = deck()
    g = m.Game([m.Player("A", d), m.Player("B", d)], seed=SEED, starting_player=0)
    g.mulligan(0)
    g.keep(1)
    g.bottom(0, g.hand(0)[:1])
    g.keep(0)
    assert g.done
    log = json.dumps(g.events, sort_keys=True, separators=(",", ":"))
    assert hashlib.sha256(log.encode()).hexdigest() == GAME_LOG_SHA256


@pytest.mark.parametrize("model", ["arena2", "weighted3", "smoothed_london"])
def test_smoothed_game(model: str) -> None:
    """Hand smoothing (not the rules, docs/VARIANTS.md): the game of GAME_LOG_SHA256 under each
    model, pinned by its hands and log digest, the same in rust/core/tests/golden.rs."""
    want = VECTORS["smoothing"][model]
    d = deck()
    g = m.Game([m.Player("A", d), m.Player("B", d)], seed=SEED, starting_player=0, smoothing=model)
    g.mulligan(0)
    g.keep(1)
    g.bottom(0, g.hand(0)[:1])
    g.keep(0)
    assert g.done
    for s in (0, 1):
        assert [c.name for c in g.hand(s)] == card_names(want["hands"][s])
    log = json.dumps(g.events, sort_keys=True, separators=(",", ":"))
    assert hashlib.sha256(log.encode()).hexdigest() == want["log_sha256"]


def test_whole_event_log_with_set_up() -> None:
    """103.2 after 103.1, each step for every player in turn order before the next (a change of
    the order of events, not of any shuffle: docs/EVENT_LOG.md). Pinned by digest, the same in
    rust/core/tests/golden.rs and tests/test_capi.py."""
    d = m.Deck.parse(SET_UP_DECK)
    players = [m.Player(name, d) for name in "ABC"]
    g = m.Game(players, variant=m.Variant.COMMANDER, seed=SEED, starting_player=1)
    for seat in (1, 2, 0):
        g.keep(seat)
    assert g.done
    assert [(e["type"], e.get("seat")) for e in g.events[1:10]] == [
        (kind, seat) for kind in ("set_aside", "companion", "commander") for seat in (1, 2, 0)
    ]
    log = json.dumps(g.events, sort_keys=True, separators=(",", ":"))
    assert hashlib.sha256(log.encode()).hexdigest() == SET_UP_LOG_SHA256


WHOLE_GAME: dict[str, Any] = VECTORS["whole_game"]


def test_whole_game_shuffles() -> None:
    """The whole game (docs/DETERMINISM.md §5): after 103.8 each action's shuffles continue the
    library's own stream; the same library orders after each action, hands and event log as in
    rust/core/tests/golden.rs and tests/test_capi.py (701.24a, b, c, d, f, g and a search of
    another seat's library through the host)."""
    d = deck()
    g = m.Game([m.Player("A", d), m.Player("B", d)], seed=SEED, starting_player=0, whole_game=True)
    g.keep(0)
    g.keep(1)
    assert g.done and not g.ended

    def ids(seat: int, zone: str) -> list[int]:
        cards = g.cards(seat)
        return [next(i for i, x in enumerate(cards) if x is c) for c in g.zones(seat)[zone]]

    answers, libraries = WHOLE_GAME["answers"], WHOLE_GAME["libraries"]
    assert len(answers) == len(libraries) == 12
    for k, (a, want) in enumerate(zip(answers, libraries, strict=True)):
        g.act(a["seat"], a["action"], host=a["host"], looker=a.get("looker"))
        assert [ids(0, "library"), ids(1, "library")] == want, f"after answer {k}"
    assert [ids(0, "hand"), ids(1, "hand")] == WHOLE_GAME["hands"]
    g.end()
    assert [a["type"] for a in g.answers] == ["keep", "keep"] + ["act"] * 12 + ["end"]
    log = json.dumps(g.events, sort_keys=True, separators=(",", ":"))
    assert hashlib.sha256(log.encode()).hexdigest() == WHOLE_GAME["log_sha256"]
    shuffles = [(e["seat"], e["shuffle"], e["times"]) for e in g.events if "times" in e]
    # Seat 0's shuffles 1-5 and seat 1's 1-4 (0 was 103.3's); the double shuffle counts twice.
    assert shuffles == [
        (0, 1, 1),
        (0, 2, 1),
        (0, 3, 1),
        (1, 1, 1),
        (1, 2, 1),
        (1, 3, 2),
        (0, 4, 1),
        (0, 5, 1),
        (1, 4, 1),
    ]
