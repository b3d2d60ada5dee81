"""The README's tour runs as written."""

from __future__ import annotations

import re
from pathlib import Path

import mulligan as m

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_tour_runs(capsys: object) -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert blocks, "the README has a Python tour"
    namespace: dict[str, object] = {}
    for block in blocks:
        exec(compile(block, "README.md", "exec"), namespace)
    game = namespace["game"]
    assert isinstance(namespace["r"], m.SimulationResult)
    assert isinstance(game, m.Game)
    assert game.done


def test_the_tours_decision_loop_answers_every_kind_in_every_era() -> None:
    """The loop once answered a "vancouver" decision with pass_actions (IllegalActionError)."""
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    namespace: dict[str, object] = {}
    exec(compile(blocks[0], "README.md", "exec"), namespace)
    play = namespace["play"]
    assert callable(play)
    deck = m.Deck.parse("17 Forest\n2 Leyline of Sanctity\n41 Grizzly Bears")
    kinds = set()
    for rule in (m.MulliganRule.LONDON, m.MulliganRule.VANCOUVER, m.MulliganRule.PARIS):
        for s in range(12):
            players = [m.Player(n, deck) for n in "ABC"]
            game = m.Game(
                players,
                variant=m.Variant.FREE_FOR_ALL,
                mulligan=rule,
                seed=m.Seed.from_hex(f"{s:02x}" * 32),
            )
            kinds |= {e["type"] for e in game.events}
            play(game)
            kinds |= {e["type"] for e in game.events}
            assert game.done
    assert {"vancouver", "pass_actions", "bottom", "starting_player"} <= kinds


def test_readme_tour_prints_no_deck_warning(monkeypatch: object) -> None:
    """Its decks break no deck rule (40-card limited decks: no copy limit, 100.2b) and need no
    card data (basic lands, Serum Powder known by name, tagged cards), so the tour prints no
    warning, with or without a card table."""
    import warnings

    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    with warnings.catch_warnings():
        warnings.simplefilter("error", m.DeckWarning)
        namespace: dict[str, object] = {}
        for block in blocks:
            exec(compile(block, "README.md", "exec"), namespace)
