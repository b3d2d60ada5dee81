"""`python -m mulligan`: the main job plays one complete, seeded game start and prints it."""

from __future__ import annotations

import io
import re
from contextlib import redirect_stdout
from importlib import resources

import mulligan as m
from mulligan.__main__ import choose_bottom, main, summary


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


def test_summary_reports_the_kept_hand_not_what_is_left_after_103_6() -> None:
    """A player who keeps seven and puts a Leyline and Gemstone Caverns onto the battlefield
    (exiling a card) kept seven, after no mulligan; four cards are left in hand."""
    deck = m.Deck.parse("20 Leyline of Sanctity\n20 Gemstone Caverns\n20 Forest")
    for s in range(40):
        g = m.Game(
            [m.Player("A", deck), m.Player("B", deck)],
            seed=m.Seed.from_hex(f"{s:02x}" * 32),
            starting_player=0,
        )
        g.keep(0)
        g.keep(1)
        while not g.done:
            (d,) = g.pending()
            caverns = [c for c in d.actions if "gemstone_caverns" in c.tags]
            if caverns and d.seat == 1:
                others = [c for c in d.hand if c is not caverns[0]]
                g.opening_hand_action(1, caverns[0], exile=others[0])
            elif d.actions:
                g.opening_hand_action(d.seat, d.actions[0])
            else:
                g.pass_actions(d.seat)
        if len(g.result()[1].hand) <= 4 and g.result()[1].exile:
            break
    else:
        raise AssertionError("no seed gives seat 1 a Gemstone Caverns and Leylines")
    line = summary(g)[2]
    assert line.startswith("B: keeps 7 after 0 mulligan(s); onto the battlefield: "), line
    assert "; exiled: " in line and f"starts with {len(g.result()[1].hand)} in hand" in line


def test_bundled_decks_say_how_many_lands_they_hold() -> None:
    for name in ("izzet_tempo.txt", "mono_green_stompy.txt"):
        text = resources.files("mulligan").joinpath("decks", name).read_text(encoding="utf-8")
        claim = re.search(r"\((\d+) cards, (\d+) lands\)", text)
        assert claim, name
        deck = m.Deck.parse(text)
        assert (len(deck), sum(c.land for c in deck.cards)) == tuple(map(int, claim.groups())), name
