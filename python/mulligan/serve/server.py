"""The `mulligan serve` process: binds the address, says where it listens, runs the service on
uvicorn (``--workers N`` processes sharing the socket and the database) and logs one line per
request. `run` is what the command calls; `app_from_env` is the application each worker
process builds (configured through the environment, as uvicorn's workers need).

``--db``: a SQLite file (default: the user's data directory,
``$XDG_DATA_HOME/mulligan/serve.sqlite3``) or a ``postgresql://`` URL. With several workers the
cache of each is refreshed from the database on every request, so any worker can serve any game.
"""

from __future__ import annotations

import errno
import os
import socket
import sys
from typing import Any

import uvicorn
from uvicorn.supervisors import Multiprocess

from mulligan.serve.addresses import print_reach, reach_lines
from mulligan.serve.app import create_app
from mulligan.serve.drain import exit_zero_on_sigterm
from mulligan.serve.limits import Limits
from mulligan.serve.links import ENV_PUBLIC_URL, Links
from mulligan.serve.notices import quiet_library_warnings
from mulligan.serve.operations import Operations, from_env, to_env
from mulligan.serve.proxy import DEFAULT_TRUSTED, TrustedProxies
from mulligan.serve.store import default_db_path
from mulligan.serve.tls import check_certificate

__all__ = ["app_from_env", "bind", "log_config", "run"]

ENV_DB = "MULLIGAN_SERVE_DB"
ENV_RATE = "MULLIGAN_SERVE_GAMES_PER_MINUTE"
ENV_SYNC = "MULLIGAN_SERVE_SQLITE_SYNCHRONOUS"
ENV_TRUSTED = "MULLIGAN_SERVE_TRUSTED_PROXIES"

#: One access line per request: time, client, request line, status.
ACCESS_FORMAT = '%(asctime)s %(client_addr)s "%(request_line)s" %(status_code)s'


def app_from_env() -> Any:
    """The application for uvicorn's worker processes (configured through the environment).
    The library's Python warnings are silenced here: the service logs each one itself."""
    quiet_library_warnings()
    return create_app(
        os.environ.get(ENV_DB) or None,
        limits=Limits(games_per_minute=int(os.environ.get(ENV_RATE, "600"))),
        sqlite_synchronous=os.environ.get(ENV_SYNC, "normal"),
        public_url=os.environ.get(ENV_PUBLIC_URL) or None,
        trusted_proxies=os.environ.get(ENV_TRUSTED, DEFAULT_TRUSTED),
        operations=from_env(os.environ),
    )


def log_config(access_log: bool) -> dict[str, Any]:
    """uvicorn's logging: its own messages from warnings up, the service's (``mulligan.serve``)
    from info up, and the access lines unless `access_log` is off; all on stderr, one line
    each."""
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {
            "plain": {"format": "%(asctime)s %(levelname)s %(message)s"},
            "access": {
                "()": "uvicorn.logging.AccessFormatter",
                "fmt": ACCESS_FORMAT,
                "use_colors": False,
            },
        },
        "handlers": {
            "plain": {
                "class": "logging.StreamHandler",
                "formatter": "plain",
                "stream": "ext://sys.stderr",
            },
            "access": {
                "class": "logging.StreamHandler",
                "formatter": "access",
                "stream": "ext://sys.stderr",
            },
        },
        "loggers": {
            "uvicorn": {"handlers": ["plain"], "level": "WARNING", "propagate": False},
            "uvicorn.error": {"level": "WARNING"},
            "uvicorn.access": {
                "handlers": ["access"],
                "level": "INFO" if access_log else "WARNING",
                "propagate": False,
            },
            "mulligan.serve": {"handlers": ["plain"], "level": "INFO", "propagate": False},
        },
    }


def bind(host: str, port: int) -> socket.socket:
    """A listening-ready socket on `host`:`port` (0: a free port). A port in use or an address
    this machine does not have raises `OSError` with a message saying so."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as e:
        sock.close()
        if e.errno == errno.EADDRINUSE:
            reason = "the port is in use (another server?); choose another --port"
        elif isinstance(e, socket.gaierror):
            reason = f"no such address ({e.strerror})"
        else:
            reason = e.strerror or str(e)
        raise OSError(e.errno, f"cannot listen on {host}:{port}: {reason}") from None
    sock.set_inheritable(True)
    return sock


def url(sock: socket.socket, scheme: str = "http") -> str:
    host, port = sock.getsockname()[:2]
    return (
        f"{scheme}://[{host}]:{port}"
        if sock.family == socket.AF_INET6
        else f"{scheme}://{host}:{port}"
    )


def run(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | None = None,
    workers: int = 1,
    games_per_minute: int = 600,
    access_log: bool = True,
    sqlite_synchronous: str = "normal",
    *,
    public_url: str | None = None,
    trusted_proxies: str = DEFAULT_TRUSTED,
    ssl_certfile: str | None = None,
    ssl_keyfile: str | None = None,
    operations: Operations | None = None,
    metrics_dir: str | None = None,
    shutdown_timeout: int = 10,
) -> None:
    """Runs the service until interrupted; prints ``listening on http://HOST:PORT``, where
    players reach it and the landing page's address first (`addresses.reach_lines`). A bad
    `public_url`, `trusted_proxies` or certificate raises ValueError (one line) before
    anything is bound. SIGTERM drains (drain.py): no new connection, the requests in flight
    get up to `shutdown_timeout` seconds, open event streams end with a reconnect hint; then
    the process exits 0."""
    if workers < 1:
        raise ValueError("--workers must be at least 1")
    if not 0 <= port <= 65535:
        raise ValueError("--port must be between 0 and 65535")
    links = Links(public_url)
    TrustedProxies(trusted_proxies)
    scheme = "https" if check_certificate(ssl_certfile, ssl_keyfile) else "http"
    os.environ[ENV_PUBLIC_URL] = links.base
    os.environ[ENV_TRUSTED] = trusted_proxies
    os.environ[ENV_DB] = db if db is not None else str(default_db_path())
    os.environ[ENV_RATE] = str(games_per_minute)
    os.environ[ENV_SYNC] = sqlite_synchronous
    os.environ.update(to_env(operations or Operations()))
    if metrics_dir is not None:
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = metrics_dir
    sock = bind(host, port)
    config = uvicorn.Config(
        "mulligan.serve.server:app_from_env",
        factory=True,
        host=host,
        port=sock.getsockname()[1],
        workers=workers,
        log_config=log_config(access_log),
        access_log=access_log,
        timeout_graceful_shutdown=shutdown_timeout,
        # The forwarding headers are read by the application (proxy.ForwardedHeaders), from
        # the peers --trusted-proxies names.
        proxy_headers=False,
        ssl_certfile=ssl_certfile,
        ssl_keyfile=ssl_keyfile,
    )
    print(
        f"mulligan serve: listening on {url(sock, scheme)} (Ctrl-C stops)",
        file=sys.stderr,
        flush=True,
    )
    print_reach(*reach_lines(host, sock.getsockname()[1], scheme, links))
    try:
        if workers > 1:
            Multiprocess(config, sockets=[sock]).run()
        else:
            with exit_zero_on_sigterm():
                uvicorn.Server(config).run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
