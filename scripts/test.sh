#!/usr/bin/env bash
# Installs everything the project needs from its own files (pyproject.toml, Cargo.toml) and the
# system packages some tests need (scripts/system_deps.sh: PostgreSQL, Chromium, tmux, Lua; when
# missing and this user may), then runs every check and test: formatting, lints, types, stubs,
# `cargo doc`, `cargo test` and `pytest` (a wheel built from the tree, installed in a fresh venv
# without Rust, included); then every benchmark once as a smoke test (no timings are taken:
# `python benches/run.py` measures), and a bounded fuzzing run (scripts/fuzz.sh).
# Exits non-zero on the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$*"; }

step "system packages the tests need (scripts/system_deps.sh)"
bash scripts/system_deps.sh

step "install (pip install -e '.[test]': builds the Rust extension with maturin)"
python3 -m pip install --quiet --disable-pip-version-check -e '.[test]'

step "cargo fmt --check"
cargo fmt --all --check
step "cargo clippy -D warnings"
cargo clippy --workspace --all-targets --quiet -- -D warnings
step "cargo doc -D warnings (every intra-doc link resolves)"
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --quiet
step "cargo test"
cargo test --workspace --quiet

step "ruff"
python3 -m ruff check .
python3 -m ruff format --check .
step "mypy (strict on the package; stubs checked by stubtest inside pytest)"
python3 -m mypy

step "pytest"
python3 -m pytest -q

step "benchmarks, once each as a smoke test (timings: python benches/run.py)"
python3 -m pytest benches -q --benchmark-disable -p no:cacheprovider

step "fuzzing, bounded: a fixed number of inputs per target from a seed fixed per commit (scripts/fuzz.sh; FUZZ_SEED=random or FUZZ_SECONDS=<per target> explore, docs/FUZZING.md)"
bash scripts/fuzz.sh
