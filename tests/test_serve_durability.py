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


def test_a_resent_action_replays_to_the_same_cards_after_a_kill_or_a_lost_commit(
    tmp_path: Path,
) -> None:
    """What docs/SERVE.md "Durability" promises, against live `mulligan serve` processes: a
    server SIGKILLed after acknowledging an action still has it (the resent action gets its
    first reply), and when the last commit is lost (as a power cut may lose it with
    synchronous=NORMAL: here removed from the database by hand), the resent action is applied
    again and draws the same cards, because the game is deterministic."""
    import sqlite3

    import httpx

    from .serve_util import DECK_A, DECK_B, Server, auth, play

    db = str(tmp_path / "db.sqlite3")
    server = Server(db).start()
    try:
        with httpx.Client(base_url=server.url) as c:
            players = [{"name": "Ann", "deck": DECK_A}, {"name": "Ben", "deck": DECK_B}]
            game = c.post("/games", json={"players": players, "whole_game": True}).json()
            play(c.request, game)
            gid, ann = game["game_id"], auth(game["seats"][0]["token"])
            body = {"n": 1, "action": "draw", "count": 3}
            first = c.post(f"/games/{gid}/seats/0/actions", json=body, headers=ann)
            assert first.status_code == 200, first.text
        server.kill()
        server = Server(db).start()
        with httpx.Client(base_url=server.url) as c:
            again = c.post(f"/games/{gid}/seats/0/actions", json=body, headers=ann)
            assert again.status_code == 200 and again.json()["hand"] == first.json()["hand"]
        server.kill()
        # The last commit lost: the action and its answer are gone from the database.
        with sqlite3.connect(db) as conn:
            last = conn.execute("SELECT MAX(n) FROM answers WHERE game_id=?", (gid,)).fetchone()[0]
            conn.execute("DELETE FROM answers WHERE game_id=? AND n=?", (gid, last))
            conn.execute("DELETE FROM actions WHERE game_id=? AND answer_n=?", (gid, last))
        server = Server(db).start()
        with httpx.Client(base_url=server.url) as c:
            view = c.get(f"/games/{gid}/seats/0", headers=ann).json()
            assert view["next_action"] == 1 and len(view["hand"]) == len(first.json()["hand"]) - 3
            replayed = c.post(f"/games/{gid}/seats/0/actions", json=body, headers=ann)
            assert replayed.status_code == 200
            assert replayed.json()["hand"] == first.json()["hand"]
    finally:
        server.stop()
