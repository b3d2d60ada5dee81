"""A public server's operation against real `mulligan serve` processes (issue 36): SIGTERM in
the middle of a load drains (no 5xx, every acknowledged action kept, streams told to
reconnect, exit 0); a backup taken under load restores to games that verify and play on;
metrics summed over --workers 2."""

from __future__ import annotations

import json
import re
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from typing import Any

import httpx
import pytest

import mulligan as m

from .serve_util import Server, auth, play, two_players

pytest.importorskip("fastapi")

DECK = "24 Forest\n36 Grizzly Bears\n"


def new_game(c: httpx.Client, whole: bool) -> dict[str, Any]:
    r = c.post("/games", json=two_players(DECK, DECK, whole_game=whole))
    assert r.status_code == 201, r.text
    game: dict[str, Any] = r.json()
    return game


class Actor(threading.Thread):
    """Shuffles one seat's library again and again, numbering its actions; keeps the last
    acknowledged number, and the one sent when the server went away (unacknowledged)."""

    def __init__(self, url: str, game: dict[str, Any], seat: int = 0) -> None:
        super().__init__(daemon=True)
        self.url, self.game, self.seat = url, game, seat
        self.acked = 0
        self.unacked: int | None = None
        self.errors: list[str] = []
        self.stop = threading.Event()

    def body(self, n: int) -> dict[str, Any]:
        return {"n": n, "action": "shuffle"}

    def path(self) -> str:
        return f"/games/{self.game['game_id']}/seats/{self.seat}/actions"

    def run(self) -> None:
        token = self.game["seats"][self.seat]["token"]
        with httpx.Client(base_url=self.url, timeout=30) as c:
            n = self.acked + 1
            while not self.stop.is_set():
                try:
                    r = c.post(self.path(), json=self.body(n), headers=auth(token))
                except httpx.HTTPError:
                    self.unacked = n
                    return
                if r.status_code >= 500 or r.status_code != 200:
                    self.errors.append(f"{r.status_code} {r.text[:200]}")
                    return
                self.acked = n
                n += 1


def next_action(url: str, game: dict[str, Any], seat: int = 0) -> int:
    token = game["seats"][seat]["token"]
    r = httpx.get(f"{url}/games/{game['game_id']}/seats/{seat}", headers=auth(token))
    assert r.status_code == 200, r.text
    return int(r.json()["next_action"])


def test_sigterm_drains_without_a_5xx_or_a_lost_action(tmp_path):
    db = str(tmp_path / "db.sqlite3")
    server = Server(db, None, "--shutdown-timeout", "10").start()
    try:
        with httpx.Client(base_url=server.url, timeout=30) as c:
            games = [new_game(c, True) for _ in range(4)]
            for g in games:
                play(c.request, g)
        lines: list[str] = []
        opened = threading.Event()

        def follow() -> None:
            g = games[0]
            headers = {**auth(g["host_token"]), "Accept": "text/event-stream"}
            with httpx.stream(
                "GET", f"{server.url}/games/{g['game_id']}/events", headers=headers, timeout=60
            ) as r:
                opened.set()
                for line in r.iter_lines():
                    lines.append(line)

        polled: list[httpx.Response] = []

        def long_poll() -> None:
            g = games[1]
            after = httpx.get(
                f"{server.url}/games/{g['game_id']}/events", headers=auth(g["host_token"])
            ).json()["next"]
            polled.append(
                httpx.get(
                    f"{server.url}/games/{g['game_id']}/events?after={after}&wait=30",
                    headers=auth(g["host_token"]),
                    timeout=60,
                )
            )

        stream = threading.Thread(target=follow, daemon=True)
        stream.start()
        poll = threading.Thread(target=long_poll, daemon=True)
        poll.start()
        assert opened.wait(10)
        actors = [Actor(server.url, g) for g in games[2:]]
        for a in actors:
            a.start()
        time.sleep(1.5)
        assert all(a.acked > 0 for a in actors), "the load is running"
        assert server.proc is not None
        t = time.monotonic()
        server.proc.send_signal(signal.SIGTERM)
        status = server.proc.wait(20)
        took = time.monotonic() - t
        for a in actors:
            a.stop.set()
            a.join(30)
        stream.join(10)
        poll.join(10)
        assert status == 0, server.output()[-2000:]
        # The waiting long-poll was answered (no event: the drain), not cut.
        assert [r.status_code for r in polled] == [200] and polled[0].json()["events"] == []
        assert took < 15, took  # bounded by --shutdown-timeout, not by the open stream
        assert not stream.is_alive(), "the stream ended with the server"
        assert "retry: 1000" in lines, lines[-5:]
        assert not [e for a in actors for e in a.errors], [a.errors for a in actors]
        assert "Traceback" not in server.output()
    finally:
        server.stop()
    # Restarted: every acknowledged action is there; an unacknowledged one can be resent.
    again = Server(db).start()
    try:
        with httpx.Client(base_url=again.url, timeout=30) as c:
            for a in actors:
                stored = next_action(again.url, a.game) - 1
                assert stored >= a.acked
                assert stored <= a.acked + 1  # at most the one in flight, never more
                if a.unacked is not None:
                    token = a.game["seats"][0]["token"]
                    r = c.post(a.path(), json=a.body(a.unacked), headers=auth(token))
                    assert r.status_code == 200, r.text
                    assert next_action(again.url, a.game) == a.unacked + 1
    finally:
        again.stop()


