"""The `mulligan` command run in the test process, as the command-line tests run it."""

from __future__ import annotations

from typing import Any

from mulligan.cli import main


def run(capsys: Any, *args: str) -> tuple[int, str, str]:
    """`mulligan ARGS...`: its exit code, what it printed and what it wrote to stderr."""
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(err: str) -> str:
    """The one line an error prints (no traceback, nothing else)."""
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]
