"""The mulligan variants and table options of issue 13 through the Python API (docs/VARIANTS.md):
Commander's partial Paris, Canadian Highlander, Houston, a table's free mulligans, the
no-land/all-land redraw and opening-hand smoothing (not the rules). The rule scenarios in full
are the core's (rust/core/src/game/tests/variants.rs); here: the names other programs rely on,
the argument checks, replay and the event log."""

from pathlib import Path

import pytest

from mulligan import (
    Card,
    Deck,
    Game,
    GameConfigError,
    IllegalActionError,
    KeepRule,
    MulliganError,
    MulliganRule,
    MulliganTypeError,
    Player,
    Seed,
    Variant,
    game_log,
    verify_log,
)
from tests.test_simulate import SEED as DRIVE_SEED
from tests.test_simulate import drive_game

SEED = Seed.from_hex("5a" * 32)


def deck(lands: int = 24, spells: int = 36) -> Deck:
    return Deck([Card("Forest", land=True)] * lands + [Card("Grizzly Bears")] * spells)


def players(d: Deck | None = None, n: int = 2) -> list[Player]:
    return [Player(f"P{i}", d or deck()) for i in range(n)]


def finish(game: Game) -> None:
    """Keeps, bottoms the first cards, leaves Vancouver's card, passes: to the end."""
    while game.pending():
        d = game.pending()[0]
        if d.kind == "keep_or_mulligan":
            game.keep(d.seat)
        elif d.kind == "bottom":
            assert d.count is not None
            game.bottom(d.seat, d.hand[: d.count])
        elif d.kind == "vancouver":
            game.vancouver(d.seat, True)
        elif d.kind == "opening_hand_action":
            game.pass_actions(d.seat)
        else:
            game.choose_starting_player(d.seat, d.seat)


def replays(game: Game) -> None:
    again = Game.replay(game.setup(), game.answers, seed=SEED)
    assert [dict(e) for e in again.events] == [dict(e) for e in game.events]
    assert verify_log(game_log(game))


def test_the_new_eras_are_named_as_other_programs_expect() -> None:
    for name in ("PARTIAL_PARIS", "CANADIAN_HIGHLANDER", "HOUSTON", "NONE"):
        rule = getattr(MulliganRule, name)
        assert rule.name == name
        game = Game(players(), mulligan=rule, seed=SEED, starting_player=0)
        assert game.setup()["mulligan"] == name
        assert game.mulligan_rule == rule


def test_houston_draws_ten_and_bottoms_three() -> None:
    game = Game(players(), mulligan=MulliganRule.HOUSTON, seed=SEED, starting_player=0)
    for d in game.pending():
        assert (d.kind, len(d.hand), d.count) == ("bottom", 10, 3)
    finish(game)
    assert [len(r.hand) for r in game.result()] == [7, 7]
    replays(game)


def test_canadian_highlander_hand_sizes() -> None:
    game = Game(players(), mulligan=MulliganRule.CANADIAN_HIGHLANDER, seed=SEED, starting_player=0)
    game.keep(0)
    sizes = []
    for _ in range(4):
        game.mulligan(1)
        sizes.append(len(game.pending()[0].hand))
    assert sizes == [6, 6, 5, 5]
    game.keep(1)
    assert game.pending()[0].kind == "vancouver"
    finish(game)
    replays(game)


def test_partial_paris_names_the_cards_to_exile() -> None:
    game = Game(players(), mulligan=MulliganRule.PARTIAL_PARIS, seed=SEED, starting_player=0)
    hand = game.pending()[0].hand
    game.partial_mulligan(0, hand[:2])
    game.keep(1)
    d = game.pending()[0]
    assert len(d.hand) == 6
    answer = game.answers[0]
    assert answer["type"] == "partial_mulligan" and answer["seat"] == 0
    assert len(answer["cards"]) == 2
    finish(game)
    assert len(game.result()[0].exile) == 0, "shuffled back after keeping"
    assert game.result()[0].library_size == 54
    replays(game)
    with pytest.raises(IllegalActionError, match="PARTIAL_PARIS"):
        g = Game(players(), seed=SEED, starting_player=0)
        g.partial_mulligan(0, g.pending()[0].hand[:1])


