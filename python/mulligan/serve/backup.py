"""``mulligan serve backup DB OUT`` (issue 36; docs/SERVE.md "Operating a public server"): a
consistent copy of a SQLite database while servers write to it, with SQLite's online backup
API (`sqlite3.Connection.backup`).

The copy is made in one step, inside one read transaction of the source: in WAL mode writers
go on meanwhile, and the copy is the database as of that transaction's start (every answer
acknowledged before the backup began is in it; an answer acknowledged later may be). It is
written beside OUT first and renamed onto OUT once complete and checked (``PRAGMA
quick_check``), so OUT is never a half copy. Restoring is serving the copy: ``mulligan serve
--db OUT`` (games in play go on from their last stored answer).

A PostgreSQL database is backed up with its own tool, ``pg_dump`` (docs/SERVE.md).
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

__all__ = ["backup", "check_target"]


def check_target(out: str | os.PathLike[str]) -> Path:
    """OUT, if a file can be written there (its directory exists and is writable, and OUT is
    not a directory); else ValueError saying why."""
    path = Path(out)
    if path.is_dir():
        raise ValueError(f"the backup path {os.fspath(out)!r} is a directory: name a file")
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise ValueError(
            f"cannot write the backup {os.fspath(out)!r}: no directory {str(parent)!r}"
        )
    if not os.access(parent, os.W_OK | os.X_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise ValueError(f"cannot write the backup {os.fspath(out)!r}: permission denied")
    return path


def backup(db: str | os.PathLike[str], out: str | os.PathLike[str]) -> int:
    """Copies the SQLite database `db` to `out` while it may be in use; returns how many
    games the copy holds. ValueError (nothing written) for a PostgreSQL URL, a `db` that is
    not a mulligan database, or an `out` that cannot be written."""
    text = os.fspath(db)
    if text.startswith(("postgresql://", "postgres://")):
        raise ValueError(
            "a PostgreSQL database is backed up with pg_dump (docs/SERVE.md): "
            "pg_dump --format=custom --file=OUT URL"
        )
    if not os.path.isfile(text):
        raise ValueError(f"no database file {text!r}")
    target = check_target(out)
    partial = target.with_name(target.name + ".partial")
    try:
        source = sqlite3.connect(text, timeout=30.0)
    except sqlite3.Error as e:
        raise ValueError(f"cannot open {text!r}: {e}") from None
    try:
        try:
            source.execute("SELECT COUNT(*) FROM games").fetchone()
        except sqlite3.DatabaseError as e:
            raise ValueError(f"{text!r} is not a mulligan serve database ({e})") from None
        partial.unlink(missing_ok=True)
        copy = sqlite3.connect(os.fspath(partial))
        try:
            source.backup(copy)  # every page in one step: one consistent read transaction
            if copy.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                raise ValueError(f"the copy of {text!r} failed its check; nothing written")
            games = int(copy.execute("SELECT COUNT(*) FROM games").fetchone()[0])
        finally:
            copy.close()
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    finally:
        source.close()
    os.replace(partial, target)
    return games
