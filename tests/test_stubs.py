"""The shipped stubs (`_core.pyi`) cannot drift from the compiled extension."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import mulligan


def test_stubs_match_the_binary() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "mulligan._core"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_stub_and_marker_ship_with_the_package() -> None:
    package = Path(mulligan.__file__).parent
    assert (package / "py.typed").exists()
    assert (package / "_core.pyi").exists()


# Subpackages of optional extras: not imported by `import mulligan` (nor in `__all__`), but
# present as attributes once another test has imported them.
OPTIONAL_SUBPACKAGES = {"serve", "cli"}


def test_all_is_explicit_and_complete() -> None:
    public = {n for n in dir(mulligan) if not n.startswith("_") and n != "annotations"}
    assert set(mulligan.__all__) - {"__version__"} == public - {"_core"} - OPTIONAL_SUBPACKAGES
