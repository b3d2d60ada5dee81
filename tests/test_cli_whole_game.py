"""`mulligan start --whole-game` as players run it (issue 21): after 103.8 the players draw,
shuffle, search, fetch, scry, surveil, mill, play and discard at the keyboard, the log is
written when they end the game, and `mulligan verify` checks it; a log with a changed action,
card or order anywhere fails with one clear line and a non-zero exit."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from .test_cli_hot_seat import PASS, Terminal

SEED = "00" * 32

#: What only the player at the keyboard may see in the table phase (and in the game start).
PRIVATE = re.compile(
    r"your hand|your library|the top of your library|which card|which to the|Put \d+ card"
)

#: Each player's commands at the keyboard, in order: (who acts, commands).
TURNS = [
    ("1", ["d", "f", "scry 2", "mill 2", "g", "p 1", "x 1", "done"]),
    ("2", ["fetch", "surveil 1", "s", "d 2", "done"]),
    ("1", ["fetch", "d", "done"]),
]


def env() -> dict[str, str]:
    # COLUMNS: the transcript's lines whole (piped output wraps at 80 otherwise).
    return {**os.environ, "MULLIGAN_CARD_DATA": "", "COLUMNS": "1000"}


def cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mulligan", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        env=env(),
    )


def keyboard() -> str:
    """The whole game's answers as typed lines: the game start (Bob chooses Alice, both keep),
    then each turn of TURNS (pick a card 1 at every pick, the order as it is), then `e`."""
    lines = ["", "1", "", "k", "", "k"]
    picks = {"f": ["1"], "fetch": ["1"], "scry 2": ["1"], "surveil 1": ["1"]}
    for who, commands in TURNS:
        lines += [who, ""]
        for c in commands:
            lines += [c, *picks.get(c, [])]
    return "\n".join([*lines, "e"]) + "\n"


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    log = tmp_path_factory.mktemp("whole") / "game.jsonl"
    p = cli("start", "--seed", SEED, "--whole-game", "--log", str(log), stdin=keyboard())
    assert p.returncode == 0, p.stderr
    return log, p.stdout


def test_the_players_play_on_after_103_8_and_the_log_verifies(played):
    log, out = played
    records = [json.loads(line) for line in log.read_text().splitlines()]
    acts = [r["action"]["action"] for r in records if r.get("type") == "act"]
    assert acts == [
        "draw", "search", "found", "look", "arrange", "mill", "shuffle_in", "move", "move",
        "search", "found", "look", "arrange", "shuffle", "draw",
        "search", "found", "draw",
    ]  # fmt: skip
    assert records[-2]["type"] == "end" and records[-1]["type"] == "reveal"
    assert "event log written to" in out and f"seed (revealed after the game): {SEED}" in out
    # The table saw the shuffles (701.24b, c) and the public moves, not the hidden cards.
    assert "[701.24b] shuffle" in out and "[701.24c] shuffle" in out
    assert re.search(r'draw +seat=1, cards="2 cards"', out), out
    p = cli("verify", str(log))
    assert p.returncode == 0 and "verified" in p.stdout, p.stderr


def tampered(log: Path, tmp: Path, change: Any) -> subprocess.CompletedProcess[str]:
    records = [json.loads(line) for line in log.read_text().splitlines()]
    change(records)
    bad = tmp / "bad.jsonl"
    bad.write_text("".join(json.dumps(r) + "\n" for r in records))
    return cli("verify", str(bad))


def nth(records: list[Any], kind: str, k: int = 0, **fields: Any) -> int:
    hits = [
        i
        for i, r in enumerate(records)
        if r.get("type") == kind and all(r.get(f) == v for f, v in fields.items())
    ]
    return hits[k]


def change_draw_count(records: list[Any]) -> None:
    i = nth(records, "act", 0)
    records[i]["action"]["count"] = 2


def change_found_card(records: list[Any]) -> None:
    i = nth(records, "act", 2)
    assert records[i]["action"]["action"] == "found"
    records[i]["action"]["cards"] = [records[i]["action"]["cards"][0] + 1]


def change_moved_card(records: list[Any]) -> None:
    i = nth(records, "move", 0, to="battlefield")
    records[i]["cards"][0]["id"] += 1


def swap_two_actions(records: list[Any]) -> None:
    i = nth(records, "act", 13)  # Bob's shuffle, then his draw of two
    j = nth(records, "act", 14)
    records[i], records[j] = records[j], records[i]


def reorder_a_look(records: list[Any]) -> None:
    i = nth(records, "look", 0)
    records[i]["cards"].reverse()


def change_a_shuffle(records: list[Any]) -> None:
    i = nth(records, "shuffle", 0, rule="701.24a")
    records[i]["size"] -= 1


def drop_the_end(records: list[Any]) -> None:
    del records[nth(records, "end")]


@pytest.mark.parametrize(
    "change",
    [
        change_draw_count,
        change_found_card,
        change_moved_card,
        swap_two_actions,
        reorder_a_look,
        change_a_shuffle,
        drop_the_end,
    ],
)
def test_a_changed_action_card_or_order_fails_verify(played, tmp_path, change):
    log, _ = played
    p = tampered(log, tmp_path, change)
    lines = [line for line in p.stderr.splitlines() if line.strip()]
    assert p.returncode == 1, (p.returncode, p.stdout, p.stderr)
    assert len(lines) == 1 and "Traceback" not in p.stderr, p.stderr
    assert lines[0].startswith("mulligan: error: ") and "bad.jsonl" in lines[0], lines[0]
    assert re.search(r"line \d+: |has not ended", lines[0]), lines[0]
    assert "verified" not in p.stdout


def test_whole_game_needs_the_keyboard():
    p = cli("start", "--seed", SEED, "--whole-game", "--auto")
    assert p.returncode == 2 and "--whole-game is played at the keyboard" in p.stderr


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_in_a_terminal_no_private_line_survives_the_pass(tmp_path):
    """The same game in a real terminal (tmux): whenever the terminal is passed on, and at the
    end, nothing only the last player saw (hand, library, the cards looked at) is on the screen
    or in the scrollback; the game ends with the log written and verified."""
    log = tmp_path / "game.jsonl"
    command = [sys.executable, "-m", "mulligan", "start", "--seed", SEED, "--whole-game"]
    term = Terminal([*command, "--log", str(log)], tmp_path)
    turns = [(who, list(commands)) for who, commands in TURNS]
    queue: list[str] = []
    passes = 0
    try:
        screen = ""
        for _ in range(300):
            screen = term.settled(screen)
            if term.done.exists():
                break
            prompt = [line for line in screen.splitlines() if line.strip()][-1]
            if PASS.search(prompt):
                leaked = [x for x in term.history().splitlines() if PRIVATE.search(x)]
                assert not leaked, f"before the pass, the terminal shows {leaked}"
                passes += 1
                term.type("")
            elif "who plays first" in prompt:
                term.type("1")
            elif "k = keep" in prompt:
                term.type("k")
            elif "Who acts now?" in prompt:
                if not turns:
                    term.type("e")
                    continue
                who, queue = turns.pop(0)
                term.type(who)
            elif prompt.rstrip().endswith(">:"):
                term.type(queue.pop(0))
            elif "which card" in prompt or "which to the" in prompt:
                term.type("1")
            else:
                raise AssertionError(f"no answer for the prompt {prompt!r}:\n{screen}")
        else:
            raise AssertionError("the game did not end")
        assert term.done.read_text().strip() == "0", screen
        leaked = [x for x in term.history().splitlines() if PRIVATE.search(x)]
        assert not leaked, f"at the end, the terminal shows {leaked}"
        assert passes >= 6 and not turns
    finally:
        term.close()
    p = cli("verify", str(log))
    assert p.returncode == 0, p.stderr
