"""`python -m mulligan`: the main job plays one complete, seeded game start and prints it."""

from __future__ import annotations

import io
from contextlib import redirect_stdout

import mulligan as m
from mulligan.__main__ import choose_bottom, main


def run(*args: str) -> str:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(list(args)) == 0
    return out.getvalue()


def test_demo_prints_every_step_with_its_rule_and_is_reproducible() -> None:
    text = run()
    for rule in ("[  103.1]", "[  103.3]", "[  103.4]", "[  103.5]", "[ 103.8a]"):
        assert rule in text
    assert "seed commitment" in text and "seed (revealed after the game)" in text
    assert text == run(), "the default seed replays the same game"


def test_demo_runs_every_era() -> None:
    for era in ("VANCOUVER", "PARIS", "PARIS_SEQUENTIAL"):
        assert "first_draw" in run("--mulligan", era)


def test_choose_bottom_keeps_the_right_count() -> None:
    hand = [m.Card("F", land=True) for _ in range(5)] + [m.Card("S") for _ in range(2)]
    bottom = choose_bottom(hand, 3)
    assert len(bottom) == 3 and len({id(c) for c in bottom}) == 3
    kept = [c for c in hand if c not in bottom]
    assert sum(c.land for c in kept) == 2
