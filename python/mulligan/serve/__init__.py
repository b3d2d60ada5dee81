"""`mulligan serve`: game starts over HTTP for tabletop simulators and tournament software.

Install with ``pip install 'mulligan[serve]'``; run ``mulligan serve`` (docs/SERVE.md).
`create_app(db)` gives the ASGI application for any ASGI server.
"""

from mulligan.serve.app import create_app

__all__ = ["create_app"]
