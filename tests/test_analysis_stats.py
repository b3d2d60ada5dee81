"""`mulligan stats LOG...` ("was I unlucky?") and `mulligan.analysis.land_luck`: every hand
dealt from a fresh shuffle of verified logs against the exact hypergeometric law."""

from __future__ import annotations

import json

import pytest

import mulligan as m
from mulligan.cli import main


def play(seed_byte: int, mulligan_below: int = 3) -> m.Game:
    deck = m.Deck(
        [m.Card("Forest", land=True) for _ in range(24)] + [m.Card("Bear") for _ in range(36)]
    )
    game = m.Game([m.Player("Ann", deck), m.Player("Ben", deck)], seed=bytes([seed_byte]) * 32)
    while not game.done:
        d = game.pending()[0]
        if d.kind == "choose_starting_player":
            game.choose_starting_player(d.seat, d.seat)
        elif d.kind == "keep_or_mulligan":
            lands = sum(c.land for c in d.hand)
            if d.can_mulligan and lands < mulligan_below:
                game.mulligan(d.seat)
            else:
                game.keep(d.seat)
        elif d.kind == "bottom":
            game.bottom(d.seat, d.hand[: d.count])
        elif d.kind == "vancouver":
            game.vancouver(d.seat, False)
        else:
            game.pass_actions(d.seat)
    return game


@pytest.fixture
def logs(tmp_path) -> list[str]:
    paths = []
    for i in range(6):
        p = tmp_path / f"g{i}.jsonl"
        m.write_log(play(i + 1), p)
        paths.append(str(p))
    return paths


def test_every_fresh_hand_is_counted_and_tested(logs, capsys):
    hands = [h for p in logs for h in m.analysis.dealt_hands(open(p, "rb").read())]
    draws = sum(1 for p in logs for line in open(p) if json.loads(line).get("type") == "draw")
    assert len(hands) == draws, "every opening and mulligan draw follows a whole-deck shuffle"
    assert all(h["deck_size"] == 60 and h["deck_lands"] == 24 and h["drawn"] == 7 for h in hands)
    code = main(["stats", *logs, "--json", "--samples", "2000"])
    out, err = capsys.readouterr()
    assert code == 0, err
    r = json.loads(out)
    assert r["hands"] == len(hands)
    assert r["lands"] == sum(h["lands"] for h in hands)
    assert r["expected_lands"] == pytest.approx(len(hands) * 7 * 24 / 60)
    assert 0 < r["p_total"] <= 1 and 0 < r["p_surprise"] <= 1
    assert r["p_at_most"] + r["p_at_least"] >= 1
    again = m.analysis.land_luck([open(p, "rb").read() for p in logs], samples=2000)
    assert again["p_surprise"] == r["p_surprise"], "a fixed seed: the same logs, the same p"


def test_text_report_and_a_tampered_log(logs, capsys, tmp_path):
    code = main(["stats", *logs])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "hands dealt from a fresh shuffle" in out and "verdict:" in out
    lines = open(logs[0]).read().splitlines()
    bad = tmp_path / "bad.jsonl"
    draw = next(i for i, line in enumerate(lines) if '"type":"draw"' in line)
    record = json.loads(lines[draw])
    record["cards"][0]["id"] = (record["cards"][0]["id"] + 1) % 60
    lines[draw] = json.dumps(record, sort_keys=True, separators=(",", ":"))
    bad.write_text("\n".join(lines) + "\n")
    code = main(["stats", str(bad)])
    out, err = capsys.readouterr()
    assert code == 1
    assert str(bad) in err and "Traceback" not in err
