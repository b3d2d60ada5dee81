"""A bounded hypothesis run over the argument surface of the Python API (tests/fuzz_arguments.py
says what it draws and what counts as a finding), in a child process under an address-space
limit: a call that tried to exhaust memory fails the test instead of the machine."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

SCRIPT = Path(__file__).with_name("fuzz_arguments.py")

CHILD = """
import resource, runpy, sys
def vm_size():
    for line in open("/proc/self/status"):
        if line.startswith("VmSize:"):
            return int(line.split()[1]) * 1024
import mulligan, numpy, hypothesis  # mapped before the limit is measured
# 1 GiB of address space beyond what the interpreter and the libraries already map.
limit = vm_size() + (1 << 30)
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
sys.argv = [{script!r}, "400"]
runpy.run_path({script!r}, run_name="__main__")
"""


@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc and sets RLIMIT_AS")
def test_random_arguments_raise_only_mulligan_errors() -> None:
    child = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(CHILD.format(script=str(SCRIPT)))],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert child.returncode == 0 and child.stdout.strip().endswith("ok"), (
        child.stdout[-3000:] + child.stderr[-3000:]
    )
