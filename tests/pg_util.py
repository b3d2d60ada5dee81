"""A throw-away PostgreSQL server on 127.0.0.1 for the tests (`initdb` and `pg_ctl` into a
temporary directory; as root they run as the `postgres` user, which refuses root)."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator

import pytest

from .serve_util import Server, free_port


def pg_bin(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return candidates[-1] if candidates else None


class Postgres:
    def __init__(self) -> None:
        self.initdb, self.pg_ctl = pg_bin("initdb"), pg_bin("pg_ctl")
        self.dir = tempfile.mkdtemp(prefix="mulligan-pg-")
        self.port = free_port()
        self.as_user: list[str] = []
        if os.geteuid() == 0:
            shutil.chown(self.dir, "postgres", "postgres")
            self.as_user = ["runuser", "-u", "postgres", "--"]

    @property
    def available(self) -> bool:
        return self.initdb is not None and self.pg_ctl is not None

    @property
    def url(self) -> str:
        user = "postgres" if self.as_user else os.environ.get("USER", "postgres")
        return f"postgresql://{user}@127.0.0.1:{self.port}/postgres"

    def run(self, *cmd: str) -> None:
        subprocess.run([*self.as_user, *cmd], check=True, capture_output=True, timeout=120)

    def start(self) -> Postgres:
        data = os.path.join(self.dir, "data")
        user = "postgres" if self.as_user else os.environ.get("USER", "postgres")
        self.run(self.initdb, "-D", data, "-U", user, "--auth=trust", "-E", "UTF8")
        options = f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.dir} -c fsync=off"
        self.run(self.pg_ctl, "-D", data, "-o", options, "-w", "-l", f"{self.dir}/log", "start")
        return self

    def stop(self) -> None:
        data = os.path.join(self.dir, "data")
        try:
            self.run(self.pg_ctl, "-D", data, "-m", "immediate", "stop")
        except (subprocess.SubprocessError, OSError):
            pass
        shutil.rmtree(self.dir, ignore_errors=True)


def servers_on_postgres() -> Iterator[tuple[Server, Server]]:
    """Two service processes sharing one throw-away PostgreSQL, for a module fixture to yield
    from; the test is skipped when PostgreSQL or psycopg is not installed
    (scripts/system_deps.sh installs both). Everything is stopped afterwards."""
    pytest.importorskip("psycopg")
    pg = Postgres()
    if not pg.available:
        pytest.skip("PostgreSQL is not installed (scripts/system_deps.sh installs it)")
    pg.start()
    a = b = None
    try:
        a = Server(pg.url).start()
        b = Server(pg.url).start()
        yield a, b
    finally:
        for s in (a, b):
            if s is not None:
                s.stop()
        pg.stop()
