"""The create key (issue 36; docs/SERVE.md "Operating a public server"): with
``--create-key-file PATH`` only a caller holding the key may create. ``POST /games``,
``POST /rounds/commitment`` and ``POST /rounds`` for a new round (without ``round_id``: naming a
drawn round keeps taking that round's host token) then need ``Authorization: Bearer KEY``;
``--create-key-for-analysis`` puts ``/simulate``, ``/analyze`` and ``/sources`` behind it too,
and ``--metrics key`` ``GET /metrics``.

A missing or malformed ``Authorization`` header is 401 and another key 403, as for tokens; both
say what is needed. The key is compared in constant time (`auth.matches` on its hash).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import Depends, Request
from fastapi.security import HTTPBearer

import mulligan.serve.auth as auth
from mulligan.serve.errors import ApiError

__all__ = [
    "AnalysisKey",
    "CreateKey",
    "CreateKeyAccess",
    "KEY_SCHEME",
    "document_key",
    "read_key_file",
    "require_create_key",
]

#: The OpenAPI security scheme of the routes that create (an HTTP bearer scheme).
KEY_SCHEME = "CreateKey"
_scheme = HTTPBearer(
    auto_error=False,
    scheme_name=KEY_SCHEME,
    description="the server's create key (mulligan serve --create-key-file), when it has one",
)


@dataclass(frozen=True)
class CreateKey:
    """The key's hash, and whether the analysis routes need the key too."""

    key_hash: str
    analysis: bool = False

    @classmethod
    def of(cls, key: str, analysis: bool = False) -> CreateKey:
        return cls(auth.hash_token(key), analysis)


def read_key_file(path: str | os.PathLike[str]) -> str:
    """The key in the file at `path` (its first line, without surrounding blanks). An
    unreadable file, an empty one, or a key of over 256 characters raises ValueError naming
    it."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read(4096)
    except (OSError, UnicodeDecodeError) as e:
        reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        raise ValueError(f"cannot read the create key file {os.fspath(path)!r}: {reason}") from None
    lines = text.strip().splitlines()
    key = lines[0].strip() if lines else ""
    if not key:
        raise ValueError(f"the create key file {os.fspath(path)!r} is empty: write the key in it")
    if len(key) > 256 or any(c.isspace() for c in key):
        raise ValueError(
            f"the create key in {os.fspath(path)!r} must be one word of at most 256 characters"
        )
    return key


def check(key: CreateKey | None, authorization: str | None, what: str) -> None:
    """Passes when the server has no create key or `authorization` carries it; else 401
    (missing, malformed) or 403 (another key), the message naming the create key."""
    if key is None:
        return
    need = f"{what} on this server needs its create key: Authorization: Bearer <create key>"
    if not authorization:
        raise ApiError(401, "unauthorized", f"{need} (ask the server's operator for it)")
    scheme, _, given = authorization.partition(" ")
    given = given.strip()
    if scheme.lower() != "bearer" or not given or len(given) > 256:
        raise ApiError(401, "unauthorized", f"{need}; the Authorization header is malformed")
    if not auth.matches(given, key.key_hash):
        raise ApiError(403, "forbidden", f"that is not this server's create key: {need}")


def server_key(request: Request) -> CreateKey | None:
    key: CreateKey | None = getattr(request.app.state, "create_key", None)
    return key


async def require_create_key(request: Request, _: Annotated[object, Depends(_scheme)]) -> None:
    """A route that creates: the create key, when the server has one."""
    check(server_key(request), request.headers.get("authorization"), "creating")


async def require_analysis_key(request: Request, _: Annotated[object, Depends(_scheme)]) -> None:
    """An analysis route: the create key when the server has one and ``--create-key-for-
    analysis`` asked for it."""
    key = server_key(request)
    if key is not None and key.analysis:
        check(key, request.headers.get("authorization"), "this analysis")


CreateKeyAccess = Annotated[None, Depends(require_create_key)]
AnalysisKey = Depends(require_analysis_key)


def document_key(spec: dict[str, Any]) -> dict[str, Any]:
    """The OpenAPI document with the create key as it is: optional (a server without one
    takes none), and on ``POST /rounds`` beside the round's token (a new round: the key)."""
    for path, item in spec.get("paths", {}).items():
        for method, operation in item.items():
            if not isinstance(operation, dict):
                continue
            security = operation.get("security")
            if security == [{KEY_SCHEME: []}]:
                operation["security"] = [{}, {KEY_SCHEME: []}]
            elif (path, method) == ("/rounds", "post") and security is not None:
                operation["security"] = [*security, {KEY_SCHEME: []}]
    return spec
