"""Opening-hand actions (103.6: Leylines, Gemstone Caverns, Chancellors) and who skips the
first draw (103.8).
"""

import pytest

from mulligan import (
    IllegalActionError,
    Variant,
)
from tests.game_util import (
    KOM,
    OHA,
    TEAM_A,
    TEAM_B,
    assert_illegal,
    basic_deck,
    caverns_deck,
    chancellor_deck,
    drive,
    events_of,
    finish,
    kinds_seats,
    leyline_deck,
    mono_deck,
    new_game,
)

# --------------------------------------------------------------------------------------------
# 103.6 opening-hand actions


def _play_to_opening_actions(game, plan=None):
    return drive(game, plan, until=lambda d: d.kind == OHA)


def test_103_6a_leyline_begins_on_battlefield():
    """103.6a: a card that lets its owner begin the game with it on the battlefield (Leyline of
    the Void) is put onto the battlefield from the opening hand; one action per card, any
    number, then the player passes."""
    game, _ = new_game(decks=[leyline_deck(), basic_deck()])
    (kom,) = game.pending()
    assert list(kom.actions) == []  # Leylines are not 103.5b cards
    d = _play_to_opening_actions(game)
    assert (d.kind, d.seat) == (OHA, 0)
    hand = list(game.hand(0))
    assert set(d.actions) == set(hand)
    first, second = hand[0], hand[3]
    game.opening_hand_action(0, first)
    (d,) = game.pending()
    assert (d.kind, d.seat) == (OHA, 0)
    assert first not in d.actions
    game.opening_hand_action(0, second)
    z = game.zones(0)
    assert set(z["battlefield"]) == {first, second} and len(z["battlefield"]) == 2
    assert len(z["hand"]) == 5 and first not in z["hand"] and second not in z["hand"]
    assert_illegal(game, 2, game.opening_hand_action, 0, first)  # already on the battlefield
    game.pass_actions(0)
    results = finish(game)
    assert set(results[0].battlefield) == {first, second} and len(results[0].battlefield) == 2
    assert len(results[0].hand) == 5
    assert events_of(game, OHA) and events_of(game, "pass_actions")


def test_103_6a_gemstone_caverns_non_starting_player_exiles_a_card():
    """103.6a: Gemstone Caverns may begin the game on the battlefield only if its owner is not the
    starting player, and then they exile a card from their hand."""
    game, _ = new_game(decks=[caverns_deck(), caverns_deck()], starting_player=0)
    d = _play_to_opening_actions(game)
    # the starting player's Caverns are not usable, so only seat 1 is asked
    assert kinds_seats(game) == [(OHA, 1)]
    hand = list(game.hand(1))
    caverns, other = hand[0], hand[1]
    assert caverns in d.actions
    assert_illegal(game, 2, game.opening_hand_action, 1, caverns)  # needs exile=
    assert_illegal(game, 2, game.opening_hand_action, 1, caverns, exile=caverns)  # another card
    library_card = game.zones(1)["library"][0]
    assert_illegal(game, 2, game.opening_hand_action, 1, caverns, exile=library_card)
    starting_card = game.hand(0)[0]
    assert_illegal(game, 2, game.opening_hand_action, 0, starting_card, exile=game.hand(0)[1])
    game.opening_hand_action(1, caverns, exile=other)
    z = game.zones(1)
    assert list(z["battlefield"]) == [caverns]
    assert list(z["exile"]) == [other]
    assert len(z["hand"]) == 5
    assert len(z["library"]) == 53
    results = finish(game)
    assert list(results[0].battlefield) == []
    assert list(results[1].battlefield) == [caverns]
    assert list(results[1].exile) == [other]


def odd_cave_deck(n=60):
    """A card with two opening-hand abilities: Gemstone Caverns' (103.6a) and a reveal (103.6b)."""
    return mono_deck("Odd Cave", n, land=True, tags=("gemstone_caverns", "reveal"))


def test_103_6a_starting_player_reveals_a_caverns_card_that_can_be_revealed():
    """103.6a: Gemstone Caverns' ability is only for a player who is not the starting player. A
    card that can also be revealed (103.6b) is usable by the starting player, for its reveal:
    it stays in hand, nothing is exiled, nothing goes onto the battlefield (docs/API.md). The
    other player uses the same card as Gemstone Caverns (a battlefield action comes first)."""
    game, _ = new_game(decks=[odd_cave_deck(), odd_cave_deck()], starting_player=0)
    d = _play_to_opening_actions(game)
    assert (d.kind, d.seat) == (OHA, 0)
    hand = list(game.hand(0))
    card, other = hand[0], hand[1]
    assert set(d.actions) == set(hand)
    # An exile is the Gemstone Caverns path: refused, and nothing changes.
    assert_illegal(game, 2, game.opening_hand_action, 0, card, exile=other)
    with pytest.raises(IllegalActionError, match="103.6a"):
        game.opening_hand_action(0, card, exile=other)
    game.opening_hand_action(0, card)
    z = game.zones(0)
    assert list(z["revealed"]) == [card]
    assert list(z["battlefield"]) == [] and list(z["exile"]) == []
    assert list(z["hand"]) == hand
    (event,) = events_of(game, OHA)
    assert (event["seat"], event["action"], event["exiled"]) == (0, "reveal", None)
    assert event["rule"] == "103.6b"
    (d,) = game.pending()
    assert (d.kind, d.seat) == (OHA, 0) and card not in d.actions
    assert_illegal(game, 2, game.opening_hand_action, 0, card)  # revealed once
    game.pass_actions(0)

    (d,) = game.pending()
    assert (d.kind, d.seat) == (OHA, 1)
    hand1 = list(game.hand(1))
    assert_illegal(game, 2, game.opening_hand_action, 1, hand1[0])  # Caverns: exile= needed
    game.opening_hand_action(1, hand1[0], exile=hand1[1])
    event = events_of(game, OHA)[-1]
    assert (event["seat"], event["action"]) == (1, "gemstone_caverns")
    results = finish(game)
    assert list(results[0].battlefield) == [] and list(results[0].revealed) == [card]
    assert list(results[1].battlefield) == [hand1[0]] and list(results[1].exile) == [hand1[1]]
    assert list(results[1].revealed) == []


