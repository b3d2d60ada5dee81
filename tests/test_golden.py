"""Golden vectors of the seed-to-output derivation, FORMAT_VERSION 1 (docs/DETERMINISM.md).

The same vectors are pinned in rust/core/tests/golden.rs. If one changes, the format changed:
bump FORMAT_VERSION and document it. Never change these silently.
"""

from __future__ import annotations

import hashlib
import json

import mulligan as m

SEED = m.Seed.from_hex(bytes(range(32)).hex())

SHUFFLE_60_FIRST = [
    45, 7, 5, 56, 58, 13, 46, 1, 53, 15, 33, 26, 0, 48, 3, 10, 6, 8, 49, 17, 28, 51, 52, 37, 43,
    38, 54, 2, 59, 39, 31, 20, 44, 55, 27, 57, 25, 12, 50, 16, 19, 18, 11, 14, 40, 9, 36, 21, 22,
    30, 34, 4, 24, 47, 23, 32, 29, 41, 42, 35,
]  # fmt: skip
SHUFFLE_60_SECOND = [
    12, 23, 37, 14, 42, 43, 40, 7, 0, 8, 27, 9, 13, 33, 29, 32, 4, 54, 52, 48, 16, 10, 57, 5, 3,
    35, 18, 1, 56, 45, 17, 22, 21, 58, 31, 50, 6, 15, 51, 11, 20, 30, 38, 19, 25, 41, 24, 28, 46,
    55, 59, 26, 44, 34, 47, 39, 49, 53, 36, 2,
]  # fmt: skip


def numbered(n: int) -> list[m.Card]:
    return [m.Card(str(i)) for i in range(n)]


def order(lib: m.Library) -> list[int]:
    return [int(c.name) for c in lib.cards]


def deck() -> m.Deck:
    lands = [m.Card(f"L{i}", land=True) for i in range(24)]
    return m.Deck(lands + [m.Card(f"S{i}") for i in range(36)])


def test_format_version() -> None:
    assert m.FORMAT_VERSION == 1


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
        [7, 1, 0, 9, 4, 3, 6, 2, 8, 5],
        [0, 1, 3, 5, 9, 7, 8, 4, 6, 2],
        [8, 9, 0, 2, 5, 3, 7, 1, 6, 4],
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
    assert [c.name for c in g.hand(0)] == ["S21", "L7", "L5", "S32", "S34", "L13", "S22"]
    assert [c.name for c in g.hand(1)] == ["S28", "L16", "S32", "S27", "S1", "L9", "S23"]


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


GAME_LOG_SHA256 = "e76529cf2f69732b100527be6d995dcb2af95e742379b758c41ab71fcc102efa"
