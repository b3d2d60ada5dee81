"""`mulligan cards`: the card table (which cards are lands, their colour identities): which one
is in use, refreshing it, and what it knows about a card."""

from __future__ import annotations

import sys
from typing import Any

import click

from mulligan import carddata
from mulligan.cli.fit_text import echo_lines, text_width, wrap
from mulligan.cli.group import CliError, cli

TO_HELP = f"Where to save the table (default: ${carddata.ENV}, else the user's cache directory)."


@cli.group()
def cards() -> None:
    """The card table used by every deck file read: one is built into mulligan; a download
    from Scryfall refreshes it.

    \b
      mulligan cards info          the table in use: date, size, newest set
      mulligan cards download      build the table from Scryfall's data
      mulligan cards import FILE   the same from a bulk file on disk
      mulligan cards show NAME     what the table knows about a card
    """


@cards.command(name="info")
def info_cmd() -> None:
    """Which card table is in use and what it holds. The first of: the file
    $MULLIGAN_CARD_DATA names (set but empty: none), the table `cards download` or `cards
    import` saved in the cache directory, the table built into mulligan."""
    i = carddata.info()
    where = {
        "env": f"{i['path']} (named by ${carddata.ENV})",
        "cache": f"{i['path']} (downloaded or imported)",
        "embedded": "the table built into mulligan",
        "none": f"none (${carddata.ENV} is set but empty)",
    }[i["in_use"]]
    hang = " " * 12
    echo_lines(f"in use:     {where}", hang)
    if i["in_use"] != "none":
        echo_lines(f"source:     {i['source']}", hang)
        echo_lines(f"date:       {i['date']}", hang)
        echo_lines(f"cards:      {i['cards']:,}", hang)
        echo_lines(f"newest set: {i['newest_set']}", hang)
        if i["lacks"]:
            echo_lines(f"lacks:      {i['lacks']}", hang)
    echo_lines("order:      " + ", then ".join(i["order"]), hang)
    if i["in_use"] == "embedded":
        echo_lines(
            "cards printed after its date are unknown (counted as nonlands, with a warning): "
            "`mulligan cards download` fetches Scryfall's current data"
        )


@cards.command(name="download")
@click.option(
    "--api",
    metavar="URL",
    envvar=carddata.API_ENV,
    show_envvar=True,
    default=carddata.DEFAULT_API,
    show_default=True,
    help="Scryfall's bulk-data index; its oracle_cards entry names the file to fetch.",
)
@click.option("--to", "dest", type=click.Path(dir_okay=False), default=None, help=TO_HELP)
@click.option(
    "--keep-file",
    type=click.Path(dir_okay=False),
    default=None,
    help="Also keep the downloaded bulk file (JSON) at this path, e.g. to import elsewhere.",
)
@click.option(
    "--timeout",
    metavar="SECONDS",
    type=click.FloatRange(min=0, min_open=True),
    default=carddata.DEFAULT_TIMEOUT,
    show_default=True,
    help="Seconds to wait for a connection, or for more bytes of an answer.",
)
def download_cmd(api: str, dest: str | None, keep_file: str | None, timeout: float) -> None:
    """Fetch Scryfall's current card data (oracle_cards: over 100 MB of JSON, sent gzipped)
    and build the card table from it, as `cards import` does. The table on disk is replaced
    only when the new one is complete; any failure leaves it as it was."""
    bar = _ByteProgress() if sys.stderr.isatty() else None
    try:
        table, path = carddata.download(
            dest, api=api, keep_file=keep_file, timeout=timeout, progress=bar
        )
    finally:
        if bar is not None:
            bar.close()
    click.echo(f"{len(table):,} cards from Scryfall saved to {path}")
    if keep_file is not None:
        click.echo(f"the bulk file is kept at {keep_file}")
    _say_where(dest, path)


class _ByteProgress:
    """A rich progress bar of bytes received, their rate and the time left (on stderr)."""

    def __init__(self) -> None:
        self.progress: Any = None
        self.task: Any = None

    def __call__(self, done: int, total: int | None) -> None:
        if self.progress is None:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                DownloadColumn,
                Progress,
                TextColumn,
                TimeRemainingColumn,
                TransferSpeedColumn,
            )

            self.progress = Progress(
                TextColumn("downloading card data"),
                BarColumn(),
                DownloadColumn(),
                TransferSpeedColumn(),
                TimeRemainingColumn(),
                console=Console(stderr=True),
                transient=True,
            )
            self.progress.start()
            self.task = self.progress.add_task("download", total=total)
        self.progress.update(self.task, completed=done, total=total)

    def close(self) -> None:
        if self.progress is not None:
            self.progress.stop()


@cards.command(name="import")
@click.argument("file", type=click.Path())
@click.option("--to", "dest", type=click.Path(dir_okay=False), default=None, help=TO_HELP)
def import_cmd(file: str, dest: str | None) -> None:
    """Build the card table from FILE, a Scryfall bulk file (`oracle-cards` JSON, or gzipped
    JSON Lines) already on disk: name, type line, mana cost, colours, produced mana and colour
    identity. With network, `mulligan cards download` fetches the file itself."""
    table, path = carddata.import_bulk(file, dest)
    click.echo(f"{len(table):,} cards from {file} saved to {path}")
    _say_where(dest, path)


def did_you_mean(names: list[str]) -> str:
    """`; did you mean "A" or "B"?` (as the deck reader's warnings say it), or "" for none."""
    if not names:
        return ""
    quoted = [f'"{n}"' for n in names]
    listed = quoted[0] if len(quoted) == 1 else f"{', '.join(quoted[:-1])} or {quoted[-1]}"
    return f"; did you mean {listed}?"


def _say_where(dest: str | None, path: object) -> None:
    if dest is not None and carddata.default_path() != path:
        click.echo(f"use it with {carddata.ENV}={path}")


@cards.command(name="show")
@click.argument("words", metavar="NAME", nargs=-1, required=True)
def show(words: tuple[str, ...]) -> None:
    """Show what the card table knows about NAME (a card or one of its faces; quotes are not
    needed: `mulligan cards show Sacred Foundry`)."""
    name = " ".join(words)
    table = carddata.default_table()
    if table is None:
        raise CliError(
            f"no card table: ${carddata.ENV} is set but empty (unset it to use the table "
            "built into mulligan, or run `mulligan cards download`)"
        )
    info = table.lookup(name)
    if info is None:
        raise CliError(f"{name!r} is not in the card table{did_you_mean(table.suggest(name))}")
    identity = info["color_identity"] or "colourless"
    mana = sorted(info["produced_mana"], key=lambda c: "WUBRGC".find(c) % 7)
    produces = f", produces {''.join(mana)}" if mana else ""
    value = info["mana_value"]
    mv = f"{value:g}"
    tapped = {"tapped": ", enters tapped", "conditional": ", may enter tapped"}.get(
        info["enters_tapped"], ""
    )
    echo_lines(
        f"{info['name']} ({info['layout']}){' land' if info['land'] else ''}, "
        f"mana value {mv}, colour identity {identity}{produces}{tapped}"
    )
    note = info.get("produced_mana_note")
    if note:
        for line in wrap(f"  mana: {note}", text_width(), indent="    "):
            click.echo(line)
    for face in info["faces"]:
        if not face["known"]:
            click.echo(f"  {face['name']}: (the table names this face only)")
            continue
        parts = [face["type_line"], face["mana_cost"]]
        parts.append(f"colours {face['colors']}" if face["colors"] else "colourless")
        echo_lines(f"  {face['name']}: {', '.join(p for p in parts if p)}", " " * 6)
