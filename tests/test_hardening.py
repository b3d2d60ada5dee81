"""Issue 10: inputs that used to crash the process or escape the error contract, and the rules'
corners (103.2, 902.2, 810.11, the Paris-era short library). Each test failed before its fix."""

from __future__ import annotations

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
