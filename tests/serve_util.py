"""Helpers for the service's tests: decks, a policy that plays any decision, a server process."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from typing import Any, Callable

import httpx

from .process_util import kill_group, popen

DECK_A = "24 Forest\n4 Serum Powder\n32 Grizzly Bears\n"
# Seat 1's cards have names that appear nowhere else: a leak to seat 0 is a string search.
DECK_B = "24 Island\n36 Secret Sphinx\n"

Json = dict[str, Any]


def two_players(deck_a: str = DECK_A, deck_b: str = DECK_B, **extra: Any) -> Json:
    return {"players": [{"name": "Ann", "deck": deck_a}, {"name": "Ben", "deck": deck_b}], **extra}


def answer_for(decision: Json) -> Json:
    """A legal answer to any decision: keep hands of 2-5 lands, bottom the first cards."""
    kind = decision["kind"]
    if kind == "choose_starting_player":
        a: Json = {"action": "choose_starting_player", "starting_seat": decision["options"][-1]}
    elif kind == "keep_or_mulligan":
        lands = sum(c["name"] in ("Forest", "Island") for c in decision["hand"])
        keep = 2 <= lands <= 5 or not decision["can_mulligan"]
        a = {"action": "keep" if keep else "mulligan"}
    elif kind == "bottom":
        a = {"action": "bottom", "cards": [c["id"] for c in decision["hand"][: decision["count"]]]}
    elif kind == "vancouver":
        a = {"action": "vancouver", "bottom": True}
    else:
        a = {"action": "pass_actions"}
    return {"decision": decision["id"], **a}


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def play(
    request: Callable[..., Any], game: Json, limit: int | None = None, seats: Any = None
) -> list[Json]:
    """Answers pending decisions seat by seat until done (or `limit` answers); returns the
    answers sent, each with its seat."""
    sent: list[Json] = []
    gid = game["game_id"]
    tokens = [s["token"] for s in game["seats"]]
    while limit is None or len(sent) < limit:
        progressed = False
        done = True
        for seat in seats if seats is not None else range(len(tokens)):
            view = request("GET", f"/games/{gid}/seats/{seat}", headers=auth(tokens[seat])).json()
            done = done and view["done"]
            for d in view["pending"][:1]:
                body = answer_for(d)
                r = request(
                    "POST",
                    f"/games/{gid}/seats/{seat}/answer",
                    json=body,
                    headers=auth(tokens[seat]),
                )
                assert r.status_code == 200, r.text
                sent.append({"seat": seat, **body})
                progressed = True
                if limit is not None and len(sent) >= limit:
                    return sent
        if done or not progressed:
            break
    return sent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """`mulligan serve` as a separate process on 127.0.0.1."""

    def __init__(self, db: str, port: int | None = None, *args: str) -> None:
        self.db = db
        self.port = port or free_port()
        self.args = args
        self.proc: subprocess.Popen[bytes] | None = None
        # stderr (the listening line, the access log) goes to a file opened for appending
        # (a pipe nobody reads would fill up and stall the server), read through its path.
        fd, self.stderr_path = tempfile.mkstemp(prefix="mulligan-serve-", suffix=".log")
        os.close(fd)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        cmd = [sys.executable, "-m", "mulligan", "serve", "--port", str(self.port), "--db", self.db]
        with open(self.stderr_path, "ab") as stderr:
            self.proc = popen(
                [*cmd, *self.args],
                stdout=subprocess.DEVNULL,
                stderr=stderr,
                env={**os.environ, "PYTHONUNBUFFERED": "1"},
            )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.output()[-2000:]}")
            try:
                if httpx.get(self.url + "/healthz", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        self.kill()
        raise RuntimeError("server did not start in 60 s")

    def output(self) -> str:
        """What the server wrote on stderr so far."""
        with open(self.stderr_path, "rb") as f:
            return f.read().decode(errors="replace")

    def kill(self) -> None:
        """SIGKILL to the server and its workers (its process group)."""
        if self.proc is not None:
            kill_group(self.proc.pid)
            self.proc.wait()

    def stop(self) -> None:
        """A graceful stop (SIGTERM), then SIGKILL to whatever of its group is left."""
        if self.proc is not None:
            if self.proc.poll() is None:
                self.proc.terminate()
                try:
                    self.proc.wait(10)
                except subprocess.TimeoutExpired:
                    pass
            self.kill()
        if os.path.exists(self.stderr_path):
            os.remove(self.stderr_path)
