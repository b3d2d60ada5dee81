"""Which store ``--db`` names: a ``postgresql://`` URL opens `postgres.PostgresStore` (psycopg
is imported only then), anything else is a SQLite file (`store.SqliteStore`).

Kept apart from store.py so that the store interface and its two implementations do not
import each other: postgres.py imports store.py, and only this module knows both.
"""

from __future__ import annotations

import os

from mulligan.serve.store import SqliteStore, Store, default_db_path

__all__ = ["open_store"]


def open_store(db: str | os.PathLike[str] | None, sqlite_synchronous: str = "normal") -> Store:
    """A store for ``--db``: a ``postgresql://`` URL, a file path, or None for the default;
    `sqlite_synchronous` SQLite's ``PRAGMA synchronous`` (``normal`` or ``full``), ignored by
    PostgreSQL (whose own ``synchronous_commit`` decides)."""
    text = os.fspath(db) if db is not None else None
    if text is not None and text.startswith(("postgresql://", "postgres://")):
        from mulligan.serve.postgres import PostgresStore

        return PostgresStore(text)
    path = text if text is not None else default_db_path()
    return SqliteStore(path, synchronous=sqlite_synchronous)
