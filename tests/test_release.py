"""The release's promises hold together: the version the package reports is CHANGELOG.md's
newest entry and the workspace's, and .github/workflows/release.yml builds (and smoke-tests) a
wheel for every platform the README names, and the sdist."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest

import mulligan

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"

#: (job, target, what the wheel is for) as the README's "What they need" lists them.
PLATFORMS = [
    ("linux", "x86_64", "manylinux"),
    ("linux", "aarch64", "manylinux"),
    ("musllinux", "x86_64", "musllinux"),
    ("musllinux", "aarch64", "musllinux"),
    ("macos", "x86_64", "macOS"),
    ("macos", "aarch64", "macOS"),
    ("windows", "x64", "Windows"),
]


def workflow() -> dict[str, Any]:
    yaml = pytest.importorskip("yaml")
    loaded: dict[str, Any] = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    return loaded


def test_the_version_is_the_changelogs_newest_and_the_workspaces():
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    newest = re.search(r"^## (\d+\.\d+\.\d+)", changelog, re.M)
    assert newest is not None, "CHANGELOG.md has a '## X.Y.Z' entry"
    if sys.version_info >= (3, 11):
        import tomllib
    else:
        import tomli as tomllib
    cargo = tomllib.loads((ROOT / "Cargo.toml").read_text(encoding="utf-8"))
    assert newest.group(1) == mulligan.__version__ == cargo["workspace"]["package"]["version"]


def test_every_platform_gets_a_wheel_built_and_run():
    jobs = workflow()["jobs"]
    for job, target, _ in PLATFORMS:
        targets = [p["target"] for p in jobs[job]["strategy"]["matrix"]["platform"]]
        assert target in targets, (job, target)
        steps = jobs[job]["steps"]
        build = next(s for s in steps if s.get("uses", "").startswith("PyO3/maturin-action"))
        args = build["with"]["args"]
        assert "--release" in args and "--find-interpreter" in args, (job, args)
        # Each job installs what it built in a fresh venv and plays a game start with it.
        assert any("$SMOKE" in s.get("run", "") for s in steps), job
    assert jobs["linux"]["steps"][2]["with"]["manylinux"] == "auto"
    assert jobs["musllinux"]["steps"][2]["with"]["manylinux"] == "musllinux_1_2"
    sdist = jobs["sdist"]["steps"][1]
    assert sdist["with"]["command"] == "sdist"
    assert "mulligan start --auto" in workflow()["env"]["SMOKE"]
    # Publishing waits for every build.
    assert set(jobs["release"]["needs"]) == {"linux", "musllinux", "macos", "windows", "sdist"}


def test_the_readme_names_the_platforms_the_workflow_builds():
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    for words in (
        "manylinux and musllinux, x86_64 and aarch64",
        "macOS (x86_64 and arm64)",
        "Windows (x64)",
        "the sdist",
    ):
        assert words in readme, words
