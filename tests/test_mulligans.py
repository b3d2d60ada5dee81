"""Mulligans: the London mulligan (103.5), Serum Powder (103.5b), free mulligans (103.5c),
shared team turns (103.5d), and the older Paris-era rules 101.x (seeds 002 and 003) and the
Vancouver mulligan.
"""

import pytest

from mulligan import (
    MulliganRule,
    Variant,
)
from tests.game_util import (
    KOM,
    TEAM_A,
    TEAM_B,
    answer,
    assert_illegal,
    basic_deck,
    drive,
    events_of,
    finish,
    kinds_seats,
    new_game,
    serum_powder_deck,
)

# --------------------------------------------------------------------------------------------
# 103.5 London mulligan


def test_103_5_each_player_draws_seven():
    """103.5: "Cada jugador roba una cantidad de cartas igual a su tamaño de mano inicial, que
    normalmente es siete." Libraries keep the other 53 cards."""
    game, _ = new_game()
    for seat in (0, 1):
        z = game.zones(seat)
        assert len(z["hand"]) == 7
        assert len(z["library"]) == 53
        assert list(game.hand(seat)) == list(z["hand"])
        for zone in ("battlefield", "exile", "revealed"):
            assert list(z[zone]) == []
    assert len(events_of(game, "draw")) >= 2
    (d,) = game.pending()
    assert d.kind == KOM and d.seat == 0
    assert list(d.hand) == list(game.hand(0))
    assert d.can_mulligan is True


def test_103_5a_hand_modifier_changes_starting_hand_size():
    """103.5a: in a Vanguard game each player's starting hand size is seven plus or minus the
    hand modifier; a London mulligan draws that many and bottoms one per mulligan."""
    game, _ = new_game(
        Variant.VANGUARD, 2, player_kw={0: {"hand_modifier": -1}, 1: {"hand_modifier": 2}}
    )
    assert [len(game.hand(s)) for s in (0, 1)] == [6, 9]
    log = []
    results = finish(game, {0: "mk"}, log)
    assert [(k, s, c, h) for k, s, c, h, _ in log if k == "bottom"] == [("bottom", 0, 1, 6)]
    assert [len(r.hand) for r in results] == [5, 9]
    assert [r.library_size for r in results] == [55, 51]


@pytest.mark.parametrize(
    "variant, n, start, order",
    [
        (Variant.TWO_PLAYER, 2, 1, [1, 0]),
        (Variant.FREE_FOR_ALL, 4, 2, [2, 3, 0, 1]),
        (Variant.FREE_FOR_ALL, 3, 0, [0, 1, 2]),
    ],
)
def test_103_5_declarations_one_at_a_time_in_turn_order(variant, n, start, order):
    """103.5: "First, the starting player declares whether they will take a mulligan. Then each
    other player in turn order does the same." Without shared team turns only one
    keep_or_mulligan decision is pending at a time, the starting player's first."""
    game, _ = new_game(variant, n, starting_player=start)
    seen = []
    while game.pending():
        pending = game.pending()
        assert len(pending) == 1
        (d,) = pending
        if d.kind == KOM:
            seen.append(d.seat)
            game.keep(d.seat)
        else:
            answer(game, d, {})
    assert game.done
    assert seen == order
    assert len(events_of(game, "keep")) == n


def test_103_5_london_three_mulligans_then_keep_bottoms_three():
    """103.5 (London): to mulligan, shuffle the hand into the library, draw a new hand of the
    starting hand size (7), then put on the bottom as many cards as mulligans taken so far.
    Three mulligans: bottom 1, 2, then 3 of a 7-card hand; the kept hand is 4 cards and the
    library 56 of a 60-card deck."""
    game, _ = new_game()
    log = []
    results = finish(game, {0: "mmmk"}, log)
    bottoms = [(seat, count, hand) for kind, seat, count, hand, _ in log if kind == "bottom"]
    assert bottoms == [(0, 1, 7), (0, 2, 7), (0, 3, 7)]
    assert [len(r.hand) for r in results] == [4, 7]
    assert [r.library_size for r in results] == [56, 53]
    assert [r.mulligans for r in results] == [3, 0]
    assert len(game.zones(0)["library"]) == 56
    assert len(events_of(game, "mulligan")) == 3
    assert all(e["free"] is False for e in events_of(game, "mulligan"))


