"""Illegal answers leave everything as it was; set-ups the rules refuse raise clear errors;
events and determinism.
"""

import json

import pytest

from mulligan import (
    Game,
    GameConfigError,
    IllegalActionError,
    MulliganError,
    MulliganTypeError,
    Player,
    Variant,
)
from tests.game_util import (
    SEED,
    SEED_B,
    TEAM_A,
    TEAM_B,
    assert_illegal,
    basic_deck,
    drive,
    finish,
    leyline_deck,
    new_game,
    serum_powder_deck,
)

# --------------------------------------------------------------------------------------------
# illegal answers leave everything as it was


def test_illegal_answer_from_wrong_seat():
    """103.5: the starting player declares first; another player's declaration now is not
    allowed: IllegalActionError, nothing changes."""
    game, _ = new_game(starting_player=0)
    assert_illegal(game, 2, game.keep, 1)
    assert_illegal(game, 2, game.mulligan, 1)
    assert_illegal(game, 2, game.keep, 9)
    game.keep(0)
    assert_illegal(game, 2, game.keep, 0)  # keeping is final
    assert_illegal(game, 2, game.mulligan, 0)


def test_illegal_bottom_card_not_in_hand():
    """103.5: the cards put on the bottom are cards of the new hand; a library card, an
    opponent's card or a card listed twice is not allowed."""
    game, _ = new_game()
    drive(game, {0: "mm"}, until=lambda d: d.kind == "bottom" and d.count == 2)
    hand = list(game.hand(0))
    library_card = game.zones(0)["library"][0]
    opponent_card = game.hand(1)[0]
    assert_illegal(game, 2, game.bottom, 0, [hand[0], library_card])
    assert_illegal(game, 2, game.bottom, 0, [hand[0], opponent_card])
    assert_illegal(game, 2, game.bottom, 0, [hand[0], hand[0]])
    assert_illegal(game, 2, game.bottom, 1, [opponent_card, game.hand(1)[1]])  # not pending
    game.bottom(0, hand[:2])
    assert len(game.hand(0)) == 5


def test_illegal_bottom_wrong_number_of_cards():
    """103.5: exactly as many cards as mulligans taken (here 1) go to the bottom."""
    game, _ = new_game()
    d = drive(game, {0: "m"}, until=lambda d: d.kind == "bottom")
    assert d.count == 1
    hand = list(game.hand(0))
    assert_illegal(game, 2, game.bottom, 0, [])
    assert_illegal(game, 2, game.bottom, 0, hand[:2])
    assert_illegal(game, 2, game.bottom, 0, hand)
    assert_illegal(game, 2, game.keep, 0)  # must bottom first
    game.bottom(0, hand[:1])


def test_illegal_answers_when_nothing_of_that_kind_is_pending():
    """Any answer that is not a pending decision raises IllegalActionError and changes nothing:
    choosing when the starting player is fixed, bottoming or a Vancouver look in a London game
    before any mulligan, opening-hand actions during mulligans, anything after the end."""
    game, _ = new_game(decks=[serum_powder_deck(), leyline_deck()], starting_player=0)
    assert_illegal(game, 2, game.choose_starting_player, 0, 1)
    assert_illegal(game, 2, game.bottom, 0, [game.hand(0)[0]])
    assert_illegal(game, 2, game.vancouver, 0, True)
    assert_illegal(game, 2, game.opening_hand_action, 1, game.hand(1)[0])
    assert_illegal(game, 2, game.pass_actions, 0)
    assert_illegal(game, 2, game.mulligan_action, 1, game.hand(1)[0])  # Leyline, not 103.5b
    library_powder = game.zones(0)["library"][0]
    assert_illegal(game, 2, game.mulligan_action, 0, library_powder)  # not in hand
    with pytest.raises(IllegalActionError):
        game.result()  # before done
    finish(game)
    assert_illegal(game, 2, game.keep, 0)
    assert_illegal(game, 2, game.mulligan, 1)
    assert_illegal(game, 2, game.pass_actions, 1)


# --------------------------------------------------------------------------------------------
# errors


