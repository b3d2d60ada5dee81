"""Sources tables (docs/ANALYSIS.md, "Sources tables"): `mulligan sources`, `mulligan.sources`
and `POST /sources` give the core's table; the public contract of the command line (issue 30)
holds; bad requests are refused naming what was wrong."""

from __future__ import annotations

import inspect
import json
from pathlib import Path
from typing import Any

import pytest

import mulligan as m
from tests.cli_util import one_line_error, run

SEED = "5a" * 32
DECK = "14 Plains\n11 Island\n4 Wrath of God\n31 Grizzly Bears\n"


def cell(table, cost):
    return next(c for c in table["cells"] if c["cost"] == cost)


def test_karstens_table_from_python_exactly():
    t = m.sources(cards=60, lands=25, karsten=True, exact=True)
    assert t["method"] == "exact" and t["procedure"] == "karsten"
    assert t["turns"] == 7 and not t["draws_first_turn"]
    # Issue 30: his method carried to turn 1, 14 of 25 lands: 91.29%.
    assert f"{100 * cell(t, 'C')['probability'][14]:.2f}" == "91.29"
    # His (89+M)% targets: 2CC (a four-drop) at 93% needs 16, as his 2022 table prints it.
    assert cell(t, "2CC")["needed"] == 16 and cell(t, "2CC")["target"] == 0.93
    # Every cost of mana value 1 to 7, C to CCCCCCC: 1 + 2 + ... + 7 cells, each by sources.
    assert len(t["cells"]) == 28
    assert all(len(c["probability"]) == 26 for c in t["cells"])
    assert [c["cost"] for c in t["cells"][:6]] == ["C", "1C", "CC", "2C", "1CC", "CCC"]


def test_simulated_tables_carry_intervals_and_depend_on_the_seed_only():
    a = m.sources(cards=40, lands=17, turns=2, games=500, seed=SEED, threads=1)
    b = m.sources(cards=40, lands=17, turns=2, games=500, seed=SEED, threads=2)
    assert a == b
    assert a["method"] == "simulated" and a["games"] == 500 and a["seed"] == SEED
    c = cell(a, "1C")
    for p, ci in zip(c["probability"], c["interval"]):
        assert ci is not None and p is not None and ci["low"] <= p <= ci["high"]
    other = m.sources(cards=40, lands=17, turns=2, games=500, seed="00" * 32)
    assert other["cells"] != a["cells"]


def test_a_deck_gives_its_size_lands_and_sources():
    t = m.sources(m.Deck.parse(DECK), exact=True, turns=4, table=False)
    assert (t["cards"], t["lands"]) == (60, 25)
    assert t["deck_sources"] == {"W": 14, "U": 11}


def test_bad_arguments_are_refused():
    with pytest.raises(TypeError, match="cards and lands"):
        m.sources(cards=60)
    with pytest.raises(m.MulliganError, match="lands"):
        m.sources(cards=60, lands=70, exact=True)
    with pytest.raises(m.MulliganError, match="karsten"):
        m.sources(cards=60, lands=25, karsten=True, mulligan="PARIS", exact=True)


def test_cli_contract_json_gives_every_cell_unrounded(capsys):
    code, out, _ = run(
        capsys, "sources", "--cards", "60", "--lands", "25", "--karsten", "--exact", "--json"
    )
    assert code == 0
    got = json.loads(out)
    want = m.sources(cards=60, lands=25, karsten=True, exact=True)
    assert got == json.loads(json.dumps(want))
    assert cell(got, "C")["probability"][14] == pytest.approx(0.9128639442740519, abs=1e-15)


