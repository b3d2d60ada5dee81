"""Issue 19's HTTP contract: what the service answers agrees with docs/openapi.json, its errors
name the field (as a JSON path), the player and what was expected, enum names are read in every
spelling the command line takes, and the library's warnings reach the client."""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
import jsonschema  # type: ignore[import-untyped]
from fastapi.testclient import TestClient

import mulligan as m
from mulligan.serve import create_app
from mulligan.serve.simulate import keep_rule_warnings

from .serve_util import DECK_A, auth, two_players

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
ROOT = Path(__file__).resolve().parents[1]
OPENAPI = json.loads((ROOT / "docs" / "openapi.json").read_text())
# A deck the reader has nothing to say of (tagged cards need no card data; four copies each).
GOOD_DECK = "24 Forest\n" + "".join(f"4 Elf Number {i} [creature]\n" for i in range(9))
UNKNOWN = "".join(f"4 Unheard Of Card {i}\n" for i in range(15))


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(tmp_path / "db.sqlite3")) as c:
        yield c


def validator(name: str) -> jsonschema.Draft202012Validator:
    """docs/openapi.json's schema of one request body, as any JSON Schema validator reads it."""
    root = {"$ref": f"#/components/schemas/{name}", "components": OPENAPI["components"]}
    return jsonschema.Draft202012Validator(root)


def documented(path: str, method: str) -> set[str]:
    return set(OPENAPI["paths"][path][method]["responses"])


def error(r: Any, status: int = 422) -> str:
    assert r.status_code == status, r.text
    body = r.json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message"}
    return str(body["error"]["message"])


# -- bodies that are not UTF-8 -------------------------------------------------------------


def test_a_body_that_is_not_utf8_is_a_documented_422(client):
    g = client.post("/games", json=two_players(contributions=[0])).json()
    token = auth(g["seats"][0]["token"])
    for path, template, headers in (
        ("/verify", "/verify", {}),
        ("/games", "/games", {}),
        (
            f"/games/{g['game_id']}/seats/0/contribution",
            "/games/{game_id}/seats/{seat}/contribution",
            token,
        ),
    ):
        for body in (b"\xff\xfe\x03", b'{"log": "\xc3\x28"}'):
            r = client.post(
                path, content=body, headers={"Content-Type": "application/json", **headers}
            )
            assert str(r.status_code) in documented(template, "post"), (path, r.status_code)
            assert r.json()["error"]["code"] == "invalid"
            assert "not UTF-8" in error(r)
    # Nothing changed: the seat has still to contribute.
    view = client.get(f"/games/{g['game_id']}/seats/0", headers=token).json()
    assert view["contributing"] == [0]


def test_every_documented_error_code_is_in_serve_md():
    text = (ROOT / "docs" / "SERVE.md").read_text()
    for path in OPENAPI["paths"].values():
        for operation in path.values():
            for status in operation["responses"]:
                if status.startswith("4"):
                    assert f" {status}" in text, status


# -- what the schema allows, the server accepts; what it refuses, the server refuses --------


def test_smoothing_candidates_without_smoothing_is_refused_by_schema_and_server(client):
    for name, path, body in (
        ("GameIn", "/games", two_players(smoothing_candidates=3)),
        ("SimulateIn", "/simulate", {"deck": DECK_A, "games": 10, "smoothing_candidates": 3}),
        (
            "SimulateIn",
            "/simulate",
            {"deck": DECK_A, "games": 10, "smoothing": None, "smoothing_candidates": 3},
        ),
    ):
        assert not validator(name).is_valid(body)
        message = error(client.post(path, json=body))
        assert message.startswith("smoothing_candidates: ") and "smoothing" in message[21:]
        with_model = {**body, "smoothing": "arena2"}
        validator(name).validate(with_model)
        assert client.post(path, json=with_model).status_code in (200, 201)


def test_optimize_colours_without_optimize_is_refused_by_schema_and_server(client):
    """Issue 31: optimize_colours widens optimize's search, and optimize's game limits (its
    default of 20,000 games is over them) are the schema's too."""
    base = {"deck": GOOD_DECK, "turns": 2, "seed": "00" * 32}
    lands = {"lands": {"at_least": 3}}
    for body, field in (
        ({**base, "games": 100, "optimize_colours": True}, "optimize_colours"),
        ({**base, "games": 100, "optimize": None, "optimize_colours": True}, "optimize_colours"),
        ({**base, "optimize": lands}, "games"),
        ({**base, "games": 10_001, "optimize": lands}, "games"),
        ({**base, "games": 1_001, "optimize": lands, "optimize_colours": True}, "games"),
    ):
        assert not validator("AnalyzeIn").is_valid(body), body
        assert error(client.post("/analyze", json=body)).startswith(f"{field}: "), body
    for body in (
        {**base, "games": 100, "optimize": lands, "optimize_colours": True},
        {**base, "games": 100, "optimize_colours": False},
        {**base, "games": 10_000, "optimize": lands},
    ):
        validator("AnalyzeIn").validate(body)
        assert client.post("/analyze", json=body).status_code == 200, body


