"""`python -m mulligan`: the `mulligan` command (see `mulligan --help`).

`mulligan-demo` (kept for old scripts) is `mulligan start --auto` with a fixed seed.
"""

from __future__ import annotations

import sys

from mulligan.cli import main

DEFAULT_SEED = "6d756c6c6967616e2064656d6f2073656564202d206f6e652067616d65210a00"


def demo() -> int:
    """`mulligan-demo [OPTIONS]`: `mulligan start --auto --seed <a fixed demo seed> ...`."""
    args = sys.argv[1:]
    return main(["start", "--auto", *([] if "--seed" in args else ["--seed", DEFAULT_SEED]), *args])


if __name__ == "__main__":
    raise SystemExit(main())