def test_103_6b_chancellor_is_revealed_and_stays_in_hand():
    """103.6b: a card that lets its owner reveal it from the opening hand (Chancellor of the
    Dross) stays in the hand and is revealed (once) until the first turn begins."""
    game, _ = new_game(decks=[chancellor_deck(), basic_deck()])
    d = _play_to_opening_actions(game)
    assert (d.kind, d.seat) == (OHA, 0)
    card = game.hand(0)[2]
    game.opening_hand_action(0, card)
    z = game.zones(0)
    assert card in z["hand"] and len(z["hand"]) == 7
    assert list(z["revealed"]) == [card]
    assert list(z["battlefield"]) == []
    (d,) = game.pending()
    assert (d.kind, d.seat) == (OHA, 0) and card not in d.actions
    assert_illegal(game, 2, game.opening_hand_action, 0, card)  # each card revealed once
    game.pass_actions(0)
    results = finish(game)
    assert list(results[0].revealed) == [card]
    assert card in results[0].hand


def test_103_6_opening_hand_actions_after_mulligans_starting_player_first():
    """103.6: opening-hand actions are taken only after the whole mulligan process; the starting
    player takes all of theirs, then each other player in turn order."""
    game, _ = new_game(decks=[leyline_deck(), leyline_deck()], starting_player=1)
    log = []
    drive(game, {0: "mk", 1: "k"}, log=log, until=lambda d: d.kind == OHA)
    kinds = [k for k, *_ in log]
    assert kinds.count(KOM) == 3 and kinds.count("bottom") == 1
    assert len(game.hand(0)) == 6
    assert kinds_seats(game) == [(OHA, 1)]
    game.opening_hand_action(1, game.hand(1)[0])
    assert kinds_seats(game) == [(OHA, 1)]
    game.pass_actions(1)
    assert kinds_seats(game) == [(OHA, 0)]
    assert_illegal(game, 2, game.opening_hand_action, 1, game.hand(1)[0])  # already passed
    game.opening_hand_action(0, game.hand(0)[0])
    game.pass_actions(0)
    results = finish(game)
    assert [len(r.battlefield) for r in results] == [1, 1]
    assert [len(r.hand) for r in results] == [5, 6]


def test_103_6_two_headed_giant_team_takes_opening_actions_together():
    """103.6 / 805.3b: with shared team turns the starting team takes its opening-hand actions
    (teammates together), then the other team."""
    game, _ = new_game(
        Variant.TWO_HEADED_GIANT,
        4,
        decks=[leyline_deck() for _ in range(4)],
        teams=[TEAM_A, TEAM_A, TEAM_B, TEAM_B],
        starting_player=2,
    )
    _play_to_opening_actions(game)
    assert kinds_seats(game) == [(OHA, 2), (OHA, 3)]
    game.opening_hand_action(3, game.hand(3)[0])
    game.pass_actions(3)
    assert kinds_seats(game) == [(OHA, 2)]
    game.pass_actions(2)
    assert kinds_seats(game) == [(OHA, 0), (OHA, 1)]
    results = finish(game)
    assert [len(r.battlefield) for r in results] == [0, 0, 0, 1]


# --------------------------------------------------------------------------------------------
# 103.8 first draw

FIRST_DRAW_CASES = [
    ("two_player", dict(variant=Variant.TWO_PLAYER, n=2, starting_player=1), [1]),
    ("vanguard", dict(variant=Variant.VANGUARD, n=2, starting_player=0), [0]),
    ("commander_2", dict(variant=Variant.COMMANDER, n=2, starting_player=1), [1]),
    ("brawl_2", dict(variant=Variant.BRAWL, n=2, starting_player=0), [0]),
    (
        "2hg",
        dict(
            variant=Variant.TWO_HEADED_GIANT,
            n=4,
            teams=[TEAM_A, TEAM_A, TEAM_B, TEAM_B],
            starting_player=2,
        ),
        [2, 3],
    ),
    ("free_for_all", dict(variant=Variant.FREE_FOR_ALL, n=3, starting_player=1), []),
    ("commander_4", dict(variant=Variant.COMMANDER, n=4, starting_player=0), []),
    ("archenemy", dict(variant=Variant.ARCHENEMY, n=4, archenemy=0, starting_player=None), []),
]


@pytest.mark.parametrize(
    "case, kwargs, skipping", FIRST_DRAW_CASES, ids=[c[0] for c in FIRST_DRAW_CASES]
)
def test_103_8_first_draw_skip(case, kwargs, skipping):
    """103.8a: in a two-player game the starting player skips the draw step of their first turn;
    103.8b: in Two-Headed Giant the starting team skips it; 103.8c: in any other multiplayer game
    nobody skips it."""
    game, _ = new_game(**kwargs)
    results = finish(game)
    assert [r.seat for r in results if r.skips_first_draw] == skipping
    (event,) = events_of(game, "first_draw")
    assert sorted(event["skipping"]) == skipping
