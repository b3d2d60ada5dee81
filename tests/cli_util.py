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


def rows_at(lines: list[str], i: int) -> list[str]:
    """Line `i` of the text and the continuation lines the terminal's width wrapped it into
    (indented deeper than it)."""
    depth = len(lines[i]) - len(lines[i].lstrip())
    out = [lines[i]]
    for line in lines[i + 1 :]:
        if len(line) - len(line.lstrip()) <= depth:
            break
        out.append(line)
    return out


def row(lines: list[str], i: int) -> str:
    """Line `i` with its continuation lines, joined as one row."""
    return " ".join(part.strip() if n else part for n, part in enumerate(rows_at(lines, i)))