def test_103_5_london_bottomed_cards_at_bottom_in_chosen_order():
    """103.5 / 401.4: the player puts the cards on the bottom "in any order"; the sequence given
    to game.bottom is their top-to-bottom order, so they end exactly as the last cards of the
    library."""
    game, _ = new_game()
    plan = {0: "mmm"}
    d = drive(game, plan, until=lambda d: d.kind == "bottom" and d.count == 3)
    assert d.seat == 0
    hand = list(game.hand(0))
    assert len(hand) == 7 and list(d.hand) == hand
    chosen = [hand[4], hand[0], hand[6]]
    game.bottom(0, chosen)
    z = game.zones(0)
    assert list(z["library"])[-3:] == chosen
    assert len(z["library"]) == 56
    assert set(z["hand"]) == set(hand) - set(chosen)
    assert events_of(game, "bottom")
    finish(game)
    assert list(game.zones(0)["library"])[-3:] == chosen
    assert set(game.hand(0)) == set(hand) - set(chosen)


def test_103_5c_first_mulligan_free_in_multiplayer():
    """103.5c: "In a multiplayer game and in any Brawl game, the first mulligan a player takes
    doesn't count toward the number of cards that player will put on the bottom of their
    library or the number of mulligans that player may take." """
    game, _ = new_game(Variant.FREE_FOR_ALL, 3)
    log = []
    results = finish(game, {0: "mmk"}, log)
    bottoms = [(seat, count) for kind, seat, count, _, _ in log if kind == "bottom"]
    assert bottoms == [(0, 1)]
    kom_hands = [hand for kind, seat, _, hand, _ in log if kind == KOM and seat == 0]
    assert kom_hands == [7, 7, 6]  # free mulligan: 7; counted one: 7 drawn, 1 bottomed
    assert [len(r.hand) for r in results] == [6, 7, 7]
    assert [r.mulligans for r in results] == [2, 0, 0]
    assert [e["free"] for e in events_of(game, "mulligan")] == [True, False]


def test_103_5c_two_player_commander_has_no_free_mulligan():
    """103.5c applies to multiplayer games and Brawl: a two-player Commander game is neither, so
    its first mulligan counts (one card to the bottom)."""
    game, _ = new_game(Variant.COMMANDER, 2)
    log = []
    results = finish(game, {0: "mk"}, log)
    assert [(k, s, c) for k, s, c, _, _ in log if k == "bottom"] == [("bottom", 0, 1)]
    assert [len(r.hand) for r in results] == [6, 7]
    assert [e["free"] for e in events_of(game, "mulligan")] == [False]


def test_103_5c_two_player_brawl_has_free_mulligan():
    """103.5c: "in any Brawl game" the first mulligan is free, two-player included."""
    game, _ = new_game(Variant.BRAWL, 2)
    log = []
    results = finish(game, {0: "mmk"}, log)
    assert [(k, s, c) for k, s, c, _, _ in log if k == "bottom"] == [("bottom", 0, 1)]
    assert [len(r.hand) for r in results] == [6, 7]
    assert [r.mulligans for r in results] == [2, 0]
    assert [e["free"] for e in events_of(game, "mulligan")] == [True, False]


