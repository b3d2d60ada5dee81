"""Deck analysis (`mulligan analyze`, `mulligan.analyze`, `mulligan simulate --exact`):
exact figures against independent computations and published figures, simulated ones
within their intervals, the JSON other programs read, the errors."""

from __future__ import annotations

import itertools
import json
from math import comb
from pathlib import Path
from statistics import NormalDist

import pytest

import mulligan as m

from .cli_util import row, rows_at, run

BULK = json.dumps(
    [
        {
            "name": "Mountain",
            "layout": "normal",
            "mana_cost": "",
            "type_line": "Basic Land — Mountain",
            "produced_mana": ["R"],
        },
        {
            "name": "Plains",
            "layout": "normal",
            "mana_cost": "",
            "type_line": "Basic Land — Plains",
            "produced_mana": ["W"],
        },
        {
            "name": "Sacred Foundry",
            "layout": "normal",
            "mana_cost": "",
            "type_line": "Land — Mountain Plains",
            "produced_mana": ["R", "W"],
        },
        {
            "name": "Lightning Helix",
            "layout": "normal",
            "mana_cost": "{R}{W}",
            "type_line": "Instant",
        },
        {
            "name": "Goblin Guide",
            "layout": "normal",
            "mana_cost": "{R}",
            "type_line": "Creature — Goblin",
        },
        {
            "name": "Ajani's Pridemate",
            "layout": "normal",
            "mana_cost": "{1}{W}",
            "type_line": "Creature — Cat",
        },
        {
            "name": "Boros Reckoner",
            "layout": "normal",
            "mana_cost": "{R/W}{R/W}{R/W}",
            "type_line": "Creature — Minotaur",
        },
    ]
)

DECK = """\
8 Mountain
8 Plains
6 Sacred Foundry
4 Lightning Helix
4 Goblin Guide
4 Ajani's Pridemate
4 Boros Reckoner
22 Shock [burn]
"""


@pytest.fixture
def table(tmp_path, monkeypatch) -> m.CardTable:
    t = m.CardTable.from_scryfall(BULK)
    path = tmp_path / "table.txt"
    path.write_text(t.to_text(), "utf-8")
    monkeypatch.setenv("MULLIGAN_CARD_DATA", str(path))
    return t


@pytest.fixture
def deck_file(tmp_path: Path) -> Path:
    p = tmp_path / "boros.txt"
    p.write_text(DECK, "utf-8")
    return p


def hyper(n: int, k: int, drawn: int, x: int) -> float:
    return comb(k, x) * comb(n - k, drawn - x) / comb(n, drawn)


def wilson(hits: int, n: int, z: float) -> tuple[float, float]:
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5
    return centre - half, centre + half


def helix_by_enumeration(seen: int) -> float:
    """P(two lands among `seen` cards, one adding R and another W): by the counts of
    Mountains, Plains, Foundries and others, an independent count."""
    total = 0.0
    for mo, pl, fo in itertools.product(range(9), range(9), range(7)):
        rest = seen - mo - pl - fo
        if rest < 0 or rest > 38:
            continue
        w = comb(8, mo) * comb(8, pl) * comb(6, fo) * comb(38, rest) / comb(60, seen)
        red, white = mo + fo, pl + fo
        if mo + pl + fo >= 2 and red >= 1 and white >= 1:
            total += w
    return total


def test_exact_json_holds_numbers_for_each_turn_and_card(capsys, table, deck_file):
    code, out, err = run(
        capsys, "analyze", str(deck_file), "--turns", "4", "--mulligan", "none", "--exact", "--json"
    )
    assert code == 0, err
    r = json.loads(out)
    assert r["method"] == "exact" and r["skips_first_draw"] is True
    for turn in r["by_turn"]:
        seen = 7 + turn["turn"] - 1  # 103.8a: the starting player skips the first draw
        assert turn["cards_seen"] == seen
        for k, p in enumerate(turn["lands"]):
            assert isinstance(p, float)
            assert p == pytest.approx(hyper(60, 22, seen, k), abs=1e-12)
        assert turn["sources"]["R"][0] == pytest.approx(hyper(60, 14, seen, 0), abs=1e-12)
        assert turn["tags"]["burn"][2] == pytest.approx(hyper(60, 22, seen, 2), abs=1e-12)
    cards = {c["name"]: c for c in r["cards"]}
    assert set(cards) == {"Lightning Helix", "Goblin Guide", "Ajani's Pridemate", "Boros Reckoner"}
    helix = cards["Lightning Helix"]
    assert helix["turn"] == 2
    assert helix["castable"] == pytest.approx(helix_by_enumeration(8), abs=1e-12)
    # Goblin Guide on turn 1: a red source among the seven cards.
    assert cards["Goblin Guide"]["castable"] == pytest.approx(1 - hyper(60, 14, 7, 0), abs=1e-12)
    # Karsten's reading: castable given enough lands.
    enough = 1 - hyper(60, 22, 8, 0) - hyper(60, 22, 8, 1)
    assert helix["enough_lands"] == pytest.approx(enough, abs=1e-12)
    assert helix["castable_given_lands"] == pytest.approx(helix["castable"] / enough, abs=1e-12)
    # Hybrid symbols: any of the 22 lands pays {R/W}, so Reckoner needs three lands by turn 3.
    three = sum(hyper(60, 22, 9, k) for k in range(3, 10))
    assert cards["Boros Reckoner"]["castable"] == pytest.approx(three, abs=1e-12)
    assert cards["Boros Reckoner"]["castable_and_drawn"] < cards["Boros Reckoner"]["castable"]


