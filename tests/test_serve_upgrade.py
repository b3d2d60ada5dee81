"""Upgrades in place (issue 36): a database written with the 0.2.0 schema, SQLite and
PostgreSQL, opens with this version's server and plays on; its games verify, retention and
the metrics read it. The 0.2.0 tables are written here as 0.2.0 wrote them (its DDL, copied
literally below, and rows as its store stored them)."""

from __future__ import annotations

import json
import sqlite3
import time
from typing import Any

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient

import mulligan as m
from mulligan.serve.app import create_app
from mulligan.serve.engine import LiveGame
from mulligan.serve.games import GameService
from mulligan.serve.limits import Limits
from mulligan.serve.operations import Operations
from mulligan.serve.retention import RetentionPolicy

from .pg_util import Postgres
from .serve_util import answer_for, auth, play, two_players

# The schema of mulligan 0.2.0 (python/mulligan/serve/store.py as released), verbatim.
SCHEMA_0_2_0 = [
    """CREATE TABLE IF NOT EXISTS games (
        id TEXT PRIMARY KEY,
        created DOUBLE PRECISION NOT NULL,
        setup TEXT NOT NULL,
        seed TEXT NOT NULL,
        commitment TEXT NOT NULL,
        host_hash TEXT NOT NULL,
        seat_hashes TEXT NOT NULL,
        contributors TEXT NOT NULL,
        round_id TEXT
    )""",
    """CREATE TABLE IF NOT EXISTS answers (
        game_id TEXT NOT NULL,
        n INTEGER NOT NULL,
        answer TEXT NOT NULL,
        PRIMARY KEY (game_id, n)
    )""",
    """CREATE TABLE IF NOT EXISTS contributions (
        game_id TEXT NOT NULL,
        seat INTEGER NOT NULL,
        data TEXT NOT NULL,
        PRIMARY KEY (game_id, seat)
    )""",
    """CREATE TABLE IF NOT EXISTS actions (
        game_id TEXT NOT NULL,
        seat INTEGER NOT NULL,
        n INTEGER NOT NULL,
        digest TEXT NOT NULL,
        answer_n INTEGER NOT NULL,
        PRIMARY KEY (game_id, seat, n)
    )""",
    """CREATE TABLE IF NOT EXISTS rate_buckets (
        bucket TEXT PRIMARY KEY,
        level DOUBLE PRECISION NOT NULL,
        updated DOUBLE PRECISION NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS rounds (
        id TEXT PRIMARY KEY,
        created DOUBLE PRECISION NOT NULL,
        seed TEXT NOT NULL,
        commitment TEXT NOT NULL,
        host_hash TEXT NOT NULL,
        tables INTEGER
    )""",
]

DECK = "24 Forest\n36 Grizzly Bears\n"


def old_games(execute: Any) -> list[dict[str, Any]]:
    """Two games (a game start, a whole game) stored as 0.2.0 stored them: the game row and
    its first answer record, the start still in progress. Returns their tokens."""
    games = GameService(None, Limits())  # rows only: no store is used
    out = []
    for whole in (False, True):
        setup = two_players(DECK, DECK, whole_game=whole) if whole else two_players(DECK, DECK)
        row, host_token, seat_tokens = games.new_row(setup, [])
        live = LiveGame.build(row.setup, row.seed, [])
        records = []
        while live.pending() and not records:
            decision = live.pending()[0]
            seat = decision.get("seat", decision.get("chooser", 0))
            records.append(live.apply(seat, answer_for(decision)))
        execute(
            "INSERT INTO games (id, created, setup, seed, commitment, host_hash, seat_hashes, "
            "contributors, round_id) VALUES (?,?,?,?,?,?,?,?,?)",
            row.values(),
        )
        for n, record in enumerate(records, start=1):
            execute(
                "INSERT INTO answers (game_id, n, answer) VALUES (?,?,?)",
                (row.id, n, json.dumps(record, separators=(",", ":"))),
            )
        out.append(
            {
                "game_id": row.id,
                "commitment": row.commitment,
                "host_token": host_token,
                "seats": [{"seat": i, "token": t} for i, t in enumerate(seat_tokens)],
                "whole": whole,
                "answers": len(records),
            }
        )
    return out


def plays_on(db: str, games: list[dict[str, Any]]) -> None:
    """This version's server on the old database: each game shows its stored answers, plays
    on to a log that verifies; retention and the metrics read the database."""
    now = [time.time()]
    ops = Operations(retention=RetentionPolicy(7, 30), clock=lambda: now[0], sweep_every=1e9)
    with TestClient(create_app(db, operations=ops)) as c:
        for g in games:
            view = c.get(f"/games/{g['game_id']}", headers=auth(g["host_token"]))
            assert view.status_code == 200, view.text
            assert view.json()["answers"] == g["answers"]
            play(c.request, g)
            if g["whole"]:
                ended = c.post(f"/games/{g['game_id']}/end", headers=auth(g["host_token"]))
                assert ended.status_code == 200, ended.text
            r = c.get(f"/games/{g['game_id']}/log", headers=auth(g["host_token"]))
            assert r.status_code == 200, r.text
            records = [json.loads(line) for line in r.text.splitlines()]
            assert m.verify_log(records, commitment=g["commitment"])
        retention = c.app.state.retention
        assert c.portal is not None
        c.portal.call(retention.sweep)
        assert "mulligan_games_in_play 0" in c.get("/metrics").text
        now[0] += 31 * 86_400
        assert c.portal.call(retention.sweep)["deleted"] == len(games)
        fresh = c.post("/games", json=two_players(DECK, DECK))
        assert fresh.status_code == 201


def test_a_0_2_0_sqlite_database_opens_and_plays_on(tmp_path):
    db = str(tmp_path / "old.sqlite3")
    with sqlite3.connect(db) as old:
        old.execute("PRAGMA journal_mode=WAL")
        for statement in SCHEMA_0_2_0:
            old.execute(statement)
        games = old_games(old.execute)
    plays_on(db, games)


def test_a_0_2_0_postgresql_database_opens_and_plays_on():
    psycopg = pytest.importorskip("psycopg")
    pg = Postgres()
    if not pg.available:
        pytest.skip("PostgreSQL is not installed (scripts/system_deps.sh installs it)")
    pg.start()
    try:
        with psycopg.connect(pg.url, autocommit=True) as old:
            for statement in SCHEMA_0_2_0:
                old.execute(statement)

            def execute(sql: str, args: Any) -> None:
                old.execute(sql.replace("?", "%s"), args)

            games = old_games(execute)
        plays_on(pg.url, games)
    finally:
        pg.stop()
