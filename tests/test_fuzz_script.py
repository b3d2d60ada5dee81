"""scripts/fuzz.sh refuses a bad setting before it builds or runs anything (docs/FUZZING.md):
the test command's fuzzing step is only as reproducible as its seed and length are well formed."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "fuzz.sh"


@pytest.mark.parametrize(
    ("name", "value", "says"),
    [
        ("FUZZ_SEED", "0", "a number from 1 to 4294967295, or random"),
        ("FUZZ_SEED", "4294967296", "a number from 1 to 4294967295, or random"),
        ("FUZZ_SEED", "abc", "a number from 1 to 4294967295, or random"),
        ("FUZZ_RUNS", "-5", "a whole number of inputs per target, 1 or more"),
        ("FUZZ_RUNS", "0", "a whole number of inputs per target, 1 or more"),
        ("FUZZ_SECONDS", "1.5", "a whole number of seconds per target, 1 or more"),
        ("FUZZ_CAP", "x", "a whole number of seconds per target, 1 or more"),
    ],
)
def test_a_bad_setting_is_refused_before_anything_runs(name, value, says):
    # PATH without cargo: had the script gone on, it would have failed on `cargo fuzz` instead.
    env = {**os.environ, name: value, "PATH": "/usr/bin:/bin"}
    done = subprocess.run(
        ["bash", str(SCRIPT)], env=env, capture_output=True, text=True, timeout=30
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip() == f"scripts/fuzz.sh: {name}={value}: {says}"
    assert "cargo" not in done.stdout + done.stderr
