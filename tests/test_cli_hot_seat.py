"""Hot-seat privacy in a real terminal emulator (tmux): once the terminal is passed on, no
earlier player's hand is reachable, on the screen or in its scrollback, for every decision that
shows a hand (keep or mulligan, the London bottom, the Vancouver look, 103.5b and 103.6
opening-hand actions); and no hand is shown before its player pressed Enter alone."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

SEED = "0a" * 32

#: Every card a hand can hold in these games (the deck of tests/scenarios/08): Serum Powder
#: (103.5b), Leyline of Sanctity and Chancellor of the Annex (103.6), Gemstone Caverns (103.6,
#: exiling a card).
DECK = """Deck
12 Forest
10 Gemstone Caverns
10 Serum Powder
10 Leyline of Sanctity
10 Chancellor of the Annex
8 Grizzly Bears
"""

#: What only the player at the keyboard may see: the hand, the prompts listing its cards.
PRIVATE = re.compile(r"your hand|Put \d+ card|Scry 1|\(103\.6\)\?|\(103\.5b\)|exile a card from")

PASS = re.compile(r"Pass the terminal to (\w+)\. \w+, press Enter when only you are looking")

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


class Terminal:
    """One tmux server of its own (a private socket) running one command in a 200x50 pane."""

    def __init__(self, command: list[str], tmp: Path) -> None:
        self.socket = f"mulligan-test-{uuid.uuid4().hex[:12]}"
        self.done = tmp / "exit-status"
        script = f"{shlex.join(command)}; echo $? > {shlex.quote(str(self.done))}; sleep 600"
        env = {**os.environ, "MULLIGAN_CARD_DATA": "", "TERM": "xterm-256color"}
        self.tmux(
            "new-session", "-d", "-x", "200", "-y", "50", "-s", "t", "sh", "-c", script, env=env
        )
        self.tmux("set-option", "-g", "history-limit", "100000")

    def tmux(self, *args: str, env: dict[str, str] | None = None) -> str:
        p = subprocess.run(
            ["tmux", "-L", self.socket, *args],
            capture_output=True,
            text=True,
            timeout=30,
            env=env,
            check=True,
        )
        return p.stdout

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", "t")

    def history(self) -> str:
        """Everything the terminal still holds: the scrollback and the screen."""
        return self.tmux("capture-pane", "-p", "-S", "-", "-E", "-", "-t", "t")

    def type(self, text: str) -> None:
        if text:
            self.tmux("send-keys", "-t", "t", "-l", text)
        self.tmux("send-keys", "-t", "t", "Enter")

    def settled(self, before: str, timeout: float = 60) -> str:
        """The screen once it differs from `before` and has not changed for 0.3 s."""
        end = time.monotonic() + timeout
        last, since = self.screen(), time.monotonic()
        while time.monotonic() < end:
            time.sleep(0.05)
            now = self.screen()
            if now != last:
                last, since = now, time.monotonic()
            elif now != before and now.strip() and time.monotonic() - since > 0.3:
                return now
            if self.done.exists() and now != before:
                return now
        raise AssertionError(f"the terminal did not change:\n{last}")

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)


def play(tmp: Path, *options: str, mulligans: int = 1) -> tuple[list[str], str, set[str]]:
    """Plays a hot-seat game start in tmux: every player takes `mulligans` mulligans, then
    keeps, puts the first cards on the bottom, sends the Vancouver look to the bottom and uses
    every opening-hand action offered. At every "Pass the terminal" prompt (and at the end)
    asserts that nothing private is in the whole history; returns who was asked, the final
    history and which kinds of private prompts were answered."""
    deck = tmp / "deck.txt"
    deck.write_text(DECK)
    command = [sys.executable, "-m", "mulligan", "start", str(deck), "--seed", SEED, *options]
    term = Terminal(command, tmp)
    passed: list[str] = []
    kinds: set[str] = set()
    taken: dict[str, int] = {}
    powdered: set[str] = set()
    seated = ""
    try:
        screen = ""
        for _ in range(200):
            screen = term.settled(screen)
            if term.done.exists():
                break
            lines = [line for line in screen.splitlines() if line.strip()]
            prompt = lines[-1]
            if m := PASS.search(prompt):
                history = term.history()
                leaked = [line for line in history.splitlines() if PRIVATE.search(line)]
                assert not leaked, f"before {m.group(1)} sits down, the terminal shows {leaked}"
                seated = m.group(1)
                passed.append(seated)
                term.type("")
            elif "who plays first" in prompt:
                term.type("1")
            elif "k = keep" in prompt:
                kinds.add("keep")
                if "(103.5b)" in prompt and seated not in powdered:
                    kinds.add("103.5b")
                    powdered.add(seated)
                    term.type("a1")
                elif taken.get(seated, 0) < mulligans and "m = mulligan" in prompt:
                    taken[seated] = taken.get(seated, 0) + 1
                    term.type("m")
                else:
                    term.type("k")
            elif m := re.search(r"Put (\d+) card", prompt):
                kinds.add("bottom")
                term.type(" ".join(str(i + 1) for i in range(int(m.group(1)))))
            elif "Scry 1" in prompt:
                kinds.add("vancouver")
                term.type("b")
            elif "(103.6)?" in prompt:
                kinds.add("103.6")
                term.type("y")
            elif "which card" in prompt:
                term.type("1")
            else:
                raise AssertionError(f"no answer for the prompt {prompt!r}:\n{screen}")
        else:
            raise AssertionError("the game start did not end")
        assert term.done.read_text().strip() == "0", screen
        return passed, term.history(), kinds
    finally:
        term.close()


def test_no_hand_survives_the_pass_in_a_london_game_with_opening_hand_actions(tmp_path):
    passed, history, kinds = play(tmp_path)
    assert {"keep", "bottom", "103.6"} <= kinds, kinds
    assert {"Alice", "Bob"} <= set(passed) and len(passed) >= 3, passed
    leaked = [line for line in history.splitlines() if PRIVATE.search(line)]
    assert not leaked, f"after the game start, the terminal shows {leaked}"
    assert "seed (revealed after the game)" in history
    assert "mulligan start: 2 players" in history, "the public transcript is kept"


def test_no_hand_survives_the_pass_after_a_vancouver_look(tmp_path):
    passed, history, kinds = play(tmp_path, "--mulligan", "vancouver")
    assert {"keep", "vancouver"} <= kinds, kinds
    leaked = [line for line in history.splitlines() if PRIVATE.search(line)]
    assert not leaked, f"after the game start, the terminal shows {leaked}"


def test_no_hand_survives_a_serum_powder_mulligan(tmp_path):
    """Serum Powder (103.5b) is offered at the keep prompt: its hand and the next one are the
    same player's, and neither survives the pass to the next player."""
    passed, history, kinds = play(tmp_path, "--mulligan", "paris", mulligans=2)
    assert "103.5b" in kinds, kinds
    leaked = [line for line in history.splitlines() if PRIVATE.search(line)]
    assert not leaked, f"after the game start, the terminal shows {leaked}"