def test_103_5_london_mulligan_down_to_zero_then_must_keep():
    """103.5: "A player can take mulligans until their opening hand would be zero cards, after
    which they may not take further mulligans."  Seven counted mulligans bottom all 7 cards; the
    next decision has can_mulligan False and game.mulligan raises IllegalActionError."""
    game, _ = new_game()
    plan = {0: "m" * 7}
    log = []
    d = drive(game, plan, log=log, until=lambda d: d.kind == KOM and d.seat == 0 and not plan[0])
    kom0 = [(hand, can) for kind, seat, _, hand, can in log if kind == KOM and seat == 0]
    assert kom0 == [(7 - i, True) for i in range(7)]
    assert [c for k, s, c, _, _ in log if k == "bottom"] == [1, 2, 3, 4, 5, 6, 7]
    assert d.can_mulligan is False
    assert list(d.hand) == [] and list(game.hand(0)) == []
    assert_illegal(game, 2, game.mulligan, 0)
    game.keep(0)
    results = finish(game)
    assert results[0].hand == [] or list(results[0].hand) == []
    assert results[0].mulligans == 7
    assert results[0].library_size == 60


def test_103_5c_free_mulligan_allows_eight_mulligans():
    """103.5c: the free first mulligan does not count toward the number of mulligans a player
    may take, so a 7-card starting hand allows 8 mulligans before the hand would be 0."""
    game, _ = new_game(Variant.FREE_FOR_ALL, 3)
    plan = {0: "m" * 8}
    log = []
    d = drive(game, plan, log=log, until=lambda d: d.kind == KOM and d.seat == 0 and not plan[0])
    assert all(can for kind, seat, _, _, can in log if kind == KOM and seat == 0)
    assert [c for k, s, c, _, _ in log if k == "bottom"] == [1, 2, 3, 4, 5, 6, 7]
    assert d.can_mulligan is False
    assert list(game.hand(0)) == []
    assert_illegal(game, 3, game.mulligan, 0)
    game.keep(0)
    results = finish(game)
    assert results[0].mulligans == 8
    assert list(results[0].hand) == []


def test_103_5_mulligans_are_simultaneous():
    """103.5: "Once each player has made a declaration, all players who decided to take
    mulligans do so at the same time."  No hand changes until the last player has declared."""
    game, _ = new_game(Variant.FREE_FOR_ALL, 3, starting_player=0)
    before = [list(game.hand(s)) for s in range(3)]
    game.mulligan(0)
    assert kinds_seats(game) == [(KOM, 1)]
    assert [list(game.hand(s)) for s in range(3)] == before
    assert events_of(game, "mulligan") == []
    assert len(events_of(game, "declare_mulligan")) == 1
    game.mulligan(1)
    assert kinds_seats(game) == [(KOM, 2)]
    assert [list(game.hand(s)) for s in range(3)] == before
    assert events_of(game, "mulligan") == []
    assert len(events_of(game, "declare_mulligan")) == 2
    game.mulligan(2)
    assert len(events_of(game, "mulligan")) == 3
    after = [list(game.hand(s)) for s in range(3)]
    for s in range(3):
        assert len(after[s]) == 7  # free multiplayer mulligan: 7 again, nothing to bottom
        assert set(after[s]) != set(before[s])
    # next round: again one at a time from the starting player
    assert kinds_seats(game) == [(KOM, 0)]


# --------------------------------------------------------------------------------------------
# 103.5b Serum Powder


def test_103_5b_serum_powder_exiles_hand_and_draws_that_many():
    """103.5b: an action a player may take "any time [they] could mulligan" is taken when they
    would declare; then they declare.  Serum Powder exiles the hand and draws that many cards;
    it is not a mulligan, and the exiled cards stay in exile."""
    game, _ = new_game(decks=[serum_powder_deck(), basic_deck()])
    (d,) = game.pending()
    assert d.kind == KOM and d.seat == 0
    assert d.actions and all(c in game.hand(0) for c in d.actions)
    old_hand = list(game.hand(0))
    game.mulligan_action(0, d.actions[0])
    z = game.zones(0)
    assert set(z["exile"]) == set(old_hand) and len(z["exile"]) == 7
    assert len(z["hand"]) == 7 and not set(z["hand"]) & set(old_hand)
    assert len(z["library"]) == 46
    # the same player's decision stays pending; the opponent has not been asked
    assert kinds_seats(game) == [(KOM, 0)]
    assert events_of(game, "mulligan_action")
    assert events_of(game, "mulligan") == []
    new_hand = list(game.hand(0))
    results = finish(game)
    assert results[0].mulligans == 0
    assert set(results[0].hand) == set(new_hand)
    assert set(results[0].exile) == set(old_hand)
    assert results[0].library_size == 46
    assert set(game.zones(0)["exile"]) == set(old_hand)


