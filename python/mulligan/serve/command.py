"""The ``mulligan serve`` command (also ``python -m mulligan.serve``): its options, then
straight to `mulligan.serve.server.run`. Importing this module needs only click: the service's
own packages (fastapi, uvicorn: the ``serve`` extra) are imported when the command runs.
"""

from __future__ import annotations

from collections.abc import Sequence

import click

__all__ = ["main", "serve"]


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=8000,
    show_default=True,
    help="Port (0: any free port; the line 'listening on' names it).",
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
@click.option(
    "--sqlite-synchronous",
    type=click.Choice(["normal", "full"]),
    default="normal",
    show_default=True,
    help="SQLite's PRAGMA synchronous: normal loses nothing if the process is killed but may "
    "lose the last answers in a power cut; full syncs every answer (docs/SERVE.md).",
)
@click.option(
    "--public-url",
    envvar="MULLIGAN_PUBLIC_URL",
    default=None,
    help="The address players reach this server at (https://HOST[/PREFIX]): every link it "
    "hands out is absolute under it [env: MULLIGAN_PUBLIC_URL; default: links relative to "
    "the server] (docs/DEPLOY.md).",
)
@click.option(
    "--trusted-proxies",
    default="127.0.0.1,::1",
    show_default=True,
    help="Proxies whose Forwarded / X-Forwarded-For, -Proto and -Host headers are believed: "
    "addresses or networks, comma-separated; '*' every peer, 'none' none.",
)
@click.option("--ssl-certfile", default=None, help="TLS without a proxy: a PEM certificate.")
@click.option("--ssl-keyfile", default=None, help="TLS without a proxy: its PEM private key.")
@click.option(
    "--access-log/--no-access-log",
    default=True,
    show_default=True,
    help="One line on stderr per request.",
)
def serve(
    host: str,
    port: int,
    db: str | None,
    workers: int,
    games_per_minute: int,
    sqlite_synchronous: str,
    access_log: bool,
    public_url: str | None,
    trusted_proxies: str,
    ssl_certfile: str | None,
    ssl_keyfile: str | None,
) -> None:
    """Serve games over HTTP/JSON: game starts and whole games (every library and hand until
    the host ends it), rounds of many tables, /simulate, /analyze and /verify. Seats cannot see
    each other's cards, commit-reveal fair play, games rebuilt by replay after a crash. The
    Tabletop Simulator script and the browser page (/play/GAME/SEAT) play through it; OpenAPI
    at /openapi.json (docs/SERVE.md)."""
    try:
        from mulligan.serve.server import run
    except ImportError as e:
        raise click.ClickException(
            f"mulligan serve needs the serve extra: pip install 'mulligan[serve]' ({e})"
        ) from None
    try:
        run(
            host,
            port,
            db,
            workers,
            games_per_minute,
            access_log,
            sqlite_synchronous,
            public_url=public_url,
            trusted_proxies=trusted_proxies,
            ssl_certfile=ssl_certfile,
            ssl_keyfile=ssl_keyfile,
        )
    except ValueError as e:
        raise click.ClickException(str(e)) from None


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m mulligan.serve [OPTIONS]``: the command alone, with the `mulligan` command's
    error lines (``mulligan: error: ...``; exit status 2 for an option, 1 else)."""
    try:
        serve.main(
            list(argv) if argv is not None else None, "mulligan serve", standalone_mode=False
        )
    except click.exceptions.Exit as e:
        return int(e.exit_code)
    except click.UsageError as e:
        click.echo(f"mulligan: error: {e.format_message()} (see mulligan serve --help)", err=True)
        return 2
    except click.ClickException as e:
        click.echo(f"mulligan: error: {e.format_message()}", err=True)
        return e.exit_code
    except (click.Abort, KeyboardInterrupt):
        return 130
    except OSError as e:
        click.echo(f"mulligan: error: {e.strerror or e}", err=True)
        return 1
    return 0
