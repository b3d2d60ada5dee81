"""The `mulligan` command (also `python -m mulligan`): `start`, `simulate`, `verify`, `cards`,
`serve`.

One module per command, each adding its click command to the group `cli` of
`mulligan.cli.group`; this package imports them and `main()` runs the group with the error
handling every command shares (one line naming the file, line or option, a non-zero exit, never
a traceback; Ctrl-C exits with 130). A new command (e.g. `mulligan serve`) is a module here
that decorates its function with `@cli.command()` and is added to `COMMAND_MODULES` below.
"""

from __future__ import annotations

import importlib

from mulligan.cli.group import cli, main

COMMAND_MODULES = (
    "start",
    "simulate",
    "verify",
    "cards",
    "serve",
    "analyze",
    "stats",
    "sources",
)

for _name in COMMAND_MODULES:
    importlib.import_module(f"mulligan.cli.{_name}")

__all__ = ["COMMAND_MODULES", "cli", "main"]
