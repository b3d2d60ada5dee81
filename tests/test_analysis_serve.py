"""`POST /analyze`: the library's analysis over HTTP, bounded as `/simulate` is, errors as
the service's JSON body."""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient  # noqa: E402

import mulligan as m  # noqa: E402
from mulligan.serve.app import create_app  # noqa: E402

DECK = "24 Forest [land]\n4 Llanowar Elves [ramp]\n32 Grizzly Bears\n"


@pytest.fixture
def client(tmp_path, monkeypatch):
    monkeypatch.setenv("MULLIGAN_CARD_DATA", "")
    with TestClient(create_app(tmp_path / "db.sqlite3")) as c:
        yield c


def test_analyze_equals_the_library_call(client):
    body = {"deck": DECK, "turns": 3, "games": 5000, "seed": "00" * 32, "mulligan": "london"}
    got = client.post("/analyze", json=body)
    assert got.status_code == 200, got.text
    want = m.analyze(m.Deck.parse(DECK), turns=3, games=5000, seed="00" * 32, mulligan="london")
    assert got.json() == want
    exact = client.post(
        "/analyze", json={"deck": DECK, "turns": 2, "mulligan": "NONE", "exact": True}
    ).json()
    assert exact["method"] == "exact"
    assert exact["by_turn"][0]["tags"]["ramp"][0] == pytest.approx(
        m.analyze(m.Deck.parse(DECK), turns=2, mulligan="none", exact=True)["by_turn"][0]["tags"][
            "ramp"
        ][0]
    )


def test_analyze_is_bounded_and_refuses_with_json_errors(client):
    too_many = client.post("/analyze", json={"deck": DECK, "turns": 3, "games": 200_001})
    assert too_many.status_code == 422
    assert too_many.json()["error"]["code"]
    bad_card = client.post("/analyze", json={"deck": DECK, "turns": 3, "cards": ["Nope"]})
    assert bad_card.status_code == 422
    assert "Nope" in bad_card.json()["error"]["message"]
    bad_era = client.post("/analyze", json={"deck": DECK, "turns": 3, "mulligan": "sideways"})
    assert bad_era.status_code == 422
    assert "mulligan" in bad_era.json()["error"]["message"]
    short = client.post("/analyze", json={"deck": "5 Forest", "turns": 3})
    assert short.status_code == 422


COMMANDER_DECK = "Commander\n1 Atraxa, Praetors' Voice\nDeck\n38 Forest\n61 Grizzly Bears\n"


def test_a_deck_with_a_commander_runs_as_commander_unless_the_body_names_a_variant(client):
    body = {"deck": COMMANDER_DECK, "turns": 2, "games": 2000, "seed": "00" * 32}
    got = client.post("/analyze", json=body)
    assert got.status_code == 200, got.text
    r = got.json()
    # 103.8c: no one skips the first draw at a Commander table; the commander is reported.
    assert (r["variant"], r["variant_source"], r["skips_first_draw"]) == (
        "COMMANDER",
        "deck",
        False,
    )
    assert r["commanders"] == ["Atraxa, Praetors' Voice"]
    assert r == m.analyze(m.Deck.parse(COMMANDER_DECK), turns=2, games=2000, seed="00" * 32)
    two = client.post("/analyze", json={**body, "variant": "TWO_PLAYER"}).json()
    assert (two["variant"], two["variant_source"], two["skips_first_draw"]) == (
        "TWO_PLAYER",
        "request",
        True,
    )
    plain = client.post("/analyze", json={**body, "deck": DECK}).json()
    assert (plain["variant"], plain["variant_source"]) == ("TWO_PLAYER", "default")
    castable = client.post(
        "/analyze", json={**body, "deck": DECK, "optimize": {"castable": "Grizzly Bears"}}
    )
    assert castable.status_code == 422  # no card table: no cost known, an error naming it
    assert "Grizzly Bears" in castable.json()["error"]["message"]
