"""The core's records as Python sees them: one JSON shape (`json.dumps` takes every dict as it
is), decision ids, answers as records, and replay from a set-up and its answers."""

from __future__ import annotations

import json
import random

import pytest

import mulligan as m

SEED = m.Seed.from_hex("5c" * 32)


def deck() -> m.Deck:
    return m.Deck.parse(
        "20 Forest\n2 Serum Powder\n2 Leyline of Sanctity\n36 Grizzly Bears\n"
        "Sideboard\n2 Naturalize\nCompanion\n1 Lurrus of the Dream-Den"
    )


def play(game: m.Game, rng: random.Random) -> None:
    """Answers every decision at random (legal answers only)."""
    while not game.done:
        d = rng.choice(game.pending())
        if d.kind == "choose_starting_player":
            game.choose_starting_player(d.seat, rng.choice(d.options))
        elif d.kind == "keep_or_mulligan":
            if d.actions and rng.random() < 0.2:
                game.mulligan_action(d.seat, rng.choice(d.actions))
            elif d.can_mulligan and rng.random() < 0.4:
                game.mulligan(d.seat)
            else:
                game.keep(d.seat)
        elif d.kind == "bottom":
            game.bottom(d.seat, rng.sample(d.hand, d.count or 0))
        elif d.kind == "vancouver":
            game.vancouver(d.seat, rng.random() < 0.5)
        elif d.actions and rng.random() < 0.5:
            game.opening_hand_action(d.seat, rng.choice(d.actions))
        else:
            game.pass_actions(d.seat)


RULES = [m.MulliganRule.LONDON, m.MulliganRule.VANCOUVER, m.MulliganRule.PARIS_SEQUENTIAL]


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.name)
def test_every_record_is_plain_json_as_it_is(rule: m.MulliganRule) -> None:
    g = m.Game(
        [m.Player(p, deck()) for p in "ABC"],
        variant=m.Variant.FREE_FOR_ALL,
        mulligan=rule,
        seed=SEED,
    )
    rng = random.Random(1)
    while not g.done:
        for seat in range(3):
            view = g.view(seat)
            assert json.loads(json.dumps(view)) == view
        for d in g.pending():
            assert json.loads(json.dumps(d.to_dict())) == d.to_dict()
            assert d.to_dict()["id"] == d.id
            assert [c["id"] for c in d.to_dict()["hand"]] == [
                g.cards(d.seat).index(c) for c in d.hand
            ]
        d = g.pending()[0]
        if d.kind == "choose_starting_player":
            g.choose_starting_player(d.seat, 0)
        elif d.kind == "bottom":
            g.bottom(d.seat, d.hand[: d.count])
        elif d.kind == "vancouver":
            g.vancouver(d.seat, rng.random() < 0.5)
        elif d.kind == "opening_hand_action":
            g.pass_actions(d.seat)
        else:
            g.keep(d.seat)
    for r in g.result():
        assert json.loads(json.dumps(r.to_dict())) == r.to_dict()
        assert r.to_dict()["hand"] == [
            {"id": g.cards(r.seat).index(c), "name": c.name} for c in r.hand
        ]
    assert json.loads(json.dumps(g.setup())) == g.setup()
    assert json.loads(json.dumps(g.answers)) == g.answers


