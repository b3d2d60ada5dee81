"""Scenario tests for the start of a game (Comprehensive Rules 103): the starting player
(103.1), the set-up before shuffling (103.2) and starting life (103.4). The mulligans are in
test_mulligans.py, opening-hand actions and the first draw in test_opening_actions.py, refused
answers and set-up errors in test_game_errors.py (helpers: game_util.py).
"""

import pytest

from mulligan import (
    Card,
    Deck,
    Match,
    MulliganRule,
    Player,
    Seed,
    Variant,
)
from tests.game_util import (
    KOM,
    SEED,
    TEAM_A,
    TEAM_B,
    assert_illegal,
    basic_deck,
    events_of,
    finish,
    kinds_seats,
    new_game,
)

# --------------------------------------------------------------------------------------------
# 103.1 starting player


def test_103_1_fixed_starting_player_needs_no_choice():
    """103.1: the starting player is determined before the game; when the host fixes it
    (`starting_player=seat`) no "choose_starting_player" decision is asked and that player
    is the first to declare (103.5)."""
    game, _ = new_game(starting_player=1)
    assert game.starting_player == 1
    assert kinds_seats(game) == [(KOM, 1)]


def test_103_1_random_chooser_gets_choose_starting_player_decision():
    """103.1: in game 1 a fair random method picks who chooses which player goes first; the
    chooser's decision may name any seat."""
    game, _ = new_game(Variant.FREE_FOR_ALL, 3, starting_player=None)
    pending = game.pending()
    assert len(pending) == 1
    d = pending[0]
    assert d.kind == "choose_starting_player"
    assert d.seat in (0, 1, 2)
    assert sorted(d.options) == [0, 1, 2]
    assert game.starting_player is None
    assert events_of(game, "choose_chooser")


@pytest.mark.parametrize("target", [0, 1, 2])
def test_103_1_chooser_may_name_any_seat(target):
    """103.1: the chosen player decides who takes the first turn: any player, themself or
    another; turn order then runs from that player."""
    game, _ = new_game(Variant.FREE_FOR_ALL, 3, starting_player=None)
    (d,) = game.pending()
    game.choose_starting_player(d.seat, target)
    assert game.starting_player == target
    assert kinds_seats(game) == [(KOM, target)]
    assert events_of(game, "starting_player")


def test_103_1_illegal_chooser_raises():
    """103.1: only the randomly determined chooser decides; another player's answer, or naming a
    seat that is not in the game, raises IllegalActionError and changes nothing."""
    game, _ = new_game(Variant.FREE_FOR_ALL, 3, starting_player=None)
    (d,) = game.pending()
    other = (d.seat + 1) % 3
    assert_illegal(game, 3, game.choose_starting_player, other, other)
    assert_illegal(game, 3, game.choose_starting_player, d.seat, 3)
    assert_illegal(game, 3, game.choose_starting_player, d.seat, 17)
    # and a later answer by the right player still works
    game.choose_starting_player(d.seat, other)
    assert game.starting_player == other


def test_103_1b_archenemy_starts_without_choice():
    """103.1b: in an Archenemy game the archenemy takes the first turn; nobody chooses."""
    game, _ = new_game(Variant.ARCHENEMY, 4, archenemy=2, starting_player=None)
    assert game.starting_player == 2
    kinds = [d.kind for d in game.pending()]
    assert "choose_starting_player" not in kinds
    assert kinds_seats(game) == [(KOM, 2)]


def test_103_1a_two_headed_giant_named_seats_team_starts():
    """103.1a: in a game using shared team turns a starting *team* is chosen: naming a seat
    makes that seat's team the starting team; its players declare first (103.5d) and skip the
    first draw (103.8b)."""
    game, _ = new_game(
        Variant.TWO_HEADED_GIANT, 4, teams=[TEAM_A, TEAM_A, TEAM_B, TEAM_B], starting_player=None
    )
    (d,) = game.pending()
    assert d.kind == "choose_starting_player"
    game.choose_starting_player(d.seat, 3)
    assert game.starting_player in (2, 3)
    assert kinds_seats(game) == [(KOM, 2), (KOM, 3)]
    results = finish(game)
    assert [r.skips_first_draw for r in results] == [False, False, True, True]
    (first_draw,) = events_of(game, "first_draw")
    assert sorted(first_draw["skipping"]) == [2, 3]


