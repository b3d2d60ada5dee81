"""Fair play you can check: commit-reveal logs, player contributions, tournament play/draw, and
hidden information (what each player may see)."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

import mulligan as m

SEED = m.Seed.from_hex("c4" * 32)


def deck() -> m.Deck:
    return m.Deck.parse(
        """
        Deck
        22 Forest
        4 Serum Powder
        4 Leyline of the Void
        2 Gemstone Caverns
        2 Chancellor of the Annex
        26 Grizzly Bears
        Sideboard
        3 Naturalize
        """
    )


def play(game: m.Game, rng: random.Random) -> None:
    """Drives a game with random legal answers until done."""
    while not game.done:
        play_one(game, rng.choice(game.pending()), rng)


def finished_game(seed: m.Seed = SEED, **kw: Any) -> m.Game:
    players = [m.Player("Ann", deck()), m.Player("Ben", deck())]
    g = m.Game(players, seed=seed, **kw)
    play(g, random.Random(7))
    return g


# ---- commit-reveal logs ---------------------------------------------------------------------


def test_a_complete_log_verifies_from_records_and_from_a_file(tmp_path: Path) -> None:
    g = finished_game(mulligan=m.MulliganRule.LONDON)
    records = m.game_log(g)
    assert records[0]["type"] == "header" and records[-1]["type"] == "reveal"
    assert records[0]["commitment"] == g.commitment == SEED.commitment()
    assert records[1:-1] == g.events
    assert m.verify_log(records)
    path = tmp_path / "game.jsonl"
    m.write_log(g, path)
    lines = path.read_text().splitlines()
    assert len(lines) == len(records) and all(json.loads(line) for line in lines)
    assert m.verify_log(path)


def test_the_commitment_is_published_before_the_first_shuffle() -> None:
    players = [m.Player("Ann", deck()), m.Player("Ben", deck())]
    g = m.Game(players, seed=SEED)
    early = m.game_log(g)
    assert early[-1]["type"] != "reveal", "no reveal before the game start is done"
    assert early[0]["commitment"] == SEED.commitment()
    assert all(r["type"] != "shuffle" for r in early[1:]), "LONDON: chosen before shuffling"


@pytest.mark.parametrize(
    "rule",
    [
        m.MulliganRule.LONDON,
        m.MulliganRule.VANCOUVER,
        m.MulliganRule.PARIS,
        m.MulliganRule.PARIS_SEQUENTIAL,
    ],
)
def test_every_era_replays(rule: m.MulliganRule) -> None:
    for s in range(3):
        g = finished_game(seed=m.Seed.from_hex(f"{s:02x}" * 32), mulligan=rule)
        assert m.verify_log(m.game_log(g))


def mutations(value: Any) -> list[Any]:
    """Small changes of a JSON value."""
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value + 1]
    if isinstance(value, str):
        return [value + "x"]
    if value is None:
        return [0]
    return []


def leaves(record: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(record, dict):
        return [p for k, v in record.items() for p in leaves(v, (*path, k))]
    if isinstance(record, list):
        return [p for i, v in enumerate(record) for p in leaves(v, (*path, i))]
    return [path]


def set_at(record: Any, path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        record = record[key]
    record[path[-1]] = value


def get_at(record: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        record = record[key]
    return record


def another_legal_bottom(
    records: list[dict[str, Any]], i: int, path: tuple[Any, ...], new: Any
) -> bool:
    """A player's own decision changed into another legal one: putting on the bottom another
    copy of the same card (same name, also in hand) is a different game, not a forgery, and the
    log of that game verifies. Nothing random differs."""
    event = records[i]
    if event["type"] != "bottom" or path[-1] != "id":
        return False
    deck = records[0]["players"][event["seat"]]["deck"]
    old = get_at(event, path)
    return bool(0 <= new < len(deck) and deck[new]["name"] == deck[old]["name"])


def test_changing_any_one_event_field_is_detected() -> None:
    g = finished_game(mulligan=m.MulliganRule.LONDON)
    records = m.game_log(g)
    checked = 0
    for i in range(1, len(records) - 1):
        for path in leaves(records[i]):
            for new in mutations(get_at(records[i], path)):
                bad = copy.deepcopy(records)
                set_at(bad[i], path, new)
                if another_legal_bottom(records, i, path, new):
                    try:
                        m.verify_log(bad)
                    except m.LogError:
                        pass  # the other copy was not in hand: caught
                    continue
                with pytest.raises(m.LogError):
                    m.verify_log(bad)
                checked += 1
    assert checked > 50, "the log has events with many fields"


def test_changing_removing_or_adding_events_is_detected() -> None:
    records = m.game_log(finished_game())
    for i in range(1, len(records) - 1):
        with pytest.raises(m.LogError):
            m.verify_log(records[:i] + records[i + 1 :])
    with pytest.raises(m.LogError):
        m.verify_log(records[:-1] + [records[-2], records[-1]])
    swapped = records[:]
    swapped[1], swapped[2] = swapped[2], swapped[1]
    with pytest.raises(m.LogError):
        m.verify_log(swapped)


def test_changing_any_card_of_a_deck_or_any_seed_byte_is_detected() -> None:
    """Every card is bound by the set-up digest (even cards never drawn); a forger who also
    rewrites the digest is caught against the values published before the game."""
    records = m.game_log(finished_game())
    published = (records[0]["commitment"], records[0]["setup_digest"])
    forged = copy.deepcopy(records)
    forged[0]["players"][0]["deck"][59]["name"] = "Black Lotus"
    forged[0]["setup_digest"] = m.log.setup_digest(forged[0])
    with pytest.raises(m.LogError, match="published"):
        m.verify_log(forged, commitment=published[0], setup=published[1])
    assert m.verify_log(records, commitment=published[0], setup=published[1])
    for seat in (0, 1):
        for i in range(0, 60, 7):
            bad = copy.deepcopy(records)
            bad[0]["players"][seat]["deck"][i]["name"] += "!"
            with pytest.raises(m.LogError):
                m.verify_log(bad)
            bad = copy.deepcopy(records)
            bad[0]["players"][seat]["deck"][i]["land"] ^= True
            with pytest.raises(m.LogError):
                m.verify_log(bad)
    seed = bytes.fromhex(records[-1]["seed"])
    for byte in range(32):
        bad = copy.deepcopy(records)
        bad[-1]["seed"] = (seed[:byte] + bytes([seed[byte] ^ 1]) + seed[byte + 1 :]).hex()
        with pytest.raises(m.LogError, match="commitment"):
            m.verify_log(bad)


def test_a_match_game_with_a_chooser_verifies() -> None:
    match = m.Match([m.Player("Ann", deck()), m.Player("Ben", deck())], seed=SEED)
    first = match.new_game()
    play(first, random.Random(1))
    assert m.verify_log(m.game_log(first))
    match.record_result(loser=0)
    second = match.new_game()
    play(second, random.Random(2))
    assert second.given_chooser == 0
    log = m.game_log(second)
    assert log[0]["chooser"] == 0 and log[0]["game_index"] == 1
    assert log[0]["commitment"] == match.commitment
    assert m.verify_log(log)


# ---- player contributions -------------------------------------------------------------------


def test_contributions_are_mixed_in_committed_and_verified() -> None:
    mine, yours = b"ann's dice" * 3, b"ben rolled 17"
    g = finished_game(contributions=[mine, yours])
    assert g.contribution_commitments == [
        m.contribution_commitment(mine),
        m.contribution_commitment(yours),
    ]
    assert g.contributions == [mine, yours]
    records = m.game_log(g)
    assert m.verify_log(records)
    bad = copy.deepcopy(records)
    bad[-1]["contributions"][1] = (b"ben rolled 18").hex()
    with pytest.raises(m.LogError, match="contributions"):
        m.verify_log(bad)
    # The streams use the mixed seed: different hands, and the documented construction.
    plain = m.Game([m.Player("a", deck()), m.Player("b", deck())], seed=SEED, starting_player=0)
    mixed = m.Game(
        [m.Player("a", deck()), m.Player("b", deck())],
        seed=SEED,
        starting_player=0,
        contributions=[mine, yours],
    )
    direct = m.Game(
        [m.Player("a", deck()), m.Player("b", deck())],
        seed=m.mix_seed(SEED, [mine, yours]),
        starting_player=0,
    )
    assert [c.name for c in mixed.hand(0)] == [c.name for c in direct.hand(0)]
    assert [c.name for c in mixed.hand(0)] != [c.name for c in plain.hand(0)] or [
        c.name for c in mixed.hand(1)
    ] != [c.name for c in plain.hand(1)]
    assert m.mix_seed(SEED, [mine, yours]) != m.mix_seed(SEED, [yours, mine])
    with pytest.raises(m.MulliganTypeError):
        m.Game([m.Player("a", deck()), m.Player("b", deck())], contributions=["text"])


# ---- tournament play/draw -------------------------------------------------------------------


def test_play_draw_is_reproducible_verifiable_and_fair() -> None:
    round_seed = m.Seed.from_hex("7e" * 32)
    choices = m.tournament.play_draw(round_seed, 10_000)
    assert choices.shape == (10_000,) and set(choices.tolist()) <= {0, 1}
    assert (choices == m.tournament.play_draw(round_seed.hex(), 10_000)).all()
    assert (m.tournament.play_draw(round_seed, 100) == choices[:100]).all(), "prefix-stable"
    ones = int(choices.sum())
    assert abs(ones - 5000) < 5 * 50, ones  # 5 standard deviations of Binomial(10000, 1/2)
    pairs = [(f"P{2 * t}", f"P{2 * t + 1}") for t in range(50)]
    names = m.tournament.play_draw(round_seed, pairs)
    assert names == [p[int(c)] for p, c in zip(pairs, choices[:50])]
    assert (m.tournament.play_draw(m.Seed.from_hex("7f" * 32), 100) != choices[:100]).any()


# ---- hidden information ---------------------------------------------------------------------


def cards_in(value: Any) -> list[dict[str, Any]]:
    """Every card record (`{"id", "name"}`) inside a record."""
    if isinstance(value, dict) and set(value) == {"id", "name"}:
        return [value]
    if isinstance(value, dict):
        return [c for v in value.values() for c in cards_in(v)]
    if isinstance(value, (list, tuple)):
        return [c for v in value for c in cards_in(v)]
    return []


PUBLIC_CARD_EVENTS = {"mulligan_action", "opening_hand_action", "companion", "commander"}


def owned_cards(view: dict[str, Any]) -> set[tuple[int, int]]:
    """Every card a view shows, as (owner seat, card id): a card's owner is the viewer for its
    hand and pending decisions, the seat for public zones, the event's seat for events."""
    viewer = view["seat"]
    seen = {(viewer, c["id"]) for c in cards_in(view["hand"]) + cards_in(view["pending"])}
    for public in view["seats"]:
        seen |= {(public["seat"], c["id"]) for c in cards_in(public)}
    for e in view["events"]:
        seen |= {(e.get("seat", viewer), c["id"]) for c in cards_in(e)}
    return seen