def test_free_mulligans_and_their_checks() -> None:
    game = Game(players(), seed=SEED, starting_player=0, free_mulligans=2)
    assert game.setup()["free_mulligans"] == 2
    for i in range(2):
        game.mulligan(0)
        if i == 0:
            game.keep(1)
        assert game.pending()[0].kind == "keep_or_mulligan", "a free mulligan bottoms nothing"
    finish(game)
    replays(game)
    assert "free_mulligans" not in Game(players(), seed=SEED).setup(), "left out when 0"
    with pytest.raises(GameConfigError, match="0 to 5"):
        Game(players(), free_mulligans=6)
    with pytest.raises(GameConfigError):
        Game(players(), free_mulligans=-1)
    with pytest.raises(MulliganTypeError):
        Game(players(), free_mulligans="2")
    with pytest.raises(MulliganTypeError):
        Game(players(), free_mulligans=True)


def test_land_mulligan_redraws_an_all_land_hand_once() -> None:
    game = Game(players(deck(60, 0)), seed=SEED, starting_player=0, land_mulligan=True)
    d = game.pending()[0]
    assert d.can_land_mulligan and d.to_dict()["can_land_mulligan"] is True
    game.land_mulligan(0)
    assert not game.pending()[0].can_land_mulligan
    with pytest.raises(IllegalActionError, match="once per game"):
        game.land_mulligan(0)
    finish(game)
    replays(game)
    plain = Game(players(deck(60, 0)), seed=SEED, starting_player=0)
    assert "can_land_mulligan" not in plain.pending()[0].to_dict(), "left out when false"
    with pytest.raises(MulliganTypeError):
        Game(players(), land_mulligan=1)
    with pytest.raises(GameConfigError, match="HOUSTON"):
        Game(players(), mulligan=MulliganRule.HOUSTON, land_mulligan=True)


def test_none_keeps_the_first_hand_and_with_the_land_redraw_is_the_original_rule() -> None:
    game = Game(players(), mulligan=MulliganRule.NONE, seed=SEED, starting_player=0)
    first = [list(game.hand(s)) for s in range(2)]
    d = game.pending()[0]
    assert d.kind == "keep_or_mulligan" and not d.can_mulligan
    with pytest.raises(IllegalActionError):
        game.mulligan(d.seat)
    finish(game)
    assert [list(game.hand(s)) for s in range(2)] == first, "the first hands kept"
    replays(game)
    # The original rule: a hand of no land redrawn once, then kept, even with no land again.
    game = Game(
        players(deck(0, 60)),
        mulligan=MulliganRule.NONE,
        land_mulligan=True,
        seed=SEED,
        starting_player=0,
    )
    assert game.pending()[0].can_land_mulligan
    game.land_mulligan(0)
    d = game.pending()[0]
    assert (d.seat, d.can_land_mulligan, d.can_mulligan) == (0, False, False)
    with pytest.raises(IllegalActionError, match="once per game"):
        game.land_mulligan(0)
    finish(game)
    assert [len(r.hand) for r in game.result()] == [7, 7]
    assert game.setup()["land_mulligan"] is True and game.setup()["mulligan"] == "NONE"
    replays(game)
    # Free mulligans are NONE's only mulligans: 103.5c's at a table of three, seven again.
    game = Game(
        players(n=3),
        variant=Variant.FREE_FOR_ALL,
        mulligan=MulliganRule.NONE,
        seed=SEED,
        starting_player=0,
    )
    assert game.pending()[0].can_mulligan
    game.mulligan(0)
    game.keep(1)
    game.keep(2)
    d = game.pending()[0]
    assert (d.seat, len(d.hand), d.can_mulligan) == (0, 7, False)
    finish(game)
    replays(game)


@pytest.mark.parametrize(
    "model,candidates", [("arena2", 4), ("weighted3", 4), ("smoothed_london", 2)]
)
def test_smoothing_is_recorded_and_verifies(model: str, candidates: int) -> None:
    game = Game(
        players(), seed=SEED, starting_player=0, smoothing=model, smoothing_candidates=candidates
    )
    assert game.setup()["smoothing"] == model
    events = [e for e in game.events if e["type"] == "smoothing"]
    assert [e["seat"] for e in events] == [0, 1]
    assert all(
        e["rule"] == "smoothing (not the rules)" and e["candidates"] == candidates for e in events
    )
    # smoothed_london records its random words (XMage's U = k / 2^32), the others none.
    assert all(("random" in e) == (model == "smoothed_london") for e in events)
    finish(game)
    replays(game)
    # The header without the option does not replay to the same events.
    records = game_log(game)
    head = dict(records[0])
    del head["smoothing"]
    from mulligan.log import setup_digest

    head["setup_digest"] = setup_digest(head)
    with pytest.raises(MulliganError):
        verify_log([head, *records[1:]])


