"""Bearer tokens: 256 random bits each, stored only as SHA-256 hashes, compared in constant time.

A game has one host token (the public events, the log once done) and one token per seat (that
seat's view, answers and contribution). A seat's token opens nothing else: another seat's or
the host's token on a seat's endpoint is refused with 403, before anything of the game is read.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from mulligan.serve.errors import ApiError

__all__ = ["bearer", "hash_token", "matches", "new_token"]


def new_token() -> tuple[str, str]:
    """A fresh token (64 hex digits, 256 bits from the OS CSPRNG) and the hash to store."""
    token = secrets.token_hex(32)
    return token, hash_token(token)


def hash_token(token: str) -> str:
    return hashlib.sha256(b"mulligan/serve-token/v1\x00" + token.encode()).hexdigest()


def matches(token: str, stored_hash: str) -> bool:
    """Whether `token` is the one whose hash was stored (constant time: `hmac.compare_digest`)."""
    return hmac.compare_digest(hash_token(token).encode(), stored_hash.encode())


def bearer(authorization: str | None) -> str:
    """The token of an ``Authorization: Bearer <token>`` header; 401 when there is none."""
    if not authorization:
        raise ApiError(401, "unauthorized", "this endpoint needs Authorization: Bearer <token>")
    scheme, _, token = authorization.partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token:
        raise ApiError(401, "unauthorized", "the Authorization header must be 'Bearer <token>'")
    if len(token) > 256:
        raise ApiError(401, "unauthorized", "that token is not one this server issued")
    return token