def test_starting_player_with_chooser_is_refused_by_schema_and_server(client):
    both = two_players(starting_player=0, chooser=1)
    assert not validator("GameIn").is_valid(both)
    assert "not both" in error(client.post("/games", json=both))
    for body in (
        two_players(starting_player=0),
        two_players(chooser=1),
        two_players(starting_player=None, chooser=1),
        two_players(starting_player=0, chooser=None),
    ):
        validator("GameIn").validate(body)
        assert client.post("/games", json=body).status_code == 201, body


@pytest.fixture
def roomy_client(tmp_path):
    """A client under no practical rate limit (the next test makes ~100 games and rounds)."""
    from mulligan.serve.limits import Limits

    with TestClient(create_app(tmp_path / "db.sqlite3", limits=Limits(100_000))) as c:
        yield c


@pytest.mark.parametrize("route", ["/simulate", "/analyze", "/games", "/rounds"])
def test_the_schema_allows_the_player_counts_each_variant_allows(roomy_client, route):
    """Issue 31: schema and server agree on every variant (in another spelling too, and left
    out: TWO_PLAYER) and player count; the allowed counts are the core's (Variant.players).
    /games and /rounds may still refuse an allowed count for another reason (Two-Headed
    Giant's teams, Archenemy's archenemy), never for the count."""
    model = {"/simulate": "SimulateIn", "/analyze": "AnalyzeIn", "/games": "GameIn"}
    spellings = [(name, name) for name in m.Variant.__dict__ if name.isupper()]
    spellings += [("free-for-all", "FREE_FOR_ALL"), (None, "TWO_PLAYER")]
    agreed = 0
    for spelled, name in spellings:
        least, most = getattr(m.Variant, name).players
        for players in (None, 1, 2, 3, 4, 5, 16):
            seated = [{"name": f"P{i}", "deck": GOOD_DECK} for i in range(players or 2)]
            bodies: dict[str, dict[str, Any]] = {
                "/simulate": {"deck": GOOD_DECK, "games": 10, "players": players},
                "/analyze": {"deck": GOOD_DECK, "games": 10, "turns": 1, "players": players},
                "/games": {"players": seated},
                "/rounds": {"tables": [seated, seated]},
            }
            body = bodies[route]
            if spelled is not None:
                body["variant"] = spelled
            if route in ("/games", "/rounds") and players is None:
                continue  # a list of players always has a count
            allowed = players is None or (least <= players and (most is None or players <= most))
            if route == "/analyze" and players == 1:
                allowed = False  # one player has nobody to play against: AnalyzeIn's minimum
            assert validator(model.get(route, "RoundIn")).is_valid(body) == allowed, body
            r = roomy_client.post(route, json=body)
            if allowed and route in ("/simulate", "/analyze"):
                assert r.status_code == 200, (body, r.text)
            elif allowed:
                assert r.status_code == 201 or "players, got" not in error(r), (body, r.text)
            else:
                assert "players, got" in error(r) or route == "/analyze", (body, r.text)
            agreed += 1
    assert agreed >= 6 * len(spellings)


def test_json_types_are_read_as_the_schema_says(client):
    """Issue 31: a lax model took 0 for false, false for 0 and "3" for 3, which the schema
    refuses (schemathesis found the first two); an integral float is an integer to both."""
    sim = {"deck": GOOD_DECK, "games": 10, "seed": "00" * 32}
    for name, path, body, field in (
        ("GameIn", "/games", two_players(whole_game=0), "whole_game"),
        ("GameIn", "/games", two_players(land_mulligan="yes"), "land_mulligan"),
        ("SimulateIn", "/simulate", {**sim, "hand_size": False}, "hand_size"),
        ("SimulateIn", "/simulate", {**sim, "games": "10"}, "games"),
        ("SimulateIn", "/simulate", {**sim, "on_the_play": 1}, "on_the_play"),
    ):
        assert not validator(name).is_valid(body), body
        message = error(client.post(path, json=body))
        assert message.startswith(f"{field}: expected "), message
    for name, path, body in (
        ("SimulateIn", "/simulate", {**sim, "games": 10.0, "hand_size": 7.0}),
        ("GameIn", "/games", two_players(starting_player=1.0)),
    ):
        validator(name).validate(body)
        assert client.post(path, json=body).status_code in (200, 201), body
    plain = client.post("/simulate", json=sim).json()
    assert client.post("/simulate", json={**sim, "games": 10.0}).json() == plain