def test_103_5b_mulligan_action_in_a_later_round_draws_that_many():
    """103.5b: the action "doesn't have to be during the first round of mulligans"; after a
    London mulligan to 6 cards, Serum Powder exiles 6 and draws 6; the mulligan count stays 1."""
    game, _ = new_game(decks=[serum_powder_deck(), basic_deck()])
    plan = {0: "m"}
    d = drive(game, plan, until=lambda d: d.kind == KOM and d.seat == 0 and not plan[0])
    assert len(game.hand(0)) == 6
    old_hand = list(game.hand(0))
    library_before = len(game.zones(0)["library"])
    assert library_before == 54
    game.mulligan_action(0, d.actions[0])
    z = game.zones(0)
    assert set(z["exile"]) == set(old_hand)
    assert len(z["hand"]) == 6 and not set(z["hand"]) & set(old_hand)
    assert len(z["library"]) == 48
    assert kinds_seats(game) == [(KOM, 0)]
    results = finish(game)
    assert results[0].mulligans == 1
    assert len(results[0].hand) == 6
    assert len(results[0].exile) == 6


# --------------------------------------------------------------------------------------------
# 103.5d shared team turns


def test_103_5d_two_headed_giant_teammates_declare_together():
    """103.5d: with shared team turns each player on the starting team declares, then each other
    team; then all mulligans happen at the same time.  "A player may take a mulligan even after
    a teammate has decided to keep their opening hand." 2HG is multiplayer, so 103.5c's free
    mulligan applies."""
    game, _ = new_game(
        Variant.TWO_HEADED_GIANT, 4, teams=[TEAM_A, TEAM_A, TEAM_B, TEAM_B], starting_player=0
    )
    assert kinds_seats(game) == [(KOM, 0), (KOM, 1)]
    game.keep(0)
    assert kinds_seats(game) == [(KOM, 1)]
    old1 = list(game.hand(1))
    game.mulligan(1)  # after the teammate kept
    assert kinds_seats(game) == [(KOM, 2), (KOM, 3)]
    assert list(game.hand(1)) == old1  # not executed before every declaration
    game.keep(3)
    assert kinds_seats(game) == [(KOM, 2)]
    game.keep(2)
    # the free mulligan executed: 7 new cards, nothing to bottom; only seat 1 declares again
    assert kinds_seats(game) == [(KOM, 1)]
    assert len(game.hand(1)) == 7 and set(game.hand(1)) != set(old1)
    game.mulligan(1)
    (d,) = game.pending()
    assert (d.kind, d.seat, d.count) == ("bottom", 1, 1)
    game.bottom(1, [game.hand(1)[0]])
    assert kinds_seats(game) == [(KOM, 1)]
    results = finish(game)
    assert [len(r.hand) for r in results] == [7, 6, 7, 7]
    assert [r.mulligans for r in results] == [0, 2, 0, 0]


def test_103_5d_archenemy_is_a_team_of_one():
    """103.5d with 805.1: Archenemy uses shared team turns (the archenemy is a team of one
    against everyone else).  The archenemy starts (103.1b) and declares alone; then the other
    team's players are pending together."""
    game, _ = new_game(Variant.ARCHENEMY, 4, archenemy=2, starting_player=None)
    assert kinds_seats(game) == [(KOM, 2)]
    game.keep(2)
    assert kinds_seats(game) == [(KOM, 0), (KOM, 1), (KOM, 3)]
    finish(game)


# --------------------------------------------------------------------------------------------
# Paris and Vancouver


