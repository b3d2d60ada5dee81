"""The bulk engine (`simulate`, `bulk.shuffles`, `bulk.hands`): exact against the rules engine,
exact against closed-form probabilities, and independent of threads and chunking.

Statistical checks use fixed seeds (deterministic) and a z-bound of 5 standard errors per
comparison, or a chi-square threshold at family-wise alpha 1e-4 split by Bonferroni over the
comparisons of this file (Wilson-Hilferty quantile).
"""

from __future__ import annotations

import json
from math import comb, sqrt
from statistics import NormalDist
from typing import Any

import numpy as np
import pytest

import mulligan as m

SEED = m.Seed.from_hex("4d" * 32)
FAMILY_ALPHA = 1e-4
CHI_SQUARE_TESTS = 2


def critical(df: int) -> float:
    z = NormalDist().inv_cdf(1 - FAMILY_ALPHA / CHI_SQUARE_TESTS)
    h = 2 / (9 * df)
    return float(df * (1 - h + z * h**0.5) ** 3)


def deck(lands: int = 24, size: int = 60) -> m.Deck:
    cards = [m.Card(f"Land {i}", land=True) for i in range(lands)]
    cards += [
        m.Card(f"Spell {i}", tags=("ramp",) if i % 9 == 0 else ()) for i in range(size - lands)
    ]
    return m.Deck(cards)


def hypergeometric(k: int, lands: int = 24, size: int = 60, draw: int = 7) -> float:
    return comb(lands, k) * comb(size - lands, draw - k) / comb(size, draw)


def test_keep_seven_rate_matches_the_hypergeometric_value() -> None:
    """24 lands in 60, keep 2-5 lands at 7: P = 0.8439... exactly."""
    exact = sum(hypergeometric(k) for k in range(2, 6))
    assert abs(exact - 0.8439016887631118) < 1e-12
    games = 400_000
    r = m.simulate(deck(), games=games, seed=SEED, keep=m.KeepRule({7: (2, 5)}, keep_at=6))
    p = r.kept_by_size[7] / games
    assert abs(p - exact) < 5 * sqrt(exact * (1 - exact) / games)
    # Everyone who mulligans keeps 6 (keep_at=6): the histogram is exactly {0: kept 7, 1: rest}.
    assert r.mulligans == {0: r.kept_by_size[7], 1: games - r.kept_by_size[7]}


def test_lands_in_kept_seven_card_hands_follow_the_hypergeometric_law() -> None:
    games = 400_000
    r = m.simulate(deck(), games=games, seed=SEED, keep=m.KeepRule({7: (2, 5)}, keep_at=6))
    row = r.hand_lands[7]
    assert row[0] == row[1] == row[6] == row[7] == 0
    expected = np.array([games * hypergeometric(k) for k in range(2, 6)])
    stat = float((((row[2:6] - expected) ** 2) / expected).sum())
    assert stat < critical(3), stat


def test_first_hand_of_a_mulligan_to_six_is_again_hypergeometric() -> None:
    """Each shuffle is independent: among games that mulligan once (London, keep anything at
    6 after bottoming one card), the 7 cards drawn again are hypergeometric; with
    bottom="spells_first" and a 0-land draw the kept 6 have 0 lands."""
    games = 300_000
    rule = m.KeepRule({7: (2, 5)}, keep_at=6, bottom="spells_first")
    r = m.simulate(deck(), games=games, seed=SEED, keep=rule)
    mulligans = games - r.kept_by_size[7]
    # lands in the kept 6 = min(lands drawn in 7, 6) with spells bottomed first.
    expected = np.zeros(7)
    for k in range(8):
        expected[min(k, 6)] += mulligans * hypergeometric(k)
    row = r.hand_lands[6][:7].astype(float)
    mask = expected > 50
    stat = float((((row[mask] - expected[mask]) ** 2) / expected[mask]).sum())
    assert stat < critical(int(mask.sum()) - 1), stat


def run(threads: int, **kw: object) -> dict[str, object]:
    params: dict[str, object] = dict(games=50_000, seed=SEED, threads=threads)
    params.update(kw)
    return m.simulate(deck(), **params).to_dict()


def test_results_do_not_depend_on_threads_or_chunks() -> None:
    one = run(1)
    assert run(2) == one
    assert run(7) == one
    parts = [
        m.simulate(deck(), games=n, start=s, seed=SEED, threads=1)
        for s, n in [(0, 12_345), (12_345, 30_000), (42_345, 7_655)]
    ]
    merged = parts[0].merge(parts[1]).merge(parts[2]).to_dict()
    assert {k: v for k, v in merged.items() if k != "start"} == {
        k: v for k, v in one.items() if k != "start"
    }


