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

import click

from mulligan.cli.group import EXIT_STATUS, cli, main

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


def _end_help_with_exit_status(group: click.Group) -> None:
    """Every command's help ends with the exit statuses, as `mulligan --help` does."""
    for command in group.commands.values():
        command.epilog = "\n\n".join(filter(None, (command.epilog, EXIT_STATUS)))
        if isinstance(command, click.Group):
            _end_help_with_exit_status(command)


_end_help_with_exit_status(cli)

__all__ = ["COMMAND_MODULES", "cli", "main"]
