"""The C ABI and the Python API play the same games, answer for answer, event for event."""

from __future__ import annotations

from typing import Any

import pytest

import mulligan as m
from tests.capi_util import (
    Capi,
)

# ------------------------------------------------------------------------------------------
# parity with the Python API: the same games, answer for answer, event for event

PARITY_DECK = """Deck
2 Serum Powder
2 Leyline of the Void
2 Chancellor of the Annex
2 Gemstone Caverns
18 Forest
14 Grizzly Bears
Sideboard
1 Naturalize
"""


def policy(
    kind: str,
    seat: int,
    hand: list[tuple[str, bool]],
    count: int | None,
    top_is_land: bool | None,
    can_mulligan: bool,
    actions: list[int],
    options: list[int],
    used: dict[int, int],
) -> tuple[Any, ...]:
    """A deterministic answer from what both APIs show. `actions` are indices into `hand`."""
    lands = sum(land for _, land in hand)
    if kind == "choose_starting_player":
        return ("choose", options[-1])
    if kind == "keep_or_mulligan":
        if actions and used.get(seat, 0) < 1:
            used[seat] = used.get(seat, 0) + 1
            return ("mulligan_action", actions[0])
        if can_mulligan and len(hand) > 4 and not 2 <= lands <= 4:
            return ("mulligan",)
        return ("keep",)
    if kind == "bottom":
        assert count is not None
        return ("bottom", list(range(len(hand) - count, len(hand))))
    if kind == "vancouver":
        return ("vancouver", bool(top_is_land) and lands >= 3)
    if actions and used.get(-1 - seat, 0) < 1:  # one opening-hand action, then pass
        used[-1 - seat] = used.get(-1 - seat, 0) + 1
        card = actions[0]
        others = [i for i in range(len(hand)) if i != card]
        gemstone = hand[card][0] == "Gemstone Caverns"
        return ("action", card, others[0] if gemstone and others else None)
    return ("pass",)


def play_python(setup: dict[str, Any]) -> tuple[list[Any], list[dict[str, Any]]]:
    players = [
        m.Player(
            p["name"],
            m.Deck.parse(p["deck"]),
            team=p.get("team"),
            archenemy=p.get("archenemy", False),
        )
        for p in setup["players"]
    ]
    game = m.Game(
        players,
        variant=getattr(m.Variant, setup.get("variant", "TWO_PLAYER")),
        mulligan=getattr(m.MulliganRule, setup.get("mulligan", "LONDON")),
        seed=setup["seed"],
        starting_player=setup.get("starting_player"),
    )
    used: dict[int, int] = {}
    while not game.done:
        d = game.pending()[0]
        hand = [(c.name, c.land) for c in d.hand]
        actions = [next(i for i, c in enumerate(d.hand) if c is a) for a in d.actions]
        answer = policy(
            d.kind,
            d.seat,
            hand,
            d.count,
            None if d.card is None else d.card.land,
            d.can_mulligan,
            actions,
            list(d.options),
            used,
        )
        if answer[0] == "choose":
            game.choose_starting_player(d.seat, answer[1])
        elif answer[0] == "mulligan_action":
            game.mulligan_action(d.seat, d.hand[answer[1]])
        elif answer[0] == "mulligan":
            game.mulligan(d.seat)
        elif answer[0] == "keep":
            game.keep(d.seat)
        elif answer[0] == "bottom":
            game.bottom(d.seat, [d.hand[i] for i in answer[1]])
        elif answer[0] == "vancouver":
            game.vancouver(d.seat, answer[1])
        elif answer[0] == "action":
            exile = None if answer[2] is None else d.hand[answer[2]]
            game.opening_hand_action(d.seat, d.hand[answer[1]], exile=exile)
        else:
            game.pass_actions(d.seat)
    return game.events, [r.to_dict() for r in game.result()]