def test_per_game_records_match_the_counts() -> None:
    r = m.simulate(deck(), games=5000, seed=SEED, per_game=True)
    assert r.per_game is not None
    sizes, lands, mulls = (r.per_game[k] for k in ("hand_size", "lands", "mulligans"))
    assert len(sizes) == 5000
    joint = np.zeros_like(r.hand_lands)
    np.add.at(joint, (sizes, lands), 1)
    assert (joint == r.hand_lands).all()
    assert {int(k): int(v) for k, v in zip(*np.unique(mulls, return_counts=True))} == r.mulligans


def drive_game(
    d: m.Deck,
    index: int,
    rule: m.KeepRule,
    mulligan: m.MulliganRule,
    variant: m.Variant,
    **options: Any,
) -> tuple[int, int, int, bool]:
    """Play `Game(seed, game_index=index, **options)` with seat 0 deciding by `rule` (taking
    the no-land/all-land redraw whenever offered), the others keeping."""
    players = 2 if variant == m.Variant.TWO_PLAYER else 3
    g = m.Game(
        [m.Player(str(i), d) for i in range(players)],
        variant=variant,
        mulligan=mulligan,
        seed=SEED,
        starting_player=0,
        game_index=index,
        **options,
    )
    share = sum(c.land for c in d.cards) / len(d.cards)
    vancouver_bottom = False
    while not g.done:
        dec = g.pending()[0]
        if dec.seat != 0:
            if dec.kind == "keep_or_mulligan":
                g.keep(dec.seat)
            elif dec.kind == "bottom":
                assert dec.count is not None
                g.bottom(dec.seat, dec.hand[: dec.count])
            elif dec.kind == "vancouver":
                g.vancouver(dec.seat, False)
            else:
                g.pass_actions(dec.seat)
        elif dec.kind == "keep_or_mulligan":
            if dec.can_land_mulligan:
                g.land_mulligan(0)
            elif rule.keeps(dec.hand, can_mulligan=dec.can_mulligan) or not dec.can_mulligan:
                g.keep(0)
            else:
                g.mulligan(0)
        elif dec.kind == "bottom":
            assert dec.count is not None
            g.bottom(0, rule.choose_bottom(dec.hand, dec.count, land_share=share))
        elif dec.kind == "vancouver":
            assert dec.card is not None
            vancouver_bottom = rule.vancouver_bottom(dec.hand, dec.card, land_share=share)
            g.vancouver(0, vancouver_bottom)
        else:
            g.pass_actions(0)
    r = g.result()[0]
    return len(r.hand), sum(c.land for c in r.hand), r.mulligans, vancouver_bottom


@pytest.mark.parametrize(
    "mulligan,variant",
    [
        (m.MulliganRule.LONDON, m.Variant.TWO_PLAYER),
        (m.MulliganRule.LONDON, m.Variant.FREE_FOR_ALL),
        (m.MulliganRule.PARIS, m.Variant.TWO_PLAYER),
        (m.MulliganRule.VANCOUVER, m.Variant.FREE_FOR_ALL),
        (m.MulliganRule.PARIS_SEQUENTIAL, m.Variant.TWO_PLAYER),
    ],
)
@pytest.mark.parametrize(
    "start,requires",
    [(0, {"ramp": 1}), (1_000_003, {"ramp": 1}), (21, None)],
    ids=["tag-start0", "tag-start1000003", "lands-start21"],
)
def test_bulk_equals_driving_game_with_the_same_decisions(
    mulligan: m.MulliganRule, variant: m.Variant, start: int, requires: dict[str, int] | None
) -> None:
    """Game i of `simulate(start=s)` is seat 0 of `Game(seed, game_index=s + i)`, card for
    card: the rules engine is the oracle for the bulk engine's kernels (with and without a tag
    requirement) and for its lead-word bookkeeping at starts that are not multiples of 8."""
    d = deck(lands=17, size=40)  # a land-light deck: many mulligans, deep mulligans
    rule = m.KeepRule({7: (3, 4), 6: (3, 4), 5: (2, 3)}, keep_at=3, requires=requires)
    players = 2 if variant == m.Variant.TWO_PLAYER else 3
    games = 120
    r = m.simulate(
        d,
        games=games,
        seed=SEED,
        keep=rule,
        mulligan=mulligan,
        variant=variant,
        players=players,
        per_game=True,
        start=start,
    )
    assert r.per_game is not None
    pg = r.per_game
    deep = 0
    for i in range(games):
        size, lands, mulls, vb = drive_game(d, start + i, rule, mulligan, variant)
        assert (size, lands, mulls) == (
            int(pg["hand_size"][i]),
            int(pg["lands"][i]),
            int(pg["mulligans"][i]),
        ), f"game {i}"
        assert vb == bool(pg["vancouver_bottom"][i]), f"game {i}"
        deep += mulls >= 2
    assert deep > 10, "the sample exercises repeated mulligans"


