"""Schemathesis against the live OpenAPI document of a `mulligan serve` process, with every
check (``--checks all``: no 5xx, every status and body as documented, schema-violating bodies
refused, schema-valid ones accepted, authentication honoured, stateful links), a bounded
number of examples per operation and a fixed seed; any failed check fails the test.

Two expectations are widened in the run's configuration, each a documented answer that no JSON
Schema can express:
- a body that fits the schema may still be refused by the rules with 422 `invalid` (a seat that
  does not exist, a deck the reader refuses or one too small for the turns asked, an answer to
  a decision of another kind, an action the table refuses now): `positive_data_acceptance`
  expects 422 too on POST /games, /rounds, /simulate, /analyze, the answers and the actions
  (what a schema can say of fields that go together, docs/openapi.json says with if/then and
  not: tests/test_serve_contract.py checks that schema and server agree on each);
- a body over the size limit is refused with 413 `too_large` before it is read:
  `negative_data_rejection` expects 413 as well.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from .serve_util import Server

EXAMPLES = 15
SEED = 1

CONFIG = """
[checks.negative_data_rejection]
expected-statuses = [
    "400", "401", "403", "404", "405", "406", "409", "413", "415", "422", "428", "429",
]

[[operations]]
include-path-regex = "^/(games|rounds|simulate|analyze)$|/answer$|/actions$"
checks.positive_data_acceptance.expected-statuses = [
    "2xx", "401", "403", "404", "409", "422", "429",
]
"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    db = str(tmp_path_factory.mktemp("schemathesis") / "db.sqlite3")
    s = Server(db, None, "--games-per-minute", "100000", "--no-access-log").start()
    yield s
    s.stop()


def test_every_operation_passes_every_check(server, tmp_path: Path):
    st = shutil.which("st", path=str(Path(sys.executable).parent)) or shutil.which("st")
    if st is None:
        pytest.skip("schemathesis's `st` command is not installed (pip install -e '.[test]')")
    config = tmp_path / "schemathesis.toml"
    config.write_text(CONFIG)
    run = subprocess.run(
        [
            st,
            "--config-file",
            str(config),
            "run",
            server.url + "/openapi.json",
            "--checks",
            "all",
            "--max-examples",
            str(EXAMPLES),
            "--seed",
            str(SEED),
            "--workers",
            "1",
            "--no-shrink",
            # Generous: every request takes well under a second on a quiet machine, but one
            # took 30 s while several full test runs shared the two cores.
            "--request-timeout",
            "120",
            "--suppress-health-check",
            "all",
            "--report-dir",
            str(tmp_path / "report"),
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=1200,
    )
    out = run.stdout + run.stderr
    summary = out[out.find("FAILURES") :] if "FAILURES" in out else out[-3000:]
    assert run.returncode == 0, summary[:6000]
    # Every operation of the document was run: none left out of the check.
    with urllib.request.urlopen(server.url + "/openapi.json") as reply:
        paths = json.load(reply)["paths"]
    operations = sum(
        m in ("get", "post", "put", "patch", "delete") for p in paths.values() for m in p
    )
    assert f"{operations} selected / {operations} total" in out, out[-3000:]
