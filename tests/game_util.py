"""Helpers of the rule 103 scenario tests (test_game_start.py, test_mulligans.py,
test_opening_actions.py, test_game_errors.py): decks, games, and answering decisions.

Every test drives a `Game` only through `game.pending()` decisions and the documented answers
(docs/API.md, "Game start (103)").  Rule texts: shared/rules/RULES.md and shared/rules/seeds/.
"""

import json

import pytest

from mulligan import Card, Deck, Game, IllegalActionError, MulliganRule, Player, Seed, Variant

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
