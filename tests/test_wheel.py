"""A wheel built from this tree installs and runs where no Rust toolchain is: what a user of the
release's wheels (.github/workflows/release.yml) gets.

`maturin build --release` builds the wheel into a temporary directory, reusing the tree's
`target/` (with a warm `target/`, as after `pip install -e .`, it only links and packs; a cold
one compiles the crates first). The wheel goes into a fresh venv that sees the test
environment's dependencies (numpy, click, rich, matplotlib) but no other copy of mulligan, and
its `mulligan` command and `import mulligan` run with a PATH that has no cargo, rustc or rustup
on it. Marked `wheel` (deselect with `-m "not wheel"`).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

import mulligan

ROOT = Path(__file__).resolve().parent.parent
SEED = "00" * 32
RUST_TOOLS = ("cargo", "rustc", "rustup")

pytestmark = pytest.mark.wheel


def path_without_rust(*first: Path) -> str:
    """PATH with `first` in front and no directory holding cargo, rustc or rustup."""
    dirs = [str(d) for d in first]
    for d in os.environ.get("PATH", "").split(os.pathsep):
        if d and not any(shutil.which(tool, path=d) for tool in RUST_TOOLS):
            dirs.append(d)
    return os.pathsep.join(dirs)


def dependency_paths() -> list[str]:
    """The directories this interpreter imports packages from, except any that holds a
    `mulligan` package (the tree's `python/`, an editable or installed copy)."""
    return [
        p
        for p in sys.path
        if p and os.path.isdir(p) and not os.path.exists(os.path.join(p, "mulligan"))
    ]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    maturin = shutil.which("maturin") or shutil.which(
        "maturin", path=str(Path(sys.executable).parent)
    )
    if maturin is None:
        pytest.skip("maturin is not installed (pip install -e '.[test]' installs it)")
    out = tmp_path_factory.mktemp("wheel")
    # The interpreter's name as `pip install -e .` passes it (pip and scripts/test.sh run as
    # python3): the same name keeps PyO3's build configuration, so target/ is reused as built.
    python3 = Path(sys.executable).with_name("python3")
    interpreter = str(python3 if python3.exists() else sys.executable)
    build = subprocess.run(
        [maturin, "build", "--release", "--out", str(out), "--interpreter", interpreter],
        cwd=ROOT,
        capture_output=True,
        text=True,
        # A cold target/ compiles the crates in release (minutes on two cores).
        timeout=1800,
    )
    assert build.returncode == 0, build.stderr[-4000:]
    (found,) = out.glob("mulligan-*.whl")
    return found


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with the wheel installed (without pip of its own: this pip installs into
    it), seeing this environment's dependencies through a .pth file."""
    env_dir = tmp_path_factory.mktemp("venv")
    venv.create(env_dir, with_pip=False, symlinks=sys.platform != "win32")
    python = env_dir / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    Path(site, "dependencies.pth").write_text("\n".join(dependency_paths()) + "\n")
    pip = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "-q"]
        + ["--disable-pip-version-check", str(wheel)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    if pip.returncode != 0 and "no such option: --python" in pip.stderr:
        pytest.skip("this pip cannot install into another environment (pip >= 22.3 can)")
    assert pip.returncode == 0, pip.stderr[-3000:]
    return python.parent


def run_without_rust(bindir: Path, *cmd: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("PYTHONPATH", "CARGO_HOME", "RUSTUP_HOME", "VIRTUAL_ENV")
    }
    env.update(PATH=path_without_rust(bindir), MULLIGAN_CARD_DATA="", PYTHONNOUSERSITE="1")
    assert not any(shutil.which(t, path=env["PATH"]) for t in RUST_TOOLS), env["PATH"]
    return subprocess.run(list(cmd), cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


def test_the_wheel_is_the_package_and_nothing_of_the_tree(wheel: Path) -> None:
    import zipfile

    names = zipfile.ZipFile(wheel).namelist()
    assert any(n.startswith("mulligan/_core.") for n in names), names
    for needed in ("mulligan/py.typed", "mulligan/serve/play.html", "mulligan/_core.pyi"):
        assert needed in names
    # The pages' scripts and style sheets (served from the package by GET /static/{name}).
    for static in ("play.js", "table.js", "host.js", "landing.js", "page.css"):
        assert f"mulligan/serve/static/{static}" in names, static
    assert any(n.startswith("mulligan/decks/") for n in names), "the bundled decks"
    assert not [n for n in names if n.startswith(("tests/", "rust/", "target/"))]


def test_the_installed_wheel_plays_a_game_start_without_rust(
    installed: Path, tmp_path: Path
) -> None:
    exe = "mulligan.exe" if sys.platform == "win32" else "mulligan"
    done = run_without_rust(
        installed, str(installed / exe), "start", "--auto", "--seed", SEED, cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr[-3000:]
    # The same game start, card for card, as the tree's own build plays it.
    tree = subprocess.run(
        [sys.executable, "-m", "mulligan", "start", "--auto", "--seed", SEED],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "MULLIGAN_CARD_DATA": ""},
    )
    assert tree.returncode == 0, tree.stderr[-3000:]
    # Piped, the seed goes on its own line (80 columns unless COLUMNS says otherwise).
    assert re.search(rf"seed \(revealed after the game\):\s+{SEED}\n", done.stdout)
    assert done.stdout == tree.stdout


def test_the_installed_wheel_imports_its_own_copy(installed: Path, tmp_path: Path) -> None:
    code = (
        "import json, sys, mulligan as m\n"
        "d = m.Deck.parse('24 Forest\\n36 Grizzly Bears [creature]')\n"
        "r = m.simulate(d, games=10_000, seed=m.Seed.from_hex('00' * 32))\n"
        "print(json.dumps({'file': m.__file__, 'prefix': sys.prefix, 'version': m.__version__,"
        " 'format': m.FORMAT_VERSION, 'kept': sorted(r.kept_by_size.items())}))\n"
    )
    python = installed / ("python.exe" if sys.platform == "win32" else "python")
    done = run_without_rust(installed, str(python), "-c", code, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    got = json.loads(done.stdout)
    assert Path(got["file"]).resolve().is_relative_to(Path(got["prefix"]).resolve()), got
    assert got["version"] == mulligan.__version__ and got["format"] == mulligan.FORMAT_VERSION
    d = mulligan.Deck.parse("24 Forest\n36 Grizzly Bears [creature]")
    r = mulligan.simulate(d, games=10_000, seed=mulligan.Seed.from_hex("00" * 32))
    assert got["kept"] == [list(kv) for kv in sorted(r.kept_by_size.items())]
