"""What ``mulligan serve [--host 127.0.0.1] [--port 8000] [--db PATH_OR_URL] [--workers N]``
runs (its click command is `mulligan.cli.serve`): the service on uvicorn. ``--db``: a SQLite
file (default: the user's data directory, ``$XDG_DATA_HOME/mulligan/serve.sqlite3``) or a
``postgresql://`` URL. ``--workers N`` runs N processes sharing the database (the cache of
each is refreshed from the database on every request, so any worker can serve any game).
"""

from __future__ import annotations

import os
from typing import Any

__all__ = ["app_from_env", "serve"]

ENV_DB = "MULLIGAN_SERVE_DB"
ENV_RATE = "MULLIGAN_SERVE_GAMES_PER_MINUTE"


def app_from_env() -> Any:
    """The application for uvicorn's worker processes (configured through the environment)."""
    from mulligan.serve.app import create_app
    from mulligan.serve.limits import Limits

    return create_app(
        os.environ.get(ENV_DB) or None,
        limits=Limits(games_per_minute=int(os.environ.get(ENV_RATE, "600"))),
    )


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | None = None,
    workers: int = 1,
    games_per_minute: int = 600,
) -> None:
    """Runs the service until interrupted."""
    import uvicorn

    from mulligan.serve.store import default_db_path

    if workers < 1:
        raise SystemExit("--workers must be at least 1")
    if not 0 <= port <= 65535:
        raise SystemExit("--port must be between 0 and 65535")
    os.environ[ENV_DB] = db if db is not None else str(default_db_path())
    os.environ[ENV_RATE] = str(games_per_minute)
    uvicorn.run(
        "mulligan.serve.cli:app_from_env",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        log_level="warning",
        access_log=False,
    )