def hot_seat(stdin: str, *options: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mulligan", "start", "--seed", "00" * 32, *options],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "MULLIGAN_CARD_DATA": ""},
    )


def test_stdin_at_end_of_file_says_the_input_ended():
    p = hot_seat("\n1\n")
    assert p.returncode == 1, (p.returncode, p.stderr)
    lines = [line for line in p.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in p.stderr, p.stderr
    assert lines[0].startswith("mulligan: error: the input ended before the game start was done")
    assert "interrupted" not in p.stderr


def test_the_words_keep_mulligan_and_bottom_are_answers():
    """`keep`/`mulligan` at a k/m prompt and `bottom` at the Vancouver look, in any case: each
    word is the letter it starts with; anything else asks again."""
    answers = ["", "1", "", "MULLIGAN", "", "keep", "", "maybe", "Keep", "Bottom"]
    p = hot_seat("\n".join(answers) + "\n", "--mulligan", "vancouver")
    assert p.returncode == 0, p.stderr
    assert p.stdout.count("answer one of k, m") == 1, p.stdout
    events = [line.split("]")[1].split()[0] for line in p.stdout.splitlines() if "] " in line]
    assert events.count("declare_mulligan") == 1 and events.count("keep") == 2, events
    assert "vancouver" in events and 'to="bottom"' in p.stdout