def test_cli_text_prints_what_ran_and_the_needs(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    code, out, _ = run(
        capsys,
        "sources",
        "--cards",
        "40",
        "--lands",
        "17",
        "--exact",
        "--on-the-draw",
        "--turns",
        "3",
        "--target",
        "0.95",
        "--mulligan",
        "vancouver",
    )
    assert code == 0
    lines = out.splitlines()
    assert "40 cards, 17 lands; VANCOUVER mulligan" in lines[0] and "draws on turn 1" in lines[0]
    assert "sources needed for 95%" in lines[1]
    t = m.sources(
        cards=40,
        lands=17,
        exact=True,
        on_the_draw=True,
        turns=3,
        target=0.95,
        mulligan="VANCOUVER",
    )
    assert f"CCC: {cell(t, 'CCC')['needed']}" in lines[4]


def test_cli_errors_are_one_line(capsys):
    code, _, err = run(capsys, "sources", "--cards", "60")
    assert code != 0 and "--lands" in one_line_error(err)
    code, _, err = run(
        capsys, "sources", "--cards", "60", "--lands", "25", "--karsten", "--keep", "7:1-6"
    )
    assert code != 0 and "--karsten" in one_line_error(err)


@pytest.fixture
def client(tmp_path, monkeypatch):
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from mulligan.serve.app import create_app

    monkeypatch.setenv("MULLIGAN_CARD_DATA", "")
    with TestClient(create_app(tmp_path / "db.sqlite3")) as c:
        yield c


def test_post_sources_equals_the_library_call(client):
    body = {"cards": 60, "lands": 25, "karsten": True, "exact": True, "turns": 4}
    got = client.post("/sources", json=body)
    assert got.status_code == 200, got.text
    want = m.sources(cards=60, lands=25, karsten=True, exact=True, turns=4)
    assert got.json() == json.loads(json.dumps(want))
    sim = client.post(
        "/sources", json={"cards": 40, "lands": 16, "turns": 2, "games": 200, "seed": SEED}
    )
    assert sim.status_code == 200
    assert sim.json()["cells"] == json.loads(
        json.dumps(m.sources(cards=40, lands=16, turns=2, games=200, seed=SEED)["cells"])
    )
    deck = client.post("/sources", json={"deck": DECK, "exact": True, "turns": 2})
    assert deck.status_code == 200 and deck.json()["deck_sources"] == {"W": 14, "U": 11}


def test_post_sources_refuses_with_json_errors(client):
    for body, word in [
        ({"cards": 60}, "lands"),
        ({"cards": 60, "lands": 25, "games": 200_000}, "games"),
        (
            {"cards": 60, "lands": 25, "karsten": True, "mulligan": "PARIS", "exact": True},
            "karsten",
        ),
        ({"cards": 60, "lands": 25, "karsten": True, "keep": {"ranges": {"7": [1, 6]}}}, "karsten"),
        ({"deck": DECK, "cards": 60, "lands": 25}, "deck"),
        ({"cards": 60, "lands": 25, "target": 2}, "target"),
    ]:
        r = client.post("/sources", json=body)
        assert r.status_code == 422, (body, r.text)
        assert word in json.dumps(r.json()["error"]), r.text


ANALYZED = "14 Plains\n11 Island\n4 Wrath of God\n4 Llanowar Elves\n4 Birds of Paradise\n23 Ox\n"


def test_analyze_adds_source_needs_beside_its_fields():
    deck = m.Deck.parse(ANALYZED)
    r = m.analyze(deck, turns=2, games=500, seed=SEED)
    # The fields analyze always had are all still there.
    for key in ("deck_size", "lands", "by_turn", "cards", "warnings", "keep", "colours"):
        assert key in r
    needs = r["source_needs"]
    assert needs is not None and not needs["nonland_sources"] and needs["target"] == 0.9
    wrath = next(c for c in needs["cards"] if c["name"] == "Wrath of God")
    # The table under the analysis's own settings (London, default keep rule, on the play).
    t = m.sources(cards=60, lands=25, exact=True, turns=4)
    assert wrath["colour"] == "W" and wrath["coloured"] == 2 and wrath["sources"] == 14
    assert wrath["needed"] == cell(t, "2CC")["needed"]
    assert wrath["probability"] == cell(t, "2CC")["probability"][14]
    assert wrath["needed"] is not None and wrath["short"] == (14 < wrath["needed"])
    # Non-land sources: Birds of Paradise (mana value 1) add W from turn 2, so four more
    # W sources for the Wrath.
    on = m.analyze(deck, turns=2, games=500, seed=SEED, nonland_sources=True)["source_needs"]
    assert on is not None
    wrath_on = next(c for c in on["cards"] if c["name"] == "Wrath of God")
    assert on["nonland_sources"] and wrath_on["sources"] == 18
    # The Elves add G only: the four non-land W sources are the Birds.
    assert wrath_on["nonland_sources"] == 4


def test_analyze_prints_the_short_changed_cards(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    path = tmp_path / "deck.txt"
    path.write_text(ANALYZED)
    code, out, _ = run(capsys, "analyze", str(path), "--turns", "2", "--games", "500")
    assert code == 0
    line = next(x for x in out.splitlines() if "W sources" in x)
    assert "{2}{W}{W}: 14 W sources; 90% by turn 4 needs" in line
    code, out, _ = run(capsys, "analyze", str(path), "--turns", "2", "--games", "500", "--json")
    assert "source_needs" in json.loads(out)


def test_text_fits_the_terminal(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "60")
    code, out, _ = run(
        capsys, "sources", "--cards", "40", "--lands", "16", "--turns", "9", "--exact", "--all"
    )
    assert code == 0
    assert max(len(line) for line in out.splitlines()) <= 60
    # Every cost of turn 9 is still printed, wrapped between cells.
    assert "CCCCCCCCC: " in out and "8C: " in out


def test_post_analyze_takes_nonland_sources(client):
    # The service here runs without card data (no costs known): the flag reaches the core and
    # comes back; which cards count is tested through Python above.
    body = {"deck": ANALYZED, "turns": 2, "games": 300, "seed": SEED, "nonland_sources": True}
    r = client.post("/analyze", json=body)
    assert r.status_code == 200, r.text
    assert r.json()["source_needs"] == {
        "target": 0.9,
        "procedure": "keep_rule",
        "nonland_sources": True,
        "cards": [],
    }
    off = client.post("/analyze", json={**body, "nonland_sources": False}).json()
    assert off["source_needs"]["nonland_sources"] is False
    bad = client.post("/analyze", json={**body, "nonland_sources": "sometimes"})
    assert bad.status_code == 422


SCHEMA_DEFS = json.loads(
    (Path(__file__).resolve().parents[1] / "docs" / "schema.json").read_text()
)["$defs"]


def test_an_unknown_key_is_refused_by_name_over_http_and_in_python(client):
    """The play keys sources and analyze share are one shape in the core; every other key is
    still refused, naming it, by both routes and both functions."""
    for path, body, key in [
        ("/sources", {"cards": 60, "lands": 25, "exact": True, "on_the_drw": True}, "on_the_drw"),
        ("/analyze", {"deck": DECK, "turns": 2, "exact": True, "on_the_drw": True}, "on_the_drw"),
        ("/sources", {"cards": 60, "lands": 25, "exact": True, "optimize": "lands:2"}, "optimize"),
    ]:
        r = client.post(path, json=body)
        assert r.status_code == 422, (path, body, r.text)
        assert key in json.dumps(r.json()["error"]), r.text
    with pytest.raises(TypeError, match="'on_the_drw'"):
        m.sources(cards=60, lands=25, exact=True, on_the_drw=True)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="'on_the_drw'"):
        m.analyze(m.Deck.parse(DECK), turns=2, on_the_drw=True)  # type: ignore[call-arg]
    # The same play keys, read the same: on the draw in both.
    assert m.sources(cards=60, lands=25, exact=True, turns=2, on_the_draw=True)["draws_first_turn"]
    r = m.analyze(m.Deck.parse(DECK), turns=2, exact=True, mulligan="none", on_the_draw=True)
    assert r["by_turn"][0]["cards_seen"] == 8


def test_the_keywords_are_the_core_requests_keys():
    def keywords(function: Any) -> set[str]:
        parameters = inspect.signature(function).parameters.values()
        return {p.name for p in parameters if p.kind is inspect.Parameter.KEYWORD_ONLY}

    sources, analyze = (
        set(SCHEMA_DEFS[n]["properties"]) for n in ("SourcesRequest", "AnalyzeRequest")
    )
    assert keywords(m.sources) - {"table"} == sources
    assert keywords(m.analyze) - {"table", "progress"} == analyze - {"deck"}
    play = {"on_the_draw", "variant", "players", "mulligan", "keep"}
    assert play <= sources & analyze
    assert all(
        SCHEMA_DEFS["SourcesRequest"]["properties"][k]
        == SCHEMA_DEFS["AnalyzeRequest"]["properties"][k]
        for k in play
    )