def test_sources_takes_a_deck_or_its_counts_and_karsten_alone_by_schema_and_server(client):
    base: dict[str, Any] = {"exact": True, "turns": 2}
    refused: list[tuple[dict[str, Any], str]] = [
        ({**base, "deck": GOOD_DECK, "cards": 60, "lands": 24}, "deck: "),
        ({**base, "cards": 60}, "cards, lands: "),
        ({**base}, "cards, lands: "),
        ({**base, "cards": 60, "lands": 24, "karsten": True, "players": 2}, "karsten: "),
        ({**base, "cards": 60, "lands": 24, "karsten": True, "variant": "BRAWL"}, "karsten: "),
        ({**base, "cards": 60, "lands": 24, "players": 3}, ""),
    ]
    for body, start in refused:
        assert not validator("SourcesIn").is_valid(body), body
        assert error(client.post("/sources", json=body)).startswith(start), body
    accepted: list[dict[str, Any]] = [
        {**base, "deck": GOOD_DECK},
        {**base, "deck": GOOD_DECK, "cards": None},
        {**base, "cards": 60, "lands": 24, "karsten": True, "variant": "two-player"},
        {**base, "cards": 60, "lands": 24, "variant": "FREE_FOR_ALL", "players": 4},
    ]
    for body in accepted:
        validator("SourcesIn").validate(body)
        assert client.post("/sources", json=body).status_code == 200, body


def test_every_key_of_a_sources_answer_is_in_docs_openapi(client):
    """docs/openapi.json follows the sources output (issue 39): a Commander deck's simulated
    table (commanders, identity, notes, each cell's interval, target and needed_range) and
    Karsten's exact one (no variant, no table target) validate against `SourcesTable`, and
    carry no key it leaves undescribed."""
    schemas = OPENAPI["components"]["schemas"]
    table_keys = set(schemas["SourcesTable"]["properties"])
    cell_keys = set(schemas["SourcesCell"]["properties"])
    commander = (
        "Commander\n1 Atraxa, Praetors' Voice\nDeck\n1 Reflecting Pool\n1 Mountain\n"
        "36 Forest\n1 Exotic Orchard\n60 Llanowar Elves\n"
    )
    bodies: list[dict[str, Any]] = [
        {"deck": commander, "turns": 2, "games": 200, "seed": "ab" * 32},
        {"cards": 60, "lands": 25, "karsten": True, "exact": True, "turns": 3},
    ]
    seen: set[str] = set()
    for body in bodies:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            r = client.post("/sources", json=body)
        assert r.status_code == 200, r.text
        table = r.json()
        validator("SourcesTable").validate(table)
        assert set(table) <= table_keys, set(table) - table_keys
        for cell in table["cells"]:
            assert set(cell) <= cell_keys, set(cell) - cell_keys
            seen |= set(cell)
        seen |= set(table)
    assert {"commanders", "identity", "notes", "variant_source", "deck_sources"} <= seen
    assert {"interval", "needed_range", "target"} <= seen


def test_a_rounds_seats_carry_their_page_as_a_games_do(client):
    """Seat requires play_url in docs/openapi.json; POST /rounds left it out (schemathesis)."""
    r = client.post("/rounds", json={"tables": [two_players()["players"]]})
    assert r.status_code == 201, r.text
    table = r.json()["tables"][0]
    for seat in table["seats"]:
        assert seat["play_url"] == f"/play/{table['game_id']}/{seat['seat']}#token={seat['token']}"
    seat_schema = {"$ref": "#/components/schemas/Seat", "components": OPENAPI["components"]}
    for seat in table["seats"]:
        jsonschema.validate(seat, seat_schema)


def test_a_table_of_no_player_is_refused_by_the_schema(client):
    body = {"tables": [[]]}
    assert not validator("RoundIn").is_valid(body)
    assert error(client.post("/rounds", json=body)).startswith("tables[0]: ")


