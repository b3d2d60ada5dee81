"""The whole game after 103.8 (`whole_game`, issue 21): the table's actions from Python and the
C ABI, the seed kept secret until the host's end, and whole-game logs that verify and fail when
anything is changed. Rule-by-rule tests of 701.24 a-g are in rust/core/src/table/tests_rules.rs;
these check the same records through the bindings."""

from __future__ import annotations

import copy
import json
import random
import time
from typing import Any

import pytest

import mulligan as m
from mulligan.log import game_log, verify_log

from .capi_util import Capi

DECK = "20 Forest [land]\n20 Grizzly Bears\nSideboard\n2 Naturalize"
SEED = "5a" * 32


def started(seed: str = SEED, whole_game: bool = True) -> m.Game:
    deck = m.Deck.parse(DECK)
    g = m.Game(
        [m.Player("Ann", deck), m.Player("Ben", deck)],
        seed=m.Seed.from_hex(seed),
        starting_player=0,
        whole_game=whole_game,
    )
    while not g.done:
        d = g.pending()[0]
        if d.kind == "keep_or_mulligan":
            g.keep(d.seat)
        else:
            g.pass_actions(d.seat)
    return g


def ids(cards: list[Any]) -> list[int]:
    return [c["id"] for c in cards]


def zone(g: m.Game, seat: int, name: str) -> list[int]:
    """The ids of a zone of `seat` (a host's god view: `zones` gives Card objects)."""
    deck = g.cards(seat)
    return [next(i for i, x in enumerate(deck) if x is c) for c in g.zones(seat)[name]]


def test_without_whole_game_the_game_ends_at_103_8_as_before() -> None:
    g = started(whole_game=False)
    assert g.done and g.ended and not g.whole_game
    assert "whole_game" not in g.setup()
    with pytest.raises(m.IllegalActionError, match="whole_game"):
        g.act(0, {"action": "draw", "count": 1})
    assert game_log(g)[-1]["type"] == "reveal"


def test_the_seed_stays_secret_until_the_host_ends_the_game() -> None:
    g = started()
    assert g.done and not g.ended and g.setup()["whole_game"] is True
    assert all(r["type"] != "reveal" for r in game_log(g))
    with pytest.raises(m.LogError):
        m.write_log(g, "/nonexistent/never-written.jsonl")
    g.act(0, {"action": "draw", "count": 1})
    assert g.end() == [{"type": "end", "rule": "104.1"}]
    assert g.ended
    log = game_log(g)
    assert log[-1]["type"] == "reveal" and verify_log(log)
    with pytest.raises(m.IllegalActionError, match="ended"):
        g.act(0, {"action": "draw", "count": 1})


def test_actions_draw_shuffle_mill_shuffle_in_from_python() -> None:
    g = started()
    library = zone(g, 0, "library")
    events = g.act(0, {"action": "draw", "count": 2})
    assert events[0]["type"] == "act" and events[1]["type"] == "draw"
    assert zone(g, 0, "hand")[-2:] == library[:2]
    shuffle = g.act(0, {"action": "shuffle"})[-1]
    assert (shuffle["type"], shuffle["times"], shuffle["rule"]) == ("shuffle", 1, "701.24a")
    assert shuffle["size"] == len(library) - 2
    g.act(0, {"action": "mill", "count": 3})
    graveyard = ids(g.view(1)["seats"][0]["graveyard"])  # public: the other seat sees it
    assert len(graveyard) == 3
    out = g.act(0, {"action": "shuffle_in", "cards": graveyard, "from": "graveyard"})
    assert out[-1]["rule"] == "701.24c" and out[-1]["size"] == len(library) - 2
    assert g.view(0)["seats"][0]["graveyard"] == []
    out = g.act(0, {"action": "shuffle_in", "cards": [], "from": "graveyard"})
    assert out[-1]["rule"] == "701.24d"


def test_an_illegal_action_changes_nothing_and_names_the_problem() -> None:
    g = started()
    before = (g.zones(0), g.zones(1), len(g.events), len(g.answers))
    for bad, kind in [
        ({"action": "draw"}, m.MulliganError),
        ({"action": "dance"}, m.MulliganError),
        (
            {"action": "move", "cards": [999], "from": "hand", "to": "graveyard"},
            m.IllegalActionError,
        ),
        ({"action": "found", "cards": [], "to": "hand"}, m.IllegalActionError),
    ]:
        with pytest.raises(kind):
            g.act(0, bad)
        assert (g.zones(0), g.zones(1), len(g.events), len(g.answers)) == before
    with pytest.raises(m.IllegalActionError, match="through the host"):
        g.act(0, {"action": "search"}, looker=1)


def test_the_host_lets_another_seat_search_and_only_it_sees_the_library() -> None:
    g = started()
    g.act(0, {"action": "search"}, host=True, looker=1)
    seen = g.view(1)["looking"]
    assert seen[0]["kind"] == "search" and len(seen[0]["cards"]) == len(g.zones(0)["library"])
    assert "looking" not in g.view(0)
    card = seen[0]["cards"][3]["id"]
    g.act(0, {"action": "found", "cards": [card], "to": "battlefield"}, host=True, looker=1)
    assert card in ids(g.view(0)["seats"][0]["battlefield"])
    assert "looking" not in g.view(1)


def test_replay_mid_search_gives_the_same_state() -> None:
    g = started()
    g.act(1, {"action": "search"})
    again = m.Game.replay(g.setup(), g.answers, seed=g.seed)
    assert again.events == g.events
    assert again.view(1) == g.view(1)
    card = g.view(1)["looking"][0]["cards"][0]["id"]
    for game in (g, again):
        game.act(1, {"action": "found", "cards": [card], "to": "hand"})
    assert again.events == g.events and again.view(1) == g.view(1)


