"""`mulligan start --variant two-headed-giant` with the default two decks: the error says how
many players the variant needs and which option gives them (issue 18, from the tools issue)."""

from __future__ import annotations

from mulligan.cli import main
from mulligan.cli.start import suggest_players


def test_two_headed_giant_with_two_players_suggests_players_4(capsys, monkeypatch):
    monkeypatch.setenv("MULLIGAN_CARD_DATA", "")
    code = main(["start", "--auto", "--variant", "two-headed-giant", "--seed", "00" * 32])
    _, err = capsys.readouterr()
    assert code == 1
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "needs 4 or more" in lines[0] and lines[0].endswith(
        "add --players 4 (the decks are reused)"
    )
    code = main(
        ["start", "--auto", "--variant", "two-headed-giant", "--players", "4", "--seed", "00" * 32]
    )
    assert code == 0


def test_other_errors_are_left_as_they_are():
    assert suggest_players("a deck error", 2) == "a deck error"
    assert suggest_players("needs 4 or more players, got 4", 4).endswith("got 4")