def test_103_1_random_chooser_is_seeded_and_not_constant():
    """103.1 / 701.24a: the chooser is picked by a fair random method drawn from the game's seed:
    the same seed picks the same chooser, and over many seeds both seats are picked."""
    choosers = []
    for i in range(32):
        seed = bytes([i]) * 32
        a, _ = new_game(seed=seed, starting_player=None)
        b, _ = new_game(seed=Seed.from_bytes(seed), starting_player=None)
        (da,) = a.pending()
        (db,) = b.pending()
        assert da.kind == db.kind == "choose_starting_player"
        assert da.seat == db.seat
        choosers.append(da.seat)
    assert set(choosers) == {0, 1}


def _match_players():
    return [Player("Ann", basic_deck()), Player("Ben", basic_deck())]


def _chooser(game):
    (d,) = game.pending()
    assert d.kind == "choose_starting_player"
    return d.seat


def test_103_1_match_loser_of_previous_game_chooses():
    """103.1 (seed 002, 101.2): "In a match of several games, the loser of the previous game
    decides who will take the first turn." """
    match = Match(_match_players(), seed=SEED)
    g1 = match.new_game()
    c1 = _chooser(g1)
    finish(g1)
    loser = 1 - c1
    match.record_result(loser=loser)
    assert match.games_played == 1
    assert match.next_chooser == loser
    g2 = match.new_game()
    assert _chooser(g2) == loser
    finish(g2)
    match.record_result(loser=c1)
    assert match.games_played == 2
    assert match.next_chooser == c1
    g3 = match.new_game()
    assert _chooser(g3) == c1


def test_103_1_match_after_draw_previous_chooser_chooses_again():
    """103.1 (seed 002, 101.2): "If the previous game was a draw, the person who determined who
    would take the first turn in the previous game decides." """
    match = Match(_match_players(), seed=SEED)
    g1 = match.new_game()
    c1 = _chooser(g1)
    finish(g1)
    match.record_result(loser=None)
    g2 = match.new_game()
    assert _chooser(g2) == c1
    finish(g2)
    match.record_result(loser=None)
    g3 = match.new_game()
    assert _chooser(g3) == c1
    finish(g3)
    match.record_result(loser=1 - c1)
    g4 = match.new_game()
    assert _chooser(g4) == 1 - c1
    finish(g4)
    match.record_result(loser=None)
    assert match.games_played == 4
    assert match.next_chooser == 1 - c1
    g5 = match.new_game()
    assert _chooser(g5) == 1 - c1


def test_103_1_london_chooses_starting_player_before_shuffling():
    """103.1 (since 2020-07-03): the starting player is determined before the decks are
    shuffled; while the choice is pending no library has been shuffled or hand drawn."""
    game, _ = new_game(starting_player=None)
    (d,) = game.pending()
    assert d.kind == "choose_starting_player"
    assert events_of(game, "shuffle") == []
    assert events_of(game, "draw") == []
    game.choose_starting_player(d.seat, d.seat)
    assert len(events_of(game, "shuffle")) >= 2


@pytest.mark.parametrize(
    "rule", [MulliganRule.PARIS, MulliganRule.VANCOUVER, MulliganRule.PARIS_SEQUENTIAL]
)
def test_101_1_older_eras_shuffle_before_choosing(rule):
    """Seed 002, 101.1-101.2: "At the start of a game, each player shuffles his or her deck ...
    After the decks have been shuffled, the players determine who chooses which player goes
    first"."""
    game, _ = new_game(rule=rule, starting_player=None)
    (d,) = game.pending()
    assert d.kind == "choose_starting_player"
    assert len(events_of(game, "shuffle")) >= 2
    # 101.3: hands are drawn once the starting player has been determined
    game.choose_starting_player(d.seat, 1 - d.seat)
    assert [len(game.hand(s)) for s in (0, 1)] == [7, 7]
    assert kinds_seats(game) == [(KOM, 1 - d.seat)]


# --------------------------------------------------------------------------------------------
# 103.2 set-up before shuffling