def check_view(game: m.Game, viewer: int) -> None:
    view = game.view(viewer)
    json.dumps(view)  # plain data, as it is
    ids = {id(c): i for i, c in enumerate(game.cards(viewer))}
    assert [c["id"] for c in view["hand"]] == [ids[id(c)] for c in game.hand(viewer)]
    assert all(d["seat"] == viewer for d in view["pending"])
    for seat, public in enumerate(view["seats"]):
        zones = game.zones(seat)
        assert public["hand_size"] == len(zones["hand"])
        assert public["library_size"] == len(zones["library"])
    # No card of another seat's hand or library appears anywhere in the view.
    seen = owned_cards(view)
    for seat in range(len(view["seats"])):
        if seat == viewer:
            continue
        zones = game.zones(seat)
        ids = {id(c): i for i, c in enumerate(game.cards(seat))}
        hidden = {(seat, ids[id(c)]) for c in zones["hand"] + zones["library"]}
        hidden -= {(seat, ids[id(c)]) for c in zones["revealed"]}
        assert not hidden & seen, f"seat {viewer} sees a hidden card of seat {seat}"
    # Events about another seat carry cards only when those cards are public.
    for e in view["events"]:
        if e.get("seat", viewer) != viewer and e["type"] not in PUBLIC_CARD_EVENTS:
            assert "cards" not in e or e["type"] in ("commander",), e
            assert "card" not in e or e["type"] in PUBLIC_CARD_EVENTS, e
    # My own view never shows the library order; no event carries a library.
    assert "library" not in view


