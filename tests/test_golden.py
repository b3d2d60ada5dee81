"""Golden vectors of the seed-to-output derivation, FORMAT_VERSION 2 (docs/DETERMINISM.md).

The same vectors are pinned in rust/core/tests/golden.rs. If one changes, the format changed:
bump FORMAT_VERSION and document it. Never change these silently.
"""

from __future__ import annotations

import hashlib
import json

import mulligan as m

SEED = m.Seed.from_hex(bytes(range(32)).hex())

SHUFFLE_60_FIRST = [
    25, 12, 4, 8, 38, 19, 32, 42, 47, 13, 37, 0, 33, 17, 40, 2, 54, 24, 56, 46, 57, 1, 22, 20, 35,
    49, 44, 7, 58, 6, 59, 30, 9, 21, 26, 27, 15, 36, 16, 34, 23, 45, 18, 11, 53, 3, 51, 39, 48, 10,
    55, 28, 31, 5, 14, 52, 50, 41, 43, 29,
]  # fmt: skip
SHUFFLE_60_SECOND = [
    20, 26, 41, 0, 28, 9, 15, 35, 18, 46, 1, 50, 31, 13, 29, 53, 19, 7, 56, 47, 59, 44, 2, 4, 12,
    5, 38, 3, 24, 58, 11, 21, 32, 16, 42, 17, 40, 52, 14, 10, 33, 6, 34, 48, 39, 37, 23, 57, 43,
    49, 27, 25, 45, 36, 55, 51, 54, 8, 30, 22,
]  # fmt: skip


def numbered(n: int) -> list[m.Card]:
    return [m.Card(str(i)) for i in range(n)]


def order(lib: m.Library) -> list[int]:
    return [int(c.name) for c in lib.cards]


def deck() -> m.Deck:
    lands = [m.Card(f"L{i}", land=True) for i in range(24)]
    return m.Deck(lands + [m.Card(f"S{i}") for i in range(36)])


def test_format_version() -> None:
    assert m.FORMAT_VERSION == 2


def test_commitments() -> None:
    zero = m.Seed.from_hex("00" * 32)
    assert zero.commitment() == "447d7d05ae3225f8beb1efa51aa38712de1898dac1a6b9e9936002a942e748df"
    assert SEED.commitment() == "346ff16f08299135ee8f3af8db5337a576953ccdd44a07ad0edc089e399407b8"


def test_library_shuffles() -> None:
    lib = m.Library(numbered(60), seed=SEED)
    events = lib.shuffle()
    assert order(lib) == SHUFFLE_60_FIRST
    assert events == [{"type": "shuffle", "size": 60, "stream": 0, "shuffle": 0, "rule": "701.24a"}]
    lib.shuffle()
    assert order(lib) == SHUFFLE_60_SECOND

    lib = m.Library(numbered(10), seed=SEED, stream=7)
    expect = [
        [3, 5, 9, 1, 6, 2, 4, 8, 7, 0],
        [5, 0, 3, 9, 6, 8, 7, 1, 4, 2],
        [9, 4, 1, 2, 7, 8, 5, 6, 3, 0],
    ]
    for e in expect:
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
    assert [c.name for c in g.hand(0)] == ["S1", "L12", "L4", "L8", "S14", "L19", "S8"]
    assert [c.name for c in g.hand(1)] == ["L3", "S27", "S8", "L22", "S20", "S11", "S13"]


def test_starting_player_choosers() -> None:
    d = deck()
    g = m.Game([m.Player("A", d), m.Player("B", d)], seed=SEED)
    assert g.pending()[0].seat == 0
    choosers = [
        m.Game(
            [m.Player(p, d) for p in "ABC"], variant=m.Variant.FREE_FOR_ALL, seed=SEED, game_index=k
        )
        .pending()[0]
        .seat
        for k in range(12)
    ]
    assert choosers == [0, 2, 1, 2, 2, 2, 1, 1, 2, 1, 0, 2]


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


GAME_LOG_SHA256 = "0a68bd3e28020ca8fc7f101e3db7aa2408609e6d4a5d8946168c8e302f066d09"


SET_UP_DECK = "Deck\n59 Forest\nSideboard\n2 Naturalize\nCommander\nOmnath\nCompanion\nLurrus"


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


SET_UP_LOG_SHA256 = "5060ff83beb2ed29110d918788c6e8f1f83d161d9840f676e7ab6f6d273f3d6f"