def test_a_backup_under_load_restores_to_games_that_verify_and_play_on(tmp_path):
    db = str(tmp_path / "db.sqlite3")
    copy = str(tmp_path / "copy.sqlite3")
    server = Server(db, None, "--workers", "2").start()
    try:
        with httpx.Client(base_url=server.url, timeout=30) as c:
            finished = [new_game(c, False) for _ in range(3)]
            for g in finished:
                play(c.request, g)
            starts = [new_game(c, False) for _ in range(3)]
            for g in starts:
                play(c.request, g, limit=1)
            tables = [new_game(c, True) for _ in range(3)]
            for g in tables:
                play(c.request, g)
        actors = [Actor(server.url, g) for g in tables]
        for a in actors:
            a.start()
        time.sleep(1.0)
        acked_before = [a.acked for a in actors]
        done = subprocess.run(
            [sys.executable, "-m", "mulligan", "serve", "backup", db, copy],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        assert "9 games copied" in done.stderr
        time.sleep(0.5)
        for a in actors:
            a.stop.set()
            a.join(30)
        assert not [e for a in actors for e in a.errors]
        assert all(a.acked > b for a, b in zip(actors, acked_before)), "load went on meanwhile"
    finally:
        server.stop()
    with sqlite3.connect(copy) as check:
        assert check.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    restored = Server(copy).start()
    try:
        with httpx.Client(base_url=restored.url, timeout=30) as c:

            def verified(g: dict[str, Any]) -> None:
                r = c.get(f"/games/{g['game_id']}/log", headers=auth(g["host_token"]))
                assert r.status_code == 200, r.text
                records = [json.loads(line) for line in r.text.splitlines()]
                assert m.verify_log(records, commitment=g["commitment"])

            for g in finished:
                verified(g)
            for g in starts:  # in play when copied: they go on, to a log that verifies
                assert play(c.request, g)
                verified(g)
            for a, before in zip(actors, acked_before):
                n = next_action(restored.url, a.game)
                assert before < n <= a.acked + 2  # the copy holds what was acknowledged before it
                token = a.game["seats"][0]["token"]
                r = c.post(a.path(), json=a.body(n), headers=auth(token))
                assert r.status_code == 200, r.text
                end = c.post(f"/games/{a.game['game_id']}/end", headers=auth(a.game["host_token"]))
                assert end.status_code == 200
                verified(a.game)
    finally:
        restored.stop()


def metric(text: str, name: str) -> float:
    found = re.search(rf"^{re.escape(name)} (\S+)$", text, re.MULTILINE)
    assert found, (name, text[:2000])
    return float(found.group(1))


def test_metrics_are_summed_over_the_workers_and_label_route_templates(tmp_path):
    server = Server(str(tmp_path / "db.sqlite3"), None, "--workers", "2").start()
    try:
        with httpx.Client(base_url=server.url, timeout=30) as c:
            games = [new_game(c, False) for _ in range(6)]
            for g in games:
                assert c.get(f"/games/{g['game_id']}", headers=auth(g["host_token"])).status_code
            g = games[0]
            headers = {**auth(g["host_token"]), "Accept": "text/event-stream"}
            with httpx.stream(
                "GET", f"{server.url}/games/{g['game_id']}/events", headers=headers, timeout=30
            ) as r:
                assert r.status_code == 200
                # Each scrape may reach either worker: each must give the sums.
                for _ in range(6):
                    text = httpx.get(server.url + "/metrics").text
                    assert metric(text, "mulligan_games_created_total") == 6
                    assert metric(text, "mulligan_event_streams") == 1
                    assert metric(text, "mulligan_games_in_play") == 6
            text = httpx.get(server.url + "/metrics").text
            label = 'route="/games/{game_id}",status="200"'
            assert f'mulligan_requests_total{{method="GET",{label}}} 6.0' in text
            assert all(g["game_id"] not in text for g in games)  # no raw path
            assert 'route="/games",status="201"' in text
            assert "mulligan_db_seconds_count" in text and "mulligan_request_seconds" in text
            deadline = time.monotonic() + 10
            while metric(text, "mulligan_event_streams") != 0 and time.monotonic() < deadline:
                time.sleep(0.2)
                text = httpx.get(server.url + "/metrics").text
            assert metric(text, "mulligan_event_streams") == 0
    finally:
        server.stop()