def test_on_the_draw_and_named_cards(capsys, table, deck_file):
    code, out, err = run(
        capsys,
        "analyze",
        str(deck_file),
        "--turns",
        "2",
        "--on-the-draw",
        "--mulligan",
        "none",
        "--exact",
        "--json",
        "--card",
        "lightning helix",
    )
    assert code == 0, err
    r = json.loads(out)
    assert [t["cards_seen"] for t in r["by_turn"]] == [8, 9]
    assert [c["name"] for c in r["cards"]] == ["Lightning Helix"]
    assert r["cards"][0]["castable"] == pytest.approx(helix_by_enumeration(9), abs=1e-12)


def test_published_hypergeometric_examples(table):
    """A four-of in a 60-card deck, seven cards: the hypergeometric worked example of a post in
    The Mana Drain's archive
    (http://www.archive.themanadrain.com/index.php?action=profile&sa=showPosts&u=4072, read on
    2026-12-03): exactly one "(4c1 * 56c6) / 60c7 = .336 = 33.6%", exactly two
    "4c2 * 56c5 / 60c7 = 5.93 %", exactly three ".38%", at least one "1 - 60.05% = 39.95%".
    Frank Karsten's 2022 London tables could not be read (only their introduction could), so
    none of their figures is quoted; two of his hypergeometric examples are, in
    rust/core/src/deck_profile/hypergeometric.rs."""
    deck = m.Deck.parse("4 Ornithopter [x]\n20 Plains\n36 Shock")
    r = m.analyze(deck, turns=1, mulligan="none", exact=True, table=False)
    x = r["by_turn"][0]["tags"]["x"]
    assert round(100 * x[1], 1) == 33.6
    assert round(100 * x[2], 2) == 5.93
    assert round(100 * x[3], 2) == 0.38
    assert round(100 * (1 - x[0]), 2) == 39.95


def test_published_land_drop_figures(table):
    """A land a turn, turn by turn, 60-card decks: the Deck-u-lator blog's post "How to
    calculate whether you have enough mana, continued" (http://deckulator.blogspot.com/2010/,
    11 December 2010, read on 2026-12-03): "With 20 land, there is a 54% chance to
    have 4 land on turn 4", "With 24 land, there is a 57% chance to have 5 land on turn 5",
    "With 28 land, there is a 51% chance to have 7 land on turn 7". Its figures count seven
    cards and a draw every turn, which is a player on the draw (103.8a: 7 + t cards by turn
    t); on the play the same questions give 44%, 47% and 39%, so the test tells them apart."""
    for lands, turn, published in [(20, 4, 54), (24, 5, 57), (28, 7, 51)]:
        deck = m.Deck.parse(f"{lands} Plains\n{60 - lands} Shock")
        r = m.analyze(deck, turns=turn, on_the_draw=True, mulligan="none", exact=True, table=False)
        at_least = r["by_turn"][turn - 1]["lands_at_least"][turn]
        assert round(100 * at_least) == published, (lands, turn, at_least)
        play = m.analyze(deck, turns=turn, mulligan="none", exact=True, table=False)
        assert round(100 * play["by_turn"][turn - 1]["lands_at_least"][turn]) != published


