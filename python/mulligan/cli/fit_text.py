"""Text that fits the terminal: its width as rich sees it, rows of cells wrapped between
cells, sentences wrapped on their spaces (`mulligan analyze`'s report)."""

from __future__ import annotations

import os
import sys
import textwrap

import click

__all__ = ["PIPED_WIDTH", "block", "echo_lines", "fit", "text_width", "warn", "wrap"]

#: The width text is fitted to when it goes to a file or a pipe and COLUMNS is not set.
PIPED_WIDTH = 80


def text_width() -> int:
    """The width to fit: the terminal's as rich sees it (COLUMNS when set, else the terminal,
    else 80), at least 40."""
    from rich.console import Console

    return max(40, Console().width)


def fit(
    prefix: str, cells: list[str], width: int, sep: str = "  ", indent: str | None = None
) -> list[str]:
    """`prefix` then `cells` joined by `sep`, wrapped into lines of at most `width` characters
    between cells (never inside one that fits a line); continuation lines are indented by
    `indent` (default: four spaces past the prefix's indent)."""
    if indent is None:
        indent = " " * (len(prefix) - len(prefix.lstrip()) + 4)
    room = max(10, width - len(indent))
    lines: list[str] = []
    if len(prefix.rstrip()) > width:
        head = textwrap.wrap(prefix, width, subsequent_indent=indent, break_on_hyphens=False)
        lines, prefix = head[:-1], head[-1] + " "
    line, empty = prefix, True
    for cell in cells:
        candidate = line + ("" if empty else sep) + cell
        if len(candidate) <= width:
            line, empty = candidate, False
            continue
        if line.strip():
            lines.append(line.rstrip())
        pieces = textwrap.wrap(cell, room, break_on_hyphens=False) or [""]
        lines.extend(indent + p for p in pieces[:-1])
        line, empty = indent + pieces[-1], False
    lines.append(line.rstrip())
    return lines


def block(prefix: str, cells: list[str], width: int, sep: str = "  ") -> list[str]:
    """`prefix` and `cells` on one line when they fit; else `prefix` on its line and the
    cells under it, indented, packed as `fit` packs them (a table's row kept together)."""
    one = fit(prefix, cells, width, sep)
    if len(one) == 1:
        return one
    indent = " " * (len(prefix) - len(prefix.lstrip()) + 4)
    return fit(prefix, [], width) + fit(indent, cells, width, sep, indent)


def wrap(line: str, width: int, indent: str = "    ") -> list[str]:
    """One sentence wrapped on its spaces to `width`, continuation lines indented. A word
    longer than the width (a file's path) stays whole on a line of its own, so it can still be
    copied: only such a line passes the width."""
    return textwrap.wrap(
        line,
        width,
        subsequent_indent=indent,
        break_on_hyphens=False,
        break_long_words=False,
    ) or [""]


def warn(line: str) -> None:
    """A warning on stderr, wrapped as every text output is (continuation lines indented):
    to COLUMNS when set, else to the terminal stderr goes to, else (a file or a pipe) to 80
    columns. A script that greps a warning whole sets a wide COLUMNS."""
    if "COLUMNS" in os.environ or sys.stderr.isatty():
        width = text_width()
    else:
        width = PIPED_WIDTH
    for part in wrap(line, width):
        click.echo(part, err=True)


def echo_lines(line: str, indent: str = "    ", width: int | None = None) -> None:
    """`line` on stdout wrapped to `width` (default: the terminal's, 80 when piped unless
    COLUMNS says otherwise), continuation lines indented by `indent`."""
    for part in wrap(line, text_width() if width is None else width, indent):
        click.echo(part)
