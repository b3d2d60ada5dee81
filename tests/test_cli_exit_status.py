"""One voice for the command line's errors (issue 31): every error is one line,
`mulligan: error: ...`, with exit status 1 for an error in what was read or run and 2 for a
usage error (which ends with the help to read); every command's help states the statuses, as
the README does."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import click
import pytest

from mulligan.cli import cli
from mulligan.cli.group import EXIT_STATUS

from .cli_util import one_line_error, run

SEED = "00" * 32
README = Path(__file__).resolve().parent.parent / "README.md"


@pytest.fixture(autouse=True)
def no_card_table(monkeypatch):
    monkeypatch.setenv("MULLIGAN_CARD_DATA", "")


def commands(group: click.Group = cli, words: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every command's words, groups included: ("cards", "show"), ("simulate",), ..."""
    found: list[tuple[str, ...]] = []
    for name, command in group.commands.items():
        found.append((*words, name))
        if isinstance(command, click.Group):
            found += commands(command, (*words, name))
    return found


USAGE = [
    (("simulate", "--games", "x"), "mulligan simulate", "'--games'"),
    (("simulate", "--mulligan", "florence"), "mulligan simulate", "florence"),
    (("start", "--auto", "--seed", "zz"), "mulligan start", "--seed"),
    (("verify",), "mulligan verify", "LOG"),
    (("verify", "log.jsonl", "--commitment", "abc"), "mulligan verify", "64 hex digits"),
    (("cards", "show"), "mulligan cards show", "NAME"),
    (("analyze", "--turns", "0"), "mulligan analyze", "--turns"),
    (("stats", "--nope"), "mulligan stats", "--nope"),
    (("no-such-command",), "mulligan", "no-such-command"),
]


@pytest.mark.parametrize(("args", "where", "needle"), USAGE, ids=[" ".join(a) for a, _, _ in USAGE])
def test_a_usage_error_is_one_line_exit_2_naming_the_help(capsys, args, where, needle):
    code, _, err = run(capsys, *args)
    line = one_line_error(err)
    assert code == 2, err
    assert line.startswith("mulligan: error: ") and needle in line, line
    assert line.endswith(f"(see {where} --help)"), line


def test_an_error_in_what_was_read_is_one_line_exit_1_without_python_s_words(capsys, tmp_path):
    bad_log = tmp_path / "bad.jsonl"
    bad_log.write_text("not json\n")
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    missing = str(tmp_path / "missing")
    for args, needle in (
        (("verify", missing + ".jsonl"), "cannot read the log: No such file or directory"),
        (("verify", str(bad_log)), "line 1"),
        (("stats", missing + ".jsonl"), "No such file or directory"),
        (("simulate", missing + ".txt"), "no such deck file"),
        (("analyze", missing + ".txt"), "no such deck file"),
        (("start", "--auto", str(empty), "--seed", SEED), "holds no cards"),
        (("cards", "import", missing + ".json"), "missing.json: No such file or directory"),
        (("simulate", "--rule", missing + ".toml"), "missing.toml: No such file or directory"),
        # A folder where a file is read: the file is wrong, not the command line.
        (("verify", str(tmp_path)), "Is a directory"),
        (("stats", str(tmp_path)), "Is a directory"),
        (("cards", "import", str(tmp_path)), "Is a directory"),
        (("simulate", "--rule", str(tmp_path)), "Is a directory"),
        (("simulate", str(tmp_path)), f"{tmp_path}: Is a directory"),
    ):
        code, _, err = run(capsys, *args)
        line = one_line_error(err)
        assert code == 1, (args, err)
        assert line.startswith("mulligan: error: ") and needle in line, (args, line)
        # Python's and Rust's own wording of an OSError stays out of the line.
        assert "[Errno" not in line and "os error" not in line, line


def test_serve_run_alone_speaks_with_the_same_voice():
    """`python -m mulligan.serve` (the command without the group) answers as `mulligan serve`."""
    done = subprocess.run(
        [sys.executable, "-m", "mulligan.serve", "--port", "x"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "MULLIGAN_CARD_DATA": ""},
    )
    assert done.returncode == 2
    line = one_line_error(done.stderr)
    assert line.startswith("mulligan: error: ") and line.endswith("(see mulligan serve --help)")


@pytest.mark.parametrize("words", [(), *commands()], ids=lambda w: " ".join(w) or "mulligan")
def test_every_help_ends_with_the_exit_statuses(capsys, words):
    code, out, _ = run(capsys, *words, "--help")
    assert code == 0
    said = " ".join(out.split())
    for status in ("0 done", "1 an error in what was read or run", "2 a usage error", "130"):
        assert f"Exit status: {status}" in said or status in said, (words, status)
    assert said.endswith(" ".join(EXIT_STATUS.replace("\b", "").split())), said[-400:]


def test_the_readme_states_the_same_exit_statuses():
    text = README.read_text(encoding="utf-8")
    section = text[text.index("### Errors and exit status") :]
    section = section[: section.index("\n## ")]
    for row in ("| 0 |", "| 1 |", "| 2 |", "| 130 |"):
        assert row in section, row
    assert "`mulligan: error: ...`" in section