def test_simulation_carries_intervals_that_hold_the_exact_keep_odds(table):
    deck = m.Deck.parse(DECK)
    keep = m.KeepRule({7: (2, 5), 6: (2, 4), 5: (1, 4)}, keep_at=4)
    r = m.analyze(
        deck, turns=3, mulligan="london", exact=True, keep=keep, games=20000, seed="07" * 32
    )
    assert r["method"] == "simulation" and r["games"] == 20000
    odds = r["keep"]
    assert odds is not None
    exact, sim, ci = odds["exact"], odds["simulated"], odds["simulated_interval"]
    assert exact is not None and sim is not None and ci is not None
    assert sum(exact) == pytest.approx(1.0)
    # Bonferroni over the eight sizes at a family-wise alpha of 1e-4: the Wilson interval of
    # each simulated share at that level must hold the exact chance.
    z = NormalDist().inv_cdf(1 - 1e-4 / 8 / 2)
    for size in range(8):
        assert ci[size]["low"] <= sim[size] <= ci[size]["high"]
        low, high = wilson(round(sim[size] * 20000), 20000, z)
        assert low <= exact[size] <= high, (size, exact[size], sim[size])
    for c in r["cards"]:
        assert c["castable_interval"]["low"] <= c["castable"] <= c["castable_interval"]["high"]
    again = m.analyze(
        deck,
        turns=3,
        mulligan="london",
        exact=True,
        keep=keep,
        games=20000,
        seed="07" * 32,
        threads=1,
    )
    assert again == r, "the thread count does not change the results"


def test_exact_keep_odds_are_the_core_dp(table):
    deck = m.Deck.parse("24 Plains\n36 Shock")
    odds = m.analysis.exact_keep_odds(
        deck, mulligan="paris", keep=m.KeepRule({7: (2, 5), 6: (2, 4)}, keep_at=5)
    )
    p7 = sum(hyper(60, 24, 7, k) for k in range(2, 6))
    p6 = sum(hyper(60, 24, 6, k) for k in range(2, 5))
    assert odds[7] == pytest.approx(p7, abs=1e-12)
    assert odds[6] == pytest.approx((1 - p7) * p6, abs=1e-12)
    assert odds[5] == pytest.approx((1 - p7) * (1 - p6), abs=1e-12)


def test_simulate_exact_json(capsys, table, deck_file):
    code, out, err = run(
        capsys,
        "simulate",
        str(deck_file),
        "--games",
        "20000",
        "--seed",
        "00" * 32,
        "--exact",
        "--json",
    )
    assert code == 0, err
    row = json.loads(out)["decks"][0]
    exact = row["exact_keep_rate_by_size"]
    assert sum(exact.values()) == pytest.approx(1.0)
    assert set(exact) >= {"7", "6"}
    assert abs(exact["7"] - row["keep_rate_by_size"]["7"]) < 0.02


def test_errors_are_one_line_and_name_the_problem(capsys, table, deck_file):
    for args, needle in [
        (["--card", "Nope"], '"Nope" is not in the deck'),
        (["--card", "Plains"], "is a land"),
        (["--mulligan", "partial-paris"], "PARTIAL_PARIS"),
    ]:
        code, out, err = run(capsys, "analyze", str(deck_file), "--turns", "3", *args)
        assert code != 0
        errors = [line for line in err.splitlines() if line.startswith("mulligan: error")]
        assert len(errors) == 1 and needle in errors[0] and "Traceback" not in err, err
    with pytest.raises(m.MulliganError):
        m.analyze(m.Deck.parse(DECK), turns=0)
    with pytest.raises(m.MulliganError):
        m.analyze(m.Deck.parse(DECK), turns=3, mulligan="sideways")


def test_text_output_prints_intervals_beside_simulated_figures(capsys, table, deck_file):
    code, out, err = run(
        capsys, "analyze", str(deck_file), "--turns", "3", "--games", "5000", "--seed", "01" * 32
    )
    assert code == 0, err
    lines = out.splitlines()
    helix = row(lines, next(i for i, line in enumerate(lines) if "Lightning Helix" in line))
    assert "[" in helix and "]" in helix
    assert "kept hand size" in out


def test_plot_writes_one_png_per_question(capsys, table, deck_file, tmp_path):
    path = tmp_path / "a.png"
    code, out, err = run(
        capsys,
        "analyze",
        str(deck_file),
        "--turns",
        "4",
        "--games",
        "3000",
        "--seed",
        "02" * 32,
        "--exact",
        "--plot",
        str(path),
    )
    assert code == 0, err
    for part in ("lands", "colours", "cards", "keep"):
        p = tmp_path / f"a-{part}.png"
        assert p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", part


