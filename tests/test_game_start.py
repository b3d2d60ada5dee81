"""Scenario tests for the start of a game: Comprehensive Rules 103 (London mulligan), the older
Paris-era rules 101.x (seeds 002 and 003), and the Vancouver mulligan.

Every test drives a `Game` only through `game.pending()` decisions and the documented answers
(docs/API.md, "Game start (103)").  Rule texts: shared/rules/RULES.md and shared/rules/seeds/.
"""

import json

import pytest

from mulligan import (
    Card,
    Deck,
    Game,
    GameConfigError,
    IllegalActionError,
    Match,
    MulliganError,
    MulliganRule,
    MulliganTypeError,
    Player,
    Seed,
    Variant,
)

SEED = Seed.from_hex("00" * 32)
SEED_B = Seed.from_hex("ab" * 32)

KOM = "keep_or_mulligan"
OHA = "opening_hand_action"

# Team labels for Two-Headed Giant.  docs/API.md does not say what type `team` is; plain ints
# are used throughout.
TEAM_A, TEAM_B = 0, 1


# --------------------------------------------------------------------------------------------
# deck helpers


def basic_deck(lands=24, spells=36, *, land_name="Forest", spell_name="Lightning Bolt"):
    return Deck([Card(land_name, land=True)] * lands + [Card(spell_name)] * spells)


def mono_deck(name, n=60, *, land=False, tags=()):
    """n copies of one card (Deck copies repeated objects: every copy has its own identity)."""
    return Deck([Card(name, land=land, tags=tags)] * n)


def commander_deck(size=99, commander="Omnath, Locus of Mana"):
    half = size // 2
    return Deck(
        [Card("Forest", land=True)] * half + [Card("Cultivate")] * (size - half),
        commanders=[Card(commander)],
    )


def serum_powder_deck(n=60):
    return mono_deck("Serum Powder", n, tags=("mulligan_action",))


def leyline_deck(n=60):
    return mono_deck("Leyline of the Void", n, tags=("begin_on_battlefield",))


def chancellor_deck(n=60):
    return mono_deck("Chancellor of the Dross", n, tags=("reveal",))


def caverns_deck(n=60):
    return mono_deck("Gemstone Caverns", n, land=True, tags=("gemstone_caverns",))


def default_deck(variant):
    if variant == Variant.COMMANDER:
        return commander_deck(99)
    if variant == Variant.BRAWL:
        return commander_deck(59)
    return basic_deck()


def new_game(
    variant=Variant.TWO_PLAYER,
    n=2,
    *,
    decks=None,
    teams=None,
    archenemy=None,
    player_kw=None,
    rule=MulliganRule.LONDON,
    seed=SEED,
    starting_player=0,
    names=None,
):
    """Build a game; returns (game, decks) where decks[seat] is the Deck given to that seat."""
    if decks is None:
        decks = [default_deck(variant) for _ in range(n)]
    players = []
    for seat, deck in enumerate(decks):
        kw = dict((player_kw or {}).get(seat, {}))
        if teams is not None:
            kw["team"] = teams[seat]
        if archenemy is not None and seat == archenemy:
            kw["archenemy"] = True
        name = names[seat] if names else f"P{seat}"
        players.append(Player(name, deck, **kw))
    game = Game(players, variant=variant, mulligan=rule, seed=seed, starting_player=starting_player)
    return game, decks


# --------------------------------------------------------------------------------------------
# decision helpers


def kinds_seats(game):
    return sorted((d.kind, d.seat) for d in game.pending())


def answer(game, d, plan):
    """Answer one decision by policy: keep_or_mulligan follows `plan[seat]` ("m" mulligan,
    "k" keep; keep once the plan is used up), everything else takes the plain default."""
    if d.kind == "choose_starting_player":
        game.choose_starting_player(d.seat, d.options[0])
    elif d.kind == KOM:
        steps = plan.get(d.seat)
        step = steps.pop(0) if steps else "k"
        if step == "m":
            game.mulligan(d.seat)
        elif step == "k":
            game.keep(d.seat)
        else:  # pragma: no cover - a typo in a test plan
            raise AssertionError(f"unknown plan step {step!r}")
    elif d.kind == "bottom":
        game.bottom(d.seat, list(game.hand(d.seat))[: d.count])
    elif d.kind == "vancouver":
        game.vancouver(d.seat, False)
    elif d.kind == OHA:
        game.pass_actions(d.seat)
    else:  # pragma: no cover
        raise AssertionError(f"unknown decision kind {d.kind!r}")


def drive(game, plan=None, *, until=None, log=None, max_steps=2000):
    """Answer pending decisions (the first one each time) until no decision is pending (returns
    None) or until `until(decision)` holds for a pending decision (returned, unanswered).
    `plan` is mutated in place so that a later call goes on where this one stopped.  Every
    answered decision is appended to `log` as (kind, seat, count, hand size, can_mulligan)."""
    if plan is None:
        plan = {}
    for seat in list(plan):
        if isinstance(plan[seat], str):
            plan[seat] = list(plan[seat])
    for _ in range(max_steps):
        pending = game.pending()
        if not pending:
            return None
        if until is not None:
            for d in pending:
                if until(d):
                    return d
        d = pending[0]
        if log is not None:
            log.append((d.kind, d.seat, d.count, len(d.hand or []), d.can_mulligan))
        answer(game, d, plan)
    raise AssertionError("the game did not finish")


def finish(game, plan=None, log=None):
    drive(game, plan, log=log)
    assert game.done
    assert list(game.pending()) == []
    return game.result()


def events_of(game, kind):
    return [e for e in game.events if e["type"] == kind]


def snapshot(game, seats):
    return (
        json.dumps(game.events, sort_keys=True),
        [(d.kind, d.seat, d.count, d.can_mulligan, list(d.hand or [])) for d in game.pending()],
        [{k: list(v) for k, v in game.zones(s).items()} for s in range(seats)],
        game.done,
        game.starting_player,
    )


def assert_illegal(game, seats, fn, *args, **kwargs):
    """The answer raises IllegalActionError and leaves the game exactly as it was."""
    before = snapshot(game, seats)
    with pytest.raises(IllegalActionError):
        fn(*args, **kwargs)
    assert snapshot(game, seats) == before


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
