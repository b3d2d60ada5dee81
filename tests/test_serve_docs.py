"""Every curl example of docs/SERVE.md runs as written (issue 29): each ```sh block that calls
curl is run by bash against a live `mulligan serve` on loopback, with only the server's address
(``S=http://127.0.0.1:8000``) replaced by the test server's. The variables an example names
(``G``, ``HOST``, ``ANN``, a card's id) it takes from earlier replies itself, with jq, as a
reader would. `curl` is wrapped to record each reply's status: every one must be 2xx."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .serve_util import Server

DOC = Path(__file__).resolve().parents[1] / "docs" / "SERVE.md"

pytestmark = pytest.mark.skipif(
    not (shutil.which("bash") and shutil.which("curl") and shutil.which("jq")),
    reason="needs bash, curl and jq",
)

# curl as the examples call it, with every reply's status appended to $STATUS_LOG; a status
# that is not 2xx fails the block (set -e).
WRAPPER = r"""
set -euo pipefail
curl() {
  local body code args="$*"
  body=$(mktemp)
  code=$(command curl -o "$body" -w '%{http_code}' "$@")
  cat "$body"
  rm -f "$body"
  printf '%s %s\n' "$code" "${args//$'\n'/ }" >> "$STATUS_LOG"
  case "$code" in
    2??) ;;
    *) printf 'status %s: curl %s\n' "$code" "$*" >&2; return 1 ;;
  esac
}
"""


def blocks() -> list[str]:
    text = DOC.read_text(encoding="utf-8")
    found = re.findall(r"```sh\n(.*?)```", text, re.DOTALL)
    return [b for b in found if re.search(r"^\s*curl |\$\(curl ", b, re.MULTILINE)]


def test_the_doc_has_curl_examples_that_name_the_server_as_s():
    found = blocks()
    assert len(found) >= 2
    for b in found:
        assert "S=http://127.0.0.1:8000\n" in b, b[:200]
        # Every POST with a JSON body says so (without it: 422 "expected an object").
        for line in re.findall(r"curl [^\n]*(?:\\\n[^\n]*)*", b):
            if " -d " in line:
                assert '-H "$J"' in line or "Content-Type: application/json" in line, line


@pytest.mark.parametrize("index", range(len(blocks())))
def test_every_curl_example_runs_as_written(tmp_path: Path, index: int) -> None:
    block = blocks()[index]
    server = Server(str(tmp_path / "db.sqlite3")).start()
    try:
        script = WRAPPER + block.replace("S=http://127.0.0.1:8000", f"S={server.url}", 1)
        statuses = tmp_path / "statuses"
        env = {
            **os.environ,
            "STATUS_LOG": str(statuses),
            # `mulligan verify` from this interpreter's environment
            "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ["PATH"]]),
        }
        work = tmp_path / "work"
        work.mkdir()
        done = subprocess.run(
            ["bash", "-c", script], cwd=work, env=env, capture_output=True, text=True, timeout=120
        )
        assert done.returncode == 0, (done.stderr[-3000:], done.stdout[-2000:])
        lines = statuses.read_text().splitlines()
        code = "\n".join(line for line in block.splitlines() if not line.lstrip().startswith("#"))
        calls = len(re.findall(r"\bcurl\s", code))
        assert len(lines) == calls, lines
        assert all(line[:1] == "2" for line in lines), lines
    finally:
        server.stop()