def random_action(g: m.Game, rng: random.Random) -> tuple[int, dict[str, Any], dict[str, Any]]:
    """A legal-looking action for a random seat (the core refuses the rest)."""
    seat = rng.randrange(2)
    view = g.view(seat)
    open_ = [x for x in view.get("looking", []) if x["seat"] == seat]
    if open_:
        cards = ids(open_[0]["cards"])
        if open_[0]["kind"] == "search":
            return seat, {"action": "found", "cards": cards[:1], "to": "hand"}, {}
        rng.shuffle(cards)
        k = rng.randrange(len(cards) + 1)
        return seat, {"action": "arrange", "top": cards[:k], "graveyard": cards[k:]}, {}
    hand, gy = ids(view["hand"]), ids(view["seats"][seat]["graveyard"])
    choices: list[dict[str, Any]] = [
        {"action": "draw", "count": rng.randrange(3)},
        {"action": "shuffle", "times": rng.randrange(1, 3)},
        {"action": "mill", "count": rng.randrange(3)},
        {"action": "shuffle_in", "cards": gy[:2], "from": "graveyard"},
        {"action": "search"},
        {"action": "look", "count": rng.randrange(1, 4)},
        {"action": "reveal", "count": 1},
    ]
    if hand:
        card = rng.choice(hand)
        choices += [
            {"action": "move", "cards": [card], "from": "hand", "to": "graveyard"},
            {"action": "put", "cards": [card], "from": "hand", "to": rng.choice(["top", "bottom"])},
        ]
    if len(gy) >= 2:
        choices.append(
            {
                "action": "shuffle_in",
                "cards": [gy[0]],
                "from": "graveyard",
                "place": {"card": gy[1], "from": "graveyard", "position": 0},
            }
        )
    return seat, rng.choice(choices), {}


def whole_game_of(actions: int, seed: int) -> m.Game:
    g = started()
    rng = random.Random(seed)
    done = 0
    while done < actions:
        seat, action, _ = random_action(g, rng)
        try:
            g.act(seat, action)
        except m.IllegalActionError:
            continue
        done += 1
    g.end()
    return g


def test_500_actions_no_hidden_card_in_another_seats_view_and_the_log_verifies() -> None:
    g = whole_game_of(500, seed=21)
    assert sum(1 for a in g.answers if a["type"] == "act") == 500
    for viewer in (0, 1):
        other = 1 - viewer
        view = g.view(viewer)
        # Another seat's hidden cards show only as counts; moves show cards only when a
        # public zone is one end or the cards were revealed.
        public = {"battlefield", "graveyard", "exile", "command", "stack"}
        for event in view["events"]:
            e: dict[str, Any] = dict(event)
            if e.get("seat") != other:
                continue
            if e["type"] in ("draw", "look"):
                assert "cards" not in e, e
            if e["type"] == "move" and "cards" in e:
                assert e["from"] in public or e["to"] in public or e.get("revealed"), e
            if e["type"] == "act":
                assert isinstance(e["action"], str), e
        # The decks share names, so check ids: no card of the other seat's hand or library is
        # named in this view but through a public zone or a reveal.
        assert "looking" not in view or all(
            x["seat"] == viewer or x["kind"] == "reveal" for x in view["looking"]
        )
    log = game_log(g)
    start = time.perf_counter()
    assert verify_log(log)
    elapsed = time.perf_counter() - start
    print(f"500-action whole-game log ({len(log)} records) verified in {elapsed * 1000:.1f} ms")


@pytest.mark.parametrize("what", ["action", "card", "order"])
def test_a_changed_action_card_or_order_fails_verification(what: str) -> None:
    g = whole_game_of(120, seed=7)
    log = game_log(g)
    bad = copy.deepcopy(log)
    acts = [i for i, r in enumerate(bad) if r["type"] == "act"]
    moves = [i for i, r in enumerate(bad) if r["type"] in ("draw", "move") and r.get("cards")]
    if what == "action":
        i = next(i for i in acts if bad[i]["action"]["action"] == "draw")
        bad[i]["action"]["count"] += 1
    elif what == "card":
        i = moves[len(moves) // 2]
        bad[i]["cards"][0]["id"] += 1
    else:
        i, j = acts[10], acts[11]
        bad[i], bad[j] = bad[j], bad[i]
    with pytest.raises(m.LogError):
        verify_log(bad)


def test_the_c_abi_takes_the_same_records(capi: Capi) -> None:
    g = started()
    setup = {
        "players": [{"name": "Ann", "deck": DECK}, {"name": "Ben", "deck": DECK}],
        "seed": SEED,
        "starting_player": 0,
        "whole_game": True,
    }
    game = capi.game(setup)
    for a in g.answers:
        capi.call("mulligan_game_apply_json", game, json.dumps(a).encode())
    for seat, action in [
        (0, {"action": "draw", "count": 1}),
        (1, {"action": "shuffle", "times": 2}),
        (0, {"action": "mill", "count": 2}),
        (0, {"action": "shuffle_in", "cards": [], "from": "hand"}),
    ]:
        capi.call("mulligan_game_act_json", game, seat, 0, -1, json.dumps(action).encode())
        g.act(seat, action)
    assert capi.json("mulligan_game_events_json", game, 0) == g.events
    ended = capi.ffi.new("bool *")
    capi.call("mulligan_game_ended", game, ended)
    assert not ended[0]
    bad = json.dumps({"action": "search"}).encode()
    capi.fails(capi.lib.MULLIGAN_ERR_ILLEGAL_ACTION, "mulligan_game_act_json", game, 0, 0, 1, bad)
    capi.call("mulligan_game_end", game)
    capi.call("mulligan_game_ended", game, ended)
    assert ended[0]
    capi.call("mulligan_game_free", game)
