"""Warnings as the service reports them: in the reply (``warnings``: a list of ``{"code",
"message"}``) and on the server as one log line each (logger ``mulligan.serve``), never as
Python warnings with their source lines.

The library warns through Python's `warnings` (`DeckWarning`, `MulliganWarning`); the service
reads the same findings from `Deck.warnings` and the keep rule, so the `mulligan serve` process
silences the Python ones (`quiet_library_warnings`) rather than print each twice.
"""

from __future__ import annotations

import logging
import warnings
from collections.abc import Iterable
from typing import Any

from mulligan._core import MulliganWarning

__all__ = ["log_warnings", "logger", "quiet_library_warnings"]

logger = logging.getLogger("mulligan.serve")


def log_warnings(route: str, found: Iterable[dict[str, Any]]) -> None:
    """One line per warning of a reply: ``POST /games: deck: players[1] ('Ben'): ...``."""
    for w in found:
        logger.warning("%s: %s: %s", route, w["code"], w["message"])


def quiet_library_warnings() -> None:
    """Silences the library's Python warnings in this process (the service reports them)."""
    warnings.filterwarnings("ignore", category=MulliganWarning)
