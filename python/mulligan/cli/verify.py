"""`mulligan verify`: replay a game log and check it."""

from __future__ import annotations

import click

from mulligan.cli.group import CliError, cli
from mulligan.log import LogError, verify_log


@cli.command()
@click.argument("log", type=click.Path(dir_okay=False))
@click.option(
    "--commitment",
    metavar="HEX",
    default=None,
    help="The seed commitment published before the game.",
)
@click.option(
    "--setup", metavar="HEX", default=None, help="The set-up digest published before the game."
)
def verify(log: str, commitment: str | None, setup: str | None) -> None:
    """Replay the event log LOG (JSON Lines, from `mulligan start --log`) and check the seed
    against its commitment, every shuffle and every draw. Exits non-zero naming the first
    event that does not match."""
    try:
        verify_log(log, commitment=commitment, setup=setup)
    except LogError as e:
        raise CliError(f"{log}: {e}") from None
    click.echo(f"{log}: verified: the seed matches its commitment and every event replays")
