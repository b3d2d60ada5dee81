"""`mulligan serve`: game starts and whole games over HTTP (docs/SERVE.md).

The command is `mulligan.serve.command.serve` (it needs only click to load; the service needs
``pip install 'mulligan[serve]'``); this module adds it to the `mulligan` group."""

from __future__ import annotations

from mulligan.cli.group import cli
from mulligan.serve.command import serve

__all__ = ["serve"]

cli.add_command(serve)
