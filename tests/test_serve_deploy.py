"""Issue 35: the systemd unit shipped in docs/deploy/ is one systemd accepts. `systemd-analyze
verify` reads a copy whose ExecStart names this test's own `mulligan` command (the shipped one
names /opt/mulligan, which this machine need not have); every other line is the shipped one."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
UNIT = ROOT / "docs" / "deploy" / "mulligan.service"
SYSTEMD_ANALYZE = shutil.which("systemd-analyze")


def _mulligan() -> str:
    """The `mulligan` command of the Python running the tests."""
    beside = Path(sys.executable).parent / "mulligan"
    found = str(beside) if beside.exists() else shutil.which("mulligan")
    if found is None:
        pytest.skip("no `mulligan` command installed beside this Python")
    return found


def _verify(tmp_path: Path, text: str) -> subprocess.CompletedProcess[str]:
    unit = tmp_path / "mulligan.service"
    unit.write_text(text)
    return subprocess.run(
        [str(SYSTEMD_ANALYZE), "verify", str(unit)], capture_output=True, text=True, timeout=120
    )


@pytest.mark.skipif(
    SYSTEMD_ANALYZE is None,
    reason="systemd-analyze is not installed (systemd; scripts/system_deps.sh installs it)",
)
def test_the_shipped_systemd_unit_verifies(tmp_path):
    shipped = UNIT.read_text()
    lines = [line for line in shipped.splitlines() if line.startswith("ExecStart=")]
    assert len(lines) == 1 and lines[0].startswith("ExecStart=/opt/mulligan/bin/mulligan serve ")
    # The command the unit runs takes these options (the shipped ones, as written).
    args = lines[0].split()[2:]
    assert "--public-url" in args and "--host" in args
    from mulligan.serve.command import serve

    options = serve.make_context("mulligan serve", args).params
    assert options["public_url"] == "https://mulligan.example.org"
    text = shipped.replace("ExecStart=/opt/mulligan/bin/mulligan", f"ExecStart={_mulligan()}")
    done = _verify(tmp_path, text)
    complaints = [line for line in done.stderr.splitlines() if "mulligan.service" in line]
    assert done.returncode == 0 and not complaints, done.stderr
    # The check can fail: a misspelt key, or a command that is not there, is reported.
    bad = _verify(tmp_path, text.replace("ProtectClock=", "ProtectClok="))
    assert "Unknown key" in bad.stderr and "ProtectClok" in bad.stderr
    missing = _verify(tmp_path, shipped)
    if not Path("/opt/mulligan/bin/mulligan").exists():
        assert missing.returncode != 0 and "/opt/mulligan/bin/mulligan" in missing.stderr