def play_c(capi: Capi, setup: dict[str, Any]) -> tuple[list[Any], list[dict[str, Any]]]:
    game = capi.game(setup)
    n = len(setup["players"])
    lands = [
        {c["id"]: c["land"] for c in capi.json("mulligan_game_cards_json", game, s)}
        for s in range(n)
    ]
    used: dict[int, int] = {}
    done = capi.ffi.new("bool *")
    capi.call("mulligan_game_done", game, done)
    while not done[0]:
        d = capi.json("mulligan_game_pending_json", game)[0]
        seat = d["seat"]
        ids = [c["id"] for c in d["hand"]]
        hand = [(c["name"], lands[seat][c["id"]]) for c in d["hand"]]
        actions = [ids.index(c["id"]) for c in d["actions"]]
        top = None if d["card"] is None else lands[seat][d["card"]["id"]]
        answer = policy(
            d["kind"], seat, hand, d["count"], top, d["can_mulligan"], actions, d["options"], used
        )
        if answer[0] == "choose":
            capi.call("mulligan_game_choose_starting_player", game, seat, answer[1])
        elif answer[0] == "mulligan_action":
            capi.call("mulligan_game_mulligan_action", game, seat, ids[answer[1]])
        elif answer[0] == "mulligan":
            capi.call("mulligan_game_mulligan", game, seat)
        elif answer[0] == "keep":
            capi.call("mulligan_game_keep", game, seat)
        elif answer[0] == "bottom":
            chosen = [ids[i] for i in answer[1]]
            capi.call("mulligan_game_bottom", game, seat, capi.u32s(chosen), len(chosen))
        elif answer[0] == "vancouver":
            capi.call("mulligan_game_vancouver", game, seat, int(answer[1]))
        elif answer[0] == "action":
            exile = answer[2]
            has, x = (0, 0) if exile is None else (1, ids[exile])
            capi.call("mulligan_game_opening_hand_action", game, seat, ids[answer[1]], has, x)
        else:
            capi.call("mulligan_game_pass_actions", game, seat)
        capi.call("mulligan_game_done", game, done)
    events = capi.json("mulligan_game_events_json", game, 0)
    results = capi.json("mulligan_game_result_json", game)
    capi.call("mulligan_game_free", game)
    return events, results


PARITY_GAMES = [
    {"variant": "TWO_PLAYER", "mulligan": "LONDON", "players": 2},
    {"variant": "TWO_PLAYER", "mulligan": "VANCOUVER", "players": 2, "starting_player": 1},
    {"variant": "FREE_FOR_ALL", "mulligan": "PARIS", "players": 3},
    {"variant": "TWO_HEADED_GIANT", "mulligan": "LONDON", "players": 4},
    {"variant": "TWO_HEADED_GIANT", "mulligan": "PARIS_SEQUENTIAL", "players": 4},
    {"variant": "ARCHENEMY", "mulligan": "LONDON", "players": 3},
    {"variant": "BRAWL", "mulligan": "LONDON", "players": 2},
]


@pytest.mark.parametrize("spec", PARITY_GAMES, ids=lambda s: f"{s['variant']}-{s['mulligan']}")
@pytest.mark.parametrize("seed_byte", ["00", "5a", "e7"])
def test_c_and_python_play_the_same_games(capi: Capi, spec: dict[str, Any], seed_byte: str):
    players: list[dict[str, Any]] = []
    for i in range(spec["players"]):
        p: dict[str, Any] = {"name": f"P{i}", "deck": PARITY_DECK}
        if spec["variant"] == "TWO_HEADED_GIANT":
            p["team"] = "AB"[i // 2]
        if spec["variant"] == "ARCHENEMY":
            p["archenemy"] = i == 1
        players.append(p)
    setup: dict[str, Any] = {
        "players": players,
        "variant": spec["variant"],
        "mulligan": spec["mulligan"],
        "seed": seed_byte * 32,
    }
    if "starting_player" in spec:
        setup["starting_player"] = spec["starting_player"]
    c_events, c_results = play_c(capi, setup)
    py_events, py_results = play_python(setup)
    assert c_events == py_events
    assert c_results == py_results
