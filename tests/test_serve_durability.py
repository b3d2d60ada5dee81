"""SQLite's durability setting (docs/SERVE.md, "Durability"): WAL with ``synchronous=NORMAL``
by default, ``--sqlite-synchronous full`` (and ``create_app(sqlite_synchronous="full")``) to
sync every commit; anything else refused by name."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from mulligan.serve import create_app
from mulligan.serve.command import serve
from mulligan.serve.store import SqliteStore

# PRAGMA synchronous reads 1 for NORMAL, 2 for FULL.
LEVELS = {"normal": 1, "full": 2}


@pytest.mark.parametrize("level", ["normal", "full"])
def test_the_store_runs_wal_with_the_synchronous_level_asked(tmp_path: Path, level: str) -> None:
    store = SqliteStore(tmp_path / "db.sqlite3", synchronous=level)
    assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store.db.execute("PRAGMA synchronous").fetchone()[0] == LEVELS[level]


def test_create_app_passes_the_level_to_its_store_and_refuses_others(tmp_path: Path) -> None:
    app = create_app(tmp_path / "db.sqlite3", sqlite_synchronous="full")
    with TestClient(app) as c:
        store = c.app.state.services.store
        assert store.db.execute("PRAGMA synchronous").fetchone()[0] == 2
    with TestClient(create_app(tmp_path / "db.sqlite3")) as c:
        store = c.app.state.services.store
        assert store.db.execute("PRAGMA synchronous").fetchone()[0] == 1
    with pytest.raises(ValueError, match="sqlite_synchronous: one of normal, full"):
        create_app(tmp_path / "db.sqlite3", sqlite_synchronous="off")


def test_the_command_offers_normal_and_full_only() -> None:
    runner = CliRunner()
    helped = runner.invoke(serve, ["--help"])
    assert "--sqlite-synchronous [normal|full]" in helped.output
    refused = runner.invoke(serve, ["--sqlite-synchronous", "off"])
    assert refused.exit_code == 2 and "'off' is not one of 'normal', 'full'" in refused.output