def test_decision_ids_are_stable_while_pending_and_never_reused() -> None:
    g = m.Game(
        [m.Player(p, deck(), team="AB"[i // 2]) for i, p in enumerate("ABCD")],
        variant=m.Variant.TWO_HEADED_GIANT,
        seed=SEED,
        starting_player=0,
    )
    # Teammates decide together (103.5d): one's answer leaves the other's id unchanged.
    first = g.pending()
    assert [d.seat for d in first] == [0, 1] and first[0].id != first[1].id
    g.keep(0)
    (still,) = g.pending()
    assert (still.seat, still.id) == (1, first[1].id)
    retired = {first[0].id}
    rng = random.Random(3)
    while not g.done:
        before = {(d.seat, d.kind): d.id for d in g.pending()}
        assert not retired & set(before.values()), "an answered decision's id came back"
        d = rng.choice(g.pending())
        if d.kind == "keep_or_mulligan" and d.can_mulligan and rng.random() < 0.3:
            g.mulligan(d.seat)
        elif d.kind == "keep_or_mulligan":
            g.keep(d.seat)
        elif d.kind == "bottom":
            g.bottom(d.seat, d.hand[: d.count])
        else:
            g.pass_actions(d.seat)
        retired.add(d.id)
        after = {(x.seat, x.kind): x.id for x in g.pending()}
        for key, i in before.items():
            if key[0] != d.seat and key in after:
                assert after[key] == i, "a decision still pending changed its id"


@pytest.mark.parametrize("seed_byte", ["01", "77", "f0"])
@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.name)
def test_replay_from_setup_and_answers_rebuilds_the_exact_game(
    rule: m.MulliganRule, seed_byte: str
) -> None:
    seed = m.Seed.from_hex(seed_byte * 32)
    contributions = [b"a", b"bb", b"ccc"]
    g = m.Game(
        [m.Player(p, deck()) for p in "ABC"],
        variant=m.Variant.FREE_FOR_ALL,
        mulligan=rule,
        seed=seed,
        contributions=contributions,
    )
    play(g, random.Random(seed_byte))
    stored = json.loads(json.dumps({"setup": g.setup(), "answers": g.answers}))
    again = m.Game.replay(
        stored["setup"], stored["answers"], seed=seed, contributions=contributions
    )
    assert again.events == g.events
    assert again.answers == g.answers
    assert [r.to_dict() for r in again.result()] == [r.to_dict() for r in g.result()]
    assert again.setup() == g.setup()
    # Answer by answer with apply: the same pending decisions, ids included, at every step.
    step = m.Game.replay(stored["setup"], [], seed=seed, contributions=contributions)
    for k, a in enumerate(stored["answers"]):
        partial = m.Game.replay(
            stored["setup"], stored["answers"][:k], seed=seed, contributions=contributions
        )
        assert [d.to_dict() for d in step.pending()] == [d.to_dict() for d in partial.pending()]
        step.apply(a)
    assert step.events == g.events
    # Without the contributions the game seed differs: the answers no longer fit, or make
    # another game.
    try:
        other = m.Game.replay(stored["setup"], stored["answers"], seed=seed)
    except m.IllegalActionError:
        pass
    else:
        assert other.events != g.events


def test_apply_refuses_an_illegal_or_malformed_answer_and_changes_nothing() -> None:
    g = m.Game([m.Player("A", deck()), m.Player("B", deck())], seed=SEED, starting_player=0)
    events = g.events
    with pytest.raises(m.IllegalActionError):
        g.apply({"type": "keep", "seat": 1})
    with pytest.raises(m.MulliganTypeError):
        g.apply({"type": "keep", "seat": "0"})  # type: ignore[typeddict-item]
    with pytest.raises(m.MulliganTypeError):
        g.apply({"type": "concede", "seat": 0})  # type: ignore[typeddict-item]
    with pytest.raises(m.MulliganTypeError):
        g.apply({"type": "keep", "seat": 0, "extra": 1})  # type: ignore[typeddict-unknown-key]
    assert g.events == events and g.answers == []
    g.apply({"type": "mulligan", "seat": 0})
    g.keep(1)
    (d,) = g.pending()
    g.apply({"type": "bottom", "seat": 0, "cards": [d.to_dict()["hand"][0]["id"]]})
    assert g.answers == [
        {"type": "mulligan", "seat": 0},
        {"type": "keep", "seat": 1},
        {"type": "bottom", "seat": 0, "cards": [d.to_dict()["hand"][0]["id"]]},
    ]


def test_two_players_built_from_one_deck_never_share_a_card_object() -> None:
    shared = deck()
    for s in range(20):
        g = m.Game(
            [m.Player("A", shared), m.Player("B", shared)],
            seed=m.Seed.from_hex(f"{s:02x}" * 32),
            starting_player=0,
        )
        assert not {id(c) for c in g.hand(0)} & {id(c) for c in g.hand(1)}
        assert not {id(c) for c in g.cards(0)} & {id(c) for c in g.cards(1)}
        # Seat 1's card cannot answer for seat 0.
        with pytest.raises(m.IllegalActionError):
            g.mulligan_action(0, g.cards(1)[20])


def test_the_view_before_the_deal_has_no_life_yet() -> None:
    g = m.Game(
        [m.Player(p, deck()) for p in "ABC"],
        variant=m.Variant.FREE_FOR_ALL,
        mulligan=m.MulliganRule.PARIS,
        seed=SEED,
    )
    assert g.starting_player is None
    assert [s["life"] for s in g.view(0)["seats"]] == [None, None, None]
    g.choose_starting_player(g.pending()[0].seat, 0)
    assert [s["life"] for s in g.view(0)["seats"]] == [20, 20, 20]


def test_variant_and_rule_names() -> None:
    assert m.Variant.TWO_HEADED_GIANT.name == "TWO_HEADED_GIANT"
    assert m.MulliganRule.PARIS_SEQUENTIAL.name == "PARIS_SEQUENTIAL"
    g = m.Game(
        [m.Player("A", deck()), m.Player("B", deck())], variant=m.Variant.VANGUARD, seed=SEED
    )
    assert (g.setup()["variant"], g.setup()["mulligan"]) == ("VANGUARD", "LONDON")


def test_write_log_refuses_a_game_that_is_not_done(tmp_path) -> None:
    g = m.Game([m.Player("A", deck()), m.Player("B", deck())], seed=SEED)
    with pytest.raises(m.LogError, match="not done"):
        m.write_log(g, tmp_path / "log.jsonl")
    assert not (tmp_path / "log.jsonl").exists()
    assert m.log.header(g)["setup_digest"]  # the header can be published now


def test_answer_names_are_the_schema_answer_types_and_game_methods() -> None:
    # One list of answer names (records.ANSWER_TYPES): the schema's `Answer` branches, a
    # `Game` method each, and the service's `action` names all read from it.
    import json
    from pathlib import Path

    from mulligan.records import ANSWER_TYPES
    from mulligan.serve.engine import ACTIONS

    schema = json.loads((Path(__file__).parent.parent / "docs" / "schema.json").read_text())
    branches = schema["$defs"]["Answer"]["oneOf"]
    assert [b["properties"]["type"]["const"] for b in branches] == list(ANSWER_TYPES)
    assert all(callable(getattr(m.Game, name, None)) for name in ANSWER_TYPES)
    assert ACTIONS is ANSWER_TYPES
