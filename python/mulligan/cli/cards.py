"""`mulligan cards`: the local card table (which cards are lands)."""

from __future__ import annotations

import click

from mulligan import carddata
from mulligan.cli.group import CliError, cli


@cli.group()
def cards() -> None:
    """The card table: built once from a Scryfall bulk file, used by every deck file read."""


@cards.command(name="import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option(
    "--to",
    "dest",
    type=click.Path(dir_okay=False),
    default=None,
    help=f"Where to save the table (default: ${carddata.ENV}, else the user's cache directory).",
)
def import_cmd(file: str, dest: str | None) -> None:
    """Build the card table from FILE, a Scryfall bulk file (`oracle-cards` JSON, or gzipped
    JSON Lines): name, type line, mana cost, colours and produced mana per face."""
    table, path = carddata.import_bulk(file, dest)
    click.echo(f"{len(table):,} cards from {file} saved to {path}")
    if dest is not None and carddata.default_path() != path:
        click.echo(f"use it with {carddata.ENV}={path}")


@cards.command(name="show")
@click.argument("name")
def show(name: str) -> None:
    """Show what the card table knows about NAME (a card or one of its faces)."""
    table = carddata.default_table()
    if table is None:
        raise CliError("no card table: run `mulligan cards import FILE` first")
    info = table.lookup(name)
    if info is None:
        raise CliError(f"{name!r} is not in the card table")
    click.echo(f"{info['name']} ({info['layout']}){' land' if info['land'] else ''}")
    for face in info["faces"]:
        click.echo(f"  {face['name']}: {face['type_line']} {face['mana_cost']} {face['colors']}")