def test_paris_each_mulligan_draws_one_fewer():
    """Paris (seed 002, 101.4): "that player shuffles his or her hand back into the deck and then
    draws a new hand of six cards ... drawing one fewer card each time" (7, 6, 5); nothing is
    put on the bottom."""
    game, _ = new_game(rule=MulliganRule.PARIS)
    log = []
    results = finish(game, {0: "mmk"}, log)
    assert [h for k, s, _, h, _ in log if k == KOM and s == 0] == [7, 6, 5]
    assert not [k for k, *_ in log if k == "bottom"]
    assert [len(r.hand) for r in results] == [5, 7]
    assert [r.library_size for r in results] == [55, 53]
    assert [r.mulligans for r in results] == [2, 0]


def test_paris_multiplayer_first_mulligan_draws_seven():
    """Seed 003, 101.4a: "Dans une partie multijoueur, la première fois qu'un joueur effectue une
    misère, il pioche une nouvelle main de sept cartes au lieu de six." """
    game, _ = new_game(Variant.FREE_FOR_ALL, 3, rule=MulliganRule.PARIS)
    log = []
    results = finish(game, {0: "mmk"}, log)
    assert [h for k, s, _, h, _ in log if k == KOM and s == 0] == [7, 7, 6]
    assert [len(r.hand) for r in results] == [6, 7, 7]
    assert [r.mulligans for r in results] == [2, 0, 0]


def test_vancouver_smaller_hand_looks_at_top_card():
    """Vancouver: Paris, plus once everyone has kept, each player whose hand is smaller than their
    starting hand size looks at the top card of their library and may put it on the bottom.  A
    player who kept 7 does not."""
    game, _ = new_game(rule=MulliganRule.VANCOUVER)
    log = []
    d = drive(game, {0: "mk"}, log=log, until=lambda d: d.kind == "vancouver")
    assert d.seat == 0
    assert len(game.hand(0)) == 6
    library = list(game.zones(0)["library"])
    assert d.card == library[0]
    assert kinds_seats(game) == [("vancouver", 0)]
    game.vancouver(0, True)
    after = list(game.zones(0)["library"])
    assert len(after) == 54
    assert after[-1] == d.card
    assert after[:-1] == library[1:]
    assert events_of(game, "vancouver")
    finish(game, log=log)
    # the player who kept 7 never got a "vancouver" decision
    assert [(k, s) for k, s, *_ in log if k == "vancouver"] == []
    results = game.result()
    assert [len(r.hand) for r in results] == [6, 7]


def test_vancouver_in_turn_order_and_may_keep_on_top():
    """Vancouver: the look happens "in turn order" from the starting player; answering
    bottom=False leaves the card on top."""
    game, _ = new_game(rule=MulliganRule.VANCOUVER, starting_player=1)
    plan = {0: "mk", 1: "mk"}
    d = drive(game, plan, until=lambda d: d.kind == "vancouver")
    assert (d.seat, kinds_seats(game)) == (1, [("vancouver", 1)])
    top1 = list(game.zones(1)["library"])
    assert d.card == top1[0]
    game.vancouver(1, False)
    assert list(game.zones(1)["library"]) == top1
    (d0,) = game.pending()
    assert (d0.kind, d0.seat) == ("vancouver", 0)
    lib0 = list(game.zones(0)["library"])
    assert d0.card == lib0[0]
    game.vancouver(0, True)
    assert list(game.zones(0)["library"]) == lib0[1:] + [lib0[0]]
    results = finish(game)
    assert [len(r.hand) for r in results] == [6, 6]


def test_101_4_paris_sequential_starting_player_mulligans_first():
    """Seed 002, 101.4: "First, the starting player takes any mulligans ... Then each other
    player (in turn order) may take any number of mulligans." The second player gets no
    decision until the starting player has kept."""
    game, _ = new_game(rule=MulliganRule.PARIS_SEQUENTIAL, starting_player=0)
    assert kinds_seats(game) == [(KOM, 0)]
    game.mulligan(0)
    assert kinds_seats(game) == [(KOM, 0)]
    assert len(game.hand(0)) == 6  # executed at once: nobody else declares meanwhile
    game.mulligan(0)
    assert kinds_seats(game) == [(KOM, 0)]
    assert len(game.hand(0)) == 5
    game.keep(0)
    assert kinds_seats(game) == [(KOM, 1)]
    game.mulligan(1)
    assert kinds_seats(game) == [(KOM, 1)]
    assert len(game.hand(1)) == 6
    results = finish(game)
    assert [len(r.hand) for r in results] == [5, 6]
    assert [r.mulligans for r in results] == [2, 1]