def test_error_classes():
    """docs/API.md Errors: IllegalActionError and GameConfigError are MulliganErrors and
    ValueErrors."""
    assert issubclass(IllegalActionError, MulliganError)
    assert issubclass(IllegalActionError, ValueError)
    assert issubclass(GameConfigError, MulliganError)
    assert issubclass(GameConfigError, ValueError)
    assert issubclass(MulliganError, Exception)


CONFIG_ERRORS = [
    ("two_player_with_3", dict(variant=Variant.TWO_PLAYER, n=3)),
    ("2hg_without_teams", dict(variant=Variant.TWO_HEADED_GIANT, n=4)),
    (
        "2hg_teams_of_one",
        dict(variant=Variant.TWO_HEADED_GIANT, n=2, teams=[TEAM_A, TEAM_B]),
    ),
    ("free_for_all_with_2", dict(variant=Variant.FREE_FOR_ALL, n=2)),
    ("vanguard_with_1", dict(variant=Variant.VANGUARD, n=1)),
    (
        "2hg_teams_of_3_and_2",
        dict(variant=Variant.TWO_HEADED_GIANT, n=5, teams=[TEAM_A] * 3 + [TEAM_B] * 2),
    ),
    ("archenemy_without_archenemy", dict(variant=Variant.ARCHENEMY, n=4, starting_player=None)),
]


@pytest.mark.parametrize("case, kwargs", CONFIG_ERRORS, ids=[c[0] for c in CONFIG_ERRORS])
def test_game_config_errors(case, kwargs):
    """docs/API.md: player counts per variant (TWO_PLAYER exactly 2, VANGUARD 2+ (902.2),
    FREE_FOR_ALL 3+, TWO_HEADED_GIANT teams of one size, 2+, with every player on a team
    (810.11), ARCHENEMY exactly one archenemy); anything else raises GameConfigError."""
    with pytest.raises(GameConfigError):
        new_game(**kwargs)


def test_103_5a_negative_hand_size_is_rejected():
    """103.5a / docs: the starting hand size 7 + hand_modifier must not be negative."""
    with pytest.raises(MulliganError):
        new_game(Variant.VANGUARD, 2, player_kw={0: {"hand_modifier": -8}})
    with pytest.raises(GameConfigError, match=r'seat 1 \("P1"\).*hand size -2'):
        new_game(Variant.VANGUARD, 2, player_kw={1: {"hand_modifier": -9}})
    game, _ = new_game(Variant.VANGUARD, 2, player_kw={1: {"hand_modifier": -7}})
    assert len(game.hand(1)) == 0


OUT_OF_RANGE_MODIFIERS = [2**31 - 1, 2**31 - 7, 1_000_001, -1_000_001, -(2**31)]


@pytest.mark.parametrize("field", ["hand_modifier", "life_modifier"])
@pytest.mark.parametrize("value", OUT_OF_RANGE_MODIFIERS)
def test_vanguard_modifiers_out_of_range_are_config_errors(field, value):
    """docs/API.md: a Vanguard modifier is between -1,000,000 and 1,000,000 (2**31 - 1 used to
    overflow the hand size or the life total: a 60-card hand, a negative life). The error names
    the player and the value; the players and decks are left as they were and still play."""
    decks = [basic_deck(), basic_deck()]
    players = [Player("Ann", decks[0]), Player("Ben", decks[1], **{field: value})]
    expected = rf'seat 1 \("Ben"\): {field} {value} is out of range'
    with pytest.raises(GameConfigError, match=expected):
        Game(players, variant=Variant.VANGUARD, seed=SEED, starting_player=0)
    assert getattr(players[1], field) == value
    assert players[1].deck is decks[1] and len(decks[1]) == 60
    ok = [Player("Ann", decks[0]), Player("Ben", decks[1])]
    results = finish(Game(ok, variant=Variant.VANGUARD, seed=SEED, starting_player=0))
    assert [len(r.hand) for r in results] == [7, 7]


