"""The argument surface of the Python API under random types and sizes (issue 10).

Run by tests/test_fuzz_arguments.py in a child process under an address-space limit
(`resource.setrlimit(RLIMIT_AS)`), so that a call that exhausts memory kills only the child:
every public callable is called with arguments drawn from a pool of values of every kind (None,
bools, ints from -2**100 to 2**100 and numpy integers, floats, str with and without lone
surrogates, bytes, our own objects, lists of them up to past the largest table, dicts, endless
iterators). A call must return or raise a `MulliganError`; any other exception (a bare
`TypeError`, `OverflowError`, `UnicodeEncodeError`, `RuntimeError: Already borrowed`, …) or an
`InternalError` (a panic) is a finding. The ints avoid the valid-but-slow middle (a billion
games would only be slow): every count drawn is tiny, or beyond what any call accepts.

    python tests/fuzz_arguments.py [max_examples] [--random] [--trace]
        # prints "ok" or the falsifying call; --random: a new random run (CI's is fixed)
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Callable
from typing import Any

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mulligan as m

SEED = m.Seed.from_hex("ab" * 32)
CARD = m.Card("Forest", land=True, tags=("mulligan_action",))
TABLE = m.CardTable.from_text(
    "mulligan-card-table 2\nForest\tnormal\tG\tG\tForest\tBasic Land\t\t\n"
)
DECK = m.Deck.parse("20 Forest [land]\n4 Serum Powder\n16 Bear\nSideboard\n2 Duress")

TRACE = "--trace" in sys.argv

INTS = [-(2**100), -(2**64), -(2**63) - 1, -1, 0, 1, 2, 3, 5, 7, 8, 60, 2**64, 2**100]


def game() -> m.Game:
    players = [m.Player("A", DECK), m.Player("B", DECK)]
    g = m.Game(players, seed=SEED, starting_player=0)
    g.mulligan(0)
    return g


def library() -> m.Library:
    return m.Library(DECK.cards, seed=SEED)


def result() -> m.SimulationResult:
    return m.simulate(DECK, games=3, seed=SEED, threads=1)


def leaves() -> st.SearchStrategy[Any]:
    text = st.one_of(
        st.text(max_size=12),
        st.sampled_from(
            ["60 Forest", "ab" * 32, "top", "bottom", "out", "balance", "TWO_PLAYER", "\ud800"]
        ),
        st.text(max_size=4).map(lambda s: s + "\udcff"),
    )
    return st.one_of(
        st.none(),
        st.booleans(),
        st.sampled_from(INTS),
        st.sampled_from(INTS[3:11]).flatmap(
            lambda i: st.sampled_from([np.int8, np.int64, np.uint8, np.uint64]).map(
                lambda t: t(abs(i))
            )
        ),
        st.just(np.bool_(True)),
        st.floats(allow_nan=True),
        text,
        st.binary(max_size=40),
        st.just(bytes(32)),
        st.sampled_from([CARD, DECK, SEED, m.Variant.FREE_FOR_ALL, m.MulliganRule.PARIS]),
        st.builds(lambda: m.Card("Island")),
        st.builds(lambda: m.Player("P", DECK)),
        st.builds(library),
        st.builds(lambda: m.KeepRule()),
    )


def values() -> st.SearchStrategy[Any]:
    leaf = leaves()
    return st.one_of(
        leaf,
        leaf,
        st.lists(leaf, max_size=8),
        st.tuples(leaf, leaf),
        st.lists(st.sampled_from([CARD, *DECK.cards[:30]]), max_size=70),
        st.integers(0, 300).map(lambda n: [m.Player("P", DECK)] * n),
        st.dictionaries(st.sampled_from([0, 6, 7, "ramp", -1, 2**70]), leaf, max_size=3),
        st.builds(lambda: itertools.repeat(CARD)),
        st.builds(lambda: itertools.repeat(m.Player("P", DECK))),
        st.builds(lambda: itertools.repeat(b"x")),
        st.builds(lambda: itertools.repeat("ramp")),
    )


# (name, target factory, number of positional arguments, keyword names)
Target = tuple[str, Callable[[], Callable[..., Any]], int, tuple[str, ...]]
TARGETS: list[Target] = [
    ("Card", lambda: m.Card, 1, ("land", "tags")),
    ("Deck", lambda: m.Deck, 1, ("sideboard", "commanders", "companions")),
    ("Deck.parse", lambda: m.Deck.parse, 1, ("cards", "format", "strict", "mdfc")),
    ("CardTable.from_scryfall", lambda: m.CardTable.from_scryfall, 1, ()),
    ("CardTable.from_text", lambda: m.CardTable.from_text, 1, ()),
    ("CardTable.lookup", lambda: TABLE.lookup, 1, ()),
    ("Seed.from_hex", lambda: m.Seed.from_hex, 1, ()),
    ("Seed.from_bytes", lambda: m.Seed.from_bytes, 1, ()),
    ("verify_commitment", lambda: m.verify_commitment, 2, ()),
    ("contribution_commitment", lambda: m.contribution_commitment, 1, ()),
    ("mix_seed", lambda: m.mix_seed, 2, ()),
    ("Player", lambda: m.Player, 2, ("team", "hand_modifier", "life_modifier", "archenemy")),
    (
        "Game",
        lambda: m.Game,
        1,
        (
            "variant",
            "mulligan",
            "seed",
            "starting_player",
            "game_index",
            "chooser",
            "contributions",
        ),
    ),
    ("Match", lambda: m.Match, 1, ("variant", "mulligan", "seed")),
    ("game.keep", lambda: game().keep, 1, ()),
    ("game.mulligan", lambda: game().mulligan, 1, ()),
    ("game.bottom", lambda: game().bottom, 2, ()),
    ("game.vancouver", lambda: game().vancouver, 2, ()),
    ("game.choose_starting_player", lambda: game().choose_starting_player, 2, ()),
    ("game.mulligan_action", lambda: game().mulligan_action, 2, ()),
    ("game.opening_hand_action", lambda: game().opening_hand_action, 2, ("exile",)),
    ("game.pass_actions", lambda: game().pass_actions, 1, ()),
    ("game.view", lambda: game().view, 1, ()),
    ("game.hand", lambda: game().hand, 1, ()),
    ("game.zones", lambda: game().zones, 1, ()),
    ("game.cards", lambda: game().cards, 1, ()),
    ("game.apply", lambda: game().apply, 1, ()),
    ("Library", lambda: m.Library, 1, ("seed", "stream")),
    ("library.draw", lambda: library().draw, 1, ()),
    ("library.put_on_top", lambda: library().put_on_top, 1, ()),
    ("library.put_on_bottom", lambda: library().put_on_bottom, 1, ()),
    ("library.shuffle_in", lambda: library().shuffle_in, 1, ("place",)),
    ("library.search_and_shuffle", lambda: library().search_and_shuffle, 1, ("limit", "to")),
    ("shuffle_simultaneously", lambda: m.shuffle_simultaneously, 1, ()),
    ("KeepRule", lambda: m.KeepRule, 1, ("keep_at", "bottom", "requires")),
    ("KeepRule.keeps", lambda: m.KeepRule().keeps, 1, ("can_mulligan",)),
    ("KeepRule.choose_bottom", lambda: m.KeepRule().choose_bottom, 2, ("land_share",)),
    ("KeepRule.vancouver_bottom", lambda: m.KeepRule().vancouver_bottom, 2, ("land_share",)),
    (
        "simulate",
        lambda: m.simulate,
        1,
        (
            "games",
            "mulligan",
            "variant",
            "seed",
            "threads",
            "on_the_play",
            "hand_size",
            "players",
            "start",
            "per_game",
        ),
    ),
    ("result.merge", lambda: result().merge, 1, ()),
    ("bulk.shuffles", lambda: m.bulk.shuffles, 3, ("start", "threads")),
    ("bulk.hands", lambda: m.bulk.hands, 3, ("hand_size", "start", "threads")),
    ("tournament.play_draw", lambda: m.tournament.play_draw, 2, ()),
]


# Keyword-only arguments without a default.
REQUIRED = {"Library": ("seed",), "simulate": ("games",)}


def check(name: str, call: Callable[[], Any]) -> None:
    try:
        call()
    except m.InternalError:
        raise
    except m.MulliganError:
        pass


@settings(
    max_examples=int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else 600,
    deadline=None,
    database=None,
    derandomize="--random" not in sys.argv,
    suppress_health_check=list(HealthCheck),
)
@given(st.data())
def test_arguments(data: st.DataObject) -> None:
    name, factory, n, keywords = data.draw(st.sampled_from(TARGETS), label="target")
    args = [data.draw(values(), label=f"arg {i}") for i in range(n)]
    chosen = (
        data.draw(st.lists(st.sampled_from(keywords), unique=True), label="keywords")
        if keywords
        else []
    )
    chosen += [k for k in REQUIRED.get(name, ()) if k not in chosen]
    kwargs = {k: data.draw(values(), label=k) for k in chosen}
    if name == "simulate":
        kwargs["threads"] = 1  # the machine is shared: one thread is enough to find a crash
    if name.startswith("bulk."):
        kwargs["threads"] = 1
    target = factory()
    if TRACE:
        print(name, repr(args)[:200], repr(kwargs)[:200], flush=True)
    check(name, lambda: target(*args, **kwargs))


if __name__ == "__main__":
    test_arguments()
    print("ok")
