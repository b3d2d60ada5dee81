"""A tiny version of benches/load_serve.py (the load test itself is not part of the test run):
concurrent game starts from this process against a server process, every one complete, no
error, every log verifying. No timing is asserted."""

from __future__ import annotations

import asyncio

from benches.load_serve import run

from .serve_util import Server


def test_concurrent_game_starts_complete_without_errors(tmp_path):
    server = Server(str(tmp_path / "db.sqlite3"), None, "--workers", "2").start()
    try:
        result = asyncio.run(run(server.port, games=40, concurrency=8))
    finally:
        server.stop()
    assert result["errors"] == 0, result["first_error"]
    assert result["complete"] == result["logs_verified"] == 40
