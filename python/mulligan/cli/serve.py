"""`mulligan serve`: game starts over HTTP (docs/SERVE.md).

Needs ``pip install 'mulligan[serve]'``; the service itself is `mulligan.serve`."""

from __future__ import annotations

import click

from mulligan.cli.group import CliError, cli


@cli.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option(
    "--port", type=click.IntRange(0, 65535), default=8000, show_default=True, help="Port."
)
@click.option(
    "--db",
    default=None,
    help="SQLite file or postgresql:// URL [default: $XDG_DATA_HOME/mulligan/serve.sqlite3].",
)
@click.option(
    "--workers", type=click.IntRange(min=1), default=1, show_default=True, help="Processes."
)
@click.option(
    "--games-per-minute",
    type=click.IntRange(min=1),
    default=600,
    show_default=True,
    help="Games one client may create per minute, per process (429 beyond).",
)
def serve(host: str, port: int, db: str | None, workers: int, games_per_minute: int) -> None:
    """Serve game starts over HTTP/JSON: seats that cannot see each other's cards, commit-reveal
    fair play, games rebuilt by replay after a crash. OpenAPI at /openapi.json."""
    try:
        from mulligan.serve.cli import serve as run
    except ImportError as e:
        raise CliError(
            f"mulligan serve needs the serve extra: pip install 'mulligan[serve]' ({e})"
        ) from None
    run(host, port, db, workers, games_per_minute)
