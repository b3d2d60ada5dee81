"""Property tests: no card is ever lost or duplicated, by the library operations (701.24, 401,
121.4) or by the start of a game (103.1-103.8), and the mulligan counts match 103.5.

Specification: docs/API.md ("Library", "Game start").
"""

from collections import Counter

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from mulligan import (
    Card,
    Deck,
    Game,
    IllegalActionError,
    Library,
    MulliganRule,
    Player,
    Variant,
)

SETTINGS = dict(
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


# =============================================================================================
# Library operations
# =============================================================================================

LIBRARY_OPS = [
    "shuffle",
    "draw",
    "put_on_top",
    "put_on_bottom",
    "shuffle_in",
    "search",
    "illegal_put",
    "illegal_draw",
]


def _pick(data, pool, *, min_size=0, max_size=None):
    """A random ordered selection of distinct elements of pool."""
    if not pool:
        return []
    idx = data.draw(
        st.lists(
            st.integers(0, len(pool) - 1),
            unique=True,
            min_size=min(min_size, len(pool)),
            max_size=max_size,
        )
    )
    return [pool[i] for i in idx]


def _shuffles(events):
    return sum(1 for e in events if e["type"] == "shuffle")


@settings(max_examples=150, **SETTINGS)
@given(
    lands=st.lists(st.booleans(), max_size=80),
    seed=st.binary(min_size=32, max_size=32),
    stream=st.integers(0, 2**32),
    data=st.data(),
)
def test_701_24_library_operations_never_lose_or_duplicate_cards(lands, seed, stream, data):
    """Whatever sequence of shuffles, draws, placements, shuffle-ins and searches is applied,
    the cards in the library plus those drawn plus those searched out are exactly the starting
    cards, each once (701.24a: a shuffle only reorders; 701.24b-g; 401.4; 121.4)."""
    start = [Card(f"c{i}", land=land) for i, land in enumerate(lands)]
    lib = Library(start, seed=seed, stream=stream)
    drawn = []  # cards taken from the library and held elsewhere
    removed = []  # cards searched out
    shuffles = 0

    def check():
        cards = lib.cards
        assert len(lib) == len(cards)
        everything = cards + drawn + removed
        assert len(everything) == len(start)
        assert Counter(everything) == Counter(start)
        assert lib.shuffle_count == shuffles

    n_ops = data.draw(st.integers(0, 25), label="n_ops")
    for _ in range(n_ops):
        op = data.draw(st.sampled_from(LIBRARY_OPS), label="op")
        before = lib.cards
        if op == "shuffle":
            events = lib.shuffle()
            assert _shuffles(events) == 1
            shuffles += 1
        elif op == "draw":
            k = data.draw(st.integers(0, 10), label="k")
            got = lib.draw(k)
            assert got == before[:k]
            assert lib.cards == before[k:]
            drawn += got
        elif op in ("put_on_top", "put_on_bottom"):
            chosen = _pick(data, drawn)
            events = getattr(lib, op)(chosen)
            assert _shuffles(events) == 0
            if op == "put_on_top":
                assert lib.cards == chosen + before
            else:
                assert lib.cards == before + chosen
            drawn = [c for c in drawn if c not in chosen]
        elif op == "shuffle_in":
            new = _pick(data, drawn)
            present = _pick(data, before, max_size=3)
            cards = new + present
            cards = data.draw(st.permutations(cards)) if cards else []
            place = None
            placed_card = None
            placed_is_new = False
            mode = data.draw(st.sampled_from(["none", "drawn", "library"]), label="place")
            others = [c for c in drawn if c not in new]
            if mode == "drawn" and others:
                placed_card = data.draw(st.sampled_from(others))
                placed_is_new = True
            elif mode == "library" and before:
                placed_card = data.draw(st.sampled_from(before))
            final_size = len(before) + len(new) + (1 if placed_is_new else 0)
            if placed_card is not None:
                pos = data.draw(st.integers(-final_size, final_size - 1), label="pos")
                place = (placed_card, pos)
            events = lib.shuffle_in(cards, place=place)
            assert _shuffles(events) == 1
            shuffles += 1
            assert len(lib) == final_size
            if place is not None:
                assert lib.cards[pos] == placed_card
            gone = new + ([placed_card] if placed_is_new else [])
            drawn = [c for c in drawn if c not in gone]
        elif op == "search":
            kind = data.draw(st.sampled_from(["lands", "names", "nothing", "all"]), label="pred")
            wanted = set(_pick(data, [c.name for c in before], max_size=6))
            preds = {
                "lands": lambda c: c.land,
                "names": lambda c, wanted=wanted: c.name in wanted,
                "nothing": lambda c: False,
                "all": lambda c: True,
            }
            pred = preds[kind]
            limit = data.draw(st.one_of(st.none(), st.integers(1, 6)), label="limit")
            to = data.draw(st.sampled_from(["out", "top", "bottom"]), label="to")
            found, events = lib.search_and_shuffle(pred, limit=limit, to=to)
            expected = [c for c in before if pred(c)]
            if limit is not None:
                expected = expected[:limit]
            assert found == expected
            assert _shuffles(events) == 1
            shuffles += 1
            after = lib.cards
            if to == "out":
                removed += found
                assert len(after) == len(before) - len(found)
            elif to == "top":
                assert after[: len(found)] == found
            else:
                assert after[len(after) - len(found) :] == found
        elif op == "illegal_put":
            if before:
                victim = data.draw(st.sampled_from(before))
                extra = _pick(data, drawn, max_size=2)
                method = data.draw(st.sampled_from(["put_on_top", "put_on_bottom"]))
                with pytest.raises(IllegalActionError):
                    getattr(lib, method)(extra + [victim])
                assert lib.cards == before
        elif op == "illegal_draw":
            with pytest.raises(IllegalActionError):
                lib.draw(-data.draw(st.integers(1, 5)))
            assert lib.cards == before
        check()
    check()


# =============================================================================================
# Game start
# =============================================================================================

KINDS = ["spell"] * 8 + ["land"] * 6 + ["serum_powder", "leyline", "gemstone_caverns", "chancellor"]


def _card(kind, i):
    if kind == "spell":
        return Card(f"Spell {i}")
    if kind == "land":
        return Card("Forest", land=True)
    if kind == "serum_powder":
        return Card("Serum Powder", tags=("mulligan_action",))
    if kind == "leyline":
        return Card("Leyline of the Void", tags=("begin_on_battlefield",))
    if kind == "gemstone_caverns":
        return Card("Gemstone Caverns", land=True, tags=("gemstone_caverns",))
    if kind == "chancellor":
        return Card("Chancellor of the Annex", tags=("reveal",))
    raise AssertionError(kind)


VARIANTS_2 = [Variant.TWO_PLAYER, Variant.COMMANDER, Variant.BRAWL]
VARIANTS_N = [Variant.FREE_FOR_ALL, Variant.COMMANDER, Variant.BRAWL]
RULES = [
    MulliganRule.LONDON,
    MulliganRule.PARIS,
    MulliganRule.VANCOUVER,
    MulliganRule.PARIS_SEQUENTIAL,
]
HAND_SIZE = 7  # 103.5a, no Vanguard modifier here


@st.composite
def game_setups(draw):
    n = draw(st.integers(2, 4), label="players")
    variant = draw(st.sampled_from(VARIANTS_2 if n == 2 else VARIANTS_N), label="variant")
    decks = []
    for p in range(n):
        kinds = draw(st.lists(st.sampled_from(KINDS), min_size=30, max_size=60), label="deck")
        cards = [_card(k, i) for i, k in enumerate(kinds)]
        if variant in (Variant.COMMANDER, Variant.BRAWL):
            decks.append(Deck(cards, commanders=[Card(f"Commander {p}")]))
        else:
            decks.append(Deck(cards))
    seed = draw(st.binary(min_size=32, max_size=32), label="seed")
    starting = draw(st.one_of(st.none(), st.integers(0, n - 1)), label="starting_player")
    return n, variant, decks, seed, starting


def _check_zones(game, decks):
    """103.2-103.6: every card of each player's deck is in exactly one of hand, library,
    battlefield, exile (revealed cards stay in hand)."""
    for seat, deck in enumerate(decks):
        z = game.zones(seat)
        everything = (
            list(z["hand"]) + list(z["library"]) + list(z["battlefield"]) + list(z["exile"])
        )
        assert len(everything) == len(deck.cards), (seat, {k: len(v) for k, v in z.items()})
        assert len(set(everything)) == len(everything)
        assert set(everything) == set(deck.cards)


@pytest.mark.parametrize("rule", RULES, ids=["london", "paris", "vancouver", "paris_sequential"])
@settings(max_examples=30, **SETTINGS)
@given(setup=game_setups(), data=st.data())
def test_103_game_start_never_loses_or_duplicates_cards(rule, setup, data):
    """Drive random games with random legal answers until done. At every step each player's
    hand + library + battlefield + exile is their deck's cards, each once. At the end each
    player's mulligans and hand size follow 103.5 / 103.5c: hand = 7 - counted mulligans, where
    the first mulligan is free (not counted) in games of 3+ players and in any Brawl game;
    LONDON bottoms as many cards as counted mulligans; VANCOUVER looks only when the hand is
    smaller than the hand size."""
    n, variant, decks, seed, starting = setup
    players = [Player(f"P{i}", deck) for i, deck in enumerate(decks)]
    game = Game(players, variant=variant, mulligan=rule, seed=seed, starting_player=starting)
    free = n >= 3 or variant == Variant.BRAWL

    mulligans = [0] * n
    counted = [0] * n
    left_hand = [0] * n  # cards that left the hand by 103.6 actions
    powder_uses = [0] * n
    used_actions = set()

    with pytest.raises(IllegalActionError):
        game.result()

    _check_zones(game, decks)
    steps = 0
    while not game.done:
        steps += 1
        assert steps < 1000, "game does not finish"
        pending = game.pending()
        assert pending, "game not done but no decision pending"
        d = data.draw(st.sampled_from(pending), label="decision")
        seat = d.seat
        hand = list(d.hand)
        event(f"{rule}: {d.kind}")
        if d.kind == "choose_starting_player":
            options = list(d.options)
            assert options
            game.choose_starting_player(seat, data.draw(st.sampled_from(options)))
        elif d.kind == "keep_or_mulligan":
            # 103.5: the hand on which a player declares is the hand size less counted mulligans
            assert len(hand) == HAND_SIZE - counted[seat]
            assert bool(d.can_mulligan) == (HAND_SIZE - counted[seat] > 0)
            choices = ["keep"]
            if d.can_mulligan:
                choices += ["mulligan", "mulligan"]
            actions = [c for c in d.actions if c in hand]
            assert len(actions) == len(list(d.actions))
            if actions and powder_uses[seat] < 2:
                choices.append("action")
            choice = data.draw(st.sampled_from(choices), label="declare")
            if choice == "keep":
                game.keep(seat)
            elif choice == "mulligan":
                game.mulligan(seat)
                mulligans[seat] += 1
                if not (free and mulligans[seat] == 1):
                    counted[seat] += 1
            else:
                card = data.draw(st.sampled_from(actions))
                game.mulligan_action(seat, card)
                event("used a 103.5b mulligan action")
                powder_uses[seat] += 1
        elif d.kind == "bottom":
            assert rule == MulliganRule.LONDON
            assert d.count == counted[seat]
            assert len(hand) == HAND_SIZE
            order = data.draw(st.permutations(range(len(hand))), label="bottom")
            chosen = [hand[i] for i in order[: d.count]]
            game.bottom(seat, chosen)
            lib = game.zones(seat)["library"]
            assert list(lib[len(lib) - len(chosen) :]) == chosen  # 401.4: in the chosen order
        elif d.kind == "vancouver":
            assert rule == MulliganRule.VANCOUVER
            assert len(hand) < HAND_SIZE
            top = game.zones(seat)["library"][0]
            assert d.card == top
            to_bottom = data.draw(st.booleans(), label="vancouver")
            game.vancouver(seat, to_bottom)
            lib = game.zones(seat)["library"]
            assert (lib[-1] if to_bottom else lib[0]) == top
        elif d.kind == "opening_hand_action":
            usable = [c for c in d.actions if c in hand and c not in used_actions]
            usable = [c for c in usable if "gemstone_caverns" not in c.tags or len(hand) >= 2]
            act = usable and data.draw(st.booleans(), label="act")
            if act:
                card = data.draw(st.sampled_from(usable))
                if "gemstone_caverns" in card.tags:
                    exile = data.draw(st.sampled_from([c for c in hand if c != card]))
                    game.opening_hand_action(seat, card, exile=exile)
                    left_hand[seat] += 2
                else:
                    game.opening_hand_action(seat, card)
                    if "begin_on_battlefield" in card.tags:
                        left_hand[seat] += 1
                used_actions.add(card)
                event(f"used a 103.6 action: {card.name}")
            else:
                game.pass_actions(seat)
        else:
            raise AssertionError(f"unknown decision kind {d.kind!r}")
        _check_zones(game, decks)

    event(f"max mulligans {max(mulligans)}")
    results = game.result()
    assert sorted(r.seat for r in results) == list(range(n))
    for r in results:
        seat = r.seat
        assert r.mulligans == mulligans[seat]
        assert len(r.hand) + left_hand[seat] == HAND_SIZE - counted[seat]
        assert len(r.hand) + r.library_size + len(r.battlefield) + len(r.exile) == len(
            decks[seat].cards
        )
