"""``python -m mulligan.serve [OPTIONS]``: the same as ``mulligan serve [OPTIONS]``."""

from mulligan.serve.command import main

raise SystemExit(main())