def test_smoothing_arguments_are_checked() -> None:
    with pytest.raises(GameConfigError, match="arena2"):
        Game(players(), smoothing="arena")
    with pytest.raises(MulliganTypeError):
        Game(players(), smoothing=2)
    with pytest.raises(GameConfigError, match="needs a smoothing model"):
        Game(players(), smoothing_candidates=3)
    with pytest.raises(GameConfigError, match="2 to 8"):
        Game(players(), smoothing="arena2", smoothing_candidates=1)
    with pytest.raises(GameConfigError, match="exactly two hands"):
        Game(players(), smoothing="smoothed_london", smoothing_candidates=3)
    with pytest.raises(GameConfigError, match="LONDON only"):
        Game(players(), smoothing="smoothed_london", mulligan=MulliganRule.PARIS)


# --------------------------------------------------------------------------------------------
# simulate: game i is seat 0 of Game(seed, game_index=i), for every variant and option


@pytest.mark.parametrize(
    "mulligan,players_n,options,lands",
    [
        (MulliganRule.LONDON, 2, {"free_mulligans": 2}, 15),
        (MulliganRule.PARIS, 3, {"free_mulligans": 1}, 15),
        (MulliganRule.VANCOUVER, 2, {"free_mulligans": 3}, 15),
        (MulliganRule.PARTIAL_PARIS, 3, {}, 15),
        (MulliganRule.CANADIAN_HIGHLANDER, 2, {}, 15),
        (MulliganRule.HOUSTON, 2, {}, 15),
        (MulliganRule.HOUSTON, 3, {"free_mulligans": 2}, 15),
        (MulliganRule.LONDON, 2, {"land_mulligan": True}, 4),
        (MulliganRule.NONE, 2, {"land_mulligan": True}, 4),
        (MulliganRule.NONE, 2, {}, 15),
        (MulliganRule.NONE, 3, {"free_mulligans": 2, "land_mulligan": True}, 36),
        (MulliganRule.PARIS_SEQUENTIAL, 3, {"land_mulligan": True}, 36),
        (MulliganRule.LONDON, 2, {"smoothing": "arena2"}, 15),
        (MulliganRule.VANCOUVER, 3, {"smoothing": "weighted3"}, 15),
        (MulliganRule.LONDON, 3, {"smoothing": "weighted3"}, 15),
        (MulliganRule.LONDON, 2, {"smoothing": "smoothed_london"}, 15),
        (MulliganRule.LONDON, 3, {"smoothing": "smoothed_london", "free_mulligans": 1}, 17),
    ],
)
def test_simulate_equals_driving_game(
    mulligan: MulliganRule, players_n: int, options: dict[str, object], lands: int
) -> None:
    from mulligan import simulate

    d = deck(lands, 40 - lands)
    rule = KeepRule({7: (3, 4), 6: (3, 4), 5: (2, 3)}, keep_at=3)
    variant = Variant.TWO_PLAYER if players_n == 2 else Variant.FREE_FOR_ALL
    games = 80
    r = simulate(
        d,
        games=games,
        seed=DRIVE_SEED,
        keep=rule,
        mulligan=mulligan,
        variant=variant,
        players=players_n,
        per_game=True,
        start=11,
        **options,
    )
    for k, v in options.items():
        assert getattr(r, k) == v
    pg = r.per_game
    assert pg is not None
    for i in range(games):
        got = drive_game(d, 11 + i, rule, mulligan, variant, **options)
        want = (
            int(pg["hand_size"][i]),
            int(pg["lands"][i]),
            int(pg["mulligans"][i]),
            bool(pg["vancouver_bottom"][i]),
        )
        assert got == want, f"game {i}"