def test_text_output_shows_each_tags_distribution(capsys, table, deck_file):
    """The text prints what the JSON holds for tags: by turn, the chance of exactly k cards
    tagged [burn] seen (22 of 60 here; 7 cards on turn 1 on the play, 103.8a)."""
    code, out, err = run(
        capsys, "analyze", str(deck_file), "--turns", "2", "--mulligan", "none", "--exact"
    )
    assert code == 0, err
    lines = out.splitlines()
    start = lines.index("tagged cards seen by turn (chance of exactly k):")
    assert lines[start + 1] == "  [burn]"
    turn1 = row(lines, start + 2)
    assert turn1.startswith("    turn 1 (7 cards): 0: ")
    for k in range(8):
        assert f"{k}: {100 * hyper(60, 22, 7, k):.2f}%" in turn1, (k, turn1)
    assert lines[start + 2 + len(rows_at(lines, start + 2))].startswith("    turn 2 (8 cards): ")
    code, out, err = run(
        capsys, "analyze", str(deck_file), "--turns", "1", "--games", "4000", "--seed", "03" * 32
    )
    assert code == 0, err
    lines = out.splitlines()
    start = lines.index("tagged cards seen by turn (chance of exactly k):")
    assert "[" in lines[start + 2].split("0: ", 1)[1], "simulated: an interval in brackets"


def test_simulate_prints_a_wilson_interval_beside_each_keep_rate(capsys, table, deck_file):
    """`simulate --json` carries each keep rate's 95% Wilson interval (computed here
    independently from the counts), and the table prints it in brackets beside the rate."""
    args = ["simulate", str(deck_file), "--games", "20000", "--seed", "00" * 32]
    code, out, err = run(capsys, *args, "--json")
    assert code == 0, err
    row = json.loads(out)["decks"][0]
    z = NormalDist().inv_cdf(0.975)
    assert set(row["keep_rate_interval_by_size"]) == set(row["kept_by_size"])
    for size, hits in row["kept_by_size"].items():
        low, high = row["keep_rate_interval_by_size"][size]
        want = wilson(hits, 20000, z)
        assert low == pytest.approx(max(want[0], 0.0), abs=1e-12)
        assert high == pytest.approx(min(want[1], 1.0), abs=1e-12)
        assert low <= row["keep_rate_by_size"][size] <= high
    code, out, err = run(capsys, *args)
    assert code == 0, err
    rate7 = 100 * row["keep_rate_by_size"]["7"]
    low7, high7 = (100 * x for x in row["keep_rate_interval_by_size"]["7"])
    assert f"{rate7:.2f}% [{low7:.2f}, {high7:.2f}]" in out


def test_exact_turns_after_a_paris_keep_equal_an_independent_sum(capsys, table, deck_file):
    """`--exact` with mulligans: the lands seen by each turn after the keep, exactly, beside
    the simulated figures. Paris, keep 2-5 lands in 7, any 6: by hand, the sum over the kept
    hand's lands of the hypergeometric draws from the rest of the library (22 lands of 60)."""
    code, out, err = run(
        capsys,
        "analyze",
        str(deck_file),
        "--turns",
        "3",
        "--mulligan",
        "paris",
        "--keep",
        "7:2-5",
        "--keep-at",
        "6",
        "--games",
        "4000",
        "--seed",
        "04" * 32,
        "--exact",
        "--json",
    )
    assert code == 0, err
    r = json.loads(out)
    for turn in r["by_turn"]:
        draws = turn["turn"] - 1  # on the play (103.8a)
        want = [0.0] * 16
        for l7 in range(8):
            p7 = hyper(60, 22, 7, l7)
            if 2 <= l7 <= 5:
                for y in range(draws + 1):
                    want[l7 + y] += p7 * hyper(53, 22 - l7, draws, y)
            else:
                for l6 in range(7):
                    for y in range(draws + 1):
                        want[l6 + y] += p7 * hyper(60, 22, 6, l6) * hyper(54, 22 - l6, draws, y)
        got = turn["exact"]["lands"]
        assert got == pytest.approx(want[: len(got)], abs=1e-12)
        assert sum(want[len(got) :]) < 1e-12
        # Each colour and the [burn] tag (spells only) are distributions too.
        assert sum(turn["exact"]["sources"]["R"]) == pytest.approx(1.0)
        assert sum(turn["exact"]["tags"]["burn"]) == pytest.approx(1.0)
    code, out, err = run(
        capsys, "analyze", str(deck_file), "--turns", "2", "--games", "2000", "--exact"
    )
    assert code == 0, err
    assert "    exact: >=1: " in out and "      exact: 0: " in out
