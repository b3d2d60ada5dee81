"""The best keep rule (`mulligan analyze --optimize`, `mulligan.analyze(..., optimize=...)`,
`POST /analyze` with `optimize`): a known best rule found, the paired interval narrower than
the unpaired one, every candidate on the same games, a Python scoring function, the errors.
The core's own tests (rust/core/src/analysis/optimize_tests.rs) check the search itself."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import mulligan as m
from mulligan.cli import main

from .cli_util import row

SEED = "5a" * 32
#: Three lands in sixty: a hand holds 0 to 3 of them.
SCARCE = "3 Forest [land]\n57 Grizzly Bears\n"
DECK = "24 Forest [land]\n4 Llanowar Elves [ramp]\n32 Grizzly Bears\n"


def analyze(deck: str, **kwargs: Any) -> Any:
    return m.analyze(m.Deck.parse(deck), turns=3, seed=SEED, table=False, **kwargs)


def ranges(rule: Any) -> dict[int, list[int]]:
    return {int(size): lo_hi for size, lo_hi in rule["ranges"].items()}


def test_finds_the_known_best_rule_and_says_it_beats_the_default():
    # "A land in the opening hand": keep every hand holding one, at every size.
    o = analyze(SCARCE, games=4000, optimize="lands:1@1")["optimize"]
    # A built-in objective searches a player's ranges (issue 39): 4 at seven, 6 at six, 8 at
    # five (docs/ANALYSIS.md, "A player's ranges"); the fewest lands it keeps: 2 in seven.
    assert o["rules_tried"] == 4 + 6 + 8 and o["family_size"] == 4 * 6 * 8
    assert "a player would keep" in o["family"]
    assert {size: lo_hi[0] for size, lo_hi in ranges(o["best"]).items()} == {7: 2, 6: 1, 5: 1}
    assert ranges(o["baseline"]) == {7: [2, 5], 6: [2, 4], 5: [1, 4]}
    assert o["difference"] == pytest.approx(o["best_value"] - o["baseline_value"])
    assert o["difference_interval"]["low"] > 0
    width = lambda i: i["high"] - i["low"]  # noqa: E731
    assert width(o["difference_interval"]) < width(o["unpaired_interval"])
    assert [s["size"] for s in o["stages"]] == [7, 6, 5]
    assert o["search_games"] == o["compare_games"] == 4000


def test_same_seed_same_search_and_text_or_dict_objectives_agree():
    a = analyze(DECK, games=2000, optimize="lands:3@3", threads=1)["optimize"]
    b = analyze(DECK, games=2000, optimize={"lands": {"at_least": 3, "turn": 3}}, threads=2)
    assert a == b["optimize"]
    # Against the rule the search found, the search finds nothing better: the same games.
    best = m.KeepRule(
        {int(k): tuple(v) for k, v in a["best"]["ranges"].items()}, keep_at=a["best"]["keep_at"]
    )
    again = analyze(DECK, games=2000, optimize="lands:3@3", keep=best)["optimize"]
    assert again["baseline_value"] == a["best_value"] and again["difference"] == 0.0


def test_a_python_scoring_function_is_called_with_hand_and_draws():
    calls: list[tuple[int, int]] = []

    def lands_seen(hand: list[m.Card], draws: list[m.Card]) -> float:
        calls.append((len(hand), len(draws)))
        return float(sum(c.land for c in hand + draws[:2]))

    done: list[tuple[int, int]] = []
    r = analyze(DECK, games=1000, optimize=lands_seen, progress=lambda d, t: done.append((d, t)))
    o = r["optimize"]
    assert o["objective"] == "the mean of lands_seen(hand, draws)"
    assert ranges(o["best"])[7][0] >= 3  # more lands score more: refuse the light hands
    # Turns 3 on the play: the hand and two draws; remembered per game, so far fewer calls
    # than rules times games.
    assert {d for _, d in calls} == {2} and {h for h, _ in calls} <= {4, 5, 6, 7}
    assert len(calls) < (85 + 5) * 1000 / 5
    assert done[0][0] == 0 and done[-1][0] == done[-1][1]
    assert all(a[0] <= b[0] for a, b in zip(done, done[1:]))

    def broken(hand: list[m.Card], draws: list[m.Card]) -> float:
        raise ZeroDivisionError("no")

    with pytest.raises(ZeroDivisionError):
        analyze(DECK, games=100, optimize=broken)
    with pytest.raises(m.MulliganError, match="finite"):
        analyze(DECK, games=100, optimize=lambda h, d: float("nan"))


def test_objective_errors_name_the_problem():
    for objective, needle in [
        ("on-curve:Nope", '"Nope" is not in the deck'),
        ("on-curve:Forest", "is a land"),
        ("lands:9@1", "can never happen"),
        ("colours:2", "expected on-curve:CARD"),
        ({"lands": {"at_least": "x"}}, "optimize"),
    ]:
        with pytest.raises(m.MulliganError, match=needle):
            analyze(DECK, games=100, optimize=objective)
    with pytest.raises(m.MulliganError, match="NONE"):
        analyze(DECK, games=100, optimize="lands:2", mulligan="none")
    with pytest.raises(TypeError):
        analyze(DECK, games=100, optimize=42)
    with pytest.raises(TypeError):
        analyze(DECK, games=100, optimize="lands:2", progress=3)


def test_cli_prints_the_winner_beside_the_default(capsys, tmp_path: Path):
    deck = tmp_path / "scarce.txt"
    deck.write_text(SCARCE, "utf-8")
    args = ["analyze", str(deck), "--turns", "2", "--games", "3000", "--seed", SEED]
    code = main([*args, "--optimize", "lands:1@1"])
    out, err = capsys.readouterr()
    assert code == 0, err
    block = out[out.index("best keep rule for at least 1 land by turn 1:") :]
    assert "searched 18 of 192 rules (a land range a player would keep" in block
    lines = block.splitlines()
    best = row(lines, next(i for i, line in enumerate(lines) if line.startswith("  best ")))
    assert '--keep "7:2-' in best and ",6:1-" in best and "--keep-at 4" in best
    default = row(lines, next(i for i, line in enumerate(lines) if line.startswith("  default ")))
    assert '--keep "7:2-5,6:2-4,5:1-4" --keep-at 4' in default
    assert "paired game by game" in block
    code = main([*args, "--optimize", "lands:1@1", "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert json.loads(out)["optimize"]["rules_tried"] == 18
    code = main([*args, "--optimize", "on-curve:Nope"])
    out, err = capsys.readouterr()
    errors = [line for line in err.splitlines() if line.startswith("mulligan: error")]
    assert code != 0 and len(errors) == 1 and '"Nope"' in errors[0], err


def test_http_optimize_equals_the_library_and_is_bounded(tmp_path, monkeypatch):
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from mulligan.serve.app import create_app

    monkeypatch.setenv("MULLIGAN_CARD_DATA", "")
    with TestClient(create_app(tmp_path / "db.sqlite3")) as client:
        body = {"deck": DECK, "turns": 3, "games": 2000, "seed": SEED}
        got = client.post("/analyze", json={**body, "optimize": {"lands": {"at_least": 3}}})
        assert got.status_code == 200, got.text
        want = m.analyze(
            m.Deck.parse(DECK), turns=3, games=2000, seed=SEED, optimize="lands:3", threads=1
        )
        assert got.json()["optimize"] == want["optimize"]
        big = client.post(
            "/analyze", json={**body, "games": 10_001, "optimize": {"lands": {"at_least": 3}}}
        )
        assert big.status_code == 422 and "10,000" in big.json()["error"]["message"]
        nope = client.post("/analyze", json={**body, "optimize": {"on_curve": "Nope"}})
        assert nope.status_code == 422 and "Nope" in nope.json()["error"]["message"]
        odd = client.post("/analyze", json={**body, "optimize": {"colours": 2}})
        assert odd.status_code == 422


#: Four Plains among 24 lands: about half the hands of eight cards hold none, so Lightning
#: Helix ({R}{W}) on turn 2 wants "at least one white source" more than any land range.
HELIX = "20 Mountain\n4 Plains\n4 Lightning Helix\n32 Shock\n"


def test_colour_minimums_searched_in_every_front_end(capsys, tmp_path: Path):
    ask = {"optimize": "on-curve:Lightning Helix", "games": 1000}
    plain = m.analyze(m.Deck.parse(HELIX), turns=2, seed=SEED, **ask)["optimize"]
    both = m.analyze(
        m.Deck.parse(HELIX), turns=2, seed=SEED, optimize_colours=True, threads=2, **ask
    )["optimize"]
    assert plain["rules_tried"] == 18 and both["rules_tried"] == 18 * 9, "W and R, 0-2 each"
    assert plain["best"]["min_sources"] == {} and both["best"]["min_sources"].get("W", 0) >= 1
    assert both["stages"][0]["value"] > plain["stages"][0]["value"]
    # The command line: the winner's minimums as simulate's --min-sources.
    deck = tmp_path / "helix.txt"
    deck.write_text(HELIX, "utf-8")
    args = ["analyze", str(deck), "--turns", "2", "--games", "1000", "--seed", SEED]
    code = main([*args, "--optimize", "on-curve:Lightning Helix", "--optimize-colours"])
    out, err = capsys.readouterr()
    assert code == 0, err
    lines = out.splitlines()
    best = row(lines, next(i for i, line in enumerate(lines) if line.startswith("  best ")))
    assert "--min-sources W=" in best, out
    assert "sources of WR (9 combinations" in " ".join(out.split())
    assert main([*args, "--optimize-colours"]) == 2
    assert "--optimize-colours goes with --optimize" in capsys.readouterr().err


def test_http_colour_search_equals_the_library_and_is_bounded(tmp_path, monkeypatch):
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from mulligan.serve.app import create_app

    with TestClient(create_app(tmp_path / "db.sqlite3")) as client:
        body = {"deck": HELIX, "turns": 2, "games": 500, "seed": SEED, "optimize_colours": True}
        goal = {"on_curve": "Lightning Helix"}
        got = client.post("/analyze", json={**body, "optimize": goal})
        assert got.status_code == 200, got.text
        want = m.analyze(
            m.Deck.parse(HELIX),
            turns=2,
            games=500,
            seed=SEED,
            optimize="on-curve:Lightning Helix",
            optimize_colours=True,
            threads=1,
        )
        assert got.json()["optimize"] == want["optimize"]
        big = client.post("/analyze", json={**body, "games": 1001, "optimize": goal})
        assert big.status_code == 422 and "1,000" in big.json()["error"]["message"]
        alone = client.post("/analyze", json=body)
        assert alone.status_code == 422 and "optimize_colours" in alone.json()["error"]["message"]