def test_103_2a_sideboard_and_companion_not_in_library():
    """103.2a: the sideboard is set aside before shuffling; the remaining cards are the player's
    starting deck and become the library (103.3).  103.2b: a companion stays outside the game.
    So library + hand is exactly deck.cards (as identities), before and after mulligans."""
    sideboard = [Card("Pyroblast")] * 15
    companion = Card("Lurrus of the Dream-Den")
    deck = Deck(
        [Card("Mountain", land=True)] * 24 + [Card("Lightning Bolt")] * 36,
        sideboard=sideboard,
        companions=[companion],
    )
    game, _ = new_game(decks=[deck, basic_deck()])
    outside = set(deck.sideboard) | set(deck.companions)
    assert len(outside) == 16

    def check():
        z = game.zones(0)
        inside = list(z["library"]) + list(z["hand"])
        assert len(inside) == len(deck) == 60
        assert set(inside) == set(deck.cards)
        assert not outside & set(inside)

    check()
    assert events_of(game, "set_aside")
    finish(game, {0: "mmk"})
    check()


def test_103_2c_commander_not_in_library():
    """103.2c: each commander is put into the command zone before shuffling, so it is not in the
    library or the hand; the 99 other cards are."""
    game, decks = new_game(Variant.COMMANDER, 2)
    finish(game, {1: "mk"})
    for seat, deck in enumerate(decks):
        z = game.zones(seat)
        inside = list(z["library"]) + list(z["hand"])
        assert len(inside) == 99
        assert set(inside) == set(deck.cards)
        for commander in deck.commanders:
            assert commander not in inside
    assert events_of(game, "commander")


# --------------------------------------------------------------------------------------------
# 103.4 starting life


LIFE_CASES = [
    ("two_player", dict(variant=Variant.TWO_PLAYER, n=2), [20, 20]),
    ("free_for_all", dict(variant=Variant.FREE_FOR_ALL, n=4), [20, 20, 20, 20]),
    ("commander_2", dict(variant=Variant.COMMANDER, n=2), [40, 40]),
    ("commander_4", dict(variant=Variant.COMMANDER, n=4), [40, 40, 40, 40]),
    ("brawl_2", dict(variant=Variant.BRAWL, n=2), [25, 25]),
    ("brawl_3", dict(variant=Variant.BRAWL, n=3), [30, 30, 30]),
    (
        "2hg_2x2",
        dict(variant=Variant.TWO_HEADED_GIANT, n=4, teams=[TEAM_A, TEAM_A, TEAM_B, TEAM_B]),
        [30, 30, 30, 30],
    ),
    (
        "2hg_2x3",
        dict(
            variant=Variant.TWO_HEADED_GIANT,
            n=6,
            teams=[TEAM_A, TEAM_A, TEAM_A, TEAM_B, TEAM_B, TEAM_B],
        ),
        [45] * 6,
    ),
    (
        "archenemy",
        dict(variant=Variant.ARCHENEMY, n=4, archenemy=2, starting_player=None),
        [20, 20, 40, 20],
    ),
    (
        "vanguard",
        dict(
            variant=Variant.VANGUARD,
            n=2,
            player_kw={0: {"life_modifier": 3}, 1: {"life_modifier": -4}},
        ),
        [23, 16],
    ),
    (
        "commander_with_life_modifier",
        dict(variant=Variant.COMMANDER, n=2, player_kw={1: {"life_modifier": 5}}),
        [40, 45],
    ),
    (
        # One shared total per team: 30 plus the sum of the teammates' modifiers.
        "2hg_with_life_modifiers",
        dict(
            variant=Variant.TWO_HEADED_GIANT,
            n=4,
            teams=[TEAM_A, TEAM_A, TEAM_B, TEAM_B],
            player_kw={0: {"life_modifier": 3}, 1: {"life_modifier": -1}, 3: {"life_modifier": 5}},
        ),
        [32, 32, 35, 35],
    ),
]


@pytest.mark.parametrize("case, kwargs, expected", LIFE_CASES, ids=[c[0] for c in LIFE_CASES])
def test_103_4_starting_life_totals(case, kwargs, expected):
    """103.4: 20 life; Two-Headed Giant 30 per team + 15 per player beyond two (810.11, each
    teammate reports the shared total, which every teammate's life modifier changes); Vanguard
    20 +/- the life modifier (applied in any variant); Commander 40; Brawl 25 two-player, 30
    multiplayer; Archenemy 40 for the archenemy, 20 for the others."""
    game, _ = new_game(**kwargs)
    results = finish(game)
    assert [r.life for r in results] == expected
    assert [r.seat for r in results] == list(range(len(expected)))
    assert [e["life"] for e in events_of(game, "life")] == expected
