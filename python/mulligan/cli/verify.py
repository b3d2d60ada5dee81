"""`mulligan verify`: replay a game log and check it."""

from __future__ import annotations

import re

import click

from mulligan.cli.group import CliError, cli
from mulligan.log import LogError, verify_log


def sixty_four_hex(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """A published value: 64 hex digits (a SHA-256), any case."""
    if value is not None and not re.fullmatch(r"[0-9a-fA-F]{64}", value):
        raise click.BadParameter(f"{value!r} is not 64 hex digits (a SHA-256)")
    return value


@cli.command()
@click.argument("log", type=click.Path())
@click.option(
    "--commitment",
    metavar="HEX",
    default=None,
    callback=sixty_four_hex,
    help="The seed commitment published before the game (64 hex digits).",
)
@click.option(
    "--setup",
    metavar="HEX",
    default=None,
    callback=sixty_four_hex,
    help="The set-up digest published before the game (64 hex digits).",
)
def verify(log: str, commitment: str | None, setup: str | None) -> None:
    """Replay the event log LOG (JSON Lines, from `mulligan start --log`) and check the seed
    against its commitment, every shuffle and every draw. Exits non-zero naming the first
    problem and its line in LOG (an event that differs: both records, the differing fields
    marked >>"field":value<<)."""
    try:
        verify_log(log, commitment=commitment, setup=setup)
    except LogError as e:
        raise CliError(f"{log}: {e}") from None
    click.echo(f"{log}: verified: the seed matches its commitment and every event replays")
