"""``python -m mulligan.serve [OPTIONS]``: the same as ``mulligan serve [OPTIONS]``."""

import sys

from mulligan.cli import main

raise SystemExit(main(["serve", *sys.argv[1:]]))