def test_keep_ranges_and_hand_size_are_bounded_by_the_schema(client):
    base = {"deck": DECK_A, "games": 10}
    for bad in (
        {"keep": {"ranges": {"seven": [2, 5]}}},
        {"keep": {"ranges": {"7": [2]}}},
        {"keep": {"requires": {"removal": -1}}},
        {"hand_size": 33},
    ):
        assert not validator("SimulateIn").is_valid({**base, **bad}), bad
        assert client.post("/simulate", json={**base, **bad}).status_code == 422
    validator("SimulateIn").validate({**base, "keep": {"ranges": {"7": [2, 5]}}, "hand_size": 32})


def test_an_odd_contribution_is_refused_by_the_schema():
    assert not validator("ContributionIn").is_valid({"contribution": "a" * 33})
    validator("ContributionIn").validate({"contribution": "a" * 32})


# -- enum spellings --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "spelled, canonical",
    [
        ({"mulligan": "london"}, {"mulligan": "LONDON"}),
        ({"mulligan": "Paris-Sequential"}, {"mulligan": "PARIS_SEQUENTIAL"}),
        ({"variant": "two-player"}, {"variant": "TWO_PLAYER"}),
        ({"smoothing": "ARENA2"}, {"smoothing": "arena2"}),
        ({"smoothing": "Smoothed-London"}, {"smoothing": "smoothed_london"}),
    ],
)
def test_enum_names_in_any_case_with_dash_or_underscore(client, spelled, canonical):
    body = {"deck": DECK_A, "games": 2000, "seed": "00" * 32, **spelled}
    validator("SimulateIn").validate(body)
    got = client.post("/simulate", json=body)
    want = client.post("/simulate", json={**body, **canonical})
    assert got.status_code == 200, got.text
    assert got.json() == want.json()
    game = two_players(starting_player=0, **spelled)
    validator("GameIn").validate(game)
    assert client.post("/games", json=game).status_code == 201
    rounds = {"tables": [two_players()["players"]], **spelled}
    validator("RoundIn").validate(rounds)
    assert client.post("/rounds", json=rounds).status_code == 201


def test_keep_rule_bottom_and_exile_spellings(client):
    base = {"deck": DECK_A, "games": 2000, "seed": "00" * 32}
    want = client.post("/simulate", json={**base, "keep": {"bottom": "lands_first"}}).json()
    for spelling in ("lands-first", "LANDS_FIRST", "Lands-First", "lands"):
        body = {**base, "keep": {"bottom": spelling, "exile": "EXCESS"}}
        validator("SimulateIn").validate(body)
        got = client.post("/simulate", json=body)
        assert got.status_code == 200 and got.json() == want, got.text
    for wrong, field in (
        ({"mulligan": "londn"}, "mulligan"),
        ({"smoothing": "arena"}, "smoothing"),
    ):
        body = {**base, **wrong}
        assert not validator("SimulateIn").is_valid(body)
        message = error(client.post("/simulate", json=body))
        assert message.startswith(f"{field}: expected one of ") and "any case" in message


def test_an_answer_action_in_any_spelling(client):
    g = client.post("/games", json=two_players(starting_player=0)).json()
    token = auth(g["seats"][0]["token"])
    d = client.get(f"/games/{g['game_id']}/seats/0", headers=token).json()["pending"][0]
    r = client.post(
        f"/games/{g['game_id']}/seats/0/answer",
        json={"decision": d["id"], "action": "KEEP"},
        headers=token,
    )
    assert r.status_code == 200, r.text


# -- errors in words -------------------------------------------------------------------------


