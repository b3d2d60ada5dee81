"""Errors as the service answers them: a status and ``{"error": {"code", "message"}}``.

A Lua client reads ``code`` (a stable snake_case word), not the status. Codes: ``bad_request``,
``invalid`` (422: a body that does not fit the schema, or an answer the rules refuse now),
``unauthorized`` (401), ``forbidden`` (403), ``not_found``, ``conflict`` (409: a stale decision
or a lost race), ``not_done`` (409: the game start is not finished), ``already_claimed`` (409:
a seat's invite opened a second time), ``too_large`` (413), ``rate_limited`` (429),
``internal`` (500, never expected).

Every 409 also carries what a client needs to resync without reading the message (issue 29):
``next_action``, the number the seat's next action takes (null when the game has no table
phase, or on a route that is no seat's), and ``pending``, the ids of the decisions pending for
that seat (for the whole game on a host route). They are filled in here, in one place: a 409
raised without them (`ApiError.resync` unset) gets null and [].
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, Field

__all__ = [
    "CODES",
    "ERRORS",
    "ApiError",
    "ErrorBody",
    "ErrorDetail",
    "Resync",
    "answers",
    "conflict",
    "error_body",
]


class ApiError(Exception):
    """An HTTP error with a stable code; raised anywhere in a request, answered as JSON."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        headers: dict[str, str] | None = None,
        *,
        resync: Resync | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
        self.resync = resync

    def body(self) -> dict[str, Any]:
        """The reply's JSON body: ``{"error": {"code", "message"}}``, and on a 409 the resync
        fields ``next_action`` and ``pending``."""
        body = error_body(self.code, self.message)
        if self.status == 409:
            resync = self.resync or Resync()
            body["error"].update(next_action=resync.next_action, pending=list(resync.pending))
        return body


@dataclass(frozen=True)
class Resync:
    """What a 409 tells a client to resync: the seat's next action number (None: no table
    phase or no seat) and the ids of the decisions pending (for the seat, or the game)."""

    next_action: int | None = None
    pending: tuple[int, ...] = ()


def conflict(message: str, resync: Resync | None = None, code: str = "conflict") -> ApiError:
    """A 409 with its resync fields."""
    return ApiError(409, code, message, resync=resync)


def forbidden(whose: str) -> ApiError:
    """The 403 of a token that is not `whose` ("seat 1's token", "this game's host token")."""
    return ApiError(403, "forbidden", f"that token is not {whose}")


def error_body(code: str, message: str) -> dict[str, Any]:
    return {"error": {"code": code, "message": message}}


class ErrorDetail(BaseModel):
    code: str
    message: str
    next_action: int | None = Field(
        None, description="409 only: the number the seat's next action takes (null: none)"
    )
    pending: list[int] | None = Field(
        None, description="409 only: the ids of the decisions pending for the seat (or game)"
    )


class ErrorBody(BaseModel):
    error: ErrorDetail


#: The error replies every route may give, as its OpenAPI ``responses`` (each an `ErrorBody`).
ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorBody, "description": text}
    for status, text in {
        401: "no token",
        403: "a token that is not the one this needs",
        404: "no such game, seat or round",
        409: "a stale decision, a lost race, or a game not done",
        413: "over a size or time limit",
        422: "a body that does not fit, or an answer the rules refuse now",
        429: "too many games from this client",
    }.items()
}


def answers(model: Any, summary: str | None = None, **extra: Any) -> dict[str, Any]:
    """A route's documented replies, as keywords of ``router.get``/``router.post``: `model` on
    success (its ``response_model``), or one of `ERRORS`; with its `summary` and any other
    keyword FastAPI takes (``status_code``, ``openapi_extra``, ...)."""
    documented: dict[str, Any] = {"response_model": model, "responses": ERRORS, **extra}
    if summary is not None:
        documented["summary"] = summary
    return documented


#: The code of an error raised by the framework itself (a missing route, a wrong method).
CODES = {400: "bad_request", 401: "unauthorized", 403: "forbidden", 404: "not_found"}
CODES.update({405: "method_not_allowed", 409: "conflict", 413: "too_large", 422: "invalid"})
CODES.update({429: "rate_limited"})