def test_a_python_callable_gives_the_same_results_as_the_compiled_rule() -> None:
    rule = m.KeepRule({7: (2, 5), 6: (2, 4), 5: (1, 4)}, keep_at=4)

    def keep(hand: list[m.Card], mulligans: int) -> bool:
        assert isinstance(hand[0], m.Card) and mulligans >= 0
        return rule.keeps(hand)

    slow = m.simulate(deck(), games=3000, seed=SEED, keep=keep, threads=1).to_dict()
    fast = m.simulate(deck(), games=3000, seed=SEED, keep=rule).to_dict()
    assert slow == fast


def test_a_failing_callable_raises_its_own_error() -> None:
    def keep(hand: list[m.Card], mulligans: int) -> bool:
        raise KeyError("boom")

    with pytest.raises(KeyError, match="boom"):
        m.simulate(deck(), games=10, seed=SEED, keep=keep)


def test_to_dict_holds_the_contract_keys_and_is_json() -> None:
    r = m.simulate(deck(), games=2000, seed=SEED)
    d = r.to_dict()
    for key in ("games", "kept_by_size", "mean_hand_size", "mulligans", "hand_lands"):
        assert key in d
    assert d["games"] == r.games == 2000
    assert sum(d["kept_by_size"].values()) == 2000
    assert sum(d["mulligans"].values()) == 2000
    assert len(d["hand_lands"]) == 8 and all(len(row) == 8 for row in d["hand_lands"])
    assert abs(d["mean_hand_size"] - r.mean_hand_size) < 1e-12
    json.dumps(d)


def test_bulk_hands_are_the_opening_hands_of_games() -> None:
    d = deck()
    hands = m.bulk.hands(d, 40, SEED)
    assert hands.shape == (40, 7) and hands.dtype == np.uint32
    for i in (0, 1, 17, 39):
        g = m.Game([m.Player("a", d), m.Player("b", d)], seed=SEED, starting_player=0, game_index=i)
        assert [d.cards[j] for j in hands[i]] == g.hand(0)
    assert (m.bulk.hands(d, 40, SEED, threads=1) == m.bulk.hands(d, 40, SEED, threads=3)).all()
    assert (m.bulk.hands(60, 10, SEED, start=30) == hands[30:40]).all()


def test_bulk_shuffles_are_permutations_equal_to_library_shuffles() -> None:
    perms = m.bulk.shuffles(60, 50, SEED)
    assert perms.shape == (50, 60) and perms.dtype == np.uint32
    assert (np.sort(perms, axis=1) == np.arange(60)).all()
    for i in (0, 9, 49):
        cards = [m.Card(str(k)) for k in range(60)]
        lib = m.Library(cards, seed=SEED, stream=i << 8)
        lib.shuffle()
        assert [int(c.name) for c in lib.cards] == perms[i].tolist()
    assert (
        m.bulk.shuffles(60, 50, SEED, threads=1) == m.bulk.shuffles(60, 50, SEED, threads=2)
    ).all()
    for n in (40, 100, 250):  # whole groups of eight rows and a partial one
        big = m.bulk.shuffles(n, 20, SEED, start=3)
        assert (np.sort(big, axis=1) == np.arange(n)).all()
        lib = m.Library([m.Card(str(k)) for k in range(n)], seed=SEED, stream=(3 + 17) << 8)
        lib.shuffle()
        assert [int(c.name) for c in lib.cards] == big[17].tolist()


def test_bad_arguments_raise_typed_errors() -> None:
    d = deck()
    with pytest.raises(m.GameConfigError):
        m.simulate(d, games=-1, seed=SEED)
    with pytest.raises(m.MulliganTypeError):
        m.simulate(d, games="many", seed=SEED)
    with pytest.raises(m.GameConfigError):
        m.simulate(d, games=1, seed=SEED, threads=0)
    with pytest.raises(m.GameConfigError):
        m.simulate(d, games=1, seed=SEED, variant=m.Variant.TWO_PLAYER, players=3)
    with pytest.raises(m.MulliganTypeError):
        m.simulate(d, games=1, seed=SEED, keep=42)
    with pytest.raises(m.GameConfigError):
        m.KeepRule({7: (5, 2)})
    with pytest.raises(m.GameConfigError):
        m.KeepRule({7: (2, 5)}, bottom="random")
    with pytest.raises(m.MulliganTypeError):
        m.KeepRule({7: "2-5"})
    with pytest.raises(m.GameConfigError):
        m.bulk.hands(d, 10, SEED, hand_size=61)
    with pytest.raises(m.SeedError):
        m.bulk.shuffles(60, 10, "not a seed")


