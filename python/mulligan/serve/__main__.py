"""``python -m mulligan.serve``: the same as ``mulligan serve``."""

from mulligan.serve.cli import main

main()
