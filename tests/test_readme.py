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