def test_keep_rule_methods_follow_the_rule() -> None:
    lands = [m.Card("L", land=True) for _ in range(5)]
    spells = [m.Card("S") for _ in range(3)] + [m.Card("R", tags=("ramp",))]
    rule = m.KeepRule({7: (2, 5), 6: (2, 4)}, keep_at=4, requires="ramp")
    assert rule.keeps(lands[:3] + spells[:4])
    assert not rule.keeps(lands[:3] + spells[:3] + [lands[3]]), "no ramp card"
    assert rule.keeps(spells[:3], can_mulligan=True), "keep_at 4"
    bottom = rule.choose_bottom(lands[:5] + spells[2:4], 1)
    assert bottom == [lands[4]], "balance: 5 lands in 6 is above the 2-4 range"
    assert rule.ranges == {6: (2, 4), 7: (2, 5)} and rule.keep_at == 4 and rule.bottom == "balance"
    assert rule.requires == [("ramp", 1)]


def test_bulk_out_fills_a_given_array_or_raises_before_writing() -> None:
    out = np.full((20, 60), 7, dtype=np.uint32)
    got = m.bulk.shuffles(60, 20, SEED, start=5, out=out)
    assert got is out
    assert (out == m.bulk.shuffles(60, 20, SEED, start=5)).all()
    hands_out = np.zeros((20, 7), dtype=np.uint32)
    assert m.bulk.hands(60, 20, SEED, out=hands_out) is hands_out
    assert (hands_out == m.bulk.hands(60, 20, SEED)).all()

    before = out.copy()
    with pytest.raises(m.MulliganTypeError, match="uint32"):
        m.bulk.shuffles(60, 20, SEED, out=np.zeros((20, 60), dtype=np.int64))
    with pytest.raises(m.MulliganTypeError, match="2-D"):
        m.bulk.shuffles(60, 20, SEED, out=[[0] * 60] * 20)
    with pytest.raises(m.GameConfigError, match=r"shape \(20, 60\).*\(21, 60\)"):
        m.bulk.shuffles(60, 21, SEED, out=out)
    with pytest.raises(m.GameConfigError, match="C-contiguous"):
        m.bulk.shuffles(60, 10, SEED, out=np.zeros((60, 20), dtype=np.uint32).T[:10])
    raw = np.frombuffer(bytearray(4 * 20 * 60 + 1), dtype=np.uint8)[1:]
    misaligned = raw.view(np.uint32).reshape(20, 60)
    assert not misaligned.flags.aligned
    with pytest.raises(m.GameConfigError, match="aligned"):
        m.bulk.shuffles(60, 20, SEED, out=misaligned)
    frozen = np.zeros((20, 60), dtype=np.uint32)
    frozen.flags.writeable = False
    with pytest.raises(m.GameConfigError, match="writeable"):
        m.bulk.shuffles(60, 20, SEED, out=frozen)
    assert not frozen.any()
    with pytest.raises(m.SeedError):
        m.bulk.shuffles(60, 20, "not a seed", out=out)
    with pytest.raises(m.GameConfigError):
        m.bulk.shuffles(60, 20, SEED, start=2**48, out=out)
    assert (out == before).all(), "a refused call writes nothing"


def test_keep_rule_default_is_the_rule_simulate_uses_without_one() -> None:
    rule = m.KeepRule.default()
    assert rule.ranges == {5: (1, 4), 6: (2, 4), 7: (2, 5)}
    assert rule.keep_at == 4 and rule.bottom == "balance" and rule.requires == []
    deck = m.Deck.parse("17 Forest\n43 Grizzly Bears")
    seed = m.Seed.from_hex("5a" * 32)
    implicit = m.simulate(deck, games=20_000, seed=seed, threads=1)
    explicit = m.simulate(deck, games=20_000, seed=seed, threads=1, keep=rule)
    assert implicit.to_dict() == explicit.to_dict()
    assert implicit.mulligans != {0: 20_000}  # a 17-land deck mulligans: the rule bites


def test_keep_rule_repr_is_a_call_that_builds_the_same_rule() -> None:
    for rule in (
        m.KeepRule.default(),
        m.KeepRule({7: (2, 5)}, keep_at=None, bottom="lands_first", exile="excess"),
        m.KeepRule({7: (1, 6)}, requires={"ramp": 1}),
    ):
        text = repr(rule)
        assert "Some(" not in text and '"' not in text, text
        again = eval(text, {"KeepRule": m.KeepRule})
        assert (again.ranges, again.keep_at, again.bottom, again.requires, again.exile) == (
            rule.ranges,
            rule.keep_at,
            rule.bottom,
            rule.requires,
            rule.exile,
        )