def test_101_4a_bob_and_clare_two_headed_giant():
    """Seed 002, 101.4a (Bob and Clare): the starting team mulligans first; both mulligan and
    draw seven; Bob keeps, Clare mulligans again and draws six, then keeps; "After that, the
    other team decides whether to take mulligans." """
    game, _ = new_game(
        Variant.TWO_HEADED_GIANT,
        4,
        teams=[TEAM_A, TEAM_A, TEAM_B, TEAM_B],
        rule=MulliganRule.PARIS_SEQUENTIAL,
        starting_player=0,
        names=["Bob", "Clare", "Dan", "Eve"],
    )
    bob, clare = 0, 1
    assert kinds_seats(game) == [(KOM, bob), (KOM, clare)]
    bob7, clare7 = list(game.hand(bob)), list(game.hand(clare))
    game.mulligan(bob)
    assert kinds_seats(game) == [(KOM, clare)]
    assert list(game.hand(bob)) == bob7  # "all players who chose to do so ... at the same time"
    game.mulligan(clare)
    assert kinds_seats(game) == [(KOM, bob), (KOM, clare)]
    assert len(game.hand(bob)) == 7 and set(game.hand(bob)) != set(bob7)
    assert len(game.hand(clare)) == 7 and set(game.hand(clare)) != set(clare7)
    game.keep(bob)
    assert kinds_seats(game) == [(KOM, clare)]
    game.mulligan(clare)
    assert len(game.hand(clare)) == 6
    assert kinds_seats(game) == [(KOM, clare)]  # "Then only Clare has the option to mulligan"
    game.keep(clare)
    assert kinds_seats(game) == [(KOM, 2), (KOM, 3)]
    results = finish(game)
    assert [r.name for r in results] == ["Bob", "Clare", "Dan", "Eve"]
    assert [len(r.hand) for r in results] == [7, 6, 7, 7]
    assert [r.mulligans for r in results] == [1, 2, 0, 0]


def test_101_4a_paris_sequential_multiplayer_first_mulligan_draws_seven():
    """Seed 003, 101.4 / 101.4a: the starting player takes all their mulligans first, then each
    other player in turn order; in a multiplayer game a player's first mulligan draws seven."""
    game, _ = new_game(
        Variant.FREE_FOR_ALL, 3, rule=MulliganRule.PARIS_SEQUENTIAL, starting_player=1
    )
    assert kinds_seats(game) == [(KOM, 1)]
    game.mulligan(1)
    assert kinds_seats(game) == [(KOM, 1)] and len(game.hand(1)) == 7
    game.mulligan(1)
    assert kinds_seats(game) == [(KOM, 1)] and len(game.hand(1)) == 6
    game.keep(1)
    assert kinds_seats(game) == [(KOM, 2)]
    game.keep(2)
    assert kinds_seats(game) == [(KOM, 0)]
    game.mulligan(0)
    assert kinds_seats(game) == [(KOM, 0)] and len(game.hand(0)) == 7
    results = finish(game)
    assert [len(r.hand) for r in results] == [7, 6, 7]
    assert [r.mulligans for r in results] == [1, 2, 0]


def test_vancouver_free_mulligan_to_seven_gets_no_look():
    """Vancouver: only a player whose hand is smaller than their starting hand size looks at the
    top card; in multiplayer the first mulligan draws seven (no look), the second draws six."""
    game, _ = new_game(Variant.FREE_FOR_ALL, 3, rule=MulliganRule.VANCOUVER)
    log = []
    results = finish(game, {0: "mk", 1: "mmk"}, log)
    assert [(k, s) for k, s, *_ in log if k == "vancouver"] == [("vancouver", 1)]
    assert [len(r.hand) for r in results] == [7, 6, 7]
