"""Errors as the service answers them: a status and ``{"error": {"code", "message"}}``.

A Lua client reads ``code`` (a stable snake_case word), not the status. Codes: ``bad_request``,
``invalid`` (422: a body that does not fit the schema, or an answer the rules refuse now),
``unauthorized`` (401), ``forbidden`` (403), ``not_found``, ``conflict`` (409: a stale decision
or a lost race), ``not_done`` (409: the game start is not finished), ``too_large`` (413),
``rate_limited`` (429), ``internal`` (500, never expected).
"""

from __future__ import annotations

from typing import Any

__all__ = ["ApiError", "error_body"]


class ApiError(Exception):
    """An HTTP error with a stable code; raised anywhere in a request, answered as JSON."""

    def __init__(
        self, status: int, code: str, message: str, headers: dict[str, str] | None = None
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers


def error_body(code: str, message: str) -> dict[str, Any]:
    return {"error": {"code": code, "message": message}}