def test_simulate_options_are_checked_and_results_merge_only_alike() -> None:
    import pickle

    from mulligan import simulate

    with pytest.raises(GameConfigError, match="0 to 5"):
        simulate(deck(), games=10, free_mulligans=9)
    with pytest.raises(GameConfigError, match="HOUSTON"):
        simulate(deck(), games=10, mulligan=MulliganRule.HOUSTON, land_mulligan=True)
    with pytest.raises(MulliganTypeError):
        simulate(deck(), games=10, smoothing=3)
    a = simulate(deck(), games=200, seed=SEED, smoothing="arena2")
    b = simulate(deck(), games=200, seed=SEED, smoothing="arena2", start=200)
    assert a.merge(b).games == 400
    assert a.smoothing == "arena2" and a.smoothing_candidates == 2
    assert a.to_dict()["smoothing"] == "arena2"
    plain = simulate(deck(), games=200, seed=SEED, start=200)
    with pytest.raises(GameConfigError, match="table options"):
        a.merge(plain)
    again = pickle.loads(pickle.dumps(a))
    assert again.to_dict() == a.to_dict()
    c = simulate(deck(), games=300, seed=SEED, mulligan=MulliganRule.CANADIAN_HIGHLANDER)
    assert pickle.loads(pickle.dumps(c)).to_dict() == c.to_dict()