@pytest.mark.parametrize("field", ["hand_modifier", "life_modifier"])
@pytest.mark.parametrize("value", [2**31, -(2**31) - 1, 10**30])
def test_vanguard_modifiers_beyond_int32_are_config_errors_too(field, value):
    """An int too large for the engine is refused like any other out-of-range modifier."""
    with pytest.raises(GameConfigError, match=rf'player "Ben": {field} {value} is out of range'):
        Player("Ben", basic_deck(), **{field: value})
    with pytest.raises(MulliganTypeError):
        Player("Ben", basic_deck(), **{field: 1.5})


def test_vanguard_modifiers_at_the_bound_are_accepted():
    """+-1,000,000 is allowed: a huge hand size draws the whole library (121.4 aside), a huge
    negative life modifier gives a starting life below 0 (the game start applies no
    state-based actions)."""
    game, _ = new_game(
        Variant.VANGUARD,
        2,
        player_kw={
            0: {"hand_modifier": 1_000_000, "life_modifier": 1_000_000},
            1: {"hand_modifier": -7, "life_modifier": -1_000_000},
        },
    )
    assert [len(game.hand(s)) for s in (0, 1)] == [60, 0]
    results = finish(game)
    assert [r.life for r in results] == [1_000_020, -999_980]


# --------------------------------------------------------------------------------------------
# events and determinism


def _scripted(seed, starting_player=None):
    game, decks = new_game(
        decks=[basic_deck(), basic_deck(land_name="Island", spell_name="Counterspell")],
        seed=seed,
        starting_player=starting_player,
    )
    finish(game, {0: "mmk", 1: "mk"})
    hands = [[decks[s].cards.index(c) for c in game.hand(s)] for s in (0, 1)]
    libraries = [[decks[s].cards.index(c) for c in game.zones(s)["library"]] for s in (0, 1)]
    return game, decks, hands, libraries


def test_events_are_typed_ruled_and_json_serialisable():
    """Every event is a dict with "type" and "rule" and can be serialised as JSON; the start of a
    game reports its shuffles (103.3), draws and declarations (103.5), mulligans, cards put on the
    bottom (401.4), life (103.4), the starting player (103.1) and the first draw (103.8)."""
    game, decks, _, _ = _scripted(SEED)
    events = game.events
    assert events
    for e in events:
        assert isinstance(e, dict)
        assert isinstance(e["type"], str) and e["type"]
        assert isinstance(e["rule"], str) and e["rule"]
    json.dumps(events)
    types = {e["type"] for e in events}
    for needed in (
        "shuffle",
        "draw",
        "keep",
        "declare_mulligan",
        "mulligan",
        "bottom",
        "life",
        "choose_chooser",
        "starting_player",
        "first_draw",
    ):
        assert needed in types, needed
    names = {c.name for d in decks for c in d.cards}

    def walk(x):
        if isinstance(x, dict):
            if set(x) == {"id", "name"}:
                assert isinstance(x["id"], int) and 0 <= x["id"] < 60
                assert x["name"] in names
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(events)


def test_determinism_same_seed_same_game():
    """701.24a: shuffles are reproducible for whoever holds the seed: the same seed (in any of its
    accepted forms) and the same answers give identical events, hands and libraries."""
    g1, _, hands1, libs1 = _scripted(SEED)
    g2, _, hands2, libs2 = _scripted(SEED.hex())
    g3, _, hands3, libs3 = _scripted(bytes(SEED))
    assert g1.events == g2.events == g3.events
    assert hands1 == hands2 == hands3
    assert libs1 == libs2 == libs3
    assert g1.commitment == g2.commitment == SEED.commitment()
    assert [(r.life, r.mulligans, r.library_size) for r in g1.result()] == [
        (r.life, r.mulligans, r.library_size) for r in g2.result()
    ]


def test_determinism_different_seed_different_hands():
    """701.24a: a different seed gives a different (random) game: different opening hands."""
    _, _, hands_a, libs_a = _scripted(SEED, starting_player=0)
    _, _, hands_b, libs_b = _scripted(SEED_B, starting_player=0)
    assert hands_a != hands_b
    assert libs_a != libs_b
