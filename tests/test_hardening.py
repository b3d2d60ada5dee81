"""Issue 10: inputs that used to crash the process or escape the error contract, and the rules'
corners (103.2, 902.2, 810.11, the Paris-era short library). Each test failed before its fix."""

from __future__ import annotations

import itertools
import threading
from collections.abc import Iterator
from typing import Any, cast

import numpy as np
import pytest

import mulligan as m

SEED = m.Seed.from_hex(bytes(range(32)).hex())


def forest_deck(n: int = 60) -> m.Deck:
    return m.Deck.parse(f"{n} Forest")


def test_a_set_up_too_large_is_refused_before_copying_any_deck() -> None:
    # 300 players sharing one 100,000-card deck used to abort on memory before the player check.
    big = forest_deck(100_000)
    with pytest.raises(m.GameConfigError, match="at most 256 players"):
        m.Game([m.Player("P", big)] * 300, variant=m.Variant.FREE_FOR_ALL, seed=SEED)
    with pytest.raises(m.GameConfigError, match="at most 2000000 cards"):
        m.Game([m.Player("P", big)] * 21, variant=m.Variant.FREE_FOR_ALL, seed=SEED)


@pytest.mark.parametrize("count", [1, 3])
def test_contributions_take_exactly_one_entry_per_player(count: int) -> None:
    players = [m.Player("A", forest_deck()), m.Player("B", forest_deck())]
    with pytest.raises(m.MulliganError, match="one entry per player"):
        m.Game(players, seed=SEED, contributions=[b"x"] * count)
    assert m.Game(players, seed=SEED, contributions=[b"x", b"y"]).contributions == [b"x", b"y"]


def test_vanguard_may_be_multiplayer_in_game_and_simulate() -> None:
    players = [m.Player(n, forest_deck(), life_modifier=2) for n in "ABC"]
    game = m.Game(players, variant=m.Variant.VANGUARD, seed=SEED, starting_player=0)
    for seat in range(3):
        game.keep(seat)
    assert [r.life for r in game.result()] == [22, 22, 22]
    r = m.simulate(forest_deck(), games=10, variant=m.Variant.VANGUARD, players=3, seed=SEED)
    assert r.games == 10


def test_two_headed_giant_teams_have_one_size() -> None:
    players = [m.Player(str(i), forest_deck(), team=t) for i, t in enumerate("AAABB")]
    with pytest.raises(m.GameConfigError, match="810.11"):
        m.Game(players, variant=m.Variant.TWO_HEADED_GIANT, seed=SEED)


@pytest.mark.parametrize("rule", [m.MulliganRule.PARIS, m.MulliganRule.PARIS_SEQUENTIAL])
def test_paris_with_a_short_library_draws_one_fewer_than_before(rule: m.MulliganRule) -> None:
    players = [m.Player("A", forest_deck(5)), m.Player("B", forest_deck())]
    game = m.Game(players, mulligan=rule, seed=SEED, starting_player=0)
    sizes = []
    while not game.done:
        d = game.pending()[0]
        if d.seat == 0:
            sizes.append(len(d.hand))
            (game.mulligan if d.can_mulligan else game.keep)(0)
        else:
            game.keep(d.seat)
    assert sizes == [5, 4, 3, 2, 1, 0]


# ------------------------------------------------------------------------------------------
# argument types (rust/python/src/args.rs)


def two_player_game(deck: m.Deck | None = None) -> m.Game:
    d = deck or forest_deck()
    return m.Game([m.Player("A", d), m.Player("B", d)], seed=SEED, starting_player=0)


def simulation() -> m.SimulationResult:
    return m.simulate(forest_deck(), games=4, seed=SEED)


WRONG_TYPES = [
    # A name as a str is read (any case, - or _); an int or bytes is a wrong type.
    ("variant_as_int", lambda: m.Game([], variant=0)),
    ("mulligan_as_bytes", lambda: m.simulate(forest_deck(), games=1, mulligan=b"LONDON")),
    ("flag_as_int", lambda: m.Player("A", forest_deck(), archenemy=1)),
    ("land_as_str", lambda: m.Card("Forest", land="yes")),
    ("vancouver_bottom_as_int", lambda: two_player_game().vancouver(0, 1)),
    ("on_the_play_as_none_str", lambda: m.simulate(forest_deck(), games=1, on_the_play="no")),
    ("merge_an_int", lambda: simulation().merge(5)),
    ("play_draw_tables_as_str", lambda: m.tournament.play_draw(SEED, "3")),
    ("seat_as_float", lambda: two_player_game().keep(0.0)),
    ("seat_as_bool", lambda: two_player_game().keep(False)),
    ("games_as_float", lambda: m.simulate(forest_deck(), games=1.0)),
    ("deck_as_str", lambda: m.Player("A", "60 Forest")),
    ("can_mulligan_as_int", lambda: m.KeepRule().keeps([], can_mulligan=1)),
    ("land_share_as_str", lambda: m.KeepRule().choose_bottom([], 0, land_share="0.4")),
    ("cards_as_str", lambda: m.Library("Forest", seed=SEED)),
    ("contribution_as_str", lambda: m.mix_seed(SEED, ["ab"])),
]


@pytest.mark.parametrize("call", [c[1] for c in WRONG_TYPES], ids=[c[0] for c in WRONG_TYPES])
def test_every_wrong_type_is_a_mulligan_type_error(call: Any) -> None:
    with pytest.raises(m.MulliganTypeError):
        call()