def test_the_cli_passes_the_options(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import json

    from mulligan.cli import main

    monkeypatch.setenv("MULLIGAN_CARD_DATA", "")
    log = str(tmp_path / "g.jsonl")
    seed = "3" * 64
    code = main(
        ["start", "--auto", "--mulligan", "houston", "--free-mulligans", "1"]
        + ["--smoothing", "weighted3", "--smoothing-candidates", "4", "--seed", seed, "--log", log]
    )
    assert code == 0, capsys.readouterr().err
    assert verify_log(log)
    with open(log) as f:
        head = json.loads(f.readline())
    assert (head["mulligan"], head["free_mulligans"], head["smoothing"]) == (
        "HOUSTON",
        1,
        "weighted3",
    )
    assert head["smoothing_candidates"] == 4
    capsys.readouterr()
    code = main(["simulate", "--games", "2000", "--land-mulligan", "--json", "--seed", seed])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert json.loads(out)["decks"][0]["games"] == 2000
    assert main(["simulate", "--games", "10", "--free-mulligans", "6"]) != 0


def test_the_cli_takes_mulligan_none(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import json

    from mulligan.cli import main

    monkeypatch.setenv("MULLIGAN_CARD_DATA", "")
    log = str(tmp_path / "g.jsonl")
    seed = "4" * 64
    code = main(
        ["start", "--auto", "--mulligan", "none", "--land-mulligan", "--seed", seed, "--log", log]
    )
    assert code == 0, capsys.readouterr().err
    assert verify_log(log)
    with open(log) as f:
        records = [json.loads(line) for line in f]
    assert (records[0]["mulligan"], records[0]["land_mulligan"]) == ("NONE", True)
    assert not [r for r in records if r.get("type") == "mulligan"], "no mulligan taken"
    capsys.readouterr()
    code = main(["simulate", "--games", "3000", "--mulligan", "NONE", "--json", "--seed", seed])
    out, err = capsys.readouterr()
    assert code == 0, err
    result = json.loads(out)["decks"][0]
    assert result["games"] == 3000
    assert result["mulligans"] == {"0": 3000}, "every first hand kept"


# --------------------------------------------------------------------------------------------
# PARTIAL_PARIS in simulate: which cards a mulligan exiles (KeepRule(exile=...))


def drive_partial_paris(
    d: Deck, index: int, rule: KeepRule, players_n: int
) -> tuple[int, int, int]:
    """Seat 0 of a PARTIAL_PARIS Game deciding by `rule`: a mulligan exiles the cards
    `rule.choose_exile` names (`game.mulligan` when that is the whole hand)."""
    g = Game(
        [Player(str(i), d) for i in range(players_n)],
        variant=Variant.TWO_PLAYER if players_n == 2 else Variant.FREE_FOR_ALL,
        mulligan=MulliganRule.PARTIAL_PARIS,
        seed=DRIVE_SEED,
        starting_player=0,
        game_index=index,
    )
    share = sum(c.land for c in d.cards) / len(d.cards)
    while not g.done:
        dec = g.pending()[0]
        if dec.seat != 0 or dec.kind != "keep_or_mulligan":
            if dec.kind == "keep_or_mulligan":
                g.keep(dec.seat)
            else:
                g.pass_actions(dec.seat)
        elif rule.keeps(dec.hand, can_mulligan=dec.can_mulligan) or not dec.can_mulligan:
            g.keep(0)
        else:
            exiled = rule.choose_exile(dec.hand, land_share=share)
            if len(exiled) == len(dec.hand):
                g.mulligan(0)
            else:
                g.partial_mulligan(0, exiled)
    r = g.result()[0]
    return len(r.hand), sum(c.land for c in r.hand), r.mulligans


@pytest.mark.parametrize("exile", ["hand", "excess"])
@pytest.mark.parametrize("players_n", [2, 3])
def test_partial_paris_exile_policies_equal_driving_game(exile: str, players_n: int) -> None:
    from mulligan import simulate

    d = deck(12, 28)
    rule = KeepRule({7: (3, 4), 6: (3, 4), 5: (2, 3)}, keep_at=3, exile=exile)
    assert rule.exile == exile and f"exile='{exile}'" in repr(rule)
    games = 80
    variant = Variant.TWO_PLAYER if players_n == 2 else Variant.FREE_FOR_ALL
    r = simulate(
        d,
        games=games,
        seed=DRIVE_SEED,
        keep=rule,
        mulligan=MulliganRule.PARTIAL_PARIS,
        variant=variant,
        players=players_n,
        per_game=True,
        start=5,
    )
    pg = r.per_game
    assert pg is not None
    for i in range(games):
        want = (int(pg["hand_size"][i]), int(pg["lands"][i]), int(pg["mulligans"][i]))
        assert drive_partial_paris(d, 5 + i, rule, players_n) == want, f"game {i}"
    # simulate(exile=...) replaces the keep rule's own policy.
    plain = KeepRule({7: (3, 4), 6: (3, 4), 5: (2, 3)}, keep_at=3)
    again = simulate(
        d,
        games=games,
        seed=DRIVE_SEED,
        keep=plain,
        mulligan=MulliganRule.PARTIAL_PARIS,
        variant=variant,
        players=players_n,
        start=5,
        exile=exile,
    )
    assert again.to_dict() == r.to_dict()


def test_the_excess_policy_keeps_the_scarce_kind() -> None:
    rule = KeepRule({7: (2, 5)}, exile="excess")
    land, spell = Card("L", land=True), Card("S")
    hand = [land] * 6 + [spell]
    assert rule.choose_exile(hand) == [land] * 6
    assert rule.choose_exile([land] + [spell] * 6) == [spell] * 6
    assert rule.choose_exile([spell] * 7) == [spell] * 7, "no land: the whole hand"
    assert KeepRule().choose_exile(hand) == hand
    with pytest.raises(GameConfigError, match="exile"):
        KeepRule(exile="some")
    from mulligan import simulate

    with pytest.raises(GameConfigError, match="exile"):
        simulate(deck(), games=10, exile="most")
    # It changes the era's results: the scarce kind stays in hand.
    a = simulate(deck(12, 28), games=20_000, seed=SEED, mulligan=MulliganRule.PARTIAL_PARIS)
    b = simulate(
        deck(12, 28), games=20_000, seed=SEED, mulligan=MulliganRule.PARTIAL_PARIS, exile="excess"
    )
    assert a.to_dict()["mulligans"] != b.to_dict()["mulligans"]


def test_the_cli_takes_the_exile_policy(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import json

    from mulligan.cli import main

    monkeypatch.setenv("MULLIGAN_CARD_DATA", "")
    seed = "3" * 64
    args = ["simulate", "--games", "3000", "--json", "--seed", seed, "--mulligan", "partial_paris"]
    results = {}
    for extra in ([], ["--exile", "hand"], ["--exile", "EXCESS"]):
        assert main(args + extra) == 0, capsys.readouterr().err
        results[tuple(extra)] = json.loads(capsys.readouterr().out)["decks"][0]
    assert results[()] == results[("--exile", "hand")]
    assert results[("--exile", "EXCESS")] != results[()]
    rule = tmp_path / "rule.toml"
    rule.write_text('keep = "7:2-5,6:2-4,5:1-4"\nkeep_at = 4\nexile = "Excess"\n')
    assert main(args + ["--rule", str(rule)]) == 0, capsys.readouterr().err
    assert json.loads(capsys.readouterr().out)["decks"][0] == results[("--exile", "EXCESS")]
    assert main(args + ["--exile", "most"]) != 0
    capsys.readouterr()
