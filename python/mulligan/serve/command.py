"""The ``mulligan serve`` command (also ``python -m mulligan.serve``): its options, then
straight to `mulligan.serve.server.run`. Importing this module needs only click: the service's
own packages (fastapi, uvicorn: the ``serve`` extra) are imported when the command runs.
"""

from __future__ import annotations

from collections.abc import Sequence

import click

__all__ = ["main", "serve"]


def _positive_days(ctx: click.Context, param: click.Parameter, value: float | None) -> float | None:
    if value is not None and not value > 0:
        raise click.BadParameter(f"a positive number of days, got {value:g}")
    return value


@click.group(invoke_without_command=True)
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
@click.option(
    "--create-key-file",
    type=click.Path(dir_okay=False),
    default=None,
    help="A file holding the create key: POST /games, POST /rounds (a new round) and POST "
    "/rounds/commitment then need 'Authorization: Bearer KEY' (docs/SERVE.md).",
)
@click.option(
    "--create-key-for-analysis",
    is_flag=True,
    help="/simulate, /analyze and /sources need the create key too.",
)
@click.option(
    "--end-untouched-days",
    type=float,
    default=None,
    callback=_positive_days,
    metavar="N",
    help="Retention: end a game nobody touched for N days, as its host would [default: off].",
)
@click.option(
    "--delete-ended-days",
    type=float,
    default=None,
    callback=_positive_days,
    metavar="M",
    help="Retention: delete a game M days after it ended [default: off].",
)
@click.option(
    "--metrics",
    type=click.Choice(["on", "key", "off"]),
    default="on",
    show_default=True,
    help="GET /metrics (Prometheus): for anyone, behind the create key, or not served.",
)
@click.option(
    "--metrics-dir",
    type=click.Path(file_okay=False),
    default=None,
    help="prometheus-client's multiprocess directory for --workers > 1 [default: a new "
    "temporary one].",
)
@click.option(
    "--shutdown-timeout",
    type=click.IntRange(min=0),
    default=10,
    show_default=True,
    help="On SIGTERM: seconds the requests in flight get to finish before they are cut.",
)
@click.pass_context
def serve(
    ctx: click.Context,
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
    create_key_file: str | None,
    create_key_for_analysis: bool,
    end_untouched_days: float | None,
    delete_ended_days: float | None,
    metrics: str,
    metrics_dir: str | None,
    shutdown_timeout: int,
) -> None:
    """Serve games over HTTP/JSON: game starts and whole games (every library and hand until
    the host ends it), rounds of many tables, /simulate, /analyze and /verify. Seats cannot see
    each other's cards, commit-reveal fair play, games rebuilt by replay after a crash. The
    Tabletop Simulator script and the browser page (/play/GAME/SEAT) play through it; OpenAPI
    at /openapi.json (docs/SERVE.md). ``mulligan serve backup DB OUT`` copies a running
    server's SQLite database."""
    if ctx.invoked_subcommand is not None:
        return
    try:
        from mulligan.serve.server import run
    except ImportError as e:
        raise click.ClickException(
            f"mulligan serve needs the serve extra: pip install 'mulligan[serve]' ({e})"
        ) from None
    from mulligan.serve.operator_options import operations

    ops, multiproc_dir = operations(
        create_key_file,
        create_key_for_analysis,
        end_untouched_days,
        delete_ended_days,
        metrics,
        metrics_dir,
        workers,
    )
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
            operations=ops,
            metrics_dir=multiproc_dir,
            shutdown_timeout=shutdown_timeout,
        )
    except ValueError as e:
        raise click.ClickException(str(e)) from None
    finally:
        if multiproc_dir is not None and metrics_dir is None:  # the one made for this run
            import shutil

            shutil.rmtree(multiproc_dir, ignore_errors=True)


@serve.command("backup")
@click.argument("db")
@click.argument("out", type=click.Path(dir_okay=False))
def backup_command(db: str, out: str) -> None:
    """Copy the SQLite database DB to OUT while servers use it (SQLite's online backup: one
    consistent snapshot, writers go on). A PostgreSQL database: pg_dump (docs/SERVE.md)."""
    from mulligan.serve.backup import backup

    try:
        games = backup(db, out)
    except ValueError as e:
        raise click.UsageError(str(e)) from None
    click.echo(f"mulligan serve backup: {games} games copied to {out}", err=True)


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