def test_numpy_integers_are_accepted_as_counts_and_seats() -> None:
    game = two_player_game()
    game.keep(np.int64(0))
    game.keep(np.uint8(1))
    assert game.done
    assert m.simulate(forest_deck(), games=np.int32(7), seed=SEED).games == 7
    assert m.bulk.shuffles(np.int16(10), np.uint64(3), SEED).shape == (3, 10)
    assert m.Library(forest_deck().cards, seed=SEED).draw(np.int8(2)).__len__() == 2
    assert m.Player("A", forest_deck(), archenemy=np.bool_(True)).archenemy is True


BEYOND_64_BITS = [
    ("games", lambda: m.simulate(forest_deck(), games=2**64)),
    ("count", lambda: m.bulk.shuffles(60, 2**64, SEED)),
    ("seat", lambda: two_player_game().keep(2**64)),
    ("n", lambda: m.Library(forest_deck().cards, seed=SEED).draw(2**100)),
    ("tables", lambda: m.tournament.play_draw(SEED, 10**40)),
    ("game_index", lambda: m.Game([], game_index=-(2**70))),
]


@pytest.mark.parametrize("name, call", BEYOND_64_BITS, ids=[c[0] for c in BEYOND_64_BITS])
def test_an_int_beyond_64_bits_is_a_range_error_naming_the_argument(name: str, call: Any) -> None:
    with pytest.raises(m.MulliganError) as info:
        call()
    assert isinstance(info.value, ValueError)
    assert not isinstance(info.value, TypeError)
    assert f"while processing '{name}'" in getattr(info.value, "__notes__", [])


LONE_SURROGATE = "Forest\ud800"
SURROGATES = [
    ("deck_parse", lambda: m.Deck.parse(f"4 {LONE_SURROGATE}")),
    ("card_name", lambda: m.Card(LONE_SURROGATE)),
    ("card_tag", lambda: m.Card("Forest", tags=[LONE_SURROGATE])),
    ("player_name", lambda: m.Player(LONE_SURROGATE, forest_deck())),
    ("team", lambda: m.Player("A", forest_deck(), team=LONE_SURROGATE)),
    ("seed_hex", lambda: m.Seed.from_hex("\udfff" * 64)),
    ("commitment", lambda: m.verify_commitment(SEED, "\udfff" * 64)),
    ("to", lambda: m.Library([], seed=SEED).search_and_shuffle(bool, to=LONE_SURROGATE)),
    ("keep_rule_bottom", lambda: m.KeepRule(bottom=LONE_SURROGATE)),
    ("requires", lambda: m.KeepRule(requires=[LONE_SURROGATE])),
    ("answer_record", lambda: two_player_game().apply(cast(Any, {"type": LONE_SURROGATE}))),
]


@pytest.mark.parametrize("call", [c[1] for c in SURROGATES], ids=[c[0] for c in SURROGATES])
def test_lone_surrogates_are_mulligan_errors(call: Any) -> None:
    with pytest.raises(m.MulliganError):
        call()


# ------------------------------------------------------------------------------------------
# panics, endless iterables, objects in use


def test_a_panic_reaches_python_as_an_internal_error() -> None:
    with pytest.raises(m.InternalError) as info:
        m._core._panic_for_tests()
    assert isinstance(info.value, Exception)


def endless_card() -> Iterator[m.Card]:
    return itertools.repeat(m.Card("Forest", land=True))


def test_endless_iterables_end_in_an_error() -> None:
    game = two_player_game()
    game.mulligan(0)
    game.keep(1)
    card = game.hand(0)[0]
    lib = m.Library(forest_deck().cards, seed=SEED)
    calls = [
        lambda: game.bottom(0, itertools.repeat(card)),
        lambda: m.Library(endless_card(), seed=SEED),
        lambda: lib.shuffle_in(endless_card()),
        lambda: lib.put_on_top(endless_card()),
        lambda: m.KeepRule().keeps(endless_card()),
        lambda: m.Deck(endless_card()),
        lambda: m.Game(itertools.repeat(m.Player("A", forest_deck()))),
        lambda: m.Card("Forest", tags=itertools.repeat("ramp")),
        lambda: m.mix_seed(SEED, itertools.repeat(b"x")),
        lambda: m.shuffle_simultaneously(itertools.repeat(lib)),
        lambda: m.tournament.play_draw(SEED, itertools.repeat(("a", "b"))),
    ]
    for call in calls:
        with pytest.raises(m.MulliganError):
            call()
    assert len(lib) == 60 and game.pending()[0].kind == "bottom"


def test_an_answer_reads_its_cards_before_touching_the_game() -> None:
    """A generator that looks at the game while its answer is read (the same thread here; another
    thread sees the same thing) used to raise RuntimeError: Already mutably borrowed."""
    game = two_player_game()
    game.mulligan(0)
    game.keep(1)
    hand = game.hand(0)

    def cards() -> Iterator[m.Card]:
        assert game.pending()[0].kind == "bottom"
        yield hand[0]

    game.bottom(0, cards())
    lib = m.Library([], seed=SEED)

    def more() -> Iterator[m.Card]:
        yield m.Card(f"c{len(lib)}")

    lib.put_on_top(more())
    lib.shuffle_in(more())
    assert len(lib) == 2


def test_a_game_in_use_by_another_thread_is_busy_not_a_runtime_error() -> None:
    game = two_player_game()
    started, release = threading.Event(), threading.Event()
    outcome: list[BaseException] = []

    def worker() -> None:
        try:
            game.keep(SlowSeat())
        except BaseException as e:  # noqa: BLE001 - record whatever it was
            outcome.append(e)

    class SlowSeat:
        def __index__(self) -> int:
            started.set()
            release.wait(5)
            return 1

    # The seat is read before the game is borrowed: this thread's answer goes through while
    # the other thread is still reading its argument, and then the other's does.
    thread = threading.Thread(target=worker)
    thread.start()
    started.wait(5)
    game.keep(0)
    release.set()
    thread.join(5)
    assert outcome == []
    assert game.done
