"""`mulligan serve`: game starts and whole games over HTTP, for tabletop simulators, browsers
and tournament software.

Install with ``pip install 'mulligan[serve]'``; run ``mulligan serve`` (docs/SERVE.md).
`create_app(db)` gives the ASGI application for any ASGI server. Importing this package needs
nothing of the extra (the ``mulligan serve`` command is `mulligan.serve.command`):
`create_app` is imported from `mulligan.serve.app` when first used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mulligan.serve.app import create_app

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from mulligan.serve.app import create_app

        return create_app
    raise AttributeError(f"module 'mulligan.serve' has no attribute {name!r}")