def test_errors_name_the_field_the_player_and_what_was_expected(client):
    g = client.post("/games", json=two_players()).json()
    chooser = next(
        s
        for s in range(2)
        if client.get(
            f"/games/{g['game_id']}/seats/{s}", headers=auth(g["seats"][s]["token"])
        ).json()["pending"]
    )
    token = auth(g["seats"][chooser]["token"])
    view = client.get(f"/games/{g['game_id']}/seats/{chooser}", headers=token).json()
    d = view["pending"][0]
    assert d["kind"] == "choose_starting_player"
    url = f"/games/{g['game_id']}/seats/{chooser}/answer"
    message = error(
        client.post(
            url, json={"decision": d["id"], "action": "choose_starting_player"}, headers=token
        )
    )
    assert message == (
        "starting_seat: missing; choose_starting_player needs the seat (a number) "
        "that takes the first turn"
    )
    assert "usize" not in message and "invalid type" not in message
    # A body that is not JSON: where, in lines and columns.
    bad = client.post(
        "/games", content=b'{"players": [}', headers={"Content-Type": "application/json"}
    )
    assert error(bad) == "the body is not JSON: Expecting value at line 1, column 14"
    # A field of a player: its JSON path and the player's name.
    body = two_players()
    body["players"][1]["hand_modifier"] = "two"
    assert error(client.post("/games", json=body)) == (
        "players[1].hand_modifier (player 'Ben'): expected a whole number, got str"
    )
    del body["players"][1]["deck"]
    assert error(client.post("/games", json=body)).startswith(
        "players[1].deck (player 'Ben'): missing"
    )
    # A deck the reader refuses: the player, then the reader's line.
    body = two_players(deck_b="Deck\n-3 Forest\n")
    message = error(client.post("/games", json=body))
    assert message.startswith("players[1] ('Ben'): deck: line 2: "), message
    # The same in a round: the table and the seat.
    rounds = {"tables": [two_players()["players"], body["players"]]}
    assert error(client.post("/rounds", json=rounds)).startswith("tables[1][1] ('Ben'): deck: ")
    # /verify: the line of the log that is not JSON.
    verdict = client.post("/verify", json={"log": '{"type": "header"}\nnot json\n'}).json()
    assert verdict["valid"] is False
    assert verdict["message"].startswith("log: line 2 is not JSON (Expecting value at column 1)")


# -- warnings reach the client ---------------------------------------------------------------


def test_post_games_returns_the_deck_warnings_naming_the_player(client):
    r = client.post("/games", json=two_players(deck_a=GOOD_DECK, deck_b=UNKNOWN + "60 Island\n"))
    assert r.status_code == 201, r.text
    found = r.json()["warnings"]
    assert found and all(w["code"] == "deck" for w in found)
    assert all(w["message"].startswith("players[1] ('Ben'): ") for w in found)
    assert any("Unheard Of Card 14" in w["message"] for w in found)
    quiet = client.post("/games", json=two_players(deck_a=GOOD_DECK, deck_b=GOOD_DECK))
    assert quiet.json()["warnings"] == []
    table = two_players(deck_a=GOOD_DECK, deck_b=UNKNOWN)["players"]
    rounds = client.post("/rounds", json={"tables": [table]})
    assert rounds.status_code == 201, rounds.text
    assert rounds.json()["warnings"][0]["message"].startswith("tables[0][1] ('Ben'): ")


def test_post_simulate_returns_the_librarys_warnings():
    body = {"deck": GOOD_DECK, "games": 1000, "keep": {"requires": {"removal": 1}}}
    with TestClient(create_app(":memory:")) as c:
        got = c.post("/simulate", json=body).json()["warnings"]
        assert c.post("/simulate", json={**body, "keep": {}}).json()["warnings"] == []
    assert got == [
        {
            "code": "keep_rule",
            "message": 'no card of the deck carries the tag "removal" the keep rule requires: '
            "no hand above keep_at is kept",
        }
    ]


@pytest.mark.parametrize(
    "ranges, hand_size",
    [({8: (2, 5), 7: (2, 5), 9: (3, 6)}, 7), ({7: (2, 5)}, 6), ({6: (1, 4)}, 7)],
)
def test_the_unused_range_warning_is_the_librarys_own(ranges, hand_size):
    parsed = m.Deck.parse(DECK_A)
    keep = m.KeepRule(ranges)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        m.simulate(parsed, games=10, keep=keep, seed="00" * 32, hand_size=hand_size)
    library = [str(w.message) for w in caught if w.category is m.MulliganWarning]
    assert keep_rule_warnings(parsed, keep, hand_size) == library


@pytest.mark.parametrize(
    "deck, requires",
    [
        (GOOD_DECK, {"removal": 1, "ramp": 2}),
        ("4 Llanowar Elves [creature]\n", {}),
        ("40 Forest\n", {"creature": 1}),
        ("24 Forest\n36 Grizzly Bears [creature, été]\n", {"été": 1, "ete": 1}),
    ],
)
def test_the_keep_rule_warnings_are_the_librarys_own(deck, requires):
    parsed = m.Deck.parse(deck)
    keep = m.KeepRule({7: (2, 5)}, requires=requires or None)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        m.simulate(parsed, games=10, keep=keep, seed="00" * 32)
    library = [str(w.message) for w in caught if w.category is m.MulliganWarning]
    assert keep_rule_warnings(parsed, keep) == library