@pytest.mark.parametrize(
    "variant,rule,players",
    [
        (m.Variant.TWO_PLAYER, m.MulliganRule.LONDON, 2),
        (m.Variant.FREE_FOR_ALL, m.MulliganRule.VANCOUVER, 3),
        (m.Variant.TWO_PLAYER, m.MulliganRule.PARIS_SEQUENTIAL, 2),
    ],
)
def test_no_view_or_decision_leaks_a_hidden_card(
    variant: m.Variant, rule: m.MulliganRule, players: int
) -> None:
    for s in range(4):
        rng = random.Random(s)
        g = m.Game(
            [m.Player(str(i), deck()) for i in range(players)],
            variant=variant,
            mulligan=rule,
            seed=m.Seed.from_hex(f"{s + 40:02x}" * 32),
        )
        while not g.done:
            for viewer in range(players):
                check_view(g, viewer)
            play_one(g, rng.choice(g.pending()), rng)
        for viewer in range(players):
            check_view(g, viewer)


def play_one(game: m.Game, d: m.Decision, rng: random.Random) -> None:
    if d.kind == "choose_starting_player":
        game.choose_starting_player(d.seat, rng.choice(d.options))
    elif d.kind == "keep_or_mulligan":
        if d.actions and rng.random() < 0.2:
            game.mulligan_action(d.seat, d.actions[0])
        elif d.can_mulligan and rng.random() < 0.5:
            game.mulligan(d.seat)
        else:
            game.keep(d.seat)
    elif d.kind == "bottom":
        assert d.count is not None
        game.bottom(d.seat, rng.sample(d.hand, d.count))
    elif d.kind == "vancouver":
        game.vancouver(d.seat, rng.random() < 0.5)
    elif d.actions and rng.random() < 0.7:
        card = d.actions[0]
        others = [c for c in d.hand if c is not card]
        exile = others[0] if "gemstone_caverns" in card.tags and others else None
        game.opening_hand_action(d.seat, card, exile=exile)
    else:
        game.pass_actions(d.seat)


def test_another_players_draws_and_bottoms_are_counts() -> None:
    g = m.Game([m.Player("a", deck()), m.Player("b", deck())], seed=SEED, starting_player=0)
    g.mulligan(0)
    g.keep(1)
    g.bottom(0, g.hand(0)[:1])
    mine = [e for e in g.view(0)["events"] if e["type"] in ("draw", "bottom") and e["seat"] == 0]
    theirs = [e for e in g.view(1)["events"] if e["type"] in ("draw", "bottom") and e["seat"] == 0]
    assert all("cards" in e for e in mine)
    assert all("cards" not in e and e["count"] in (1, 7) for e in theirs)
    sideboard = [e for e in g.view(1)["events"] if e["type"] == "set_aside" and e["seat"] == 0]
    assert sideboard == [{"type": "set_aside", "seat": 0, "count": 3, "rule": "103.2a"}]
